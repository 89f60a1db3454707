"""What the 5.56mm table shows before a roll: each roll's TN with every modifier named,
the roll's bonuses and the exact chance of success, the chance of the whole action and,
where the rules calculator has them, the chance of each way it ends.

Read-only: the numbers come from the rules' own pure functions (``firing``, ``grenades``,
``hide``, ``injury``, ``specials``) and calculator (``explain``) applied to the view's board, which
holds only what the seat may know (an enemy's Hide and Stealth are unknown to it, so
they are not counted). Nothing here rolls a die or changes the board.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from game.core.api import Action
from game.rules.five_five_six.actions import (
    Aim,
    AutoFire,
    Carry,
    Engage,
    Fire,
    FirstAid,
    Hide,
    SnapFire,
    Sprint,
    Throw,
    TreatInjury,
    UseRadio,
)
from game.rules.five_five_six.board import Board
from game.rules.five_five_six.checks import Check
from game.rules.five_five_six.combat.arms import firearm, firearms_of
from game.rules.five_five_six.combat.fire_play import (
    auto_fire_extra,
    auto_fire_profile,
    closest_in_best_sight,
    shot_check,
    spotting_checks,
)
from game.rules.five_five_six.combat.grenade_play import grenade, throw_category, throw_distance_in
from game.rules.five_five_six.combat.grenades import throw_check
from game.rules.five_five_six.combat.injury import treat_check
from game.rules.five_five_six.explain import explain
from game.rules.five_five_six.model import Character
from game.rules.five_five_six.movement.hide import hide_check
from game.rules.five_five_six.movement.play import carry_odds, carry_roll, radio_roll
from game.rules.five_five_six.penalties import penalties
from game.rules.five_five_six.terrain.ground import hide_ground
from game.rules.five_five_six.view import FiveFiveSixView
from game.ui.toolkit.odds import percent


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


@dataclass(frozen=True)
class Preview:
    """The rolls an action makes in order, the chance it does what it is for
    (``overall``; None when the action rolls nothing that can fail) and, where the rules
    calculator (``explain``) has them, the chance of each way it can end (``ends``)."""

    title: str
    rolls: tuple[Roll, ...]
    overall: float | None
    overall_text: str = ""
    ends: tuple[tuple[str, float], ...] = ()
    note: str = ""  # one more line (Aim: the same shot without it)
    blast: tuple[str, ...] = ()  # each man a hit's blast reaches, his chance of each wound


def preview(view: FiveFiveSixView, action: Action) -> Preview | None:
    """The rolls of a listed action as the seat can know them, or None for an action
    that rolls nothing (Move, Stealth, Aim, End...)."""
    shown = PREVIEWS.get(type(action))
    return None if shown is None else shown(view.board, action)


def _snap_preview(board: Board, action: SnapFire) -> Preview | None:
    if board.go is None:
        return None
    target = action.target or board.go.character
    return fire_preview(board, action.character, action.weapon, target, covering=True)


def _hide_preview(board: Board, action: Hide) -> Preview:
    who = board.characters[action.character]
    check = hide_check(hide_ground(board, who.pos), who.profile.movement, penalties(board, who))
    roll = Roll.of("Hide", check)
    return Preview(f"{who.name}: Hide", (roll,), float(check.chance), "stays unseen and creeps")


def _sprint_preview(board: Board, action: Sprint) -> Preview:
    runner = board.characters[action.character]
    ends = tuple(explain(board, action).outcomes.items())
    return Preview(f'{runner.name}: Sprint, 4" + D6 + Move', (), None, "", ends)


def _engage_preview(board: Board, action: Engage) -> Preview:
    attacker, defender = board.characters[action.character], board.characters[action.target]
    answer = explain(board, action)
    hit = answer.outcomes.get("hit", 0.0)
    return Preview(f"{attacker.name}: hand to hand with {defender.name}", (), hit, "lands a blow")


def fire_preview(
    board: Board, firer_id: str, weapon_id: str, target_id: str, *, covering: bool = False
) -> Preview | None:
    """Spotting rolls (if any) and the roll to hit of one shot; for a Fire action, the
    rules calculator's chance of each end (not spotted, a miss, each 5.01 result)."""
    firer, target = board.characters[firer_id], board.characters[target_id]
    check = shot_check(board, firer, target, weapon_id, covering=covering)
    if check is None:
        return None
    rolls = [Roll.of("Spot", c) for c in spotting_checks(board, firer, target)]
    rolls.append(Roll.of("To hit", check))
    seen = Fraction(1)
    for r in rolls[:-1]:
        seen *= r.chance
    title = f"{firer.name}: {firearm(weapon_id).name} at {target.name}"
    ends: tuple[tuple[str, float], ...] = ()
    note = ""
    blast: tuple[str, ...] = ()
    if not covering:
        answer = explain(board, Fire(firer_id, weapon_id, target_id))
        ends = tuple(answer.outcomes.items())
        note = _burst_note(board, answer.numbers)
        blast = blast_lines(board, firer, answer.numbers)
    return Preview(title, tuple(rolls), float(seen * check.chance), "hits", ends, note, blast)


def _burst_note(board: Board, numbers: dict[str, object]) -> str:
    """7.5, 7.9: the blast of an M203 round, LAW or RPG that hits: nobody else in its
    reach, or that the lines below name everyone it reaches ("" for other weapons)."""
    caught = numbers.get("blast_if_hit")
    if not isinstance(caught, dict):
        return ""
    if not caught:
        return f'Blast on a hit: nobody else within {numbers["blast_reach_in"]}"'
    return f'Blast on a hit: everyone within {numbers["blast_reach_in"]}", friend or foe'


def blast_lines(board: Board, firer: Character, numbers: dict[str, object]) -> tuple[str, ...]:
    """One line for each man a hit's blast reaches (friend or enemy of the firer), with his
    overall chance of each 5.01 result, the chance of the hit counted; a stun or gas
    round, which wounds nobody, just names them. The rules calculator's numbers
    (``blast_injuries``, ``blast_if_hit``)."""
    caught = numbers.get("blast_if_hit")
    injuries = numbers.get("blast_injuries")
    if not isinstance(caught, dict):
        return ()
    wounds = injuries if isinstance(injuries, dict) else {}
    out = []
    for cid in caught:
        man = board.characters[str(cid)]
        whose = " (friend)" if man.side == firer.side else " (enemy)"
        odds = wounds.get(cid)
        if isinstance(odds, dict) and odds:
            bits = ", ".join(f"{label} {percent(float(p))}" for label, p in odds.items())
        else:
            bits = "caught in it"
        out.append(f"  {man.name}{whose}: {bits}")
    return tuple(out)


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
        extra = auto_fire_extra(board, profile, shot, first, target)
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
    return Preview(title, tuple(rolls), float(1 - misses), "at least one hit")


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
    return Preview(
        f"{thrower.name}: {kind.name}", (roll,), float(check.chance), "lands on the point"
    )


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
        float(check.chance),
        "the wound is eased",
    )


def carry_preview(board: Board, action: Carry) -> Preview:
    """4.5: D6 + Strength against the patient's wound; the margin says how far (4.52)."""
    carrier, patient = board.characters[action.character], board.characters[action.patient]
    check = carry_roll(board, carrier, patient)
    ends = tuple(
        ("nowhere" if inches == 0 else f'{inches}"', float(p))
        for inches, p in carry_odds(check).items()
    )
    return Preview(
        f"{carrier.name}: Carry {patient.name}",
        (Roll.of("Carry", check),),
        float(check.chance),
        "gets him moving",
        ends,
    )


def radio_preview(board: Board, action: UseRadio) -> Preview | None:
    """4.9: D6 + Morale (or the leader's within 2") against the scenario's radio TN."""
    event = board.setting.scenario.radio
    if event is None:
        return None
    who = board.characters[action.character]
    check = radio_roll(board, who)
    return Preview(
        f"{who.name}: Use Radio ({event.title})",
        (Roll.of("Radio", check),),
        float(check.chance),
        "gets through",
    )


def aim_preview(board: Board, action: Aim) -> Preview | None:
    """3.4: what Aim brings: the roll to hit of the Fire after it at the enemy he sees
    best (the closest of those), with each loaded weapon in range; the note gives the
    same shot without Aim. None when nobody is in sight or in range."""
    firer = board.characters[action.character]
    target = closest_in_best_sight(board, firer)
    if target is None:
        return None
    rolls: list[Roll] = []
    plain: list[str] = []
    best: Fraction | None = None
    seen = Fraction(1)
    for spot in spotting_checks(board, firer, target):
        seen *= spot.chance
    for weapon_id in firearms_of(firer):
        if weapon_id in firer.empty:
            continue
        aimed = shot_check(board, firer, target, weapon_id, aimed=True)
        unaimed = shot_check(board, firer, target, weapon_id)
        if aimed is None or unaimed is None:
            continue
        name = firearm(weapon_id).name
        rolls.append(Roll.of(f"{name} after Aim", aimed))
        plain.append(f"{name} {percent(float(seen * unaimed.chance))}")
        best = max(best or Fraction(0), seen * aimed.chance)
    if not rolls or best is None:
        return None
    spots = tuple(Roll.of("Spot", c) for c in spotting_checks(board, firer, target))
    return Preview(
        f"{firer.name}: Aim, then fire at {target.name}",
        (*spots, *rolls),
        float(best),
        "hits (best weapon, aimed)",
        note="Without Aim: " + ", ".join(plain),
    )


ATTACKS = (Fire, AutoFire, SnapFire, Engage)


def attack_chance(action: Action, found: Preview | None) -> float | None:
    """The chance a listed attack (a shot, Auto-Fire, Covering Fire's shot, hand to hand)
    does what it is for, from its preview; None for any other action or one whose
    chance is not shown."""
    if not isinstance(action, ATTACKS) or found is None:
        return None
    return found.overall


def single_use_name(action: Action) -> str | None:
    """The name of the weapon an attack fires if it fires only once (7.91: the LAW)."""
    weapon = getattr(action, "weapon", None)
    if not isinstance(weapon, str):
        return None
    spec = firearm(weapon)
    return spec.name if spec.ammo_rule == "single_use" else None


#: The rolls the table previews, by action type (the 5.56mm dispatch of the UI's odds);
#: the types missing here roll nothing (Move, Stealth, Aim, End...).
PREVIEWS: dict[type[Action], Callable[[Board, Any], Preview | None]] = {
    Fire: lambda board, a: fire_preview(board, a.character, a.weapon, a.target),
    SnapFire: _snap_preview,
    AutoFire: auto_fire_preview,
    Throw: throw_preview,
    Hide: _hide_preview,
    FirstAid: treat_preview,
    TreatInjury: treat_preview,
    Carry: carry_preview,
    UseRadio: radio_preview,
    Aim: aim_preview,
    Sprint: _sprint_preview,
    Engage: _engage_preview,
}
