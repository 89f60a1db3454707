"""The roll panel: after an action that rolled, every die, modifier, total and target.

A table hands :meth:`RollPanel.take` the events of each action; the panel keeps the last
action's :class:`~game.core.api.DieRolled` events and shows them for ``show`` seconds
(game seconds, like the effects) over the bottom of the map, or higher up where the
bottom would cover a figure the table names. While the pointer is over the panel it
steps aside so the map below can be seen. A row shows who rolled and why, each die face
(edged green on a success, red on a failure), each named modifier, the total against the
target, and the result. At most :data:`MAX_ROWS` rolls are shown (the last ones).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.core.api import DieRolled, Event
from game.ui import theme
from game.ui.assets import Assets
from game.ui.widgets import blit_text, panel

ROW_H = 46  # pixels per roll
MAX_ROWS = 4
SHOW_TIME = 5.0  # seconds a roll stays on screen
DIE_PX = 26


def die_face(assets: Assets, die: str, face: int, size: int, good: bool | None) -> pygame.Surface:
    """A die showing ``face``, ``size`` pixels square: a square for a D6 (and any die
    without a shape of its own), a hexagon-ish gem for a D20. The edge is green for a
    success, red for a failure, gold when the roll has no result of its own."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    edge = theme.GOOD if good else theme.BAD if good is False else theme.ACCENT
    if die == "D20":
        r = size // 2 - 1
        c = size // 2
        pts = [(c, 1), (size - 2, c - r // 2), (size - 2, c + r // 2), (c, size - 2)]
        pts += [(1, c + r // 2), (1, c - r // 2)]
        pygame.draw.polygon(surf, (236, 232, 220), pts)
        pygame.draw.polygon(surf, edge, pts, 3)
    else:
        box = surf.get_rect().inflate(-2, -2)
        pygame.draw.rect(surf, (236, 232, 220), box, border_radius=max(3, size // 6))
        pygame.draw.rect(surf, edge, box, 3, border_radius=max(3, size // 6))
    blit_text(
        surf, assets, str(face), int(size * 0.62), (size // 2, size // 2 + 1), theme.INK, "center"
    )
    return surf


def roll_rect(viewport: pygame.Rect, count: int, top: bool = False) -> pygame.Rect:
    """Where a panel of ``count`` rolls goes: along the bottom (or the top) of the map
    ``viewport``, at most 620 pixels wide."""
    w = min(viewport.width - 16, 620)
    h = 10 + min(count, MAX_ROWS) * ROW_H
    rect = pygame.Rect(0, 0, w, h)
    if top:
        rect.midtop = (viewport.centerx, viewport.top + 8)
    else:
        rect.midbottom = (viewport.centerx, viewport.bottom - 8)
    return rect


def roll_place(viewport: pygame.Rect, count: int, avoid: Sequence[pygame.Rect]) -> pygame.Rect:
    """Where the roll panel covers none of ``avoid`` (the figures that acted and were
    acted on): along the bottom of the map if it can, else the top, else the first
    height between (20-pixel steps); where every place covers one, the place that covers
    fewest."""
    rect = roll_rect(viewport, count)
    low, high = rect.top, viewport.top + 8
    places = [low, high, *range(high + 20, low, 20)]
    best, best_hits = rect, len(avoid) + 1
    for y in places:
        candidate = rect.copy()
        candidate.top = y
        hits = sum(1 for r in avoid if candidate.colliderect(r))
        if hits < best_hits:
            best, best_hits = candidate, hits
        if hits == 0:
            break
    return best


def draw_rolls(
    surface: pygame.Surface,
    assets: Assets,
    viewport: pygame.Rect,
    rolls: Sequence[DieRolled],
    place: pygame.Rect | None = None,
) -> pygame.Rect | None:
    """The rolls (the last :data:`MAX_ROWS`): who and why, the dice, each modifier,
    total vs target and the result, in ``place`` (else along the bottom of
    ``viewport``). Returns where the panel was drawn (``None``: no rolls)."""
    if not rolls:
        return None
    shown = rolls[-MAX_ROWS:]
    rect = place or roll_rect(viewport, len(shown))
    panel(surface, rect, fill=(14, 16, 18), alpha=235, radius=8)
    y = rect.top + 6
    for roll in shown:
        _draw_row(surface, assets, rect, y, roll)
        y += ROW_H
    return rect


def _draw_row(
    surface: pygame.Surface, assets: Assets, rect: pygame.Rect, y: int, roll: DieRolled
) -> None:
    blit_text(surface, assets, f"{roll.who} {roll.purpose}", 19, (rect.left + 10, y), theme.MUTED)
    x = rect.left + 10
    line_y = y + 16
    for face in roll.faces:
        shape = roll.die if roll.die in ("D6", "D20") else "D6"
        surface.blit(die_face(assets, shape, face, DIE_PX, roll.success), (x, line_y))
        x += DIE_PX + 4
    text = "  ".join(f"{v:+d} {label}" for label, v in roll.modifiers)
    total = f"= {roll.total}" if roll.modifiers or len(roll.faces) > 1 else ""
    if roll.target is not None:
        total += f"  vs {roll.target}"
    mid = line_y + DIE_PX // 2
    if text:
        x = blit_text(surface, assets, text, 21, (x + 4, mid), theme.TEXT, "midleft").right
    if total:
        blit_text(surface, assets, total, 22, (x + 10, mid), theme.ACCENT, "midleft")
    if roll.success is not None:
        word = "success" if roll.success else "failure"
        colour = theme.GOOD if roll.success else theme.BAD
        blit_text(surface, assets, word, 22, (rect.right - 10, mid), colour, "midright")


class RollPanel:
    """The last action's rolls and how long they have been shown (see the module
    docstring). ``rect`` is where the panel was last drawn, or where it stepped aside
    from under the pointer; ``None`` when nothing was shown."""

    def __init__(self, assets: Assets, show: float = SHOW_TIME) -> None:
        self.assets = assets
        self.show = show
        self.rolls: list[DieRolled] = []
        self.age = 0.0
        self.rect: pygame.Rect | None = None

    def take(self, events: Sequence[Event]) -> None:
        """Keep the rolls of an action's events (an action that rolled nothing leaves
        the previous rolls showing until their time is up)."""
        rolls = [e for e in events if isinstance(e, DieRolled)]
        if rolls:
            self.rolls, self.age = rolls, 0.0

    def update(self, dt: float) -> None:
        """Age the shown rolls by ``dt`` seconds."""
        self.age += dt

    @property
    def showing(self) -> bool:
        """Whether there are rolls still within their time on screen."""
        return bool(self.rolls) and self.age < self.show

    def draw(
        self,
        surface: pygame.Surface,
        viewport: pygame.Rect,
        avoid: Sequence[pygame.Rect],
        pointer: tuple[int, int],
    ) -> pygame.Rect | None:
        """Draw the rolls over ``viewport`` clear of ``avoid`` where possible; nothing
        while the ``pointer`` is over the place they were drawn last (that place is
        kept, so moving the pointer off brings them back)."""
        peek = self.rect is not None and self.rect.collidepoint(pointer)
        self.rect = None
        if not self.showing:
            return None
        place = roll_place(viewport, min(MAX_ROWS, len(self.rolls)), avoid)
        if peek:
            self.rect = place
        else:
            self.rect = draw_rolls(surface, self.assets, viewport, self.rolls, place)
        return self.rect
