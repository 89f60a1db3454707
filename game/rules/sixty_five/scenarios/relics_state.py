"""Scenario 8's relics as the world holds them (the rules: scenarios/relics.py): the hexes to
search, those searched, and where the relics are once found: on a carrier, lying in a
hex, or gone off a side's friendly edge."""

from __future__ import annotations

from dataclasses import dataclass, replace
from dataclasses import field as dc_field
from typing import Any

from game.rules.sixty_five.scenarios.scenario import RelicsRule


@dataclass(frozen=True)
class RelicsSeen:
    """What the table shows of the relics (everyone sees it): the hexes to search, those
    searched, the carrier, the hex they lie in, the seat that took them off the map."""

    hexes: tuple[str, ...]
    searched: tuple[str, ...]
    carrier: str | None
    lying: str | None
    exited: int | None


@dataclass
class Relics:
    """``hexes``: board hex ids to search, in the scenario's order; ``edges``: each seat's
    friendly edge (US first), the only edge its carrier may leave by; ``searched``: hexes
    searched, in order; ``carrier``: the unit carrying them; ``lying``: the hex they lie
    in after their carrier was eliminated; ``exited``: the seat that took them off."""

    rule: RelicsRule
    hexes: tuple[str, ...]
    edges: tuple[str | None, str | None]
    searched: list[str] = dc_field(default_factory=list)
    carrier: str | None = None
    lying: str | None = None
    exited: int | None = None

    @property
    def found(self) -> bool:
        return self.carrier is not None or self.lying is not None or self.exited is not None

    def unsearched(self) -> tuple[str, ...]:
        """The hexes still to search while the relics are not found (none after)."""
        if self.found:
            return ()
        return tuple(h for h in self.hexes if h not in self.searched)

    def seen(self) -> RelicsSeen:
        return RelicsSeen(self.hexes, tuple(self.searched), self.carrier, self.lying, self.exited)

    def copy(self) -> Relics:
        return replace(self, searched=list(self.searched))

    def snapshot(self) -> dict[str, Any]:
        return {
            "searched": list(self.searched),
            **({"carrier": self.carrier} if self.carrier else {}),
            **({"lying": self.lying} if self.lying else {}),
            **({"exited": self.exited} if self.exited is not None else {}),
        }
