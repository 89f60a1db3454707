"""The Transformers Skirmish board on screen: the Tiled map, robots, highlights, effects.

The board is ``maps/transformers_skirmish/board.tmx`` drawn by the map renderer
(:class:`~game.ui.render.view.MapView`) at a zoom that makes the 8x8 board fill its
square; the camera does not move (the whole board always shows). Rules squares are
``(file, rank)`` from a1 = (0, 0); the map's row 0 is rank 8, so the Autobots' back row
is at the bottom and the Deceptacons' at the top, as on the map. File letters run along
the bottom edge and rank numbers along the left edge.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import pygame

from game.resources import maps_dir
from game.rules.transformers_skirmish.board import Square
from game.rules.transformers_skirmish.view import UnitView
from game.ui import theme
from game.ui.assets import Assets
from game.ui.render.view import MapView
from game.ui.tables.transformers_skirmish.art import SIDE_COLOURS, unit_token
from game.ui.tables.transformers_skirmish.fx import Flash, Shot, slide_of
from game.ui.toolkit.effects import Effects
from game.ui.toolkit.maps import map_view

BOARD_MAP = maps_dir() / "transformers_skirmish" / "board.tmx"
SIZE = 8
LIGHT, DARK = (226, 214, 186), (120, 92, 70)  # fallback squares when the map is missing


class BoardView:
    """Geometry and drawing of the 8x8 board inside ``rect`` (a square)."""

    def __init__(self, assets: Assets) -> None:
        self.assets = assets
        self.rect = pygame.Rect(0, 0, 8 * 48, 8 * 48)
        self.sq = 48
        self.map: MapView | None = map_view(BOARD_MAP, self.rect)  # None: plain squares
        self._tokens: dict[tuple[object, ...], pygame.Surface] = {}

    # -- geometry ----------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        """Use the largest whole-pixel board that fits the square ``rect``."""
        self.sq = max(16, min(rect.width, rect.height) // SIZE)
        self.rect = pygame.Rect(rect.left, rect.top, self.sq * SIZE, self.sq * SIZE)
        if self.map is not None:
            self.map.set_viewport(self.rect)
            tile = self.map.map.tile_width
            self.map.camera.zoom = self.sq / tile
            self.map.camera.shift = (0, 0)
        self._tokens.clear()

    def square_rect(self, sq: Square) -> pygame.Rect:
        f, r = sq
        return pygame.Rect(
            self.rect.left + f * self.sq, self.rect.top + (SIZE - 1 - r) * self.sq, self.sq, self.sq
        )

    def centre(self, sq: Square) -> tuple[float, float]:
        return (
            self.rect.left + (sq[0] + 0.5) * self.sq,
            self.rect.top + (SIZE - 0.5 - sq[1]) * self.sq,
        )

    def square_at(self, pos: tuple[int, int]) -> Square | None:
        if not self.rect.collidepoint(pos):
            return None
        f = (pos[0] - self.rect.left) // self.sq
        r = SIZE - 1 - (pos[1] - self.rect.top) // self.sq
        return (f, r) if 0 <= f < SIZE and 0 <= r < SIZE else None

    def _cell(self, sq: Square) -> tuple[int, int]:
        return (sq[0], SIZE - 1 - sq[1])

    # -- drawing -----------------------------------------------------------------------
    def token(self, unit: UnitView) -> pygame.Surface:
        key = (unit.id, unit.hits, unit.max_hits, unit.minicon, unit.kind, self.sq)
        surf = self._tokens.get(key)
        if surf is None:
            if len(self._tokens) > 200:
                self._tokens.clear()
            surf = self._tokens[key] = unit_token(self.assets, unit, self.sq)
        return surf

    def draw_base(
        self,
        surface: pygame.Surface,
        highlights: Sequence[tuple[Iterable[Square], tuple[int, ...]]],
    ) -> None:
        """The map (or plain squares), the coordinates and the tinted squares."""
        if self.map is not None:
            self.map.clear_overlays()
            for i, (squares, colour) in enumerate(highlights):
                self.map.highlight([self._cell(s) for s in squares], colour, key=f"h{i}")
            self.map.draw(surface)
        else:
            for f in range(SIZE):
                for r in range(SIZE):
                    colour = LIGHT if (f + r) % 2 else DARK
                    pygame.draw.rect(surface, colour, self.square_rect((f, r)))
            layer = pygame.Surface(self.rect.size, pygame.SRCALPHA)
            for squares, colour in highlights:
                rgba = colour if len(colour) == 4 else (*colour[:3], 90)
                for s in squares:
                    layer.fill(rgba, self.square_rect(s).move(-self.rect.left, -self.rect.top))
            surface.blit(layer, self.rect)
        pygame.draw.rect(surface, (12, 10, 8), self.rect.inflate(4, 4), 2)
        size = max(14, min(24, self.sq // 3))
        for i in range(SIZE):
            x = self.rect.left + i * self.sq + self.sq // 2
            label = self.assets.text("abcdefgh"[i], size, theme.MUTED)
            surface.blit(label, label.get_rect(midtop=(x, self.rect.bottom + 4)))
            y = self.rect.top + (SIZE - 1 - i) * self.sq + self.sq // 2
            label = self.assets.text(str(i + 1), size, theme.MUTED)
            surface.blit(label, label.get_rect(midright=(self.rect.left - 6, y)))

    def outline(
        self,
        surface: pygame.Surface,
        squares: Iterable[Square],
        colour: tuple[int, ...],
        width: int = 3,
    ) -> None:
        for s in squares:
            pygame.draw.rect(surface, colour, self.square_rect(s).inflate(-2, -2), width, 4)

    def draw_units(
        self, surface: pygame.Surface, units: Sequence[UnitView], fx: Effects, lifted: str | None
    ) -> None:
        """Robots at their squares (or along their slide), back rank first."""
        order = sorted(
            (u for u in units if u.alive and u.square is not None),
            key=lambda u: -(u.square or (0, 0))[1],
        )
        for u in order:
            assert u.square is not None
            x, y = self.centre(u.square)
            slide = slide_of(fx, u.id)
            if slide is not None:
                f = slide.f
                f = f * f * (3 - 2 * f)
                x0, y0 = self.centre(slide.origin)
                x, y = x0 + (x - x0) * f, y0 + (y - y0) * f
                if slide.started:
                    y -= math.sin(math.pi * f) * self.sq * 0.12
            token = self.token(u)
            rect = token.get_rect(center=(round(x), round(y)))
            shadow = pygame.Rect(0, 0, int(self.sq * 0.62), int(self.sq * 0.2))
            shadow.center = (round(x), rect.bottom - int(self.sq * 0.12))
            pygame.draw.ellipse(surface, (0, 0, 0), shadow)
            if u.id == lifted:
                rect.move_ip(0, -max(2, self.sq // 14))
            surface.blit(token, rect)

    def draw_effects(self, surface: pygame.Surface, fx: Effects) -> None:
        for e in fx.of_type(Shot):
            if not e.started:
                continue
            a, b = self.centre(e.origin), self.centre(e.dest)
            f = e.f
            head = (
                a[0] + (b[0] - a[0]) * min(1.0, f * 1.6),
                a[1] + (b[1] - a[1]) * min(1.0, f * 1.6),
            )
            tail_f = max(0.0, f * 1.6 - 0.6)
            tail = (a[0] + (b[0] - a[0]) * tail_f, a[1] + (b[1] - a[1]) * tail_f)
            w = max(3, self.sq // 10)
            pygame.draw.line(surface, (255, 120, 40), tail, head, w + 4)
            pygame.draw.line(surface, (255, 246, 200), tail, head, w)
            pygame.draw.circle(surface, (255, 246, 200), head, w + 2)
        for flash in fx.of_type(Flash):
            if not flash.started:
                continue
            self._flash(surface, flash)

    def _flash(self, surface: pygame.Surface, e: Flash) -> None:
        cx, cy = self.centre(e.square)
        f = e.f
        if e.style == "boom" and e.ghost is not None:
            ghost = self.token(e.ghost).copy()
            ghost.set_alpha(int(255 * (1 - f)))
            surface.blit(ghost, ghost.get_rect(center=(round(cx), round(cy))))
        colour = {
            "hit": (255, 90, 60),
            "boom": (255, 170, 40),
            "shield": (90, 170, 255),
            "repair": (120, 230, 140),
        }[e.style]
        radius = int(self.sq * (0.25 + 0.45 * f))
        layer = pygame.Surface((2 * radius + 8, 2 * radius + 8), pygame.SRCALPHA)
        alpha = int(230 * (1 - f))
        c = (radius + 4, radius + 4)
        if e.style == "shield":
            pygame.draw.circle(layer, (*colour, alpha), c, radius, max(3, self.sq // 12))
        else:
            pygame.draw.circle(layer, (*colour, alpha // 2), c, radius)
            pygame.draw.circle(layer, (255, 255, 230, alpha), c, max(2, radius // 2))
        surface.blit(layer, layer.get_rect(center=(round(cx), round(cy))))

    def draw_pending(self, surface: pygame.Surface, a: Square, b: Square, t: float) -> None:
        """The attack waiting for an answer: a pulsing dashed line from attacker to target."""
        pa, pb = self.centre(a), self.centre(b)
        dist = math.hypot(pb[0] - pa[0], pb[1] - pa[1]) or 1.0
        dash = max(6, self.sq // 6)
        n = int(dist // dash)
        w = max(3, self.sq // 14)
        for i in range(0, n, 2):
            f0, f1 = i / n, min(1.0, (i + 1) / n)
            p0 = (pa[0] + (pb[0] - pa[0]) * f0, pa[1] + (pb[1] - pa[1]) * f0)
            p1 = (pa[0] + (pb[0] - pa[0]) * f1, pa[1] + (pb[1] - pa[1]) * f1)
            pygame.draw.line(surface, (255, 120, 40), p0, p1, w)
        pulse = 0.5 + 0.5 * math.sin(t * 6)
        rect = self.square_rect(b).inflate(-2, -2)
        pygame.draw.rect(surface, (255, int(90 + 100 * pulse), 40), rect, max(3, self.sq // 16), 4)

    def side_tint(self, seat: int) -> tuple[int, int, int]:
        return SIDE_COLOURS[seat]
