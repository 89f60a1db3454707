"""'65 candidate plays of helicopters (17): with any card (17a), a Move that changes
mode or flies, a Fire and a Move & Fire where it is (HE, or AP at a hard target or a
helicopter not flying), a Rally, and its Explosive Rounds with a Power card; loading and
unloading when Landed. The caller keeps the legal ones.

A flight may end in any hex of the board; the candidates name a short list of them so
that a bot need not weigh the whole board: every hex within two, the hexes two or three
from an enemy unit (to fire from), and the landing hexes next to the scenario's
objectives (building hexes) and their neighbours.
"""

from __future__ import annotations

from collections.abc import Collection

from game.rules.sixty_five.actions import Play
from game.rules.sixty_five.helicopters.play import has_helicopters, heli_rules, mode_of
from game.rules.sixty_five.helicopters.rules import Mode
from game.rules.sixty_five.helicopters.sight import is_helicopter
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.terrain.field import Field
from game.rules.sixty_five.vehicles.ap_fire import armour_factor, is_hard
from game.rules.sixty_five.vehicles.transport_moves import passengers_of
from game.rules.sixty_five.world import World

#: hexes within this range of the helicopter are all flight ends
NEAR = 2


def flight_paths(world: World, unit: Counter, ends: set[str]) -> dict[str, tuple[str, ...]]:
    """The shortest path over the maps (17b: terrain costs nothing) to each of ``ends``,
    in hex id order: a set's own order changes with each run's string hashing, and the
    candidates (so the bot's ties and a seeded game) must not."""
    start = unit.hex
    assert start is not None
    back = world.field.tree(start)
    out: dict[str, tuple[str, ...]] = {}
    for end in sorted(ends):
        if end == start or end not in back:
            continue
        path = [end]
        while back[path[-1]] != start:
            prev = back[path[-1]]
            assert prev is not None
            path.append(prev)
        out[end] = tuple(reversed(path))
    return out


def flight_ends(world: World, unit: Counter, enemies: list[Counter]) -> set[str]:
    """The flight ends the candidates offer (module docstring)."""
    field = world.field
    assert unit.hex is not None
    ends = set(field.within(unit.hex, 0, NEAR))
    for e in enemies:
        if e.hex is not None:
            ends |= field.within(e.hex, 2, 3)
    if getattr(unit.type, "carrier", False):
        ends |= _beside_buildings(field, heli_rules(world).landing_terrain)
    return ends


def _beside_buildings(field: Field, landing: Collection[str]) -> frozenset[str]:
    """The hexes of ``landing`` terrain next to a building (the terrain never changes:
    remembered by the field)."""
    memo: dict[frozenset[str], frozenset[str]] = field.__dict__.setdefault("_beside", {})
    key = frozenset(landing)
    known = memo.get(key)
    if known is None:
        found: set[str] = set()
        for h in field.hexes():
            if field.terrain(h).id == "building":
                found |= {n for n in field.neighbours(h) if field.terrain(n).id in landing}
        known = memo[key] = frozenset(found)
    return known


def helicopter_plays(world: World, seat: int, cid: str, *, fire_only: bool = False) -> list[Play]:
    """The plays of ``seat``'s helicopters with card ``cid`` (unfiltered; module
    docstring); ``fire_only``: Fire at a moving unit (Opportunity Fire, 11)."""
    if not has_helicopters(world):
        return []
    live = world.live()
    own = [u for u in live if u.seat == seat and u.hex is not None and is_helicopter(u)]
    enemies = [u for u in live if u.seat != seat and u.hex is not None and u.carrier is None]
    if world.movement is not None and fire_only:
        enemies = [u for u in enemies if u.id in world.movement.units]
    power = world.card(cid).power
    out: list[Play] = []
    for unit in own:
        if not unit.eligible:
            continue
        for target in enemies:
            out.append(Play(cid, "fire", (unit.id,), target.id))
            if armour_factor(target) is not None and not is_hard(target):
                out.append(Play(cid, "fire", (unit.id,), target.id, ammo=True))
            if power and "explosive_rounds" in unit.values.powers and not fire_only:
                out.append(Play(cid, "power", (unit.id,), target.id))
        if fire_only:
            continue
        if unit.shaken or unit.reduced:
            out.append(Play(cid, "rally", (unit.id,)))
        for target in enemies:
            out.append(Play(cid, "move_and_fire", (unit.id,), target.id))
        out += _move_plays(world, cid, unit, enemies)
    return out


def any_helicopter_plays(world: World, seat: int) -> bool:
    """Whether :func:`helicopter_plays` offers anything with any card (without building
    the list): it does exactly when one of ``seat``'s helicopters on the map is Eligible,
    for which it always lists the changes of mode."""
    if not has_helicopters(world):
        return False
    return any(
        u.seat == seat and u.hex is not None and is_helicopter(u) and u.eligible
        for u in world.live()
    )


def _move_plays(world: World, cid: str, unit: Counter, enemies: list[Counter]) -> list[Play]:
    mode = mode_of(unit)
    out = [Play(cid, "move", (unit.id,), mode=m.value) for m in Mode if m is not mode]
    riders = passengers_of(world, unit.id)
    if riders:
        ids = tuple(u.id for u in riders)
        if mode is Mode.LANDED:
            out.append(Play(cid, "move", (unit.id,), unload=ids))
        else:
            out.append(Play(cid, "move", (unit.id,), unload=ids, mode=Mode.LANDED.value))
    flying = None if mode is Mode.FLYING else Mode.FLYING.value
    for path in flight_paths(world, unit, flight_ends(world, unit, enemies)).values():
        out.append(Play(cid, "move", (unit.id,), path=path, mode=flying))
    return out
