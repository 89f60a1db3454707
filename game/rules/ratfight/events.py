"""What happens in a game of RatFight, as typed events (all public: RatFight hides only
the order of the decks)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from game.core.api import Event, Tone
from game.core.textform import Point


def _inches(value: float) -> str:
    return f'{round(value / 100, 2):g}"'


def _cards(cards: tuple[str, ...]) -> str:
    return " ".join(cards) if cards else "-"


@dataclass(frozen=True, kw_only=True)
class TurnBegan(Event):
    tone: ClassVar[Tone] = Tone.TURN
    turn: int

    def text(self) -> str:
        return f"Turn {self.turn} begins: the action deck is shuffled."


@dataclass(frozen=True, kw_only=True)
class InitiativeDrawn(Event):
    """Both players turned over an action card; ``winner`` goes first (None: equal
    cards, turn over again)."""

    tone: ClassVar[Tone] = Tone.ROLL
    cards: tuple[str, str]
    winner: int | None
    sides: tuple[str, str]

    def text(self) -> str:
        shown = f"{self.sides[0]} {self.cards[0]}, {self.sides[1]} {self.cards[1]}"
        if self.winner is None:
            return f"Initiative: {shown}; equal, both turn over again."
        return f"Initiative: {shown}; {self.sides[self.winner]} goes first."


@dataclass(frozen=True, kw_only=True)
class CardTurned(Event):
    """A player turned over an action card (``redraw``: after an Inspiring discard)."""

    tone: ClassVar[Tone] = Tone.TURN
    seat: int
    side: str
    card: str
    title: str
    redraw: bool = False

    def text(self) -> str:
        how = "turns over another card" if self.redraw else "turns over"
        return f"{self.side} {how}: {self.title}."


@dataclass(frozen=True, kw_only=True)
class CardDone(Event):
    seat: int
    side: str
    title: str
    used: int

    def text(self) -> str:
        if self.used == 0:
            return f"{self.side} passes ({self.title})."
        return f"{self.side} is done with {self.title}."


@dataclass(frozen=True, kw_only=True)
class Moved(Event):
    """A model moved; ``length`` hundredths of an inch; ``facing`` for vehicles."""

    figure: str
    label: str
    start: Point
    end: Point
    length: int
    facing: int | None = None
    how: str = "moves"

    def text(self) -> str:
        if self.how == "pivots":
            return f"{self.label} turns on the spot to face {self.facing} deg."
        return f"{self.label} {self.how} {_inches(self.length)}."


class Purpose(StrEnum):
    SHOT = "shot"
    ASSAULT = "close combat"
    VEHICLE_HIT = "hit the vehicle"
    VEHICLE_DAMAGE = "damage"


@dataclass(frozen=True, kw_only=True)
class Contest(Event):
    """An opposed draw: each side's cards, the card each keeps (plus a bonus such as
    armour piercing or armour), and who won. ``identical``: both kept the same card,
    so the turn ends at once."""

    tone: ClassVar[Tone] = Tone.ROLL
    purpose: Purpose
    attacker: str
    defender: str
    attacker_cards: tuple[str, ...]
    defender_cards: tuple[str, ...]
    attacker_kept: str
    defender_kept: str
    attacker_bonus: int = 0
    defender_bonus: int = 0
    attacker_wins: bool
    identical: bool = False
    note: str = ""

    def text(self) -> str:
        def side(who: str, cards: tuple[str, ...], kept: str, bonus: int, label: str) -> str:
            extra = f" +{bonus} {label}" if bonus else ""
            pick = f" keeps {kept}" if len(cards) > 1 else ""
            return f"{who} {_cards(cards)}{pick}{extra}"

        a = side(self.attacker, self.attacker_cards, self.attacker_kept, self.attacker_bonus, "AP")
        d = side(
            self.defender, self.defender_cards, self.defender_kept, self.defender_bonus, "armour"
        )
        note = f" ({self.note})" if self.note else ""
        if self.identical:
            return f"{self.purpose.value}{note}: {a} vs {d} - identical cards!"
        verdict = "attacker wins" if self.attacker_wins else "defender wins"
        return f"{self.purpose.value.capitalize()}{note}: {a} vs {d} - {verdict}."


@dataclass(frozen=True, kw_only=True)
class Test(Event):
    """A one-sided draw against a number: morale, crew morale, recovery."""

    tone: ClassVar[Tone] = Tone.ROLL
    who: str
    purpose: str
    cards: tuple[str, ...]
    kept: str
    against: int | None
    passed: bool

    def text(self) -> str:
        pick = f", keeps {self.kept}" if len(self.cards) > 1 else ""
        against = f" against {self.against}" if self.against is not None else ""
        verdict = "passed" if self.passed else "failed"
        return f"{self.who} {self.purpose}{against}: {_cards(self.cards)}{pick} - {verdict}."


class Fate(StrEnum):
    DOWN = "down"
    CASUALTY = "casualty"
    BAILED_OUT = "bailed out"
    THROWN_DOWN = "thrown down"
    FLED = "fled"


@dataclass(frozen=True, kw_only=True)
class FigureFate(Event):
    tone: ClassVar[Tone] = Tone.BAD
    figure: str
    label: str
    fate: Fate
    why: str = ""

    def text(self) -> str:
        what = {
            Fate.DOWN: "is Down",
            Fate.CASUALTY: "is a casualty",
            Fate.BAILED_OUT: "is abandoned by its crew",
            Fate.THROWN_DOWN: "is thrown Down beside the wreck",
            Fate.FLED: "leaves the field",
        }[self.fate]
        return f"{self.label} {what}" + (f" ({self.why})." if self.why else ".")


@dataclass(frozen=True, kw_only=True)
class Recovered(Event):
    """A Downed model drew black at turn end and stands up."""

    tone: ClassVar[Tone] = Tone.GOOD
    figure: str
    label: str

    def text(self) -> str:
        return f"{self.label} stands up again."


@dataclass(frozen=True, kw_only=True)
class VehicleDamaged(Event):
    tone: ClassVar[Tone] = Tone.BAD
    figure: str
    label: str
    points: int
    total: int

    def text(self) -> str:
        return f"{self.label} takes {self.points} damage ({self.total} in all)."


@dataclass(frozen=True, kw_only=True)
class TurnEnded(Event):
    tone: ClassVar[Tone] = Tone.TURN
    turn: int
    reason: str

    def text(self) -> str:
        return f"Turn {self.turn} ends: {self.reason}. Morale and recovery."


@dataclass(frozen=True, kw_only=True)
class ForceBroken(Event):
    tone: ClassVar[Tone] = Tone.BAD
    force: str
    casualties: int

    def text(self) -> str:
        return f"{self.force}'s morale breaks with {self.casualties} casualties."


@dataclass(frozen=True, kw_only=True)
class GameEnded(Event):
    tone: ClassVar[Tone] = Tone.END
    winners: tuple[int, ...]
    reason: str

    def text(self) -> str:
        return f"Game over: {self.reason}."
