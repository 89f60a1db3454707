"""Hex geometry for Tiled hexagonal maps: coordinates, distance, lines, picking, labels.

Cells are Tiled's offset coordinates ``(col, row)``. Tiled staggers either columns
(``stagger_axis="x"``, flat-topped hexes) or rows (``"y"``, pointy-topped hexes), and
shifts either the odd or the even ones (``stagger_index``). All arithmetic is done in
cube coordinates ``(q, r, s)`` with ``q + r + s == 0``:

- ``stagger_axis="x"``: ``q = col``; odd: ``r = row - (col - (col & 1)) // 2``,
  even: ``r = row - (col + (col & 1)) // 2``.
- ``stagger_axis="y"``: ``r = row``; odd: ``q = col - (row - (row & 1)) // 2``,
  even: ``q = col - (row + (row & 1)) // 2``.

Pixel positions follow Tiled's own hexagonal renderer (integer tile sizes, side
length along the staggered axis) so the board we draw matches ``tmxrasterizer``.

Lines of sight ('65 rule, in our words): a line runs from the centre of the firing
hex to the centre of the target hex; every hex it passes through may block. Where the
line runs exactly along the edge between two hexes it is blocked only if BOTH of those
hexes block. The firer's and the target's own hexes never block. :meth:`HexGrid.line`
returns, per step, the one hex the line passes through or the two hexes beside an edge
it runs along (found by nudging the line slightly to either side).

Labels: column letters A, B, ..., Z, AA, AB, ... and row numbers from 1: ``E3`` is
column 4, row 2 (0-based). No letter is skipped.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from game.core.errors import MapError

Cell = tuple[int, int]
Cube = tuple[int, int, int]

#: The six cube directions, clockwise starting east-north-east for flat-topped hexes.
CUBE_DIRECTIONS: tuple[Cube, ...] = (
    (1, -1, 0),
    (1, 0, -1),
    (0, 1, -1),
    (-1, 1, 0),
    (-1, 0, 1),
    (0, -1, 1),
)

# Nudge applied to both ends of a line; the components differ so that ties on
# every kind of hex edge break one way for +EPS and the other way for -EPS.
_EPS = (1e-6, 2e-6, -3e-6)


def cube_add(a: Cube, b: Cube) -> Cube:
    """Component-wise sum of two cube coordinates."""
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def cube_sub(a: Cube, b: Cube) -> Cube:
    """Component-wise difference ``a - b``."""
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def cube_distance(a: Cube, b: Cube) -> int:
    """Number of hex steps between two hexes."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2]))


def cube_neighbours(c: Cube) -> tuple[Cube, ...]:
    """The six adjacent hexes, in :data:`CUBE_DIRECTIONS` order."""
    return tuple(cube_add(c, d) for d in CUBE_DIRECTIONS)


def cube_round(q: float, r: float, s: float) -> Cube:
    """The hex containing a fractional cube point (nearest centre)."""
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    else:
        rs = -rq - rr
    return (int(rq), int(rr), int(rs))


def _round3(q: float, r: float, s: float) -> Cube:
    """:func:`cube_round` for the hot loop of :func:`cube_line` (same arithmetic)."""
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        return (-rr - rs, rr, rs)
    if dr > ds:
        return (rq, -rq - rs, rs)
    return (rq, rr, -rq - rr)


def cube_line(a: Cube, b: Cube) -> list[tuple[Cube, ...]]:
    """Hexes a centre-to-centre line passes, one entry per step (``distance + 1``).

    Each entry holds one hex, or two hexes when the line runs exactly along the edge
    between them at that step (the line nudged one way or the other picks a different
    hex). The first entry is ``(a,)`` and the last ``(b,)``.
    """
    n = cube_distance(a, b)
    if n == 0:
        return [(a,)]
    out: list[tuple[Cube, ...]] = []
    (a0, a1, a2), (e0, e1, e2) = a, _EPS
    d0, d1, d2 = b[0] - a0, b[1] - a1, b[2] - a2
    for i in range(n + 1):
        t = i / n
        x0, x1, x2 = a0 + d0 * t, a1 + d1 * t, a2 + d2 * t  # the same sums as a + (b - a) t
        plus = _round3(x0 + e0, x1 + e1, x2 + e2)
        minus = _round3(x0 - e0, x1 - e1, x2 - e2)
        out.append((plus,) if plus == minus else (plus, minus))
    return out


def column_letters(col: int) -> str:
    """Column letters for a 0-based column: 0 -> A, 25 -> Z, 26 -> AA."""
    if col < 0:
        raise MapError(f"hex column {col} has no label (columns start at 0)")
    letters = ""
    n = col + 1
    while n:
        n, rem = divmod(n - 1, 26)
        letters = chr(ord("A") + rem) + letters
    return letters


def hex_label(cell: Cell) -> str:
    """The printed label of a hex, e.g. (4, 2) -> "E3"."""
    col, row = cell
    if row < 0:
        raise MapError(f"hex row {row} has no label (rows start at 0)")
    return f"{column_letters(col)}{row + 1}"


_LABEL = re.compile(r"([A-Za-z]+)([0-9]+)")


def parse_hex_label(text: str) -> Cell:
    """Parse a label like "E3" into (col, row) = (4, 2); MapError if malformed."""
    m = _LABEL.fullmatch(text.strip())
    if not m or int(m.group(2)) < 1:
        raise MapError(
            f"not a hex label: {text!r} (expected column letters and a row number, like E3)"
        )
    col = 0
    for ch in m.group(1).upper():
        col = col * 26 + (ord(ch) - ord("A") + 1)
    return (col - 1, int(m.group(2)) - 1)


@dataclass(frozen=True, slots=True)
class HexGrid:
    """Geometry of one hexagonal Tiled map (Tiled's map attributes).

    ``tile_width``/``tile_height`` are the map's tile size in pixels and
    ``side_length`` Tiled's ``hexsidelength`` (length of the flat side along the
    stagger axis). Pixel methods need a non-zero tile size; coordinate methods don't.
    """

    stagger_axis: Literal["x", "y"] = "x"
    stagger_index: Literal["odd", "even"] = "odd"
    tile_width: int = 0
    tile_height: int = 0
    side_length: int = 0

    # -- coordinates -------------------------------------------------------------------
    def to_cube(self, cell: Cell) -> Cube:
        """Offset cell -> cube coordinates."""
        col, row = cell
        if self.stagger_axis == "x":
            shift = (col - (col & 1)) if self.stagger_index == "odd" else (col + (col & 1))
            q, r = col, row - shift // 2
        else:
            shift = (row - (row & 1)) if self.stagger_index == "odd" else (row + (row & 1))
            q, r = col - shift // 2, row
        return (q, r, -q - r)

    def from_cube(self, cube: Cube) -> Cell:
        """Cube coordinates -> offset cell."""
        q, r, _ = cube
        if self.stagger_axis == "x":
            shift = (q - (q & 1)) if self.stagger_index == "odd" else (q + (q & 1))
            return (q, r + shift // 2)
        shift = (r - (r & 1)) if self.stagger_index == "odd" else (r + (r & 1))
        return (q + shift // 2, r)

    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        """The six adjacent cells (not clipped to any map)."""
        return tuple(self.from_cube(c) for c in cube_neighbours(self.to_cube(cell)))

    def distance(self, a: Cell, b: Cell) -> int:
        """Hex steps between two cells."""
        return cube_distance(self.to_cube(a), self.to_cube(b))

    def line(self, a: Cell, b: Cell) -> list[tuple[Cell, ...]]:
        """Cells a centre-to-centre line passes (see :func:`cube_line`)."""
        return [
            tuple(self.from_cube(c) for c in step)
            for step in cube_line(self.to_cube(a), self.to_cube(b))
        ]

    def line_blocked(self, a: Cell, b: Cell, blocks: Callable[[Cell], bool]) -> bool:
        """'65 line of sight: True if some hex between ``a`` and ``b`` blocks.

        ``a`` and ``b`` never block; along an edge both hexes beside it must block.
        """
        return line_blocked(self.line(a, b), a, b, blocks)

    def line_count(self, a: Cell, b: Cell, has: Callable[[Cell], bool]) -> int:
        """Hexes between ``a`` and ``b`` with a feature (e.g. degrading terrain),
        counted with the edge rule (see :func:`line_count`)."""
        return line_count(self.line(a, b), a, b, has)

    # -- pixels (Tiled's hexagonal renderer) ---------------------------------------------
    def _params(self) -> tuple[int, int, int, int, int, int]:
        if self.tile_width <= 0 or self.tile_height <= 0:
            raise MapError("hex grid has no tile size; pixel positions need one")
        tw, th = self.tile_width & ~1, self.tile_height & ~1
        side_x = self.side_length if self.stagger_axis == "x" else 0
        side_y = self.side_length if self.stagger_axis == "y" else 0
        off_x, off_y = (tw - side_x) // 2, (th - side_y) // 2
        return tw, th, side_x, side_y, off_x, off_y

    def _staggered(self, index: int) -> bool:
        return bool((index & 1) ^ (self.stagger_index == "even"))

    def origin(self, cell: Cell) -> tuple[int, int]:
        """Top-left pixel of a cell's tile box (where Tiled places its tile)."""
        tw, th, side_x, side_y, off_x, off_y = self._params()
        col, row = cell
        if self.stagger_axis == "x":
            y = row * (th + side_y) + ((off_y + side_y) if self._staggered(col) else 0)
            return (col * (off_x + side_x), y)
        x = col * (tw + side_x) + ((off_x + side_x) if self._staggered(row) else 0)
        return (x, row * (off_y + side_y))

    def centre(self, cell: Cell) -> tuple[float, float]:
        """Pixel centre of a hex."""
        x, y = self.origin(cell)
        tw, th, *_ = self._params()
        return (x + tw / 2, y + th / 2)

    def corners(self, cell: Cell) -> tuple[tuple[int, int], ...]:
        """The six corners of the hex outline in pixels, clockwise (Tiled's polygon).

        With ``side_length`` 0 two corners coincide (a diamond)."""
        tw, th, side_x, side_y, off_x, off_y = self._params()
        x, y = self.origin(cell)
        if self.stagger_axis == "x":
            pts = [(0, th // 2), (off_x, 0), (tw - off_x, 0), (tw, th // 2), (tw - off_x, th),
                   (off_x, th)]  # fmt: skip
        else:
            pts = [(tw // 2, 0), (tw, off_y), (tw, th - off_y), (tw // 2, th), (0, th - off_y),
                   (0, off_y)]  # fmt: skip
        return tuple((x + px, y + py) for px, py in pts)

    def pick(self, x: float, y: float) -> Cell:
        """The hex under a pixel: the one whose centre is nearest (ties: lowest row,
        then column). Exact on edges because it compares distances, not polygons.
        The result may lie off the map; callers check bounds."""
        tw, th, side_x, side_y, off_x, off_y = self._params()
        if self.stagger_axis == "x":
            col0, row0 = int(x // (off_x + side_x)), int(y // (th + side_y))
        else:
            col0, row0 = int(x // (tw + side_x)), int(y // (off_y + side_y))
        best: tuple[float, int, int] | None = None
        for row in range(row0 - 1, row0 + 2):
            for col in range(col0 - 1, col0 + 2):
                cx, cy = self.centre((col, row))
                key = ((cx - x) ** 2 + (cy - y) ** 2, row, col)
                if best is None or key < best:
                    best = key
        assert best is not None
        return (best[2], best[1])

    def map_pixel_size(self, width: int, height: int) -> tuple[int, int]:
        """Pixel size of a ``width`` x ``height`` map, as Tiled computes it."""
        tw, th, side_x, side_y, off_x, off_y = self._params()
        if self.stagger_axis == "x":
            h = height * (th + side_y) + ((off_y + side_y) if width > 1 else 0)
            return (width * (off_x + side_x) + off_x, h)
        w = width * (tw + side_x) + ((off_x + side_x) if height > 1 else 0)
        return (w, height * (off_y + side_y) + off_y)


def line_blocked(
    steps: list[tuple[Cell, ...]],
    a: Cell,
    b: Cell,
    blocks: Callable[[Cell], bool],
) -> bool:
    """Apply the edge rule to a candidate line (from :meth:`HexGrid.line`).

    A step blocks when every candidate hex at it blocks; the end hexes are ignored
    (a step whose candidates include an end hex does not block).
    """
    return line_count(steps, a, b, blocks) > 0


def line_count(
    steps: list[tuple[Cell, ...]],
    a: Cell,
    b: Cell,
    has: Callable[[Cell], bool],
) -> int:
    """How many hexes between ``a`` and ``b`` have a feature, by the edge rule.

    For '65 degrading terrain: a step counts when all its candidate hexes have the
    feature (terrain on one side of an edge the line runs along does not count);
    the firer's and target's hexes never count.
    """
    count = 0
    for step in steps:
        if a in step or b in step:
            continue
        if all(has(c) for c in step):
            count += 1
    return count
