"""'65 vehicle data: the counters of vehicles, helicopters and heavy weapons
(``data/vehicles.yaml``) and the constants of vehicle combat, helicopters and
fortifications (``data/vehicle_rules.yaml``), validated with pydantic. Every problem is a
``DataError`` naming the file, the key path (``vehicles[2].af``) and what was expected.

The seed names these counters and fixes a few of their numbers (PT-76 TM 1 and APF 2,
M-48 AF 4 and flank armour 3); the rest is designed (docs/rules/sixty_five_vehicles.md).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from game.core.data import load_model, read_yaml
from game.core.errors import DataError
from game.maps.terrain import TerrainTable, load_terrain_table
from game.rules.sixty_five.counter_types import (
    ABILITIES,
    DATA_DIR,
    POWERS,
    MoveClass,
    Side,
    UnitType,
)

#: Movement classes that make a unit a vehicle (15: W, T and O; helicopters fly, 17).
VEHICLE_CLASSES = frozenset({MoveClass.WHEELED, MoveClass.OFF_ROAD, MoveClass.TRACKED})


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


def _known(kind: str, known: frozenset[str], names: tuple[str, ...]) -> tuple[str, ...]:
    for j, name in enumerate(names):
        if name not in known:
            raise ValueError(
                f"item {j}: unknown {kind} {name!r} (expected one of {', '.join(sorted(known))})"
            )
    return names


class VehicleSide(Side):
    """One side of a counter whose abilities (21) and powers (22) must be known ones."""

    @field_validator("abilities")
    @classmethod
    def _abilities(cls, names: tuple[str, ...]) -> tuple[str, ...]:
        return _known("ability", ABILITIES, names)

    @field_validator("powers")
    @classmethod
    def _powers(cls, names: tuple[str, ...]) -> tuple[str, ...]:
        return _known("power", POWERS, names)


class VehicleType(UnitType, VehicleSide):
    """A counter of ``units.yaml`` plus what vehicles and helicopters add."""

    reduced: VehicleSide | None = None

    carrier: bool = False  # circled MF (8a): one Leg unit plus one Hero
    fixed_weapon: bool = False  # fires through the front arc only (15d)
    cannister: bool = False  # may use the Cannister action (18c)
    soft_af: int | None = None  # a soft vehicle's AF against AP fire (the truck, 10b)

    @model_validator(mode="after")
    def _armour(self) -> VehicleType:
        if self.af is not None and self.soft_af is not None:
            raise ValueError("soft_af is for soft vehicles (no af); a hard target has af")
        if self.move_class is MoveClass.FLYING and self.af is None:
            raise ValueError(
                "a helicopter is also a hard target when hovering or landed (17c): give af"
            )
        if self.move_class in VEHICLE_CLASSES | {MoveClass.FLYING} and not self.facing:
            raise ValueError("vehicles and helicopters face a hex corner (15d, 17c): facing: true")
        if (self.apf is None) != (self.tm is None):
            raise ValueError("apf and tm come together: an AP weapon has both (2d, 2f)")
        return self

    @property
    def vehicle(self) -> bool:
        """15: the W, O and T movement classes are vehicles."""
        return self.move_class in VEHICLE_CLASSES

    @property
    def helicopter(self) -> bool:
        return self.move_class is MoveClass.FLYING


class ApBand(_Frozen):
    max_range: int = Field(ge=1)
    apf: int


class HelicopterRules(_Frozen):
    flying_cover: int
    crash_hef: int = Field(ge=0)
    crash_apf: int
    landing_terrain: tuple[str, ...] = Field(min_length=1)
    blind_spot_terrain: tuple[str, ...] = ()


class FortificationRules(_Frozen):
    foxhole_redraws: int = Field(ge=0)
    bunker_af: int
    bunker_cover: int
    bunker_hits_destroyed: int = Field(ge=0)
    rubble_terrain: str
    wire_cover: int
    wire_tracked_mp: int = Field(ge=1)
    no_fortification_terrain: tuple[str, ...] = ()


class VehicleRules(_Frozen):
    ap_range: tuple[ApBand, ...] = Field(min_length=1)
    flank_armour: int = Field(ge=0)
    turret_armour: int = Field(ge=0)
    moving_target_to_hit: int
    aimed_shot_tm: int
    reload_tm: int
    critical_hit_apf: int
    glancing_shot_apf: int
    unexpected_cover_hard: int
    difficult_target_tn: int
    cannister_max_range: int = Field(ge=1)
    helicopter: HelicopterRules
    fortifications: FortificationRules

    @field_validator("ap_range")
    @classmethod
    def _ascending(cls, bands: tuple[ApBand, ...]) -> tuple[ApBand, ...]:
        ranges = [b.max_range for b in bands]
        if ranges != sorted(set(ranges)):
            raise ValueError("bands are listed by strictly increasing max_range")
        return bands


class _Vehicles(_Frozen):
    vehicles: tuple[VehicleType, ...] = Field(min_length=1)
    weapons: tuple[VehicleType, ...] = ()


class VehicleData:
    """The vehicle counters and constants, cross-checked: ids unique (also against
    ``units.yaml``), abilities and powers known, terrain named by the rules in the chart."""

    def __init__(self, data_dir: Path = DATA_DIR) -> None:
        self.dir = data_dir
        path, rules_path = data_dir / "vehicles.yaml", data_dir / "vehicle_rules.yaml"
        loaded = load_model(path, _Vehicles)
        self.rules: VehicleRules = load_model(rules_path, VehicleRules)
        self.terrain: TerrainTable = load_terrain_table(data_dir / "terrain.yaml")
        infantry = _infantry_ids(data_dir / "units.yaml")
        self.units: dict[str, VehicleType] = {}
        for key, group in (("vehicles", loaded.vehicles), ("weapons", loaded.weapons)):
            for i, unit in enumerate(group):
                where = f"{path}: {key}[{i}]"
                if unit.id in self.units or unit.id in infantry:
                    raise DataError(f"{where}.id: {unit.id!r} is used twice (units.yaml too)")
                self.units[unit.id] = unit
        heli, forts = self.rules.helicopter, self.rules.fortifications
        named = [
            *((f"helicopter.landing_terrain[{i}]", t) for i, t in enumerate(heli.landing_terrain)),
            *(
                (f"helicopter.blind_spot_terrain[{i}]", t)
                for i, t in enumerate(heli.blind_spot_terrain)
            ),
            ("fortifications.rubble_terrain", forts.rubble_terrain),
            *(
                (f"fortifications.no_fortification_terrain[{i}]", t)
                for i, t in enumerate(forts.no_fortification_terrain)
            ),
        ]
        for key, terrain in named:
            if terrain not in self.terrain:
                raise DataError(
                    f"{rules_path}: {key}: unknown terrain {terrain!r} "
                    f"(expected an id of terrain.yaml: {', '.join(self.terrain)})"
                )


def _infantry_ids(path: Path) -> frozenset[str]:
    """Ids of ``units.yaml`` (read leniently: that file is checked by its own loader)."""
    raw = read_yaml(path) if path.exists() else None
    if not isinstance(raw, dict) or not isinstance(raw.get("units"), list):
        return frozenset()
    return frozenset(u["id"] for u in raw["units"] if isinstance(u, dict) and "id" in u)


@cache
def load_vehicle_data() -> VehicleData:
    """The shipped vehicle data, read once."""
    return VehicleData()
