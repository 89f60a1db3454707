"""Table texture, panel background and 32x32 toolbar icons.

table.png (256x256) tiles seamlessly: its low-frequency shading is periodic value noise on a
lattice that wraps at the image edge, and the fine grain is per-pixel. panel.png (96x96) is a
rounded dark panel meant for 9-slice scaling with 16 px corners. Icons are light glyphs with a
soft dark shadow so they read on both the table and dark panels.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

from tools.assets import Lcg
from tools.assets.raster import RGBA, Canvas, Point, rounded_rect_points

GLYPH: RGBA = (238, 236, 226, 255)
GLYPH_SHADOW: RGBA = (0, 0, 0, 150)


def periodic_value_noise(size: int, cells: int, seed: int) -> list[float]:
    """Smooth noise in [-1, 1] over a size x size image, wrapping at the edges."""
    rng = Lcg(seed)
    lattice = [[rng.symmetric() for _ in range(cells)] for _ in range(cells)]
    cell = size / cells
    out = [0.0] * (size * size)
    for y in range(size):
        gy = y / cell
        iy = int(gy)
        fy = gy - iy
        sy = fy * fy * (3 - 2 * fy)
        row0 = lattice[iy % cells]
        row1 = lattice[(iy + 1) % cells]
        for x in range(size):
            gx = x / cell
            ix = int(gx)
            fx = gx - ix
            sx = fx * fx * (3 - 2 * fx)
            a = row0[ix % cells] + (row0[(ix + 1) % cells] - row0[ix % cells]) * sx
            b = row1[ix % cells] + (row1[(ix + 1) % cells] - row1[ix % cells]) * sx
            out[y * size + x] = a + (b - a) * sy
    return out


def table() -> Canvas:
    """Tileable green baize: two octaves of wrapped soft shading plus fine grain."""
    size = 256
    base = (36, 100, 58)
    coarse = periodic_value_noise(size, 4, 101)
    fine = periodic_value_noise(size, 16, 102)
    rng = Lcg(103)
    c = Canvas(size, size, (*base, 255))
    p = c.pixels
    for i in range(size * size):
        d = 7.0 * coarse[i] + 3.0 * fine[i] + (rng.next_u32() % 9) - 4
        j = i * 4
        p[j] = max(0, min(255, int(base[0] + d * 0.6 + 0.5)))
        p[j + 1] = max(0, min(255, int(base[1] + d + 0.5)))
        p[j + 2] = max(0, min(255, int(base[2] + d * 0.7 + 0.5)))
    return c


def panel() -> Canvas:
    """A dark rounded panel with a brass edge, for 9-slice scaling (16 px corners)."""
    c = Canvas(96, 96)
    c.fill_rounded_rect(0, 0, 96, 96, 12, (20, 18, 16, 235))
    c.fill_rounded_rect(3, 3, 90, 90, 9, (44, 46, 50, 235))
    c.polyline(rounded_rect_points(3.5, 3.5, 89, 89, 9), 1.4, (176, 150, 96, 255), closed=True)
    c.polyline(rounded_rect_points(6, 6, 84, 84, 7), 1.0, (255, 255, 255, 28), closed=True)
    return c


def arc(
    cx: float, cy: float, r: float, start_deg: float, end_deg: float, n: int = 16
) -> list[Point]:
    """Points along a circular arc (degrees, clockwise on screen from the +x axis)."""
    return [
        (
            cx + r * math.cos(math.radians(start_deg + (end_deg - start_deg) * k / n)),
            cy + r * math.sin(math.radians(start_deg + (end_deg - start_deg) * k / n)),
        )
        for k in range(n + 1)
    ]


Draw = Callable[[Canvas, float, float, RGBA], None]


def icon(draw: Draw) -> Canvas:
    """A 32x32 icon: the glyph drawn once as a shadow (offset 1, 1.5), then in light ink."""
    c = Canvas(32, 32)
    draw(c, 1.0, 1.5, GLYPH_SHADOW)
    draw(c, 0.0, 0.0, GLYPH)
    return c


def _speaker(c: Canvas, dx: float, dy: float, col: RGBA) -> None:
    body = [(4, 12.5), (9.5, 12.5), (16, 6.5), (16, 25.5), (9.5, 19.5), (4, 19.5)]
    c.fill_polygon([(x + dx, y + dy) for x, y in body], col)


def _sound_on(c: Canvas, dx: float, dy: float, col: RGBA) -> None:
    _speaker(c, dx, dy, col)
    for r in (5.5, 10.0):
        c.polyline(arc(15.5 + dx, 16 + dy, r, -50, 50), 2.4, col)


def _sound_off(c: Canvas, dx: float, dy: float, col: RGBA) -> None:
    _speaker(c, dx, dy, col)
    c.line(20 + dx, 11 + dy, 28 + dx, 21 + dy, 2.6, col, round_caps=True)
    c.line(28 + dx, 11 + dy, 20 + dx, 21 + dy, 2.6, col, round_caps=True)


def _undo(c: Canvas, dx: float, dy: float, col: RGBA) -> None:
    path = [(11.0, 10.0)] + arc(18.5, 17.5, 7.5, -90, 90) + [(9.0, 25.0)]
    c.polyline([(x + dx, y + dy) for x, y in path], 3.0, col)
    head = [(3.5, 10.0), (11.5, 4.0), (11.5, 16.0)]
    c.fill_polygon([(x + dx, y + dy) for x, y in head], col)


def _menu(c: Canvas, dx: float, dy: float, col: RGBA) -> None:
    for y in (8.0, 14.5, 21.0):
        c.fill_rounded_rect(5 + dx, y + dy, 22, 3.6, 1.8, col)


def _help(c: Canvas, dx: float, dy: float, col: RGBA) -> None:
    c.fill_ring(16 + dx, 16 + dy, 13.5, 11.3, col)
    hook = arc(16, 12.6, 4.2, 180, 405, 18) + [(16.0, 18.6)]
    c.polyline([(x + dx, y + dy) for x, y in hook], 2.8, col)
    c.fill_circle(16 + dx, 23 + dy, 1.8, col)


ICONS: dict[str, Draw] = {
    "sound_on": _sound_on,
    "sound_off": _sound_off,
    "undo": _undo,
    "menu": _menu,
    "help": _help,
}


def generate(root: Path) -> list[Path]:
    """Write sprites/ui/*.png under root."""
    out_dir = root / "sprites" / "ui"
    files = [table().save_png(out_dir / "table.png"), panel().save_png(out_dir / "panel.png")]
    for name, draw in ICONS.items():
        files.append(icon(draw).save_png(out_dir / f"{name}.png"))
    return files
