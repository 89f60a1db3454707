"""'65 vehicle facing and movement (7b, 9, 14, 15d): hex-corner facing, the front arc,
pivots, reversing into flank hexes, Fixed Weapon arcs, flank armour and wrecks.

A **facing** is a corner of the hex, numbered 0-5: corner ``k`` lies between the
neighbours in directions ``k`` and ``k + 1`` of :data:`game.maps.hexgrid.CUBE_DIRECTIONS`
(clockwise). The two hexes that touch that corner are the vehicle's **front hexes**; the
other four neighbours are its **flank hexes** (15d: everything outside the front arc is
flank, so a vehicle has front and flank armour only). The **front arc** beyond the
neighbours is what a line to the vehicle enters through a front hex: the 120 degrees
between the two corners beside the front corner. A line along a hex edge enters through
both hexes beside it (18g: a corner counts as both sides); it is in the front arc when
either of them is a front hex (see Interpretations in docs/rules/sixty_five_vehicles.md).

Hexes are board hex ids (``"1E3"``). Movement points (MP) are whole numbers.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Literal

from game.maps.hexgrid import CUBE_DIRECTIONS, cube_add, cube_sub
from game.rules.sixty_five.data import MoveClass
from game.rules.sixty_five.movement.rules import entry_cost
from game.rules.sixty_five.terrain.field import Field

if TYPE_CHECKING:
    from game.rules.sixty_five.model import Counter

CORNERS = 6


class Arc(StrEnum):
    """Which armour a shot strikes (15d)."""

    FRONT = "front"
    FLANK = "flank"


def neighbour(field: Field, hex_id: str, direction: int) -> str | None:
    """The board hex next to ``hex_id`` in cube direction ``direction`` (0-5), or None
    off the board."""
    return field.at_cube(cube_add(field.cube_of(hex_id), CUBE_DIRECTIONS[direction % CORNERS]))


def direction_to(field: Field, a: str, b: str) -> int:
    """The cube direction (0-5) from ``a`` to its neighbour ``b`` (ValueError if not
    adjacent)."""
    step = cube_sub(field.cube_of(b), field.cube_of(a))
    if step not in CUBE_DIRECTIONS:
        raise ValueError(f"{b} is not next to {a}")
    return CUBE_DIRECTIONS.index(step)


def front_hexes(field: Field, hex_id: str, facing: int) -> tuple[str, ...]:
    """7b, 15d: the two hexes touching the front corner (those on the board)."""
    found = (neighbour(field, hex_id, facing), neighbour(field, hex_id, facing + 1))
    return tuple(h for h in found if h is not None)


def flank_hexes(field: Field, hex_id: str, facing: int) -> tuple[str, ...]:
    """15d: the four neighbours outside the front arc (those on the board)."""
    found = (neighbour(field, hex_id, facing + k) for k in range(2, CORNERS))
    return tuple(h for h in found if h is not None)


def facing_hexes(field: Field, hex_id: str, facing: int) -> tuple[str | None, str | None]:
    """The two hexes a unit faces, None where off the board (17c: a flying helicopter
    crashes into one of them)."""
    return (neighbour(field, hex_id, facing), neighbour(field, hex_id, facing + 1))


def pivot_cost(start: int, end: int) -> int:
    """7b, 15d: 1 MP for each corner turned, the short way round (0-3)."""
    turn = (end - start) % CORNERS
    return min(turn, CORNERS - turn)


def arc_of(field: Field, hex_id: str, facing: int, other: str) -> Arc:
    """15d: the arc of a unit in ``hex_id`` facing ``facing`` that a line from ``other``
    enters: FRONT through a front hex (or along an edge beside one), else FLANK."""
    entering = field.entry_sides(other, hex_id)
    front = set(front_hexes(field, hex_id, facing))
    return Arc.FRONT if entering & front else Arc.FLANK


def armour(af: int, arc: Arc, *, flank_armour: int = 1, turret: int = 0) -> int:
    """15d: a flank shot takes ``flank_armour`` from the AF (M-48: 4 front, 3 flank);
    3c/15b: a Turret hit adds ``turret``."""
    return af - (flank_armour if arc is Arc.FLANK else 0) + turret


def in_fire_arc(field: Field, hex_id: str, facing: int, target: str, *, fixed_weapon: bool) -> bool:
    """15d: a vehicle fires all round unless it has the Fixed Weapon attribute; then only
    at targets in its front arc."""
    return not fixed_weapon or arc_of(field, hex_id, facing, target) is Arc.FRONT


def fixed_weapon_refusal(
    field: Field, unit: Counter, target: str, *, facing: int | None = None
) -> str | None:
    """15d: why ``unit`` (facing ``facing``, else its own, 0 if none) may not fire at
    the hex ``target``: a Fixed Weapon bears on its front arc only; None otherwise (any
    other unit fires all round)."""
    if not getattr(unit.type, "fixed_weapon", False) or unit.hex is None:
        return None
    bearing = facing if facing is not None else (unit.facing or 0)
    if in_fire_arc(field, unit.hex, bearing, target, fixed_weapon=True):
        return None
    return f"{unit.id} has a Fixed Weapon: the target is outside its front arc: '65 15d"


def bearing_pivot(field: Field, hex_id: str, facing: int, target: str) -> tuple[int, int]:
    """15d: the facing nearest ``facing`` that brings ``target`` into the front arc and
    the corners turned (a Fixed Weapon on Move & Fire pivots in its hex to fire). Ties
    turn clockwise."""
    options = sorted(
        ((pivot_cost(facing, f), (f - facing) % CORNERS, f) for f in range(CORNERS)),
    )
    for cost, _, f in options:
        if arc_of(field, hex_id, f, target) is Arc.FRONT:
            return f, cost
    raise ValueError(f"{target} is the unit's own hex")  # every other hex is in some arc


@dataclass(frozen=True)
class Pivot:
    """Turn in place to face corner ``facing`` (7b: 1 MP a corner)."""

    facing: int


@dataclass(frozen=True)
class Enter:
    """Move into the adjacent hex ``hex``: forward into a front hex or in reverse into a
    flank hex (+1 MP, the facing is kept)."""

    hex: str


@dataclass(frozen=True)
class VehicleStep:
    """One step of a vehicle's move and what it cost."""

    kind: Literal["pivot", "forward", "reverse"]
    hex: str
    facing: int
    mp: int


@dataclass(frozen=True)
class VehicleRoute:
    """A legal vehicle move: its steps, the MP spent, where it ends and its facing."""

    steps: tuple[VehicleStep, ...]
    mp: int
    hex: str
    facing: int


def hex_entry_cost(
    field: Field, hex_id: str, move_class: MoveClass, *, wire: Collection[str] = (),
    wire_mp: int = 3,
) -> int | None:  # fmt: skip
    """MP for a vehicle to enter ``hex_id`` (7, 23c): the terrain's cost (None if
    prohibited); a Wire hex costs ``wire_mp`` (3) or the terrain's cost if higher."""
    cost = entry_cost(field, hex_id)
    if cost is None:
        return None
    if hex_id in wire and move_class is not MoveClass.LEG:
        cost = max(cost, wire_mp)
    return cost


def plan_vehicle_route(
    field: Field,
    start: str,
    facing: int,
    moves: Sequence[Pivot | Enter],
    points: int,
    move_class: MoveClass,
    *,
    wire: Collection[str] = (),
    wire_mp: int = 3,
) -> VehicleRoute | str:
    """The route of ``moves`` from ``start`` facing ``facing`` with ``points`` MP, or why
    it is illegal (the rule).

    7b, 15d: a vehicle enters only its front hexes, paying the terrain's cost; it may
    reverse into a flank hex for the cost + 1 MP, keeping its facing; a pivot costs 1 MP a
    corner. 23c: wire costs 3 MP. 7c: one hex forward or in reverse, with no pivot, is
    always allowed when the hex is not prohibited, whatever it costs."""
    steps: list[VehicleStep] = []
    here, face, spent = start, facing % CORNERS, 0
    for move in moves:
        if isinstance(move, Pivot):
            if not 0 <= move.facing < CORNERS:
                return f"a facing is a hex corner, 0-5 (not {move.facing}): '65 15d"
            cost = pivot_cost(face, move.facing)
            face = move.facing
            steps.append(VehicleStep("pivot", here, face, cost))
            spent += cost
            continue
        try:
            direction = direction_to(field, here, move.hex)
        except ValueError:
            return f"{move.hex} is not next to {here}: '65 7"
        entering = hex_entry_cost(field, move.hex, move_class, wire=wire, wire_mp=wire_mp)
        if entering is None:
            return f"{move.hex} is prohibited terrain: '65 7"
        forward = direction in (face, (face + 1) % CORNERS)
        kind: Literal["forward", "reverse"] = "forward" if forward else "reverse"
        entering += 0 if forward else 1
        here = move.hex
        steps.append(VehicleStep(kind, here, face, entering))
        spent += entering
    minimum = len(steps) == 1 and steps[0].kind != "pivot"
    if spent > points and not minimum:
        return f"the move costs {spent} MP, more than the {points} MP available: '65 7b, 15d"
    return VehicleRoute(tuple(steps), spent, here, face)


def los_past_vehicles(field: Field, a: str, b: str, cluttered: Collection[str]) -> bool:
    """14: line of sight when hexes holding vehicles or wrecks (``cluttered``) count as
    degrading terrain: the ground's LOS, and fewer than two degrading hexes between."""
    if not field.los(a, b):
        return False
    board = field.board
    ha, hb = board.parse_id(a), board.parse_id(b)
    if board.distance(ha, hb) <= 1:
        return True

    def degrades(h: tuple[str, tuple[int, int]]) -> bool:
        hex_id = board.hex_id(h)
        return hex_id in cluttered or field.terrain(hex_id).degrades_los > 0

    return board.line_count(ha, hb, degrades) < 2


def wreck_placed(wreck_already: bool) -> bool:
    """9: a destroyed vehicle leaves a wreck (2b: the counter's flip side) unless the hex
    holds one already: only one wreck stacks in a hex."""
    return not wreck_already


def vehicle_stacking_refusal(vehicles: int, wrecks: int) -> str | None:
    """9: one ground vehicle and one wreck may share a hex; never two of either."""
    if vehicles > 1:
        return "only one ground vehicle may stack in a hex: '65 9"
    if wrecks > 1:
        return "only one wreck may stack in a hex: '65 9"
    return None
