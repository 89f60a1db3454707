"""What things are worth to the 5.56mm bot, in "men" (1.0 = one enemy out of the fight).

Every chance here comes from the rules' own modules (``explain`` for a Fire action,
``firing.shot_check``/``spotting_checks`` for a shot from a place not yet reached, the
injury, grenade, treatment and radio checks), asked of a board the bot may read: the
copy in its seat's view, where enemies' Hide and Stealth are unknown (cleared).

- :func:`loss_of`: how much of a man his wounds take away (5.01: TN penalties, a single
  action with a Critical wound, out of the fight when Mortal or Dead).
- :func:`worth`: what a character counts for his side (leaders, specialist weapons).
- :func:`outcome_value`: a result's worth against a character who already has wounds.
- :func:`fire_value`, :func:`shot_value`, :func:`auto_fire_value`: expected worth of a shot.
- :func:`threat`: what an enemy's best shot at a character is expected to take from him.
- :func:`grenade_value`, :func:`blast_harm`: a grenade going off at a point.
- :func:`treat_value`, :func:`radio_value`: First Aid/Treat Injury and Use Radio.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from game.core.api import Action
from game.core.memo import per_game
from game.maps.tabletop import Point
from game.rules.five_five_six.actions import AutoFire, Fire, Throw
from game.rules.five_five_six.board import Board
from game.rules.five_five_six.checks import Contest
from game.rules.five_five_six.combat.arms import firearm, firearms_of, range_category
from game.rules.five_five_six.combat.autofire import extra_shot_modifiers, first_shot_modifiers
from game.rules.five_five_six.combat.fire_play import (
    auto_fire_profile,
    damage_of,
    distance_in,
    shot_check,
    spotting_checks,
)
from game.rules.five_five_six.combat.grenade_play import grenade, throw_category, throw_distance_in
from game.rules.five_five_six.combat.grenades import (
    blast_damage,
    gas_contest,
    stun_contest,
    throw_check,
)
from game.rules.five_five_six.combat.heavy import rocket_damage
from game.rules.five_five_six.combat.injury import (
    Wound,
    add_wound,
    body_armour_bonus,
    damage_contest,
    improved,
    injury_odds,
    treat_check,
    wound_effects,
)
from game.rules.five_five_six.explain import explain
from game.rules.five_five_six.legal import fire_problem
from game.rules.five_five_six.model import RADIUS, Character
from game.rules.five_five_six.morale.rules import radio_check
from game.rules.five_five_six.movement.play import radio_leader_distance
from game.rules.five_five_six.penalties import penalties

SPECIALIST = ("machinegun", "sniper_rifle", "heavy")
LABELS = {w.label: w for w in Wound}
FIRST_AID_SHARE = 0.8  # First Aid holds D3+1 turns (3.5); it may be given again
SAVED_LIFE = 0.5  # a dying man saved: no death for his squad to test Morale over (9.4)


def loss_of(wounds: tuple[Wound, ...]) -> float:
    """The part of a man his wounds take: all of him when Mortal or Dead (out of the
    fight, dying unless treated), otherwise a tenth a point of TN penalty, more for a
    single action, and a little for each wound (the next one stacks on it)."""
    effects = wound_effects(wounds)
    if effects.dead:
        return 1.0
    if effects.incapacitated:
        return 0.95
    lost = 0.05 * len(wounds) + 0.1 * effects.tn_penalty + 0.15 * effects.single_action
    return min(0.7, lost)


def worth(character: Character) -> float:
    """What losing this character costs his side: a leader and a man with a machinegun,
    sniper rifle or rocket count more; so do the good shots."""
    value = 1.0 + (0.35 if character.profile.leader else 0.0)
    value += 0.05 * character.profile.weapons
    for weapon in firearms_of(character):
        if firearm(weapon).category.value in SPECIALIST:
            value += 0.25
            break
    return value


def outcome_value(target: Character, label: str) -> float:
    """The loss a shot's result adds to ``target`` (0 for a miss or no wound)."""
    wound = LABELS.get(label)
    if wound is None:
        return 0.0
    before = tuple(target.wounds)
    return max(0.0, loss_of(add_wound(before, wound)) - loss_of(before))


@per_game
def _contest_loss(contest: Contest, wounds: tuple[Wound, ...]) -> float:
    before = loss_of(wounds)
    total = 0.0
    for label, p in injury_odds(contest).items():
        wound = LABELS.get(label)
        if wound is not None:
            total += float(p) * max(0.0, loss_of(add_wound(wounds, wound)) - before)
    return total


def contest_loss(contest: Contest, target: Character) -> float:
    """The expected loss an injury contest adds to ``target``."""
    return _contest_loss(contest, tuple(target.wounds))


def fire_value(board: Board, action: Fire) -> float:
    """A legal Fire action's expected worth from the calculator's exact outcomes (the
    spotting roll, the hit, each 5.01 result), plus a rocket's blast on the others."""
    target = board.characters[action.target]
    outcomes = explain(board, action).outcomes
    value = sum(p * outcome_value(target, label) for label, p in outcomes.items())
    value *= worth(target)
    weapon = firearm(action.weapon)
    if weapon.category.value == "heavy":
        hit = 1.0 - outcomes.get("miss", 0.0) - outcomes.get("not spotted", 0.0)
        value += hit * _rocket_splash(board, action.weapon, target)
    return value


def _rocket_splash(board: Board, weapon_id: str, target: Character) -> float:
    weapon = firearm(weapon_id)
    table = weapon.blast
    value = 0.0
    for other in board.on_table():
        if other is target or other.aboard is not None:  # V32: the hull takes the blast
            continue
        gap_in = max(0.0, math.dist(other.pos, target.pos) - RADIUS) / 100
        contest = rocket_damage(
            hit=True,
            direct=False,
            distance_in=gap_in,
            damage=weapon.damage or 0,
            table=table,
            strength=other.profile.strength,
            wound_penalty=other.effects.tn_penalty,
        )
        if contest is not None:
            sign = 1.0 if other.side == target.side else -1.5
            value += sign * contest_loss(contest, other) * worth(other)
    return value


def shot_value(board: Board, firer: Character, weapon_id: str, target: Character) -> float:
    """The worth of a Fire action ``firer`` could take as he stands on ``board`` (0 when
    the rules would not allow it: range, field of sight, line of sight): the same
    spotting, hit and injury chances as :func:`fire_value`, from the rules' checks."""
    if fire_problem(board, firer, weapon_id, target.id, check_go=False) is not None:
        return 0.0
    weapon = firearm(weapon_id)
    category = range_category(weapon, distance_in(board, firer, target))
    check = shot_check(board, firer, target, weapon_id)
    if category is None or check is None:
        return 0.0
    seen = 1.0
    for spot in spotting_checks(board, firer, target):
        seen *= float(spot.chance)
    damage = damage_of(weapon, category)
    return seen * float(check.chance) * _injury(weapon.category.value, damage, target)


def best_shot(
    board: Board, firer: Character, weight: Callable[[Character], float] | None = None
) -> float:
    """His best single Fire action from where he stands (each target's value times
    ``weight(target)`` when given)."""
    best = 0.0
    for enemy in board.enemies_of(firer.side):
        times = 1.0 if weight is None else weight(enemy)
        for weapon in firearms_of(firer):
            if weapon in firer.empty:
                continue
            best = max(best, times * shot_value(board, firer, weapon, enemy))
    return best


def auto_fire_value(board: Board, action: AutoFire) -> float:
    """4.3: the normal shot at the first target, each extra shot with its Auto-Fire
    modifiers; a target is spotted once for the whole burst."""
    firer = board.characters[action.character]
    weapon = firearm(action.weapon)
    profile = auto_fire_profile(weapon)
    first = board.characters[action.targets[0]]
    go = board.go
    saved = None if go is None else go.fired_at
    total = 0.0
    seen: dict[str, float] = {}
    try:
        for shot, target_id in enumerate(action.targets):
            target = board.characters[target_id]
            if target_id not in seen:
                p = 1.0
                for spot in spotting_checks(board, firer, target):
                    p *= float(spot.chance)
                seen[target_id] = p
            if shot == 0:
                extra = first_shot_modifiers(profile)
            else:
                gap_in = board.gap(first, target) / 100 if target is not first else 0.0
                extra = extra_shot_modifiers(
                    profile, shot, other_target=target is not first, from_first_in=gap_in
                )
            check = shot_check(board, firer, target, action.weapon, extra=extra)
            if check is None:
                continue
            if go is not None and go.character == firer.id:
                go.fired_at = target_id
            category = range_category(weapon, distance_in(board, firer, target))
            assert category is not None
            hit = seen[target_id] * float(check.chance)
            total += hit * _injury(weapon.category.value, damage_of(weapon, category), target)
    finally:
        if go is not None:
            go.fired_at = saved
    return total


def _injury(kind: str, damage: int, target: Character) -> float:
    armour = body_armour_bonus(kind) if "body_armour" in target.profile.gear else 0
    contest = damage_contest(
        damage,
        target.profile.strength,
        damage_name="damage",
        wound_penalty=target.effects.tn_penalty,
        armour=armour,
    )
    return contest_loss(contest, target) * worth(target)


def threat(board: Board, enemy: Character, target: Character) -> float:
    """What ``enemy``'s best Fire action at ``target`` is expected to take from him (in
    his worth), as they stand on ``board``; an enemy out of range or sight threatens
    nothing. His facing is not counted: he may turn before he fires."""
    best = 0.0
    if not board.sight(enemy, target).clear:
        return 0.0
    gap_in = distance_in(board, enemy, target)
    spotted: float | None = None
    for weapon_id in firearms_of(enemy):
        if weapon_id in enemy.empty:
            continue
        weapon = firearm(weapon_id)
        category = range_category(weapon, gap_in)
        if category is None:
            continue
        check = shot_check(board, enemy, target, weapon_id)
        if check is None:
            continue
        if spotted is None:
            spotted = 1.0
            for spot in spotting_checks(board, enemy, target):
                spotted *= float(spot.chance)
        hit = spotted * float(check.chance)
        damage = damage_of(weapon, category)
        if weapon.category.value == "heavy":
            damage = weapon.damage or damage
        best = max(best, hit * _injury(weapon.category.value, damage, target))
    return best


def blast_harm(board: Board, grenade_id: str, at: Point, character: Character) -> float:
    """The expected loss to ``character`` of the grenade going off at ``at``: wounds for
    frag and white phosphorus (7.81/7.86), a lost action or two for stun (7.82/7.83),
    +2 TN for CS gas (7.84), counted as part of a man."""
    kind = grenade(grenade_id)
    table = kind.blast
    if character.aboard is not None:  # V32: the hull takes the blast
        return 0.0
    gap_in = max(0.0, math.dist(character.pos, at) - RADIUS) / 100
    if kind.effect == "wound":
        armour = body_armour_bonus("grenade") if kind.body_armour else 0
        if "body_armour" not in character.profile.gear:
            armour = 0
        contest = blast_damage(
            table,
            gap_in,
            character.profile.strength,
            name=kind.name,
            armour=armour,
            wound_penalty=character.effects.tn_penalty,
        )
        return 0.0 if contest is None else contest_loss(contest, character)
    if kind.effect == "lose_actions":
        stun = stun_contest(table, gap_in, character.profile.morale)
        return 0.0 if stun is None else 0.2 * _fails(stun)
    gas = gas_contest(
        table, gap_in, character.profile.strength, respirator="respirator" in character.profile.gear
    )
    return 0.0 if gas is None else 0.25 * _fails(gas)


def _fails(contest: Contest) -> float:
    return float(sum(p for margin, p in contest.margins().items() if margin < 0))


def grenade_value(board: Board, action: Throw) -> float:
    """A throw's expected worth: enemies caught by the blast where it lands, less the
    friends caught (counted whole even on a scatter: they stand too near)."""
    thrower = board.characters[action.character]
    kind = grenade(action.grenade)
    gap_in = throw_distance_in(thrower, action.at)
    category = throw_category(kind, gap_in)
    if category is None:
        return 0.0
    check = throw_check(
        category,
        thrower.profile.strength,
        holding_on=action.holding,
        extra=penalties(board, thrower),
    )
    on_target = float(check.chance)
    gain = 0.0
    harm = 0.0
    for character in board.on_table():
        hurt = blast_harm(board, action.grenade, action.at, character) * worth(character)
        if character.side == thrower.side:
            harm += hurt
        else:
            gain += hurt
    return on_target * gain - 2.0 * harm


def treat_value(board: Board, medic: Character, patient: Character, *, first_aid: bool) -> float:
    """3.5/4.4: the chance of making his worst wound one level better times what that
    gives back, more for a dying man saved (First Aid only for a while: counted at
    :data:`FIRST_AID_SHARE`)."""
    if not patient.wounds:
        return 0.0
    wounds = tuple(patient.wounds)
    index = max(range(len(wounds)), key=lambda i: (wounds[i], -i))
    worst = wounds[index]
    if worst is Wound.DEAD:
        return 0.0
    better = improved(worst)
    after = wounds[:index] + (() if better is None else (better,)) + wounds[index + 1 :]
    gain = loss_of(wounds) - loss_of(after)
    if wound_effects(wounds).incapacitated and not wound_effects(after).incapacitated:
        gain += SAVED_LIFE
    check = treat_check(
        worst,
        medic.profile.morale,
        on_self=medic is patient,
        first_aid_kit="first_aid_kit" in medic.profile.gear,
        treat_injury=not first_aid,
        extra=penalties(board, medic),
    )
    return float(check.chance) * gain * worth(patient) * (FIRST_AID_SHARE if first_aid else 1.0)


def radio_value(board: Board, caller: Character) -> float:
    """4.9: the chance of the call times the men it brings on."""
    radio = board.setting.scenario.radio
    if radio is None or board.radio_used:
        return 0.0
    leader_morale, leader_in = radio_leader_distance(board, caller)
    check = radio_check(
        radio.tn, caller.profile.morale, leader_morale=leader_morale, leader_within_in=leader_in
    )
    return float(check.chance) * 0.8 * len(radio.characters)


def is_shot(action: Action) -> bool:
    return isinstance(action, Fire | AutoFire)
