"""'65 vehicles moving in play (7b, 7c, 14, 15d): a move action's path and facings
turned into a route of pivots and steps (vehicles/facing.py), checked against the movement
points and the stacking and enemy rules of every move (movement/rules.py); and the hexes whose
vehicles and wrecks degrade line of sight (14).

A vehicle's move is written as the hexes it enters (``to 1e3,1e4``) and, optionally, the
facing it holds as it enters each of them and the facing it ends with (``facing
0,0,1``: one more facing than hexes). Before entering a hex the vehicle pivots to the
facing given (1 MP a corner); it then drives in forward when the hex is one of its two
front hexes, or backs in (terrain + 1 MP, keeping its facing) when it is a flank hex.
Without facings it drives forward all the way: before each hex that is not a front hex
it pivots the short way round until it is (Interpretation 28 in
docs/rules/sixty_five_vehicles.md), and ends with the facing it reached. A move of no
hex and one facing turns the vehicle in place.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core.api import Event
from game.rules.sixty_five.actions import Place, Play
from game.rules.sixty_five.data import MoveClass
from game.rules.sixty_five.model import Counter, movement_points
from game.rules.sixty_five.movement.rules import path_refusal
from game.rules.sixty_five.scenarios.highway import road_refusal
from game.rules.sixty_five.terrain.field import Field
from game.rules.sixty_five.vehicles.events import VehicleTurned
from game.rules.sixty_five.vehicles.facing import (
    CORNERS,
    Enter,
    Pivot,
    VehicleRoute,
    direction_to,
    pivot_cost,
    plan_vehicle_route,
)
from game.rules.sixty_five.world import World

#: 23c: a vehicle pays 3 MP to enter a Wire hex (vehicle_rules.yaml's wire_tracked_mp;
#: Interpretation 10); checked against the data in tests.
WIRE_MP = 3

#: Movement classes of ground vehicles (7a: W, O and T).
GROUND_VEHICLE = frozenset({MoveClass.WHEELED, MoveClass.OFF_ROAD, MoveClass.TRACKED})


def is_vehicle(unit: Counter) -> bool:
    """15: a ground vehicle (movement class W, O or T)."""
    return unit.type.move_class in GROUND_VEHICLE


def has_vehicles(world: World) -> bool:
    """Whether the game has any ground vehicle at all (on the map, waiting or gone): a
    game's units never change kind, so the answer is kept on the world (copies of the
    world ask again once). Scenarios 1-3 skip every vehicle rule by it."""
    known = world.__dict__.get("_has_vehicles")
    if known is None:
        known = world.__dict__["_has_vehicles"] = any(is_vehicle(u) for u in world.units.values())
    return bool(known)


def facing_of(unit: Counter) -> int:
    """The corner a vehicle faces (0 until it has been given one)."""
    return unit.facing if unit.facing is not None else 0


def drive_facing(field: Field, here: str, facing: int, hex_id: str) -> int:
    """The facing nearest ``facing`` that makes ``hex_id`` (next to ``here``) a front hex
    (7b: the two front hexes touch the front corner); ties turn clockwise."""
    d = direction_to(field, here, hex_id)
    options = (d, (d - 1) % CORNERS)  # corners d and d-1 both touch the hex in direction d
    return min(options, key=lambda f: (pivot_cost(facing, f), (f - facing) % CORNERS))


def route_moves(
    field: Field, start: str, facing: int, path: Sequence[str], facings: Sequence[int] | None
) -> list[Pivot | Enter] | str:
    """The pivots and steps of a move written as ``path`` and ``facings`` (see the
    module's docstring), or why the writing is wrong."""
    moves: list[Pivot | Enter] = []
    if facings is not None:
        if len(facings) != len(path) + 1:
            return (
                f"give one facing for each hex entered and one to end with "
                f"({len(path) + 1}, not {len(facings)}): '65 7b, 15d"
            )
        for f, hex_id in zip(facings, path, strict=False):
            moves += [Pivot(f), Enter(hex_id)]
        moves.append(Pivot(facings[-1]))
        return moves
    here, face = start, facing
    for hex_id in path:
        if hex_id not in field or hex_id not in field.neighbours(here):
            return f"{hex_id} is not next to {here}: '65 7, hex to hex"
        face = drive_facing(field, here, face, hex_id)
        moves += [Pivot(face), Enter(hex_id)]
        here = hex_id
    return moves


def vehicle_route(
    field: Field, unit: Counter, path: Sequence[str], facings: Sequence[int] | None, points: int
) -> VehicleRoute | str:
    """The legal route of ``unit`` (on the map) along ``path`` with ``facings`` and
    ``points`` MP, or the rule it breaks (7b, 7c, 15d)."""
    assert unit.hex is not None
    moves = route_moves(field, unit.hex, facing_of(unit), path, facings)
    if isinstance(moves, str):
        return moves
    # a pivot to the facing already held costs nothing and is no step of the route
    here_facing, kept = facing_of(unit), []
    for m in moves:
        if isinstance(m, Pivot):
            if m.facing == here_facing:
                continue
            here_facing = m.facing
        kept.append(m)
    return plan_vehicle_route(
        field, unit.hex, facing_of(unit), kept, points, unit.type.move_class, wire=field.wire,
        wire_mp=WIRE_MP,
    )  # fmt: skip


def route_facings(route: VehicleRoute) -> tuple[int, ...]:
    """The facing held on entering each hex of the route, then the facing it ends with
    (what the flow gives the vehicle as it moves, Movement.facings)."""
    return (*(s.facing for s in route.steps if s.kind != "pivot"), route.facing)


def moving_facings(
    world: World, movers: Sequence[Counter], play: Play, *, bonus: int = 0, half: bool = False
) -> tuple[int, ...] | None:
    """The facings the vehicle among ``movers`` (if any) takes along the legal move
    ``play`` (Movement.facings), None when no vehicle moves."""
    vehicle = next((m for m in movers if is_vehicle(m)), None)
    if vehicle is None:
        return None
    points = movement_points(vehicle, bonus=bonus, half=half)
    route = vehicle_route(world.field, vehicle, play.path or (), play.facings, points)
    assert not isinstance(route, str), route
    return route_facings(route)


def vehicle_move_refusal(
    world: World,
    unit: Counter,
    path: Sequence[str],
    facings: Sequence[int] | None,
    points: int,
    *,
    moving_with: Sequence[Counter] = (),
    assault: bool = False,
) -> str | None:
    """Why the vehicle ``unit`` may not make this move, or None: the route's costs and
    facings (7b, 15d, 7c), then the rules of every move along the path: hex to hex,
    never into prohibited terrain or an enemy hex, stacking at all times (7, 9)."""
    if unit.hex is None:
        return f"{unit.id} is not on the map: '65 7"
    if path and any(h not in world.field for h in path):
        bad = next(h for h in path if h not in world.field)
        return f"{bad} is not a hex of this board: '65 7"
    reason = road_refusal(world, unit, path)  # scenario 6: trucks keep to the road
    if reason is not None:
        return reason
    route = vehicle_route(world.field, unit, path, facings, points)
    if isinstance(route, str):
        return route
    if not path:
        return None if route.steps else "the vehicle neither moves nor turns: '65 7b"
    big = 10**6  # the route has checked the points; here only the other rules of 7 and 9
    return path_refusal(
        world.field, world.data.rules, unit, path, big, world.live(), moving_with=moving_with,
        assault=assault,
    )  # fmt: skip


def machines(world: World) -> tuple[str, ...]:
    """The ids of the ground vehicles and helicopters, in the units' order: the only
    units that may clutter a hex (14, 17d) or leave a wreck (9). A game's units never
    change kind (as has_vehicles), so the ids are kept on the world with the ids of all
    its units; a unit added (or a new units table) has them worked out again, and a copy
    of the world asks again once."""
    store = world.__dict__
    ids = tuple(world.units)
    known = store.get("_machines")
    if known is None or known[0] != ids:
        kinds = (*GROUND_VEHICLE, MoveClass.FLYING)
        found = tuple(u.id for u in world.units.values() if u.type.move_class in kinds)
        known = store["_machines"] = (ids, found)
    return known[1]


def refresh_clutter(world: World) -> None:
    """14: the hexes holding a ground vehicle or a wreck degrade line of sight; the field
    is told which they are (Field.clutter) after every change of the units."""
    units, exited = world.units, world.exited
    hexes = set(world.wrecks)
    for uid in machines(world):  # in play (World.live) and on the map
        u = units[uid]
        if u.hex is None or u.eliminated or uid in exited:
            continue
        if u.type.move_class in GROUND_VEHICLE or u.mode == "landed":  # 17d: Landed, a vehicle
            hexes.add(u.hex)
    clutter = frozenset(hexes)
    if clutter != world.field.clutter:
        world.field.clutter = clutter


def vehicle_place_refusal(world: World, place: Place) -> str | None:
    """15d: only a unit that faces a hex corner is set up with a facing."""
    unit = world.units.get(place.unit)
    if place.facing is not None and unit is not None and not unit.type.facing:
        return f"{place.unit} faces no hex corner (only vehicles do): '65 15d"
    return None


def _reserve_route(world: World, unit: Counter, path: Sequence[str]) -> VehicleRoute | str:
    """5d, 7b: a vehicle's Reserve move drives forward (pivoting as it must) within the
    phase's points; a single hex may be entered in reverse instead (7c, Interpretation
    21)."""
    reserve = world.data.rules.reserve
    points = reserve.shaken_mp if unit.shaken else reserve.vehicle_mp
    route = vehicle_route(world.field, unit, path, None, points)
    if isinstance(route, str) and len(path) == 1:
        back = vehicle_route(world.field, unit, path, (facing_of(unit), facing_of(unit)), points)
        if not isinstance(back, str):
            return back
    return route


def reserve_vehicle_refusal(world: World, unit: Counter, path: Sequence[str]) -> str | None:
    """5d with 7b, 15d: the facing rules of a vehicle's Reserve move (the Reserve rules
    themselves are movement.reserve_refusal's)."""
    if unit.carrier is not None:
        return f"{unit.id} is loaded: it moves with its carrier: '65 8a"
    if not is_vehicle(unit) or unit.hex is None or not path:
        return None
    reason = road_refusal(world, unit, path)  # scenario 6: trucks keep to the road
    if reason is not None:
        return reason
    route = _reserve_route(world, unit, path)
    return route if isinstance(route, str) else None


def reserve_vehicle_turn(
    world: World, unit: Counter, path: Sequence[str], events: list[Event]
) -> None:
    """The facing a vehicle ends its legal Reserve move with."""
    if not is_vehicle(unit) or unit.hex is None:
        return
    route = _reserve_route(world, unit, path)
    assert not isinstance(route, str), route
    if route.facing != unit.facing:
        unit.facing = route.facing
        events.append(VehicleTurned(unit=unit.id, facing=route.facing))


def cannister_fire_refusal(world: World, play: Play) -> str | None:
    """18c (rules version 6): Cannister is declared only for a vehicle that carries it
    (the PT-76 and M-48); the block's 4-hex limit is checked with the fire."""
    lead = world.units.get((play.units or ("",))[0])
    if lead is None:
        return None  # the fire's own check names the missing unit
    if not getattr(lead.type, "cannister", False):
        return f"{lead.id} cannot fire Cannister (the PT-76 and M-48 only): '65 18c"
    return None
