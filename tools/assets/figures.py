"""Miniature tokens (48x48, top-down on round bases, facing up) and small markers (16x16).

Tokens: a dark base with a coloured rim (side colour), the figure seen from above. Each figure
differs in shape as well as colour: tunnel rat = bare head with flashlight beam, VC = wide
conical hat, NVA = pith helmet; robots show rank by head shape and by 1-3 pips on the rim
(trooper, officer, leader). Markers: yellow wound = circle, red wound = triangle (shape differs
for colour-blind players), air = wing, ground = tread, minicon = hexagon badge.
"""

from __future__ import annotations

import math
from pathlib import Path

from tools.assets.raster import RGBA, Canvas, Point, regular_polygon, rounded_rect_points

SIZE = 48
C = SIZE / 2
OUTLINE: RGBA = (20, 18, 16, 255)


def base(rim: RGBA, ground: RGBA, pips: int = 0) -> Canvas:
    """A round miniature base with a drop shadow, coloured rim and optional rank pips."""
    c = Canvas(SIZE, SIZE)
    c.fill_circle(C + 0.8, C + 1.2, 22.8, (0, 0, 0, 90))
    c.fill_circle(C, C, 22.2, OUTLINE)
    c.fill_ring(C, C, 21.2, 18.2, rim)
    c.fill_circle(C, C, 18.2, ground)
    c.fill_ring(C, C, 18.2, 17.2, (0, 0, 0, 70))
    for k in range(pips):  # pips sit on the rim at the bottom, centred
        a = math.radians(90 + (k - (pips - 1) / 2) * 22)
        x, y = C + 19.7 * math.cos(a), C + 19.7 * math.sin(a)
        c.fill_circle(x, y, 2.6, OUTLINE)
        c.fill_circle(x, y, 1.9, (250, 214, 80, 255))
    return c


def shoulders(c: Canvas, col: RGBA, rx: float, ry: float, cy: float = C + 2) -> None:
    """Shoulders seen from above: an outlined ellipse."""
    c.fill_ellipse(C, cy, rx + 1, ry + 1, OUTLINE, steps=32)
    c.fill_ellipse(C, cy, rx, ry, col, steps=32)


def shade(col: RGBA, f: float) -> RGBA:
    """Darker (f < 1) or lighter (f > 1) version of a colour."""
    return (
        min(255, int(col[0] * f)),
        min(255, int(col[1] * f)),
        min(255, int(col[2] * f)),
        col[3],
    )


# ---- Vietnam figures ------------------------------------------------------------------------
EARTH: RGBA = (58, 46, 32, 255)
US_RIM: RGBA = (70, 132, 220, 255)  # blue, not green: red/green rims confuse colour-blind players
VN_RIM: RGBA = (200, 50, 38, 255)


def arm(c: Canvas, x0: float, y0: float, x1: float, y1: float, col: RGBA) -> None:
    c.line(x0, y0, x1, y1, 5.0, OUTLINE, round_caps=True)
    c.line(x0, y0, x1, y1, 3.4, col, round_caps=True)


def soldier(c: Canvas, uniform: RGBA, rifle: bool) -> None:
    """Shoulders and both arms reaching forward; a rifle held along the centre line."""
    if rifle:
        c.line(C + 1, C - 2, C + 1, C - 17, 3.6, OUTLINE)
        c.line(C + 1, C - 2, C + 1, C - 16.4, 2.2, (120, 78, 40, 255))
        c.line(C + 1, C - 11, C + 1, C - 16.4, 2.2, (40, 40, 44, 255))
    shoulders(c, uniform, 13, 7, C + 3)
    arm(c, C - 11.5, C + 2, C - 3, C - 8, uniform)
    arm(c, C + 11.5, C + 2, C + 4, C - 7, uniform)


def rat() -> Canvas:
    """US tunnel rat: olive shirt, bare head, pistol and a flashlight throwing a beam."""
    c = base(US_RIM, EARTH)
    c.fill_polygon([(C - 4, C - 9), (C - 12, C - 17), (C - 1, C - 19)], (255, 236, 140, 120))
    olive = (118, 128, 62, 255)
    shoulders(c, olive, 13, 7, C + 3)
    arm(c, C - 11.5, C + 2, C - 5, C - 7, olive)
    arm(c, C + 11.5, C + 2, C + 5, C - 7, olive)
    c.fill_circle(C - 5, C - 9, 2.4, OUTLINE)  # flashlight
    c.fill_circle(C - 5, C - 9, 1.6, (255, 244, 170, 255))
    c.line(C + 5, C - 7, C + 5, C - 14, 3.4, OUTLINE)  # pistol
    c.line(C + 5, C - 7.5, C + 5, C - 13.4, 1.8, (70, 70, 76, 255))
    c.fill_circle(C, C + 1, 6.8, OUTLINE)
    c.fill_circle(C, C + 1, 5.9, (74, 50, 30, 255))  # hair, seen from above
    c.fill_ellipse(C, C - 3.4, 3.4, 1.6, (206, 160, 118, 255), steps=16)  # forehead
    return c


def vc() -> Canvas:
    """VC fighter: black pyjamas, rifle, and a wide straw conical hat."""
    c = base(VN_RIM, EARTH)
    soldier(c, (34, 34, 40, 255), rifle=True)
    c.fill_circle(C, C + 1, 11.4, OUTLINE)
    c.fill_circle(C, C + 1, 10.5, (228, 196, 120, 255))
    c.fill_ring(C, C + 1, 7.4, 6.7, (180, 146, 78, 255))
    c.fill_ring(C, C + 1, 4.1, 3.4, (180, 146, 78, 255))
    c.fill_circle(C, C + 1, 1.3, (150, 114, 54, 255))
    return c


def nva() -> Canvas:
    """NVA soldier: khaki uniform, rifle, pith helmet with a front badge."""
    c = base(VN_RIM, EARTH)
    soldier(c, (168, 150, 98, 255), rifle=True)
    helmet = (118, 124, 70, 255)
    c.fill_ellipse(C, C + 1, 8.4, 9.2, OUTLINE, steps=32)
    c.fill_ellipse(C, C + 1, 7.6, 8.4, shade(helmet, 0.78), steps=32)
    c.fill_ellipse(C, C + 1.5, 5.4, 6.0, helmet, steps=32)
    c.line(C, C - 3.5, C, C + 6.5, 1.2, shade(helmet, 0.65))  # crown ridge
    c.fill_circle(C, C - 5.8, 1.8, OUTLINE)
    c.fill_circle(C, C - 5.8, 1.3, (214, 44, 32, 255))  # badge at the front
    return c


# ---- Transformers robots --------------------------------------------------------------------
STEEL: RGBA = (70, 76, 88, 255)
FACTIONS: dict[str, tuple[RGBA, RGBA, RGBA, RGBA]] = {
    # rim, body, accent (head and, for Deceptacons, shoulder pads), visor
    "autobot": (
        (204, 44, 40, 255),
        (204, 50, 42, 255),
        (52, 96, 196, 255),
        (120, 230, 255, 255),
    ),
    "deceptacon": (
        (126, 64, 170, 255),
        (140, 144, 158, 255),
        (122, 62, 168, 255),
        (255, 70, 60, 255),
    ),
}
PIPS = {"leader": 3, "officer": 2, "trooper": 1}


def robot(faction: str, rank: str) -> Canvas:
    """A robot from above, facing up; rank shows in bulk, head shape and pips."""
    rim, body, accent, visor = FACTIONS[faction]
    c = base(rim, STEEL, PIPS[rank])
    half_w = {"leader": 14.0, "officer": 12.5, "trooper": 11.0}[rank]
    top = C - 7
    if rank == "leader":  # exhaust stacks on the back, seen end-on
        for x in (C - 7, C + 7):
            c.fill_circle(x, C + 9, 3.4, OUTLINE)
            c.fill_circle(x, C + 9, 2.6, (196, 196, 206, 255))
            c.fill_circle(x, C + 9, 1.3, OUTLINE)
    torso = rounded_rect_points(C - half_w + 2, top, 2 * half_w - 4, 15, 3)
    c.fill_polygon(torso, body)
    c.polyline(torso, 1.2, OUTLINE, closed=True)
    c.fill_rect(C - 3, top + 1.5, 6, 3, shade(body, 1.25))  # chest light / windscreen
    for sx in (-1, 1):  # shoulder pads in the accent colour
        pad_x = C + sx * (half_w - 3)
        pad = rounded_rect_points(pad_x - 3.5, top + 1, 7, 11, 2.5)
        c.fill_polygon(pad, accent if faction == "deceptacon" else shade(body, 1.15))
        c.polyline(pad, 1.0, OUTLINE, closed=True)
    # Arm cannon pointing forward from the right shoulder.
    gx = C + half_w - 3
    c.line(gx, top + 2, gx, top - 10, 4.4, OUTLINE)
    c.line(gx, top + 1, gx, top - 9.4, 2.8, (200, 200, 210, 255))
    head_y = top + 5
    head: list[Point]
    if rank == "leader":  # broad helmet with two antenna fins sweeping back
        for sx in (-1, 1):
            fin: list[Point] = [
                (C + sx * 3.5, head_y - 3),
                (C + sx * 8.5, head_y - 9),
                (C + sx * 6, head_y + 3),
            ]
            c.fill_polygon(fin, OUTLINE)
            c.fill_polygon([(C + (x - C) * 0.85, y + 0.4) for x, y in fin], shade(accent, 1.15))
        head = rounded_rect_points(C - 5.5, head_y - 5, 11, 10, 3)
    elif rank == "officer":  # pointed crest
        head = [
            (C, head_y - 9),
            (C + 5.5, head_y - 3),
            (C + 5, head_y + 5),
            (C - 5, head_y + 5),
            (C - 5.5, head_y - 3),
        ]
    else:  # plain round head
        head = regular_polygon(C, head_y, 5.2, 20)
    c.fill_polygon(head, shade(body, 0.8) if rank == "trooper" else accent)
    c.polyline(head, 1.2, OUTLINE, closed=True)
    c.line(C - 3.4, head_y - 2.2, C + 3.4, head_y - 2.2, 1.8, visor, round_caps=True)
    return c


# ---- Markers (16x16) ------------------------------------------------------------------------
def wound_yellow() -> Canvas:
    """Yellow wound marker: a circle."""
    c = Canvas(16, 16)
    c.fill_circle(8, 8, 7.4, OUTLINE)
    c.fill_circle(8, 8, 6.0, (252, 212, 40, 255))
    c.fill_circle(6.5, 6.5, 1.8, (255, 246, 190, 255))
    return c


def wound_red() -> Canvas:
    """Red wound marker: a triangle (not round, so it differs from yellow by shape too)."""
    c = Canvas(16, 16)
    outer = [(8, 0.4), (15.6, 14.6), (0.4, 14.6)]
    inner = [(8, 3.3), (13.3, 13.2), (2.7, 13.2)]
    c.fill_polygon(outer, OUTLINE)
    c.fill_polygon(inner, (214, 30, 30, 255))
    return c


def badge() -> Canvas:
    c = Canvas(16, 16)
    c.fill_circle(8, 8, 7.6, OUTLINE)
    c.fill_circle(8, 8, 6.6, (52, 60, 74, 255))
    return c


def air() -> Canvas:
    """Air unit badge: a swept wing / jet silhouette."""
    c = badge()
    jet = [
        (8, 2.2),
        (9, 6),
        (13.6, 9.6),
        (13.6, 10.8),
        (9, 9.4),
        (8.8, 12),
        (10.4, 13.4),
        (5.6, 13.4),
        (7.2, 12),
        (7, 9.4),
        (2.4, 10.8),
        (2.4, 9.6),
        (7, 6),
    ]
    c.fill_polygon(jet, (236, 240, 246, 255))
    return c


def ground() -> Canvas:
    """Ground unit badge: a tank tread (belt with road wheels)."""
    c = badge()
    c.fill_rounded_rect(2.6, 5.2, 10.8, 5.6, 2.8, (236, 240, 246, 255))
    c.fill_rounded_rect(3.8, 6.4, 8.4, 3.2, 1.6, (52, 60, 74, 255))
    for x in (5.4, 8, 10.6):
        c.fill_circle(x, 8, 1.2, (236, 240, 246, 255))
    return c


def minicon() -> Canvas:
    """Minicon badge: a small gold hexagon with a dark core."""
    c = Canvas(16, 16)
    c.fill_polygon(regular_polygon(8, 8, 7.8, 6, rotation_deg=0), OUTLINE)
    c.fill_polygon(regular_polygon(8, 8, 6.4, 6, rotation_deg=0), (236, 190, 60, 255))
    c.fill_polygon(regular_polygon(8, 8, 2.8, 6, rotation_deg=0), (70, 50, 20, 255))
    return c


def generate(root: Path) -> list[Path]:
    """Write sprites/figures/*.png and sprites/markers/*.png under root."""
    figs = root / "sprites" / "figures"
    marks = root / "sprites" / "markers"
    out = [rat().save_png(figs / "rat.png"), vc().save_png(figs / "vc.png")]
    out.append(nva().save_png(figs / "nva.png"))
    for faction in ("autobot", "deceptacon"):
        for rank in ("leader", "officer", "trooper"):
            out.append(robot(faction, rank).save_png(figs / f"tf_{faction}_{rank}.png"))
    for name, make in (
        ("wound_yellow", wound_yellow),
        ("wound_red", wound_red),
        ("air", air),
        ("ground", ground),
        ("minicon", minicon),
    ):
        out.append(make().save_png(marks / f"{name}.png"))
    return out
