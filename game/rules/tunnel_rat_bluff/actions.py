"""The Tunnel Rat actions and their text forms.

``draw`` (VC), ``ask vc`` / ``ask trap`` / ``ask safe`` (Rat's questions) and the three
guesses ``advance`` (Tunnel), ``shoot`` (VC) and ``search`` (Trap).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from game.core.api import Action
from game.core.textform import ActionForms
from game.rules.tunnel_rat_bluff.cards import Card


class Question(StrEnum):
    """The three questions; each has its own phase and may be repeated in cross-examination."""

    IS_VC = "vc"
    IS_TRAP = "trap"
    IS_SAFE = "safe"

    @property
    def words(self) -> str:
        return {"vc": "Is it a VC?", "trap": "Is it a trap?", "safe": "Is it safe?"}[self.value]


class Guess(StrEnum):
    """The Rat's call in the action phase and the card each call bets on."""

    ADVANCE = "advance"
    SHOOT = "shoot"
    SEARCH = "search"

    @property
    def card(self) -> Card:
        """Advance bets on a Tunnel, Shoot on a VC, Search on a Trap (errata: Search = Trap)."""
        return {"advance": Card.TUNNEL, "shoot": Card.VC, "search": Card.TRAP}[self.value]


@dataclass(frozen=True)
class Draw(Action):
    """The VC draws the top card and looks at it."""

    form: ClassVar[str] = "draw"


@dataclass(frozen=True)
class Ask(Action):
    """The Rat asks one of the three questions."""

    form: ClassVar[str] = "ask {question}"
    question: Question


@dataclass(frozen=True)
class Call(Action):
    """The Rat's guess, which ends the questioning."""

    form: ClassVar[str] = "{guess}"
    guess: Guess


#: Every action type of the game.
ACTION_TYPES: tuple[type[Action], ...] = (Draw, Ask, Call)
FORMS = ActionForms("Tunnel Rat", ACTION_TYPES)


def parse_action(text: str) -> Action:
    """Inverse of ``to_str``; ``InvalidAction`` naming the accepted forms otherwise."""
    action: Action = FORMS.parse(text)
    return action
