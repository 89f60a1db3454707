"""'65 events: what happened, with ids and numbers, and who may see it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.core.api import Event, Tone


@dataclass(frozen=True, kw_only=True)
class PhaseBegins(Event):
    tone: ClassVar[Tone] = Tone.TURN
    turn: int
    phase: str

    def text(self) -> str:
        return f"Turn {self.turn}: {self.phase.replace('_', ' ')} phase."


@dataclass(frozen=True, kw_only=True)
class CardsDrawn(Event):
    reveals: bool = True  # a card leaves a hidden hand or the deck
    """Cards into a hand; ``cards`` is only shown to the owner (``visible_to``)."""

    seat: int
    cards: tuple[str, ...]

    def text(self) -> str:
        return f"Player {self.seat + 1} draws {', '.join(self.cards)}."


@dataclass(frozen=True, kw_only=True)
class EndTurnDrawn(Event):
    reveals: bool = True  # a card leaves a hidden hand or the deck
    """5a, 6a: an End Turn card came up and is set aside."""

    tone: ClassVar[Tone] = Tone.TURN
    card: str
    count: int
    limit: int

    def text(self) -> str:
        return f"End Turn card {self.card} set aside ({self.count} of {self.limit})."


@dataclass(frozen=True, kw_only=True)
class InitiativeBid(Event):
    """5b: a card laid face down; only its owner sees which (no undo past it: it came
    from a hidden hand)."""

    reveals: bool = True
    seat: int
    card: str

    def text(self) -> str:
        return f"Player {self.seat + 1} lays {self.card} face down for the initiative."


@dataclass(frozen=True, kw_only=True)
class CardsKept(Event):
    """5e: how many cards a player keeps (the cards themselves stay hidden)."""

    reveals: bool = True
    seat: int
    count: int

    def text(self) -> str:
        return f"Player {self.seat + 1} keeps {self.count} card(s)."


@dataclass(frozen=True, kw_only=True)
class InitiativeRevealed(Event):
    reveals: bool = True  # a card leaves a hidden hand or the deck
    tone: ClassVar[Tone] = Tone.ROLL
    cards: tuple[str, str]
    winner: int | None

    def text(self) -> str:
        who = "a tie" if self.winner is None else f"player {self.winner + 1} has the initiative"
        return f"Initiative cards {self.cards[0]} and {self.cards[1]}: {who}."


@dataclass(frozen=True, kw_only=True)
class ImpulseBegins(Event):
    tone: ClassVar[Tone] = Tone.TURN
    seat: int

    def text(self) -> str:
        return f"Player {self.seat + 1}'s impulse."


@dataclass(frozen=True, kw_only=True)
class Passed(Event):
    seat: int

    def text(self) -> str:
        return f"Player {self.seat + 1} passes."


@dataclass(frozen=True, kw_only=True)
class CardPlayed(Event):
    reveals: bool = True  # a card leaves a hidden hand or the deck
    seat: int
    card: str
    block: str

    def text(self) -> str:
        block = "the AC-47" if self.block == "puff" else self.block.replace("_", " ")
        return f"Player {self.seat + 1} plays {self.card} for {block}."


@dataclass(frozen=True, kw_only=True)
class CardDiscarded(Event):
    reveals: bool = True  # a card leaves a hidden hand or the deck
    seat: int
    card: str

    def text(self) -> str:
        return f"Player {self.seat + 1} discards {self.card}."


@dataclass(frozen=True, kw_only=True)
class FireDeclared(Event):
    """10b: the attack and every number of its firepower."""

    tone: ClassVar[Tone] = Tone.ROLL
    lead: str
    supporting: tuple[str, ...]
    target: str
    numbers: tuple[tuple[str, int], ...]

    def text(self) -> str:
        nums = ", ".join(f"{k} {v}" for k, v in self.numbers)
        return f"{self.lead} fires at {self.target} ({nums})."


@dataclass(frozen=True, kw_only=True)
class FriendlyHits(Event):
    """Scenario 6: the AC-47's Damage Draw hits a friendly hex near its target."""

    tone: ClassVar[Tone] = Tone.ROLL
    hex: str
    hits: int

    def text(self) -> str:
        return (
            f"The AC-47's fire also falls on {self.hex}: {self.hits} hit{'s' * (self.hits != 1)}."
        )


@dataclass(frozen=True, kw_only=True)
class DamageCard(Event):
    reveals: bool = True  # a card leaves a hidden hand or the deck
    """10c: one card of a Damage Draw, its HE result and what it did."""

    tone: ClassVar[Tone] = Tone.ROLL
    card: str
    hit_colour: str | None
    hit: bool
    target: str

    def text(self) -> str:
        face = f"{self.hit_colour} Hit" if self.hit_colour else "no Hit"
        did = f": a hit on {self.target}" if self.hit else ""
        return f"Damage Draw {self.card} ({face}){did}."


@dataclass(frozen=True, kw_only=True)
class HitApplied(Event):
    """10c: a Hit drawn earlier takes effect (after the defender's window)."""

    tone: ClassVar[Tone] = Tone.BAD
    unit: str
    result: str

    def text(self) -> str:
        return f"{self.unit} is hit: {self.result}."


@dataclass(frozen=True, kw_only=True)
class HitIgnored(Event):
    tone: ClassVar[Tone] = Tone.GOOD
    unit: str
    card: str

    def text(self) -> str:
        return f"{self.unit} shrugs off a hit ({self.card}: Light Wounds)."


@dataclass(frozen=True, kw_only=True)
class UnitMoved(Event):
    unit: str
    path: tuple[str, ...]
    points: int

    def text(self) -> str:
        return f"{self.unit} moves {'-'.join(self.path)} ({self.points} MP)."


@dataclass(frozen=True, kw_only=True)
class UnitPlaced(Event):
    unit: str
    hex: str

    def text(self) -> str:
        return f"{self.unit} sets up in {self.hex}."


@dataclass(frozen=True, kw_only=True)
class UnitRallied(Event):
    tone: ClassVar[Tone] = Tone.GOOD
    unit: str
    reconstituted: bool

    def text(self) -> str:
        return f"{self.unit} {'is back to full strength' if self.reconstituted else 'rallies'}."


@dataclass(frozen=True, kw_only=True)
class MarkerRemoved(Event):
    unit: str
    marker: str

    def text(self) -> str:
        return f"{self.unit}: {self.marker.replace('_', ' ')} marker removed."


@dataclass(frozen=True, kw_only=True)
class AssaultFought(Event):
    """13: an assault was fought; hits each side took."""

    tone: ClassVar[Tone] = Tone.ROLL
    hex: str
    attacker_hits: int
    defender_hits: int

    def text(self) -> str:
        return (
            f"Assault in {self.hex}: the attackers take {self.attacker_hits} hit(s), "
            f"the defenders {self.defender_hits}."
        )


@dataclass(frozen=True, kw_only=True)
class SmokePlaced(Event):
    unit: str
    hex: str

    def text(self) -> str:
        return f"{self.unit} lays smoke in {self.hex}."


@dataclass(frozen=True, kw_only=True)
class GameOver(Event):
    tone: ClassVar[Tone] = Tone.END
    turns: int

    def text(self) -> str:
        return f"The last turn ({self.turns}) is over."


@dataclass(frozen=True, kw_only=True)
class WeatherDrawn(Event):
    reveals: bool = True  # a card leaves the deck
    """18r (Kickstarter): a Sudden Downpour came up; ``check`` decided whether it rains."""

    tone: ClassVar[Tone] = Tone.TURN
    card: str
    check: str
    rains: bool

    def text(self) -> str:
        if self.rains:
            return f"Sudden Downpour ({self.card}; {self.check} shows a Hit): sight 3 hexes."
        return f"Sudden Downpour ({self.card}): {self.check} shows no Hit, it stays dry."


@dataclass(frozen=True, kw_only=True)
class FoxholeRedraw(Event):
    reveals: bool = True  # a card leaves the deck
    """23a, 18s (Kickstarter): the first Hit on a unit in a foxhole is set aside and
    another card drawn in its place."""

    tone: ClassVar[Tone] = Tone.GOOD
    card: str
    unit: str

    def text(self) -> str:
        return f"{self.unit}'s foxhole turns aside the Hit of {self.card}; another card is drawn."
