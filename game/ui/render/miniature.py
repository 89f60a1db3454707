"""Based miniatures and playing cards as tabletop tables draw them (RatFight, 5.56mm).

A model is a round base seen from above, in its side's colour with a highlight, sized
from the table (hundredths of an inch -> pixels) so a 1" base is 1" wide at any zoom. A
model that is down lies on its side: a flattened, darker oval with a bar across. A model
with a facing shows its front as a notch on the rim and, when asked, its field of sight
as a translucent arc. :func:`draw_miniature` draws the model itself: a top-down figure
(helmet, shoulders, a rifle held forward toward its facing) standing on a base ring in
its side's colour, or lying on its side when Down; drawn procedurally (no bought art)
and kept as one small sprite per size, colour, facing step and pose. Playing cards
(``QS``, ``10H``, ``JOKER1``) are white cards with the rank above the suit sign, red
suits red.
"""

from __future__ import annotations

import functools
import math

import pygame

from game.core.memo import forget_on_new_game
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


HELMET = (78, 88, 58)
PACK = (70, 62, 44)
BASE_FILL = (92, 84, 62)  # the painted earth of a base
RIFLE = (30, 26, 22)
FACING_STEP = 15  # degrees: a sprite is made for each step of facing


def draw_miniature(
    surface: pygame.Surface,
    centre: tuple[float, float],
    radius: int,
    colour: RGB,
    facing: float,
    *,
    down: bool = False,
    leader: bool = False,
) -> None:
    """A based miniature of ``radius`` pixels at ``centre``: a base ring in ``colour``
    (gold for a leader) with a top-down figure on it looking toward ``facing`` degrees
    (clockwise from +x); lying on its side across the base when ``down``."""
    step = round(facing / FACING_STEP) % (360 // FACING_STEP)
    sprite = miniature_sprite(radius, colour, step, down, leader)
    at = sprite.get_rect(center=(round(centre[0]), round(centre[1])))
    surface.blit(sprite, at)


@functools.lru_cache(maxsize=1024)
def miniature_sprite(
    radius: int, colour: RGB, facing_step: int, down: bool, leader: bool
) -> pygame.Surface:
    """The sprite of :func:`draw_miniature` (made once per size, colour, facing step
    and pose; forgotten when a new game starts)."""
    size = 2 * radius + 6
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (size / 2, size / 2)
    ring = max(2, radius // 4)
    pygame.draw.circle(out, (0, 0, 0), c, radius + 2)
    pygame.draw.circle(out, BASE_FILL if not down else shade(BASE_FILL, 0.6), c, radius)
    pygame.draw.circle(out, LEADER_RING if leader else colour, c, radius, ring)
    if leader:
        pygame.draw.circle(out, colour, c, radius - ring, max(1, ring // 2))
    figure = _figure(radius, colour, down)
    turned = pygame.transform.rotate(figure, -facing_step * FACING_STEP)
    out.blit(turned, turned.get_rect(center=(round(c[0]), round(c[1]))))
    return out


forget_on_new_game(miniature_sprite.cache_clear)


def _figure(radius: int, colour: RGB, down: bool) -> pygame.Surface:
    """The figure seen from above, looking right (+x), ``radius`` the base's: a pack on
    his back, shoulders across, arms forward to the rifle, the helmet on top; a Down
    figure lies along its length (head to one side, darker, a pale bar across it)."""
    size = 2 * radius
    fig = pygame.Surface((size, size), pygame.SRCALPHA)
    cx = cy = radius
    body = _mix(colour, (255, 255, 255), 0.45)
    if down:
        length, width = round(radius * 1.5), max(3, round(radius * 0.55))
        torso = pygame.Rect(0, 0, length, width)
        torso.center = (cx, cy)
        pygame.draw.ellipse(fig, (0, 0, 0), torso.inflate(2, 2))
        pygame.draw.ellipse(fig, shade(body, 0.6), torso)
        head_r = max(2, round(radius * 0.28))
        pygame.draw.circle(fig, (0, 0, 0), (torso.right - head_r + 1, cy), head_r + 1)
        pygame.draw.circle(fig, shade(HELMET, 0.8), (torso.right - head_r + 1, cy), head_r)
        pygame.draw.line(fig, DOWN_BAR, (torso.left + 2, cy), (torso.right - 2 * head_r, cy), 1)
        return fig

    def at(dx: float, dy: float) -> tuple[int, int]:
        return (round(cx + dx * radius), round(cy + dy * radius))

    pack = pygame.Rect(0, 0, max(3, round(radius * 0.4)), max(4, round(radius * 0.75)))
    pack.center = at(-0.45, 0.0)
    pygame.draw.rect(fig, (0, 0, 0), pack.inflate(2, 2), border_radius=3)
    pygame.draw.rect(fig, PACK, pack, border_radius=3)
    shoulders = pygame.Rect(0, 0, max(4, round(radius * 0.5)), max(6, round(radius * 1.35)))
    shoulders.center = at(-0.05, 0.0)
    pygame.draw.rect(fig, (0, 0, 0), shoulders.inflate(2, 2), border_radius=radius // 3)
    pygame.draw.rect(fig, body, shoulders, border_radius=radius // 3)
    arm = max(2, radius // 5)
    pygame.draw.line(fig, RIFLE, at(0.05, 0.22), at(0.98, 0.22), max(2, radius // 6))
    for start, hand in (((0.0, 0.6), (0.55, 0.26)), ((0.0, -0.6), (0.25, 0.18))):
        pygame.draw.line(fig, (0, 0, 0), at(*start), at(*hand), arm + 2)
        pygame.draw.line(fig, body, at(*start), at(*hand), arm)
    head_r = max(3, round(radius * 0.34))
    pygame.draw.circle(fig, (0, 0, 0), at(0.05, 0.0), head_r + 1)
    pygame.draw.circle(fig, HELMET, at(0.05, 0.0), head_r)
    pygame.draw.circle(fig, shade(HELMET, 1.6), at(0.0, -0.1), max(1, head_r // 3))
    return fig


def _mix(a: RGB, b: RGB, f: float) -> RGB:
    """``a`` moved ``f`` of the way to ``b``."""
    return (
        round(a[0] + (b[0] - a[0]) * f),
        round(a[1] + (b[1] - a[1]) * f),
        round(a[2] + (b[2] - a[2]) * f),
    )


def draw_front(
    surface: pygame.Surface, centre: tuple[float, float], radius: int, facing: float
) -> None:
    """The model's front: a white notch on the rim of its base toward ``facing`` degrees
    (clockwise from +x, as the table measures)."""
    a = math.radians(facing)
    ux, uy = math.cos(a), math.sin(a)
    tip = (centre[0] + ux * (radius + 6), centre[1] + uy * (radius + 6))
    back, half = radius * 0.72, radius * 0.42  # on the rim, clear of the figure
    left = (centre[0] + ux * back - uy * half, centre[1] + uy * back + ux * half)
    right = (centre[0] + ux * back + uy * half, centre[1] + uy * back - ux * half)
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
