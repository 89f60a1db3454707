"""Which cells an area object covers (part of the one Tiled wrapper).

A cell is covered when its centre lies inside the object: a rectangle or ellipse box
``(x, y, w, h)`` in map pixels, or a polygon (even-odd rule), all rotated ``rotation``
degrees clockwise about ``origin`` as Tiled draws them. Only the cells under the
object's rotated bounding box are tested, and the tests are vectorised, so a large map
or a many-pointed polygon (at most :data:`game.maps.layers.MAX_OBJECT_POINTS`) is
answered in milliseconds rather than by looping over every cell and every edge.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np

from game.maps.model import Cell

#: Cells x edges compared at once in the polygon test (bounds the memory it takes).
_CHUNK = 1_000_000
#: Cells of slack around the bounding box (hex rows and columns are staggered).
_MARGIN = 2


def covered_cells(
    shape: str,
    box: tuple[float, float, float, float],
    points: Sequence[tuple[float, float]],
    origin: tuple[float, float],
    rotation: float,
    size: tuple[int, int],
    cell_of: Callable[[float, float], Cell],
    cell_centre: Callable[[Cell], tuple[float, float]],
) -> list[Cell]:
    """The cells (column, row order by row then column) whose centres lie inside the
    object; ``size`` is the map in cells. Empty for a shape that covers nothing."""
    x, y, w, h = box
    corners = [(x, y), (x + w, y), (x, y + h), (x + w, y + h)]
    rad = math.radians(rotation)
    c, s = math.cos(rad), math.sin(rad)
    ox, oy = origin
    turned = [
        (ox + (px - ox) * c - (py - oy) * s, oy + (px - ox) * s + (py - oy) * c)
        for px, py in corners
    ]
    picked = [cell_of(px, py) for px, py in turned]
    col0 = max(0, min(p[0] for p in picked) - _MARGIN)
    col1 = min(size[0] - 1, max(p[0] for p in picked) + _MARGIN)
    row0 = max(0, min(p[1] for p in picked) - _MARGIN)
    row1 = min(size[1] - 1, max(p[1] for p in picked) + _MARGIN)
    if col0 > col1 or row0 > row1:
        return []
    cells = [(col, row) for row in range(row0, row1 + 1) for col in range(col0, col1 + 1)]
    centres = np.array([cell_centre(cell) for cell in cells], dtype=float)
    # into the object's own (unrotated) frame
    dx, dy = centres[:, 0] - ox, centres[:, 1] - oy
    lx, ly = ox + dx * c + dy * s, oy - dx * s + dy * c
    if shape == "rectangle":
        hit = (x <= lx) & (lx <= x + w) & (y <= ly) & (ly <= y + h)
    elif shape == "ellipse":
        rx, ry = w / 2 or 1e-9, h / 2 or 1e-9
        hit = ((lx - x - rx) / rx) ** 2 + ((ly - y - ry) / ry) ** 2 <= 1.0
    else:
        hit = _inside_polygon(lx, ly, points)
    return [cell for cell, inside in zip(cells, hit.tolist(), strict=True) if inside]


def _inside_polygon(
    xs: np.ndarray, ys: np.ndarray, points: Sequence[tuple[float, float]]
) -> np.ndarray:
    """Even-odd test of many points against one ring, in chunks of cells x edges."""
    ring = np.array(points, dtype=float)
    x1, y1 = ring[:, 0], ring[:, 1]
    x2, y2 = np.roll(x1, -1), np.roll(y1, -1)
    inside = np.zeros(len(xs), dtype=bool)
    if len(ring) < 3:
        return inside
    step = max(1, _CHUNK // len(ring))
    with np.errstate(divide="ignore", invalid="ignore"):
        for start in range(0, len(xs), step):
            px = xs[start : start + step, None]
            py = ys[start : start + step, None]
            spans = (y1 > py) != (y2 > py)
            cross = px < x1 + (py - y1) * (x2 - x1) / (y2 - y1)
            inside[start : start + step] = np.count_nonzero(spans & cross, axis=1) % 2 == 1
    return inside
