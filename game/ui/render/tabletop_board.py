"""A tabletop table's board on screen: its Tiled map, the terrain pieces over it, and the
conversions between table points (hundredths of an inch) and screen pixels.

Tabletop tables (RatFight, 5.56mm) start with the whole table fitted and centred in
their board area (a tabletop game is read at a glance) and zoom and pan as the '65
board does, through the shared :class:`~game.ui.render.camera_input.CameraControls`:
the wheel over the board zooms around the pointer, + and - around the middle, a right
(or middle) drag pans, the arrows pan a quarter of the board, Home or 0 fits the whole
table again; a double click on a model centres it (:meth:`TabletopBoard.double_click`).
The zoom steps run from the whole table to :data:`ZOOM_STEPS` times it. The map is
loaded once per program (``toolkit.maps``); a map that cannot be drawn leaves
``mapview`` None and the table draws its fallback.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pygame

from game.maps.tabletop import Point, Table
from game.ui.render.camera_input import CameraControls, Release
from game.ui.render.table_overlay import TableOverlay
from game.ui.render.view import MapView
from game.ui.toolkit.maps import map_view

#: the zoom steps, as multiples of the zoom that shows the whole table
ZOOM_STEPS = (1.0, 1.5, 2.0, 3.0, 4.0, 6.0)
DOUBLE_CLICK_MS = 400  # two left presses this close in time (and place) are a double click
DOUBLE_CLICK_PX = 6


class TabletopBoard:
    """The map view and terrain overlay of one tabletop table in ``rect``."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.mapview: MapView | None = None
        self.overlay: TableOverlay | None = None
        self._map_path: Path | None = None
        self.controls = CameraControls(fit=self.fit)
        self._last_press: tuple[int, tuple[int, int]] | None = None  # ticks, where

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
        """The whole table in view at once, at whatever zoom that takes, centred; the
        zoom steps from there to :data:`ZOOM_STEPS` times it (nothing without a map)."""
        if self.mapview is None:
            return
        camera = self.mapview.camera
        w, h = camera.map_size
        whole = min(self.rect.width / w, self.rect.height / h)
        camera.bounded = True
        camera.levels = tuple(whole * step for step in ZOOM_STEPS)
        camera.zoom = whole
        camera.centre_on((w / 2, h / 2))

    def fits_all(self) -> bool:
        """Whether the whole table is in view (the zoom is the first step)."""
        if self.mapview is None:
            return True
        camera = self.mapview.camera
        return camera.zoom <= camera.levels[0] + 1e-9

    def camera_key(self) -> tuple[float, tuple[int, int]]:
        """The zoom and pan now: what a kept picture of the board depends on."""
        if self.mapview is None:
            return (0.0, (0, 0))
        return (self.mapview.camera.zoom, self.mapview.camera.shift)

    def handle_camera(self, event: pygame.event.Event) -> bool | Release:
        """Zoom and pan (see the module docstring): True for an event the camera took,
        a :class:`Release` for a right click (pressed and let go without dragging),
        False for any other event (the table's own)."""
        if event.type == pygame.KEYDOWN:
            self.forget_press()  # a key between two clicks: no double click
        if self.mapview is None:
            return False
        return self.controls.handle(event, self.mapview.camera)

    def centre_on(self, point: Sequence[float]) -> None:
        """Put a table point (hundredths of an inch) in the middle of the board."""
        if self.mapview is None or self.overlay is None:
            return
        scale = self.overlay.table.scale
        self.mapview.camera.centre_on((point[0] / scale, point[1] / scale))

    def forget_press(self) -> None:
        """The next left press starts afresh (Esc or a key came between)."""
        self._last_press = None

    def double_click(self, pos: tuple[int, int], ticks: int) -> bool:
        """Whether a left press at ``pos`` at ``ticks`` (milliseconds) is the second of
        a double click (the press is remembered for the next)."""
        last, self._last_press = self._last_press, (ticks, pos)
        if last is None:
            return False
        then, where = last
        near = abs(where[0] - pos[0]) + abs(where[1] - pos[1]) <= DOUBLE_CLICK_PX
        if near and 0 <= ticks - then <= DOUBLE_CLICK_MS:
            self._last_press = None  # a third press starts afresh
            return True
        return False

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
