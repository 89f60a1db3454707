"""A box of lines over a tabletop board (a shot's odds, a message) placed where it
covers nothing the player is looking at: along the top of the board, or along the
bottom when the top one would cover the pointer or more of ``avoid`` (the picked model,
the target: screen rectangles)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.ui import theme
from game.ui.assets import Assets
from game.ui.widgets import blit_fitted, panel

ROW = 24  # pixels a line takes


def place_box(
    board: pygame.Rect,
    height: int,
    avoid: Sequence[pygame.Rect],
    pointer: tuple[int, int],
) -> pygame.Rect:
    """The box ``height`` pixels high along the top of ``board`` or its bottom,
    whichever covers less: the pointer counts most, then each rectangle of ``avoid``."""
    top = pygame.Rect(board.left + 10, board.top + 8, board.width - 20, height)
    bottom = top.copy()
    bottom.bottom = board.bottom - 8

    def cost(box: pygame.Rect) -> int:
        return 10 * box.collidepoint(pointer) + sum(box.colliderect(r) for r in avoid)

    return top if cost(top) <= cost(bottom) else bottom


def draw_hover_box(
    surface: pygame.Surface,
    assets: Assets,
    board: pygame.Rect,
    lines: Sequence[str],
    avoid: Sequence[pygame.Rect],
    pointer: tuple[int, int],
) -> pygame.Rect:
    """``lines`` (the first in the accent colour) in a box placed by :func:`place_box`;
    returns where it went."""
    box = place_box(board, 10 + ROW * len(lines), avoid, pointer)
    panel(surface, box, alpha=225)
    y = box.top + 5
    for i, line in enumerate(lines):
        colour = theme.ACCENT if i == 0 and len(lines) > 1 else theme.TEXT
        rect = pygame.Rect(box.left + 10, y, box.width - 20, ROW)
        blit_fitted(surface, assets, line, 19, rect, colour, smallest=13)
        y += ROW
    return box
