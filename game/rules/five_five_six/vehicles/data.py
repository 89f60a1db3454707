"""5.56mm's vehicle data (sections 4.6-4.8 and 12): the vehicle profiles of 12.8/12.9
(``data/vehicles.yaml``) and every vehicle table (``data/vehicle_tables.yaml``): the
Drive tasks 4.61-4.63, the Pilot tasks 4.71-4.75, Fast Rope 4.81, leaving a moving
vehicle 12.11, ramming 12.21, vehicle damage 12.51 and crashes 12.61.

Read with ``yaml.safe_load`` into frozen pydantic models; a bad file raises ``DataError``
naming the file, the key path and what was expected. Distances are inches. A dice
expression in the files is written as the seed prints it: ``D6+4``, ``D3``, ``D6-1`` or
a plain number (a fixed TN or distance).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Annotated, Literal, Protocol, TypeVar

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, model_validator

from game.core.data import load_model
from game.core.errors import DataError
from game.rules.five_five_six.catalog import DATA_DIR, Catalog, catalog, load_catalog

VehicleKind = Literal["land", "helicopter"]
SeatRole = Literal["driver", "pilot", "co_pilot", "gunner"]
VehicleAbility = Literal["speed", "manoeuvre"]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# -- dice expressions -------------------------------------------------------------

_DICE = re.compile(r"^\s*(?:D(?P<die>[36])\s*(?:(?P<sign>[+-])\s*(?P<plus>\d+))?|(?P<n>-?\d+))\s*$")


@dataclass(frozen=True, slots=True)
class Dice:
    """A dice expression: ``die`` sides (0 for none, 3 or 6) plus ``plus``. A D3 is
    read off a D6 (``checks.d3_from_d6``)."""

    die: int
    plus: int

    def __str__(self) -> str:
        if not self.die:
            return str(self.plus)
        return f"D{self.die}" + (f"{self.plus:+d}" if self.plus else "")

    def shifted(self, extra: int) -> Dice:
        return Dice(self.die, self.plus + extra)


def _parse_dice(value: object) -> object:
    if isinstance(value, Dice):
        return value
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ValueError("expected a dice expression like 'D6+4', 'D3', 'D6-1' or a number")
    m = _DICE.match(str(value))
    if m is None:
        raise ValueError(
            f"expected a dice expression like 'D6+4', 'D3', 'D6-1' or a number, got {value!r}"
        )
    if m["n"] is not None:
        return Dice(0, int(m["n"]))
    plus = int(m["plus"] or 0) * (-1 if m["sign"] == "-" else 1)
    return Dice(int(m["die"]), plus)


DiceExpr = Annotated[Dice, BeforeValidator(_parse_dice)]


# -- result tables ----------------------------------------------------------------


class _Row(Protocol):
    @property
    def margin(self) -> int: ...


RowT = TypeVar("RowT", bound=_Row)


def _ascending(rows: Sequence[RowT]) -> Sequence[RowT]:
    margins = [r.margin for r in rows]
    if any(b <= a for a, b in zip(margins, margins[1:], strict=False)):
        raise ValueError("rows must go from the worst margin up: each margin above the last")
    return rows


def row_for(rows: Sequence[RowT], margin: int) -> RowT:
    """The row of a result table for ``margin``: the last row whose margin is at most
    ``margin``; the first row also covers anything worse ("-6 or less") and the last
    anything better ("+5 or more")."""
    found = rows[0]
    for row in rows:
        if row.margin <= margin:
            found = row
    return found


class DistanceRow(Strict):
    """4.62/4.74: a Full Speed result and the extra inches it gives."""

    margin: int = Field(ge=0)
    inches: int = Field(gt=0)


class TurnsRow(Strict):
    """4.63/4.75: a Turn (Bank) result and how many 90-degree turns it allows."""

    margin: int = Field(ge=0)
    turns: int = Field(gt=0)


class SpeedTask(Strict):
    """Full Speed (4.6/4.7): TN, the vehicle ability added, the changes of direction
    allowed during the Full Speed distance and their cost in inches."""

    tn: int
    ability: VehicleAbility
    turns: int = Field(ge=0)
    turn_cost_in: float = Field(ge=0)
    rows: Annotated[tuple[DistanceRow, ...], AfterValidator(_ascending)] = Field(min_length=1)


class TurnTask(Strict):
    """Turn (4.6) or Bank (4.7): TN, ability, each 90-degree turn's cost in inches."""

    tn: int
    ability: VehicleAbility
    turn_cost_in: float = Field(ge=0)
    rows: Annotated[tuple[TurnsRow, ...], AfterValidator(_ascending)] = Field(min_length=1)


class BasicMove(Strict):
    """The movement allowance without a roll: each change of direction up to 45
    degrees costs ``turn_cost_in``; each inch in reverse costs ``reverse_cost_per_in``."""

    turn_cost_in: float = Field(ge=0)
    reverse_cost_per_in: float = Field(ge=1)


DamageLevel = Literal["minor", "major", "crippling", "immobilised", "destroyed"]


class LandRow(Strict):
    """4.72: where a Landing ends (``distance`` from the landing zone, overshooting or
    crashing), what the helicopter becomes, and the damage TNs for those inside and for
    everyone within ``nearby_radius_in``."""

    margin: int
    outcome: Literal["landed", "overshoot", "crash_landing", "crash"]
    distance: DiceExpr | None = None
    becomes: DamageLevel | None = None
    inside: DiceExpr | None = None
    nearby: DiceExpr | None = None
    nearby_radius_in: float | None = Field(default=None, gt=0)

    @model_validator(mode="after")
    def _consistent(self) -> LandRow:
        if (self.outcome == "landed") != (self.distance is None):
            raise ValueError("distance: given for every outcome but landed")
        if (self.nearby is None) != (self.nearby_radius_in is None):
            raise ValueError("nearby and nearby_radius_in: both or neither")
        return self


class HoverRow(Strict):
    """4.73: how far a Hover overshoots and the TN penalty for firing from the
    helicopter or Fast Roping."""

    margin: int
    overshoot: DiceExpr | None = None
    tn_penalty: int = Field(ge=0)


class FastRopeRow(Strict):
    """4.81: a successful rope lets the character move ``move_in`` away; a failed one
    means a Strength test against the ``fall`` damage TN."""

    margin: int
    move_in: float | None = Field(default=None, ge=0)
    fall: DiceExpr | None = None

    @model_validator(mode="after")
    def _one(self) -> FastRopeRow:
        if (self.move_in is None) == (self.fall is None):
            raise ValueError("exactly one of move_in (a success) and fall (a failure)")
        return self


class LandTask(Strict):
    """Land (4.71 TN, 4.72 results)."""

    tn: int
    ability: VehicleAbility
    rows: Annotated[tuple[LandRow, ...], AfterValidator(_ascending)] = Field(min_length=1)


class HoverTask(Strict):
    """Hover (4.71 TN, 4.73 results)."""

    tn: int
    ability: VehicleAbility
    rows: Annotated[tuple[HoverRow, ...], AfterValidator(_ascending)] = Field(min_length=1)


class DriveTables(Strict):
    """4.6 Drive: the Driver Tasks 4.61 with 4.62/4.63 and the Immobilised crash test
    (12.51)."""

    untrained_penalty: int = Field(ge=0)
    basic: BasicMove
    full_speed: SpeedTask
    turn: TurnTask
    crash_test_tn: int
    crash_test_ability: VehicleAbility


class PilotTables(Strict):
    """4.7 Pilot: the Pilot Tasks 4.71 with 4.72-4.75, the co-pilot's penalty (12.9)."""

    untrained_penalty: int = Field(ge=0)
    co_pilot_penalty: int = Field(ge=0)
    basic: BasicMove
    land: LandTask
    hover: HoverTask
    full_speed: SpeedTask
    bank: TurnTask


class FastRopeTable(Strict):
    """4.8 Fast Rope: D6 + Movement against ``tn``; results 4.81."""

    tn: int
    rows: Annotated[tuple[FastRopeRow, ...], AfterValidator(_ascending)] = Field(min_length=1)


class SpeedRow(Strict):
    """A row of a vehicle speed table: speeds up to ``upto_in`` inches (``None``: any
    speed beyond the previous row) give the damage TN ``damage``."""

    upto_in: float | None = Field(gt=0)
    damage: DiceExpr


def _outwards(rows: tuple[SpeedRow, ...]) -> tuple[SpeedRow, ...]:
    limits = [r.upto_in for r in rows]
    if any(x is None for x in limits[:-1]) or limits[-1] is not None:
        raise ValueError("only the last row is open-ended (upto_in: null), and it must be")
    known = [x for x in limits if x is not None]
    if any(b <= a for a, b in zip(known, known[1:], strict=False)):
        raise ValueError("rows must go outwards: each upto_in greater than the one before")
    return rows


SpeedTable = Annotated[tuple[SpeedRow, ...], AfterValidator(_outwards), Field(min_length=2)]


class ExitTable(Strict):
    """12.11: damage for leaving a moving vehicle by its speed; ``from_`` the first row's
    lower bound; a helicopter adds ``helicopter_fall``; leaving a hovering one is
    ``hovering``."""

    from_in: float = Field(ge=0)
    rows: SpeedTable
    helicopter_fall: int
    hovering: DiceExpr


class RamTable(Strict):
    """12.21: damage from a ram by the vehicle's speed."""

    from_in: float = Field(ge=0)
    rows: SpeedTable


class CrashTable(Strict):
    """12.61: damage in a crash by the speed before it."""

    from_in: float = Field(ge=0)
    rows: SpeedTable


class DamageRow(Strict):
    """12.51: an Armour result and what it does: TN penalty on every task with the
    vehicle, movement allowance lost by kind."""

    margin: int = Field(le=-1)
    level: DamageLevel
    tn_penalty: int = Field(default=0, ge=0)
    movement_loss_in: dict[VehicleKind, float] = {}


class DamageTable(Strict):
    """12.5/12.51 with the Immobilised and Destroyed details."""

    rows: Annotated[tuple[DamageRow, ...], AfterValidator(_ascending)] = Field(min_length=1)
    weapons_survive_on: int = Field(ge=1, le=6)
    later_armour_penalty: int = Field(ge=0)
    explosion_radius_in: float = Field(gt=0)
    explosion: DiceExpr

    @model_validator(mode="after")
    def _every_level(self) -> DamageTable:
        levels = [r.level for r in self.rows]
        wanted = ["destroyed", "immobilised", "crippling", "major", "minor"]
        if levels != wanted:
            raise ValueError(f"rows: one per level, worst first: {wanted}")
        return self


class VehicleTables(Strict):
    """``data/vehicle_tables.yaml``."""

    drive: DriveTables
    pilot: PilotTables
    fast_rope: FastRopeTable
    exit: ExitTable
    ramming: RamTable
    crash: CrashTable
    damage: DamageTable


# -- profiles ---------------------------------------------------------------------


class Seat(Strict):
    """A crew seat (12.8/12.9): ``armoured_glass`` is the profile's "(A)" (+1 to Strength
    tests against damage, 12.7); ``with_armament_only`` is the profile's "(Gunner)", a
    seat there only when the optional weapon is fitted."""

    role: SeatRole
    armoured_glass: bool = False
    with_armament_only: bool = False


class Armament(Strict):
    """A mounted weapon (12.4): one of ``weapons`` (firearm ids); an optional one is
    fitted in place of ``passengers_lost`` passengers."""

    mount: Literal["turret", "side"]
    weapons: tuple[str, ...] = Field(min_length=1)
    optional: bool = False
    passengers_lost: int = Field(default=0, ge=0)


class VehicleProfile(Strict):
    """A vehicle of 12.8/12.9: movement allowance (inches a go without a roll), the
    Speed, Manoeuvre and Armour abilities, crew seats, passengers, armament, and its
    footprint on the table: ``length_in`` x ``width_in`` inches and ``height_in`` tall
    (designed data, Interpretation V20: the real vehicle at the figures' 28 mm scale)."""

    name: str
    kind: VehicleKind
    length_in: float = Field(gt=0, le=24)
    width_in: float = Field(gt=0, le=12)
    height_in: float = Field(gt=0, le=6)
    movement_in: float = Field(gt=0)
    speed: int
    manoeuvre: int
    armour: int
    crew: tuple[Seat, ...] = Field(min_length=1)
    passengers: int = Field(ge=0)
    armament: Armament | None = None

    @model_validator(mode="after")
    def _consistent(self) -> VehicleProfile:
        controller = self.controller
        roles = [s.role for s in self.crew]
        if roles.count(controller) != 1:
            raise ValueError(f"crew: a {self.kind} vehicle has exactly one {controller}")
        if self.kind == "land" and ("pilot" in roles or "co_pilot" in roles):
            raise ValueError("crew: a land vehicle has no pilot or co_pilot")
        if self.kind == "helicopter" and "driver" in roles:
            raise ValueError("crew: a helicopter has no driver")
        optional_seat = any(s.with_armament_only for s in self.crew)
        if optional_seat and (self.armament is None or not self.armament.optional):
            raise ValueError("crew: a with_armament_only seat needs an optional armament")
        if self.armament is not None and self.armament.passengers_lost > self.passengers:
            raise ValueError("armament.passengers_lost: more than the passengers carried")
        return self

    @property
    def controller(self) -> SeatRole:
        return "driver" if self.kind == "land" else "pilot"


class VehicleProfiles(Strict):
    """``data/vehicles.yaml``."""

    vehicles: dict[str, VehicleProfile] = Field(min_length=1)


# -- loading ----------------------------------------------------------------------


@dataclass(frozen=True)
class VehicleCatalog:
    """The vehicle profiles and tables, cross-checked against the weapon data."""

    vehicles: dict[str, VehicleProfile]
    tables: VehicleTables

    def vehicle(self, vehicle_id: str) -> VehicleProfile:
        try:
            return self.vehicles[vehicle_id]
        except KeyError:
            raise KeyError(f"no vehicle {vehicle_id!r} (known: {sorted(self.vehicles)})") from None


_ID = re.compile(r"^[a-z][a-z0-9_]{0,39}$")


def load_vehicle_catalog(
    data_dir: Path = DATA_DIR, weapons: Catalog | None = None
) -> VehicleCatalog:
    """Read ``vehicles.yaml`` and ``vehicle_tables.yaml`` from ``data_dir`` (not cached);
    every armament must name a vehicle-mounted firearm of the weapon data."""
    vpath = data_dir / "vehicles.yaml"
    profiles = load_model(vpath, VehicleProfiles).vehicles
    tables = load_model(data_dir / "vehicle_tables.yaml", VehicleTables)
    arms = weapons if weapons is not None else load_catalog(data_dir)
    for vid, profile in profiles.items():
        if not _ID.match(vid):
            raise DataError(
                f"{vpath}: vehicles.{vid}: expected an id of lower-case letters, digits and _ "
                "starting with a letter"
            )
        if profile.armament is None:
            continue
        for i, wid in enumerate(profile.armament.weapons):
            if wid not in arms.weapons.firearms:
                raise DataError(
                    f"{vpath}: vehicles.{vid}.armament.weapons.{i}: unknown firearm {wid!r} "
                    f"(expected one of {sorted(arms.weapons.firearms)})"
                )
    return VehicleCatalog(profiles, tables)


@cache
def vehicle_catalog() -> VehicleCatalog:
    """The shipped vehicle data, read once."""
    return load_vehicle_catalog(DATA_DIR, catalog())


class VehicleDamage(StrEnum):
    """12.51's results, least first."""

    MINOR = "minor"
    MAJOR = "major"
    CRIPPLING = "crippling"
    IMMOBILISED = "immobilised"
    DESTROYED = "destroyed"

    @property
    def label(self) -> str:
        return {"minor": "Minor Damage", "major": "Major Damage"}.get(
            self.value, self.value.capitalize()
        )
