"""'65 Rally (16, 18b, 18l, 18m) and Second Wind (18q): the effects that take markers
off units - Shaken, or Moved and Fired - and rebuild a reduced unit out of the enemy's
sight (16b, with a helicopter's sight by 17d)."""

from __future__ import annotations

from game.core.api import Event
from game.rules.sixty_five.actions import Play
from game.rules.sixty_five.cards.effects import own_units
from game.rules.sixty_five.data import BlockDef, Marker
from game.rules.sixty_five.events import MarkerRemoved, UnitRallied
from game.rules.sixty_five.helicopters.sight import unit_sight
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.vehicles.transport_moves import rally_passengers
from game.rules.sixty_five.world import World


def rally_legal(world: World, seat: int, play: Play, block: BlockDef) -> str | None:
    """Rally (16a, 18l), Rally 2 (18m), Bloodlust (18b): remove Shaken from Eligible Units;
    or reconstitute one reduced, unshaken Eligible Unit out of every enemy's LOS (16b)."""
    if play.target or play.path or play.supports:
        return "a rally names only its units: '65 16"
    units = own_units(world, seat, play)
    if isinstance(units, str):
        return units
    limit = block.units or 1
    if len(units) > limit:
        return f"{block.name} activates {limit} unit(s): '65 18"
    for u in units:
        if not u.eligible or u.hex is None:
            return f"{u.id} is not an Eligible Unit on the map: '65 16a"
        if u.shaken:
            continue
        if not u.reduced:
            return f"{u.id} is neither Shaken nor reduced: '65 16"
        if limit > 1:
            return "Rally 2 only removes Shaken markers; reconstitute with Rally: '65 16b"
        if _seen_by_enemy(world, u):
            return f"{u.id} is in an enemy unit's line of sight: '65 16b"
    return None


def _seen_by_enemy(world: World, unit: Counter) -> bool:
    assert unit.hex is not None
    return any(
        e.hex is not None and unit_sight(world.field, e, unit)  # 14, 17d
        for e in world.live()
        if e.seat != unit.seat
    )


def rally_resolve(world: World, seat: int, play: Play, block: BlockDef) -> list[Event]:
    units = own_units(world, seat, play)
    assert not isinstance(units, str)
    events: list[Event] = []
    for u in units:
        rebuilt = not u.shaken
        if rebuilt:
            u.reduced = False
        else:
            u.shaken = False
        u.marker = block.marks
        events.append(UnitRallied(unit=u.id, reconstituted=rebuilt))
        if not rebuilt:
            rally_passengers(world, u)  # 8f
    return events


def second_wind_legal(world: World, seat: int, play: Play, block: BlockDef) -> str | None:
    """Second Wind (18q): remove a Moved or Fired marker from one unit."""
    units = own_units(world, seat, play)
    if isinstance(units, str):
        return units
    if len(units) != 1 or play.target or play.path or play.supports:
        return "Second Wind names one unit: '65 18q"
    if units[0].marker not in (Marker.MOVED, Marker.FIRED):
        return f"{units[0].id} has no Moved or Fired marker: '65 18q"
    return None


def second_wind_resolve(world: World, seat: int, play: Play, block: BlockDef) -> list[Event]:
    units = own_units(world, seat, play)
    assert not isinstance(units, str) and units[0].marker is not None
    marker = units[0].marker
    units[0].marker = None
    return [MarkerRemoved(unit=units[0].id, marker=marker.value)]
