"""The models on the table: infantry stands and vehicles, in hundredths of an inch."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache

from game.maps.tabletop import HUNDREDTHS, Point, hundredths
from game.maps.tabletop_measure import Hull, Model, RoundBase
from game.rules.ratfight.data import Ability, UnitSpec


class Status(StrEnum):
    """Where a model stands in the fight.

    ``up``: acting normally. ``down``: on its side, may not move or fire; tested for
    recovery at turn end. ``aboard``: a passenger inside a transport. ``casualty``:
    out of the game, counts against morale. ``abandoned``: a vehicle its crew left; it
    stays as an obstacle. ``fled``: its force's morale broke and it left the table.
    """

    UP = "up"
    DOWN = "down"
    ABOARD = "aboard"
    CASUALTY = "casualty"
    ABANDONED = "abandoned"
    FLED = "fled"


ON_TABLE = frozenset((Status.UP, Status.DOWN, Status.ABANDONED))


@dataclass(slots=True)
class Figure:
    """One model. ``pos`` is the centre of its base or hull (hundredths of an inch);
    ``facing`` (vehicles) degrees clockwise from the right table edge; ``damage`` the
    damage points a vehicle has accumulated; ``aboard`` the transport a passenger is in."""

    id: str
    side: int
    force: str
    unit_id: str
    unit: UnitSpec
    name: str
    leader: int
    heroics: tuple[Ability, ...]
    pos: Point
    facing: int = 0
    status: Status = Status.UP
    damage: int = 0
    aboard: str | None = None
    # the last shape built, by (place, facing): bots ask for it thousands of times
    _shape_at: tuple[Point, int] | None = field(default=None, repr=False, compare=False)
    _shape: Model | None = field(default=None, repr=False, compare=False)
    radius: int = field(init=False, repr=False, compare=False)
    """Base radius, or for a vehicle half its width (what its path must clear)."""
    extent: float = field(init=False, repr=False, compare=False)
    """From the centre to the farthest point of the base or hull (hundredths): no part
    of the model is farther than this from ``pos``."""
    vehicle: bool = field(init=False, repr=False, compare=False)
    infantry: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        unit = self.unit
        self.vehicle = unit.kind == "vehicle"
        self.infantry = unit.kind == "infantry"
        self.radius = _radius_of(unit.kind, unit.width_in, unit.base_in)
        self.extent = _extent_of(unit.kind, unit.length_in, unit.width_in, self.radius)

    def retype(self, unit_id: str, unit: UnitSpec) -> None:
        """Give the model another profile (its base, hull and the shape remembered
        follow)."""
        self.unit_id, self.unit = unit_id, unit
        self._shape_at = self._shape = None
        self.__post_init__()

    def copy(self) -> Figure:
        return Figure(
            self.id,
            self.side,
            self.force,
            self.unit_id,
            self.unit,
            self.name,
            self.leader,
            self.heroics,
            self.pos,
            self.facing,
            self.status,
            self.damage,
            self.aboard,
            self._shape_at,
            self._shape,
        )

    @property
    def on_table(self) -> bool:
        """Standing or lying on the table (including abandoned wrecks)."""
        return self.status in ON_TABLE

    @property
    def active(self) -> bool:
        """Up and able to act."""
        return self.status is Status.UP

    @property
    def fighting(self) -> bool:
        """Still in the game for its side (up, down or aboard)."""
        return self.status in (Status.UP, Status.DOWN, Status.ABOARD)

    def has(self, ability: Ability) -> bool:
        return ability in self.heroics

    def shape(self, at: Point | None = None, facing: int | None = None) -> Model:
        """The base or hull on the table (at another place or facing if given)."""
        key = (self.pos if at is None else at, self.facing if facing is None else facing)
        if key == self._shape_at and self._shape is not None:
            return self._shape
        shape = _shape(self.unit, *key)
        if at is None and facing is None:
            self._shape_at, self._shape = key, shape
        return shape

    @property
    def label(self) -> str:
        return self.name or self.id


@cache
def _radius_of(kind: str, width_in: float | None, base_in: float) -> int:
    if kind == "vehicle":
        return hundredths((width_in or 1.0) / 2)
    return hundredths(base_in / 2)


@cache
def _extent_of(kind: str, length_in: float | None, width_in: float | None, radius: int) -> float:
    if kind == "vehicle":
        return math.hypot(hundredths(length_in or 1.0), hundredths(width_in or 1.0)) / 2
    return float(radius)


def _shape(unit: UnitSpec, centre: Point, facing: int) -> Model:
    if unit.kind == "vehicle":
        return Hull(
            centre,
            hundredths(unit.length_in or 1.0),
            hundredths(unit.width_in or 1.0),
            float(facing),
        )
    return RoundBase(centre, _radius_of(unit.kind, unit.width_in, unit.base_in))


def inches_text(value: float) -> str:
    """Hundredths of an inch as inches for messages: ``6.5"``."""
    return f'{round(value / HUNDREDTHS, 2):g}"'
