"""'65 passengers set down by a landing helicopter (17b, 8a, 8i; rules version 7,
Interpretation 95).

A helicopter that lands and unloads in one activation sets its passengers down in its
hex. Getting off costs each of them half its MF (rounded up, 17b), so each may then
walk on with the other half under the same card, alone, as ``follow UNIT to PATH``: half
its MF rounded up, with a real Fast Move's extra points added before halving (8i; 17b:
the Fast Move played for the helicopter benefits its passengers too). They stay marked
Moved; the chance lapses with the player's next card, discard or end of impulse
(``World.set_down``, cleared where the flow clears the carrier's half move).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from game.rules.sixty_five.data import BlockDef
from game.rules.sixty_five.helicopters.sight import is_helicopter
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.movement.opportunity import start_movement
from game.rules.sixty_five.movement.rules import path_refusal
from game.rules.sixty_five.vehicles.transport import TransportCase, TransportPlan, half_mf
from game.rules.sixty_five.world import World


def note_set_down(world: World, plan: TransportPlan | None, block: BlockDef) -> None:
    """After a helicopter's landing-and-unloading play (version 7): its passengers may
    walk on (module docstring); ``block`` is the block the card was played as."""
    if world.edition < 7 or plan is None or plan.case is not TransportCase.MOVE_AND_UNLOAD:
        return
    if not is_helicopter(world.units[plan.carrier]):
        return
    world.set_down = (plan.passengers, block.mf_bonus)


def set_down_points(world: World, unit: Counter) -> int:
    """17b, 8i: the MP left to a passenger set down: half its MF rounded up, a Fast
    Move's extra points added first."""
    assert world.set_down is not None
    return half_mf(unit.values.mf, world.set_down[1])


def is_set_down(world: World, units: Sequence[str]) -> bool:
    """Whether ``units`` are all passengers just set down who have not walked on yet."""
    return world.set_down is not None and bool(units) and set(units) <= set(world.set_down[0])


def set_down_refusal(
    world: World, seat: int, units: Sequence[str], path: Sequence[str]
) -> str | None:
    """Why the set-down passenger may not walk ``path`` now, or None: one at a time, on
    the ground (unloaded), unshaken (8g), into no enemy hex, within its half MF."""
    if len(units) != 1:
        return "each passenger set down walks on alone: '65 17b"
    unit = world.units[units[0]]
    if unit.seat != seat or unit.eliminated or unit.hex is None:
        return f"{unit.id} is not a unit of this player on the map: '65 17b"
    if unit.carrier is not None:
        return f"{unit.id} is still aboard its helicopter: '65 17b"
    if unit.shaken:
        return "Shaken passengers may unload, but then nobody moves: '65 8g"
    walker = replace(unit, marker=None)  # getting off was its activation's first half
    points = set_down_points(world, unit)
    return path_refusal(world.field, world.data.rules, walker, path, points, world.live())


def walk_on(world: World, seat: int, units: Sequence[str], path: Sequence[str]) -> None:
    """Move the set-down passenger (after :func:`set_down_refusal` said None); it may do
    so once."""
    assert world.set_down is not None
    ids, bonus = world.set_down
    left = tuple(u for u in ids if u not in units)
    world.set_down = (left, bonus) if left else None
    start_movement(world, seat, tuple(units), tuple(path))


def set_down_units(world: World, seat: int) -> list[Counter]:
    """The passengers set down who may still walk on."""
    if world.set_down is None:
        return []
    out = [world.units[u] for u in world.set_down[0]]
    return [u for u in out if u.seat == seat and not u.eliminated and u.carrier is None]
