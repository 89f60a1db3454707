"""Card faces and backs: Tunnel Rat bluff cards (160x224) and Transformers action cards (120x168).

No text is baked in: the UI writes card names on the dark title plate at the bottom of each face
(bluff: x 14..146, y 180..212; Transformers: x 9..111, y 116..160, see docs/assets.md).
Each card type has its own colour AND its own symbol so it reads without colour vision.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

from tools.assets import Lcg
from tools.assets.raster import (
    RGBA,
    Canvas,
    Point,
    ellipse_points,
    regular_polygon,
    rounded_rect_points,
    star_points,
)

BLUFF_SIZE = (160, 224)
TF_SIZE = (120, 168)

CREAM: RGBA = (240, 232, 208, 255)
INK: RGBA = (24, 18, 14, 255)
SHADOW: RGBA = (0, 0, 0, 90)
PLATE: RGBA = (16, 12, 10, 150)


def arch_points(cx: float, bottom: float, half_w: float, height: float) -> list[Point]:
    """A round-topped arch: a half circle of radius half_w on top of straight sides."""
    top_c = bottom - (height - half_w)
    pts: list[Point] = [(cx - half_w, bottom)]
    for k in range(25):
        t = math.pi + math.pi * k / 24
        pts.append((cx + half_w * math.cos(t), top_c + half_w * math.sin(t)))
    pts.append((cx + half_w, bottom))
    return pts


def card_frame(
    size: tuple[int, int],
    radius: float,
    border: RGBA,
    field: RGBA,
    inset: float,
    seed: int,
) -> tuple[Canvas, Canvas]:
    """A card blank: rounded border, field colour, a fine inner line and grain.

    Returns (card, field_mask); field_mask's alpha is the inner field, used to clip patterns.
    """
    w, h = size
    c = Canvas(w, h)
    c.fill_rounded_rect(0, 0, w, h, radius, border)
    fx, fy, fw, fh, fr = inset, inset, w - 2 * inset, h - 2 * inset, max(2.0, radius - inset)
    c.fill_rounded_rect(fx, fy, fw, fh, fr, field)
    # A soft darker rim inside the field gives the printed-card look.
    rim = (0, 0, 0, 40)
    c.polyline(rounded_rect_points(fx + 2, fy + 2, fw - 4, fh - 4, fr), 3, rim, closed=True)
    c.noise(seed, 3)
    mask = Canvas(w, h)
    mask.fill_rounded_rect(fx, fy, fw, fh, fr, (255, 255, 255, 255))
    return c, mask


def title_plate(c: Canvas, x: float, y: float, w: float, h: float) -> None:
    """The dark translucent band where the UI prints the card's name."""
    c.fill_rounded_rect(x, y, w, h, 6, PLATE)
    c.polyline(rounded_rect_points(x, y, w, h, 6), 1.2, (255, 255, 255, 60), closed=True)


# ---- Tunnel Rat bluff cards ----------------------------------------------------------------
def bluff_vc() -> Canvas:
    """VC card: a figure in a conical hat, silhouetted on dark red."""
    c, _ = card_frame(BLUFF_SIZE, 12, CREAM, (128, 22, 22, 255), 6, 11)
    # Shoulders and head in black pyjama silhouette.
    bust: list[Point] = []
    for k in range(25):
        t = math.pi + math.pi * k / 24
        # A squarish half-superellipse gives shoulders rather than a dome.
        lift = abs(math.sin(t)) ** 0.5
        side = math.copysign(abs(math.cos(t)) ** 0.7, math.cos(t))
        bust.append((80 + 52 * side, 178 - 50 * lift))
    c.fill_polygon(bust, (14, 12, 12, 255))
    c.fill_rect(70, 104, 20, 30, (14, 12, 12, 255))
    c.fill_ellipse(80, 100, 19, 17, (14, 12, 12, 255))
    # Hat shadow over the face.
    c.fill_ellipse(80, 92, 42, 8, (0, 0, 0, 110))
    # The conical hat: a wide cone with a slightly bowed brim.
    hat: list[Point] = [(80, 30)]
    for k in range(21):
        t = k / 20
        x = 136 - 112 * t
        hat.append((x, 88 + 6 * math.sin(math.pi * t)))
    c.fill_polygon(hat, (226, 192, 118, 255))
    for k in range(1, 8):  # woven ribs radiating from the tip
        x = 24 + 112 * k / 8
        y = 88 + 6 * math.sin(math.pi * k / 8)
        c.line(80, 31, x, y, 1.4, (160, 126, 62, 255))
    c.polyline(hat, 2.2, (90, 64, 24, 255), closed=True)
    # Chin strap.
    c.line(66, 93, 76, 112, 1.4, (170, 138, 74, 255))
    c.line(94, 93, 84, 112, 1.4, (170, 138, 74, 255))
    title_plate(c, 14, 180, 132, 32)
    return c


def bluff_trap() -> Canvas:
    """Trap card: sharpened bamboo stakes rising out of a pit, on amber."""
    c, _ = card_frame(BLUFF_SIZE, 12, CREAM, (214, 146, 32, 255), 6, 12)
    # The pit: dark earth with a ragged rim.
    pit: list[Point] = [(22, 172), (22, 132)]
    rng = Lcg(7)
    for k in range(13):
        pit.append((22 + 116 * k / 12, 128 + rng.randint(-4, 4)))
    pit += [(138, 132), (138, 172)]
    c.fill_polygon(pit, (58, 34, 18, 255))
    c.fill_rect(22, 160, 116, 12, (36, 20, 10, 255))
    # Stakes: tall thin triangles, pale bamboo with dark edges and stained tips.
    stakes = [(34, 66), (52, 44), (70, 58), (88, 36), (106, 54), (124, 70)]
    for x, tip in stakes:
        pts = [(x - 7, 166), (x + 7, 166), (x, tip)]
        c.fill_polygon([(x - 9, 167), (x + 9, 167), (x, tip - 3)], INK)
        c.fill_polygon(pts, (236, 222, 160, 255))
        c.fill_polygon([(x - 7, 166), (x - 1, 166), (x, tip)], (198, 180, 112, 255))
        c.fill_polygon([(x - 3.2, tip + 16), (x + 3.2, tip + 16), (x, tip)], (110, 24, 16, 255))
        c.line(x - 6, 140, x + 6, 140, 1.6, (150, 128, 70, 255))  # bamboo node
    # Earth lip in front of the stakes' feet.
    lip: list[Point] = [(22, 172), (22, 150)]
    for k in range(13):
        lip.append((22 + 116 * k / 12, 148 + rng.randint(-3, 3)))
    lip += [(138, 150), (138, 172)]
    c.fill_polygon(lip, (84, 52, 26, 255))
    title_plate(c, 14, 180, 132, 32)
    return c


def bluff_tunnel() -> Canvas:
    """Tunnel card: a black tunnel mouth in an earth wall, on earth brown."""
    c, _ = card_frame(BLUFF_SIZE, 12, CREAM, (112, 76, 44, 255), 6, 13)
    rng = Lcg(21)
    for _ in range(26):  # pebbles and clods in the earth face
        x, y = rng.randint(20, 140), rng.randint(20, 168)
        r = 1.5 + 3 * rng.uniform()
        shade = rng.randint(0, 1)
        col = (140, 100, 62, 255) if shade else (86, 56, 30, 255)
        c.fill_ellipse(x, y, r * 1.4, r, col, steps=12)
    c.fill_polygon(arch_points(80, 170, 54, 136), (150, 110, 70, 255))
    c.fill_polygon(arch_points(80, 170, 46, 126), (70, 44, 22, 255))
    c.fill_polygon(arch_points(80, 170, 40, 118), (20, 12, 8, 255))
    c.fill_polygon(arch_points(80, 170, 26, 92), (6, 4, 3, 255))
    # Floor receding into the dark.
    c.fill_polygon([(40, 170), (120, 170), (98, 150), (62, 150)], (54, 36, 20, 255))
    c.fill_rect(14, 168, 132, 6, (70, 46, 24, 255))
    title_plate(c, 14, 180, 132, 32)
    return c


def rat_emblem(c: Canvas, cx: float, cy: float, s: float, col: RGBA) -> None:
    """A side-on rat silhouette facing right, about 2*s wide."""
    c.fill_ellipse(cx - 0.1 * s, cy, 0.62 * s, 0.36 * s, col)
    head = [
        (cx + 0.35 * s, cy - 0.28 * s),
        (cx + 0.95 * s, cy + 0.08 * s),
        (cx + 0.4 * s, cy + 0.3 * s),
    ]
    c.fill_polygon(head, col)
    c.fill_circle(cx + 0.42 * s, cy - 0.3 * s, 0.14 * s, col)
    tail = [
        (cx - 0.66 * s + 0.9 * s * t * -1 * 0.6, cy + 0.2 * s - 0.35 * s * math.sin(math.pi * t))
        for t in [k / 10 for k in range(11)]
    ]
    c.polyline(tail, 0.07 * s, col)
    c.line(cx - 0.3 * s, cy + 0.3 * s, cx - 0.36 * s, cy + 0.46 * s, 0.08 * s, col, round_caps=True)
    c.line(cx + 0.2 * s, cy + 0.3 * s, cx + 0.26 * s, cy + 0.46 * s, 0.08 * s, col, round_caps=True)


def bluff_back() -> Canvas:
    """Card back: olive with a diamond lattice and a rat medallion."""
    w, h = BLUFF_SIZE
    c, mask = card_frame(BLUFF_SIZE, 12, CREAM, (86, 104, 46, 255), 6, 14)
    pattern = Canvas(w, h)
    line_col = (120, 140, 70, 255)
    for k in range(-16, 24):
        x = k * 16
        pattern.line(x, 0, x + h, h, 1.6, line_col)
        pattern.line(x, 0, x - h, h, 1.6, line_col)
    pattern.mask_alpha(mask)
    c.paste(pattern, 0, 0)
    c.fill_ellipse(80, 112, 46, 46, (56, 70, 28, 255))
    c.fill_ring(80, 112, 46, 41, CREAM)
    c.fill_ring(80, 112, 37, 35.5, (150, 166, 96, 255))
    rat_emblem(c, 80, 114, 30, CREAM)
    return c


# ---- Transformers action cards -------------------------------------------------------------
TF_BORDER: RGBA = (40, 44, 52, 255)
LIGHT: RGBA = (246, 242, 230, 255)


def tf_blank(field: RGBA, seed: int) -> Canvas:
    c, _ = card_frame(TF_SIZE, 9, TF_BORDER, field, 5, seed)
    # Chevron notches in the border: the "tech" trim of this deck.
    for x in (30, 90):
        c.fill_polygon([(x - 8, 0), (x + 8, 0), (x, 4)], (120, 126, 140, 255))
    title_plate(c, 9, 116, 102, 44)
    return c


def with_shadow(c: Canvas, pts: Sequence[Point], fill: RGBA, dx: float = 2, dy: float = 3) -> None:
    c.fill_polygon([(x + dx, y + dy) for x, y in pts], SHADOW)
    c.fill_polygon(pts, fill)


def tf_move() -> Canvas:
    """Move: a bold forward arrow with speed lines, on green."""
    c = tf_blank((44, 136, 72, 255), 31)
    arrow = [(22, 50), (62, 50), (62, 32), (98, 60), (62, 88), (62, 70), (22, 70)]
    with_shadow(c, arrow, LIGHT)
    for y, x0 in ((40, 14), (80, 14), (60, 6)):
        c.line(x0, y, x0 + 12, y, 3, LIGHT, round_caps=True)
    return c


def tf_attack() -> Canvas:
    """Attack: a crosshair, on red."""
    c = tf_blank((176, 44, 36, 255), 32)
    cx, cy = 60, 60
    for dx, dy, col in ((2, 3, SHADOW), (0, 0, LIGHT)):
        c.fill_ring(cx + dx, cy + dy, 33, 27, col)
        c.fill_ring(cx + dx, cy + dy, 15, 11, col)
        c.fill_circle(cx + dx, cy + dy, 3.5, col)
        for ax, ay in ((0, -1), (0, 1), (-1, 0), (1, 0)):
            x0, y0 = cx + dx + ax * 18, cy + dy + ay * 18
            x1, y1 = cx + dx + ax * 42, cy + dy + ay * 42
            c.line(x0, y0, x1, y1, 5, col)
    return c


def shield_points(cx: float, top: float, half_w: float, height: float) -> list[Point]:
    """A heater shield: flat top, straight sides, curving to a point at the bottom."""
    pts: list[Point] = [(cx - half_w, top), (cx + half_w, top), (cx + half_w, top + height * 0.4)]
    for k in range(1, 13):
        t = k / 12
        pts.append((cx + half_w * math.cos(t * math.pi / 2), top + height * (0.4 + 0.6 * t**1.2)))
    for k in range(11, 0, -1):
        t = k / 12
        pts.append((cx - half_w * math.cos(t * math.pi / 2), top + height * (0.4 + 0.6 * t**1.2)))
    pts.append((cx - half_w, top + height * 0.4))
    return pts


def tf_defense() -> Canvas:
    """Defense: a shield with a centre stripe, on blue."""
    c = tf_blank((40, 92, 176, 255), 33)
    outer = shield_points(60, 22, 34, 80)
    with_shadow(c, outer, LIGHT)
    c.fill_polygon(shield_points(60, 30, 26, 64), (40, 92, 176, 255))
    c.fill_polygon([(55, 30), (65, 30), (65, 88), (60, 94), (55, 88)], LIGHT)
    return c


def tf_special() -> Canvas:
    """Special: a gold star in a burst, on purple."""
    c = tf_blank((112, 56, 150, 255), 34)
    burst = star_points(60, 60, 48, 30, tips=12, rotation_deg=-90 + 15)
    c.fill_polygon(burst, (150, 96, 190, 255))
    star = star_points(60, 62, 38, 15)
    with_shadow(c, star, (250, 204, 64, 255))
    c.polyline(star, 1.6, (150, 100, 20, 255), closed=True)
    return c


def gear_points(cx: float, cy: float, r_out: float, r_in: float, teeth: int) -> list[Point]:
    """Outline of a gear wheel with square-ish teeth."""
    pts: list[Point] = []
    for k in range(teeth):
        base = 2 * math.pi * k / teeth
        step = 2 * math.pi / teeth
        for frac, r in ((0.0, r_in), (0.12, r_out), (0.5, r_out), (0.62, r_in)):
            t = base + frac * step
            pts.append((cx + r * math.cos(t), cy + r * math.sin(t)))
    return pts


def tf_back() -> Canvas:
    """Action deck back: gunmetal with a hexagon lattice and a gear emblem."""
    w, h = TF_SIZE
    c, mask = card_frame(TF_SIZE, 9, TF_BORDER, (62, 68, 80, 255), 5, 35)
    pattern = Canvas(w, h)
    hex_r = 10.0
    dx, dy = hex_r * 1.5, hex_r * math.sqrt(3)
    for col in range(-1, int(w / dx) + 2):
        for row in range(-1, int(h / dy) + 2):
            hx = col * dx
            hy = row * dy + (dy / 2 if col % 2 else 0)
            pts = regular_polygon(hx, hy, hex_r - 1, 6, rotation_deg=0)
            pattern.polyline(pts, 1.2, (92, 100, 116, 255), closed=True)
    pattern.mask_alpha(mask)
    c.paste(pattern, 0, 0)
    c.fill_circle(60, 84, 34, (40, 44, 52, 255))
    c.fill_polygons(
        [gear_points(60, 84, 30, 24, 10), ellipse_points(60, 84, 11, 11, 32)],
        (200, 170, 80, 255),
    )
    c.fill_ring(60, 84, 18, 15, (200, 170, 80, 255))
    return c


CARDS = {
    "bluff_vc": bluff_vc,
    "bluff_trap": bluff_trap,
    "bluff_tunnel": bluff_tunnel,
    "bluff_back": bluff_back,
    "tf_move": tf_move,
    "tf_attack": tf_attack,
    "tf_defense": tf_defense,
    "tf_special": tf_special,
    "tf_back": tf_back,
}


def generate(root: Path) -> list[Path]:
    """Write sprites/cards/*.png under root."""
    out = root / "sprites" / "cards"
    return [make().save_png(out / f"{name}.png") for name, make in CARDS.items()]
