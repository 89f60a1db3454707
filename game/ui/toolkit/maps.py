"""Map-game tables: a table's Tiled map, loaded once per program, drawn by a MapView.

A table on a map (the Tunnel Rats levels, the Transformers board) asks :func:`map_view`
for a :class:`~game.ui.render.view.MapView` of its map file in its viewport. The map and
its images are loaded the first time and shared by every later table (they are never
changed). A map that cannot be loaded never stops the table: ``None`` comes back, the
log names the file and what is wrong (once), and the table draws its fallback.
"""

from __future__ import annotations

import logging
from pathlib import Path

import pygame

from game.core.errors import MapError
from game.core.memo import forget_on_new_game
from game.maps import GameMap, MapImages
from game.ui import theme
from game.ui.render.loading import load_drawable
from game.ui.render.view import MapView

log = logging.getLogger(__name__)

_LOADED: dict[Path, tuple[GameMap, MapImages] | None] = {}
forget_on_new_game(_LOADED.clear)  # the next game's maps are loaded again


def drawable_map(path: Path) -> tuple[GameMap, MapImages] | None:
    """The map at ``path`` with its images (loaded once per program), or ``None`` if it
    cannot be drawn (a warning naming the file and the error is logged the first time)."""
    if path not in _LOADED:
        try:
            _LOADED[path] = load_drawable(path)
        except (MapError, OSError, pygame.error) as exc:
            log.warning("table map %s cannot be drawn (%s)", path, exc)
            _LOADED[path] = None
    return _LOADED[path]


def map_view(path: Path, viewport: pygame.Rect) -> MapView | None:
    """A new view of the map at ``path`` inside ``viewport`` (the table's background
    around it, no fitting: the table sets the zoom), or ``None`` if it cannot be drawn."""
    loaded = drawable_map(path)
    if loaded is None:
        return None
    return MapView(loaded[0], loaded[1], viewport, fit=False, table=theme.BG)
