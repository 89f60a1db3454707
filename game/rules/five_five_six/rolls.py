"""Rolls as log events: every die, every named modifier, the target and the result."""

from __future__ import annotations

from game.core.api import DieRolled
from game.rules.five_five_six.checks import CheckResult, ContestResult
from game.rules.five_five_six.model import Character


def check_rolled(who: Character, purpose: str, result: CheckResult) -> DieRolled:
    """A D6 + ability check (2.3) with its bonuses, against its TN."""
    check = result.check
    return DieRolled(
        who=who.name,
        purpose=purpose,
        die="D6",
        faces=(result.roll,),
        modifiers=tuple((m.name, m.value) for m in check.bonuses),
        target=check.tn.value,
        success=result.success,
    )


def contest_rolled(
    tn_who: str, tn_purpose: str, who: Character, purpose: str, result: ContestResult
) -> tuple[DieRolled, DieRolled]:
    """A rolled TN (damage, the defender in hand to hand) and the roll against it. The
    TN's line reads ``{tn_who} {tn_purpose} (the TN)``, e.g. "Gunman Bile defends
    against Sgt Barnes (the TN)"; the roll's ``{who} {purpose}``."""
    contest = result.contest
    return (
        DieRolled(
            who=tn_who,
            purpose=f"{tn_purpose} (the TN)",
            die="D6",
            faces=(result.tn_roll,),
            modifiers=tuple((m.name, m.value) for m in contest.tn_bonuses),
        ),
        DieRolled(
            who=who.name,
            purpose=purpose,
            die="D6",
            faces=(result.roll,),
            modifiers=tuple((m.name, m.value) for m in contest.bonuses),
            target=result.tn,
            success=result.success,
        ),
    )
