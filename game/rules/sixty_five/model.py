"""'65 units on the map: a counter's state (side up, Shaken, admin marker) and the rules
that change it by themselves: hits (10c), eligibility (4c) and movement factors (10c, 18j).

Hexes are board hex ids as text, the map's number then its label: ``"1E3"``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from game.rules.sixty_five.data import Marker, MoveClass, Side, UnitType


class HitResult(StrEnum):
    """What one hit did to a unit (10c): Shaken, then reduced, then eliminated."""

    SHAKEN = "shaken"
    REDUCED = "reduced"
    ELIMINATED = "eliminated"


@dataclass
class Counter:
    """One unit on (or off) the map. ``hex`` is None for a unit not on the map yet."""

    id: str
    type: UnitType
    seat: int
    hex: str | None
    reduced: bool = False
    shaken: bool = False
    marker: Marker | None = None
    eliminated: bool = False
    #: 15d: the hex corner (0-5) a vehicle faces; None for units without facing.
    facing: int | None = None
    #: 8b: the carrier a loaded passenger rides in (drawn on top of it); None when unloaded.
    carrier: str | None = None
    #: 17b: a helicopter's movement mode (flying, hovering, landed); None for others.
    mode: str | None = None

    @property
    def values(self) -> Side:
        """The values printed on the side that is up."""
        if self.reduced and self.type.reduced is not None:
            return self.type.reduced
        return self.type

    @property
    def hef(self) -> int:
        return self.values.hef

    @property
    def hero(self) -> bool:
        return self.type.hero

    @property
    def leg(self) -> bool:
        return self.type.move_class is MoveClass.LEG

    def has(self, ability: str) -> bool:
        """Whether the side that is up shows an ability (21) or a power (22)."""
        return ability in self.values.abilities or ability in self.values.powers

    @property
    def eligible(self) -> bool:
        """4c: on the board and not marked Fired, Moved or Ops Complete."""
        return not self.eliminated and self.marker is None

    def take_hit(self) -> HitResult:
        """10c: the first hit Shakes; a hit on a Shaken unit reduces it; a hit on a Shaken,
        reduced unit (or a Shaken one-step unit: 13b) eliminates it."""
        if not self.shaken:
            self.shaken = True
            return HitResult.SHAKEN
        if not self.reduced and self.type.steps == 2:
            self.reduced = True
            return HitResult.REDUCED
        self.eliminated = True
        return HitResult.ELIMINATED

    def copy(self) -> Counter:
        return Counter(
            self.id, self.type, self.seat, self.hex, self.reduced, self.shaken, self.marker,
            self.eliminated, self.facing, self.carrier, self.mode,
        )  # fmt: skip

    def snapshot(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "type": self.type.id,
            "seat": self.seat,
            "hex": self.hex,
            "reduced": self.reduced,
            "shaken": self.shaken,
            "marker": self.marker.value if self.marker else None,
            "eliminated": self.eliminated,
            **({"facing": self.facing} if self.facing is not None else {}),
            **({"carrier": self.carrier} if self.carrier is not None else {}),
            **({"mode": self.mode} if self.mode is not None else {}),
        }


def movement_points(
    counter: Counter, *, bonus: int = 0, half: bool = False, shaken: bool | None = None
) -> int:
    """Movement points of one activation.

    The card's bonus is added first (Fast Move +1, 18e); Move & Fire then halves,
    rounding up (18j); a Shaken unit halves last, rounding down, after every other
    modifier (10c: a Shaken VC Rifle on Fast Move has (3 + 1) / 2 = 2).
    """
    mp = counter.values.mf + bonus
    if half:
        mp = (mp + 1) // 2
    if counter.shaken if shaken is None else shaken:
        mp //= 2
    return mp


@dataclass(frozen=True)
class Fortification:
    """What stands in one hex besides foxholes: a bunker facing ``bunker`` (a corner,
    0-5; None: no bunker), wire, or the rubble of a destroyed bunker (23b, 23c)."""

    bunker: int | None = None
    wire: bool = False
    rubble: bool = False

    def snapshot(self) -> dict[str, object]:
        return {
            **({"bunker": self.bunker} if self.bunker is not None else {}),
            **({"wire": True} if self.wire else {}),
            **({"rubble": True} if self.rubble else {}),
        }
