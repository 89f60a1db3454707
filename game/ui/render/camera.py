"""The map camera: which part of the map is on screen and how big.

A screen point ``s`` and a map (world) pixel ``w`` are related by
``s = viewport.topleft + w * zoom + shift`` where ``shift`` is a whole number of
screen pixels, so the map image lands on whole pixels and picking agrees with what
is drawn. Zoom is one of :data:`ZOOM_LEVELS` (50% to 400%); each level has its own
pre-scaled map image in the view, so panning never redraws tiles. A board may give its
camera its own ``levels`` (the '65 table starts them at the zoom that fits the whole
board) and ask for it ``bounded`` (never dragged off the viewport).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

#: Zoom steps of the mouse wheel, 50% .. 400%.
ZOOM_LEVELS: tuple[float, ...] = (0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 2.5, 3.0, 4.0)
MIN_ZOOM, MAX_ZOOM = ZOOM_LEVELS[0], ZOOM_LEVELS[-1]

Point = tuple[float, float]


def nearest_level(zoom: float, levels: tuple[float, ...] = ZOOM_LEVELS) -> float:
    """The zoom level of ``levels`` closest to ``zoom`` (clamped to the first..last)."""
    return min(levels, key=lambda z: (abs(z - zoom), z))


@dataclass
class Camera:
    """Maps between screen pixels and map pixels.

    ``viewport``: the screen rectangle the map is drawn in. ``map_size``: the map's
    size in map pixels (used to keep some of the map in view). ``cover``: the map always
    fills the viewport (no zoom below :meth:`cover_zoom`, no panning past its edges).
    ``bounded``: panning stops at the map's edges like ``cover``, but any zoom level is
    allowed (an axis where the map is smaller than the viewport is centred).
    ``levels``: the zoom steps, ascending (:data:`ZOOM_LEVELS` unless given).
    """

    viewport: pygame.Rect
    map_size: tuple[int, int]
    zoom: float = 1.0
    shift: tuple[int, int] = field(default=(0, 0))
    cover: bool = False
    bounded: bool = False
    levels: tuple[float, ...] = ZOOM_LEVELS

    # -- transforms ------------------------------------------------------------------
    def world_to_screen(self, point: Point) -> Point:
        """Map pixel -> screen pixel (floats; the map's top-left corner is exact)."""
        return (
            self.viewport.x + self.shift[0] + point[0] * self.zoom,
            self.viewport.y + self.shift[1] + point[1] * self.zoom,
        )

    def screen_to_world(self, point: Point) -> Point:
        """Screen pixel -> map pixel: the exact inverse of :meth:`world_to_screen`."""
        return (
            (point[0] - self.viewport.x - self.shift[0]) / self.zoom,
            (point[1] - self.viewport.y - self.shift[1]) / self.zoom,
        )

    translate_point = world_to_screen  # pyscroll's name

    @property
    def map_topleft(self) -> tuple[int, int]:
        """Screen position of map pixel (0, 0) (whole pixels)."""
        return (self.viewport.x + self.shift[0], self.viewport.y + self.shift[1])

    def visible_world_rect(self) -> tuple[float, float, float, float]:
        """The map-pixel rectangle (x, y, w, h) inside the viewport."""
        x0, y0 = self.screen_to_world(self.viewport.topleft)
        return (x0, y0, self.viewport.width / self.zoom, self.viewport.height / self.zoom)

    # -- moves ---------------------------------------------------------------------------
    def pan(self, dx: float, dy: float) -> None:
        """Move the map by (dx, dy) screen pixels (drag direction)."""
        self.shift = (self.shift[0] + round(dx), self.shift[1] + round(dy))
        self.clamp()

    def set_zoom(self, zoom: float, anchor: Point | None = None) -> None:
        """Zoom to the nearest level, keeping the map point under ``anchor`` (a screen
        point, the viewport centre by default) where it is."""
        anchor = anchor if anchor is not None else self.viewport.center
        world = self.screen_to_world(anchor)
        self.zoom = nearest_level(zoom, self.levels)
        if self.cover:
            self.zoom = max(self.zoom, self.cover_zoom())
        self.shift = (
            round(anchor[0] - self.viewport.x - world[0] * self.zoom),
            round(anchor[1] - self.viewport.y - world[1] * self.zoom),
        )
        self.clamp()

    def zoom_step(self, steps: int, anchor: Point | None = None) -> None:
        """Go ``steps`` zoom levels in (positive) or out (negative) around ``anchor``."""
        index = self.levels.index(nearest_level(self.zoom, self.levels))
        index = max(0, min(len(self.levels) - 1, index + steps))
        self.set_zoom(self.levels[index], anchor)

    def centre_on(self, world: Point) -> None:
        """Put a map point in the middle of the viewport."""
        self.shift = (
            round(self.viewport.width / 2 - world[0] * self.zoom),
            round(self.viewport.height / 2 - world[1] * self.zoom),
        )
        self.clamp()

    def fit(self) -> None:
        """Largest zoom level at which the whole map fits, centred."""
        w, h = self.map_size
        fitting = [
            z for z in self.levels if w * z <= self.viewport.width and h * z <= self.viewport.height
        ]
        self.zoom = fitting[-1] if fitting else self.levels[0]
        self.centre_on((w / 2, h / 2))

    def cover_zoom(self) -> float:
        """The smallest zoom level at which the map fills the whole viewport."""
        w, h = self.map_size
        vw, vh = self.viewport.size
        return next((z for z in self.levels if w * z >= vw and h * z >= vh), self.levels[-1])

    def clamp(self) -> None:
        """Keep at least a quarter of the viewport (or the whole map) showing map; with
        ``cover`` or ``bounded``, keep the map over the whole viewport (centred where it
        is smaller)."""
        w, h = self.map_size[0] * self.zoom, self.map_size[1] * self.zoom
        vw, vh = self.viewport.size
        if self.cover or self.bounded:
            self.shift = (_cover_axis(self.shift[0], w, vw), _cover_axis(self.shift[1], h, vh))
            return
        keep_x, keep_y = min(w, vw / 4), min(h, vh / 4)
        sx = min(max(self.shift[0], math.ceil(keep_x - w)), math.floor(vw - keep_x))
        sy = min(max(self.shift[1], math.ceil(keep_y - h)), math.floor(vh - keep_y))
        self.shift = (int(sx), int(sy))


def _cover_axis(shift: int, size: float, room: int) -> int:
    """The shift along one axis that keeps a map of ``size`` over all of ``room``."""
    if size <= room:
        return round((room - size) / 2)
    return int(min(0, max(shift, math.ceil(room - size))))
