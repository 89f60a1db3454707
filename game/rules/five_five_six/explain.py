"""The 5.56mm rules calculator (``python -m game explain five_five_six ...``): the numbers
a Fire action, a grenade throw, hand to hand, a Sprint or a Move over difficult ground
uses and the exact chance of each result.

A Fire action lists the distance base to base (``range_in``), the weapon's range
category, the TN with every named modifier, the ability and other roll modifiers, the
spotting roll if one is needed, and the chance of each end: not spotted, a miss, or
each 5.01 result of a hit. Re-rolls from skills are not counted in the odds.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from game.core.api import Action, Explanation
from game.rules.five_five_six.actions import (
    Drive,
    Engage,
    FastRope,
    Fire,
    Move,
    Pilot,
    Sprint,
    Throw,
)
from game.rules.five_five_six.board import Board
from game.rules.five_five_six.catalog import Firearm, catalog
from game.rules.five_five_six.checks import Contest, Modifier
from game.rules.five_five_six.combat.arms import firearm, is_launcher, round_of, shot_range
from game.rules.five_five_six.combat.fire_play import distance_in, shot_check, spotting_checks
from game.rules.five_five_six.combat.grenade_play import grenade, throw_category, throw_distance_in
from game.rules.five_five_six.combat.grenades import blast_bonus, blast_damage, throw_check
from game.rules.five_five_six.combat.heavy import rocket_damage
from game.rules.five_five_six.combat.injury import (
    body_armour_bonus,
    damage_contest,
    injury_odds,
    shot_outcomes,
)
from game.rules.five_five_six.combat.melee_play import attack_contest
from game.rules.five_five_six.combat.weapons import damage_at
from game.rules.five_five_six.helicopters.explain import explain_pilot, explain_rope
from game.rules.five_five_six.model import RADIUS, Character
from game.rules.five_five_six.movement.rules import crossing_check, pace, sprint_odds
from game.rules.five_five_six.penalties import penalties
from game.rules.five_five_six.terrain.ground import stretches
from game.rules.five_five_six.vehicles.aim import glass
from game.rules.five_five_six.vehicles.explain import explain_drive, explain_vehicle_shot


def explain(board: Board, action: Action) -> Explanation:
    """Numbers and outcome chances of a legal ``action`` (actions without a roll: the
    numbers only, one sure outcome), from :data:`EXPLAIN` by its type."""
    answer = EXPLAIN.get(type(action))
    if answer is None:
        return Explanation(numbers={}, outcomes={"done": 1.0})
    return answer(board, action)


def _fire_at(board: Board, action: Fire) -> Explanation:
    """A shot at a vehicle (12.3) or at a man (5.0)."""
    if action.target in board.vehicles:
        return explain_vehicle_shot(board, action)
    return _fire(board, action)


def _sprint(board: Board, action: Sprint) -> Explanation:
    """4.1 Sprint: 4" plus a D6 plus Movement, the chance of each distance."""
    character = board.characters[action.character]
    odds = sprint_odds(character.profile.movement, character.effects.move_loss)
    return Explanation(
        numbers={"ability": character.profile.movement, "basic_in": 4},
        outcomes={f'{inches}"': float(p) for inches, p in sorted(odds.items())},
    )


_PACES = {Fraction(1): "full pace", Fraction(1, 2): "half pace", Fraction(1, 4): "quarter pace"}


def _move(board: Board, action: Move) -> Explanation:
    """6.1: the difficult stretches a straight Move crosses, in order (the ground, its TN,
    the inches it counts: its length, or an obstacle's height), and the chance of each
    6.02 pace for the first of them: D6 + Movement (and standing penalties) against its
    TN; +2 or better full pace, +1 half, +0 quarter, less: not crossed."""
    character = board.characters[action.character]
    parts = stretches(board, character.pos, action.to)
    numbers: dict[str, Any] = {
        "distance_in": round(math.dist(character.pos, action.to) / 100, 2),
        "ability": character.profile.movement,
        "stretches": [
            {"ground": s.piece.player_name, "tn": s.tn, "counts_in": round(s.counts_in, 2)}
            for s in parts
        ],
    }
    if not parts:
        return Explanation(numbers=numbers, outcomes={"done": 1.0})
    first = parts[0]
    if first.tn is None:
        return Explanation(numbers=numbers, outcomes={"stops before it": 1.0})
    check = crossing_check(
        first.tn,
        character.profile.movement,
        ground=first.piece.player_name,
        extra=penalties(board, character),
    )
    numbers.update(check.numbers())
    outcomes: dict[str, float] = {}
    for margin, p in check.margins().items():
        kept = pace(margin)
        label = "not crossed" if kept is None else _PACES[kept]
        outcomes[label] = outcomes.get(label, 0.0) + float(p)
    return Explanation(numbers=_plain(numbers), outcomes=outcomes)


def _fire(board: Board, action: Fire) -> Explanation:
    firer = board.characters[action.character]
    target = board.characters[action.target]
    weapon = firearm(action.weapon)
    gap_in = distance_in(board, firer, target)
    round_id = round_of(firer, action.weapon, action.round)
    category = shot_range(weapon, round_id, gap_in)
    check = shot_check(board, firer, target, action.weapon, round_id=round_id)
    assert category is not None and check is not None
    numbers: dict[str, Any] = {
        "range_in": round(gap_in, 2),
        "range_category": category.value,
        "visible_share": round(board.sight(firer, target).visible_share, 3),
        **check.numbers(),
    }
    seen = Fraction(1)
    spots = spotting_checks(board, firer, target)
    if spots:
        numbers["spotting_target_number"] = spots[0].tn.value
        numbers["spotting_rolls"] = len(spots)
        numbers["spotting_bonus"] = spots[0].bonus  # the Morale ability and its +2s (3.22)
        for spot in spots:
            seen *= spot.chance
    armour = 0
    if "body_armour" in target.profile.gear:
        armour = body_armour_bonus(
            weapon.category.value, weak_against=weapon.body_armour_bonus == 1
        )
    if is_launcher(action.weapon) and round_id is not None:  # 7.5: the grenade's Damage
        damage = catalog().grenades[round_id].damage or 0
    else:
        damage = damage_at(weapon, category, round_id=round_id) or 0
    contest = damage_contest(
        damage,
        target.profile.strength,
        damage_name=f"{weapon.name} damage",
        wound_penalty=target.effects.tn_penalty,
        armour=armour,
        extra_roll=(Modifier("Armoured glass", glass(board, target)),),
    )
    numbers["damage"] = damage
    numbers["target_wound_penalty"] = target.effects.tn_penalty  # 5.01: wounds stack
    numbers["target_strength"] = target.profile.strength
    outcomes: dict[str, Fraction] = {}
    if seen < 1:
        outcomes["not spotted"] = 1 - seen
    for name, p in shot_outcomes(check.chance, contest).items():
        outcomes[name] = outcomes.get(name, Fraction(0)) + seen * p
    if is_launcher(action.weapon) and round_id is not None:
        numbers.update(_burst_numbers(board, target, round_id, seen * check.chance))
    elif weapon.blast:
        numbers.update(_rocket_numbers(board, target, weapon, seen * check.chance))
    return Explanation(numbers=_plain(numbers), outcomes={k: float(v) for k, v in outcomes.items()})


def _burst_numbers(board: Board, target: Character, round_id: str, hit: Fraction) -> dict[str, Any]:
    """7.5: on a hit the round goes off where the target stands, so everyone else in
    reach of its blast table tests as for a grenade at that distance (to the edge of his
    base). ``blast_reach_in``: the table's reach; ``blast_if_hit``: for each man in
    reach, the chance the blast wounds him once the round hits (frag and white
    phosphorous; a stun or gas round lists who is in reach, at 1); ``blast_on_target``:
    the overall chance of a hit that bursts on him. A miss scatters (3.26/3.27): where it
    lands is not counted here."""
    kind = catalog().grenades[round_id]
    blast = _Blast(hit)
    for other, distance in _around(board, target):
        if kind.effect != "wound":
            if blast_bonus(kind.blast, distance) is not None:
                blast.caught[other.id] = 1.0
            continue
        armour = 0
        if kind.body_armour and "body_armour" in other.profile.gear:
            armour = body_armour_bonus("grenade")
        blast.add(
            other,
            blast_damage(
                kind.blast,
                distance,
                other.profile.strength,
                name=kind.name,
                armour=armour,
                wound_penalty=other.effects.tn_penalty,
            ),
        )
    return blast.numbers(_reach(kind.blast))


def _rocket_numbers(
    board: Board, target: Character, weapon: Firearm, hit: Fraction
) -> dict[str, Any]:
    """7.9: a LAW or RPG that hits bursts on the target, and everyone else within its
    blast table (7.91 LAW, 7.92 RPG), friend or foe, the firer too, takes D6 + the row
    for his distance to the edge of his base (body armour counts as against a heavy
    weapon; a man aboard a vehicle is shielded by the hull, V32). A miss does nothing
    (Interpretation R12). ``blast_reach_in``: the table's reach; ``blast_if_hit``: each
    man in reach and his chance of a wound once the rocket hits; ``blast_injuries``: each
    man's overall chance of each 5.01 result, the hit counted; ``blast_on_target``: the
    chance of the hit."""
    blast = _Blast(hit)
    for other, distance in _around(board, target):
        armour = body_armour_bonus("heavy") if "body_armour" in other.profile.gear else 0
        blast.add(
            other,
            rocket_damage(
                hit=True,
                direct=False,
                distance_in=distance,
                damage=weapon.damage or 0,
                table=weapon.blast,
                strength=other.profile.strength,
                armour=armour,
                wound_penalty=other.effects.tn_penalty,
            ),
        )
    return blast.numbers(_reach(weapon.blast))


def _around(board: Board, target: Character) -> list[tuple[Character, float]]:
    """Everyone on the table but the target and the men aboard vehicles (V32: the hull
    takes the blast), with his distance in inches from the target to his base's edge."""
    return [
        (other, max(0.0, math.dist(other.pos, target.pos) - RADIUS) / 100)
        for other in sorted(board.on_table(), key=lambda c: c.id)
        if other is not target and other.aboard is None
    ]


def _reach(table: Sequence[Any]) -> float:
    """A blast table's reach: the last row that still wounds."""
    return max(
        (row.upto_in for row in table if row.upto_in is not None and row.bonus is not None),
        default=0.0,
    )


class _Blast:
    """Who a blast catches once its round or rocket hits (chance ``hit``)."""

    def __init__(self, hit: Fraction) -> None:
        self.hit = hit
        self.caught: dict[str, float] = {}
        self.injuries: dict[str, dict[str, float]] = {}

    def add(self, other: Character, contest: Contest | None) -> None:
        if contest is not None:
            no_wound = injury_odds(contest).get("no wound", Fraction(0))
            self.caught[other.id] = float(1 - no_wound)
            self.injuries[other.id] = _injuries(contest, self.hit)

    def numbers(self, reach: float) -> dict[str, Any]:
        return {
            "blast_reach_in": reach,
            "blast_if_hit": self.caught,
            "blast_on_target": float(self.hit),
            "blast_injuries": self.injuries,
        }


def _injuries(contest: Contest, hit: Fraction) -> dict[str, float]:
    """The overall chance of each 5.01 result of a blast that comes only with a hit of
    chance ``hit`` (no wound left out)."""
    return {
        label: float(hit * p) for label, p in injury_odds(contest).items() if label != "no wound"
    }


def _plain(numbers: dict[str, Any]) -> dict[str, Any]:
    """Exact chances as floats, so the answer is plain JSON."""
    return {k: float(v) if isinstance(v, Fraction) else v for k, v in numbers.items()}


def _throw(board: Board, action: Throw) -> Explanation:
    thrower = board.characters[action.character]
    kind = grenade(action.grenade)
    gap_in = throw_distance_in(thrower, action.at)
    category = throw_category(kind, gap_in)
    assert category is not None
    check = throw_check(
        category,
        thrower.profile.strength,
        holding_on=action.holding,
        extra=penalties(board, thrower),
    )
    numbers = {"range_in": round(gap_in, 2), "range_category": category, **check.numbers()}
    on_target = float(check.chance)
    return Explanation(
        numbers=_plain(numbers),
        outcomes={"lands on the point": on_target, "scatters": 1.0 - on_target},
    )


def _engage(board: Board, action: Engage) -> Explanation:
    attacker = board.characters[action.character]
    defender = board.characters[action.target]
    contest = attack_contest(board, attacker, defender, charged=board.gap(attacker, defender) > 100)
    numbers = {"range_in": round(distance_in(board, attacker, defender), 2), **contest.numbers()}
    hit = float(contest.chance)
    return Explanation(numbers=_plain(numbers), outcomes={"hit": hit, "no hit": 1.0 - hit})


#: The rules calculator's answer by action type (the 5.56mm dispatch of ``explain``);
#: the types missing here roll nothing and are answered "done".
EXPLAIN: dict[type[Action], Callable[[Board, Any], Explanation]] = {
    Fire: _fire_at,
    Drive: explain_drive,
    Pilot: explain_pilot,
    FastRope: explain_rope,
    Throw: _throw,
    Engage: _engage,
    Move: _move,
    Sprint: _sprint,
}
