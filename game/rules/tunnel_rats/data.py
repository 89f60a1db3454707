"""Tunnel Rats data: rules numbers, character and gun decks, the enemy tables, scenarios.

Every table is YAML under ``data/`` read with ``yaml.safe_load`` and validated by the
pydantic models here; a bad file raises ``DataError`` naming the file and key path.
Distances are in inches.
"""

from __future__ import annotations

from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, model_validator

from game.core.data import load_model
from game.core.errors import MapError
from game.core.wounds import WoundLevel
from game.maps.user_maps import scenario_map
from game.resources import rules_data_dir

DATA_DIR = rules_data_dir("tunnel_rats")


class Stance(StrEnum):
    """Running (R), crouching (O) or crawling (A); listed from most to least upright."""

    RUNNING = "running"
    CROUCHING = "crouching"
    CRAWLING = "crawling"

    @property
    def rank(self) -> int:
        """2 running, 1 crouching, 0 crawling (a higher rank is more upright)."""
        return {"running": 2, "crouching": 1, "crawling": 0}[self.value]

    @property
    def letter(self) -> str:
        return {"running": "R", "crouching": "O", "crawling": "A"}[self.value]


STANCES: tuple[Stance, ...] = (Stance.RUNNING, Stance.CROUCHING, Stance.CRAWLING)


def lowest(*stances: Stance) -> Stance:
    """The least upright of some stances."""
    return min(stances, key=lambda s: s.rank)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ByStance(_Strict):
    running: int
    crouching: int
    crawling: int

    def get(self, stance: Stance) -> int:
        return int(getattr(self, stance.value))


class ByStanceOptional(_Strict):
    """A D6 score per target stance; ``None`` = the attack is impossible (N/A)."""

    running: int | None = Field(ge=1, le=7)
    crouching: int | None = Field(ge=1, le=7)
    crawling: int | None = Field(ge=1, le=7)

    def get(self, stance: Stance) -> int | None:
        value = getattr(self, stance.value)
        return None if value is None else int(value)


class WoundEffect(_Strict):
    max_stance: Stance
    firing: int
    close_combat: int
    awareness: int


class WoundEffects(_Strict):
    yellow: WoundEffect
    red: WoundEffect


class TrapModifiers(_Strict):
    obvious: ByStance
    hidden: ByStance


class RulesNumbers(_Strict):
    """The numbers of the rules (``data/rules.yaml``)."""

    target: int = Field(ge=1)
    action_dice: int = Field(ge=1)
    stance_move: ByStance
    wound_effects: WoundEffects
    melee_range: float = Field(gt=0)
    search_range: float = Field(gt=0)
    dress_range: float = Field(gt=0)
    sight_range: float = Field(gt=0)
    trap_modifiers: TrapModifiers
    hidden_trap_from: int = Field(ge=1, le=7)
    noise_threshold: int = Field(ge=0)
    reinforcement_upto: int = Field(ge=0, le=6)
    spawn_min_distance: float = Field(ge=0)
    spare_rounds: int = Field(ge=0)
    enemy_sight_range: float = Field(gt=0)

    def wound_effect(self, level: WoundLevel) -> WoundEffect | None:
        """Penalties of a wound level (None when unhurt)."""
        if level is WoundLevel.YELLOW:
            return self.wound_effects.yellow
        if level is WoundLevel.RED:
            return self.wound_effects.red
        return None


class CharacterCard(_Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    agility: int = Field(ge=1, le=7)
    firing: int
    close_combat: int
    awareness: int
    count: int = Field(default=1, ge=1)


class GunCard(_Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    kind: Literal["revolver", "automatic"]
    accuracy: int
    power: int
    shots: int = Field(ge=1)
    noise: int = Field(ge=0)
    count: int = Field(default=1, ge=1)


class _Characters(_Strict):
    characters: list[CharacterCard] = Field(min_length=1)
    # Surnames of the rats by their place in the team: a rat whose card has copies in
    # the deck is called "<card name> <surname>" (see ``figures.Rat.name``).
    surnames: list[str] = Field(min_length=8)


class _Guns(_Strict):
    guns: list[GunCard] = Field(min_length=1)


class EnemySide(_Strict):
    name: str
    short: str  # what goes before a soldier's name in the log: "VC", "NVA"
    # The soldiers' names, by the serial number of the game's soldiers (see
    # ``figures.Enemy.name``).
    names: list[str] = Field(min_length=1)
    spot: ByStance
    weapons: dict[str, ByStanceOptional] = Field(min_length=1)


class EnemyWeapon(_Strict):
    name: str
    noise: int = Field(ge=0)


class EnemyTables(_Strict):
    """Spotting and D6 to-hit tables of the VC and the NVA (``data/enemies.yaml``)."""

    sides: dict[Literal["vc", "nva"], EnemySide]
    weapons: dict[str, EnemyWeapon]

    @model_validator(mode="after")
    def _weapons_known(self) -> EnemyTables:
        for side, info in self.sides.items():
            for weapon in info.weapons:
                if weapon not in self.weapons:
                    raise ValueError(f"sides.{side}.weapons.{weapon}: not in weapons")
        return self

    def to_hit(self, side: str, weapon: str, stance: Stance) -> int | None:
        """D6 score needed, or None when the table says N/A (impossible)."""
        return self.sides[side].weapons[weapon].get(stance)  # type: ignore[index]

    def spot(self, side: str, stance: Stance) -> int:
        return self.sides[side].spot.get(stance)  # type: ignore[index]


class EnemySpec(_Strict):
    """A group of defenders placed at the start (or available as reinforcements)."""

    side: Literal["vc", "nva"]
    weapon: str
    count: int = Field(default=1, ge=1)
    level: int = Field(default=0, ge=0)
    at: str | None = None  # name of a map object to start on; None: any defenders' zone


class Victory(_Strict):
    """How the rats win (``kind``); the defenders win when every rat is dead or the round
    limit passes first.

    - eliminate: every defender (reinforcements included) is dead.
    - retrieve: a rat picks up the objective named ``objective`` (by standing on it) and
      carries it to a rats' deployment zone of level 0.
    - rescue: the wounded rat lying at ``objective`` reaches a rats' deployment zone of
      level 0 alive.
    """

    kind: Literal["eliminate", "retrieve", "rescue"]
    objective: str | None = None
    objective_level: int = Field(default=0, ge=0)

    @model_validator(mode="after")
    def _objective_named(self) -> Victory:
        if self.kind != "eliminate" and not self.objective:
            raise ValueError(f"victory kind {self.kind!r} needs an objective name")
        return self


class ScenarioBriefing(_Strict):
    """What the briefing of a scenario says in words; the forces are counted from the
    scenario itself (``game.rules.tunnel_rats.briefing``)."""

    rats: str = Field(min_length=1)  # the rats' side as players say it: "Tunnel Rats"
    defenders: str = Field(min_length=1)  # "Viet Cong"
    situation: str = Field(min_length=1)
    rats_goal: str = Field(min_length=1)
    defenders_goal: str = Field(min_length=1)
    special_rules: list[str] = Field(default_factory=list)


class Scenario(_Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    title: str
    summary: str
    # Every shipped scenario has one (a test says so); a test's scenario may go without.
    briefing: ScenarioBriefing | None = None
    # Map paths relative to the scenario's file, or shipped maps: by file name, or
    # ``maps/tunnel_rats/...`` from the program's folder (how the shipped ones name them).
    levels: list[str] = Field(min_length=1)
    rats: int = Field(ge=1, le=8)
    enemies: list[EnemySpec] = Field(min_length=1)
    reinforcements: list[EnemySpec] = Field(default_factory=list)
    max_reinforcements: int = Field(default=0, ge=0)
    round_limit: int = Field(ge=1)
    victory: Victory
    known_entrances: list[str] = Field(default_factory=list)  # names the briefing gives
    # Entrances (by name, on every level) caved in for this scenario: dead ends.
    closed_entrances: list[str] = Field(default_factory=list)
    # The briefing marks where a retrieve objective lies (else the rats learn it only
    # when a flashlight shows its cell).
    objective_briefed: bool = False
    # Where the scenario is written, for error messages (set by load_scenarios).
    _source: Path = PrivateAttr(default=DATA_DIR / "scenarios.yaml")
    _index: int | None = PrivateAttr(default=None)
    _own_file: bool = PrivateAttr(default=False)  # a file of its own, beside a map

    @model_validator(mode="after")
    def _levels_exist(self) -> Scenario:
        n = len(self.levels)
        for group in ("enemies", "reinforcements"):
            for i, spec in enumerate(getattr(self, group)):
                if spec.level >= n:
                    raise ValueError(
                        f"{group}.{i}.level: {spec.level} is not one of the {n} levels "
                        f"listed (0 to {n - 1})"
                    )
        if self.victory.objective_level >= n:
            raise ValueError(
                f"victory.objective_level: {self.victory.objective_level} is not one of "
                f"the {n} levels listed (0 to {n - 1})"
            )
        return self

    @property
    def side_names(self) -> tuple[str, str]:
        """The two sides as players say them, rats first ("Tunnel Rats", "Viet Cong")."""
        if self.briefing is None:
            return ("Tunnel Rats", "Defenders")
        return (self.briefing.rats, self.briefing.defenders)

    def where(self, key: str) -> str:
        """``FILE: scenarios.N.KEY`` of this scenario (``FILE: KEY`` for a scenario file
        of its own, beside a map), to start an error message."""
        if self._own_file:
            return f"{self._source}: {key}"
        index = "?" if self._index is None else str(self._index)
        return f"{self._source}: scenarios.{index}.{key}"

    @property
    def source(self) -> Path:
        """The file the scenario was read from."""
        return self._source

    @property
    def shipped(self) -> bool:
        """Whether this is one of the program's own scenarios (``data/scenarios.yaml``)."""
        return self._source == DATA_DIR / "scenarios.yaml" and self._index is not None

    def level_path(self, level: int) -> Path:
        """The map file of one of the scenario's levels (``MapError`` naming the
        scenario file and the places tried when there is none)."""
        key = self.where(f"levels.{level}").removeprefix(f"{self._source}: ")
        return scenario_map(self.levels[level], self._source, "tunnel_rats", key)

    def level_label(self, level: int) -> str:
        """A level's map file for a message (as listed when it cannot be found)."""
        try:
            return str(self.level_path(level))
        except MapError:
            return self.levels[level]


class _Scenarios(_Strict):
    scenarios: list[Scenario] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique(self) -> _Scenarios:
        ids = [s.id for s in self.scenarios]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise ValueError(f"scenario ids appear twice: {', '.join(dupes)}")
        return self


@cache
def load_rules_numbers(path: Path = DATA_DIR / "rules.yaml") -> RulesNumbers:
    return load_model(path, RulesNumbers)


@cache
def load_characters(path: Path = DATA_DIR / "characters.yaml") -> tuple[CharacterCard, ...]:
    return tuple(load_model(path, _Characters).characters)


@cache
def load_surnames(path: Path = DATA_DIR / "characters.yaml") -> tuple[str, ...]:
    """The rats' surnames (``surnames`` in ``characters.yaml``)."""
    return tuple(load_model(path, _Characters).surnames)


@cache
def load_guns(path: Path = DATA_DIR / "guns.yaml") -> tuple[GunCard, ...]:
    return tuple(load_model(path, _Guns).guns)


@cache
def load_enemy_tables(path: Path = DATA_DIR / "enemies.yaml") -> EnemyTables:
    return load_model(path, EnemyTables)


@cache
def load_scenarios(path: Path = DATA_DIR / "scenarios.yaml") -> tuple[Scenario, ...]:
    scenarios = load_model(path, _Scenarios).scenarios
    for i, scenario in enumerate(scenarios):
        scenario._source, scenario._index = path, i
    return tuple(scenarios)


def load_scenario_file(path: Path) -> Scenario:
    """One scenario in a file of its own (``<map>.scenario.yaml`` beside a map): the
    schema of one entry of ``data/scenarios.yaml``, its ``levels`` relative to the file;
    ``DataError`` naming the file, the key and what was expected otherwise."""
    scenario = load_model(path, Scenario)
    scenario._source, scenario._index, scenario._own_file = path, None, True
    return scenario


def character_by_id(card_id: str) -> CharacterCard:
    for card in load_characters():
        if card.id == card_id:
            return card
    raise KeyError(card_id)


def gun_by_id(card_id: str) -> GunCard:
    for card in load_guns():
        if card.id == card_id:
            return card
    raise KeyError(card_id)


def character_deck() -> list[str]:
    """Every character card id, ``count`` times each, in file order (before shuffling)."""
    return [c.id for c in load_characters() for _ in range(c.count)]


def gun_deck() -> list[str]:
    return [g.id for g in load_guns() for _ in range(g.count)]
