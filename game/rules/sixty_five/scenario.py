"""'65 scenarios (24): the board they use, who sets up where, turn length, End Turn
count and the Americans' victory points. Read from ``data/scenarios.yaml``.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, model_validator

from game.core.data import load_model
from game.core.errors import DataError
from game.maps.board import Board
from game.maps.hexgrid import column_letters
from game.rules.sixty_five.data import DATA_DIR, SixtyFiveData, load_data
from game.rules.sixty_five.field import Field as Ground

REPO_ROOT = DATA_DIR.parents[3]
MAPS_DIR = REPO_ROOT / "maps" / "sixty_five"


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class PlacedMap(_Frozen):
    map: str = Field(pattern=r"^[0-9]+$")
    offset: tuple[int, int]


class Zone(_Frozen):
    """Set-up hexes: any hex of these terrains, and/or these columns of these maps."""

    terrain: tuple[str, ...] = ()
    columns: dict[str, tuple[str, ...]] = {}

    @model_validator(mode="after")
    def _something(self) -> Zone:
        if not self.terrain and not self.columns:
            raise ValueError("a zone names terrain or columns")
        return self


class SetupStep(_Frozen):
    seat: int = Field(ge=0, le=1)
    units: dict[str, int]
    zone: Zone


class Controlled(_Frozen):
    terrain: str
    vp: int


class Victory(_Frozen):
    """The Americans' victory points (24): they win with at least ``needs``."""

    needs: int
    controlled: Controlled | None = None
    enemy_eliminated: int = 0
    own_eliminated: int = 0


class Scenario(_Frozen):
    id: str = Field(pattern=r"^[0-9]+$")
    title: str
    turns: int = Field(ge=1)
    end_turns: int = Field(ge=1, le=5)
    maps: tuple[PlacedMap, ...] = Field(min_length=1)
    setup: tuple[SetupStep, ...] = Field(min_length=2)
    victory: Victory


class _Scenarios(_Frozen):
    scenarios: tuple[Scenario, ...] = Field(min_length=1)


def load_scenarios(
    path: Path | None = None, data: SixtyFiveData | None = None
) -> dict[str, Scenario]:
    """Scenarios by id, their unit types and terrain checked against the data."""
    path = path or DATA_DIR / "scenarios.yaml"
    data = data or load_data()
    found = load_model(path, _Scenarios).scenarios
    for i, sc in enumerate(found):
        for j, step in enumerate(sc.setup):
            for type_id in step.units:
                if type_id not in data.units:
                    raise DataError(
                        f"{path}: scenarios[{i}].setup[{j}].units: unknown unit {type_id!r} "
                        "(expected an id of units.yaml)"
                    )
            for t in step.zone.terrain:
                if t not in data.terrain:
                    raise DataError(
                        f"{path}: scenarios[{i}].setup[{j}].zone: unknown terrain {t!r}"
                    )
    return {sc.id: sc for sc in found}


@cache
def scenario_ground(scenario_id: str) -> Ground:
    """The board of a shipped scenario with its terrain (maps read once)."""
    from game.maps import load_map

    sc = load_scenarios()[scenario_id]
    data = load_data()
    placed = []
    for pm in sc.maps:
        game_map = load_map(MAPS_DIR / f"map{pm.map}.tmx", terrain=data.terrain)
        placed.append((game_map, pm.offset))
    board = Board.from_maps(placed)
    return Ground.from_board(board, data.terrain)


def zone_hexes(ground: Ground, zone: Zone) -> tuple[str, ...]:
    """The hexes of a set-up zone, in board order (remembered by the ground)."""
    key = zone.model_dump_json()
    known = ground.zones.get(key)
    if known is not None:
        return known
    out = []
    for hex_id in ground.hexes():
        map_id, (col, _row) = ground.board.parse_id(hex_id)
        in_terrain = ground.terrain(hex_id).id in zone.terrain
        in_columns = column_letters(col) in zone.columns.get(map_id, ())
        if in_terrain or in_columns:
            out.append(hex_id)
    found = ground.zones[key] = tuple(out)
    return found
