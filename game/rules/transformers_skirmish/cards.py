"""Transformers Skirmish data: the action deck, the unit tables and the game's numbers.

Read from ``data/cards.yaml``, ``data/units.yaml`` and ``data/rules.yaml`` and validated
with pydantic; rules code reads the typed ``Catalog``, never raw dicts.
"""

from __future__ import annotations

from enum import StrEnum
from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, model_validator

from game.core.data import load_model
from game.core.errors import DataError
from game.resources import rules_data_dir

DATA_DIR = rules_data_dir("transformers_skirmish")
SEATS: tuple[str, ...] = ("autobots", "deceptacons")


class CardKind(StrEnum):
    """M, A, D and X of the card list."""

    MOVE = "move"
    ATTACK = "attack"
    DEFENSE = "defense"
    SPECIAL = "special"


class Only(StrEnum):
    """Which units may use a restricted card."""

    AIR = "air"
    GROUND = "ground"
    MINICON = "minicon"


class Effect(StrEnum):
    DRAW = "draw"
    REPAIR = "repair"


class CardSpec(BaseModel):
    """One row of the card list. ``range`` is in squares (move and attack cards)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    count: int = Field(ge=1)
    kind: CardKind
    range: int | None = Field(default=None, ge=1)
    only: Only | None = None
    effect: Effect | None = None
    amount: int = Field(default=0, ge=0)

    @model_validator(mode="after")
    def _consistent(self) -> CardSpec:
        needs_range = self.kind in (CardKind.MOVE, CardKind.ATTACK)
        if needs_range and self.range is None:
            raise ValueError(f"card {self.id!r}: a {self.kind.value} card needs a range")
        if self.kind is CardKind.SPECIAL and (self.effect is None or self.amount < 1):
            raise ValueError(f"card {self.id!r}: a special card needs an effect and an amount")
        return self


class CardList(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    cards: tuple[CardSpec, ...] = Field(min_length=1)


class Rank(StrEnum):
    LEADER = "leader"
    OFFICER = "officer"
    TROOPER = "trooper"


class UnitRow(BaseModel):
    """One row of a unit table: ``count`` units named ``id`` (or ``id_1``..``id_n``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    count: int = Field(ge=1)
    hits: int = Field(ge=1)
    rank: Rank


class UnitTables(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    factions: dict[str, tuple[UnitRow, ...]]


class GameNumbers(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    board_size: int = Field(ge=4, le=26)
    draw_per_turn: int = Field(ge=1)
    hand_limit: int = Field(ge=1)
    minicons: int = Field(ge=0)
    minicon_bonus_hits: int = Field(ge=0)
    air_units: int = Field(ge=0)
    ground_units: int = Field(ge=0)
    turn_limit: int = Field(ge=2)


class UnitType(BaseModel):
    """One unit of a side, with its stable id (``optimus_prime``, ``autobot_2``)."""

    model_config = ConfigDict(frozen=True)
    id: str
    name: str
    seat: int
    hits: int
    rank: Rank


class Catalog(BaseModel):
    """Everything the rules read from data, linked and checked."""

    model_config = ConfigDict(frozen=True)
    numbers: GameNumbers
    cards: tuple[CardSpec, ...]
    units: tuple[UnitType, ...]
    _by_id: dict[str, CardSpec] = PrivateAttr(default_factory=dict)
    _order: dict[str, int] = PrivateAttr(default_factory=dict)

    def model_post_init(self, __context: object) -> None:
        self._by_id.update({spec.id: spec for spec in self.cards})
        self._order.update({spec.id: i for i, spec in enumerate(self.cards)})

    def card(self, card_id: str) -> CardSpec:
        """The card with this id; ``KeyError`` if there is none."""
        return self._by_id[card_id]

    def full_deck(self) -> list[str]:
        """All card ids, each as often as its count, in card-list order."""
        return [spec.id for spec in self.cards for _ in range(spec.count)]

    def card_order(self) -> dict[str, int]:
        """Position of each card id in the card list (hands are sorted by it)."""
        return self._order

    def unit(self, unit_id: str) -> UnitType:
        for u in self.units:
            if u.id == unit_id:
                return u
        raise KeyError(unit_id)

    def side(self, seat: int) -> tuple[UnitType, ...]:
        return tuple(u for u in self.units if u.seat == seat)


def build_catalog(
    numbers: GameNumbers, cards: CardList, tables: UnitTables, data_dir: Path = DATA_DIR
) -> Catalog:
    """Expand unit rows into units and check the cross-file rules (ids unique, a side
    fills its back row exactly, the air/ground split covers every unit, each Minicon on
    a different unit). Errors name the file in ``data_dir``, the key and what was
    expected."""
    rules_file, cards_file, units_file = (
        data_dir / "rules.yaml",
        data_dir / "cards.yaml",
        data_dir / "units.yaml",
    )
    ids = [c.id for c in cards.cards]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        raise DataError(f"{cards_file}: cards: ids must be unique ({', '.join(twice)} twice)")
    units: list[UnitType] = []
    for seat, faction in enumerate(SEATS):
        rows = tables.factions.get(faction)
        if rows is None:
            raise DataError(f"{units_file}: factions.{faction}: missing unit table")
        for row in rows:
            names = (
                [row.id] if row.count == 1 else [f"{row.id}_{i}" for i in range(1, row.count + 1)]
            )
            units.extend(
                UnitType(
                    id=n,
                    name=row.name if row.count == 1 else f"{row.name} {i}",
                    seat=seat,
                    hits=row.hits,
                    rank=row.rank,
                )
                for i, n in enumerate(names, start=1)
            )
        size = sum(1 for u in units if u.seat == seat)
        if size != numbers.board_size:
            raise DataError(
                f"{units_file}: factions.{faction}: {size} units, but board_size in "
                f"{rules_file} gives the back row {numbers.board_size} squares "
                "(one unit on each)"
            )
        if numbers.air_units + numbers.ground_units != size:
            raise DataError(
                f"{rules_file}: air_units + ground_units: {numbers.air_units} + "
                f"{numbers.ground_units} should equal the {size} units of a side"
            )
        if numbers.minicons > size:
            raise DataError(
                f"{rules_file}: minicons: {numbers.minicons} is more than the {size} units "
                "of a side (each Minicon goes to a different unit)"
            )
    unit_ids = [u.id for u in units]
    twice = sorted({i for i in unit_ids if unit_ids.count(i) > 1})
    if twice:
        raise DataError(
            f"{units_file}: factions: unit ids must be unique across both sides "
            f"({', '.join(twice)} twice)"
        )
    return Catalog(numbers=numbers, cards=cards.cards, units=tuple(units))


@cache
def load_catalog(data_dir: Path = DATA_DIR) -> Catalog:
    """The game's data (cached; a bad file raises ``DataError`` naming file and key)."""
    return build_catalog(
        load_model(data_dir / "rules.yaml", GameNumbers),
        load_model(data_dir / "cards.yaml", CardList),
        load_model(data_dir / "units.yaml", UnitTables),
        data_dir,
    )
