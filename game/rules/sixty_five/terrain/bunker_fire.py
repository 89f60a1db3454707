"""'65 the bunker itself as a hard target (23b): AP fire, artillery used as AP and the
Satchel Charge may attack the bunker instead of the units in it.

The bunker is named as the target ``bunker_HEX`` (``play c05 fire nva_pt76_1 at
bunker_3e5``): AF 4 from every side (no flank armour), the hex's Cover Factor for the
targeting draw (the bunker's +1 is its occupants', not its own). It is a target only
while an enemy Leg unit is in it (Interpretation 63 of sixty_five_vehicles.md), and that
side answers the shot's windows. Destroyed, it becomes Rubble (the hex takes the Rubble
terrain: Interpretation 64) and each unit in it takes two Hits; Shaken, they are all
Shaken.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.api import Event
from game.rules.sixty_five.events import HitApplied
from game.rules.sixty_five.model import Fortification
from game.rules.sixty_five.terrain.fortifications import bunker_hit
from game.rules.sixty_five.terrain.fortified import bunker_facing, in_bunker, note_bunkers, rules
from game.rules.sixty_five.vehicles.events import BunkerWrecked
from game.rules.sixty_five.vehicles.fire import Armour
from game.rules.sixty_five.world import World

PREFIX = "bunker_"


def bunker_hex(target: str | None) -> str | None:
    """The board hex of a ``bunker_HEX`` target (``"3E5"``), None for a unit id."""
    if target is None or not target.lower().startswith(PREFIX):
        return None
    return target[len(PREFIX) :].upper()


def target_name(hex_id: str) -> str:
    """The target word for the bunker in ``hex_id`` (``bunker_3e5``)."""
    return f"{PREFIX}{hex_id.lower()}"


@dataclass(frozen=True)
class BunkerMark:
    """23b: the bunker in ``hex`` as the target of ``seat``'s enemy (the side in it).
    ``eliminated``: nothing left to shoot at (the bunker is rubble, or no unit of that
    side is in it any more)."""

    id: str
    hex: str
    seat: int
    eliminated: bool
    marker: None = None  # a bunker is never marked Moved (10d3)


def bunker_mark(world: World, target: str, attacker: int) -> BunkerMark | None:
    """The bunker ``target`` names as ``attacker``'s target; None when the name is not
    a bunker's or no bunker ever stood in that hex."""
    hex_id = bunker_hex(target)
    if hex_id is None or hex_id not in world.fortifications:
        return None
    standing = bunker_facing(world, hex_id) is not None
    held = any(u.hex == hex_id and u.seat != attacker and in_bunker(world, u) for u in world.live())
    return BunkerMark(target_name(hex_id), hex_id, 1 - attacker, not (standing and held))


def bunker_target_refusal(world: World, seat: int, target: str) -> str | None:
    """23b, Interpretation 63: a standing bunker with an enemy unit in it."""
    mark = bunker_mark(world, target, seat)
    if mark is None or bunker_facing(world, mark.hex) is None:
        return f"no bunker stands in {bunker_hex(target)}: '65 23b"
    if mark.eliminated:
        return f"the bunker in {mark.hex} holds no enemy unit to attack: '65 23b"
    return None


def wreck_bunker(world: World, hex_id: str, armour: Armour, events: list[Event]) -> None:
    """23b: what an attack on the bunker itself did: Destroyed leaves Rubble in its
    place (the hex is Rubble terrain from now on, Interpretation 64) and two Hits on
    each unit inside; Shaken Shakes them all."""
    inside = [u for u in world.live() if u.hex == hex_id and in_bunker(world, u)]
    result = bunker_hit(armour, inside, rules())
    if result.destroyed:
        old = world.fortifications[hex_id]
        world.fortifications[hex_id] = Fortification(None, old.wire, True)
        if result.rubble is not None:
            world.field = world.field.with_hex_terrain({hex_id: result.rubble})
        note_bunkers(world)
        events.append(BunkerWrecked(hex=hex_id))
    for uid, taken in result.hits.items():
        for hit in taken:
            events.append(HitApplied(unit=uid, result=hit.value))
