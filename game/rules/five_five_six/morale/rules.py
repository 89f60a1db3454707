"""5.56mm 9.4 Morale: the Morale Test (D6 + Morale against TN 3) and its results (9.01),
what calls for one, rallying at the end of each turn (+1 TN for each failed rally) and
4.9 Use Radio. The Leader's and Fearless's re-rolls are skill data (``traits.rerolls``,
``traits.aura_rerolls``); ``checks.better`` keeps the better roll where the skill says so.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.rules.five_five_six.checks import Check, Modifier, TargetNumber, by_margin, make_check

#: 9.4: the TN of a Morale Test.
MORALE_TN = 3
#: 4.9: the squad leader within 2" of the radio operator may lend his Morale.
RADIO_LEADER_INCHES = 2.0
#: 9.4: a Morale Test for each 25% of the squad killed.
LOSS_STEP = 4  # quarters


class MoraleResult(Enum):
    """9.01, by the margin of a Morale Test."""

    STEADY = "steady"
    SHAKEN = "shaken"
    WITHDRAWING = "withdrawing"
    FLEEING = "fleeing"

    @property
    def description(self) -> str:
        return {
            "steady": "no effect",
            "shaken": "one Move away from the enemy on his next go (Stealth if that "
            "brings him into sight), then back to normal",
            "withdrawing": "a single Move away from the enemy each go (Stealth if that "
            "brings him into sight) until he rallies",
            "fleeing": "two Moves or a Sprint away from the enemy each go (Hide if he "
            "cannot get away unseen) until he rallies",
        }[self.value]

    @property
    def rallies_needed(self) -> bool:
        """Shaken passes by itself after one go; withdrawing and fleeing need a rally."""
        return self in (MoraleResult.WITHDRAWING, MoraleResult.FLEEING)


MORALE_RESULTS: tuple[tuple[int, MoraleResult], ...] = (
    (0, MoraleResult.STEADY),
    (-1, MoraleResult.SHAKEN),
    (-2, MoraleResult.WITHDRAWING),
)


def morale_check(
    morale: int, *, failed_rallies: int = 0, extra: tuple[Modifier, ...] = ()
) -> Check:
    """9.4: D6 + Morale against TN 3; a rally test after failing is +1 TN for each
    rally already failed."""
    if failed_rallies < 0:
        raise ValueError(f"failed rallies are never negative, got {failed_rallies}")
    tn = TargetNumber(MORALE_TN, "Morale Test").plus(
        Modifier("Failed rallies", failed_rallies), *extra
    )
    return make_check(tn, "Morale", morale)


def morale_result(margin: int) -> MoraleResult:
    """9.01: +0 or better steady; -1 shaken; -2 withdrawing; -3 or worse fleeing."""
    return by_margin(margin, MORALE_RESULTS) or MoraleResult.FLEEING


def loss_tests(squad_size: int, killed_before: int, killed_now: int) -> int:
    """9.4: how many "25% of the squad killed" steps the losses crossed (each calls for a
    Morale Test): 10 men test at the 3rd, 5th, 8th and 10th death (Interpretation R14)."""
    if squad_size <= 0 or not 0 <= killed_before <= killed_now <= squad_size:
        raise ValueError("losses are counted within the squad's size")

    def steps(killed: int) -> int:
        return (killed * LOSS_STEP) // squad_size

    return steps(killed_now) - steps(killed_before)


@dataclass(frozen=True, slots=True)
class MoraleTriggers:
    """9.4: the reasons a character must take a Morale Test now."""

    leader_lost: bool = False
    friend_killed_within_2: bool = False
    squad_loss_steps: int = 0

    @property
    def tests(self) -> int:
        """The number of tests called for (each 25% step is its own test)."""
        return int(self.leader_lost) + int(self.friend_killed_within_2) + self.squad_loss_steps


def morale_triggers(
    *,
    leader_killed_or_fleeing: bool,
    nearest_friend_killed_in: float | None,
    squad_size: int,
    killed_before: int,
    killed_now: int,
) -> MoraleTriggers:
    """9.4: the squad leader killed or fleeing; a friend killed within 2"; each 25% of
    the squad killed."""
    near = nearest_friend_killed_in is not None and nearest_friend_killed_in <= 2.0
    return MoraleTriggers(
        leader_lost=leader_killed_or_fleeing,
        friend_killed_within_2=near,
        squad_loss_steps=loss_tests(squad_size, killed_before, killed_now),
    )


def radio_check(
    tn: int, morale: int, *, leader_morale: int | None = None, leader_within_in: float | None = None
) -> Check:
    """4.9 Use Radio: D6 + Morale against the scenario's TN; the squad leader within 2"
    may lend his Morale instead (the better one is used)."""
    near = leader_within_in is not None and leader_within_in <= RADIO_LEADER_INCHES
    if near and leader_morale is not None and leader_morale > morale:
        return make_check(TargetNumber(tn, "Use Radio"), "Leader's Morale", leader_morale)
    return make_check(TargetNumber(tn, "Use Radio"), "Morale", morale)
