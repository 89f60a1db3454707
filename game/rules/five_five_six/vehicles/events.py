"""What happens to 5.56mm vehicles, as typed events (rules version 3). Rolls are
``DieRolled`` events as elsewhere; these say what came of them."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import ClassVar

from game.core.api import Event, Tone
from game.core.textform import Point


@dataclass(frozen=True, kw_only=True)
class Drove(Event):
    """A vehicle's move on its driver's go: from ``start`` to ``end`` (hundredths),
    ``inches`` in all, the task tried and the 4.62/4.63 row it landed on (``row``:
    "Full Speed +2: 8\\"", "Turn +0: one 90-degree turn", "" without a task)."""

    vehicle: str
    label: str
    driver: str
    start: Point
    end: Point
    facing: int
    inches: float
    full_speed: bool = False
    row: str = ""

    def text(self) -> str:
        how = " at Full Speed" if self.full_speed else ""
        row = f" ({self.row})" if self.row else ""
        return f'{self.driver} drives the {self.label} {self.inches:.1f}"{how}{row}.'


@dataclass(frozen=True, kw_only=True)
class GotIn(Event):
    character: str
    label: str
    vehicle: str
    vehicle_label: str
    seat: str

    def text(self) -> str:
        return f"{self.label} gets into the {self.vehicle_label} ({self.seat})."


@dataclass(frozen=True, kw_only=True)
class GotOut(Event):
    character: str
    label: str
    vehicle: str
    vehicle_label: str
    moving: bool

    def text(self) -> str:
        how = "jumps out of the moving" if self.moving else "gets out of the"
        return f"{self.label} {how} {self.vehicle_label}."


@dataclass(frozen=True, kw_only=True)
class Rammed(Event):
    """12.2: a vehicle ran at a character, who jumped clear or was hit."""

    tone: ClassVar[Tone] = Tone.BAD
    vehicle: str
    label: str
    character: str
    character_label: str
    clear: bool

    def text(self) -> str:
        if self.clear:
            return f"{self.character_label} jumps clear of the {self.label}."
        return f"The {self.label} runs down {self.character_label}!"


@dataclass(frozen=True, kw_only=True)
class RammedVehicle(Event):
    """12.2: a vehicle at Full Speed ran into another."""

    tone: ClassVar[Tone] = Tone.BAD
    vehicle: str
    label: str
    other: str
    other_label: str

    def text(self) -> str:
        return f"The {self.label} rams the {self.other_label}!"


@dataclass(frozen=True, kw_only=True)
class VehicleDamaged(Event):
    """12.5: the result of an Armour test (``result`` "" when it held)."""

    tone: ClassVar[Tone] = Tone.BAD
    vehicle: str
    label: str
    result: str

    def text(self) -> str:
        if not self.result:
            return f"The {self.label} is hit but not damaged."
        if self.result in ("Immobilised", "Destroyed"):
            return f"The {self.label} is {self.result.lower()}."
        damage = "Crippling Damage" if self.result == "Crippling" else self.result
        return f"The {self.label} suffers {damage}."


@dataclass(frozen=True, kw_only=True)
class VehicleCrashed(Event):
    """12.6: a vehicle crashed at the speed of ``band``."""

    tone: ClassVar[Tone] = Tone.BAD
    vehicle: str
    label: str
    band: str

    def text(self) -> str:
        return f"The {self.label} crashes ({self.band})!"


@dataclass(frozen=True, kw_only=True)
class CrashPath(Event):
    """Where a crash took a vehicle (12.6/12.61, 4.72): from ``start`` to ``end``
    (hundredths; the same place when it came down where it was). ``overshoot``: a
    Landing that missed its zone without crashing (4.72 -1 to -3)."""

    tone: ClassVar[Tone] = Tone.BAD
    vehicle: str
    label: str
    start: Point
    end: Point
    overshoot: bool = False

    @property
    def inches(self) -> float:
        return math.dist(self.start, self.end) / 100

    def text(self) -> str:
        if self.overshoot:
            return f'The {self.label} sets down {self.inches:.1f}" past its landing zone.'
        if self.start == self.end:
            return f"The {self.label} comes down where it was."
        return f'The {self.label} comes down {self.inches:.1f}" from where it was.'


@dataclass(frozen=True, kw_only=True)
class VehicleExploded(Event):
    """12.51 Destroyed: it explodes; everyone inside is killed, everyone within
    ``radius_in`` inches tests against the blast."""

    tone: ClassVar[Tone] = Tone.BAD
    vehicle: str
    label: str
    radius_in: float

    def text(self) -> str:
        return f'The {self.label} explodes! Everyone within {self.radius_in:g}" is caught.'
