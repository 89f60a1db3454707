"""'65 data: card faces, action blocks, unit counters and rule constants, read from
``data/*.yaml`` and validated with pydantic. Every problem is a ``DataError`` naming the
file, the key path (``cards[3].upper``) and what was expected.

The seed gives the rules of each card and unit but not the printed faces and values;
ours are designed to agree with every number the seed states (docs/rules/sixty_five.md).
"""

from __future__ import annotations

from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from game.core.data import load_model
from game.core.errors import DataError
from game.maps.terrain import TerrainTable, load_terrain_table
from game.rules.sixty_five.counter_types import ABILITIES as ABILITIES
from game.rules.sixty_five.counter_types import DATA_DIR as DATA_DIR
from game.rules.sixty_five.counter_types import ID_PATTERN as _ID
from game.rules.sixty_five.counter_types import POWERS as POWERS
from game.rules.sixty_five.counter_types import MoveClass as MoveClass
from game.rules.sixty_five.counter_types import Side as Side
from game.rules.sixty_five.counter_types import UnitType as UnitType
from game.rules.sixty_five.vehicles.data import VehicleData, VehicleRules


class HitColour(StrEnum):
    """The three colours of the word "Hit" in a card's HE half (3e, 10c)."""

    GREEN = "green"
    YELLOW = "yellow"
    RED = "red"


class BlockKind(StrEnum):
    """Icon colour of an action block (3a): green action, yellow support, red reaction."""

    ACTION = "action"
    SUPPORT = "support"
    REACTION = "reaction"


class Marker(StrEnum):
    """Admin markers an activation leaves on a unit (4a)."""

    FIRED = "fired"
    MOVED = "moved"
    OPS_COMPLETE = "ops_complete"


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class BlockDef(_Frozen):
    """One named action block (18-20): its kind, the effect functions it uses, and the
    numbers those functions read."""

    id: str = Field(pattern=_ID)
    name: str = Field(min_length=1)
    kind: BlockKind
    effect: str = Field(pattern=_ID)
    hits_on: tuple[HitColour, ...] = ()
    hef: int = 0
    hef_bonus: int = 0
    mf_bonus: int = 0
    mf_half: bool = False
    flat_cost: bool = False
    units: int | None = Field(default=None, ge=1)
    hexes: int = Field(default=1, ge=1)
    max_range: int | None = Field(default=None, ge=1)
    extra_actions: int = Field(default=0, ge=0)
    cover_bonus: int = 0
    marks: Marker | None = None
    also_reaction: bool = False
    shots: int = Field(default=1, ge=1, le=2)


class CardFace(_Frozen):
    """One printed card (3): two action blocks or End Turn, TN, APF block, HE result."""

    id: str = Field(pattern=_ID)
    end_turn: bool = False
    upper: str | None = None
    lower: str | None = None
    power: bool = False
    tn: int | Literal["miss"]
    tn_note: Literal["turret", "moving_fire"] | None = None
    hit: HitColour | None = None
    apf_word: Literal["shake", "dud", "destroy"] | None = None
    apf: int | None = None

    @field_validator("tn")
    @classmethod
    def _tn_range(cls, value: int | str) -> int | str:
        if isinstance(value, int) and not -2 <= value <= 10:
            raise ValueError("a Targeting Number is -2 to 10 or the word miss (3c)")
        return value

    @model_validator(mode="after")
    def _shape(self) -> CardFace:
        if self.end_turn and (self.upper or self.lower or self.power):
            raise ValueError("an End Turn card has no action blocks and no Power")
        if not self.end_turn and not (self.upper and self.lower):
            raise ValueError("a playing card needs an upper and a lower action block")
        if self.upper is not None and self.upper == self.lower:
            raise ValueError("the two action blocks of a card differ")
        if self.hit is not None and self.apf_word is not None:
            raise ValueError("hit and apf_word share the upper half of the APF block")
        if self.apf_word is None and self.apf is None:
            raise ValueError("the APF block needs an apf number or an apf_word")
        return self

    @property
    def blocks(self) -> tuple[str, ...]:
        """The ids of the action blocks, upper first (none on an End Turn card)."""
        return tuple(b for b in (self.upper, self.lower) if b is not None)

    @property
    def initiative_key(self) -> tuple[int, int]:
        """What initiative compares (5b): TN, then APF bonus; a word is below any number."""
        tn = -100 if self.tn == "miss" else self.tn
        apf = -100 if self.apf is None else self.apf
        return (tn, apf)


class RangeBand(_Frozen):
    max_range: int = Field(ge=1)
    hef: int


class Stacking(_Frozen):
    ground_units: int = Field(ge=1)
    heroes: int = Field(ge=0)
    leg_non_heroes: int = Field(ge=0)
    ground_vehicles: int = Field(ge=0)


class Reserve(_Frozen):
    near_enemy: int = Field(ge=0)
    leg_mp: int = Field(ge=0)
    vehicle_mp: int = Field(ge=0)
    shaken_mp: int = Field(ge=0)


class RulesData(_Frozen):
    hand_size: int = Field(ge=1)
    keep_at_clean_up: int = Field(ge=0)
    discard_limit: int = Field(ge=0)
    he_range: tuple[RangeBand, ...] = Field(min_length=1)
    moving_target_hef: int
    hides_movement: tuple[str, ...] = ()
    stacking: Stacking
    reserve: Reserve

    @field_validator("he_range")
    @classmethod
    def _ascending(cls, bands: tuple[RangeBand, ...]) -> tuple[RangeBand, ...]:
        ranges = [b.max_range for b in bands]
        if ranges != sorted(set(ranges)):
            raise ValueError("bands are listed by strictly increasing max_range")
        return bands


class _Cards(_Frozen):
    cards: tuple[CardFace, ...] = Field(min_length=1)


class _Blocks(_Frozen):
    blocks: tuple[BlockDef, ...] = Field(min_length=1)


class _Kickstarter(_Frozen):
    blocks: tuple[BlockDef, ...] = Field(min_length=1)
    cards: tuple[CardFace, ...] = Field(min_length=1)


class _Units(_Frozen):
    units: tuple[UnitType, ...] = Field(min_length=1)


class SixtyFiveData:
    """Everything the '65 rules read, cross-checked: card blocks exist, unit abilities and
    powers are known, terrain named by the rules is in the terrain chart."""

    def __init__(self, data_dir: Path = DATA_DIR) -> None:
        self.dir = data_dir
        cards_path, blocks_path = data_dir / "cards.yaml", data_dir / "blocks.yaml"
        units_path, rules_path = data_dir / "units.yaml", data_dir / "rules.yaml"
        self.cards: tuple[CardFace, ...] = load_model(cards_path, _Cards).cards
        self.blocks: dict[str, BlockDef] = {
            b.id: b for b in load_model(blocks_path, _Blocks).blocks
        }
        self.units: dict[str, UnitType] = {u.id: u for u in load_model(units_path, _Units).units}
        self.rules: RulesData = load_model(rules_path, RulesData)
        self.terrain: TerrainTable = load_terrain_table(data_dir / "terrain.yaml")
        _unique(cards_path, "cards", [c.id for c in self.cards])
        kick_path = data_dir / "kickstarter.yaml"
        kick = load_model(kick_path, _Kickstarter) if kick_path.exists() else None
        #: The Kickstarter cards (18 r-y), dealt only with the option kickstarter=true.
        self.kickstarter_cards: tuple[CardFace, ...] = kick.cards if kick else ()
        #: The ids of the Kickstarter blocks (kickstarter.yaml), in self.blocks too.
        self.kickstarter_blocks: tuple[str, ...] = tuple(b.id for b in kick.blocks) if kick else ()
        for block_def in kick.blocks if kick else ():
            if block_def.id in self.blocks:
                raise DataError(f"{kick_path}: blocks: {block_def.id!r} is in blocks.yaml too")
            self.blocks[block_def.id] = block_def
        _unique(kick_path, "cards", [c.id for c in (*self.cards, *self.kickstarter_cards)])
        self._by_id = {c.id: c for c in (*self.cards, *self.kickstarter_cards)}
        for path, faces in ((cards_path, self.cards), (kick_path, self.kickstarter_cards)):
            for i, card in enumerate(faces):
                for half in ("upper", "lower"):
                    block = getattr(card, half)
                    if block is not None and block not in self.blocks:
                        raise DataError(
                            f"{path}: cards[{i}].{half}: unknown action block {block!r} "
                            f"(expected an id of {blocks_path.name} or {kick_path.name})"
                        )
        for i, unit in enumerate(load_model(units_path, _Units).units):
            for where, side in (("", unit), (".reduced", unit.reduced)):
                if side is None:
                    continue
                for j, a in enumerate(side.abilities):
                    if a not in ABILITIES:
                        raise DataError(
                            f"{units_path}: units[{i}]{where}.abilities[{j}]: unknown ability "
                            f"{a!r} (expected one of {', '.join(sorted(ABILITIES))})"
                        )
                for j, p in enumerate(side.powers):
                    if p not in POWERS:
                        raise DataError(
                            f"{units_path}: units[{i}]{where}.powers[{j}]: unknown power "
                            f"{p!r} (expected one of {', '.join(sorted(POWERS))})"
                        )
        for i, t in enumerate(self.rules.hides_movement):
            if t not in self.terrain:
                raise DataError(
                    f"{rules_path}: hides_movement[{i}]: unknown terrain {t!r} "
                    f"(expected an id of terrain.yaml)"
                )

        self._merge_vehicles(data_dir)

    def _merge_vehicles(self, data_dir: Path) -> None:
        """15, 17: the vehicle counters of ``vehicles.yaml`` join the unit catalogue and
        their constants (``vehicle_rules.yaml``) are kept as ``vehicle_rules``; a data
        folder without ``vehicles.yaml`` has no vehicles."""
        self.vehicle_rules: VehicleRules | None = None
        if not (data_dir / "vehicles.yaml").exists():
            return
        vehicles = VehicleData(data_dir)
        self.units.update(vehicles.units)
        self.vehicle_rules = vehicles.rules

    def card(self, card_id: str) -> CardFace:
        """A card face by id (KeyError if unknown)."""
        return self._by_id[card_id]

    def hit_probability(self, hits_on: tuple[HitColour, ...]) -> float:
        """Chance that one card drawn from the full deck hurts a soft target (10c)."""
        hits = sum(1 for c in self.cards if c.hit in hits_on)
        return hits / len(self.cards)


def _unique(path: Path, key: str, ids: list[str]) -> None:
    seen: set[str] = set()
    for i, ident in enumerate(ids):
        if ident in seen:
            raise DataError(f"{path}: {key}[{i}].id: {ident!r} is used twice")
        seen.add(ident)


@cache
def load_data() -> SixtyFiveData:
    """The shipped data, read once."""
    return SixtyFiveData()
