"""The '65 computer opponent with helicopters (17): values for the moves only
helicopters make. Gunships stay Flying (CF 1, never a hard target) and fly to hexes
from which they see the most enemy infantry and the fewest enemy guns see them; they
never land near the enemy. Loaded transports fly to landing hexes (clear or brush) out
of every enemy's sight near the objectives, land and unload there; an empty one has
nothing left to do (scenario 7 takes it off the board).

Scenario 7 takes the transports away at the end of turn 3, loaded or not, and a side has
few impulses a turn: a transport needs one activation to come on and one to land and
unload where it is, two more if it must first fly to a hex it may land in. So loaded
transports come on early (worth most of their riders, more over a hex they may land
in), in turn 2 one that could not land where it is flies to where it can, and in turn
3 setting the troops down outranks any other play.
"""

from __future__ import annotations

from dataclasses import replace

from game.ai.sixty_five.plays import Judge
from game.ai.sixty_five.values import worth
from game.ai.sixty_five.vehicles import nearest_enemy
from game.rules.sixty_five.actions import Enter, Play
from game.rules.sixty_five.helicopters.play import declared_mode, heli_rules, mode_of
from game.rules.sixty_five.helicopters.rules import Mode
from game.rules.sixty_five.helicopters.sight import is_helicopter, unit_sight
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.vehicles.transport_moves import passengers_of

SIGHT = 8  # hexes: an enemy gun farther than this is no worry, a target no use
SEEN = 0.1  # value lost for each enemy that sees the helicopter's hex
SEEN_BY_GUN = 0.16  # more for one with an AP weapon when the helicopter is a hard target
RIDERS_AT_RISK = 3  # a loaded transport shot down loses its troops too
TARGET = 0.05  # each enemy soft target the gunship sees within range 2-6
LANDING_NEAR_ENEMY = 0.6  # a gunship landed within 4 hexes of the enemy
UNLOAD = 1.0  # troops set down: the whole point of a transport
DELAY = 0.4  # troops still in the air land one activation later
WALK = 0.08  # each hex troops set down must walk to the objective (at most WALK_MOST)
WALK_MOST = 0.5
NEAR_OBJECTIVE = 0.06  # each hex a loaded transport is from the objective
LANDING_READY = 0.3  # a loaded transport over a hex it may land and unload in next
LAST_CALL = 2.0  # per rider's worth, set down in the last turn the transport is kept
STRANDED = 0.6  # per rider's worth: a transport that cannot land next turn loses them
LOADED_ENTRY = 0.7  # per rider's worth: a transport coming on brings its troops near


def helicopter_value(judge: Judge, play: Play, units: list[Counter]) -> float | None:
    """The value of a move play of a helicopter (None for any other unit): where it
    ends and in which mode, against where it is now, less the marker it spends; the
    same move with another card is worth as much (remembered for the decision)."""
    if not units or not is_helicopter(units[0]):
        return None
    memo: dict[Play, float] = judge.__dict__.setdefault("_heli_values", {})
    key = replace(play, card="")  # the same move with another card is worth as much
    known = memo.get(key)
    if known is None:
        known = memo[key] = _value(judge, play, units[0]) - 0.02  # its marker
    return known


def entry_bonus(judge: Judge, enter: Enter) -> float:
    """24a, 17b: a transport coming on with troops aboard brings them within one flight
    of the objectives: worth most of its riders, more in the last turn it can still
    come on and land them in the next (scenario 7), nothing once it is too late; a
    helicopter coming on where the enemy sees it is worth less."""
    w = judge.look.state.world
    loaded = [u for u in enter.units if passengers_of(w, u)]
    danger = sum(
        _seen(judge, w.units[u], enter.hex, Mode.FLYING) * (RIDERS_AT_RISK if u in loaded else 1)
        for u in enter.units
        if is_helicopter(w.units[u])
    )
    if not loaded or _last_turn(judge):
        return -danger
    riders = sum(worth(p) for u in loaded for p in passengers_of(w, u))
    ready = len(loaded) * _landing_zone(judge, enter.hex)
    urgency = _urgency(judge)
    if urgency and not _may_land(judge, enter.hex):
        return ready - danger  # it could only land the turn it is taken away: too late
    return LOADED_ENTRY * riders * (1.0 + urgency) + ready - danger


def _value(judge: Judge, play: Play, unit: Counter) -> float:
    start = unit.hex
    assert start is not None
    end = play.path[-1] if play.path else start
    mode = declared_mode(unit, play)
    if getattr(unit.type, "carrier", False):
        return _transport_value(judge, play, unit, start, end, mode)
    return _gunship_place(judge, unit, end, mode) - _gunship_place(
        judge, unit, start, mode_of(unit)
    )


def _transport_value(
    judge: Judge, play: Play, unit: Counter, start: str, end: str, mode: Mode
) -> float:
    """Troops still in the air can be set down anywhere at the next activation; on the
    ground they walk to the objective. So a loaded transport is worth ``UNLOAD`` less a
    delay and its danger (less while the scenario keeps it), and troops set down are
    worth ``UNLOAD`` less their walk to the objective and the fire at the landing hex;
    in the turn the scenario takes the transports away (scenario 7) the troops set down
    are worth ``LAST_CALL`` times ``UNLOAD`` for each rider's worth: left aboard, they
    go too, and no later impulse can make up for it."""
    w = judge.look.state.world
    if not passengers_of(w, unit.id):
        return -_seen(judge, unit, end, mode) + _seen(judge, unit, start, mode_of(unit))
    before = _in_the_air(judge, unit, start, mode_of(unit))
    if play.unload is not None:
        near = nearest_enemy(judge, end)
        walk = min(WALK_MOST, WALK * _to_objective(judge, end))
        riders = sum(worth(p) for p in passengers_of(w, unit.id))
        down = UNLOAD * (LAST_CALL * riders if _last_turn(judge) else 1.0)  # or they go
        after = down - walk - RIDERS_AT_RISK * _seen(judge, unit, end, Mode.LANDED)
        return after - before - (0.5 if near <= 1 else 0.0)
    after = _in_the_air(judge, unit, end, mode)
    if mode is Mode.LANDED:
        after -= 0.1  # landed and still loaded: a sitting target
    return after - before


def _in_the_air(judge: Judge, unit: Counter, hex_id: str, mode: Mode) -> float:
    """A loaded transport's worth in ``hex_id``: next activation it can land its troops
    anywhere, unless the scenario takes it away this turn; the nearer that turn, the
    likelier the next activation never comes (a side has few impulses a turn). In the
    turn before it is taken away, one over a hex it may not land in (17b) would need a
    flight and a landing, two activations, in the one turn left: its riders are lost."""
    urgency = _urgency(judge)
    keep = 0.0 if _last_turn(judge) else UNLOAD - DELAY * (1.0 + urgency)
    zone = _landing_zone(judge, hex_id)
    if urgency and not _may_land(judge, hex_id):  # landing next turn needs a flight first
        riders = sum(worth(p) for p in passengers_of(judge.look.state.world, unit.id))
        keep -= STRANDED * riders
    return keep - 2 * _seen(judge, unit, hex_id, mode) + zone


def _landing_zone(judge: Judge, hex_id: str) -> float:
    """A loaded transport's hex as the place to set its troops down: nearer the
    objective is better, and a hex it may land in (17b: clear or brush, no enemy) saves
    the flight there, one activation of the few left; landing and unloading are one."""
    value = -NEAR_OBJECTIVE * _to_objective(judge, hex_id)
    return value + (LANDING_READY if _may_land(judge, hex_id) else 0.0)


def _may_land(judge: Judge, hex_id: str) -> bool:
    """17b: clear or brush, no enemy unit in it."""
    w = judge.look.state.world
    if w.field.terrain(hex_id).id not in heli_rules(w).landing_terrain:
        return False
    return not any(e.hex == hex_id for e in judge.look.enemies())


def _gunship_place(judge: Judge, unit: Counter, hex_id: str, mode: Mode) -> float:
    """How good ``hex_id`` in ``mode`` is for a gunship: enemy infantry in its sight to
    shoot at, less the enemies that see it; landing near the enemy is bad."""
    w = judge.look.state.world
    field = w.field
    enemies = judge.look.enemies()
    near = nearest_enemy(judge, hex_id)
    seen = _seen(judge, unit, hex_id, mode)
    there = replace(unit, hex=hex_id, mode=mode.value)
    targets = sum(
        1
        for e in enemies
        if e.hex is not None
        and e.carrier is None
        and 2 <= field.distance(hex_id, e.hex) <= 6
        and unit_sight(field, there, e)
    )
    value = TARGET * min(targets, 4) - seen
    if mode is Mode.LANDED and near <= 4:
        value -= LANDING_NEAR_ENEMY
    if mode is Mode.HOVERING:
        value -= 0.05  # a hard target too
    return value


def _urgency(judge: Judge) -> float:
    """1 in the turn before the scenario takes the transports away, 0 earlier or with
    no such turn (each transport needs one activation to come on and one to land)."""
    state = judge.look.state
    leaving = state.scenario.departing if state.scenario else None
    if leaving is None or leaving.by_turn is None:
        return 0.0
    return 1.0 if state.turn == leaving.by_turn - 1 else 0.0


def _last_turn(judge: Judge) -> bool:
    """Whether the scenario takes the transports away at the end of this turn."""
    state = judge.look.state
    leaving = state.scenario.departing if state.scenario else None
    return leaving is not None and leaving.by_turn is not None and state.turn >= leaving.by_turn


def _seen(judge: Judge, unit: Counter, hex_id: str, mode: Mode) -> float:
    """The danger of the enemies that would see the helicopter in ``hex_id``; remembered
    for the decision (each flight is scored against the same start hex)."""
    memo: dict[tuple[str, str, Mode], float] = judge.__dict__.setdefault("_heli_seen", {})
    key = (unit.id, hex_id, mode)
    known = memo.get(key)
    if known is None:
        known = memo[key] = _danger(judge, unit, hex_id, mode)
    return known


def _danger(judge: Judge, unit: Counter, hex_id: str, mode: Mode) -> float:
    field = judge.look.state.world.field
    there = replace(unit, hex=hex_id, mode=mode.value)
    total = 0.0
    for e in judge.look.enemies():
        if e.hex is None or e.shaken or e.carrier is not None:
            continue
        if field.distance(hex_id, e.hex) > SIGHT or not unit_sight(field, e, there):
            continue
        gun = e.values.apf is not None and mode is not Mode.FLYING
        total += SEEN_BY_GUN if gun else SEEN
    return total


def _to_objective(judge: Judge, hex_id: str) -> int:
    """Hexes from ``hex_id`` to the nearest objective hex (buildings when the scenario
    counts them), 0 without any."""
    look = judge.look
    terrain = look.objective_terrain
    if terrain is None:
        return 0
    field = look.state.world.field
    found = [field.distance(hex_id, h) for h in look.objective_terrain_hexes()]
    return min(found, default=0)
