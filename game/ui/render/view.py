"""MapView: a Tiled map on screen with a camera, overlays and pieces.

For table authors (one view per board)::

    view = MapView(game_map, images, viewport=pygame.Rect(0, 0, 1280, 720))
    view.pieces[(3, 4)] = token_surface          # drawn centred on the cell, scaled
    view.highlight(reachable_cells, (80, 160, 255))  # movement range
    view.draw_path(path_cells)
    view.draw_los(a, b, blocked=True, blockers=[(5, 5)])
    view.draw_labels(True)                        # hex labels like E3
    ...
    view.handle_event(event)   # drag / arrows / wheel / double-click; returns a click
    view.update(dt)            # held arrow keys
    view.draw(surface)         # map, then highlights, path, pieces, LOS, labels

Overlay calls replace what the previous call of the same kind set (highlights are
kept per ``key``); :meth:`clear_overlays` removes them all. ``draw_base`` draws only
the map (what ``render-map`` writes without ``--overlays``). The static layers are
composed once and pre-scaled once per zoom level, so panning only blits one image.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.maps import GameMap, MapImages, hex_label
from game.ui.render.camera import Camera
from game.ui.render.compose import Composed, TileCache, compose, parse_colour

Cell = tuple[int, int]
RGB = tuple[int, int, int]

TABLE = (28, 30, 32)
PATH = (250, 220, 90)
LOS_CLEAR = (90, 220, 120)
LOS_BLOCKED = (235, 80, 70)
LABEL = (255, 255, 255)
LABEL_SHADOW = (0, 0, 0)
MAX_CACHED_PIXELS = 12_000_000  # a pre-scaled image bigger than this is scaled per frame
PAN_SPEED = 700.0  # screen pixels per second with an arrow key held
DOUBLE_CLICK_S = 0.4
DRAG_START_PX = 4

#: ``pieces`` values: a surface (drawn centred, scaled with the zoom) or a callable
#: ``draw(surface, centre_on_screen, zoom)``.
Piece = pygame.Surface | Callable[[pygame.Surface, tuple[float, float], float], None]


@dataclass(frozen=True)
class Click:
    """A click (not a drag) on the map: the screen point and the cell under it."""

    pos: tuple[int, int]
    cell: Cell | None
    button: int
    double: bool = False  # the second click of a double click (the view centred)


def keep_pieces(
    pieces: Mapping[Cell, Any], game_map: GameMap
) -> tuple[dict[Cell, Any], list[Cell]]:
    """Pieces whose cells exist on ``game_map``, and the cells that were dropped."""
    kept = {c: p for c, p in pieces.items() if game_map.contains(c)}
    return kept, [c for c in pieces if c not in kept]


class MapView:
    """A map drawn in ``viewport`` through a :class:`Camera`."""

    def __init__(
        self,
        game_map: GameMap,
        images: MapImages,
        viewport: pygame.Rect,
        *,
        fit: bool = True,
        table: RGB = TABLE,
    ) -> None:
        self.viewport = pygame.Rect(viewport)
        self.table = table
        self.pieces: dict[Cell, Piece] = {}
        self.labels = False
        self._highlights: dict[str, tuple[tuple[Cell, ...], tuple[int, ...]]] = {}
        self._path: tuple[Cell, ...] = ()
        self._los: tuple[Cell, Cell, bool, tuple[Cell, ...]] | None = None
        self._fonts: dict[int, pygame.font.Font] = {}
        self._label_cache: dict[tuple[str, int], tuple[pygame.Surface, pygame.Surface]] = {}
        self._held = (0, 0)
        self._drag: tuple[tuple[int, int], bool, int] | None = None  # start, dragging, button
        self._last_click: tuple[float, tuple[int, int]] | None = None
        self._time = 0.0
        self.camera = Camera(self.viewport, (1, 1))
        self.set_map(game_map, images)
        if fit:
            self.camera.fit()

    # -- the map ---------------------------------------------------------------------
    def set_map(self, game_map: GameMap, images: MapImages) -> list[Cell]:
        """Show another (e.g. reloaded) map; keeps the camera and the pieces whose
        cells still exist. Returns the cells of pieces that were dropped."""
        self.map = game_map
        self.images = images
        self.composed: Composed = compose(
            game_map,
            images,
            background=True,
            underlay=self.table,
            cache=TileCache(game_map, images),
        )
        self._scaled: dict[float, pygame.Surface] = {}
        self.camera.map_size = game_map.pixel_size
        self.camera.clamp()
        self.pieces, dropped = keep_pieces(self.pieces, game_map)
        for key, (cells, colour) in list(self._highlights.items()):
            self._highlights[key] = (tuple(c for c in cells if game_map.contains(c)), colour)
        self._path = tuple(c for c in self._path if game_map.contains(c))
        if self._los and not (game_map.contains(self._los[0]) and game_map.contains(self._los[1])):
            self._los = None
        return dropped

    def set_viewport(self, viewport: pygame.Rect) -> None:
        """Move/resize the screen area (e.g. the window was resized)."""
        self.viewport.update(viewport)
        self.camera.viewport = self.viewport
        self.camera.clamp()

    @property
    def zoom(self) -> float:
        return self.camera.zoom

    # -- geometry ----------------------------------------------------------------------
    def cell_at(self, screen: tuple[float, float]) -> Cell | None:
        """The cell under a screen point (exact on hex edges), None off the map."""
        if not self.viewport.collidepoint(screen):
            return None
        return self.map.cell_at_pixel(*self.camera.screen_to_world(screen))

    def cell_centre(self, cell: Cell) -> tuple[float, float]:
        """Screen position of a cell's centre."""
        return self.camera.world_to_screen(self.map.cell_centre(cell))

    def cell_outline(self, cell: Cell) -> list[tuple[float, float]]:
        """Screen polygon of a cell (hexagon or square)."""
        if self.map.hex is not None:
            pts: Sequence[tuple[float, float]] = self.map.hex.corners(cell)
        else:
            tw, th = self.map.tile_width, self.map.tile_height
            x, y = cell[0] * tw, cell[1] * th
            pts = [(x, y), (x + tw, y), (x + tw, y + th), (x, y + th)]
        return [self.camera.world_to_screen(p) for p in pts]

    # -- overlays ----------------------------------------------------------------------
    def highlight(
        self, cells: Iterable[Cell], colour: Sequence[int], key: str = "highlight"
    ) -> None:
        """Tint ``cells`` with ``colour`` (RGB or RGBA; alpha defaults to 90)."""
        rgba = tuple(colour) if len(colour) == 4 else (*colour[:3], 90)
        self._highlights[key] = (tuple(c for c in cells if self.map.contains(c)), rgba)

    def draw_path(self, cells: Sequence[Cell]) -> None:
        """Show a path through the centres of ``cells`` (empty clears it)."""
        self._path = tuple(cells)

    def draw_los(self, a: Cell, b: Cell, blocked: bool, blockers: Iterable[Cell] = ()) -> None:
        """Show a line of sight from ``a`` to ``b``: green when clear, red when blocked,
        with the blocking cells outlined."""
        self._los = (a, b, blocked, tuple(blockers))

    def clear_los(self) -> None:
        self._los = None

    def draw_labels(self, on: bool = True) -> None:
        """Hex labels (E3) on every hex; on square maps the cell coordinates."""
        self.labels = on

    def clear_overlays(self) -> None:
        """Remove highlights, path, LOS line and labels (pieces stay)."""
        self._highlights.clear()
        self._path = ()
        self._los = None
        self.labels = False

    # -- input -------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> Click | None:
        """Camera input: drag (any button) or arrow keys pan, the wheel zooms around the
        cursor, a double click centres. Returns a :class:`Click` for a click that was
        not a drag, else None."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3):
            if self.viewport.collidepoint(event.pos):
                self._drag = (event.pos, False, event.button)
        elif event.type == pygame.MOUSEMOTION and self._drag is not None:
            start, dragging, button = self._drag
            if not dragging and (
                abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1]) >= DRAG_START_PX
            ):
                self.camera.pan(event.pos[0] - start[0], event.pos[1] - start[1])
                self._drag = (start, True, button)
            elif dragging:
                self.camera.pan(*event.rel)
        elif event.type == pygame.MOUSEBUTTONUP and self._drag is not None:
            start, dragging, button = self._drag
            self._drag = None
            if not dragging and event.button == button:
                return self._click(event.pos, button)
        elif event.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            anchor = pos if self.viewport.collidepoint(pos) else self.viewport.center
            self.camera.zoom_step(1 if event.y > 0 else -1, anchor)
        elif event.type == pygame.KEYDOWN and event.key in _ARROWS:
            dx, dy = _ARROWS[event.key]
            self._held = (self._held[0] + dx, self._held[1] + dy)
            self.camera.pan(-dx * 48, -dy * 48)
        elif event.type == pygame.KEYUP and event.key in _ARROWS:
            dx, dy = _ARROWS[event.key]
            self._held = (self._held[0] - dx, self._held[1] - dy)
        return None

    def _click(self, pos: tuple[int, int], button: int) -> Click:
        if button == 1 and self._last_click is not None:
            t, p = self._last_click
            if self._time - t <= DOUBLE_CLICK_S and abs(p[0] - pos[0]) + abs(p[1] - pos[1]) < 8:
                clicked = Click(pos, self.cell_at(pos), button, double=True)
                self.camera.centre_on(self.camera.screen_to_world(pos))
                self._last_click = None
                return clicked
        if button == 1:
            self._last_click = (self._time, pos)
        return Click(pos, self.cell_at(pos), button)

    @property
    def panning(self) -> bool:
        """Whether an arrow key is held (the camera moves every frame)."""
        return self._held != (0, 0)

    def update(self, dt: float) -> None:
        """Advance the view's clock; pan while arrow keys are held (after the first
        step each key press gives)."""
        self._time += dt
        if self._held != (0, 0):
            step = PAN_SPEED * dt
            self.camera.pan(-self._held[0] * step, -self._held[1] * step)

    # -- drawing -----------------------------------------------------------------------
    def _scaled_map(self) -> pygame.Surface | None:
        zoom = self.camera.zoom
        if zoom in self._scaled:
            return self._scaled[zoom]
        w, h = self.composed.surface.get_size()
        size = (max(1, round(w * zoom)), max(1, round(h * zoom)))
        if size[0] * size[1] > MAX_CACHED_PIXELS:
            return None
        image = self.composed.surface
        if zoom != 1.0:
            image = pygame.transform.scale(image, size)
        if pygame.display.get_surface() is not None:
            image = image.convert_alpha()
        if len(self._scaled) >= 3:  # keep a few levels; wheel users go back and forth
            self._scaled.pop(next(iter(self._scaled)))
        self._scaled[zoom] = image
        return image

    def draw_base(self, surface: pygame.Surface, table: bool = True) -> None:
        """The map alone: the table colour over the viewport (unless ``table`` is
        False), the map's background colour under the map, then every visible layer."""
        clip = surface.get_clip()
        surface.set_clip(self.viewport.clip(clip) if clip else self.viewport)
        if table:
            surface.fill(self.table, self.viewport)
        zoom = self.camera.zoom
        ox, oy = self.composed.origin
        mx, my = self.camera.map_topleft
        left, top = mx - round(ox * zoom), my - round(oy * zoom)
        image = self._scaled_map()
        if image is not None:
            surface.blit(image, (left, top))
        else:
            self._blit_region(surface, left, top)
        surface.set_clip(clip)

    def _blit_region(self, surface: pygame.Surface, left: int, top: int) -> None:
        """Scale only the visible part of the composed map (very large zoomed maps)."""
        zoom = self.camera.zoom
        src = self.composed.surface
        vx, vy, vw, vh = self.viewport
        x0 = max(0, int((vx - left) / zoom))
        y0 = max(0, int((vy - top) / zoom))
        x1 = min(src.get_width(), int((vx + vw - left) / zoom) + 2)
        y1 = min(src.get_height(), int((vy + vh - top) / zoom) + 2)
        if x1 <= x0 or y1 <= y0:
            return
        part = src.subsurface((x0, y0, x1 - x0, y1 - y0))
        part = pygame.transform.scale(part, (round((x1 - x0) * zoom), round((y1 - y0) * zoom)))
        surface.blit(part, (left + round(x0 * zoom), top + round(y0 * zoom)))

    def draw(self, surface: pygame.Surface) -> None:
        """The map, then highlights, path, pieces, the LOS line and labels, clipped to
        the viewport (pieces stand on the path; labels stay readable over pieces)."""
        self.draw_base(surface)
        self.draw_overlays(surface)

    def draw_overlays(self, surface: pygame.Surface) -> None:
        """Everything :meth:`draw` adds over the map, without the map."""
        clip = surface.get_clip()
        surface.set_clip(self.viewport.clip(clip) if clip else self.viewport)
        self._draw_highlights(surface)
        self._draw_path(surface)
        self._draw_pieces(surface)
        self._draw_los(surface)
        if self.labels:
            self._draw_labels(surface)
        surface.set_clip(clip)

    def _draw_highlights(self, surface: pygame.Surface) -> None:
        if not self._highlights:
            return
        layer = pygame.Surface(self.viewport.size, pygame.SRCALPHA)
        off = self.viewport.topleft
        for cells, colour in self._highlights.values():
            edge = (*colour[:3], 230)
            for cell in cells:
                pts = [(x - off[0], y - off[1]) for x, y in self.cell_outline(cell)]
                pygame.draw.polygon(layer, colour, pts)
                pygame.draw.polygon(layer, edge, pts, width=2)
        surface.blit(layer, off)

    def _draw_pieces(self, surface: pygame.Surface) -> None:
        zoom = self.camera.zoom
        for cell, piece in sorted(self.pieces.items(), key=lambda kv: (kv[0][1], kv[0][0])):
            centre = self.cell_centre(cell)
            if callable(piece):
                piece(surface, centre, zoom)
                continue
            image = piece
            if zoom != 1.0:
                w, h = piece.get_size()
                image = pygame.transform.smoothscale(
                    piece.convert_alpha() if not piece.get_flags() & pygame.SRCALPHA else piece,
                    (max(1, round(w * zoom)), max(1, round(h * zoom))),
                )
            surface.blit(image, image.get_rect(center=(round(centre[0]), round(centre[1]))))

    def _width(self, base: float) -> int:
        return max(2, round(base * min(2.0, max(0.75, self.camera.zoom))))

    def _draw_path(self, surface: pygame.Surface) -> None:
        if len(self._path) < 1:
            return
        pts = [self.cell_centre(c) for c in self._path]
        w = self._width(4)
        if len(pts) > 1:
            pygame.draw.lines(surface, (0, 0, 0), False, pts, w + 2)
            pygame.draw.lines(surface, PATH, False, pts, w)
        for i, p in enumerate(pts):
            r = w + 3 if i in (0, len(pts) - 1) else w + 1
            pygame.draw.circle(surface, (0, 0, 0), p, r + 1)
            pygame.draw.circle(surface, PATH, p, r)

    def _draw_los(self, surface: pygame.Surface) -> None:
        if self._los is None:
            return
        a, b, blocked, blockers = self._los
        colour = LOS_BLOCKED if blocked else LOS_CLEAR
        for cell in blockers:
            pygame.draw.polygon(surface, LOS_BLOCKED, self.cell_outline(cell), self._width(3))
        pa, pb = self.cell_centre(a), self.cell_centre(b)
        w = self._width(3)
        pygame.draw.line(surface, (0, 0, 0), pa, pb, w + 2)
        pygame.draw.line(surface, colour, pa, pb, w)
        for p in (pa, pb):
            pygame.draw.circle(surface, (0, 0, 0), p, w + 4)
            pygame.draw.circle(surface, colour, p, w + 3)

    def font(self, size: int) -> pygame.font.Font:
        """pygame's default font at ``size`` (cached)."""
        if size not in self._fonts:
            if not pygame.font.get_init():
                pygame.font.init()
            self._fonts[size] = pygame.font.Font(None, size)
        return self._fonts[size]

    def _label(self, text: str, size: int) -> tuple[pygame.Surface, pygame.Surface]:
        key = (text, size)
        if key not in self._label_cache:
            font = self.font(size)
            self._label_cache[key] = (
                font.render(text, True, LABEL_SHADOW),
                font.render(text, True, LABEL),
            )
        return self._label_cache[key]

    def _draw_labels(self, surface: pygame.Surface) -> None:
        zoom = self.camera.zoom
        cell_h = (self.map.tile_height if self.map.hex is None else self.map.hex.tile_height) * zoom
        size = int(min(28, max(12, cell_h * 0.28)))
        if cell_h < (36 if self.map.hex is not None else 48):
            return  # too small to read; zoom in
        x0, y0, vw, vh = self.camera.visible_world_rect()
        for cell in self.map.cells():
            cx, cy = self.map.cell_centre(cell)
            if not (x0 - 64 <= cx <= x0 + vw + 64 and y0 - 64 <= cy <= y0 + vh + 64):
                continue
            text = hex_label(cell) if self.map.hex is not None else f"{cell[0]},{cell[1]}"
            sx, sy = self.camera.world_to_screen((cx, cy))
            top = sy - cell_h / 2 + max(2, cell_h * 0.08)
            shadow, label = self._label(text, size)
            rect = label.get_rect(midtop=(round(sx), round(top)))
            for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                surface.blit(shadow, rect.move(dx, dy))
            surface.blit(label, rect)


_ARROWS = {
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
}


def background_rgb(game_map: GameMap) -> RGB | None:
    """The map's background colour as RGB, if it has one."""
    colour = parse_colour(game_map.background_color)
    return colour[:3] if colour else None
