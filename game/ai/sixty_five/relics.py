"""What the '65 bot counts for scenario 8's relics (relics.py), in victory points like
the rest of the bot (``sixty_five_values``):

- a **search** is worth the chance it finds the relics times what holding them is worth
  (their VP, times the share of them a carrier gets off the map), and a little when it
  fails (the next search is easier);
- **where to stand**: a search party, one Rifle or Sapper for each hex still to search
  (the nearest, and for a side whose units left on the board score for the enemy
  only one whose walk there and home fits in the turns left), is drawn to its hex and
  to relics lying in a hex (less as the end nears: found late, they hardly get out);
  the others do not crowd the ruins, where they would be stranded far from their
  edge; the
  carrier to its own friendly edge, harder as the turns run out; the other side's units
  to the enemy carrier (to hunt it down);
- **leaving** with the relics is worth their VP;
- **fire at the enemy carrier** is worth more: eliminated, it drops the relics; our
  own carrier fires only for more than the walk home it gives up (it is then marked);
- **kills**: a shot's chance of eliminating its target also counts the VP the scenario
  gives for a kill beyond the one the bot's loss scale counts (the NVA's 2);
- **standing still**: a shot, a Power used in place or a Rally marks the unit, so for
  a side whose units left on the board score for the enemy it costs a unit short of
  time its walk home, and the VP when that walk decides whether it gets home;
- **engaging**: while eliminations score for us, our units that need not start home
  yet (the fast ones, and those near our edge) are drawn toward the nearest enemy,
  most early in the game;
- **getting out**: a side whose units left on the board score for the enemy (the NVA:
  1 VP each) is drawn to its exit edges more and more as the last turn comes, so that
  its units stand on the edge for the last Reserve phase, where each leaves without a
  card; a unit whose walk home would take about all the turns left is pulled much
  harder (it must start now or be counted on the board).
"""

from __future__ import annotations

from game.ai.sixty_five.values import Outlook
from game.rules.sixty_five.actions import Play
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.scenarios.relics import relics_hex

HELD_SHARE = 0.45  # of the relics' VP that holding them (far from the edge) is worth
FAILED_SEARCH = 0.25  # a search that finds nothing: the next one is easier
SEARCH_PULL = 0.22  # per hex from the nearest hex to search (a Rifle or Sapper)
SEARCH_HOLD = 0.5  # standing in a hex still to search
LYING_PULL = 0.3  # per hex from relics lying in a hex (a Rifle or Sapper)
CARRY_PULL = 0.35  # per hex from the friendly edge, for the carrier (more late)
CARRY_URGENT = 0.6  # more per hex, once the carrier's walk home fills the turns left
HUNT_PULL = 0.08  # per hex from the enemy carrier, for every unit
HUNT_FIRE = 0.5  # of the relics' VP, per chance the shot eliminates the carrier
ESCAPE_PULL = 0.06  # per hex from an exit edge, per VP a unit left on the board gives
ESCAPE_HOLD = 0.4  # standing on the edge, in the last turn, per VP
ESCAPE_URGENT = 0.3  # per hex from the edge, per VP, once the walk home fills the turns left
HOME_PACE = 2  # hexes a unit on foot covers in a turn, about (measured on scenario 8)
HOME_SLACK = 2  # hexes of spare walk before a unit counts as running out of time
ENGAGE_PULL = 0.12  # per hex beyond ENGAGE_RANGE from the nearest enemy, per VP a kill brings
ENGAGE_RANGE = 3  # hexes: near enough to shoot
PARTY_EXTRA = 0  # searchers beyond one per hex still to search
KILL_WEIGHT = 1.5  # per VP a kill brings beyond the one the bot's loss scale counts


def _stake(look: Outlook, seat: int) -> float:
    """The relics' VP for ``seat`` (0 outside scenario 8)."""
    sc = look.state.scenario
    if sc is None or look.world.relics is None:
        return 0.0
    return float(sc.victory.side(seat).relics)


def search_value(look: Outlook, play: Play) -> float:
    """The chance this search finds the relics times their worth held, plus a little
    for a search that fails (the chance of the next ones rises)."""
    relics = look.world.relics
    if relics is None:
        return -1.0
    rule = relics.rule
    left = len(relics.unsearched())
    if left <= 1:
        found = 1.0
    else:
        modifier = rule.later_search if relics.searched else 0
        found = min(1.0, max(0.0, (rule.found_on - modifier) / rule.die))
    stake = _stake(look, look.seat)
    return found * HELD_SHARE * stake + (1.0 - found) * FAILED_SEARCH


def relic_pull(look: Outlook, unit: Counter, hex_id: str) -> float:
    """The relics' pull on ``unit`` standing in ``hex_id`` (see the module docstring)."""
    relics = look.world.relics
    if relics is None or relics.exited is not None:
        return 0.0
    f = look.world.field
    urgency = 1.0 + look.turn_share
    hope = 1.0 - look.turn_share**2  # relics found late hardly get off the map in time
    value = 0.0
    party = search_party(look, unit.seat)
    goal = party.get(unit.id)
    if goal is None and unit.hex is None and unit.type.id in relics.rule.searchers:
        left = relics.unsearched()  # set-up: every searcher may be one of the party
        goal = min(left, key=lambda h: f.distance(hex_id, h)) if left else None
    if goal is not None:
        near = f.distance(hex_id, goal)
        pull = LYING_PULL if relics.lying is not None else SEARCH_PULL
        value -= pull * urgency * hope * near
        if near == 0 and relics.lying is None:
            value += SEARCH_HOLD * hope
    if relics.carrier is not None:
        carrier = look.world.units[relics.carrier]
        if carrier.id == unit.id:
            edge = relics.edges[unit.seat]
            if edge is not None:
                away = min(f.distance(hex_id, h) for h in f.edge_hexes(edge))
                value -= CARRY_PULL * urgency * away
                if _short_of_time(look, unit, (edge,)):
                    value -= CARRY_URGENT * away
        elif carrier.seat != unit.seat:
            where = relics_hex(look.world)
            if where is not None:
                value -= HUNT_PULL * urgency * f.distance(hex_id, where)
    return value


def search_party(look: Outlook, seat: int) -> dict[str, str]:
    """``seat``'s searchers sent to the relics, each with the hex it goes to: while the
    relics are still to find, one searcher for each hex left and one more (to the
    nearest), matched nearest pair first so that two never make for the same hex and a
    searcher already in a hex keeps it; once they lie in a hex, the two nearest it (none
    while someone carries them). Ties go by hex order and unit id; remembered for the
    decision, so every play scored in it sees the same party."""
    memo: dict[int, dict[str, str]] = look.__dict__.setdefault("_relic_party", {})
    known = memo.get(seat)
    if known is not None:
        return known
    relics = look.world.relics
    f = look.world.field
    goals: tuple[str, ...] = ()
    if relics is not None and relics.exited is None:
        goals = (relics.lying,) * 2 if relics.lying is not None else relics.unsearched()
    searchers = [
        u
        for u in look.world.live()
        if relics is not None
        and u.seat == seat
        and u.hex is not None
        and u.carrier is None
        and u.type.id in relics.rule.searchers
    ]
    pairs = sorted(
        (f.distance(u.hex, h), i, u.id, h)
        for u in searchers
        if u.hex is not None
        for i, h in enumerate(goals)
        if _trip_fits(look, u, h)
    )
    party: dict[str, str] = {}
    taken: set[int] = set()
    for _, i, uid, h in pairs:
        if uid not in party and i not in taken:
            party[uid] = h
            taken.add(i)
    if goals and relics is not None and relics.lying is None:
        spare = sorted(
            (f.distance(u.hex, h), i, u.id, h)
            for u in searchers
            if u.hex is not None and u.id not in party
            for i, h in enumerate(goals)
            if _trip_fits(look, u, h)
        )
        wanted = len(party) + PARTY_EXTRA
        for _, _, uid, h in spare:
            if len(party) >= wanted:
                break
            party.setdefault(uid, h)
    memo[seat] = party
    return party


def _trip_fits(look: Outlook, unit: Counter, goal: str) -> bool:
    """Whether ``unit`` could walk to ``goal`` and from there home to its friendly edge
    in the turns left, at ``home_pace``. Asked only of a side whose units
    left on the board score for the enemy: a searcher stranded in the ruins with the
    relics it cannot get off the map costs that side a VP and wins it nothing. Measured
    on scenario 8 (NVA against a random player, seeds 1-20): a party sent at 3 hexes a
    turn won 9 games, at 2 (so the NVA, 15 hexes from the ruins, hardly ever goes) 15."""
    sc = look.state.scenario
    relics = look.world.relics
    if sc is None or relics is None or unit.hex is None:
        return True
    edge = relics.edges[unit.seat]
    if not sc.victory.side(1 - unit.seat).enemy_on_board or edge is None:
        return True
    f = look.world.field
    home = f.edge_hexes(edge)
    trip = f.distance(unit.hex, goal) + min(f.distance(goal, h) for h in home)
    turns_left = look.state.turns - look.state.turn + 1
    return trip <= home_pace(unit) * turns_left


def relic_exit_value(look: Outlook, units: list[Counter]) -> float:
    """The relics' VP when the carrier is among the units leaving."""
    relics = look.world.relics
    if relics is None or relics.carrier is None:
        return 0.0
    if any(u.id == relics.carrier for u in units):
        return _stake(look, look.seat)
    return 0.0


def relic_fire_value(look: Outlook, play: Play, odds: dict[str, float]) -> float:
    """Scenario 8's worth of a shot beyond the damage: the enemy carrier's relics
    (``carrier_fire_value``) and the VP each elimination brings by the scenario beyond
    the one VP the bot's loss scale counts for a kill (``sixty_five_values.ELIMINATED``):
    the NVA score 2 for each American eliminated, a vehicle destroyed as much (15c)."""
    sc = look.state.scenario
    if sc is None or look.world.relics is None:
        return 0.0
    extra = sc.victory.side(look.seat).enemy_eliminated - 1
    kill = odds.get("eliminated", 0.0) + odds.get("destroyed", 0.0)
    return carrier_fire_value(look, play, odds) + KILL_WEIGHT * max(0, extra) * kill


def carrier_fire_value(look: Outlook, play: Play, odds: dict[str, float]) -> float:
    """Fire at the enemy carrier: the chance it is eliminated times a share of the
    relics' VP at stake for its side (they drop where it falls)."""
    relics = look.world.relics
    if relics is None or relics.carrier is None or play.target != relics.carrier:
        return 0.0
    carrier = look.world.units[relics.carrier]
    if carrier.seat == look.seat:
        return 0.0
    return HUNT_FIRE * odds.get("eliminated", 0.0) * _stake(look, carrier.seat)


def escape_pull(look: Outlook, unit: Counter, hex_id: str) -> float:
    """Our units' pull to our exit edges when each one left on the board gives the
    enemy VP: the square of the game's progress times the hexes to go, and standing on
    the edge in the last turns."""
    sc = look.state.scenario
    if sc is None or look.world.relics is None:
        return 0.0
    deny = sc.victory.side(1 - look.seat).enemy_on_board
    edges = look.state.exit_edges(look.seat)
    if not deny or not edges:
        return 0.0
    f = look.world.field
    away = min(f.distance(hex_id, h) for e in edges for h in f.edge_hexes(e))
    late = look.turn_share * look.turn_share
    value = -ESCAPE_PULL * deny * late * away
    if away == 0:
        value += ESCAPE_HOLD * deny * late * look.turn_share
    relics = look.world.relics
    busy = unit.id == relics.carrier or unit.id in search_party(look, unit.seat)
    if not busy and _short_of_time(look, unit, edges):
        value -= ESCAPE_URGENT * deny * away
    return value


def _short_of_time(look: Outlook, unit: Counter, edges: tuple[str, ...]) -> bool:
    """Whether ``unit``'s walk to the nearest of ``edges`` (at ``home_pace`` hexes a
    turn, and ``HOME_SLACK`` hexes and a turn to spare) takes about all the turns before
    the last: on the edge by then, it has the whole last turn to leave by (a Reserve
    move or a card; a unit that moves onto the edge cannot leave in the same turn)."""
    if unit.hex is None:
        return False
    f = look.world.field
    home = min(f.distance(unit.hex, h) for e in edges for h in f.edge_hexes(e))
    turns_left = look.state.turns - look.state.turn  # home before the last turn
    pace = home_pace(unit)
    return home + HOME_SLACK + pace >= pace * turns_left  # and a turn to spare


def home_pace(unit: Counter) -> float:
    """About how many hexes ``unit`` covers in a turn: ``HOME_PACE`` whatever it is. A
    side gets few impulses a turn for many units, so most of them go home by their
    Reserve moves, a tank no faster than a Rifle. Measured on scenario 8 against a
    random player, seeds 101-120: at two thirds of the MF for a tank, two NVA units a
    game (tanks and Heroes) were left on the board."""
    del unit
    return HOME_PACE


def engage_pull(look: Outlook, unit: Counter, hex_id: str) -> float:
    """Scenario 8: the pull of the nearest enemy on our units that neither search nor
    need start home yet (``_short_of_time``: so those on foot far from our edge are not
    drawn), when eliminations score for us; strongest early (an enemy that keeps away
    scores us nothing, and there is time to come back)."""
    sc = look.state.scenario
    relics = look.world.relics
    if sc is None or relics is None or unit.hex is None:
        return 0.0
    per_kill = sc.victory.side(unit.seat).enemy_eliminated
    if not per_kill or unit.shaken:
        return 0.0
    if unit.id in search_party(look, unit.seat):
        return 0.0
    edges = look.state.exit_edges(unit.seat)
    if edges and _short_of_time(look, unit, edges):
        return 0.0
    f = look.world.field
    near = min((f.distance(hex_id, e.hex) for e in look.enemies() if e.hex), default=0)
    return -ENGAGE_PULL * per_kill * (1.0 - look.turn_share) * max(0, near - ENGAGE_RANGE)


def stays_cost(look: Outlook, units: list[Counter]) -> float:
    """Scenario 8: what our firing units give up by standing still this turn (a shot
    marks them): our carrier's walk home (``carrier_stays_cost``) and, for a side whose
    units left on the board score for the enemy, the walk of each unit short of time
    (``_short_of_time``) that can still get home, and the whole VP when its walk home
    fits in the turns left with this one but not without it (on the edge in the last
    turn: a Fired unit does not leave in the Reserve phase)."""
    cost = carrier_stays_cost(look, units)
    sc = look.state.scenario
    edges = look.state.exit_edges(look.seat)
    if sc is None or look.world.relics is None or not edges:
        return cost
    deny = sc.victory.side(1 - look.seat).enemy_on_board
    if not deny:
        return cost
    f = look.world.field
    after = look.state.turns - look.state.turn  # whole turns left after this one
    for unit in units:
        if unit.hex is None or unit.id == look.world.relics.carrier:
            continue
        if not _short_of_time(look, unit, edges):
            continue
        home = min(f.distance(unit.hex, h) for e in edges for h in f.edge_hexes(e))
        pace = home_pace(unit)
        if home == 0:  # on the edge: it leaves in a later turn, or never if this is the last
            cost += deny if after == 0 else 0.0
            continue
        if home > pace * (after + 1):
            continue  # too far to get home by our reckoning whatever it does now
        cost += ESCAPE_URGENT * deny * pace
        if home > pace * after:  # this turn's walk decides it
            cost += deny
    return cost


def carrier_stays_cost(look: Outlook, units: list[Counter]) -> float:
    """What our relic carrier gives up by firing instead of walking home (it is marked
    and cannot move again this turn): the pull of the hexes a move would gain."""
    relics = look.world.relics
    if relics is None or relics.carrier is None:
        return 0.0
    carrier = look.world.units[relics.carrier]
    if carrier.seat != look.seat or all(u.id != carrier.id for u in units):
        return 0.0
    edge = relics.edges[carrier.seat]
    if edge is None:
        return 0.0
    urgent = CARRY_URGENT if _short_of_time(look, carrier, (edge,)) else 0.0
    return (CARRY_PULL * (1.0 + look.turn_share) + urgent) * HOME_PACE
