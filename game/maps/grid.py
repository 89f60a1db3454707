"""Square-grid geometry for measured (tunnel) maps: distance, paths, movement, sight.

Cells are ``(x, y)`` tile coordinates. Measured distances are between cell centres in
inches: ``tiles * inches_per_tile`` (tunnel maps: 1 tile = 1 inch).

Movement (our reading of "measure the move along the tunnels"): a figure steps to any
of the 8 neighbouring cells; an orthogonal step is 1 tile long, a diagonal one
:data:`DIAGONAL` (1.414) tiles. Entering a cell costs the step length times that
cell's terrain ``move_cost``; impassable cells cannot be entered. A diagonal step may
not cut a corner between two impassable cells (both orthogonal neighbours blocked).

Line of sight runs from cell centre to cell centre. Every cell the line touches (a
supercover line) may block; the two end cells never do. Where the line passes exactly
through a grid corner it slips between the two cells beside that corner, and is then
blocked only if BOTH block (the same rule as a hex line along a hex edge, and the
same corner rule as movement).
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from game.maps.model import Cell, GameMap

DIAGONAL = 1.414
_EPS = 1e-9

#: Cost of entering a cell: a ``move_cost`` multiplier, or None if it can't be entered.
CostFn = Callable[[Cell], float | None]

_STEPS: tuple[tuple[int, int, float], ...] = (
    (1, 0, 1.0),
    (0, 1, 1.0),
    (-1, 0, 1.0),
    (0, -1, 1.0),
    (1, 1, DIAGONAL),
    (-1, 1, DIAGONAL),
    (-1, -1, DIAGONAL),
    (1, -1, DIAGONAL),
)


def distance_inches(a: Cell, b: Cell, inches_per_tile: float = 1.0) -> float:
    """Straight-line distance between two cell centres, in inches."""
    return math.hypot(b[0] - a[0], b[1] - a[1]) * inches_per_tile


def steps(cell: Cell, width: int, height: int, cost: CostFn) -> Iterator[tuple[Cell, float]]:
    """Legal single steps from ``cell``: (next cell, cost in tiles), fixed order."""
    x, y = cell
    for dx, dy, length in _STEPS:
        nxt = (x + dx, y + dy)
        if not (0 <= nxt[0] < width and 0 <= nxt[1] < height):
            continue
        factor = cost(nxt)
        if factor is None:
            continue
        if dx and dy and cost((x + dx, y)) is None and cost((x, y + dy)) is None:
            continue  # would squeeze between two blocked cells
        yield nxt, length * factor


@dataclass(frozen=True)
class Reach:
    """Cells reachable within a budget: ``costs[cell]`` in inches, and paths."""

    start: Cell
    costs: dict[Cell, float]
    parents: dict[Cell, Cell]

    def path(self, cell: Cell) -> list[Cell]:
        """Cheapest path from the start to ``cell`` (both included); [] if unreachable."""
        if cell not in self.costs:
            return []
        out = [cell]
        while out[-1] != self.start:
            out.append(self.parents[out[-1]])
        out.reverse()
        return out


def reachable(
    start: Cell,
    budget: float,
    width: int,
    height: int,
    cost: CostFn,
    inches_per_tile: float = 1.0,
) -> Reach:
    """Every cell whose cheapest path from ``start`` costs at most ``budget`` inches.

    Dijkstra over :func:`steps`; ties break by cell order so results are repeatable.
    """
    costs: dict[Cell, float] = {start: 0.0}
    parents: dict[Cell, Cell] = {}
    heap: list[tuple[float, int, int]] = [(0.0, start[1], start[0])]
    done: set[Cell] = set()
    while heap:
        spent, y, x = heapq.heappop(heap)
        cell = (x, y)
        if cell in done:
            continue
        done.add(cell)
        for nxt, step_cost in steps(cell, width, height, cost):
            total = spent + step_cost * inches_per_tile
            if total > budget + _EPS or nxt in done:
                continue
            if total < costs.get(nxt, math.inf) - _EPS:
                costs[nxt] = total
                parents[nxt] = cell
                heapq.heappush(heap, (total, nxt[1], nxt[0]))
    return Reach(start, costs, parents)


def path_length(
    start: Cell, goal: Cell, width: int, height: int, cost: CostFn, inches_per_tile: float = 1.0
) -> float | None:
    """Length (inches) of the cheapest path from ``start`` to ``goal``; None if none."""
    reach = reachable(start, math.inf, width, height, cost, inches_per_tile)
    return reach.costs.get(goal)


def line_steps(a: Cell, b: Cell) -> list[tuple[Cell, ...]]:
    """Cells a centre-to-centre line touches, in order, ``a`` first and ``b`` last.

    Each entry is one cell, or the two cells beside a grid corner the line passes
    exactly through (then the next entry is the cell diagonally beyond).
    """
    x, y = a
    nx, ny = abs(b[0] - a[0]), abs(b[1] - a[1])
    sx = 1 if b[0] > a[0] else -1
    sy = 1 if b[1] > a[1] else -1
    out: list[tuple[Cell, ...]] = [(a,)]
    ix = iy = 0
    while ix < nx or iy < ny:
        # Compare where the line next crosses a vertical vs a horizontal grid line.
        d = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx
        if d == 0:
            out.append(((x + sx, y), (x, y + sy)))
            x, y, ix, iy = x + sx, y + sy, ix + 1, iy + 1
        elif d < 0:
            x, ix = x + sx, ix + 1
        else:
            y, iy = y + sy, iy + 1
        out.append(((x, y),))
    return out


def supercover_line(a: Cell, b: Cell) -> list[Cell]:
    """Every cell the centre-to-centre line touches (flattened :func:`line_steps`)."""
    return [c for step in line_steps(a, b) for c in step]


def line_of_sight(a: Cell, b: Cell, blocks: Callable[[Cell], bool]) -> bool:
    """True if nothing between ``a`` and ``b`` blocks (see the module rules)."""
    for step in line_steps(a, b)[1:-1]:
        if all(blocks(c) for c in step):
            return False
    return True


# -- helpers bound to a GameMap ------------------------------------------------------------


def terrain_cost(game_map: GameMap) -> CostFn:
    """Cost function from the map's resolved terrain (cells without terrain: blocked)."""

    def cost(cell: Cell) -> float | None:
        t = game_map.terrain_at(cell)
        return t.move_cost if t is not None and t.passable else None

    return cost


def terrain_blocks_los(game_map: GameMap) -> Callable[[Cell], bool]:
    """LOS blocker from the map's terrain (cells without terrain block)."""

    def blocks(cell: Cell) -> bool:
        t = game_map.terrain_at(cell)
        return t is None or t.blocks_los

    return blocks


def map_reachable(game_map: GameMap, start: Cell, budget_inches: float) -> Reach:
    """:func:`reachable` on a map with its terrain and ``inches_per_tile``."""
    return reachable(
        start,
        budget_inches,
        game_map.width,
        game_map.height,
        terrain_cost(game_map),
        game_map.inches_per_tile,
    )


def map_line_of_sight(game_map: GameMap, a: Cell, b: Cell) -> bool:
    """:func:`line_of_sight` with the map's terrain."""
    return line_of_sight(a, b, terrain_blocks_los(game_map))
