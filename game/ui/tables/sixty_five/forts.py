"""Drawing '65 fortifications (23) on the hex board, under the counters: a foxhole as a
rim of dark earth round the hex, wire as two zigzag bands of steel across its top and
bottom, a bunker as a ring of sandbags with its two front edges marked and an arrow on
the corner it faces, rubble as grey blocks. Counters cover the middle of a hex, so every
mark keeps to its edge."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.rules.sixty_five.terrain.field import Field
from game.rules.sixty_five.vehicles.facing import front_hexes, neighbour
from game.rules.sixty_five.view import SixtyFiveView
from game.ui.tables.sixty_five.board import BoardPicture

FOXHOLE = (110, 70, 30, 235)  # 23a, 18s: a rim of dark earth round the hex
WIRE = (200, 205, 215)  # 23c: steel
WIRE_SHADOW = (30, 30, 35)
SANDBAG = (196, 170, 110)  # 23b
SANDBAG_EDGE = (70, 55, 30)
FRONT = (245, 135, 25)  # 23b: the bunker's front: its two edges and the arrow
RUBBLE = (120, 120, 115)

Point = tuple[float, float]


def draw_foxholes(
    overlay: pygame.Surface, pic: BoardPicture, view: SixtyFiveView, off: tuple[int, int]
) -> None:
    """Foxholes on the board's translucent overlay (drawn before the counters)."""
    width = max(3, round(pic.hex_size() * 0.1))
    for hex_id in view.foxholes:
        pts = [(x - off[0], y - off[1]) for x, y in pic.outline(hex_id)]
        pygame.draw.polygon(overlay, FOXHOLE, pts, width)


def draw_fortifications(
    surface: pygame.Surface, pic: BoardPicture, ground: Field, view: SixtyFiveView
) -> None:
    """Wire, bunkers and rubble of the view, on the board, before the counters."""
    for hex_id, facing, wire, rubble in view.fortifications:
        outline = pic.outline(hex_id)
        if wire:
            _wire(surface, pic, outline)
        if rubble:
            _rubble(surface, outline, pic.centre(hex_id))
        if facing is not None:
            _bunker(surface, pic, ground, hex_id, facing, outline)


def _inset(points: Sequence[Point], centre: Point, k: float) -> list[tuple[int, int]]:
    cx, cy = centre
    return [(round(cx + (x - cx) * k), round(cy + (y - cy) * k)) for x, y in points]


def _wire(surface: pygame.Surface, pic: BoardPicture, outline: Sequence[Point]) -> None:
    """23c: a zigzag band of steel along the bottom of the hex, below the counters and
    away from the hex id at the top."""
    xs = [x for x, _ in outline]
    ys = [y for _, y in outline]
    left, right, top, bottom = min(xs), max(xs), min(ys), max(ys)
    h = bottom - top
    teeth = 8
    amp = max(2.0, h * 0.045)
    band = bottom - h * 0.1
    inset = (right - left) * 0.24
    a, b = left + inset, right - inset
    pts = [(a + (b - a) * i / teeth, band + (amp if i % 2 else -amp)) for i in range(teeth + 1)]
    pygame.draw.lines(surface, WIRE_SHADOW, False, pts, 5)
    pygame.draw.lines(surface, WIRE, False, pts, 2)


def _rubble(surface: pygame.Surface, outline: Sequence[Point], centre: Point) -> None:
    """23b: a destroyed bunker's rubble: grey blocks round the inside of the hex."""
    for x, y in _inset(outline, centre, 0.78):
        rect = pygame.Rect(0, 0, 7, 5)
        rect.center = (x, y)
        pygame.draw.rect(surface, RUBBLE, rect)
        pygame.draw.rect(surface, SANDBAG_EDGE, rect, 1)


def facing_corner(pic: BoardPicture, ground: Field, hex_id: str, facing: int) -> Point:
    """The screen point of the hex corner a bunker faces: the corner between its
    neighbours in directions ``facing`` and ``facing + 1`` (vehicles.py), the outline
    corner lying most in their direction (an off-board neighbour mirrored from the
    opposite one)."""
    cx, cy = pic.centre(hex_id)
    dx = dy = 0.0
    for d in (facing, facing + 1):
        there = neighbour(ground, hex_id, d)
        sign = 1.0
        if there is None:
            there, sign = neighbour(ground, hex_id, d + 3), -1.0
        if there is not None:
            nx, ny = pic.centre(there)
            length = math.hypot(nx - cx, ny - cy) or 1.0
            dx += sign * (nx - cx) / length
            dy += sign * (ny - cy) / length
    outline = pic.outline(hex_id)
    return max(outline, key=lambda p: (p[0] - cx) * dx + (p[1] - cy) * dy)


def _bunker(
    surface: pygame.Surface,
    pic: BoardPicture,
    ground: Field,
    hex_id: str,
    facing: int,
    outline: Sequence[Point],
) -> None:
    """23b: sandbags round the hex; the two edges beside the faced corner in the front
    colour, and an arrow on that corner pointing out."""
    centre = pic.centre(hex_id)
    size = pic.hex_size()
    ring = _inset(outline, centre, 0.86)
    width = max(4, round(size * 0.12))
    pygame.draw.polygon(surface, SANDBAG_EDGE, ring, width + 2)
    pygame.draw.polygon(surface, SANDBAG, ring, width)
    for k, a in enumerate(ring):  # the seams between the bags, three bags an edge
        b = ring[(k + 1) % len(ring)]
        for t in (1 / 3, 2 / 3):
            x, y = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
            ox, oy = (x - centre[0]) * 0.09, (y - centre[1]) * 0.09
            pygame.draw.line(surface, SANDBAG_EDGE, (x - ox, y - oy), (x + ox, y + oy), 1)
    corner = facing_corner(pic, ground, hex_id, facing)
    i = min(range(len(outline)), key=lambda k: math.dist(outline[k], corner))
    n = len(ring)
    front = [ring[(i - 1) % n], ring[i], ring[(i + 1) % n]]
    pygame.draw.lines(surface, FRONT, False, front, max(3, width // 2))
    cx, cy = centre
    tip = (cx + (corner[0] - cx) * 1.05, cy + (corner[1] - cy) * 1.05)
    base = (cx + (corner[0] - cx) * 0.62, cy + (corner[1] - cy) * 0.62)
    nx, ny = -(tip[1] - base[1]), tip[0] - base[0]
    half = 0.55
    wing = (nx * half, ny * half)
    arrow = [tip, (base[0] + wing[0], base[1] + wing[1]), (base[0] - wing[0], base[1] - wing[1])]
    pygame.draw.polygon(surface, FRONT, arrow)
    pygame.draw.polygon(surface, SANDBAG_EDGE, arrow, 1)


def fortification_text(view: SixtyFiveView, ground: Field, hex_id: str) -> str:
    """The hover box's words for the hex's fortifications (23): a bunker names the two
    hexes its front faces."""
    words = []
    if hex_id in view.foxholes:
        words.append("foxhole")
    for h, facing, wire, rubble in view.fortifications:
        if h != hex_id:
            continue
        if facing is not None:
            front = "/".join(front_hexes(ground, hex_id, facing))
            words.append(f"bunker (+1 cover) facing {front}")
        if wire:
            words.append("wire")
        if rubble:
            words.append("rubble")
    return "".join(f", {w}" for w in words)
