"""Terrain tables: YAML validated into typed terrain classes."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core.errors import DataError
from game.maps.terrain import (
    TerrainClass,
    load_system_terrain,
    load_terrain_table,
    parse_terrain_table,
    terrain_table_path,
)

DATA = Path(__file__).parent / "data" / "maps"


def test_terrain_table_defaults_and_types() -> None:
    """Unset fields take the documented defaults; values arrive typed."""
    table = load_terrain_table(DATA / "terrain.yaml")
    assert list(table) == ["floor", "rock", "rubble"]
    floor = table["floor"]
    assert (floor.move_cost, floor.passable, floor.blocks_los, floor.cover) == (1.0, True, False, 0)
    assert floor.max_stance is None
    assert table["rock"].passable is False and table["rock"].blocks_los is True
    assert table["rubble"].move_cost == 2.0 and table["rubble"].degrades_los == 1
    assert isinstance(table["rubble"], TerrainClass)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"terrain": [{"id": "x", "name": "X", "move_cost": "fast"}]}, r"terrain\[0\]\.move_cost"),
        ({"terrain": [{"id": "x", "name": "X", "colour": 3}]}, r"terrain\[0\]\.colour"),
        ({"terrain": [{"name": "X"}]}, r"terrain\[0\]\.id"),
        ({"terrain": [{"id": "x", "name": "X", "max_stance": "flying"}]}, r"max_stance"),
        ({"terrain": [{"id": "x", "name": "X"}, {"id": "x", "name": "Y"}]}, "appears twice"),
        ({"terrain": []}, "terrain"),
        (["not", "a", "mapping"], "top level"),
    ],
)
def test_terrain_table_errors_name_the_key_path(data: object, message: str) -> None:
    """A bad table is a DataError naming the file and the key path."""
    with pytest.raises(DataError, match=message) as info:
        parse_terrain_table(data, "some/terrain.yaml")
    assert str(info.value).startswith("some/terrain.yaml: ")


def test_terrain_table_bad_yaml_and_missing_file(tmp_path: Path) -> None:
    """Unreadable or malformed YAML is a DataError with the file (and line)."""
    bad = tmp_path / "terrain.yaml"
    bad.write_text("terrain:\n  - id: x\n   name: [\n")
    with pytest.raises(DataError, match=r"terrain.yaml: line \d+: not valid YAML"):
        load_terrain_table(bad)
    with pytest.raises(DataError, match="cannot read terrain table"):
        load_terrain_table(tmp_path / "none.yaml")


def test_terrain_table_location_by_system() -> None:
    """A system's table lives at game/rules/<system>/data/terrain.yaml."""
    path = terrain_table_path("tunnel_rats")
    assert path.parts[-5:] == ("game", "rules", "tunnel_rats", "data", "terrain.yaml")
    with pytest.raises(DataError, match="not a system id"):
        load_system_terrain("../etc")
