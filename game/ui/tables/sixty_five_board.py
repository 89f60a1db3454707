"""The '65 board on screen: the scenario's geomorphic hex maps composed side by side as
one picture, fitted to the table, with hex ids, and the sums between board hexes and
screen pixels.

Each map is drawn by our renderer (``compose``) and placed where the board puts its hex
A1, so the picture is exactly the board the rules play on. A map that cannot be drawn
leaves its hexes as plain outlines; the table never stops for it.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from game.rules.sixty_five.field import Field
from game.ui import theme
from game.ui.assets import Assets
from game.ui.render.compose import compose
from game.ui.toolkit.maps import drawable_map

Point = tuple[float, float]
MARGIN = 4  # board pixels around the picture
HEX_ID = (40, 36, 28)
SILHOUETTE_EDGE = (255, 214, 96)  # building silhouettes that block LOS ('65 14)
SILHOUETTE_SHADE = (40, 24, 10, 70)


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
        self.rect = pygame.Rect(0, 0, *self.size)
        self.scale = 1.0
        self._scaled: pygame.Surface | None = None

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

    def fit(self, area: pygame.Rect) -> None:
        """Scale the picture to fill ``area`` (keeping its shape), centred."""
        w, h = self.size
        self.scale = min(area.width / w, area.height / h)
        size = (max(1, round(w * self.scale)), max(1, round(h * self.scale)))
        self.rect = pygame.Rect(0, 0, *size)
        self.rect.center = area.center
        self._scaled = None

    def to_screen(self, board_point: Point) -> tuple[int, int]:
        x, y = self._pic(board_point)
        return (round(self.rect.left + x * self.scale), round(self.rect.top + y * self.scale))

    def centre(self, hex_id: str) -> tuple[int, int]:
        board = self.ground.board
        return self.to_screen(board.centre(board.parse_id(hex_id)))

    def outline(self, hex_id: str) -> list[tuple[int, int]]:
        return [self.to_screen(p) for p in self._corners[hex_id]]

    def hex_size(self) -> float:
        """The width across a hex's flats on screen (pixels)."""
        pts = next(iter(self._corners.values()))
        ys = [y for _, y in pts]
        return (max(ys) - min(ys)) * self.scale

    def hex_at(self, pos: tuple[int, int]) -> str | None:
        """The board hex under a screen pixel, or None off the board."""
        if not self.rect.collidepoint(pos):
            return None
        x = (pos[0] - self.rect.left) / self.scale - self.shift[0]
        y = (pos[1] - self.rect.top) / self.scale - self.shift[1]
        found = self.ground.board.pick(x, y)
        return self.ground.board.hex_id(found) if found is not None else None

    def draw(self, surface: pygame.Surface, assets: Assets) -> None:
        """The maps with every hex's id in its top edge (scaled once per size)."""
        if self._scaled is None:
            self._scaled = pygame.transform.smoothscale(self.image, self.rect.size)
            size = max(10, round(self.hex_size() * 0.25))
            for hex_id, pts in self._corners.items():
                top = min(y for _, y in pts)
                cx = sum(x for x, _ in pts) / len(pts)
                x, y = self._pic((cx, top))
                label = assets.text(hex_id, size, HEX_ID)
                at = label.get_rect(midtop=(round(x * self.scale), round(y * self.scale) + 1))
                self._scaled.blit(label, at)
        surface.blit(self._scaled, self.rect)
