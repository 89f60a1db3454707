"""5.56mm 5.0 Injury: the damage roll (D6 + the weapon's Damage, plus the hit margin in
hand to hand) against D6 + Strength, the 5.01 wound levels, how wounds stack (TN
penalties add up, a Critical wound allows a single action, Move shrinks), 5.1 mortally
wounded characters after the battle, 3.5 First Aid (3.51) and 4.4 Treat Injury (4.41).

A character's wounds are a tuple of :class:`Wound` levels (the state keeps it);
:func:`wound_effects` says what they do together.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from fractions import Fraction
from functools import cache
from typing import Literal

from game.rules.five_five_six.catalog import catalog
from game.rules.five_five_six.checks import (
    Check,
    Contest,
    Modifier,
    TargetNumber,
    by_margin,
    make_check,
    nonzero,
)
from game.rules.five_five_six.schema import TestKind
from game.rules.five_five_six.squads.traits import roll_bonuses


class Wound(IntEnum):
    """5.01: wound levels, worst last."""

    MINOR = 1
    SERIOUS = 2
    CRITICAL = 3
    MORTAL = 4
    DEAD = 5

    @property
    def label(self) -> str:
        return self.name.capitalize()


#: 5.01: the Strength result (margin) and the wound it gives.
WOUND_BY_MARGIN: tuple[tuple[int, Wound | None], ...] = (
    (0, None),
    (-1, Wound.MINOR),
    (-2, Wound.SERIOUS),
    (-3, Wound.CRITICAL),
    (-4, Wound.MORTAL),
)

#: 5.01: each wound's TN penalty on all actions and the inches lost on a Move action.
TN_PENALTY = {Wound.MINOR: 0, Wound.SERIOUS: 1, Wound.CRITICAL: 2, Wound.MORTAL: 0}
MOVE_LOSS = {Wound.MINOR: 0, Wound.SERIOUS: 1, Wound.CRITICAL: 2, Wound.MORTAL: 0}

#: 3.51 First Aid and 4.41 Treat Injury: the TN to treat each wound.
TREAT_TN = {Wound.MINOR: 2, Wound.SERIOUS: 4, Wound.CRITICAL: 5, Wound.MORTAL: 6}

#: 5.1: the Morale a mortally wounded survivor is treated with after the battle.
AFTER_BATTLE_MORALE = 3

#: The equipment ids (``data/equipment.yaml``) whose numbers this module reads.
BODY_ARMOUR = "body_armour"
THERMAL_SIGHT = "thermal_imaging_sight"

Cover = Literal["light", "medium", "heavy"]


def wound_from_margin(margin: int) -> Wound | None:
    """5.01: the wound for a Strength result; ``None`` when the roll equalled or beat the
    damage TN; -5 or worse is Dead."""
    return by_margin(margin, WOUND_BY_MARGIN) if margin > -5 else Wound.DEAD


def add_wound(wounds: tuple[Wound, ...], new: Wound | None) -> tuple[Wound, ...]:
    """5.01: the wounds after a new one. A second Minor wound counts as a Serious wound
    (Interpretation R6: the new wound is recorded as Serious, the first stays Minor)."""
    if new is None:
        return wounds
    if new is Wound.MINOR and Wound.MINOR in wounds:
        new = Wound.SERIOUS
    return (*wounds, new)


@dataclass(frozen=True, slots=True)
class WoundEffects:
    """What a character's wounds do together (5.01: TN penalties are stackable)."""

    tn_penalty: int
    move_loss: int
    single_action: bool
    incapacitated: bool
    dead: bool

    def modifiers(self) -> tuple[Modifier, ...]:
        """The wounds' TN penalty as a named modifier, for every action's TN."""
        return nonzero((Modifier("Wounds", self.tn_penalty),))

    @property
    def may_take_special_action(self) -> bool:
        return not (self.single_action or self.incapacitated or self.dead)

    @property
    def actions_per_go(self) -> int:
        if self.incapacitated or self.dead:
            return 0
        return 1 if self.single_action else 2


@cache
def wound_effects(wounds: tuple[Wound, ...]) -> WoundEffects:
    """5.01 stacked: penalties and Move losses add up; any Critical wound means a single
    action per go and no special action; a Mortal wound incapacitates. (Remembered: a
    character's few wounds come in few combinations, and every rule asks.)"""
    return WoundEffects(
        tn_penalty=sum(TN_PENALTY.get(w, 0) for w in wounds),
        move_loss=sum(MOVE_LOSS.get(w, 0) for w in wounds),
        single_action=Wound.CRITICAL in wounds,
        incapacitated=Wound.MORTAL in wounds or Wound.DEAD in wounds,
        dead=Wound.DEAD in wounds,
    )


def body_armour_bonus(weapon_kind: str, *, weak_against: bool = False) -> int:
    """8.0 Body Armour's bonus to resist damage from a kind of weapon, from the data: +1
    against melee weapons, grenades, heavy weapons, rifles and machineguns (R17), +2
    against handguns, shotguns and SMGs, only +1 against a weapon that says so (the P90:
    ``weak_against``), nothing against anything else (crashes, white phosphorus). For a
    carried item by id, ``weapons.armour_bonus`` reads the same table."""
    table = catalog().equipment[BODY_ARMOUR].armour_bonus
    known = {c.value: c for c in table}
    base = table[known[weapon_kind]] if weapon_kind in known else 0
    return min(base, 1) if weak_against else base


def thermal_cover_bonus(cover: Cover) -> int | None:
    """8.0 (the data's 8.03): the Strength bonus of a target shot through cover with a
    thermal imaging sight (light +2, medium +3); ``None``: heavy cover, passes."""
    return catalog().equipment[THERMAL_SIGHT].cover_strength[cover]


def damage_contest(
    damage: int,
    strength: int,
    *,
    damage_name: str = "Damage",
    hit_margin: int = 0,
    wound_penalty: int = 0,
    armour: int = 0,
    cover: Cover | None = None,
    extra_tn: tuple[Modifier, ...] = (),
    extra_roll: tuple[Modifier, ...] = (),
) -> Contest:
    """5.0: the attacker rolls D6 + Damage (+1 per point the hand-to-hand hit beat its TN
    by, + the target's wound penalty, since wounds add to the TN of everything he rolls:
    the 5.01 worked example) and the target rolls D6 + Strength (+ body armour, + cover
    seen through with a thermal sight) to equal or beat it. ``cover="heavy"`` passes
    automatically: use :func:`passes_automatically`."""
    bonus = thermal_cover_bonus(cover) if cover is not None else 0
    return Contest(
        tn_bonuses=nonzero(
            (
                Modifier(damage_name, damage),
                Modifier("Hit margin", hit_margin),
                Modifier("Wounds", wound_penalty),
                *extra_tn,
            )
        ),
        bonuses=(
            Modifier("Strength", strength),
            *nonzero((Modifier("Body armour", armour), Modifier("Cover", bonus or 0), *extra_roll)),
        ),
    )


def passes_automatically(cover: Cover | None) -> bool:
    """8.0: a target behind heavy cover shot through it with a thermal sight takes no
    wound."""
    return cover is not None and thermal_cover_bonus(cover) is None


def injury_odds(contest: Contest) -> dict[str, Fraction]:
    """Exact chance of each 5.01 result ("no wound", "Minor", ..., "Dead")."""
    out: dict[str, Fraction] = {}
    for margin, p in sorted(contest.margins().items()):
        wound = wound_from_margin(margin)
        key = "no wound" if wound is None else wound.label
        out[key] = out.get(key, Fraction(0)) + p
    return out


def shot_outcomes(hit_chance: Fraction, contest: Contest) -> dict[str, Fraction]:
    """Exact chance of each end of a shot or blow: "miss", then each 5.01 result of a
    hit (for the calculator; they add up to 1)."""
    out = {"miss": 1 - hit_chance}
    for label, p in injury_odds(contest).items():
        out[label] = hit_chance * p
    return out


def mortal_rounds(roll: int) -> int:
    """5.01: a mortally wounded character dies after D6+1 rounds unless treated."""
    return roll + 1


def first_aid_rounds(d3: int) -> int:
    """3.5: First Aid holds for D3+1 turns, then the wound is back."""
    return d3 + 1


def improved(wound: Wound) -> Wound | None:
    """3.5/4.4: a wound one level better (a Minor wound healed is no wound)."""
    if wound is Wound.DEAD:
        raise ValueError("the dead cannot be treated")
    return None if wound is Wound.MINOR else Wound(wound - 1)


def why_not_treat(wound: Wound, *, on_self: bool, medic: bool, treat_injury: bool) -> str | None:
    """3.5/4.4: nobody treats the dead; Treat Injury needs the Medic skill; a Mortal
    wound cannot be treated by its bearer."""
    if wound is Wound.DEAD:
        return "the dead cannot be helped"
    if treat_injury and not medic:
        return "Treat Injury needs the Medic skill"
    if on_self and wound is Wound.MORTAL:
        return "a mortally wounded character cannot treat himself"
    return None


def treat_check(
    wound: Wound,
    morale: int,
    *,
    on_self: bool = False,
    first_aid_kit: bool = False,
    treat_injury: bool = False,
    extra: tuple[Modifier, ...] = (),
) -> Check:
    """3.5 First Aid (3.51) / 4.4 Treat Injury (4.41): D6 + Morale against the wound's TN,
    +1 TN on oneself; a first aid kit gives +1 to the roll (8.0)."""
    if wound is Wound.DEAD:
        raise ValueError("the dead cannot be treated")
    name = "Treat Injury" if treat_injury else "First Aid"
    tn = TargetNumber(TREAT_TN[wound], f"{name}: {wound.label} wound").plus(
        Modifier("On oneself", 1 if on_self else 0), *extra
    )
    test: TestKind = "treat_injury" if treat_injury else "first_aid"
    kit = roll_bonuses(test, equipment=("first_aid_kit",)) if first_aid_kit else ()
    return make_check(tn, "Morale", morale, *(Modifier(b.name, b.value) for b in kit))


def after_battle_check(medic_morale: int | None = None) -> Check:
    """5.1: a character still mortally wounded at the end gets a Treat Injury attempt with
    Morale +3, or a surviving Medic's Morale if higher; success means he survives."""
    morale = AFTER_BATTLE_MORALE if medic_morale is None else max(AFTER_BATTLE_MORALE, medic_morale)
    return treat_check(Wound.MORTAL, morale, treat_injury=True)
