"""The odds prompt: before a risky action, the chance of each outcome as a labelled bar,
so a player sees what the rules make of the action before committing to it."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.ui import theme
from game.ui.assets import Assets
from game.ui.widgets import blit_text, panel

ROW_H = 24
TEXT_SIZE = 20


def odds_height(outcomes: Sequence[tuple[str, float]]) -> int:
    """Pixels the prompt needs for ``outcomes`` (title row included)."""
    return 12 + ROW_H * (len(outcomes) + 1)


def percent(p: float) -> str:
    """A probability as players read it: whole percent, with <1% and >99% kept honest."""
    if 0 < p < 0.005:
        return "<1%"
    if 0.995 < p < 1:
        return ">99%"
    return f"{round(100 * p)}%"


def draw_odds(
    surface: pygame.Surface,
    assets: Assets,
    rect: pygame.Rect,
    title: str,
    outcomes: Sequence[tuple[str, float]],
) -> None:
    """``title`` and one bar per (label, probability) inside ``rect``."""
    panel(surface, rect)
    blit_text(surface, assets, title, TEXT_SIZE, (rect.left + 10, rect.top + 6), theme.ACCENT)
    label_w = max((assets.text(label, TEXT_SIZE).get_width() for label, _ in outcomes), default=0)
    bar_left = rect.left + 16 + label_w
    bar_w = max(20, rect.right - 60 - bar_left)
    y = rect.top + 6 + ROW_H
    for label, p in outcomes:
        blit_text(surface, assets, label, TEXT_SIZE, (rect.left + 10, y))
        track = pygame.Rect(bar_left, y + 4, bar_w, ROW_H - 10)
        pygame.draw.rect(surface, theme.PANEL_EDGE, track, border_radius=4)
        filled = track.copy()
        filled.width = round(bar_w * max(0.0, min(1.0, p)))
        if filled.width:
            pygame.draw.rect(surface, theme.ACCENT, filled, border_radius=4)
        blit_text(surface, assets, percent(p), TEXT_SIZE, (track.right + 8, y))
        y += ROW_H
