"""Movement on a square grid whose terrain does not change: the steps out of every cell
worked out once, so that a search for reachable cells only walks lists.

Same rules and same answers as :func:`game.maps.grid.reachable` (8 neighbours, a diagonal
step :data:`~game.maps.grid.DIAGONAL` tiles long, entering a cell costs the step length
times its ``move_cost``, no squeezing diagonally between two cells that cannot be
entered). What changes from one question to the next — cells held by other figures —
comes as a ``stop`` set: such cells cannot be entered, and count as blocked corners.

A reach is often asked again with other figures elsewhere on the level. Only stops in
:func:`reach_region` of the unobstructed reach can change the answer, so a memo keyed by
``stop & region`` (rather than every stop) is never stale and is hit far more often.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Mapping, Set
from dataclasses import dataclass

from game.maps.grid import _EPS, _STEPS, Reach
from game.maps.model import Cell

#: One step out of a cell: (next cell, cost in inches, the orthogonal cells beside a
#: diagonal step that can be entered; empty for an orthogonal step).
Step = tuple[Cell, float, tuple[Cell, ...]]


@dataclass(frozen=True)
class StepTable:
    """The steps out of every cell of a ``width`` x ``height`` grid, in the fixed order
    of :func:`game.maps.grid.steps` (so ties resolve identically)."""

    width: int
    height: int
    out: dict[Cell, tuple[Step, ...]]


def step_table(
    width: int, height: int, factor: Mapping[Cell, float], inches_per_tile: float = 1.0
) -> StepTable:
    """Steps over terrain whose enterable cells have the ``move_cost`` in ``factor``
    (cells missing from it cannot be entered). Every cell of the grid gets its steps,
    enterable or not, since a figure may stand where its stance cannot go."""
    out: dict[Cell, tuple[Step, ...]] = {}
    for y in range(height):
        for x in range(width):
            steps: list[Step] = []
            for dx, dy, length in _STEPS:
                nxt = (x + dx, y + dy)
                f = factor.get(nxt)
                if f is None:
                    continue
                corners: tuple[Cell, ...] = ()
                if dx and dy:
                    corners = tuple(c for c in ((x + dx, y), (x, y + dy)) if c in factor)
                    if not corners:
                        continue  # would squeeze between two blocked cells
                steps.append((nxt, length * f * inches_per_tile, corners))
            out[(x, y)] = tuple(steps)
    return StepTable(width, height, out)


def reachable_within(table: StepTable, start: Cell, budget: float, stop: Set[Cell]) -> Reach:
    """Every cell whose cheapest path from ``start`` costs at most ``budget`` inches,
    never entering a ``stop`` cell nor squeezing between two cells that are stops or
    cannot be entered. Dijkstra; ties break by cell order (as ``grid.reachable``)."""
    costs: dict[Cell, float] = {start: 0.0}
    parents: dict[Cell, Cell] = {}
    heap: list[tuple[float, int, int]] = [(0.0, start[1], start[0])]
    done: set[Cell] = set()
    limit = budget + _EPS
    out = table.out
    pop, push, inf = heapq.heappop, heapq.heappush, math.inf
    while heap:
        spent, y, x = pop(heap)
        cell = (x, y)
        if cell in done:
            continue
        done.add(cell)
        for nxt, step, corners in out.get(cell, ()):
            if nxt in stop:
                continue
            if corners and corners[0] in stop and (len(corners) == 1 or corners[1] in stop):
                continue  # every open corner is stopped: no squeezing through
            total = spent + step
            if total > limit or nxt in done:
                continue
            if total < costs.get(nxt, inf) - _EPS:
                costs[nxt] = total
                parents[nxt] = cell
                push(heap, (total, nxt[1], nxt[0]))
    return Reach(start, costs, parents)


def reach_region(table: StepTable, free: Reach) -> frozenset[Cell]:
    """The cells whose being stopped can change ``free`` (a reach with no stops): the
    cells it reaches and the corners of steps out of them. A stop anywhere else leaves
    the answer as it is."""
    region = set(free.costs)
    for cell in free.costs:
        for _nxt, _step, corners in table.out.get(cell, ()):
            region.update(corners)
    return frozenset(region)
