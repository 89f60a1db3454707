"""'65 events of vehicles (7b, 8, 15): turning, the two draws of a shot, wrecks,
loading and unloading."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.core.api import Event, Tone


@dataclass(frozen=True, kw_only=True)
class VehicleTurned(Event):
    """7b, 15d: a vehicle now faces corner ``facing``."""

    unit: str
    facing: int

    def text(self) -> str:
        return f"{self.unit} turns to face corner {self.facing}."


@dataclass(frozen=True, kw_only=True)
class ApTargetingDrawn(Event):
    """15a, 15b: the targeting draw of an AP shot: the card's TN against ``to_hit``."""

    reveals: bool = True  # a card leaves the deck
    tone: ClassVar[Tone] = Tone.ROLL
    card: str
    unit: str
    target: str
    to_hit: int
    result: str  # vehicle_fire.Targeting

    def text(self) -> str:
        return (
            f"{self.unit} fires AP at {self.target}: card {self.card} against to-hit "
            f"{self.to_hit}: {self.result}."
        )


@dataclass(frozen=True, kw_only=True)
class ApArmourDrawn(Event):
    """15c: the armour draw: the card's APF bonus + ``modified_apf`` against ``armour``."""

    reveals: bool = True
    tone: ClassVar[Tone] = Tone.ROLL
    card: str
    unit: str
    target: str
    modified_apf: int
    armour: int
    result: str  # vehicle_fire.Armour

    def text(self) -> str:
        return (
            f"{self.target} armour draw {self.card}: APF {self.modified_apf} + bonus "
            f"against armour {self.armour}: {self.result}."
        )


@dataclass(frozen=True, kw_only=True)
class PassengersLoaded(Event):
    """8a, 8b: passengers board a carrier (drawn on top of it)."""

    carrier: str
    passengers: tuple[str, ...]

    def text(self) -> str:
        return f"{', '.join(self.passengers)} board {self.carrier}."


@dataclass(frozen=True, kw_only=True)
class PassengersUnloaded(Event):
    """8a, 8c: passengers get off into the carrier's hex (drawn under it)."""

    carrier: str
    passengers: tuple[str, ...]

    def text(self) -> str:
        return f"{', '.join(self.passengers)} get off {self.carrier}."


@dataclass(frozen=True, kw_only=True)
class ModeDeclared(Event):
    """17b: a helicopter takes a movement mode."""

    tone: ClassVar[Tone] = Tone.PLAIN
    unit: str
    mode: str

    def text(self) -> str:
        return f"{self.unit} is now {self.mode}."


@dataclass(frozen=True, kw_only=True)
class HelicopterDown(Event):
    """17c: a destroyed helicopter comes down (``hex`` empty: off the board)."""

    tone: ClassVar[Tone] = Tone.BAD
    unit: str
    hex: str
    mode: str

    def text(self) -> str:
        if not self.hex:
            return f"{self.unit} goes down off the board."
        return f"{self.unit} ({self.mode}) comes down in {self.hex}."


@dataclass(frozen=True, kw_only=True)
class HelicopterDeparted(Event):
    """Scenario 7: a transport helicopter leaves the board (with any passengers)."""

    tone: ClassVar[Tone] = Tone.PLAIN
    unit: str

    def text(self) -> str:
        return f"{self.unit} lifts off and leaves the battle."


@dataclass(frozen=True, kw_only=True)
class BunkerWrecked(Event):
    """23b: an attack destroyed the bunker in ``hex``: Rubble in its place."""

    tone: ClassVar[Tone] = Tone.GOOD
    hex: str

    def text(self) -> str:
        return f"The bunker in {self.hex} is destroyed: rubble."
