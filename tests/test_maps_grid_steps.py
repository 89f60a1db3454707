"""Precomputed grid steps (game.maps.grid_steps) give exactly grid.reachable's answers,
and stops outside a reach's region never change it (so the memo keyed by the region's
stops is never stale)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.maps import grid, grid_steps
from game.maps.model import Cell

W, H = 7, 6
cells = st.tuples(st.integers(0, W - 1), st.integers(0, H - 1))
# None: rock; otherwise a move_cost (1 tunnel, 2 water).
terrains = st.lists(st.sampled_from([None, 1.0, 1.0, 1.0, 2.0]), min_size=W * H, max_size=W * H)


def _factor(terrain: list[float | None]) -> dict[Cell, float]:
    return {(i % W, i // W): f for i, f in enumerate(terrain) if f is not None}


@settings(max_examples=150, deadline=None)
@given(
    terrain=terrains,
    start=cells,
    budget=st.sampled_from([0.0, 1.0, 2.0, 4.0, 6.0, 9.5]),
    stop=st.sets(cells, max_size=6),
    inches_per_tile=st.sampled_from([1.0, 0.5]),
)
def test_step_table_reach_equals_grid_reachable(
    terrain: list[float | None], start: Cell, budget: float, stop: set[Cell], inches_per_tile: float
) -> None:
    factor = _factor(terrain)
    stop.discard(start)

    def cost(cell: Cell) -> float | None:
        return None if cell in stop else factor.get(cell)

    expected = grid.reachable(start, budget, W, H, cost, inches_per_tile)
    table = grid_steps.step_table(W, H, factor, inches_per_tile)
    got = grid_steps.reachable_within(table, start, budget, stop)
    assert got.costs == expected.costs
    assert got.parents == expected.parents


@settings(max_examples=150, deadline=None)
@given(terrain=terrains, start=cells, stop=st.sets(cells, max_size=8))
def test_stops_outside_the_region_leave_the_reach_unchanged(
    terrain: list[float | None], start: Cell, stop: set[Cell]
) -> None:
    table = grid_steps.step_table(W, H, _factor(terrain))
    free = grid_steps.reachable_within(table, start, 4.0, frozenset())
    region = grid_steps.reach_region(table, free)
    stop.discard(start)
    full = grid_steps.reachable_within(table, start, 4.0, stop)
    near = grid_steps.reachable_within(table, start, 4.0, stop & region)
    assert full.costs == near.costs and full.parents == near.parents


def test_a_diagonal_step_needs_one_open_corner() -> None:
    """Tunnel movement: no squeezing diagonally between two blocked cells; a figure in
    one corner cell is enough to close a diagonal whose other corner is rock."""
    factor = {(0, 0): 1.0, (1, 1): 1.0, (1, 0): 1.0}
    table = grid_steps.step_table(2, 2, factor)
    assert (1, 1) in grid_steps.reachable_within(table, (0, 0), 1.5, frozenset()).costs
    blocked = grid_steps.reachable_within(table, (0, 0), 1.5, {(1, 0)})
    assert (1, 1) not in blocked.costs
