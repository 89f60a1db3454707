"""What happens to 5.56mm helicopters, as typed events (rules version 3): a Pilot go
(4.7) and a Fast Rope (4.8). Rolls are ``DieRolled`` events as elsewhere."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.api import Event
from game.core.textform import Point


@dataclass(frozen=True, kw_only=True)
class Flew(Event):
    """A helicopter's go on its pilot's card: from ``start`` to ``end`` (hundredths),
    ``inches`` in all, its ``altitude`` after it (flying, hovering, ground) and the
    4.72-4.75 row the task landed on ("" without a task)."""

    vehicle: str
    label: str
    pilot: str
    start: Point
    end: Point
    facing: int
    inches: float
    altitude: str
    row: str = ""

    def text(self) -> str:
        where = {"ground": ", on the ground", "hovering": ", hovering"}.get(self.altitude, "")
        row = f" ({self.row})" if self.row else ""
        return f'{self.pilot} flies the {self.label} {self.inches:.1f}"{where}{row}.'


@dataclass(frozen=True, kw_only=True)
class FastRoped(Event):
    """4.8: a man roped down from a hovering helicopter (``fell``: he lost his grip)."""

    character: str
    label: str
    vehicle: str
    vehicle_label: str
    fell: bool

    def text(self) -> str:
        how = "loses his grip on the rope from" if self.fell else "fast-ropes down from"
        return f"{self.label} {how} the {self.vehicle_label}."
