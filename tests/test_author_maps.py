"""The map generator is the source of truth of the files it writes: running
``tools/author_maps.py`` reproduces the committed tilesets, Tiled project and maps byte
for byte (a hand edit of one of them fails here until the generator says the same)."""

from __future__ import annotations

import json
from pathlib import Path

from tools.author_maps import project_json, write_all

REPO = Path(__file__).resolve().parent.parent


def test_author_maps_reproduces_every_committed_file_byte_for_byte(tmp_path: Path) -> None:
    written = write_all(tmp_path)
    rels = sorted(p.relative_to(tmp_path).as_posix() for p in written)
    assert "maps/skirmish.tiled-project" in rels and "maps/sixty_five/map1.tmx" in rels
    differ = [r for r in rels if (tmp_path / r).read_bytes() != (REPO / r).read_bytes()]
    assert differ == []


def test_author_maps_project_holds_the_tabletop_terrain_classes() -> None:
    """The tabletop maps' terrain classes (read by game/maps/tabletop.py) come from the
    generator too, with their defaults: a wood blocks sight and is 4 inches tall."""
    types = {t["name"]: t for t in json.loads(project_json())["propertyTypes"]}
    wood = {m["name"]: m["value"] for m in types["wood"]["members"]}
    assert wood["blocks_los"] is True and wood["height_in"] == 4.0
    assert types["Movement"]["values"] == ["open", "climb", "impassable"]
    assert [t["id"] for t in types.values()] == list(range(1, len(types) + 1))
