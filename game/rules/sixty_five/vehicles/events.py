"""'65 events of vehicles (7b, 8, 15): turning, the two draws of a shot, wrecks,
loading and unloading."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.core.api import Tone
from game.rules.sixty_five.events import Named


@dataclass(frozen=True, kw_only=True)
class VehicleTurned(Named):
    """7b, 15d: a vehicle now faces corner ``facing``."""

    unit: str
    facing: int

    def text(self) -> str:
        return f"{self.name(self.unit)} turns to face hex corner {self.facing}."


@dataclass(frozen=True, kw_only=True)
class ApTargetingDrawn(Named):
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
            f"{self.name(self.unit)} fires AP at {self.name(self.target)}: card "
            f"{self.name(self.card)} against to-hit "
            f"{self.to_hit}: {self.result}."
        )


@dataclass(frozen=True, kw_only=True)
class ApArmourDrawn(Named):
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
            f"{self.name(self.target)} armour draw {self.name(self.card)}: APF "
            f"{self.modified_apf} + bonus "
            f"against armour {self.armour}: {self.result}."
        )


@dataclass(frozen=True, kw_only=True)
class PassengersLoaded(Named):
    """8a, 8b: passengers board a carrier (drawn on top of it)."""

    carrier: str
    passengers: tuple[str, ...]

    def text(self) -> str:
        return f"{self.names_of(self.passengers)} board {self.name(self.carrier)}."


@dataclass(frozen=True, kw_only=True)
class PassengersUnloaded(Named):
    """8a, 8c: passengers get off into the carrier's hex (drawn under it)."""

    carrier: str
    passengers: tuple[str, ...]

    def text(self) -> str:
        return f"{self.names_of(self.passengers)} get off {self.name(self.carrier)}."


@dataclass(frozen=True, kw_only=True)
class ModeDeclared(Named):
    """17b: a helicopter takes a movement mode."""

    tone: ClassVar[Tone] = Tone.PLAIN
    unit: str
    mode: str

    def text(self) -> str:
        return f"{self.name(self.unit)} is now {self.mode}."


@dataclass(frozen=True, kw_only=True)
class HelicopterDown(Named):
    """17c: a destroyed helicopter comes down (``hex`` empty: off the board)."""

    tone: ClassVar[Tone] = Tone.BAD
    unit: str
    hex: str
    mode: str

    def text(self) -> str:
        if not self.hex:
            return f"{self.name(self.unit)} goes down off the board."
        return f"{self.name(self.unit)} ({self.mode}) comes down in {self.hex}."


@dataclass(frozen=True, kw_only=True)
class HelicopterDeparted(Named):
    """Scenario 7: a transport helicopter leaves the board (with any passengers)."""

    tone: ClassVar[Tone] = Tone.PLAIN
    unit: str

    def text(self) -> str:
        return f"{self.name(self.unit)} lifts off and leaves the battle."


@dataclass(frozen=True, kw_only=True)
class BunkerWrecked(Named):
    """23b: an attack destroyed the bunker in ``hex``: Rubble in its place."""

    tone: ClassVar[Tone] = Tone.GOOD
    hex: str

    def text(self) -> str:
        return f"The bunker in {self.hex} is destroyed: rubble."
