"""'65 counter types: the values printed on a counter (2) and its movement class (7a),
the abilities (21) and powers (22) a counter may show. Shared by the unit data
(data.py) and the vehicle data (vehicles/data.py), which neither needs the other for."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from game.resources import rules_data_dir

DATA_DIR = rules_data_dir("sixty_five")

ID_PATTERN = r"^[a-z][a-z0-9_]*$"
_ID = ID_PATTERN


class MoveClass(StrEnum):
    """Movement classes (7a)."""

    LEG = "L"
    WHEELED = "W"
    OFF_ROAD = "O"
    TRACKED = "T"
    FLYING = "F"


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Side(_Frozen):
    """Values of one side of a counter."""

    hef: int = Field(ge=0)
    apf: int | None = None
    tm: int | None = None
    af: int | None = None
    mf: int = Field(ge=0)
    abilities: tuple[str, ...] = ()
    powers: tuple[str, ...] = ()


class UnitType(Side):
    """A counter (2): full-strength values plus identity; ``reduced`` is the other side."""

    id: str = Field(pattern=_ID)
    name: str = Field(min_length=1)
    side: Literal["us", "vc", "nva"]
    move_class: MoveClass
    hero: bool = False
    facing: bool = False  # vehicles face a hex corner (15d); none of the infantry do
    reduced: Side | None = None

    @property
    def steps(self) -> int:
        """2 for a counter with a reduced side, else 1."""
        return 2 if self.reduced is not None else 1

    @property
    def soft(self) -> bool:
        """A soft target has no Armor Factor (2c)."""
        return self.af is None


ABILITIES = frozenset(
    "assault assault_plus difficult_target inspirational pathfinder no_move_and_fire sniper "
    "suppression tactical".split()
)
POWERS = frozenset(
    "p40mm charge explosive_rounds kill_shot leadership smoke satchel_charge".split()
)
