"""What happens in a game of RatFight, as typed events (all public: RatFight hides only
the order of the decks)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from game.core.api import Event, Tone
from game.core.playing_cards import card_words
from game.core.textform import Point


def _inches(value: float) -> str:
    return f'{round(value / 100, 2):g}"'


def _cards(cards: tuple[str, ...]) -> str:
    """Playing cards as a player says them: "the 3 of clubs and the king of hearts"."""
    words = [f"the {card_words(c)}" for c in cards]
    if not words:
        return "no card"
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _draws(cards: tuple[str, ...], kept: str) -> str:
    """What one side turned over, and the card it kept when it had a choice."""
    if len(cards) > 1:
        return f"draws {_cards(cards)}, keeps the {card_words(kept)}"
    return f"draws {_cards(cards)}"


def mid(name: str) -> str:
    """A side's name inside a sentence: "The Raiders" -> "the Raiders"."""
    return "the " + name[4:] if name.startswith("The ") else name


def possessive(name: str) -> str:
    """ "The Raiders" -> "The Raiders'", "The Column" -> "The Column's"."""
    return name + ("'" if name.endswith("s") else "'s")


COMPASS = ("east", "south-east", "south", "south-west", "west", "north-west", "north", "north-east")


def compass(facing: int) -> str:
    """A facing (degrees clockwise from the right table edge, which is east: the top
    edge is north) as the nearest of eight compass points."""
    return COMPASS[round((facing % 360) / 45) % 8]


@dataclass(frozen=True, kw_only=True)
class ForcesPlaced(Event):
    """Set-up: a force stands in its deployment zone (``models``: the force in words)."""

    seat: int
    force: str
    zone: str
    models: str

    def text(self) -> str:
        return f"Set-up: {mid(self.force)} in the {self.zone.lower()} zone: {self.models}."


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
        shown = f"{self.sides[0]}: {self.cards[0]}; {self.sides[1]}: {self.cards[1]}"
        if self.winner is None:
            return f"Initiative draw - {shown}. Equal cards: both draw again."
        return f"Initiative draw - {shown}. The first card goes to {mid(self.sides[self.winner])}."


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
        if self.redraw:
            again = f"another card for {mid(self.side)}: {self.title}"
            return f"The Inspiring leader sends it back; {again}."
        return f"Card for {mid(self.side)}: {self.title}."


@dataclass(frozen=True, kw_only=True)
class CardDone(Event):
    seat: int
    side: str
    title: str
    used: int

    def text(self) -> str:
        if self.used == 0:
            return f"{self.side}: no action on {self.title}."
        models = "1 model" if self.used == 1 else f"{self.used} models"
        return f"{self.side}: done with {self.title} ({models} acted)."


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
            return f"{self.label} turns on the spot to face {compass(self.facing or 0)}."
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
            extra = f", +{bonus} for {label}" if bonus else ""
            return f"{who} {_draws(cards, kept)}{extra}"

        a = side(
            self.attacker,
            self.attacker_cards,
            self.attacker_kept,
            self.attacker_bonus,
            "armour piercing",
        )
        d = side(
            self.defender, self.defender_cards, self.defender_kept, self.defender_bonus, "armour"
        )
        note = f" ({self.note})" if self.note else ""
        head = f"{self.purpose.value.capitalize()}{note}: {a}; {d}"
        if self.identical:
            return f"{head}. The very same card on both sides: the turn ends at once."
        winner = self.attacker if self.attacker_wins else self.defender
        return f"{head}. {winner} wins."


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
        against = f" (must beat {self.against})" if self.against is not None else ""
        verdict = "passed" if self.passed else "failed"
        draws = _draws(self.cards, self.kept)
        return f"{self.who}, {self.purpose} test{against}: {draws} - {verdict}."


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
        lost = "1 casualty" if self.casualties == 1 else f"{self.casualties} casualties"
        return f"{possessive(self.force)} morale breaks with {lost}: they leave the table."


@dataclass(frozen=True, kw_only=True)
class GameEnded(Event):
    tone: ClassVar[Tone] = Tone.END
    winners: tuple[int, ...]
    reason: str

    def text(self) -> str:
        return f"Game over: {self.reason}."
