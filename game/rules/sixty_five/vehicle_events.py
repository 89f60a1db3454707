"""'65 events of vehicles (7b, 8, 15): turning, the two draws of a shot, wrecks,
loading and unloading."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.api import Event


@dataclass(frozen=True, kw_only=True)
class VehicleTurned(Event):
    """7b, 15d: a vehicle now faces corner ``facing``."""

    unit: str
    facing: int

    def text(self) -> str:
        return f"{self.unit} turns to face corner {self.facing}."
