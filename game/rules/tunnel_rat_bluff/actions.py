"""The Tunnel Rat actions and their text forms.

``draw`` (VC), ``ask vc`` / ``ask trap`` / ``ask safe`` (Rat's questions) and the three
guesses ``advance`` (Tunnel), ``shoot`` (VC) and ``search`` (Trap).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from game.core.api import Action
from game.core.errors import InvalidAction
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

    def to_str(self) -> str:
        return "draw"


@dataclass(frozen=True)
class Ask(Action):
    """The Rat asks one of the three questions."""

    question: Question

    def to_str(self) -> str:
        return f"ask {self.question.value}"


@dataclass(frozen=True)
class Call(Action):
    """The Rat's guess, which ends the questioning."""

    guess: Guess

    def to_str(self) -> str:
        return self.guess.value


def parse_action(text: str) -> Action:
    """Inverse of ``to_str``; ``InvalidAction`` naming the accepted forms otherwise."""
    words = text.strip().lower().split()
    if words == ["draw"]:
        return Draw()
    questions = {q.value: q for q in Question}
    guesses = {g.value: g for g in Guess}
    if len(words) == 2 and words[0] == "ask" and words[1] in questions:
        return Ask(questions[words[1]])
    if len(words) == 1 and words[0] in guesses:
        return Call(guesses[words[0]])
    raise InvalidAction(
        f"{text!r} is not a Tunnel Rat action "
        "(expected draw, ask vc, ask trap, ask safe, advance, shoot or search)"
    )
