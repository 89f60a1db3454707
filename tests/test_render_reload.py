"""Live reload: saving a map (or its tileset or image) reloads it within a second.

Rules (our words): while a map is open, a good save replaces it and pieces stay on
their cells where those cells still exist; a broken save keeps the old map on screen
and reports what is wrong until the file is fixed.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pygame

from game.ui.render.reload import POLL_SECONDS, LiveMap, map_files
from game.ui.render.view import MapView

DATA = Path(__file__).resolve().parent / "data/maps"


def _copy_map(tmp_path: Path) -> Path:
    for name in ("enc_csv.tmx", "tiles.tsx", "tiles.png"):
        shutil.copy(DATA / name, tmp_path / name)
    return tmp_path / "enc_csv.tmx"


def _save(path: Path, text: str) -> None:
    """Write like an editor does and make sure the time stamp moves on."""
    before = path.stat().st_mtime_ns
    path.write_text(text, encoding="utf-8")
    os.utime(path, ns=(before + 1_000_000_000, before + 1_000_000_000))


def _narrower(text: str) -> str:
    """The same map, 3 columns wide instead of 4, first tile changed to rock."""
    text = text.replace('width="4"', 'width="3"')
    start, end = text.index("<data"), text.index("</data>")
    data = '<data encoding="csv">\n2,1,2,\n1,3,2,\n1,1,1\n'
    return text[:start] + data + text[end:]


def _poll(live: LiveMap, seconds: float) -> bool:
    reloaded = False
    t = 0.0
    while t < seconds:
        reloaded = live.update(0.1) or reloaded
        t += 0.1
    return reloaded


def test_render_reload_good_save_keeps_pieces_on_existing_cells(tmp_path: Path) -> None:
    """A good save reloads within a second; pieces on vanished cells are dropped."""
    path = _copy_map(tmp_path)
    live = LiveMap(path)
    view = MapView(live.map, live.images, pygame.Rect(0, 0, 320, 240))
    token = pygame.Surface((6, 6))
    view.pieces = {(0, 0): token, (3, 2): token}
    assert not live.update(POLL_SECONDS)  # nothing changed yet
    _save(path, _narrower(path.read_text(encoding="utf-8")))
    assert _poll(live, 1.0)
    assert live.map.width == 3 and live.errors == []
    assert live.map.terrain_id_at((0, 0)) == "rock"
    dropped = view.set_map(live.map, live.images)
    assert dropped == [(3, 2)]
    assert set(view.pieces) == {(0, 0)}


def test_render_reload_broken_save_keeps_old_map_and_reports(tmp_path: Path) -> None:
    """A broken save keeps the last good map and lists the problem; fixing it reloads."""
    path = _copy_map(tmp_path)
    good = path.read_text(encoding="utf-8")
    live = LiveMap(path)
    old = live.map
    _save(path, good.replace("</map>", ""))
    assert not _poll(live, 1.0)
    assert live.map is old
    assert live.errors and "malformed XML" in " ".join(live.errors)
    assert str(path) in live.errors[0]
    _save(path, good)
    assert _poll(live, 1.0)
    assert live.errors == [] and live.reloads == 1


def test_render_reload_watches_tileset_and_image(tmp_path: Path) -> None:
    """The .tsx tileset and its picture are watched too."""
    path = _copy_map(tmp_path)
    live = LiveMap(path)
    names = {p.name for p in map_files(live.map)}
    assert {"enc_csv.tmx", "tiles.tsx", "tiles.png"} <= names
    tsx = tmp_path / "tiles.tsx"
    _save(tsx, tsx.read_text(encoding="utf-8").replace('value="rock"', 'value="stone"'))
    assert _poll(live, 1.0)
    assert live.map.terrain_id_at((2, 0)) == "stone"
