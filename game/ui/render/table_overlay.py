"""Tabletop terrain pieces, a measuring tape and a line of sight drawn over a MapView.

:class:`TableOverlay` draws the pieces of a :class:`~game.maps.tabletop.Table` so they
read at a glance, each kind in its own style (``terrain_art``): roads and water first,
then the area pieces, then walls and hedges as thick lines as wide as the piece; each
piece with cover carries a tag with its kind, height and cover. The pieces are drawn
once per map into a map-sized image and scaled (and tagged) once per zoom level (like
the map), so panning costs one blit. The tape and the LOS line are drawn per frame (two lines).

Coordinates: the table's hundredths of an inch -> map pixels (``Table.to_pixels``) ->
screen (the view's camera).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.maps.tabletop import MOVEMENT_TYPES, Point, Table, TerrainPiece, inches
from game.maps.tabletop_geometry import Sight, TableGeometry
from game.maps.tabletop_measure import RoundBase, gap
from game.ui.render.terrain_art import draw_area_piece, draw_line_piece, draw_tags
from game.ui.render.view import MapView

HOVER = (255, 230, 90)
TAPE = (250, 220, 90)
LOS_COLOURS = {"clear": (90, 220, 120), "blocked": (235, 80, 70), "in terrain": (245, 170, 50)}
TAG_FONT = 15  # px of the pieces' kind/height/cover tags


def piece_text(piece: TerrainPiece, *, player: bool = False) -> str:
    """One line about a piece: kind and name (``player``: as a player names it, else as
    the map author does, with its object id), cover, height, LOS and movement."""
    bits = [
        _capital(piece.player_name) if player else piece.label,
        f"{piece.cover} cover" if piece.cover != "none" else "no cover",
    ]
    bits.append(f'{piece.height_in:g}" high')
    bits.append("blocks sight" if piece.blocks_los else "see-through")
    if piece.road:
        bits.append("road")
    moves: dict[str, list[str]] = {}
    for mtype in MOVEMENT_TYPES:
        moves.setdefault(piece.move(mtype), []).append(mtype)
    bits.extend(f"{how}: {', '.join(types)}" for how, types in moves.items() if how != "open")
    return "; ".join(bits)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class Measure:
    """The tape from ``a`` to ``b`` (hundredths) with what a 1" base at ``a`` sees of
    one at ``b``."""

    a: Point
    b: Point
    sight: Sight

    @property
    def centre_in(self) -> float:
        return inches(math.hypot(self.b[0] - self.a[0], self.b[1] - self.a[1]))

    @property
    def gap_in(self) -> float:
        return inches(gap(RoundBase(self.a), RoundBase(self.b)))

    @property
    def verdict(self) -> str:
        """``clear``, ``blocked`` or ``in terrain`` (partly in view or in cover)."""
        if not self.sight.clear:
            return "blocked"
        return "in terrain" if self.sight.in_terrain else "clear"

    def text(self) -> str:
        s = self.sight
        line = f'{self.centre_in:.2f}" centre to centre, {self.gap_in:.2f}" base to base; '
        if not s.clear:
            names = ", ".join(p.player_name for p in s.blockers) or "an obstacle"
            return line + f"line of sight blocked by {names}"
        line += f"line of sight clear, {round(100 * s.visible_share)}% visible"
        if s.partly_in_view:
            line += f"; partly in view: in terrain ({s.cover} cover)"
        elif s.in_terrain:
            line += f"; target in terrain ({s.cover} cover)"
        return line


class TableOverlay:
    """Pieces, hover outline, tape and LOS for one table shown in ``view``."""

    def __init__(self, table: Table, *, live_tags: bool = False) -> None:
        """``live_tags``: the pieces' tags are not baked into the scaled image; the
        owner draws them each time with ``draw_tags``, stepping aside for models."""
        self.table = table
        self.live_tags = live_tags
        self.geometry = TableGeometry(table)
        self.hover: tuple[TerrainPiece, ...] = ()
        self.tape_start: Point | None = None
        self.measure: Measure | None = None
        self._image: pygame.Surface | None = None
        self._scaled: dict[float, pygame.Surface] = {}

    # -- questions ---------------------------------------------------------------------
    def table_point(self, view: MapView, screen: tuple[float, float]) -> Point | None:
        """The table position under a screen point, None off the table or view."""
        if not view.viewport.collidepoint(screen):
            return None
        px, py = view.camera.screen_to_world(screen)
        point = self.table.to_table(px, py)
        if 0 <= point[0] <= self.table.width and 0 <= point[1] <= self.table.height:
            return point
        return None

    def set_hover(self, point: Point | None) -> None:
        self.hover = self.geometry.pieces_at_point(point) if point is not None else ()

    def measure_to(self, a: Point, b: Point) -> Measure:
        """Tape and LOS between 1" bases at ``a`` and ``b``."""
        self.measure = Measure(a, b, self.geometry.sight(RoundBase(a), RoundBase(b)))
        return self.measure

    # -- drawing -----------------------------------------------------------------------
    def _pieces_image(self, size: tuple[int, int]) -> pygame.Surface:
        if self._image is None:
            image = pygame.Surface(size, pygame.SRCALPHA)
            for piece in sorted(self.table.pieces, key=_drawing_order):
                self._draw_piece(image, piece)
            self._image = image
        return self._image

    def _draw_piece(self, image: pygame.Surface, piece: TerrainPiece) -> None:
        pts = [self.table.to_pixels(p) for p in piece.outline]
        if piece.linear:
            draw_line_piece(image, piece, pts, max(3, round(piece.thickness / self.table.scale)))
        else:
            draw_area_piece(image, piece, pts)

    def draw_pieces(self, surface: pygame.Surface, view: MapView) -> None:
        """The pieces over the map (call after ``view.draw_base``)."""
        zoom = view.camera.zoom
        image = self._pieces_image(view.map.pixel_size)
        scaled = self._scaled.get(zoom)
        if scaled is None:
            w, h = image.get_size()
            scaled = (
                image
                if zoom == 1.0
                else pygame.transform.smoothscale(
                    image, (max(1, round(w * zoom)), max(1, round(h * zoom)))
                )
            )
            scaled = scaled.copy() if scaled is image else scaled
            if not self.live_tags:
                draw_tags(
                    scaled,
                    self.table.pieces,
                    lambda p: self._map_px(p, zoom),
                    view.font(TAG_FONT),
                )
            if len(self._scaled) >= 3:
                self._scaled.pop(next(iter(self._scaled)))
            self._scaled[zoom] = scaled
        clip = surface.get_clip()
        surface.set_clip(view.viewport.clip(clip) if clip else view.viewport)
        surface.blit(scaled, view.camera.map_topleft)
        surface.set_clip(clip)

    def draw_tags(
        self, surface: pygame.Surface, view: MapView, avoid: Sequence[pygame.Rect]
    ) -> None:
        """The pieces' tags on screen, each where it covers nothing in ``avoid``
        (screen rectangles: the models and their names); see ``terrain_art.draw_tags``."""
        clip = surface.get_clip()
        surface.set_clip(view.viewport.clip(clip) if clip else view.viewport)
        font = view.font(TAG_FONT)
        draw_tags(surface, self.table.pieces, lambda p: self._screen(view, p), font, avoid)
        surface.set_clip(clip)

    def draw_tools(self, surface: pygame.Surface, view: MapView, pointer: Point | None) -> None:
        """Hover outline, the tape (to the fixed end or the pointer) and the LOS line."""
        clip = surface.get_clip()
        surface.set_clip(view.viewport.clip(clip) if clip else view.viewport)
        for piece in self.hover:
            pts = [self._screen(view, p) for p in piece.outline]
            width = max(2, round(piece.thickness / self.table.scale * view.camera.zoom))
            if piece.linear:
                pygame.draw.lines(surface, HOVER, False, pts, width + 2)
            else:
                pygame.draw.polygon(surface, HOVER, pts, 3)
        if self.measure is not None:
            self._draw_measure(surface, view, self.measure.a, self.measure.b, self.measure.verdict)
        elif self.tape_start is not None and pointer is not None:
            self._draw_measure(surface, view, self.tape_start, pointer, None)
        surface.set_clip(clip)

    def _draw_measure(
        self, surface: pygame.Surface, view: MapView, a: Point, b: Point, verdict: str | None
    ) -> None:
        pa, pb = self._screen(view, a), self._screen(view, b)
        colour = LOS_COLOURS[verdict] if verdict else TAPE
        pygame.draw.line(surface, (0, 0, 0), pa, pb, 6)
        pygame.draw.line(surface, colour, pa, pb, 4)
        length = math.hypot(b[0] - a[0], b[1] - a[1])
        if length > 0:  # a tick every inch, a long one every 6"
            ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
            for k in range(1, int(length // 100) + 1):
                mid = self._screen(view, (a[0] + ux * 100 * k, a[1] + uy * 100 * k))
                size = 9 if k % 6 == 0 else 5
                nx, ny = -uy * size, ux * size
                pygame.draw.line(
                    surface, (0, 0, 0), (mid[0] - nx, mid[1] - ny), (mid[0] + nx, mid[1] + ny), 2
                )
        radius = max(3, round(50 / self.table.scale * view.camera.zoom))
        for p in (pa, pb):
            pygame.draw.circle(surface, (0, 0, 0), p, radius + 2, 2)
            pygame.draw.circle(surface, colour, p, radius, 2)
        text = f'{inches(length):.2f}"'
        label = view.font(22).render(text, True, (255, 255, 255))
        shadow = view.font(22).render(text, True, (0, 0, 0))
        rect = label.get_rect(center=_beside(pa, pb, label.get_size()))
        backing = pygame.Surface(rect.inflate(8, 2).size, pygame.SRCALPHA)
        backing.fill((12, 12, 16, 170))
        surface.blit(backing, rect.inflate(8, 2))
        for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            surface.blit(shadow, rect.move(dx, dy))
        surface.blit(label, rect)

    def _map_px(self, point: tuple[float, float], zoom: float) -> tuple[float, float]:
        x, y = self.table.to_pixels(point)
        return (x * zoom, y * zoom)

    def _screen(self, view: MapView, point: Sequence[float]) -> tuple[float, float]:
        return view.camera.world_to_screen(self.table.to_pixels((point[0], point[1])))


def _beside(
    pa: tuple[float, float], pb: tuple[float, float], size: tuple[int, int]
) -> tuple[int, int]:
    """Where the centre of a label of ``size`` goes beside the middle of the line pa-pb
    (screen pixels): off to the side (the upper one) by as much as keeps the whole
    label clear of the line and its ticks."""
    dx, dy = pb[0] - pa[0], pb[1] - pa[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length, dx / length
    if ny > 0 or (ny == 0 and nx > 0):
        nx, ny = -nx, -ny
    reach = 12 + abs(nx) * size[0] / 2 + abs(ny) * size[1] / 2  # ticks reach 9 px
    mx, my = (pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2
    return (round(mx + nx * reach), round(my + ny * reach))


def _drawing_order(piece: TerrainPiece) -> int:
    """Roads and water under everything, then area pieces, then walls and hedges."""
    if piece.cover == "none" and piece.kind != "barbed_wire":
        return 0
    return 2 if piece.linear else 1
