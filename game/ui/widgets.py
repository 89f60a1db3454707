"""Small drawing helpers of our own: buttons on the table, panels, speech bubbles, text."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.core.memo import forget_on_new_game
from game.ui import theme
from game.ui.assets import Assets


def blit_text(
    surface: pygame.Surface,
    assets: Assets,
    text: str,
    size: int,
    pos: tuple[int, int],
    color: tuple[int, ...] = theme.TEXT,
    anchor: str = "topleft",
) -> pygame.Rect:
    """Draw one line of text with its ``anchor`` (a pygame.Rect attribute) at ``pos``."""
    surf = assets.text(text, size, color)
    rect = surf.get_rect(**{anchor: pos})
    surface.blit(surf, rect)
    return rect


def fit_text(
    assets: Assets, text: str, size: int, width: int, *, lines: int = 1, smallest: int = 14
) -> tuple[int, list[str]]:
    """The largest font size from ``size`` down to ``smallest`` at which ``text`` fits
    ``width`` pixels in at most ``lines`` lines, and those lines. Text is never cut:
    if even ``smallest`` needs more lines, all of them are returned."""
    s, wrapped = assets.fit(text, size, width, lines, smallest)
    return s, list(wrapped)


def blit_fitted(
    surface: pygame.Surface,
    assets: Assets,
    text: str,
    size: int,
    box: pygame.Rect,
    color: tuple[int, ...] = theme.TEXT,
    *,
    lines: int = 1,
    align: str = "left",
    smallest: int = 14,
) -> pygame.Rect:
    """Draw ``text`` inside ``box`` (vertically centred), shrinking the font and wrapping
    to at most ``lines`` lines rather than cutting it (see :func:`fit_text`)."""
    s, wrapped = fit_text(assets, text, size, box.width, lines=lines, smallest=smallest)
    step = assets.font(s).get_linesize()
    top = box.centery - step * len(wrapped) // 2
    out = pygame.Rect(box.left, top, 0, 0)
    for i, line in enumerate(wrapped):
        y = top + i * step
        if align == "center":
            r = blit_text(surface, assets, line, s, (box.centerx, y), color, "midtop")
        else:
            r = blit_text(surface, assets, line, s, (box.left, y), color, "topleft")
        out = out.union(r) if out.width else r
    return out


PANELS_KEPT = 64  # panel layers kept (the oldest goes first)
_PANELS: dict[tuple[object, ...], pygame.Surface] = {}
# Each size of panel is a layer of its own (a game's end card, briefing, caption of three
# lines): a demo that goes from scenario to scenario met new sizes every cycle and kept
# them all (issue 36: 5.5 MiB of layers after one cycle, 8 MiB after four). The next
# game draws its own panels again, once.
forget_on_new_game(_PANELS.clear)


def panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    fill: tuple[int, ...] = theme.PANEL,
    edge: tuple[int, ...] = theme.PANEL_EDGE,
    alpha: int = 235,
    radius: int = 10,
) -> None:
    """A rounded, slightly translucent panel (its layer drawn once per size and look:
    tables draw the same panels every frame)."""
    key = (rect.size, tuple(fill[:3]), tuple(edge), alpha, radius)
    layer = _PANELS.get(key)
    if layer is None:
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*fill[:3], alpha), layer.get_rect(), border_radius=radius)
        pygame.draw.rect(layer, edge, layer.get_rect(), width=2, border_radius=radius)
        if len(_PANELS) >= PANELS_KEPT:
            del _PANELS[next(iter(_PANELS))]
        _PANELS[key] = layer
    surface.blit(layer, rect)


def board_notice(
    surface: pygame.Surface,
    assets: Assets,
    board: pygame.Rect,
    text: str,
    avoid: Sequence[pygame.Rect] = (),
) -> None:
    """A one-line notice along the bottom of a board (why a click was refused, ...), or
    along its top when the bottom one would cover more of ``avoid`` (the models under
    the pointer and picked: screen rectangles)."""
    box = pygame.Rect(board.left + 10, board.bottom - 40, board.width - 20, 30)
    top = box.move(0, board.top + 8 - box.top)
    if sum(box.colliderect(r) for r in avoid) > sum(top.colliderect(r) for r in avoid):
        box = top
    panel(surface, box, alpha=225)
    blit_fitted(surface, assets, text, 20, box.inflate(-16, -6), theme.TEXT)


def board_banner(
    surface: pygame.Surface, assets: Assets, board: pygame.Rect, lines: tuple[str, ...]
) -> None:
    """A banner in the middle of a board: a headline, then smaller lines, centred."""
    box = pygame.Rect(0, 0, min(board.width - 40, 560), 24 + 28 * len(lines))
    box.center = board.center
    panel(surface, box, alpha=235)
    y = box.top + 12
    for i, line in enumerate(lines):
        rect = pygame.Rect(box.left + 14, y, box.width - 28, 26)
        size, colour = (24, theme.ACCENT) if i == 0 else (19, theme.TEXT)
        blit_fitted(surface, assets, line, size, rect, colour, align="center")
        y += 28


def bubble(
    surface: pygame.Surface,
    assets: Assets,
    text: str,
    anchor: tuple[int, int],
    size: int = 30,
    tail: str = "left",
) -> pygame.Rect:
    """A speech bubble whose tail points at ``anchor`` (from the ``tail`` side)."""
    surf = assets.text(text, size, theme.INK)
    rect = surf.get_rect().inflate(28, 18)
    if tail == "left":
        rect.midleft = (anchor[0] + 16, anchor[1])
        tip = [
            (anchor[0], anchor[1]),
            (rect.left + 2, rect.centery - 8),
            (rect.left + 2, rect.centery + 8),
        ]
    else:
        rect.midright = (anchor[0] - 16, anchor[1])
        tip = [
            (anchor[0], anchor[1]),
            (rect.right - 2, rect.centery - 8),
            (rect.right - 2, rect.centery + 8),
        ]
    shadow = rect.move(3, 4)
    pygame.draw.rect(surface, (0, 0, 0), shadow, border_radius=14)
    pygame.draw.rect(surface, theme.BUBBLE, rect, border_radius=14)
    pygame.draw.polygon(surface, theme.BUBBLE, tip)
    surface.blit(surf, surf.get_rect(center=rect.center))
    return rect


def framed(surface: pygame.Surface, assets: Assets, rect: pygame.Rect, corner: int = 16) -> None:
    """A panel drawn from ``sprites/ui/panel.png`` as a 9-slice (plain panel if missing)."""
    rect = pygame.Rect(rect)
    art = assets.nine_slice("ui/panel.png", rect.size, corner)
    if art is None:
        panel(surface, rect)
    else:
        surface.blit(art, rect)


def icon_on_button(
    surface: pygame.Surface, assets: Assets, name: str, rect: pygame.Rect, enabled: bool
) -> None:
    """Draw ``sprites/ui/<name>.png`` at the left end of a button (no-op if missing)."""
    size = min(26, rect.height - 8)
    img = assets.scaled(f"ui/{name}.png", (size, size))
    if img is None:
        return
    if not enabled:
        img = img.copy()
        img.set_alpha(90)
    surface.blit(img, img.get_rect(midleft=(rect.left + 7, rect.centery)))


@dataclass
class TableButton:
    """A button drawn by a table: label, key hint, optional small note underneath."""

    key: str
    label: str
    hint: str
    rect: pygame.Rect
    enabled: bool = True
    note: str = ""

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface, assets: Assets, hover: bool = False) -> None:
        if self.enabled:
            fill = (72, 104, 84) if hover else (46, 70, 58)
            edge = theme.ACCENT if hover else (120, 140, 126)
            color = theme.TEXT
        else:
            fill, edge, color = (32, 38, 38), (60, 66, 64), (110, 114, 110)
        pygame.draw.rect(surface, (0, 0, 0), self.rect.move(0, 3), border_radius=8)
        pygame.draw.rect(surface, fill, self.rect, border_radius=8)
        pygame.draw.rect(surface, edge, self.rect, width=2, border_radius=8)
        big = 26 if self.rect.height >= 44 else 22
        label_y = self.rect.centery - (7 if self.note else 0)
        blit_text(surface, assets, self.label, big, (self.rect.centerx, label_y), color, "center")
        if self.hint:
            key = assets.text(self.hint, 20, theme.INK)
            box = key.get_rect().inflate(10, 6)
            box.topright = (self.rect.right - 6, self.rect.top + 6)
            pygame.draw.rect(
                surface, theme.ACCENT if self.enabled else (90, 90, 80), box, border_radius=4
            )
            surface.blit(key, key.get_rect(center=box.center))
        if self.note:
            blit_text(
                surface,
                assets,
                self.note,
                18,
                (self.rect.centerx, self.rect.bottom - 12),
                theme.MUTED,
                "center",
            )


def fill_around(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, ...]) -> None:
    """Fill ``surface`` with ``colour`` everywhere but inside ``rect``."""
    full = surface.get_rect()
    inner = rect.clip(full)
    for part in (
        pygame.Rect(0, 0, full.width, inner.top),
        pygame.Rect(0, inner.bottom, full.width, full.height - inner.bottom),
        pygame.Rect(0, inner.top, inner.left, inner.height),
        pygame.Rect(inner.right, inner.top, full.width - inner.right, inner.height),
    ):
        if part.width > 0 and part.height > 0:
            surface.fill(colour, part)
