"""Carrying out a Fire action on the board (3.2): the spotting roll when less than half
of the target is in sight (3.21/3.22), the roll to hit against the range TN and every
modifier (3.23-3.25), then the injury roll (5.0/5.01). The numbers come from the pure
functions of ``fire.py`` and ``injury.py``; this module gathers the situation from the
board and applies the results."""

from __future__ import annotations

from game.core.api import DieRolled, Event
from game.rules.five_five_six.arms import AIMED, firearm, lacks_skill, range_category
from game.rules.five_five_six.board import Board
from game.rules.five_five_six.catalog import Firearm, RangeCategory, catalog
from game.rules.five_five_six.checks import Check, CheckResult, Contest, Modifier, roll_d6
from game.rules.five_five_six.events import Died, NotSpotted, ShotFired, Wounded
from game.rules.five_five_six.fire import (
    FireSituation,
    aim_bonus,
    concealment_of,
    fire_check,
    must_spot,
    spotting_check,
    spotting_tn,
)
from game.rules.five_five_six.injury import (
    Wound,
    add_wound,
    body_armour_bonus,
    damage_contest,
    mortal_rounds,
    wound_from_margin,
)
from game.rules.five_five_six.model import Character, Status


def distance_in(board: Board, a: Character, b: Character) -> float:
    """Base to base, in inches (how a tabletop measures between two models)."""
    return board.gap(a, b) / 100


def fired_unmoved(board: Board, target: Character) -> bool:
    """3.22: the target fired this turn, or fired last turn and has not moved since."""
    if target.fired_turn == board.turn:
        return True
    return target.fired_turn == board.turn - 1 and not target.moved_since_fired


def closest_in_best_sight(board: Board, firer: Character) -> Character | None:
    """3.24: the enemy the firer sees best (largest share in sight), the closest of
    those; a shot at anyone else is +1 TN (the Sniper skill ignores it)."""
    best: tuple[float, float] | None = None
    found: Character | None = None
    for enemy in board.enemies_of(firer.side):
        if not board.in_field(firer, enemy):
            continue
        share = board.sight(firer, enemy).visible_share
        if share <= 0:
            continue
        key = (-share, board.gap(firer, enemy))
        if best is None or key < best:
            best, found = key, enemy
    return found


def spotting(board: Board, firer: Character, target: Character, weapon: Firearm) -> Check | None:
    """The spotting check the firer must pass before shooting (3.2), or None when at
    least half the target is in sight."""
    share = board.sight(firer, target).visible_share
    if not must_spot(share):
        return None
    tn = spotting_tn(
        distance_in(board, firer, target),
        share,
        target_stealth=target.stealth,
        extra=firer.effects.modifiers(),
    )
    return spotting_check(
        tn,
        firer.profile.morale,
        target_fired_unmoved=fired_unmoved(board, target),
        tracker=firer.profile.has("tracker"),
    )


def situation(
    board: Board, firer: Character, target: Character, weapon_id: str, category: RangeCategory
) -> FireSituation:
    """Everything besides range that changes the shot (3.24/3.25)."""
    weapon = firearm(weapon_id)
    go = board.go
    second = go is not None and go.fired_at == target.id
    sight = board.sight(firer, target)
    aimed = go is not None and go.aimed and not second
    sees_back = board.in_field(target, firer) and board.sight(target, firer).visible_share > 0
    return FireSituation(
        concealment=concealment_of(sight.visible_share),
        target_stealth=target.stealth,
        target_hiding=target.hidden,
        specialist_without_skill=lacks_skill(firer, weapon),
        not_closest_target=closest_in_best_sight(board, firer) is not target,
        sniper_skill=firer.profile.has("sniper"),
        second_shot_recoil=second and weapon.second_fire_penalty > 0,
        extra=firer.effects.modifiers(),
        target_incapacitated=target.status is Status.INCAPACITATED,
        target_cannot_see_firer=not sees_back,
        aim_bonus=_aim(firer, weapon, category) if aimed else 0,
    )


def _aim(firer: Character, weapon: Firearm, category: RangeCategory) -> int:
    return aim_bonus(
        category.value,
        sniper_rifle=weapon.category.value == "sniper_rifle",
        telescopic_sight="telescopic_sight" in firer.profile.gear,
    )


def shot_check(board: Board, firer: Character, target: Character, weapon_id: str) -> Check | None:
    """The roll to hit, or None when the target is out of the weapon's range bands."""
    weapon = firearm(weapon_id)
    category = range_category(weapon, distance_in(board, firer, target))
    if category is None:
        return None
    return fire_check(
        category.value,
        firer.profile.weapons,
        situation(board, firer, target, weapon_id, category),
    )


def damage_of(weapon: Firearm, category: RangeCategory) -> int:
    """The weapon's DMG; shotguns by range (7.31)."""
    base = weapon.damage or 0
    if weapon.category.value == "shotgun":
        base += catalog().weapons.shotgun_damage[category]
    return base


def fire(board: Board, firer: Character, weapon_id: str, target_id: str) -> list[Event]:
    """One Fire action: spot, shoot, wound."""
    target = board.characters[target_id]
    weapon = firearm(weapon_id)
    go = board.go
    events: list[Event] = []
    spot = spotting(board, firer, target, weapon)
    if spot is not None:
        result = spot.roll(board.rng)
        events.append(_rolled(firer, "spots", result))
        if not result.success:
            events.append(
                NotSpotted(
                    character=firer.id,
                    label=firer.name,
                    target=target.id,
                    target_label=target.name,
                )
            )
            return events
    category = range_category(weapon, distance_in(board, firer, target))
    assert category is not None  # why_not checked the range
    check = fire_check(
        category.value,
        firer.profile.weapons,
        situation(board, firer, target, weapon_id, category),
    )
    if go is not None:
        go.fired_at = target.id
    firer.fired_turn = board.turn
    firer.moved_since_fired = False
    hit = check.roll(board.rng)
    events.append(_rolled(firer, f"fires ({weapon.name})", hit))
    events.append(
        ShotFired(
            character=firer.id,
            label=firer.name,
            target=target.id,
            target_label=target.name,
            weapon=weapon.name,
            hit=hit.success,
        )
    )
    if hit.success:
        armour = 0
        if "body_armour" in target.profile.gear:
            armour = body_armour_bonus(
                weapon.category.value, weak_against=weapon.body_armour_bonus == 1
            )
        contest = damage_contest(
            damage_of(weapon, category),
            target.profile.strength,
            damage_name=f"{weapon.name} damage",
            wound_penalty=target.effects.tn_penalty,
            armour=armour,
        )
        events += injure(board, target, contest)
    return events


def injure(board: Board, target: Character, contest: Contest) -> list[Event]:
    """5.0: the attacker rolls the damage TN, the target D6 + Strength against it; a
    wound from 5.01 is added to his others (a Mortal wound incapacitates him, dying in
    D6+1 turns; -5 or worse kills him)."""
    result = contest.roll(board.rng)
    events: list[Event] = [
        DieRolled(
            who=target.name,
            purpose="damage TN",
            die="D6",
            faces=(result.tn_roll,),
            modifiers=tuple((m.name, m.value) for m in contest.tn_bonuses),
        ),
        DieRolled(
            who=target.name,
            purpose="resists injury",
            die="D6",
            faces=(result.roll,),
            modifiers=tuple((m.name, m.value) for m in contest.bonuses),
            target=result.tn,
            success=result.success,
        ),
    ]
    wound = wound_from_margin(result.margin)
    events.append(
        Wounded(character=target.id, label=target.name, wound="" if wound is None else wound.label)
    )
    if wound is None:
        return events
    target.wounds = list(add_wound(tuple(target.wounds), wound))
    if wound is Wound.DEAD:
        target.status = Status.DEAD
        target.dying_in = None
        events.append(Died(character=target.id, label=target.name, why="killed outright"))
    elif target.effects.incapacitated and target.status is Status.ACTIVE:
        target.status = Status.INCAPACITATED
        target.dying_in = mortal_rounds(roll_d6(board.rng))
    return events


def _rolled(who: Character, purpose: str, result: CheckResult) -> DieRolled:
    check = result.check
    mods = tuple((m.name, m.value) for m in check.bonuses)
    return DieRolled(
        who=who.name,
        purpose=purpose,
        die="D6",
        faces=(result.roll,),
        modifiers=mods,
        target=check.tn.value,
        success=result.success,
    )


def is_aimed_weapon(weapon_id: str) -> bool:
    return firearm(weapon_id).category.value in AIMED


__all__ = ["Modifier", "fire", "injure", "shot_check", "spotting"]
