"""The '65 board on screen: the scenario's geomorphic hex maps composed side by side as
one picture, seen through a camera, with hex ids, and the sums between board hexes and
screen pixels.

Each map is drawn by our renderer (``compose``) and placed where the board puts its hex
A1, so the picture is exactly the board the rules play on. A map that cannot be drawn
leaves its hexes as plain outlines; the table never stops for it.

The camera (:class:`~game.ui.render.camera.Camera`, shared with the map views) zooms in
steps from the zoom that fits the whole board up to ``MAX_ZOOM`` and never lets the
board be dragged off its area. Every sum here (``to_screen``, ``centre``, ``outline``,
``hex_size``, ``hex_at``) goes through it, so drawing and picking always agree. The
picture is scaled once per zoom level (the last ``KEEP_SCALED`` are kept): panning
only blits.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game.rules.sixty_five.terrain.field import Field
from game.ui import theme
from game.ui.assets import Assets
from game.ui.render.camera import ZOOM_LEVELS, Camera
from game.ui.render.compose import compose
from game.ui.toolkit.maps import drawable_map

Point = tuple[float, float]
MARGIN = 4  # board pixels around the picture
MAX_ZOOM = 3.0  # a hex 168 px across: more only shows blur
LEGIBLE_HEX = 40  # screen pixels across a hex below which its counters do not read
LABEL_INK = 11  # screen pixels the digits of a hex id stand, at the least (issue 32)
LABEL_DIGITS = "0123456789"
LABEL_DROP = 0.16  # the id's ink starts this part of a hex's width below its top corner
KEEP_SCALED = 2  # scaled pictures kept (the zoom shown and the one before)
HEX_ID = (40, 36, 28)
HEX_ID_HALO = (236, 228, 200, 150)  # a pale rim around an id, so it reads on dark forest
SILHOUETTE_EDGE = (255, 214, 96)  # building silhouettes that block LOS ('65 14)
SILHOUETTE_SHADE = (40, 24, 10, 70)


def digits_ink(assets: Assets, size: int) -> int:
    """How many pixels high the digits' ink stands (not the font's line: the marks
    themselves) in a hex id drawn at font ``size``."""
    return assets.text(LABEL_DIGITS, size, HEX_ID).get_bounding_rect().height


def hex_label_size(hex_size: float, assets: Assets) -> int:
    """The font size of a hex's id for a hex ``hex_size`` screen pixels across: the
    smallest whose digits' ink stands ``LABEL_INK`` px high, or three tenths of the hex
    when that is more (a zoomed-in board), up to 28."""
    least = next(s for s in range(LABEL_INK, 4 * LABEL_INK) if digits_ink(assets, s) >= LABEL_INK)
    return max(least, min(28, round(hex_size * 0.3)))


def hex_label(assets: Assets, hex_id: str, size: int) -> pygame.Surface:
    """A hex's id in dark letters inside a pale one-pixel rim (``HEX_ID_HALO``), so it
    reads on light ground and dark forest alike."""
    dark = assets.text(hex_id, size, HEX_ID)
    pale = assets.text(hex_id, size, HEX_ID_HALO[:3]).copy()
    pale.set_alpha(HEX_ID_HALO[3])
    out = pygame.Surface((dark.get_width() + 2, dark.get_height() + 2), pygame.SRCALPHA)
    for dx, dy in ((0, 1), (2, 1), (1, 0), (1, 2), (0, 0), (2, 2), (0, 2), (2, 0)):
        out.blit(pale, (dx, dy))
    out.blit(dark, (1, 1))
    return out


class BoardPicture:
    """The board of one scenario, drawn once and scaled to the table's board area."""

    def __init__(self, ground: Field, map_paths: dict[str, Path]) -> None:
        self.ground = ground
        board = ground.board
        self._corners = {
            h: board.grid.corners(board.board_cell(board.parse_id(h))) for h in ground.hexes()
        }
        xs = [x for pts in self._corners.values() for x, _ in pts]
        ys = [y for pts in self._corners.values() for _, y in pts]
        left, top = min(xs) - MARGIN, min(ys) - MARGIN
        self.size = (max(xs) - left + MARGIN, max(ys) - top + MARGIN)
        self.shift = (-left, -top)  # board pixel -> picture pixel
        self.image = pygame.Surface(self.size)
        self.image.fill(theme.FELT)
        self.missing: list[str] = []
        for bm in board.maps:
            path = map_paths.get(bm.map_id)
            loaded = drawable_map(path) if path is not None else None
            if loaded is None:
                self.missing.append(bm.map_id)
                continue
            composed = compose(loaded[0], loaded[1], underlay=theme.FELT)
            ox, oy = board.map_origin(bm.map_id)
            at = (
                round(ox + self.shift[0] - composed.origin[0]),
                round(oy + self.shift[1] - composed.origin[1]),
            )
            self.image.blit(composed.surface, at)
        for pts in self._corners.values():
            pygame.draw.polygon(self.image, (60, 60, 50), [self._pic(p) for p in pts], 1)
        if ground.by_silhouette:
            self._silhouettes(ground)
        self.camera = Camera(pygame.Rect(0, 0, *self.size), self.size, bounded=True)
        self._scaled: dict[float, pygame.Surface] = {}
        self._cached_at: tuple[object, ...] | None = None
        self._points: dict[tuple[str, str], Any] = {}

    def _silhouettes(self, ground: Field) -> None:
        """14: each building's silhouette, the outline that blocks lines of sight, as a
        light rim over a faint shade, so the player sees what the line must miss."""
        shade = pygame.Surface(self.size, pygame.SRCALPHA)
        for outlines in ground.silhouettes.values():
            for outline in outlines:
                pts = [self._pic(p) for p in outline]
                pygame.draw.polygon(shade, SILHOUETTE_SHADE, pts)
                pygame.draw.polygon(shade, SILHOUETTE_EDGE, pts, 2)
        self.image.blit(shade, (0, 0))

    def _pic(self, p: Point) -> Point:
        return (p[0] + self.shift[0], p[1] + self.shift[1])

    # -- the view ------------------------------------------------------------------------
    @property
    def scale(self) -> float:
        """Screen pixels per board pixel (the camera's zoom)."""
        return self.camera.zoom

    @property
    def area(self) -> pygame.Rect:
        """The screen rectangle the board is shown in."""
        return self.camera.viewport

    @property
    def rect(self) -> pygame.Rect:
        """The whole picture on screen at the current zoom (may reach past ``area``)."""
        w, h = self.size
        return pygame.Rect(self.camera.map_topleft, (round(w * self.scale), round(h * self.scale)))

    def fit(self, area: pygame.Rect) -> None:
        """Show the board in ``area``: the zoom levels run from the one that fits the
        whole board to ``MAX_ZOOM``, with the default zoom among them; the view starts
        at the default (see :meth:`default_zoom`), centred."""
        w, h = self.size
        whole, default = min(area.width / w, area.height / h), self.default_zoom(area)
        steps = {whole, default}
        for z in ZOOM_LEVELS:  # the usual steps above the whole board, not too close
            if whole < z <= MAX_ZOOM and all(abs(z / s - 1) > 0.12 for s in steps):
                steps.add(z)
        self.camera.viewport = pygame.Rect(area)
        self.camera.levels = tuple(sorted(steps))
        self.home()

    def default_zoom(self, area: pygame.Rect | None = None) -> float:
        """The whole board when its hexes are then at least ``LEGIBLE_HEX`` across;
        otherwise the zoom at which the board fills ``area`` (fitted to the width of a
        tall board, the height of a wide one) and is scrolled along its length."""
        area = area if area is not None else self.area
        w, h = self.size
        whole = min(area.width / w, area.height / h)
        if self.hex_px * whole >= LEGIBLE_HEX:
            return whole
        return min(max(area.width / w, area.height / h), MAX_ZOOM)

    def home(self, focus: list[str] | None = None) -> None:
        """The default view: the default zoom, centred on the hexes of ``focus`` (the
        units of the side at the table) or on the board; on the first of them when their
        middle shows none (a set-up zone at both ends of a long board)."""
        self.camera.set_zoom(self.default_zoom())
        self.look_at(focus or [], force=True)
        if focus and not any(self.in_view(h) for h in focus):
            self.look_at(focus[:1], force=True)  # hexes far apart: the first of them

    def fit_all(self) -> None:
        """The whole board in view, centred."""
        self.camera.set_zoom(self.camera.levels[0])
        self.camera.centre_on((self.size[0] / 2, self.size[1] / 2))

    def fits_all(self) -> bool:
        """Whether the whole board is in view."""
        return self.scale <= self.camera.levels[0] + 1e-9

    def in_view(self, hex_id: str) -> bool:
        """Whether the whole of the hex is inside the area."""
        return all(self.area.collidepoint(p) for p in self.outline(hex_id))

    def look_at(self, hexes: list[str], force: bool = False) -> bool:
        """Pan (never zoom) so the hexes are in view, centred on their middle, unless
        they all already are (or ``force``). True if the view moved."""
        board = self.ground.board
        known = [h for h in hexes if h in self._corners]
        if not force and all(self.in_view(h) for h in known):
            return False
        if known:
            pts = [board.centre(board.parse_id(h)) for h in known]
            middle = self._pic(
                (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))
            )
        else:
            middle = (self.size[0] / 2, self.size[1] / 2)
        before = self.camera.shift
        self.camera.centre_on(middle)
        return self.camera.shift != before

    # -- sums ------------------------------------------------------------------------------
    def to_screen(self, board_point: Point) -> tuple[int, int]:
        x, y = self.camera.world_to_screen(self._pic(board_point))
        return (round(x), round(y))

    def _screen_cache(self) -> dict[tuple[str, str], Any]:
        """Screen points worked out at the camera's present zoom and shift (a frame asks
        for the same hexes' outlines and centres many times)."""
        now = (self.camera.zoom, self.camera.shift, self.camera.viewport.topleft)
        if self._cached_at != now:
            self._cached_at, self._points = now, {}
        return self._points

    def centre(self, hex_id: str) -> tuple[int, int]:
        cache = self._screen_cache()
        found = cache.get(("c", hex_id))
        if found is None:
            board = self.ground.board
            found = cache[("c", hex_id)] = self.to_screen(board.centre(board.parse_id(hex_id)))
        return tuple(found)

    def outline(self, hex_id: str) -> list[tuple[int, int]]:
        cache = self._screen_cache()
        found = cache.get(("o", hex_id))
        if found is None:
            found = cache[("o", hex_id)] = [self.to_screen(p) for p in self._corners[hex_id]]
        return list(found)

    @property
    def hex_px(self) -> float:
        """The width across a hex's flats in board pixels."""
        pts = next(iter(self._corners.values()))
        ys = [y for _, y in pts]
        return max(ys) - min(ys)

    def hex_size(self) -> float:
        """The width across a hex's flats on screen (pixels)."""
        return self.hex_px * self.scale

    def hex_at(self, pos: tuple[int, int]) -> str | None:
        """The board hex under a screen pixel, or None off the board or outside the
        area it is shown in."""
        if not self.area.collidepoint(pos) or not self.rect.collidepoint(pos):
            return None
        wx, wy = self.camera.screen_to_world(pos)
        found = self.ground.board.pick(wx - self.shift[0], wy - self.shift[1])
        return self.ground.board.hex_id(found) if found is not None else None

    def draw(self, surface: pygame.Surface, assets: Assets) -> None:
        """The part of the maps in view, every hex's id in its top edge (the picture is
        scaled once per zoom level)."""
        scaled = self._scaled_picture(assets)
        at = self.camera.map_topleft
        area = self.area.clip(pygame.Rect(at, scaled.get_size()))
        surface.blit(scaled, area.topleft, area.move(-at[0], -at[1]))

    def _scaled_picture(self, assets: Assets) -> pygame.Surface:
        known = self._scaled.get(self.scale)
        if known is not None:
            return known
        size = self.rect.size
        scaled = pygame.transform.smoothscale(self.image, size)
        text = hex_label_size(self.hex_size(), assets)
        drop = self.hex_size() * LABEL_DROP
        for hex_id, pts in self._corners.items():
            top = min(y for _, y in pts)
            cx = sum(x for x, _ in pts) / len(pts)
            x, y = self._pic((cx, top))
            label = hex_label(assets, hex_id, text)
            ink = label.get_bounding_rect()  # the marks' top, under the line's own room
            at = label.get_rect(centerx=round(x * self.scale))
            at.top = round(y * self.scale + drop) - ink.top
            scaled.blit(label, at)
        while len(self._scaled) >= KEEP_SCALED:
            del self._scaled[next(iter(self._scaled))]
        self._scaled[self.scale] = scaled
        return scaled
