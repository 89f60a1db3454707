"""What happens in a game of Tunnel Rat, as events with their audience."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from game.core.api import Event, Tone
from game.rules.tunnel_rat_bluff.actions import Guess, Question
from game.rules.tunnel_rat_bluff.cards import Card, Tell

RAT, VC = 0, 1


class Phase(StrEnum):
    """The phases of a turn that need a decision; action, revelation and result resolve
    at once when the Rat calls."""

    DRAW = "draw"
    VC = "vc"
    TRAP = "trap"
    ADVANCE = "advance"
    CROSS = "cross"

    @property
    def heading(self) -> str:
        return {
            "draw": "Draw phase",
            "vc": "VC phase",
            "trap": "Trap phase",
            "advance": "Advance phase",
            "cross": "Cross-examination",
        }[self.value]


class Result(StrEnum):
    """The six rows of the result table, reduced to what happens to the card."""

    DISCARD_CORRECT = "discard_correct"  # VC or Trap guessed right: card discarded
    CASUALTY = "casualty"  # VC or Trap guessed wrong: the VC keeps it as a casualty
    TUNNEL_KEPT = "tunnel_kept"  # Tunnel guessed right: the Rat keeps it
    TUNNEL_LOST = "tunnel_lost"  # Tunnel guessed wrong: discarded


@dataclass(frozen=True, kw_only=True)
class DeckShuffled(Event):
    """Set-up: the deck is shuffled face down; the line says what it holds, what each
    side needs to win and whether the tells option is on (its reliability in percent)."""

    tone: ClassVar[Tone] = Tone.TURN

    vc: int
    trap: int
    tunnel: int
    tunnels_to_win: int
    casualties_to_win: int
    tell_reliability: int = 0

    def text(self) -> str:
        size = self.vc + self.trap + self.tunnel
        line = (
            f"The deck of {size} cards is shuffled face down: {self.tunnel} Tunnel, "
            f"{self.vc} VC and {self.trap} Trap. The Rat needs {self.tunnels_to_win} Tunnel "
            f"cards to get through; {self.casualties_to_win} casualties and the VC wins."
        )
        if self.tell_reliability:
            line += (
                f" Tells option: the VC gives himself away when first questioned "
                f"({self.tell_reliability}% reliable)."
            )
        return line


@dataclass(frozen=True, kw_only=True)
class CardDrawn(Event):
    """The VC drew a card. The public copy has ``card=None``; the VC's copy names it."""

    tone: ClassVar[Tone] = Tone.TURN

    turn: int
    card: Card | None
    left: int

    def text(self) -> str:
        if self.card is None:
            return f"Turn {self.turn}: the VC draws a card ({self.left} left in the deck)."
        return f"You look at the card: {self.card.label}."


@dataclass(frozen=True, kw_only=True)
class QuestionAsked(Event):
    """The Rat asked; the VC's forced answer is always "No"."""

    phase: Phase
    question: Question
    tell: Tell | None = None  # the tells variant: what the VC gave away with his "No."

    def text(self) -> str:
        line = f'{self.phase.heading} - Rat: "{self.question.words}"  VC: "No."'
        return line + (f" (he {self.tell.words})" if self.tell else "")


@dataclass(frozen=True, kw_only=True)
class CallMade(Event):
    guess: Guess

    def text(self) -> str:
        return f"Action phase - the Rat calls {self.guess.value.upper()}!"


@dataclass(frozen=True, kw_only=True)
class CardRevealed(Event):
    """Revelation: the VC turns the card face up for both players."""

    card: Card

    def text(self) -> str:
        return f"Revelation - the card is a {self.card.label}."


@dataclass(frozen=True, kw_only=True)
class Resolved(Event):
    card: Card
    result: Result
    tunnels: int
    casualties: int

    def text(self) -> str:
        what = {
            Result.DISCARD_CORRECT: f"Right call: the {self.card.label} is discarded.",
            Result.CASUALTY: f"Wrong call: the {self.card.label} costs the Rat a casualty.",
            Result.TUNNEL_KEPT: "Right call: the Rat keeps the tunnel card.",
            Result.TUNNEL_LOST: "Wrong call: the tunnel card is discarded.",
        }[self.result]
        return f"{what.removesuffix('.')} (tunnels {self.tunnels}, casualties {self.casualties})."


@dataclass(frozen=True, kw_only=True)
class GameEnded(Event):
    tone: ClassVar[Tone] = Tone.END
    winner: int
    reason: str

    def text(self) -> str:
        return f"{'The Rat' if self.winner == RAT else 'The VC'} wins: {self.reason}."
