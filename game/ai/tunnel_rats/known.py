"""What the rats' bot knows of a tunnel level: routes planned on known ground only.

A real tunnel rat has no plan of the warren. The bot therefore plans over:

- **explored** cells (``view.explored[level]``: everything the flashlights have shown),
  with their terrain (move cost, sight);
- **felt** cells: cells one of the rats' legal moves ends in (the rules let a rat feel
  his way a move's length into the dark). They count as passable tunnel at the plain
  move cost; their terrain is not read;
- **felt rock**: dark cells a rat's move would have reached had they been open (they
  lie next to a cell of his reach, well within his move allowance, yet no legal move
  ends there): the walls he touched, or a crawl-only squeeze a running rat cannot
  tell from a wall. See :func:`feel`.

Every other cell is unknown and never part of a path. A **frontier** cell is a known
passable cell with an unknown cell one step away (orthogonally, or diagonally where the
two cells beside the corner are not both known rock): going there shows more tunnel.

Sight over unknown cells is judged the careful way: an unknown cell is taken as open,
so a hiding place is only trusted when known rock covers it.

Distances are in inches (the level's ``inches_per_tile``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from game.maps import grid
from game.rules.tunnel_rats.data import Stance
from game.rules.tunnel_rats.figures import Cell
from game.rules.tunnel_rats.world import Level

_NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))


class KnownLevel:
    """The rats' knowledge of one level at one moment (fields cached per source)."""

    def __init__(
        self,
        level: Level,
        explored: frozenset[Cell],
        felt: Iterable[Cell],
        felt_rock: Iterable[Cell] = (),
    ) -> None:
        self._level = level
        self.explored = explored
        self.felt = frozenset(c for c in felt if c not in explored)
        self.felt_rock = frozenset(c for c in felt_rock if c not in explored) - self.felt
        self.width = level.width
        self.height = level.height
        self.inches_per_tile = level.inches_per_tile
        self._fields: dict[Cell, dict[Cell, float]] = {}
        self._frontier: tuple[tuple[Cell, ...], tuple[Cell, ...]] | None = None

    # -- single cells ------------------------------------------------------------------
    def known(self, cell: Cell) -> bool:
        return cell in self.explored or cell in self.felt or cell in self.felt_rock

    def cost(self, cell: Cell) -> float | None:
        """Move cost of entering a known cell; None for rock and for unknown cells."""
        if cell in self.explored:
            t = self._level.terrain_at(cell)
            return t.move_cost if t is not None and t.passable else None
        if cell in self.felt:
            return 1.0
        return None

    def known_rock(self, cell: Cell) -> bool:
        """Known not to be enterable (explored rock, felt rock, or off the level)."""
        if not (0 <= cell[0] < self.width and 0 <= cell[1] < self.height):
            return True
        if cell in self.felt_rock:
            return True
        return cell in self.explored and self.cost(cell) is None

    def blocks_sight(self, cell: Cell) -> bool:
        """Known to block a line of sight (unknown cells count as open)."""
        return cell in self.explored and self._level.blocks_los(cell)

    # -- measuring ------------------------------------------------------------------------
    def distance(self, a: Cell, b: Cell) -> float:
        """Straight distance between cell centres, in inches (no layout needed)."""
        return grid.distance_inches(a, b, self.inches_per_tile)

    def sees(self, a: Cell, b: Cell, inches: float) -> bool:
        """Might a figure at ``a`` see ``b``, as far as the rats know?"""
        if self.distance(a, b) > inches + 1e-9:
            return False
        return grid.line_of_sight(a, b, self.blocks_sight)

    def field(self, source: Cell) -> dict[Cell, float]:
        """Walking distance (inches) between ``source`` and every known cell joined to
        it by known passable cells."""
        found = self._fields.get(source)
        if found is None:
            found = grid.reachable(
                source, math.inf, self.width, self.height, self.cost, self.inches_per_tile
            ).costs
            self._fields[source] = found
        return found

    def frontier(self) -> tuple[Cell, ...]:
        """Known passable cells with unknown ground a step away (row by row)."""
        return self._frontiers()[0]

    def soft_frontier(self) -> tuple[Cell, ...]:
        """Known passable cells whose only unknown neighbours were felt as rock: a
        crawl-only squeeze feels like rock to a running rat, so these are worth a
        look when nothing better is left."""
        return self._frontiers()[1]

    def _frontiers(self) -> tuple[tuple[Cell, ...], tuple[Cell, ...]]:
        if self._frontier is None:
            hard: list[Cell] = []
            soft: list[Cell] = []
            for cell in sorted(self.explored | self.felt, key=lambda c: (c[1], c[0])):
                if self.cost(cell) is None:
                    continue
                kind = self._borders_unknown(cell)
                if kind == 2:
                    hard.append(cell)
                elif kind == 1:
                    soft.append(cell)
            self._frontier = (tuple(hard), tuple(soft))
        return self._frontier

    def _borders_unknown(self, cell: Cell) -> int:
        """2: unknown ground a step away; 1: only felt rock; 0: nothing unknown."""
        x, y = cell
        found = 0
        for dx, dy in _NEIGHBOURS:
            n = (x + dx, y + dy)
            if not (0 <= n[0] < self.width and 0 <= n[1] < self.height):
                continue
            if n in self.explored or n in self.felt:
                continue
            if dx and dy and self._shut((x + dx, y)) and self._shut((x, y + dy)):
                continue  # no step squeezes between two rock corners
            if n not in self.felt_rock:
                return 2
            found = 1
        return found

    def _shut(self, cell: Cell) -> bool:
        return self.known_rock(cell)


def feel(
    level: Level,
    explored: frozenset[Cell],
    start: Cell,
    moves: Iterable[tuple[Cell, Stance]],
    budgets: dict[Stance, float],
    blocked: Iterable[Cell],
) -> tuple[frozenset[Cell], frozenset[Cell]]:
    """What one rat's legal moves tell about the dark around him: (felt open cells,
    felt rock). ``moves`` are his legal move ends with their stances, ``budgets`` the
    inches each stance allows, ``blocked`` the cells his moves may not pass (figures
    he knows of, known traps).

    Only his most far-reaching stance is read. A dark cell next to a cell of that
    reach counts as rock when even the dearest terrain (twice the cost, for both
    steps) would have left it within the allowance and still no move ends there.
    That is a belief, not a proof: a crawl-only opening beside a tunnel takes no
    running figure and so feels like rock to a running rat. His own crawling moves,
    or the flashlight, show it again, and routes towards a goal still try such
    "soft" frontiers (see :meth:`KnownLevel.soft_frontier`)."""
    by_stance: dict[Stance, set[Cell]] = {}
    for cell, stance in moves:
        by_stance.setdefault(stance, set()).add(cell)
    opened = frozenset(c for cells in by_stance.values() for c in cells if c not in explored)
    if not by_stance:
        return opened, frozenset()
    stance = max(by_stance, key=lambda s: (budgets.get(s, 0.0), s.rank))
    budget = budgets.get(stance, 0.0)
    ends = by_stance[stance]
    stop = frozenset(blocked)

    def cost(cell: Cell) -> float | None:
        if cell in stop:
            return None
        if cell in explored:
            t = level.terrain_at(cell)
            if t is None or not t.passable:
                return None
            if t.max_stance is not None and Stance(t.max_stance).rank < stance.rank:
                return None
            return t.move_cost
        return 2.0 if cell in ends else None

    ipt = level.inches_per_tile
    reach = grid.reachable(start, budget, level.width, level.height, cost, ipt)
    rock: set[Cell] = set()
    for (x, y), spent in reach.costs.items():
        for dx, dy in _NEIGHBOURS:
            n = (x + dx, y + dy)
            if n in explored or n in opened or n in rock or n in stop:
                continue
            if not (0 <= n[0] < level.width and 0 <= n[1] < level.height):
                continue
            if dx and dy and cost((x + dx, y)) is None and cost((x, y + dy)) is None:
                continue  # a diagonal squeeze: his move could not have gone that way
            step = grid.DIAGONAL if dx and dy else 1.0
            if spent + 2.0 * step * ipt <= budget - 1e-6:
                rock.add(n)
    return opened, frozenset(rock)
