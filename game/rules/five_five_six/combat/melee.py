"""5.56mm 3.7 Engage: hand-to-hand combat. The attacker rolls D6 + Strength + weapon +
3.71 modifiers against a TN the defender rolls the same way (3.72); a hit's damage is
D6 + the attacker's Strength + 1 per point the hit beat the TN by (5.0). Withdrawing
from a melee is D6 + Movement against D6 + the enemy's Strength (3.73).

Melee weapon bonuses (unarmed 0, knife +2, rifle butt +1) are weapon data (7.1) and come
in as ints.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from game.rules.five_five_six.checks import Contest, Modifier, by_margin, nonzero
from game.rules.five_five_six.combat.injury import damage_contest
from game.rules.five_five_six.movement.rules import move_allowance
from game.rules.five_five_six.squads.traits import roll_bonuses

#: 3.7: hand-to-hand combat is fought between models within 1" of each other.
CONTACT_INCHES = 1.0

EngageKind = Literal["attack", "charge", "close_in"]


def engage_kind(gap_in: float, move_loss: int = 0) -> EngageKind:
    """3.7: within 1" the attack is made at once ("attack"); a model that can get within
    1" with one Move charges in and attacks ("charge", +1 Engaging: Interpretation R10);
    farther away two Moves or a Sprint only bring the two into hand-to-hand combat without
    an attack roll ("close_in")."""
    if gap_in < 0:
        raise ValueError(f"a gap is never negative, got {gap_in}")
    if gap_in <= CONTACT_INCHES:
        return "attack"
    if gap_in <= CONTACT_INCHES + move_allowance(move_loss):
        return "charge"
    return "close_in"


@dataclass(frozen=True, slots=True)
class MeleeSide:
    """One side of a hand-to-hand roll: Strength, the melee weapon's bonus and skills."""

    strength: int
    weapon: int = 0
    weapon_name: str = "Melee weapon"
    black_belt: bool = False
    extra: tuple[Modifier, ...] = ()

    def modifiers(self) -> tuple[Modifier, ...]:
        skilled = roll_bonuses("melee_strength", ("black_belt",)) if self.black_belt else ()
        return (
            Modifier("Strength", self.strength),
            *nonzero(
                (
                    Modifier(self.weapon_name, self.weapon),
                    *(Modifier(b.name, b.value) for b in skilled),
                    *self.extra,
                )
            ),
        )


def melee_contest(
    attacker: MeleeSide,
    defender: MeleeSide,
    *,
    charged: bool = False,
    from_behind: bool = False,
    attacker_higher: bool = False,
    extra_attackers: int = 0,
    defender_behind_obstacle: bool = False,
    defender_higher: bool = False,
    extra_defenders: int = 0,
    first_round: bool = True,
    attacker_wounds: int = 0,
    defender_wounds: int = 0,
) -> Contest:
    """3.7: the attack roll against the defender's rolled TN. 3.71: +1 Engaging (charging
    in), +2 from outside the defender's sight, +1 from higher ground, +1 per additional
    attacker already in the fight; after the first round only the additional attackers
    still count. 3.72: +1 behind an obstacle, +1 on higher ground, +1 per additional
    defender within 1" of the attacker. Black-Belt +1 (10.0). Wound penalties (5.01) make
    the attacker's TN higher and the TN a wounded defender sets lower (Interpretation
    R15)."""
    if extra_attackers < 0 or extra_defenders < 0:
        raise ValueError("counts of additional combatants are never negative")
    first = 1 if first_round else 0
    attack = nonzero(
        (
            Modifier("Engaging", first if charged else 0),
            Modifier("Defender cannot see the attacker", 2 * first if from_behind else 0),
            Modifier("Higher ground", first if attacker_higher else 0),
            Modifier("Additional attackers", extra_attackers),
        )
    )
    defend = nonzero(
        (
            Modifier("Behind an obstacle", 1 if defender_behind_obstacle else 0),
            Modifier("Higher ground", 1 if defender_higher else 0),
            Modifier("Additional defenders", extra_defenders),
            Modifier("Attacker's wounds", attacker_wounds),
            Modifier("Defender's wounds", -defender_wounds),
        )
    )
    return Contest(
        tn_bonuses=(*defender.modifiers(), *defend),
        bonuses=(*attacker.modifiers(), *attack),
    )


def melee_damage(
    attacker_strength: int,
    hit_margin: int,
    target_strength: int,
    *,
    wound_penalty: int = 0,
    armour: int = 0,
) -> Contest:
    """5.0: hand-to-hand damage TN = D6 + the attacker's Strength + the hit margin,
    against the target's D6 + Strength (+ armour, body armour counts melee as +1)."""
    if hit_margin < 0:
        raise ValueError(f"only a hit does damage, margin {hit_margin}")
    return damage_contest(
        attacker_strength,
        target_strength,
        damage_name="Attacker Strength",
        hit_margin=hit_margin,
        wound_penalty=wound_penalty,
        armour=armour,
    )


def withdraw_contest(movement: int, enemy_strength: int) -> Contest:
    """3.7: to escape a melee the player rolls D6 + Movement against the enemy's D6 +
    Strength; no weapon modifiers."""
    return Contest(
        tn_bonuses=(Modifier("Enemy Strength", enemy_strength),),
        bonuses=(Modifier("Movement", movement),),
    )


@dataclass(frozen=True, slots=True)
class Withdrawal:
    """3.73: whether the character got away, whether the enemy hit him on the way (roll
    damage as a hit with no margin: D6 + the enemy's Strength, Interpretation R11) and
    the TN penalty on his actions for the rest of the turn."""

    escaped: bool
    hit: bool
    tn_penalty: int

    def modifiers(self) -> tuple[Modifier, ...]:
        return nonzero((Modifier("Withdrew from melee", self.tn_penalty),))


WITHDRAWAL: tuple[tuple[int, Withdrawal], ...] = (
    (0, Withdrawal(escaped=True, hit=False, tn_penalty=0)),
    (-1, Withdrawal(escaped=True, hit=False, tn_penalty=1)),
    (-2, Withdrawal(escaped=True, hit=True, tn_penalty=2)),
)
FAILED_WITHDRAWAL = Withdrawal(escaped=False, hit=True, tn_penalty=0)


def withdrawal(margin: int) -> Withdrawal:
    """3.73 by the margin of the withdrawal roll (-3 or worse: caught and hit)."""
    return by_margin(margin, WITHDRAWAL) or FAILED_WITHDRAWAL
