"""The models on the table: infantry stands and vehicles, in hundredths of an inch."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

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
        )

    @property
    def vehicle(self) -> bool:
        return self.unit.kind == "vehicle"

    @property
    def infantry(self) -> bool:
        return self.unit.kind == "infantry"

    @property
    def on_table(self) -> bool:
        """Standing or lying on the table (including abandoned wrecks)."""
        return self.status in (Status.UP, Status.DOWN, Status.ABANDONED)

    @property
    def active(self) -> bool:
        """Up and able to act."""
        return self.status is Status.UP

    @property
    def fighting(self) -> bool:
        """Still in the game for its side (up, down or aboard)."""
        return self.status in (Status.UP, Status.DOWN, Status.ABOARD)

    @property
    def radius(self) -> int:
        """Base radius, or for a vehicle half its width (what its path must clear)."""
        if self.vehicle:
            return hundredths((self.unit.width_in or 1.0) / 2)
        return hundredths(self.unit.base_in / 2)

    def has(self, ability: Ability) -> bool:
        return ability in self.heroics

    def shape(self, at: Point | None = None, facing: int | None = None) -> Model:
        """The base or hull on the table (at another place or facing if given)."""
        centre = self.pos if at is None else at
        if self.vehicle:
            return Hull(
                centre,
                hundredths(self.unit.length_in or 1.0),
                hundredths(self.unit.width_in or 1.0),
                float(self.facing if facing is None else facing),
            )
        return RoundBase(centre, self.radius)

    @property
    def label(self) -> str:
        return self.name or self.id


def inches_text(value: float) -> str:
    """Hundredths of an inch as inches for messages: ``6.5"``."""
    return f'{round(value / HUNDREDTHS, 2):g}"'
