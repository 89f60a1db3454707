"""RatFight's data: action cards, movement, weapons, armour, model profiles, scenarios.

Every table is YAML under ``data/`` read with ``yaml.safe_load`` and validated into the
pydantic models below; a bad file raises ``DataError`` naming the file, the key path and
what was expected. Distances are inches in the files and hundredths of an inch
(integers) in the rules.
"""

from __future__ import annotations

from enum import StrEnum
from functools import cache, lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, model_validator

from game.core.data import load_model
from game.core.errors import DataError
from game.maps.tabletop import MovementType
from game.maps.user_maps import scenario_map
from game.resources import maps_dir, rules_data_dir

DATA_DIR = rules_data_dir("ratfight")
SCENARIO_DIR = DATA_DIR / "scenarios"
MAPS_DIR = maps_dir() / "ratfight"


class CardKind(StrEnum):
    """What an action card lets its player do."""

    MOVE_INFANTRY = "move_infantry"
    MOVE_VEHICLE = "move_vehicle"
    FIRE = "fire"
    TURN_END = "turn_end"


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ActionCardSpec(Strict):
    """One kind of action card: ``count`` copies; ``allows`` models (None = all)."""

    id: str
    title: str
    count: int = Field(ge=1)
    kind: CardKind
    allows: int | None = Field(ge=0)
    initiative: int = Field(ge=0)
    infantry_only: bool = False


class MoveRate(Strict):
    """Inches per move off road and on a road; ``ground`` is the map's movement column."""

    off_road: float = Field(gt=0)
    road: float = Field(gt=0)
    ground: MovementType


Movement = Literal["infantry", "bicycle", "wheeled", "tracked", "hovercraft", "flying"]


class CoreRules(Strict):
    """The numbers of the core rules (``data/rules.yaml``)."""

    action_cards: tuple[ActionCardSpec, ...]
    movement: dict[Movement, MoveRate]
    obstacle_move_in: float = Field(gt=0)
    climb_height_in: float = Field(gt=0)
    retarget_in: float = Field(gt=0)
    assault_cards: int = Field(ge=1)
    defend_cards: int = Field(ge=1)
    cover_cards: dict[Literal["none", "soft", "hard"], int]
    dead_shot_cards: int = Field(ge=0)
    bruiser_cards: int = Field(ge=0)
    tracked_impassable: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _one_turn_end(self) -> CoreRules:
        ends = [c for c in self.action_cards if c.kind is CardKind.TURN_END]
        if len(ends) != 1 or ends[0].count != 1:
            raise ValueError("the action deck needs exactly one Turn End card")
        ids = [c.id for c in self.action_cards]
        if len(set(ids)) != len(ids):
            raise ValueError("action card ids must be unique")
        return self

    def card(self, card_id: str) -> ActionCardSpec:
        for spec in self.action_cards:
            if spec.id == card_id:
                return spec
        raise KeyError(card_id)

    def action_deck(self) -> list[str]:
        """All action cards by id, in file order, before shuffling."""
        return [c.id for c in self.action_cards for _ in range(c.count)]


class FireMode(Strict):
    """One way to fire a weapon: range (inches), shots, armour piercing, blast (inches
    across; grenades)."""

    range_in: float = Field(gt=0)
    shots: int = Field(ge=1)
    ap: int = Field(default=0, ge=0)
    blast_in: float | None = Field(default=None, gt=0)


class WeaponSpec(Strict):
    title: str
    modes: tuple[FireMode, ...] = Field(min_length=1)
    extra_cards: int = Field(default=0, ge=0)  # a sniper rifle turns over two cards
    tripod: bool = False  # the model carrying it cannot move
    vehicle: bool = False  # mounted on vehicles (machine guns, automatic cannon)
    barrels: int = Field(default=1, ge=1)


class Weapons(Strict):
    weapons: dict[str, WeaponSpec]


class ArmourSpec(Strict):
    title: str
    front: int = Field(ge=0)
    side: int = Field(ge=0)
    rear: int = Field(ge=0)
    tank: bool = False  # a tank or similar heavy vehicle: one on the table at most

    @property
    def armoured(self) -> bool:
        return max(self.front, self.side, self.rear) > 0

    def facing(self, side: Literal["front", "side", "rear"]) -> int:
        return {"front": self.front, "side": self.side, "rear": self.rear}[side]


class ArmourTable(Strict):
    armour: dict[str, ArmourSpec]


class UnitSpec(Strict):
    """A model profile: infantry (round base) or vehicle (hull with armour and crew)."""

    title: str
    kind: Literal["infantry", "vehicle"]
    movement: Movement
    weapons: tuple[str, ...] = ()
    base_in: float = Field(default=1.0, gt=0)
    height_in: float = Field(default=1.0, gt=0)
    armour: str | None = None
    crew: int = Field(default=0, ge=0)
    transport: int = Field(default=0, ge=0)
    length_in: float | None = Field(default=None, gt=0)
    width_in: float | None = Field(default=None, gt=0)
    can_reverse: bool = True

    @model_validator(mode="after")
    def _shape(self) -> UnitSpec:
        if self.kind == "vehicle":
            if self.armour is None or self.length_in is None or self.width_in is None:
                raise ValueError("a vehicle needs armour, length_in and width_in")
            if self.crew < 1:
                raise ValueError("a vehicle needs a crew of at least 1")
        elif self.movement not in ("infantry", "bicycle"):
            raise ValueError("infantry move as infantry or on bicycles")
        return self


class Units(Strict):
    units: dict[str, UnitSpec]


class Ability(StrEnum):
    """The three hero abilities."""

    DEAD_SHOT = "dead_shot"
    BRUISER = "bruiser"
    INSPIRING = "inspiring"


class ModelEntry(Strict):
    """One model of a force: id, profile, where it starts (inches), leader cards, hero
    abilities; vehicles a facing (degrees clockwise from the right table edge);
    passengers name the vehicle they start in."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]{0,39}$")
    unit: str
    name: str = ""
    at: tuple[float, float] | None = None
    facing: float = 0.0
    aboard: str | None = None
    leader: Literal[0, 2, 3] = 0
    heroics: tuple[Ability, ...] = ()

    @model_validator(mode="after")
    def _placed(self) -> ModelEntry:
        if (self.at is None) == (self.aboard is None):
            raise ValueError("a model is either placed ('at') or aboard a vehicle, not both")
        if Ability.INSPIRING in self.heroics and self.leader == 0:
            raise ValueError("only a heroic leader can be Inspiring")
        return self


class ForceEntry(Strict):
    """A force that tests morale on its own; ``deployment`` names a map zone."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]{0,39}$")
    name: str
    deployment: str
    models: tuple[ModelEntry, ...] = Field(min_length=1)


class SideEntry(Strict):
    """One side: its name as players say it ("The Raiders"), how it wins in a player's
    words, its forces, and surnames for the models the scenario leaves unnamed (given in
    roster order: "Rifleman Dubois")."""

    name: str
    goal: str = ""
    names: tuple[str, ...] = ()
    forces: tuple[ForceEntry, ...] = Field(min_length=1, max_length=2)

    @model_validator(mode="after")
    def _enough_names(self) -> SideEntry:
        unnamed = sum(1 for f in self.forces for m in f.models if not m.name)
        if len(self.names) < unnamed:
            raise ValueError(
                f"side {self.name!r} has {unnamed} unnamed models but only "
                f"{len(self.names)} names in 'names'"
            )
        if len(set(self.names)) != len(self.names):
            raise ValueError(f"side {self.name!r}: a name is listed twice in 'names'")
        return self


class ScenarioEvent(Strict):
    """A scenario event that wins the game for ``side`` (0 or 1).

    ``reach``: a standing model of the side (of ``unit`` kind if given) ends a move
    touching the objective named ``objective`` on the map; with ``at_turn_end`` (rules
    version 2) it must still stand there touching it when the turn ends. ``hold``: the
    side has not lost when turn ``turns`` ends.
    """

    kind: Literal["reach", "hold"]
    side: Literal[0, 1]
    title: str
    objective: str | None = None
    unit_kind: Literal["infantry", "vehicle"] | None = None
    turns: int | None = Field(default=None, ge=1)
    at_turn_end: bool = False

    @model_validator(mode="after")
    def _complete(self) -> ScenarioEvent:
        if self.kind == "reach" and self.objective is None:
            raise ValueError("a 'reach' event names an objective")
        if self.kind == "hold" and self.turns is None:
            raise ValueError("a 'hold' event names the number of turns")
        return self


class Scenario(Strict):
    """A scenario: ``map`` is a path relative to the scenario's own file, or a shipped
    map's file name (``game.maps.user_maps.scenario_map``)."""

    id: str
    title: str
    briefing: str
    map: str
    special_rules: tuple[str, ...] = ()
    sides: tuple[SideEntry, SideEntry]
    events: tuple[ScenarioEvent, ...] = ()
    # The file the scenario was read from (None: built by a skirmish, ``map`` absolute).
    _source: Path | None = PrivateAttr(default=None)

    @property
    def source(self) -> Path | None:
        """The scenario file, for error messages and finding its map."""
        return self._source

    @property
    def map_path(self) -> Path:
        """The map file: relative to the scenario file, else a shipped map by name."""
        return _map_file(self.map, self._source or SCENARIO_DIR / "shipped")


@lru_cache(maxsize=64)
def _map_file(ref: str, source: Path) -> Path:
    """A scenario's map file (remembered: tables ask for it every frame)."""
    return scenario_map(ref, source, "ratfight")


@cache
def core_rules() -> CoreRules:
    return load_model(DATA_DIR / "rules.yaml", CoreRules)


@cache
def weapons() -> dict[str, WeaponSpec]:
    return load_model(DATA_DIR / "weapons.yaml", Weapons).weapons


@cache
def armour_table() -> dict[str, ArmourSpec]:
    return load_model(DATA_DIR / "armour.yaml", ArmourTable).armour


@cache
def units() -> dict[str, UnitSpec]:
    """Model profiles, checked against the weapons and armour tables."""
    path = DATA_DIR / "units.yaml"
    table = load_model(path, Units).units
    check_units(path, table, weapons(), armour_table())
    return table


def check_units(
    path: Path,
    table: dict[str, UnitSpec],
    weapon_table: dict[str, WeaponSpec],
    armours: dict[str, ArmourSpec],
) -> None:
    """Links between tables: weapon and armour ids exist; vehicles carry only vehicle
    weapons (machine guns, automatic cannon) and infantry no vehicle weapons."""
    for uid, unit in table.items():
        for i, wid in enumerate(unit.weapons):
            where = f"{path}: units.{uid}.weapons.{i}"
            if wid not in weapon_table:
                raise DataError(f"{where}: unknown weapon {wid!r} (known: {sorted(weapon_table)})")
            if weapon_table[wid].vehicle != (unit.kind == "vehicle"):
                need = "a vehicle-mounted" if unit.kind == "vehicle" else "an infantry"
                raise DataError(f"{where}: {wid!r} is not {need} weapon")
        if unit.armour is not None and unit.armour not in armours:
            raise DataError(f"{path}: units.{uid}.armour: unknown armour {unit.armour!r}")


def scenario_ids() -> tuple[str, ...]:
    """The shipped scenarios, by file name."""
    return tuple(sorted(p.stem for p in SCENARIO_DIR.glob("*.yaml")))


@cache
def load_scenario(scenario_id: str) -> Scenario:
    """A shipped scenario by id (``DataError`` naming the file otherwise)."""
    return load_scenario_file(SCENARIO_DIR / f"{scenario_id}.yaml")


SMALL_FORCE = 12  # models: a force this size or smaller has one two-card leader


def load_scenario_file(path: Path) -> Scenario:
    """Read and cross-check one scenario: ids unique, profiles known, passengers in a
    transport of their own side with room for them, at most one tank on the table, and
    each force's leaders by its size (Leaders and Heroes)."""
    scenario = load_model(path, Scenario)
    scenario._source = path
    table = units()
    armours = armour_table()
    seen: dict[str, str] = {}
    tank: str | None = None
    for s, side in enumerate(scenario.sides):
        for f, force in enumerate(side.forces):
            for m, model in enumerate(force.models):
                where = f"{path}: sides.{s}.forces.{f}.models.{m}"
                if model.id in seen:
                    raise DataError(f"{where}.id: {model.id!r} is used twice")
                seen[model.id] = model.unit
                if model.unit not in table:
                    known = ", ".join(sorted(table))
                    raise DataError(
                        f"{where}.unit: unknown unit {model.unit!r} (expected one of {known})"
                    )
                armour = table[model.unit].armour
                if armour is not None and armours[armour].tank:
                    if tank is not None:
                        raise DataError(
                            f"{where}.unit: {model.id!r} would be a second tank or similar "
                            f"heavy vehicle ({tank!r} is one); RatFight allows only one on "
                            "the table"
                        )
                    tank = model.id
            _check_leaders(f"{path}: sides.{s}.forces.{f}.models", force)
            for m, model in enumerate(force.models):
                if model.aboard is None:
                    continue
                where = f"{path}: sides.{s}.forces.{f}.models.{m}.aboard"
                carrier = next((x for x in force.models if x.id == model.aboard), None)
                if carrier is None or table[carrier.unit].transport == 0:
                    raise DataError(f"{where}: {model.aboard!r} is not a transport of this force")
                if table[model.unit].kind != "infantry":
                    raise DataError(f"{where}: only infantry ride as passengers")
                riding = [x for x in force.models if x.aboard == model.aboard]
                if len(riding) > table[carrier.unit].transport:
                    raise DataError(f"{where}: {model.aboard!r} has no room for {len(riding)}")
    return scenario


def _check_leaders(where: str, force: ForceEntry) -> None:
    """A generic force of 12 models or fewer has one two-card leader; a bigger one a
    two-card and a three-card leader."""
    count = len(force.models)
    leaders = sorted(m.leader for m in force.models if m.leader)
    wanted = [2] if count <= SMALL_FORCE else [2, 3]
    if leaders != wanted:
        need = (
            "one two-card leader" if count <= SMALL_FORCE else "a two-card and a three-card leader"
        )
        have = ", ".join(f"{n}-card" for n in leaders) or "none"
        raise DataError(
            f"{where}: force {force.id!r} has {count} models and leaders {have}; expected "
            f"{need} ({SMALL_FORCE} models or fewer: one two-card leader; more: a two-card "
            "and a three-card leader)"
        )
