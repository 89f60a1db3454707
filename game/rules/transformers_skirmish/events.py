"""What happens in a game of Transformers Skirmish, as events with their audience.

Cards drawn are private to the drawer (a public copy says only how many); a card becomes
known to both players when it is played or discarded (``reveals=True``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from game.core.api import Event, Tone
from game.rules.transformers_skirmish.board import Square, square_name
from game.rules.transformers_skirmish.cards import SEATS

SIDE_NAMES = ("Autobots", "Deceptacons")


class Phase(StrEnum):
    """Where the game is. ``discard`` is the hand-limit step at the end of the orders
    phase; ``defend`` is the attacked player's answer to an attack."""

    SETUP = "setup"
    ORDERS = "orders"
    DISCARD = "discard"
    MOVE = "move"
    FIRE = "fire"
    DEFEND = "defend"
    OVER = "over"

    @property
    def label(self) -> str:
        return {
            "setup": "Setup",
            "orders": "Orders phase",
            "discard": "Hand limit",
            "move": "Move phase",
            "fire": "Fire phase",
            "defend": "Defence",
            "over": "Game over",
        }[self.value]


def side(seat: int) -> str:
    return SIDE_NAMES[seat] if 0 <= seat < len(SEATS) else f"seat {seat}"


def hits_text(n: int) -> str:
    """``1 hit``, ``3 hits``."""
    return f"{n} hit{'s' * (n != 1)}"


@dataclass(frozen=True, kw_only=True)
class UnitPlaced(Event):
    unit: str
    name: str
    square: Square

    def text(self) -> str:
        return f"{self.name} is placed on {square_name(self.square)}."


@dataclass(frozen=True, kw_only=True)
class UnitDesignated(Event):
    unit: str
    name: str
    role: str

    def text(self) -> str:
        if self.role == "minicon":
            return f"{self.name} gets a Minicon (+1 hit)."
        return f"{self.name} is a{'n' if self.role == 'air' else ''} {self.role} type."


def names_text(names: tuple[str, ...]) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    if len(names) <= 1:
        return "".join(names) or "none"
    return f"{', '.join(names[:-1])} and {names[-1]}"


@dataclass(frozen=True, kw_only=True)
class SideSetUp(Event):
    """Set-up done at random for one side (the ``auto`` option), told in one line: the
    back row it stands on, the robots given Minicons and the air types. ``minicons`` and
    ``air`` hold unit ids, ``minicon_names`` and ``air_names`` their names."""

    seat: int
    rank: int  # the back row, counted 1-8 as on the board's edge
    minicons: tuple[str, ...]
    minicon_names: tuple[str, ...]
    air: tuple[str, ...]
    air_names: tuple[str, ...]

    def text(self) -> str:
        return (
            f"The {side(self.seat)} set up on rank {self.rank}. Minicons: "
            f"{names_text(self.minicon_names)}. Air types: {names_text(self.air_names)}; "
            "the others are ground types."
        )


@dataclass(frozen=True, kw_only=True)
class SetupByHand(Event):
    """Set-up is left to the players (the ``manual`` option)."""

    first: int
    first_rank: int
    second_rank: int

    def text(self) -> str:
        return (
            f"Set-up by hand: the {side(self.first)} place their robots on rank "
            f"{self.first_rank} first, then the {side(1 - self.first)} on rank "
            f"{self.second_rank}."
        )


@dataclass(frozen=True, kw_only=True)
class PhaseStarted(Event):
    tone: ClassVar[Tone] = Tone.TURN
    seat: int
    phase: Phase
    turn: int

    def text(self) -> str:
        return f"Turn {self.turn}, {side(self.seat)}: {self.phase.label}."


@dataclass(frozen=True, kw_only=True)
class CardsDrawn(Event):
    """A draw. The public copy has ``cards=None``; the drawer's copy names the cards (ids
    for the table, ``card_names`` for the log) and shows them: ``reveals=True``."""

    seat: int
    count: int
    cards: tuple[str, ...] | None
    deck_left: int
    card_names: tuple[str, ...] = ()

    def text(self) -> str:
        if self.cards is None:
            return f"The {side(self.seat)} draw {self.count} card{'s' * (self.count != 1)}."
        return f"You draw: {', '.join(self.card_names or self.cards) or 'nothing'}."


@dataclass(frozen=True, kw_only=True)
class DeckReshuffled(Event):
    size: int

    def text(self) -> str:
        return f"The deck ran out: the discard pile is shuffled into a new deck of {self.size}."


@dataclass(frozen=True, kw_only=True)
class CardPlayed(Event):
    """A card leaves a hand face up: played for its effect or discarded."""

    seat: int
    card: str
    card_name: str
    purpose: str

    def text(self) -> str:
        return f"The {side(self.seat)} {self.purpose} {self.card_name}."


@dataclass(frozen=True, kw_only=True)
class UnitMoved(Event):
    unit: str
    name: str
    origin: Square
    dest: Square

    def text(self) -> str:
        return f"{self.name} moves {square_name(self.origin)}-{square_name(self.dest)}."


@dataclass(frozen=True, kw_only=True)
class AttackDeclared(Event):
    attacker: str
    attacker_name: str
    target: str
    target_name: str
    card_name: str

    def text(self) -> str:
        return f"{self.attacker_name} attacks {self.target_name} with {self.card_name}."


@dataclass(frozen=True, kw_only=True)
class AttackNegated(Event):
    tone: ClassVar[Tone] = Tone.GOOD
    target_name: str
    card_name: str

    def text(self) -> str:
        return f"{self.card_name} cancels the attack on {self.target_name}."


@dataclass(frozen=True, kw_only=True)
class UnitDamaged(Event):
    tone: ClassVar[Tone] = Tone.BAD
    unit: str
    name: str
    amount: int
    hits_left: int

    def text(self) -> str:
        return f"{self.name} takes {self.amount} damage ({hits_text(self.hits_left)} left)."


@dataclass(frozen=True, kw_only=True)
class UnitRepaired(Event):
    tone: ClassVar[Tone] = Tone.GOOD
    unit: str
    name: str
    hits_left: int

    def text(self) -> str:
        return f"{self.name} is repaired ({hits_text(self.hits_left)})."


@dataclass(frozen=True, kw_only=True)
class UnitDestroyed(Event):
    tone: ClassVar[Tone] = Tone.BAD
    unit: str
    name: str
    square: Square

    def text(self) -> str:
        return f"{self.name} is destroyed on {square_name(self.square)}."


@dataclass(frozen=True, kw_only=True)
class GameEnded(Event):
    tone: ClassVar[Tone] = Tone.END
    winner: int | None
    reason: str

    def text(self) -> str:
        if self.winner is None:
            return f"The game is drawn: {self.reason}."
        return f"The {side(self.winner)} win: {self.reason}."
