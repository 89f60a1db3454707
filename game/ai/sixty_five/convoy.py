"""Scenario 6 (Horror on Highway 1, '65 24) for the side whose vehicles score by leaving
the map (``victory.own_vehicles_exited``, the Americans): the convoy's own values.

- **AP danger**: the general judge reads enemy fire by the HE Damage Draw, which misses
  what an RPG does to a vehicle. A vehicle ending a move, in the impulse or the Reserve
  phase, pays for each enemy AP weapon that will have it in range and sight: the chance
  the shot destroys it (15a-c, by the rules' own to-hit and armour draw over the cards
  this seat has not seen; an RPG hit is enough on a truck) times what the vehicle is
  worth to both sides (the enemy's VP for it and its riders, our VP for driving it off).
- **Clear the way**: a shot or an AC-47 strike on a unit that can destroy our vehicles is
  worth that much more (its danger to the convoy goes with it).
- **Riders out of the trucks**: a truck dies of one RPG hit or two HE hits and takes its
  riders with it (8e), so its riders get off while enemies are about; an M-113's riders
  stay aboard (armour, and they leave the map with it).
- **Leave by C1**: a vehicle at the exit hex drives off (2 VP, its riders safe) before
  anything else it might do there; stopping on it counts more as the turns run out.
- **Keep the cards**: no discards, since each one draws the turn's End Turn cards sooner
  and the convoy needs every impulse of its seven turns.

Everything here is 0 for any other side and scenario, so they play as before.
"""

from __future__ import annotations

from game.ai.sixty_five.plays import Judge
from game.ai.sixty_five.values import GREEN, Outlook
from game.core.memo import forget_on_new_game
from game.rules.sixty_five.actions import Exit, Play
from game.rules.sixty_five.combat.artillery import artillery_plan
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.scenarios.puff import PUFF, puff_block
from game.rules.sixty_five.vehicles.fire import (
    ap_range_modifier,
    armour_result,
    plan_penetration,
    plan_to_hit,
    targeting_result,
)
from game.rules.sixty_five.vehicles.moves import is_vehicle

STAKE_PASSENGER = 2.0  # the enemy's VP for each rider lost with the vehicle
DANGER = 0.8  # share of the expected VP lost counted where a vehicle ends a move
PATH_DANGER = 0.3  # share counted for the worst hex on the way (Opportunity Fire)
MARKED_SHOOTER = 0.5  # an enemy already marked shoots next turn at the earliest
THREAT_KILL = 0.6  # share of a killer's danger to the convoy its removal is worth
RIDERS_OUT = 0.9  # a truck's riders getting off while enemies can reach the truck
EXIT_BONUS = 1.5  # a vehicle leaving by the exit hex: do it now
ON_EXIT = 1.0  # a vehicle stopping on the exit hex, times 1 to 2 as the turns pass
STAY_ABOARD = 1.0  # riders of an armoured carrier getting off
TRUCK_NEAR = 7  # hexes: an enemy this near a truck puts its riders at risk


def convoy_seat(look: Outlook) -> bool:
    """Whether this seat scores by driving its vehicles off (scenario 6's Americans)."""
    sc = look.state.scenario
    return sc is not None and sc.victory.side(look.seat).own_vehicles_exited > 0


def stake(look: Outlook, vehicle: Counter) -> float:
    """What losing ``vehicle`` costs in VP: the enemy's VP for it and its riders and
    the VP we would have had for driving it off."""
    sc = look.state.scenario
    assert sc is not None
    enemy = sc.victory.side(1 - look.seat)
    theirs = enemy.enemy_vehicle_eliminated
    if theirs is None:
        theirs = enemy.enemy_eliminated
    ours = sc.victory.side(look.seat).own_vehicles_exited
    riders = sum(1 for p in look.world.live() if p.carrier == vehicle.id)
    return theirs + ours + STAKE_PASSENGER * riders


def _outright(look: Outlook, shooter: Counter, vehicle: Counter) -> bool:
    """Scenario 6: this weapon destroys this vehicle on a hit (an RPG on a truck)."""
    rule = look.world.highway
    return rule is not None and shooter.type.id in rule.destroyed_by.get(vehicle.type.id, ())


def kill_chance(look: Outlook, shooter: Counter, vehicle: Counter, hex_id: str) -> float:
    """The chance one AP shot of ``shooter`` (where it stands) destroys ``vehicle``
    standing in ``hex_id`` (15a-c): 0 without an AP weapon, out of AP range or sight, or
    Shaken (10c). A hit destroys it when the weapon does so outright (an RPG on a truck),
    else the armour draw must reach the armour (or draw Destroy!)."""
    w = look.world
    rules = w.data.vehicle_rules
    apf = shooter.values.apf or 0
    if rules is None or apf <= 0 or shooter.shaken or shooter.hex is None:
        return 0.0
    distance = w.field.distance(shooter.hex, hex_id)
    if distance == 0 or ap_range_modifier(rules.ap_range, distance) is None:
        return 0.0
    if not w.field.los(shooter.hex, hex_id):
        return 0.0
    cards = [w.card(c) for c in (*w.draw_pile, *w.hands[1 - look.seat])]
    if not cards:
        return 0.0
    to_hit = plan_to_hit(rules, distance, shooter.values.tm or 0, w.field.cover(hex_id)).number
    hit = sum(1 for c in cards if targeting_result(c, to_hit).hit) / len(cards)
    af = vehicle.values.af
    if af is None or _outright(look, shooter, vehicle):  # a truck's soft AF 0 stops nothing
        return hit
    pen = plan_penetration(rules, apf, distance, af)
    kills = sum(1 for c in cards if armour_result(c, pen.modified_apf, pen.armour).destroys)
    return hit * kills / len(cards)


def danger(look: Outlook, vehicle: Counter, hex_id: str) -> float:
    """Expected VP lost to the enemy's AP shots at ``vehicle`` in ``hex_id``: the most
    dangerous shooter in full, a quarter of each other (they act once an impulse),
    half for one already marked (it shoots next turn at the earliest). Remembered for
    the decision: every card's moves ask again for the same hexes."""
    memo = _memo(look)
    key = (vehicle.id, hex_id)
    known = memo.get(key)
    if known is None:
        known = memo[key] = _danger(look, vehicle, hex_id)
    return known


def _danger(look: Outlook, vehicle: Counter, hex_id: str) -> float:
    shots = []
    for e in look.enemies():
        p = kill_chance(look, e, vehicle, hex_id)
        if p:
            shots.append(p * (MARKED_SHOOTER if e.marker is not None else 1.0))
    if not shots:
        return 0.0
    shots.sort(reverse=True)
    return min(1.0, shots[0] + 0.25 * sum(shots[1:])) * stake(look, vehicle)


_MEMO: tuple[Outlook | None, dict[tuple[str, str], float]] = (None, {})


def _memo(look: Outlook) -> dict[tuple[str, str], float]:
    """The values remembered for this decision (one Outlook a decision; a new one
    forgets the last)."""
    global _MEMO
    if _MEMO[0] is not look:
        _MEMO = (look, {})
    return _MEMO[1]


def _forget_memo() -> None:
    """Let the last decision's Outlook go (a new game: it held that game's state and
    board, ~5 MiB for scenario 6, until the convoy scenario came round again)."""
    global _MEMO
    _MEMO = (None, {})


forget_on_new_game(_forget_memo)


def convoy_move_value(judge: Judge, unit: Counter, path: tuple[str, ...]) -> float:
    """What moving ``unit`` along ``path`` gains against AP fire: the danger left behind
    less the danger where it stops and a share of the worst hex on the way. 0 for a
    Leg unit, an empty path or another side or scenario."""
    look = judge.look
    if not path or not is_vehicle(unit) or unit.hex is None or not convoy_seat(look):
        return 0.0
    here = danger(look, unit, unit.hex)
    there = danger(look, unit, path[-1])
    way = max((danger(look, unit, h) for h in path[:-1]), default=0.0)
    value = DANGER * (here - there) - PATH_DANGER * max(0.0, way - here)
    return value + reach_exit(look, unit, path[-1])


def reach_exit(look: Outlook, unit: Counter, hex_id: str) -> float:
    """A vehicle stopping on the exit hex (C1) can leave by the next action or Reserve
    phase: worth more as the turns run out and a vehicle short of it scores nothing."""
    only = look.world.exit_only
    if not is_vehicle(unit) or only is None or hex_id not in only[look.seat]:
        return 0.0
    if unit.hex is not None and unit.hex in only[look.seat]:
        return 0.0
    return ON_EXIT * (1.0 + look.turn_share)


def he_kill_chance(look: Outlook, shooter: Counter, truck: Counter) -> float:
    """Roughly the chance one HE shot of ``shooter`` destroys a soft vehicle where it
    stands: the expected Hits of the Damage Draw against the hits it takes to die (two,
    one when Shaken; '65 24 scenario 6)."""
    if truck.values.af is not None or truck.hex is None or shooter.shaken:
        return 0.0
    draws = look.draws_at(shooter, truck, truck.hex, truck.marker is not None)
    hits = draws * look.hit_rate()
    return min(1.0, hits / (1.0 if truck.shaken else 2.0))


def threat_of(look: Outlook, enemy: Counter) -> float:
    """How much ``enemy`` endangers our vehicles where they stand now (VP), by AP fire
    and, at a truck, by HE fire."""
    total = 0.0
    for v in look.own():
        if is_vehicle(v) and v.hex is not None:
            p = max(kill_chance(look, enemy, v, v.hex), he_kill_chance(look, enemy, v))
            total = max(total, p * stake(look, v))
    if total == 0.0 and (enemy.values.apf or 0) > 0 and not enemy.shaken:
        total = 0.5  # an AP weapon not in reach yet still waits on the road ahead
    return total


def clear_the_way(judge: Judge, play: Play, odds: dict[str, float]) -> float:
    """A shot at a unit that can destroy our vehicles: its danger times the chance the
    shot stops it (Shaken units do not fire, 10c)."""
    look = judge.look
    if not convoy_seat(look) or play.target is None:
        return 0.0
    target = look.world.units.get(play.target)
    if target is None or target.shaken:
        return 0.0
    stopped = 1.0 - odds.get("no effect", 1.0)
    return THREAT_KILL * stopped * threat_of(look, target)


def strike_clears(judge: Judge, play: Play) -> float:
    """An artillery or AC-47 strike (12) on hexes holding units that can destroy our
    vehicles: each one's danger times the chance its hex takes a Hit."""
    look = judge.look
    w = look.world
    if not convoy_seat(look):
        return 0.0
    if play.block == PUFF and w.puff is not None:
        block = puff_block(w.puff)
    else:
        block = w.data.blocks[play.block]
    total = 0.0
    for plan in artillery_plan(w, look.seat, play, block):
        hit = 1.0 - look.chances(plan.draws, GREEN)[0] if plan.draws > 0 else 0.0
        for e in look.enemies():
            if e.hex == plan.hex and not e.shaken:
                total += THREAT_KILL * hit * threat_of(look, e)
    return total


def riders_out(judge: Judge, carrier: Counter) -> float:
    """A truck's riders getting off: worth it while an enemy is near enough to reach the
    truck (it dies of one RPG hit or two HE hits, and its riders with it, 8e). Riders of
    an armoured carrier stay aboard: out of the enemy's HE fire, and leaving with it."""
    look = judge.look
    if not convoy_seat(look) or carrier.hex is None:
        return 0.0
    if carrier.values.af is not None:
        return -STAY_ABOARD
    f = look.world.field
    near = min((f.distance(carrier.hex, e.hex) for e in look.enemies() if e.hex), default=99)
    return RIDERS_OUT if near <= TRUCK_NEAR else 0.0


def keeps_hand(look: Outlook) -> bool:
    """The convoy discards nothing (6d): each card thrown away is one more drawn, and the
    turn ends at the third End Turn card drawn, so discards shorten the turns it needs
    to drive the length of the road (measured: 17-3 against random with, 14-6 without)."""
    return convoy_seat(look)


def exit_bonus(judge: Judge, action: Exit) -> float:
    """A vehicle of ours leaving by the exit hex: worth doing before anything else."""
    look = judge.look
    if not convoy_seat(look):
        return 0.0
    units = [look.world.units[u] for u in action.units]
    return EXIT_BONUS * sum(1 for u in units if is_vehicle(u))
