"""What the 5.56mm table shows before a roll: each roll's TN with every modifier named,
the roll's bonuses and the exact chance of success, and the chance of the whole action.

Read-only: the numbers come from the rules' own pure functions (``firing``, ``grenades``,
``hide``, ``injury``) applied to the view's board, which holds only what the seat may
know (an enemy's Hide and Stealth are unknown to it, so they are not counted). Nothing
here rolls a die or changes the board.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from game.core.api import Action
from game.rules.five_five_six.actions import (
    AutoFire,
    Fire,
    FirstAid,
    Hide,
    SnapFire,
    Throw,
    TreatInjury,
)
from game.rules.five_five_six.arms import firearm, range_category
from game.rules.five_five_six.autofire import extra_shot_modifiers, first_shot_modifiers
from game.rules.five_five_six.board import Board
from game.rules.five_five_six.checks import Check, Contest
from game.rules.five_five_six.firing import (
    auto_fire_profile,
    damage_of,
    distance_in,
    shot_check,
    spotting_checks,
)
from game.rules.five_five_six.grenade_play import grenade, throw_category, throw_distance_in
from game.rules.five_five_six.grenades import throw_check
from game.rules.five_five_six.ground import hide_ground
from game.rules.five_five_six.hide import hide_check
from game.rules.five_five_six.injury import (
    body_armour_bonus,
    damage_contest,
    treat_check,
    wound_from_margin,
)
from game.rules.five_five_six.model import Character
from game.rules.five_five_six.penalties import penalties
from game.rules.five_five_six.view import FiveFiveSixView


@dataclass(frozen=True)
class Roll:
    """One roll before it is made: what for, the TN lines (base, then each modifier),
    the roll's bonuses, the TN and the exact chance of success."""

    purpose: str
    tn: int | str
    tn_lines: tuple[str, ...]
    bonuses: tuple[str, ...]
    chance: Fraction

    @classmethod
    def of(cls, purpose: str, check: Check) -> Roll:
        return cls(
            purpose,
            check.tn.value,
            check.tn.lines(),
            tuple(str(m) for m in check.bonuses),
            check.chance,
        )

    @classmethod
    def of_contest(cls, purpose: str, contest: Contest, chance: Fraction) -> Roll:
        tn = "D6" + "".join(f" {m.value:+d}" for m in contest.tn_bonuses)
        return cls(
            purpose,
            tn,
            ("D6 rolled", *(str(m) for m in contest.tn_bonuses)),
            tuple(str(m) for m in contest.bonuses),
            chance,
        )


@dataclass(frozen=True)
class Preview:
    """The rolls an action makes in order, and the chance it does what it is for
    (``overall``; None when the action rolls nothing that can fail)."""

    title: str
    rolls: tuple[Roll, ...]
    overall: Fraction | None
    overall_text: str = ""


def preview(view: FiveFiveSixView, action: Action) -> Preview | None:
    """The rolls of a listed action as the seat can know them, or None for an action
    that rolls nothing (Move, Stealth, Aim, End...)."""
    board = view.board
    if isinstance(action, Fire):
        return fire_preview(board, action.character, action.weapon, action.target)
    if isinstance(action, SnapFire) and board.go is not None:
        return fire_preview(
            board, action.character, action.weapon, board.go.character, covering=True
        )
    if isinstance(action, AutoFire):
        return auto_fire_preview(board, action)
    if isinstance(action, Throw):
        return throw_preview(board, action)
    if isinstance(action, Hide):
        who = board.characters[action.character]
        check = hide_check(hide_ground(board, who.pos), who.profile.movement, penalties(board, who))
        roll = Roll.of("Hide", check)
        return Preview(f"{who.name}: Hide", (roll,), check.chance, "stays unseen and creeps")
    if isinstance(action, FirstAid | TreatInjury):
        return treat_preview(board, action)
    return None


def fire_preview(
    board: Board, firer_id: str, weapon_id: str, target_id: str, *, covering: bool = False
) -> Preview | None:
    """Spotting rolls (if any), the roll to hit and the injury roll of one shot."""
    firer, target = board.characters[firer_id], board.characters[target_id]
    check = shot_check(board, firer, target, weapon_id, covering=covering)
    if check is None:
        return None
    rolls = [Roll.of("Spot", c) for c in spotting_checks(board, firer, target)]
    rolls.append(Roll.of("To hit", check))
    seen = Fraction(1)
    for r in rolls[:-1]:
        seen *= r.chance
    hit = seen * check.chance
    wound = _wound_roll(board, firer, target, weapon_id)
    name = firearm(weapon_id).name
    title = f"{firer.name}: {name} at {target.name}"
    if wound is None:
        return Preview(title, tuple(rolls), hit, "hits")
    rolls.append(wound)
    return Preview(title, tuple(rolls), hit * (1 - wound.chance), "hits and wounds")


def _wound_roll(board: Board, firer: Character, target: Character, weapon_id: str) -> Roll | None:
    """5.0: the target's D6 + Strength against D6 + the weapon's damage; ``chance`` is
    that he resists (no wound)."""
    weapon = firearm(weapon_id)
    category = range_category(weapon, distance_in(board, firer, target))
    if category is None or weapon.damage is None:
        return None
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
    resists = sum(
        (p for m, p in contest.margins().items() if wound_from_margin(m) is None), Fraction(0)
    )
    return Roll.of_contest(f"{target.name} resists", contest, resists)


def auto_fire_preview(board: Board, action: AutoFire) -> Preview | None:
    """4.3: each shot's roll to hit with its Auto-Fire modifiers (spotting as for one
    shot); ``overall`` is the chance at least one shot hits."""
    firer = board.characters[action.character]
    profile = auto_fire_profile(firer_weapon := firearm(action.weapon))
    first = board.characters[action.targets[0]]
    rolls: list[Roll] = []
    misses = Fraction(1)
    for shot, target_id in enumerate(action.targets):
        target = board.characters[target_id]
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
        seen = Fraction(1)
        for spot in spotting_checks(board, firer, target):
            seen *= spot.chance
        rolls.append(Roll.of(f"Shot {shot + 1} at {target.name}", check))
        misses *= 1 - seen * check.chance
    if not rolls:
        return None
    title = f"{firer.name}: Auto-Fire {firer_weapon.name}"
    return Preview(title, tuple(rolls), 1 - misses, "at least one hit")


def throw_preview(board: Board, action: Throw) -> Preview | None:
    """3.2: D6 + Strength against the range TN of the point; a miss scatters (3.26)."""
    thrower = board.characters[action.character]
    kind = grenade(action.grenade)
    category = throw_category(kind, throw_distance_in(thrower, action.at))
    if category is None:
        return None
    check = throw_check(
        category,
        thrower.profile.strength,
        holding_on=action.holding,
        extra=penalties(board, thrower),
    )
    roll = Roll.of(f"Throw ({category} range)", check)
    return Preview(f"{thrower.name}: {kind.name}", (roll,), check.chance, "lands on the point")


def treat_preview(board: Board, action: FirstAid | TreatInjury) -> Preview | None:
    """3.5 / 4.4: D6 + Morale against the worst wound's TN."""
    medic, patient = board.characters[action.character], board.characters[action.patient]
    worst = patient.worst_wound
    if worst is None:
        return None
    first_aid = isinstance(action, FirstAid)
    check = treat_check(
        worst,
        medic.profile.morale,
        on_self=medic is patient,
        first_aid_kit="first_aid_kit" in medic.profile.gear,
        treat_injury=not first_aid,
        extra=penalties(board, medic),
    )
    how = "First Aid" if first_aid else "Treat Injury"
    return Preview(
        f"{medic.name}: {how} on {patient.name}",
        (Roll.of(how, check),),
        check.chance,
        "the wound is eased",
    )
