"""A tabletop table's board on screen: its Tiled map, the terrain pieces over it, and the
conversions between table points (hundredths of an inch) and screen pixels.

Tabletop tables (RatFight, 5.56mm) show the whole table at once, fitted and centred in
their board area (a tabletop game is read at a glance). The map is loaded once per
program (``toolkit.maps``); a map that cannot be drawn leaves ``mapview`` None and the
table draws its fallback.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pygame

from game.maps.tabletop import Point, Table
from game.ui.render.table_overlay import TableOverlay
from game.ui.render.view import MapView
from game.ui.toolkit.maps import map_view


class TabletopBoard:
    """The map view and terrain overlay of one tabletop table in ``rect``."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.mapview: MapView | None = None
        self.overlay: TableOverlay | None = None
        self._map_path: Path | None = None

    def layout(self, rect: pygame.Rect) -> None:
        """The board takes ``rect``; the whole table is fitted into it again."""
        self.rect = pygame.Rect(rect)
        if self.mapview is not None:
            self.mapview.set_viewport(self.rect)
            self.fit()

    def ensure(self, path: Path, table: Table) -> None:
        """Show the map at ``path`` with ``table``'s pieces (nothing to do if shown)."""
        if path == self._map_path:
            return
        self._map_path = path
        self.mapview = map_view(path, self.rect)
        if self.mapview is not None:
            self.fit()
        self.overlay = TableOverlay(table, live_tags=True)

    def fit(self) -> None:
        """The whole table in view at once, at whatever zoom that takes, centred."""
        assert self.mapview is not None
        camera = self.mapview.camera
        w, h = camera.map_size
        camera.zoom = min(self.rect.width / w, self.rect.height / h)
        camera.centre_on((w / 2, h / 2))

    def to_screen(self, point: Sequence[float]) -> tuple[float, float]:
        """A table point (hundredths of an inch) on screen."""
        assert self.mapview is not None
        scale = self.overlay.table.scale if self.overlay is not None else 1.0
        return self.mapview.camera.world_to_screen((point[0] / scale, point[1] / scale))

    def px_per_hundredth(self) -> float:
        """Screen pixels per hundredth of an inch (0 while no map is shown)."""
        if self.mapview is None or self.overlay is None:
            return 0.0
        return self.mapview.camera.zoom / self.overlay.table.scale

    def table_point(self, pos: tuple[int, int]) -> Point | None:
        """The table point under a screen position, None off the table."""
        if self.mapview is None or self.overlay is None:
            return None
        return self.overlay.table_point(self.mapview, pos)

    def draw_ground(self, surface: pygame.Surface) -> bool:
        """The map and the terrain pieces; False when the map cannot be drawn."""
        if self.mapview is None or self.overlay is None:
            return False
        self.mapview.draw_base(surface)
        self.overlay.draw_pieces(surface, self.mapview)
        return True

    def draw_tags(self, surface: pygame.Surface, avoid: Sequence[pygame.Rect]) -> None:
        """The terrain tags, each placed clear of ``avoid`` (the models and their names,
        screen rectangles) or left out; draw them after the ground, before the models."""
        if self.mapview is not None and self.overlay is not None:
            self.overlay.draw_tags(surface, self.mapview, avoid)

    @staticmethod
    def model_footprint(centre: tuple[float, float], radius: float) -> pygame.Rect:
        """The screen area a model and its name tag take: the base, a name's height
        above and below it, and at least a short name's width."""
        x, y = centre
        half = max(radius, 28)
        return pygame.Rect(
            round(x - half), round(y - radius - 18), round(2 * half), round(2 * radius + 36)
        )
