"""Tunnel Rats pictures: miniature tokens, map markers and the figure cards.

A token is the figure art (``sprites/figures/rat.png``, ``vc.png``, ``nva.png``, 48x48)
on a rimmed base (green rim for rats, red for defenders) with, around it:

- the stance badge top right: a dark square with the letter R (running), O (crouching)
  or A (crawling), drawn bigger than anything else so it reads at a glance;
- the wound marker top left: a yellow circle (one wound) or a red triangle (two
  wounds) - shape and colour both differ, so the markers stay apart without colour;
- ammunition pips along the bottom (rats only): filled rounds in the gun, dark spent
  ones; guns holding more than 8 show a bar filled to the rounds left instead;
- a small folder bottom left on the rat carrying the documents.

Sizes are in screen pixels and follow the map zoom (one cell is ``cell`` pixels).
"""

from __future__ import annotations

import pygame

from game.core.wounds import WoundLevel
from game.rules.tunnel_rats.data import Stance
from game.rules.tunnel_rats.figures import Enemy, Rat
from game.ui import theme
from game.ui.assets import Assets
from game.ui.widgets import blit_fitted, blit_text

RAT_RIM = (90, 200, 120)
ENEMY_RIM = (230, 80, 60)
SELECTED = (255, 236, 120)
BADGE_BG = (16, 16, 18)
BADGE_FG = {"R": (255, 150, 110), "O": (250, 230, 150), "A": (150, 210, 255)}
YELLOW = (250, 210, 40)
RED = (220, 40, 30)
PIP_FULL = (250, 236, 170)
PIP_EMPTY = (60, 56, 50)
ART = {"rat": "figures/rat.png", "vc": "figures/vc.png", "nva": "figures/nva.png"}


def _figure_art(assets: Assets, kind: str, size: int) -> pygame.Surface | None:
    return assets.scaled(ART[kind], (size, size))


def token(assets: Assets, fig: Rat | Enemy, cell: int, selected: bool = False) -> pygame.Surface:
    """The figure's token for a cell of ``cell`` pixels; the surface is 1.3 cells wide so
    the badges may stick out of the cell a little."""
    size = max(24, int(cell * 1.3))
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    body = max(16, int(cell * 0.96))
    rat = isinstance(fig, Rat)
    kind = fig.side if isinstance(fig, Enemy) else "rat"
    radius = body // 2
    pygame.draw.circle(surf, (0, 0, 0, 140), (c + 2, c + 3), radius)
    art = _figure_art(assets, kind, body)
    if art is not None:
        surf.blit(art, art.get_rect(center=(c, c)))
    else:
        pygame.draw.circle(surf, (30, 28, 24), (c, c), radius)
        pygame.draw.circle(surf, RAT_RIM if rat else ENEMY_RIM, (c, c), radius, 3)
        letters = kind.upper()
        blit_text(surf, assets, letters, max(12, body // 3), (c, c), theme.TEXT, "center")
    if selected:
        pygame.draw.circle(surf, (0, 0, 0), (c, c), radius + 3, 2)
        pygame.draw.circle(surf, SELECTED, (c, c), radius + 1, 3)
    _stance_badge(surf, assets, fig.stance, (c + radius - 2, c - radius + 2), cell)
    _wound_marker(surf, assets, fig.wounds, (c - radius + 3, c - radius + 3), cell)
    if isinstance(fig, Rat):
        _ammo(surf, fig, (c, c + radius + 1), ammo_width(cell))
        if fig.carrying:  # the documents ride on his back
            objective_marker(surf, (c - radius + 4, c + radius - 6), cell * 0.7)
    return surf


def _stance_badge(
    surf: pygame.Surface, assets: Assets, stance: Stance, centre: tuple[int, int], cell: int
) -> None:
    letter = stance.letter
    side = max(16, int(cell * 0.5))
    box = pygame.Rect(0, 0, side, side)
    box.center = centre
    pygame.draw.rect(surf, BADGE_BG, box, border_radius=max(3, side // 5))
    pygame.draw.rect(surf, BADGE_FG[letter], box, 2, border_radius=max(3, side // 5))
    blit_text(
        surf, assets, letter, max(14, int(side * 1.05)), box.center, BADGE_FG[letter], "center"
    )


def wound_shape(
    surf: pygame.Surface, wounds: WoundLevel, centre: tuple[int, int], side: int
) -> None:
    """A yellow circle for one wound, a red triangle for two (nothing otherwise)."""
    x, y = centre
    r = side // 2
    if wounds is WoundLevel.YELLOW:
        pygame.draw.circle(surf, (0, 0, 0), (x, y), r + 2)
        pygame.draw.circle(surf, YELLOW, (x, y), r)
    elif wounds is WoundLevel.RED:
        pts = [(x, y - r - 1), (x + r + 1, y + r), (x - r - 1, y + r)]
        outer = [(x, y - r - 4), (x + r + 4, y + r + 2), (x - r - 4, y + r + 2)]
        pygame.draw.polygon(surf, (0, 0, 0), outer)
        pygame.draw.polygon(surf, RED, pts)


def _wound_marker(
    surf: pygame.Surface, assets: Assets, wounds: WoundLevel, centre: tuple[int, int], cell: int
) -> None:
    if wounds not in (WoundLevel.YELLOW, WoundLevel.RED):
        return
    side = max(14, int(cell * 0.5))
    art = assets.scaled(
        "markers/wound_yellow.png" if wounds is WoundLevel.YELLOW else "markers/wound_red.png",
        (side, side),
    )
    if art is None:
        wound_shape(surf, wounds, centre, side)
        return
    surf.blit(art, art.get_rect(center=centre))  # the art has its own dark outline


def ammo_width(cell: int) -> int:
    """The widest the ammunition row under a token may be: its cell less a gap on each
    side, so the rows of figures in neighbouring cells never run together."""
    return max(8, cell - max(6, cell // 6))


def _ammo(surf: pygame.Surface, rat: Rat, midtop: tuple[int, int], width: int) -> None:
    """One pip per round (bright: loaded) while they fit in ``width`` pixels, else a bar
    that fills as the gun is loaded."""
    shots = rat.gun_card.shots
    x, y = midtop
    pip = max(3, min(6, width // 10))
    step = pip * 2 + 1
    if shots * step + 2 <= width:
        x0 = x - (shots * step) // 2 + pip
        for i in range(shots):
            colour = PIP_FULL if i < rat.loaded else PIP_EMPTY
            pygame.draw.circle(surf, (0, 0, 0), (x0 + i * step, y), pip + 1)
            pygame.draw.circle(surf, colour, (x0 + i * step, y), pip)
        return
    bar = pygame.Rect(0, 0, int(width * 0.8), max(5, width // 8))
    bar.midtop = (x, y - bar.height // 2)
    pygame.draw.rect(surf, (0, 0, 0), bar.inflate(2, 2))
    pygame.draw.rect(surf, PIP_EMPTY, bar)
    full = bar.copy()
    full.width = bar.width * rat.loaded // shots
    pygame.draw.rect(surf, PIP_FULL, full)
    if bar.width >= 3 * shots:  # a notch between rounds: the count still reads
        for i in range(1, shots):
            nx = bar.left + bar.width * i // shots
            pygame.draw.line(surf, (0, 0, 0), (nx, bar.top), (nx, bar.bottom - 1))


def trap_marker(
    surf: pygame.Surface, centre: tuple[float, float], cell: float, hidden: bool = False
) -> None:
    """A known booby trap: a black-and-orange warning diamond with "!" (violet for a
    hidden one, which only the defenders' screen shows)."""
    x, y = int(centre[0]), int(centre[1])
    r = max(7, int(cell * 0.34))
    pts = [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
    pygame.draw.polygon(surf, (0, 0, 0), [(px + 2, py + 2) for px, py in pts])
    pygame.draw.polygon(surf, (190, 120, 240) if hidden else (250, 140, 30), pts)
    pygame.draw.polygon(surf, (20, 10, 0), pts, 2)
    bar = max(2, r // 4)
    pygame.draw.rect(surf, (20, 10, 0), (x - bar // 2, y - r // 2, bar, r // 2 + 1))
    pygame.draw.rect(surf, (20, 10, 0), (x - bar // 2, y + r // 4, bar, bar))


def entrance_marker(
    surf: pygame.Surface,
    centre: tuple[float, float],
    cell: float,
    leads: bool,
    hidden: bool = False,
) -> None:
    """A known entrance: a ladder-hatch square (blue rim if it leads to another level,
    white if it is a way out, violet if it is hidden - the defenders' screen only)."""
    x, y = int(centre[0]), int(centre[1])
    side = max(10, int(cell * 0.7))
    box = pygame.Rect(0, 0, side, side)
    box.center = (x, y)
    rim = (190, 120, 240) if hidden else (110, 180, 255) if leads else (240, 240, 240)
    pygame.draw.rect(surf, (10, 10, 12), box, border_radius=4)
    pygame.draw.rect(surf, rim, box, max(2, side // 10), border_radius=4)
    for i in (1, 2, 3):
        yy = box.top + i * side // 4
        pygame.draw.line(surf, rim, (box.left + side // 4, yy), (box.right - side // 4, yy), 2)


def objective_marker(surf: pygame.Surface, centre: tuple[float, float], cell: float) -> None:
    """The documents: a folder with a gold star."""
    x, y = int(centre[0]), int(centre[1])
    w, h = max(10, int(cell * 0.6)), max(8, int(cell * 0.45))
    box = pygame.Rect(0, 0, w, h)
    box.center = (x, y)
    pygame.draw.rect(surf, (0, 0, 0), box.move(2, 2), border_radius=3)
    pygame.draw.rect(surf, (214, 190, 130), box, border_radius=3)
    pygame.draw.rect(surf, (80, 60, 30), box, 2, border_radius=3)
    pygame.draw.circle(surf, theme.ACCENT, box.center, max(3, h // 4))


def stat_card(
    assets: Assets,
    size: tuple[int, int],
    title: str,
    subtitle: str,
    rows: list[tuple[str, str]],
    colour: tuple[int, int, int],
) -> pygame.Surface:
    """A card: a coloured title band, a subtitle and label/value rows."""
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, (0, 0, 0, 120), surf.get_rect().move(2, 3), border_radius=8)
    body = surf.get_rect().inflate(-3, -3)
    pygame.draw.rect(surf, (238, 230, 206), body, border_radius=8)
    band = pygame.Rect(body.left, body.top, body.width, 24)
    pygame.draw.rect(surf, colour, band, border_top_left_radius=8, border_top_right_radius=8)
    pygame.draw.rect(surf, (60, 50, 36), body, 2, border_radius=8)
    title_box = pygame.Rect(band.left + 6, band.top, band.width - 10, band.height)
    blit_fitted(surf, assets, title, 22, title_box, theme.BUBBLE, smallest=12)
    y = band.bottom + 3
    if subtitle and h >= 24 + 17 + 4 * 17 + 8:
        blit_text(surf, assets, subtitle, 18, (body.left + 6, y), (90, 76, 56))
        y += 17
    row_h = max(16, min(22, (body.bottom - y - 4) // max(1, len(rows))))
    for label, value in rows:
        blit_text(surf, assets, label, 20, (body.left + 6, y), theme.INK)
        blit_text(surf, assets, value, 22, (body.right - 8, y), (120, 40, 20), "topright")
        y += row_h
    return surf


def character_rows(rat: Rat, wide: bool = True) -> list[tuple[str, str]]:
    card = rat.card
    return [
        ("Agility (save below)" if wide else "Agility", str(card.agility)),
        ("Firing", str(card.firing)),
        ("Close combat" if wide else "Close cbt", str(card.close_combat)),
        ("Awareness", str(card.awareness)),
    ]


def gun_rows(rat: Rat, wide: bool = True) -> list[tuple[str, str]]:
    gun = rat.gun_card
    return [
        ("Accuracy", f"+{gun.accuracy}"),
        ("Power", f"+{gun.power}"),
        ("Loaded / full" if wide else "Loaded", f"{rat.loaded}/{gun.shots}"),
        ("Spare rounds" if wide else "Spare", str(rat.spare)),
    ]
