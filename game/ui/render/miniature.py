"""Based miniatures and playing cards as tabletop tables draw them (RatFight, 5.56mm).

A model is a round base seen from above, in its side's colour with a highlight, sized
from the table (hundredths of an inch -> pixels) so a 1" base is 1" wide at any zoom. A
model that is down lies on its side: a flattened, darker oval with a bar across. A model
with a facing shows its front as a notch on the rim and, when asked, its field of sight
as a translucent arc. Playing cards (``QS``, ``10H``, ``JOKER1``) are white cards with
the rank above the suit sign, red suits red.
"""

from __future__ import annotations

import math

import pygame

from game.ui import theme
from game.ui.assets import Assets
from game.ui.widgets import blit_text

RGB = tuple[int, int, int]
LEADER_RING = (255, 214, 90)
DOWN_BAR = (250, 250, 250)
RED_SUITS = ("H", "D")
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def shade(colour: RGB, f: float) -> RGB:
    """``colour`` darkened (f < 1) or lightened (f > 1), each channel capped at 255."""
    return (
        min(255, int(colour[0] * f)),
        min(255, int(colour[1] * f)),
        min(255, int(colour[2] * f)),
    )


def draw_base(
    surface: pygame.Surface,
    centre: tuple[float, float],
    radius: int,
    colour: RGB,
    *,
    down: bool = False,
    leader: bool = False,
) -> None:
    """A round base of ``radius`` pixels at ``centre``; lying on its side when ``down``;
    a gold rim for a leader."""
    x, y = centre
    if down:
        rect = pygame.Rect(0, 0, 2 * radius + 4, radius + 4)
        rect.center = (round(x), round(y))
        pygame.draw.ellipse(surface, (0, 0, 0), rect.inflate(4, 4))
        pygame.draw.ellipse(surface, shade(colour, 0.55), rect)
        pygame.draw.line(surface, DOWN_BAR, rect.midleft, rect.midright, 2)
        return
    pygame.draw.circle(surface, (0, 0, 0), (x, y), radius + 2)
    pygame.draw.circle(surface, colour, (x, y), radius)
    highlight = (x - radius * 0.3, y - radius * 0.3)
    pygame.draw.circle(surface, shade(colour, 1.35), highlight, max(2, radius // 3))
    if leader:
        pygame.draw.circle(surface, LEADER_RING, (x, y), radius + 2, 2)


def draw_front(
    surface: pygame.Surface, centre: tuple[float, float], radius: int, facing: float
) -> None:
    """The model's front: a white notch on the rim of its base toward ``facing`` degrees
    (clockwise from +x, as the table measures)."""
    a = math.radians(facing)
    ux, uy = math.cos(a), math.sin(a)
    tip = (centre[0] + ux * (radius + 5), centre[1] + uy * (radius + 5))
    back = radius * 0.35
    left = (centre[0] + ux * back - uy * radius * 0.55, centre[1] + uy * back + ux * radius * 0.55)
    right = (centre[0] + ux * back + uy * radius * 0.55, centre[1] + uy * back - ux * radius * 0.55)
    pygame.draw.polygon(surface, (0, 0, 0), (tip, left, right))
    pygame.draw.polygon(surface, (250, 250, 250), (tip, left, right), 2)


def arc_points(
    centre: tuple[float, float], reach: float, facing: float, arc: float, steps: int = 24
) -> list[tuple[float, float]]:
    """The outline of a field of sight: ``arc`` degrees centred on ``facing``, ``reach``
    pixels out, as a fan polygon starting and ending at ``centre``."""
    start = facing - arc / 2
    pts = [centre]
    for k in range(steps + 1):
        a = math.radians(start + arc * k / steps)
        pts.append((centre[0] + math.cos(a) * reach, centre[1] + math.sin(a) * reach))
    pts.append(centre)
    return pts


def draw_arc(
    surface: pygame.Surface,
    centre: tuple[float, float],
    reach: float,
    facing: float,
    arc: float,
    colour: RGB,
    alpha: int = 50,
) -> None:
    """A translucent field of sight (``arc`` degrees about ``facing``) ``reach`` pixels
    deep, drawn into a layer just large enough for it."""
    pts = arc_points(centre, reach, facing, arc)
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    x0, y0 = math.floor(min(xs)) - 2, math.floor(min(ys)) - 2
    size = (math.ceil(max(xs)) - x0 + 3, math.ceil(max(ys)) - y0 + 3)
    layer = pygame.Surface(size, pygame.SRCALPHA)
    local = [(p[0] - x0, p[1] - y0) for p in pts]
    pygame.draw.polygon(layer, (*colour, alpha), local)
    pygame.draw.lines(layer, (*colour, min(255, alpha * 4)), False, local, 2)
    surface.blit(layer, (x0, y0))


def draw_playing_card(
    surface: pygame.Surface, assets: Assets, rect: pygame.Rect, card: str, kept: bool = False
) -> None:
    """A playing card (``QS``, ``10H``; ``JOKER1``) face up in ``rect``: the rank above
    the suit sign, red suits red; ``kept`` frames it in gold. Text scales with the
    card's height."""
    pygame.draw.rect(surface, (0, 0, 0), rect.move(0, 2), border_radius=6)
    pygame.draw.rect(surface, (252, 252, 248), rect, border_radius=6)
    edge = theme.ACCENT if kept else (90, 90, 90)
    pygame.draw.rect(surface, edge, rect, 3 if kept else 1, border_radius=6)
    big, small = max(12, round(rect.height * 0.46)), max(11, round(rect.height * 0.42))
    if card.upper().startswith("JOKER"):
        size = max(11, min(small, round(rect.width * 0.3)))
        blit_text(surface, assets, "Joker", size, rect.center, (120, 40, 140), "center")
        return
    rank, suit = card[:-1], card[-1:]
    colour = (200, 30, 40) if suit in RED_SUITS else (20, 20, 24)
    pad = max(6, rect.height // 8)
    blit_text(surface, assets, rank, big, (rect.centerx, rect.top + pad), colour, "midtop")
    if suit in SUIT_NAMES:
        sign = small * 0.9
        draw_suit(surface, suit, (rect.centerx, rect.bottom - pad - sign / 2), sign, colour)
    else:
        blit_text(
            surface, assets, suit, small, (rect.centerx, rect.bottom - pad), colour, "midbottom"
        )


def draw_suit(
    surface: pygame.Surface, suit: str, centre: tuple[float, float], size: float, colour: RGB
) -> None:
    """A suit sign (``S``, ``H``, ``D``, ``C``) ``size`` pixels tall, drawn as shapes (the
    default font has no suit symbols)."""
    x, y, h = centre[0], centre[1], size / 2
    if suit == "D":
        pygame.draw.polygon(
            surface, colour, [(x, y - h), (x + h * 0.75, y), (x, y + h), (x - h * 0.75, y)]
        )
        return
    if suit == "C":
        r = h * 0.42
        for cx, cy in ((x, y - h * 0.5), (x - h * 0.5, y + h * 0.05), (x + h * 0.5, y + h * 0.05)):
            pygame.draw.circle(surface, colour, (cx, cy), r)
        pygame.draw.polygon(surface, colour, [(x, y), (x - h * 0.3, y + h), (x + h * 0.3, y + h)])
        return
    r = h * 0.5
    if suit == "H":
        pygame.draw.circle(surface, colour, (x - r * 0.95, y - h * 0.35), r)
        pygame.draw.circle(surface, colour, (x + r * 0.95, y - h * 0.35), r)
        pygame.draw.polygon(
            surface,
            colour,
            [(x - h * 0.95, y - h * 0.15), (x + h * 0.95, y - h * 0.15), (x, y + h)],
        )
        return
    pygame.draw.circle(surface, colour, (x - r * 0.95, y + h * 0.15), r)
    pygame.draw.circle(surface, colour, (x + r * 0.95, y + h * 0.15), r)
    pygame.draw.polygon(
        surface, colour, [(x - h * 0.95, y - h * 0.05), (x + h * 0.95, y - h * 0.05), (x, y - h)]
    )
    pygame.draw.polygon(
        surface, colour, [(x, y + h * 0.2), (x - h * 0.3, y + h), (x + h * 0.3, y + h)]
    )
