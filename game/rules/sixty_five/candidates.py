"""Representative '65 plays for bots and tests: every card block with each single unit
(and each whole hex) as the activated units, each enemy target, and the cheapest path
to every hex a unit can reach. ``why_not`` stays the authority; these are only filtered
through the effects' ``legal`` functions.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator
from dataclasses import fields

from game.rules.sixty_five.actions import Follow, Play, ReserveMove
from game.rules.sixty_five.cards.effect_registry import EFFECTS, POWER_BLOCK
from game.rules.sixty_five.cards.effects import follow_refusal, move_and_fire_flat
from game.rules.sixty_five.cards.kickstarter import KICKSTARTER_EFFECTS, kickstarter_candidates
from game.rules.sixty_five.combat.ranged import range_modifier
from game.rules.sixty_five.data import BlockDef, BlockKind, Marker
from game.rules.sixty_five.helicopters.candidates import helicopter_plays
from game.rules.sixty_five.helicopters.play import is_helicopter, mode_play_refusal
from game.rules.sixty_five.helicopters.set_down import (
    set_down_points,
    set_down_refusal,
    set_down_units,
)
from game.rules.sixty_five.helicopters.sight import unit_sight
from game.rules.sixty_five.model import Counter, movement_points
from game.rules.sixty_five.movement.rules import pathfinding, reserve_refusal, terrain_costs
from game.rules.sixty_five.scenarios.highway import road_hexes
from game.rules.sixty_five.scenarios.relics import SEARCH_BLOCK, may_search, search_plays
from game.rules.sixty_five.terrain.field import Field
from game.rules.sixty_five.terrain.fortified import (
    BUNKER_BLOCK,
    bunker_block_refusal,
    bunker_plays,
    has_bunkers,
)
from game.rules.sixty_five.vehicles.ap_fire import uses_ap
from game.rules.sixty_five.vehicles.candidates import (
    bearing_plays,
    bunker_ap_plays,
    truck_ap_plays,
    vehicle_move_plays,
)
from game.rules.sixty_five.vehicles.moves import reserve_vehicle_refusal
from game.rules.sixty_five.world import World


def cheapest_paths(
    world: World, unit: Counter, points: int, flat: bool
) -> dict[str, tuple[str, ...]]:
    """The cheapest path to each hex within ``points`` movement points (and every
    neighbour, 7c), ignoring units; legality is checked afterwards. A road-bound unit
    (scenario 6's trucks) keeps to the road. Terrain never changes, so the ground
    remembers the answer for each start hex (shared: read only)."""
    assert unit.hex is not None
    stops = world.field.wire if unit.leg else frozenset()  # 23c: Leg units stop in Wire
    key: tuple[object, ...] = (unit.hex, points, flat, stops) if stops else (unit.hex, points, flat)
    road = road_hexes(world, unit)
    if road is not None:
        key = (*key, "road")
    crowded = world.field.crowded()  # scenario 6: costs that change as vehicles move
    if crowded:
        key = (*key, "crowded", crowded)
    known = world.field.reach.get(key)
    if known is None:
        known = _cheapest_paths(world.field, unit.hex, points, flat, stops, road)
        world.field.reach[key] = known
    return known


def _cheapest_paths(
    field: Field,
    start: str,
    points: int,
    flat: bool,
    stops: frozenset[str] = frozenset(),
    only: frozenset[str] | None = None,
) -> dict[str, tuple[str, ...]]:
    best: dict[str, int] = {start: 0}
    paths: dict[str, tuple[str, ...]] = {}
    queue: list[tuple[int, tuple[str, ...], str]] = [(0, (), start)]
    costs, crowded, more = terrain_costs(field, flat=flat), field.crowded(), field.crowded_mp
    while queue:
        spent, path, here = heapq.heappop(queue)
        if spent > best.get(here, spent):
            continue
        for nxt in field.neighbours(here):
            cost = costs[nxt]  # entry_cost, read from the field's table
            if cost is None or (only is not None and nxt not in only):
                continue
            total = spent + cost + (more if nxt in crowded else 0)
            if total > points and path:
                continue
            if nxt not in best or total < best[nxt]:
                best[nxt] = total
                paths[nxt] = (*path, nxt)
                if total <= points and nxt not in stops:
                    heapq.heappush(queue, (total, (*path, nxt), nxt))
    return paths


def _blocks(world: World, card_id: str) -> Iterator[BlockDef]:
    card = world.card(card_id)
    for b in card.blocks:
        block = world.data.blocks[b]
        if block.kind is BlockKind.ACTION and block.effect in EFFECTS:
            yield block
    if card.power:
        yield POWER_BLOCK
    if world.fortifications and has_bunkers(world) and not bunker_block_refusal(world, card_id):
        yield BUNKER_BLOCK  # 23b: any Action card gives a unit in a bunker a Second Wind
    if world.relics is not None and may_search(world, card_id):
        yield SEARCH_BLOCK  # scenario 8: a Power card searches a relic hex


#: Effects whose plays name a lead unit and an enemy target (10, 18, 22).
FIRE_EFFECTS = ("fire", "reload_and_fire", "power")


def play_candidates(world: World, seat: int, *, fire_only: bool = False) -> list[Play]:
    """Plays to consider now, filtered by the effects' ``legal``; ``fire_only``: the
    Fire blocks and firing Powers (Opportunity Fire, 11)."""
    own = [u for u in world.live() if u.seat == seat and u.hex is not None]
    enemies = [u for u in world.live() if u.seat != seat and u.hex is not None]
    out: list[Play] = []
    for cid in world.hands[seat]:
        for block in card_blocks(world, cid):
            if fire_only and block.id not in ("fire", "power"):
                continue
            out.extend(_block_plays(world, seat, cid, block, own, enemies, fire_only))
        helis = helicopter_plays(world, seat, cid, fire_only=fire_only)  # 17a: any card
        if helis:
            known = set(out)
            out.extend(p for p in dict.fromkeys(helis) if p not in known)
    seen: dict[tuple[object, ...], bool] = {}
    return [p for p in out if _legal(world, seat, p, seen)]


def card_blocks(world: World, card_id: str) -> list[BlockDef]:
    """The action blocks of a card that have an effect, then its Power (3b)."""
    return list(_blocks(world, card_id))


def _block_plays(
    world: World,
    seat: int,
    cid: str,
    block: BlockDef,
    own: list[Counter],
    enemies: list[Counter],
    fire_only: bool,
) -> list[Play]:
    """Every play of one block to consider, unfiltered, in the candidates' order."""
    name, effect = block.id, block.effect
    out: list[Play] = []
    if effect == "power" and not fire_only:
        for unit in own:
            out.extend(power_plays(world, cid, name, unit))
    if effect in FIRE_EFFECTS:
        for lead in own:
            mates = fire_mates(lead, own)
            for target in enemies:
                out.extend(fire_plays(world, seat, cid, block, lead, target, own, mates, fire_only))
    elif effect == "move":
        for unit in own:
            out.extend(move_plays(world, cid, block, unit))
    elif effect == "move_and_fire":
        for unit in own:
            for route in move_and_fire_routes(world, unit):
                end = route[-1] if route else unit.hex
                for target in enemies:  # 14: never a shot without the line of sight
                    if end is not None and target.hex and world.field.los(end, target.hex):
                        out.append(Play(cid, name, (unit.id,), target.id, route))
            out += [p for t in enemies for p in bearing_plays(world, cid, block, unit, t)]
    elif effect in ("rally", "second_wind"):
        for unit in own:
            if may_rally(unit):
                out.append(Play(cid, name, (unit.id,)))
    elif effect == "extra_actions":
        out.append(Play(cid, name))
    elif effect == BUNKER_BLOCK.effect:
        out.extend(bunker_plays(world, cid, own))
    elif effect == SEARCH_BLOCK.effect:
        out.extend(search_plays(world, cid, own))
    elif effect in KICKSTARTER_EFFECTS:  # 18 r-y (option)
        out.extend(kickstarter_candidates(world, cid, block, own, enemies))
    return out


def power_plays(world: World, cid: str, name: str, unit: Counter) -> list[Play]:
    """A Power card's plays for ``unit`` that name no target: Smoke in its hex or next to
    it (22f), Leadership (22e), a Charge along each cheapest path (22b)."""
    out: list[Play] = []
    if "smoke" in unit.values.powers and unit.hex is not None:
        for h in (unit.hex, *world.field.neighbours(unit.hex)):
            out.append(Play(cid, name, (unit.id,), path=(h,)))
    if "leadership" in unit.values.powers and world.edition >= 2:
        out.append(Play(cid, name, (unit.id,)))  # 22e
    if "charge" in unit.values.powers and unit.eligible and world.edition >= 2:
        points = movement_points(unit, bonus=1)  # 22b: a Fast Move
        for path in cheapest_paths(world, unit, points, False).values():
            out.append(Play(cid, name, (unit.id,), path=path))
    return out


def fire_mates(lead: Counter, own: list[Counter]) -> list[Counter]:
    """The other Eligible units of the lead unit's hex, who may join its fire (10d2)."""
    return [u for u in own if u.hex == lead.hex and u is not lead and u.eligible]


def fire_plays(
    world: World,
    seat: int,
    cid: str,
    block: BlockDef,
    lead: Counter,
    target: Counter,
    own: list[Counter],
    mates: list[Counter],
    fire_only: bool,
) -> list[Play]:
    """The fire plays of ``lead`` at ``target``: alone, spread over the hex (21g), with a
    flanking partner (18g), with the units of its hex (10d2)."""
    name = block.id
    out = [Play(cid, name, (lead.id,), target.id)]
    if lead.has("suppression") and not fire_only:
        out.append(Play(cid, name, (lead.id,), target.id, spread=True))
    if name == "flanking_fire":
        out.extend(_flanking(world, seat, cid, block, lead, target, own))
    if mates and block.effect != "reload_and_fire":
        ids = (lead.id, *(m.id for m in mates))
        out.append(Play(cid, name, ids, target.id))
    out += bunker_ap_plays(world, cid, block, lead, target)  # 23b
    return out + truck_ap_plays(cid, block, lead, target)  # 10b


def move_plays(world: World, cid: str, block: BlockDef, unit: Counter) -> list[Play]:
    """A move block's plays for one Eligible unit: the cheapest path to each hex."""
    if not unit.eligible:
        return []
    points = movement_points(unit, bonus=block.mf_bonus)
    flat = block.flat_cost or unit.has("pathfinder")
    paths = cheapest_paths(world, unit, points, flat).values()
    plays = [Play(cid, block.id, (unit.id,), path=path) for path in paths]
    return plays + vehicle_move_plays(world, cid, block, unit)  # 7b, 8a


def move_and_fire_routes(world: World, unit: Counter) -> list[tuple[str, ...] | None]:
    """Move & Fire (18j): firing where it stands, or after the cheapest path to each hex
    within half its movement points."""
    if not unit.eligible:
        return []
    points = movement_points(unit, half=True)
    flat = move_and_fire_flat(world, unit)  # 21e
    ends: list[tuple[str, ...] | None] = [None]
    ends += list(cheapest_paths(world, unit, points, flat).values())
    return ends


def may_rally(unit: Counter) -> bool:
    """A unit a Rally, Bloodlust or Second Wind card may name (16, 18q)."""
    return unit.shaken or unit.reduced or unit.marker in (Marker.MOVED, Marker.FIRED)


def follow_candidates(world: World, seat: int) -> list[Follow]:
    """18h: each Eligible Leg unit within two hexes of the first hex, alone, to every
    hex it can reach by its cheapest path."""
    assert world.follow_up is not None
    block_id, origin = world.follow_up
    out: list[Follow] = []
    for unit in world.live():
        if unit.seat != seat or unit.hex is None or not unit.eligible or not unit.leg:
            continue
        if world.field.distance(unit.hex, origin) > 2:
            continue
        points = movement_points(unit, bonus=world.data.blocks[block_id].mf_bonus)
        for path in cheapest_paths(world, unit, points, unit.has("pathfinder")).values():
            if follow_refusal(world, seat, (unit.id,), path) is None:
                out.append(Follow((unit.id,), path))
    return out


def _flanking(
    world: World,
    seat: int,
    card: str,
    block: BlockDef,
    lead: Counter,
    target: Counter,
    own: list[Counter],
) -> list[Play]:
    """18g: the lead alone plus the first unit of another hex that may join it."""
    if not _may_flank(world, Play(card, block.id, (lead.id,), target.id), lead, target):
        return []
    for other in own:
        if other.hex != lead.hex and other.eligible:
            play = Play(card, block.id, (lead.id, other.id), target.id)
            if EFFECTS[block.effect].legal(world, seat, play, block) is None:
                return [play]
    return []


def _may_flank(world: World, alone: Play, lead: Counter, target: Counter) -> bool:
    """Whether any partner from another hex could join ``lead`` firing at ``target``:
    AP fire takes units of one hex only (15a), and HE fire with a partner needs the lead
    in HE range (10b1, no Sniper exception with a partner) and in sight (14, 17d). The
    fire check refuses every partner otherwise, so none need be tried."""
    if uses_ap(world, alone) or lead.hex is None or target.hex is None:
        return False
    f = world.field
    in_range = range_modifier(world.data.rules, f.distance(lead.hex, target.hex)) is not None
    return in_range and unit_sight(f, lead, target)


#: Effects whose ``legal`` never reads which card is played when no support card is
#: named (effects.fire_legal, move_legal, move_and_fire_legal): the answer for one card
#: holds for every card of the hand with the same block.
_CARDLESS_EFFECTS = frozenset({"fire", "reload_and_fire", "move", "move_and_fire"})
_CARDLESS_KEY = tuple(f.name for f in fields(Play) if f.name != "card")


def _legal(
    world: World, seat: int, play: Play, seen: dict[tuple[object, ...], bool] | None = None
) -> bool:
    """Whether a listed play is legal; ``seen`` remembers the answers for the plays of
    one listing (the world does not change meanwhile) by everything but the card."""
    specials = {POWER_BLOCK.id: POWER_BLOCK, BUNKER_BLOCK.id: BUNKER_BLOCK, "search": SEARCH_BLOCK}
    block = specials.get(play.block) or world.data.blocks[play.block]
    if seen is None or play.supports or block.effect not in _CARDLESS_EFFECTS:
        return _check(world, seat, play, block)
    key = tuple(getattr(play, name) for name in _CARDLESS_KEY)
    known = seen.get(key)
    if known is None:
        known = seen[key] = _check(world, seat, play, block)
    return known


def _check(world: World, seat: int, play: Play, block: BlockDef) -> bool:
    if mode_play_refusal(world, seat, play) is not None:  # 17b
        return False
    return EFFECTS[block.effect].legal(world, seat, play, block) is None


def reserve_candidates(world: World, seat: int) -> list[ReserveMove]:
    """One Reserve move per unit and hex it can reach (the cheapest path, 5d)."""
    out: list[ReserveMove] = []
    live = world.live()
    reserve = world.data.rules.reserve
    for unit in live:
        if unit.seat != seat or unit.hex is None or not unit.eligible:
            continue
        if is_helicopter(unit):
            continue  # 17b: no helicopter acts in the Reserve phase
        if unit.shaken:
            points = reserve.shaken_mp
        else:
            points = reserve.leg_mp if unit.leg else reserve.vehicle_mp
        flat = world.edition >= 9 and pathfinding(unit)  # 21e
        for path in cheapest_paths(world, unit, points, flat).values():
            if reserve_refusal(world.field, world.data.rules, unit, path, live, flat=flat) is None:
                if reserve_vehicle_refusal(world, unit, path) is None:  # 7b, 15d, 8a
                    out.append(ReserveMove(unit.id, path))
    return out


def split_candidates(world: World, seat: int) -> list[Follow]:
    """Interpretation 8: each Eligible unit still in the hex the card moved from, alone,
    to every hex it can reach by its cheapest path under the same card."""
    assert world.split is not None
    block_id, origin = world.split
    block = world.data.blocks[block_id]
    out: list[Follow] = []
    for unit in world.live():
        if unit.seat != seat or unit.hex != origin or not unit.eligible:
            continue
        points = movement_points(unit, bonus=block.mf_bonus)
        flat = block.flat_cost or unit.has("pathfinder")
        for path in cheapest_paths(world, unit, points, flat).values():
            if follow_refusal(world, seat, (unit.id,), path) is None:
                out.append(Follow((unit.id,), path))
    return out


def set_down_candidates(world: World, seat: int) -> list[Follow]:
    """17b (version 7): each passenger a landing helicopter set down, alone, to every
    hex its half MF reaches by its cheapest paths (helicopters/set_down.py)."""
    out: list[Follow] = []
    for unit in set_down_units(world, seat):
        points = set_down_points(world, unit)
        for path in cheapest_paths(world, unit, points, False).values():
            if set_down_refusal(world, seat, (unit.id,), path) is None:
                out.append(Follow((unit.id,), path))
    return out
