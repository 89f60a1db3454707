"""The '65 bot's transport Hueys in an airmobile assault (24 scenario 7, Death from Above;
17b, rules version 7's walk-on after landing, Interpretation 95).

Scenario 7 takes a transport away the moment it has unloaded (and every one still on the
board when turn 3 ends, riders and all), so a landed transport is never a target for
long: the danger is in the air, loaded, where a transport shot down takes its riders
with it (17c) and each of them is two VP to the NVA. A landing zone is judged by what
the riders can do from it: each walks on with half its MF under the same card (17b,
Interpretation 95), so a hex from which a rider reaches an empty building the NVA holds
takes it at once, and two VP each way. The transports therefore come on where the enemy
shoots least and land next to the buildings nobody guards; a loaded transport over a
hex it could land in unloads there unless another zone is worth the extra flight.

On foot, the Americans (the side that must win) pair their units with the buildings
still to take, one to each, and march on them; walking into an empty building the enemy
holds is pushed for either side.

Scenario 7 names no exit edge for either side (and the Bonus cards that ask for one are
drawn again, 24), so no helicopter of ours flies to an edge: a transport leaves by
unloading, a gunship stays to shoot.

Values are in victory points like the rest of the bot (``sixty_five_values``); only a
scenario with departing transports is read here (:func:`airmobile`), so no other
scenario's play changes.
"""

from __future__ import annotations

from dataclasses import replace

from game.ai.sixty_five.helicopters import _gunship_place, _last_turn, _may_land, _urgency
from game.ai.sixty_five.plays import THREAT, Judge, hit_cost
from game.ai.sixty_five.values import worth
from game.core.api import Action
from game.rules.sixty_five.actions import Enter, Follow, Play, ReserveMove
from game.rules.sixty_five.combat.ranged import plan_fire, range_modifier
from game.rules.sixty_five.helicopters.play import declared_mode
from game.rules.sixty_five.helicopters.rules import Mode
from game.rules.sixty_five.helicopters.sight import is_helicopter, unit_sight
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.scenarios.reinforcements import entry_hexes, together_refusal, waiting
from game.rules.sixty_five.scenarios.setup import reinforcement_ids
from game.rules.sixty_five.state import SixtyFiveState
from game.rules.sixty_five.vehicles.transport import half_mf
from game.rules.sixty_five.vehicles.transport_moves import passengers_of

RIDER_ON = 2.0  # a rider set down on the map rather than carried off (per rider's worth)
CAPTURE_REACH = 1.2  # a rider able to walk into an empty building the enemy holds
STEP = 0.12  # each hex from the landing zone to the nearest building still to take
STEPS = 6  # counted up to this many hexes (the rider is on the map at least)
WEIGH = 3  # the best hexes by ground alone that a rider's fire drawn is weighed for
SHOT_DOWN = 0.7  # VP lost per expected hit on a loaded transport, per unit aboard
#: the chance a loaded transport gets another activation before the scenario takes it
#: away (a side has a handful of impulses a turn, the last turn may be short), by turns
#: left before that: more than one, one (the turn before), none (the last turn)
NEXT_CHANCE = (0.9, 0.45, 0.25)
CROWD = 0.12  # less for each other loaded transport waiting for an activation too
FLY_ON = 1.5  # a better zone elsewhere costs one more activation to reach
GUNSHIP_ON = 1.2  # a gunship brought on: the side's best guns, off the map till then
TAKE = 0.8  # walking into an empty building the enemy holds (times 0.5 to 1.5)
MARCH = 0.08  # each hex nearer the building a unit on foot heads for
ENTRY = 0.4  # a loaded transport brought on, beside its riders' prospects


def airmobile(state: SixtyFiveState) -> bool:
    """Whether the scenario takes transports away after unloading (scenario 7)."""
    sc = state.scenario
    return sc is not None and sc.departing is not None


def airmobile_entry_value(judge: Judge, enter: Enter) -> float | None:
    """24a, 17b in scenario 7: a helicopter coming on. A loaded transport is worth its
    riders in the air over the hex (:func:`loaded_value`: landed at a later activation,
    if one comes in time) and ``ENTRY``; a gunship, its guns off the map till then,
    ``GUNSHIP_ON`` less how much worse its hex is than the best entry hex
    (:func:`_entry_hex_value`); None for anything else."""
    state = judge.look.state
    if not airmobile(state) or len(enter.units) != 1:
        return None
    unit = state.world.units[enter.units[0]]
    if not is_helicopter(unit):
        return None
    cost = judge.card_cost(enter.card) if enter.card else 0.0
    riders = passengers_of(state.world, unit.id)
    if getattr(unit.type, "carrier", False):
        if not riders:
            return -1.0
        return ENTRY + _entry_hex_value(judge, unit, enter.hex) - cost
    base = GUNSHIP_ON * (1.0 - 0.5 * judge.look.turn_share)
    here = _entry_hex_value(judge, unit, enter.hex)
    best = _best_entry(judge, unit)
    return base + min(0.0, here - best) - cost


def _entry_hex_value(judge: Judge, unit: Counter, hex_id: str) -> float:
    """A helicopter just come on over ``hex_id``, Flying (17b): a loaded transport by
    :func:`loaded_value`, a gunship by the targets it sees less the fire it draws."""
    memo: dict[tuple[str, str], float] = judge.__dict__.setdefault("_air_entry", {})
    key = (unit.id, hex_id)
    known = memo.get(key)
    if known is not None:
        return known
    ghost = replace(unit, hex=hex_id, mode=Mode.FLYING.value)
    if getattr(unit.type, "carrier", False):  # a hex it may not land in costs a flight
        known = loaded_value(judge, ghost, hex_id) - (0.0 if _may_land(judge, hex_id) else FLY_ON)
    else:
        place = _gunship_place(judge, ghost, hex_id, Mode.FLYING)
        known = place - SHOT_DOWN * air_danger(judge, ghost, hex_id)
    memo[key] = known
    return known


def _best_entry(judge: Judge, unit: Counter) -> float:
    memo: dict[str, float] = judge.__dict__.setdefault("_air_best_entry", {})
    known = memo.get(unit.id)
    if known is None:
        hexes = _entry_hexes(judge, unit)
        known = memo[unit.id] = max((_entry_hex_value(judge, unit, h) for h in hexes), default=0.0)
    return known


def _entry_hexes(judge: Judge, unit: Counter) -> list[str]:
    """The hexes ``unit`` may come on by now (24a: its group's zone, the edge the group
    took first when all must use the same one)."""
    memo: dict[str, list[str]] = judge.__dict__.setdefault("_air_entries", {})
    known = memo.get(unit.id)
    if known is None:
        known = memo[unit.id] = _entry_hexes_now(judge, unit)
    return known


def airmobile_transport_value(judge: Judge, play: Play, unit: Counter) -> float | None:
    """A transport's move play in scenario 7 (None for other units or scenarios): the
    riders set down (:func:`landing_value`) or carried to a new hex
    (:func:`loaded_value`), against their worth in the air where the transport is."""
    state = judge.look.state
    if not airmobile(state) or not getattr(unit.type, "carrier", False):
        return None
    if not is_helicopter(unit) or not passengers_of(state.world, unit.id):
        return None
    start = unit.hex
    assert start is not None
    now = loaded_value(judge, unit, start)
    end = play.path[-1] if play.path else start
    if play.unload is not None:
        if len(play.unload) < len(passengers_of(state.world, unit.id)):
            return -1.0  # the rest would stay aboard a transport that cannot land again
        return landing_value(judge, unit, end) - now - 0.02
    mode = declared_mode(unit, play)
    if mode is not Mode.FLYING:
        return -1.0  # landing loaded only makes it a target for nothing
    moved = replace(unit, hex=end, mode=mode.value)
    path_risk = max((air_danger(judge, moved, h) for h in (play.path or ())[:-1]), default=0.0)
    aboard = 1 + len(passengers_of(state.world, unit.id))
    after = loaded_value(judge, moved, end) - 0.5 * SHOT_DOWN * path_risk * aboard
    return after - now - 0.02


def loaded_value(judge: Judge, unit: Counter, hex_id: str) -> float:
    """A loaded transport flying over ``hex_id``: at its next activation it lands here
    (if it may, 17b) or flies on to the best zone and lands one activation later, if
    that activation comes before the scenario takes it away (:func:`_next_chance`);
    less the fire it draws here, each hit risking the transport and everyone aboard."""
    memo: dict[tuple[str, str], float] = judge.__dict__.setdefault("_air_loaded", {})
    key = (unit.id, hex_id)
    known = memo.get(key)
    if known is not None:
        return known
    w = judge.look.state.world
    riders = passengers_of(w, unit.id)
    later = best_zone(judge, unit) - FLY_ON
    if _may_land(judge, hex_id):
        later = max(later, landing_value(judge, unit, hex_id))
    later *= _next_chance(judge, unit)
    ghost = replace(unit, hex=hex_id, mode=Mode.FLYING.value)
    aboard = 1 + len(riders)
    value = later - SHOT_DOWN * air_danger(judge, ghost, hex_id) * aboard
    memo[key] = value
    return value


def _next_chance(judge: Judge, unit: Counter) -> float:
    """The chance ``unit`` is activated again before the scenario takes it away, loaded
    or not (``NEXT_CHANCE``, less ``CROWD`` for each other loaded transport on the map
    waiting for an activation too)."""
    w = judge.look.state.world
    stage = 2 if _last_turn(judge) else 1 if _urgency(judge) else 0
    others = sum(
        1
        for u in w.units.values()
        if u.id != unit.id
        and u.seat == judge.seat
        and not u.eliminated
        and u.id not in w.exited
        and u.hex is not None
        and getattr(u.type, "carrier", False)
        and is_helicopter(u)
        and passengers_of(w, u.id)
    )
    return max(0.05, NEXT_CHANCE[stage] - CROWD * others)


def best_zone(judge: Judge, unit: Counter) -> float:
    """The best landing zone for the riders of ``unit`` over the landing hexes near the
    buildings still to take (:func:`landing_value`), less the fire the loaded transport
    draws there in the air for the activation before it lands."""
    memo: dict[str, float] = judge.__dict__.setdefault("_air_best", {})
    known = memo.get(unit.id)
    if known is None:
        aboard = 1 + len(passengers_of(judge.look.state.world, unit.id))
        known = max(
            (
                landing_value(judge, unit, h)
                - SHOT_DOWN * aboard * air_danger(judge, replace(unit, hex=h), h)
                for h in _zones(judge)
            ),
            default=0.0,
        )
        memo[unit.id] = known
    return known


def landing_value(judge: Judge, unit: Counter, hex_id: str) -> float:
    """The riders of ``unit`` set down in ``hex_id``: each worth ``RIDER_ON`` on the map,
    plus the best hex it can walk on to with half its MF (Interpretation 95): an empty
    building the enemy holds (each one taken by one rider only), else nearness to the
    buildings still to take, less the enemy fire it draws there."""
    memo: dict[tuple[str, str], float] = judge.__dict__.setdefault("_air_landing", {})
    key = (unit.id, hex_id)
    known = memo.get(key)
    if known is not None:
        return known
    look = judge.look
    w = look.state.world
    open_hexes = _open_buildings(judge)
    empty = {h for h in open_hexes if not any(e.hex == h for e in look.enemies())}
    taken: set[str] = set()
    value = 0.0
    for rider in passengers_of(w, unit.id):
        reach = _walk(judge, hex_id, half_mf(rider.values.mf))
        ground = sorted(
            (-STEP * min(STEPS, _distance(judge, h, open_hexes))
             + (CAPTURE_REACH if h in empty and h not in taken else 0.0), h)
            for h in reach
        )  # fmt: skip
        best = -1e9
        best_hex = hex_id
        for score, h in ground[-WEIGH:]:  # the fire drawn only where it may decide
            score -= THREAT * hit_cost(rider) * look.exposure(rider, h, True)
            if score > best:
                best, best_hex = score, h
        if best_hex in empty:
            taken.add(best_hex)
        value += RIDER_ON * worth(rider) + best
    memo[key] = value
    return value


def air_danger(judge: Judge, unit: Counter, hex_id: str) -> float:
    """Expected hits the enemy's next shots land on the helicopter airborne over
    ``hex_id`` (17c: a soft target with the flying cover; 17d: its line of sight): the
    best shot in full and a quarter of each other, Shaken enemies a third."""
    memo: dict[tuple[str, str], float] = judge.__dict__.setdefault("_air_danger", {})
    key = (unit.type.id, hex_id)
    known = memo.get(key)
    if known is not None:
        return known
    look = judge.look
    w = look.state.world
    ghost = replace(unit, hex=hex_id, mode=Mode.FLYING.value, carrier=None)
    others = [c for c in w.live() if c.id != unit.id]
    rate = look.hit_rate()
    shots: list[float] = []
    for e in look.enemies():
        if e.hex is None or e.carrier is not None or e.hef <= 0:
            continue
        distance = w.field.distance(e.hex, hex_id)
        if range_modifier(w.data.rules, distance) is None or not unit_sight(w.field, e, ghost):
            continue
        draws = plan_fire(w.field, w.data.rules, e, [], ghost, [*others, ghost]).damage_draw
        if draws > 0:
            shots.append(draws * rate * (0.33 if e.shaken else 1.0))
    shots.sort(reverse=True)
    value = (shots[0] + 0.25 * sum(shots[1:])) if shots else 0.0
    memo[key] = value
    return value


def _open_buildings(judge: Judge) -> list[str]:
    """The objective buildings this seat does not control, found once for the decision."""
    known: list[str] | None = judge.__dict__.get("_air_open")
    if known is None:
        look = judge.look
        known = [h for h in look.objective_hexes() if look.controller(h) != judge.seat]
        judge.__dict__["_air_open"] = known
    return known


def _distance(judge: Judge, hex_id: str, targets: list[str]) -> int:
    field = judge.look.state.world.field
    return min((field.distance(hex_id, h) for h in targets), default=0)


def _walk(judge: Judge, start: str, points: int) -> set[str]:
    """The hexes a leg unit reaches from ``start`` with ``points`` MP by the terrain's
    costs, never into an enemy's hex (Interpretation 95)."""
    w = judge.look.state.world
    field = w.field
    enemy = {e.hex for e in judge.look.enemies()}
    best: dict[str, float] = {start: 0.0}
    frontier = [start]
    while frontier:
        nxt: list[str] = []
        for h in frontier:
            for n in field.neighbours(h):
                cost = field.terrain(n).move_cost
                if cost is None or n in enemy:
                    continue
                spent = best[h] + cost
                if spent <= points and spent < best.get(n, points + 1):
                    best[n] = spent
                    nxt.append(n)
        frontier = nxt
    return set(best)


def _zones(judge: Judge) -> list[str]:
    """Landing hexes (17b) within two hexes of a building still to take."""
    memo: list[str] | None = judge.__dict__.get("_air_zones")
    if memo is None:
        field = judge.look.state.world.field
        near: set[str] = set()
        for b in _open_buildings(judge):
            near |= field.within(b, 1, 2)
        memo = sorted(h for h in near if _may_land(judge, h))
        judge.__dict__["_air_zones"] = memo
    return memo


def stranding_cost(judge: Judge, action: Action) -> float:
    """What a play costs the helicopters still waiting to come on when it leaves no hex
    of the entry edge open to them: the rules let the rest of a group enter only by the
    edge its units on the map all stand on (``together_refusal``), so a unit of the group
    leaving the edge, or a transport unloading and departing while its riders walk off,
    would keep the rest off the map. Asked of the rules on the board as the play would
    leave it; 0 when nothing waits or an edge stays open."""
    state = judge.look.state
    if not airmobile(state) or not isinstance(action, (Play, Follow)):
        return 0.0
    ends = _play_ends(state, action)
    if not ends:
        return 0.0
    waiting = _waiting_helicopters(judge)
    if not waiting:
        return 0.0
    group = _group_of(judge, waiting[0])
    if not any(uid in group for uid in ends):
        return 0.0  # only the group's own units on the map hold its edge
    w = state.world
    after = {uid: w.units[uid].hex for uid in group if w.units[uid].hex is not None}
    after.update((uid, end) for uid, end in ends.items() if uid in group)
    memo: dict[frozenset[str | None], float] = judge.__dict__.setdefault("_air_strand", {})
    key = frozenset(after.values())
    known = memo.get(key)
    if known is None:
        known = memo[key] = _stranding(judge, ends, waiting)
    return known


def _group_of(judge: Judge, unit: Counter) -> frozenset[str]:
    """The units of ``unit``'s reinforcement group (24a)."""
    state = judge.look.state
    assert state.scenario is not None
    ids = reinforcement_ids(state.world, state.scenario)
    return frozenset(next(group for group in ids if unit.id in group))


def _play_ends(state: SixtyFiveState, action: Play | Follow) -> dict[str, str | None]:
    """Where the units a move play touches stand after it (None: gone, a transport that
    unloads departs)."""
    w = state.world
    if not action.path and action.unload is None:
        return {}
    ends: dict[str, str | None] = {}
    for uid in action.units or ():
        unit = w.units[uid]
        end = action.path[-1] if action.path else unit.hex
        if action.unload is not None and passengers_of(w, uid):
            ends[uid] = None  # 24 scenario 7: it leaves once it has unloaded
            for p in action.unload:
                ends[p] = end
        else:
            ends[uid] = end
    return ends


def _waiting_helicopters(judge: Judge) -> list[Counter]:
    """Our helicopters due and still off the map, found once for the decision."""
    known: list[Counter] | None = judge.__dict__.get("_air_waiting")
    if known is None:
        state = judge.look.state
        groups = waiting(state.world, state.scenario, judge.seat, state.turn)
        known = [u for group in groups for u in group if is_helicopter(u)]
        judge.__dict__["_air_waiting"] = known
    return known


def _stranding(judge: Judge, ends: dict[str, str | None], waiting_units: list[Counter]) -> float:
    w = judge.look.state.world
    before = {uid: w.units[uid].hex for uid in ends}
    carried = {uid: w.units[uid].carrier for uid in ends}
    try:
        for uid, end in ends.items():
            w.units[uid].hex = end
            if end is not None:
                w.units[uid].carrier = None
        open_edge = _edge_open(judge, waiting_units[0])  # one group: one edge
    finally:
        for uid, hex_id in before.items():
            w.units[uid].hex = hex_id
            w.units[uid].carrier = carried[uid]
    if open_edge:
        return 0.0
    total = 0.0
    for u in waiting_units:  # what each would still be worth brought on
        riders = passengers_of(w, u.id)
        if riders:
            total += ENTRY + _next_chance(judge, u) * RIDER_ON * len(riders)
        else:
            total += GUNSHIP_ON * (1.0 - 0.5 * judge.look.turn_share)
    return total


def _edge_open(judge: Judge, unit: Counter) -> bool:
    """Whether some hex of its entry zones lets ``unit`` come on now (24a)."""
    w = judge.look.state.world
    sc = judge.look.state.scenario
    assert sc is not None
    index = next(i for i, ids in enumerate(reinforcement_ids(w, sc)) if unit.id in ids)
    return any(together_refusal(w, sc, index, h) is None for h in entry_hexes(w, sc, index))


def _entry_hexes_now(judge: Judge, unit: Counter) -> list[str]:
    w = judge.look.state.world
    sc = judge.look.state.scenario
    assert sc is not None
    index = next(i for i, ids in enumerate(reinforcement_ids(w, sc)) if unit.id in ids)
    return [h for h in entry_hexes(w, sc, index) if together_refusal(w, sc, index, h) is None]


def capture_push(judge: Judge, action: Action) -> float:
    """Scenario 7 scores each building held at the end, two VP to whoever holds it, so
    walking into an empty building the enemy holds swings four: worth ``TAKE`` more than
    the shared move value counts, more as the end nears; and each unit on foot of the
    side that must win (scenario 7's Americans) marches toward the building still to
    take it is paired with (:func:`march_target`, ``MARCH`` a hex walked), so the side
    spreads over the buildings. 0 for other plays, other scenarios, and an assault
    (the shared assault value judges it)."""
    state = judge.look.state
    if not airmobile(state) or not isinstance(action, (Play, Follow, ReserveMove)):
        return 0.0
    path = action.path
    if not path or (isinstance(action, Play) and action.target is not None):
        return 0.0
    look = judge.look
    end = path[-1]
    enemy = {e.hex for e in look.enemies()}
    if end in enemy:
        return 0.0
    urgency = 0.5 + look.turn_share
    value = TAKE * urgency if end in _open_buildings(judge) else 0.0
    sc = state.scenario
    if sc is None or sc.victory.win.seat != judge.seat:
        return value  # the side that must win them marches; the holder stands fast
    movers = [action.unit] if isinstance(action, ReserveMove) else list(action.units or ())
    for uid in movers:
        unit = look.state.world.units[uid]
        target = march_target(judge, unit)
        if target is not None and unit.hex is not None and unit.carrier is None:
            steps = steps_to(judge, target)
            closer = steps.get(unit.hex, 0) - steps.get(end, 0)
            value += MARCH * urgency * closer
    return value


def march_target(judge: Judge, unit: Counter) -> str | None:
    """The building still to take that ``unit`` should head for: the units of ours on
    foot and the buildings are paired nearest first (an empty building counts two
    hexes nearer), one unit to a building while buildings last, then each unit left to
    its nearest; None for helicopters, units aboard, or with no building to take."""
    memo: dict[str, str] | None = judge.__dict__.get("_air_march")
    if memo is None:
        memo = judge.__dict__["_air_march"] = _pair_units_to_buildings(judge)
    return memo.get(unit.id)


def _pair_units_to_buildings(judge: Judge) -> dict[str, str]:
    look = judge.look
    field = look.state.world.field
    enemy = {e.hex for e in look.enemies()}
    walkers = [u for u in look.own() if u.carrier is None and not is_helicopter(u)]
    buildings = _open_buildings(judge)
    far = 2 * len(tuple(field.hexes()))
    pairs = sorted(
        (steps_to(judge, b).get(u.hex, far) - (0 if b in enemy else 2), u.id, b)
        for u in walkers
        if u.hex is not None
        for b in buildings
    )
    out: dict[str, str] = {}
    taken: set[str] = set()
    for _, uid, b in pairs:
        if uid not in out and b not in taken:
            out[uid] = b
            taken.add(b)
    for _, uid, b in pairs:  # more units than buildings: the rest to their nearest
        out.setdefault(uid, b)
    return out


def steps_to(judge: Judge, target: str) -> dict[str, int]:
    """Hexes from each hex of the board to ``target`` walking over the board (round
    scenario 7's mountain, which has no hexes: 24), remembered for the decision."""
    memo: dict[str, dict[str, int]] = judge.__dict__.setdefault("_air_steps", {})
    known = memo.get(target)
    if known is None:
        back = judge.look.state.world.field.tree(target)
        known = {target: 0}
        for h in back:  # breadth first: each hex's parent comes before it
            parent = back[h]
            if parent is not None:
                known[h] = known[parent] + 1
        memo[target] = known
    return known
