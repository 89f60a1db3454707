"""Square-grid geometry of measured maps: distance, paths, movement ranges, sight."""

from __future__ import annotations

import math

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from game.maps.grid import (
    DIAGONAL,
    distance_inches,
    line_of_sight,
    line_steps,
    path_length,
    reachable,
    supercover_line,
)

W, H = 7, 6
cells = st.tuples(st.integers(0, W - 1), st.integers(0, H - 1))


def open_floor(cell: tuple[int, int]) -> float | None:
    return 1.0


def walls(*blocked: tuple[int, int]):  # type: ignore[no-untyped-def]
    def cost(cell: tuple[int, int]) -> float | None:
        return None if cell in blocked else 1.0

    return cost


@given(cells, cells, cells)
def test_tr_measured_distance_is_euclidean_in_inches(a, b, c) -> None:  # type: ignore[no-untyped-def]
    """Tunnel maps are measured centre to centre in inches (tiles x inches_per_tile)."""
    assert distance_inches(a, b, 1.5) == pytest.approx(math.dist(a, b) * 1.5)
    assert distance_inches(a, b) == distance_inches(b, a)
    assert distance_inches(a, c) <= distance_inches(a, b) + distance_inches(b, c) + 1e-9


@given(cells, cells)
def test_tr_open_ground_path_uses_diagonals(a, b) -> None:  # type: ignore[no-untyped-def]
    """On open ground a path costs 1 per straight step and 1.414 per diagonal step."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    expected = min(dx, dy) * DIAGONAL + abs(dx - dy)
    assert path_length(a, b, W, H, open_floor) == pytest.approx(expected)


@given(cells, cells)
def test_tr_path_length_symmetric(a, b) -> None:  # type: ignore[no-untyped-def]
    """Moving from a to b costs the same as from b to a when costs are uniform."""
    cost = walls((3, 0), (3, 1), (3, 2), (3, 3))
    assume(cost(a) is not None and cost(b) is not None)
    there, back = path_length(a, b, W, H, cost), path_length(b, a, W, H, cost)
    assert (there is None) == (back is None)
    if there is not None:
        assert there == pytest.approx(back)


def test_tr_no_corner_cutting_between_two_walls() -> None:
    """A diagonal step may not squeeze between two blocked cells."""
    cost = walls((1, 0), (0, 1))
    assert path_length((0, 0), (1, 1), 2, 2, cost) is None
    # one blocked side is fine: the step slips past the corner
    assert path_length((0, 0), (1, 1), 2, 2, walls((1, 0))) == pytest.approx(DIAGONAL)


def test_tr_move_cost_multiplies_distance() -> None:
    """Terrain with move_cost 2 counts every inch moved into it double."""

    def cost(cell: tuple[int, int]) -> float | None:
        return 2.0 if cell == (1, 0) else 1.0

    assert path_length((0, 0), (1, 0), 3, 1, cost) == pytest.approx(2.0)
    assert path_length((0, 0), (2, 0), 3, 1, cost) == pytest.approx(3.0)


def test_tr_movement_range_within_budget() -> None:
    """Reachable cells: every path cost is within the budget and paths are real steps."""
    reach = reachable((0, 0), 2.0, W, H, walls((1, 1)), inches_per_tile=1.0)
    assert reach.costs[(0, 0)] == 0
    assert (2, 0) in reach.costs and (0, 2) in reach.costs
    assert (3, 0) not in reach.costs  # 3 inches away
    assert (2, 2) not in reach.costs  # needs 2 x 1.414 but (1,1) is blocked anyway
    assert all(c <= 2.0 + 1e-9 for c in reach.costs.values())
    path = reach.path((2, 0))
    assert path == [(0, 0), (1, 0), (2, 0)]
    assert reach.path((6, 5)) == []


@given(cells, st.floats(0, 8))
def test_tr_movement_range_paths_cost_what_they_say(start, budget) -> None:  # type: ignore[no-untyped-def]
    """Every reachable cell's path is made of legal steps adding up to its cost."""
    cost = walls((2, 2), (3, 2), (4, 2))
    if start in ((2, 2), (3, 2), (4, 2)):
        return
    reach = reachable(start, budget, W, H, cost, inches_per_tile=0.5)
    for cell, spent in reach.costs.items():
        path = reach.path(cell)
        assert path[0] == start and path[-1] == cell
        total = sum(
            (DIAGONAL if p[0] != q[0] and p[1] != q[1] else 1.0) * 0.5
            for p, q in zip(path, path[1:], strict=False)
        )
        assert total == pytest.approx(spent)
        assert spent <= budget + 1e-9


@given(cells, cells)
def test_tr_los_line_touches_every_cell_from_end_to_end(a, b) -> None:  # type: ignore[no-untyped-def]
    """The sight line starts in the spotter's cell, ends in the target's, and each cell
    it touches shares a side or corner with the previous one."""
    line = supercover_line(a, b)
    assert line[0] == a and line[-1] == b
    for p, q in zip(line, line[1:], strict=False):
        assert max(abs(p[0] - q[0]), abs(p[1] - q[1])) == 1
    assert set(supercover_line(b, a)) == set(line)


def test_tr_los_blocked_by_wall_between() -> None:
    """A wall cell on the line blocks sight; the end cells themselves never do."""
    assert not line_of_sight((0, 0), (4, 0), lambda c: c == (2, 0))
    assert line_of_sight((0, 0), (4, 0), lambda c: c in ((0, 0), (4, 0)))
    assert line_of_sight((0, 0), (4, 0), lambda c: c == (2, 1))


def test_tr_los_through_a_corner_needs_both_sides_blocked() -> None:
    """A line passing exactly through a grid corner is blocked only if both cells
    beside that corner block (as with movement)."""
    steps = line_steps((0, 0), (2, 2))
    assert steps[1] == ((1, 0), (0, 1))
    assert line_of_sight((0, 0), (2, 2), lambda c: c == (1, 0))
    assert not line_of_sight((0, 0), (2, 2), lambda c: c in ((1, 0), (0, 1)))
    assert not line_of_sight((0, 0), (2, 2), lambda c: c == (1, 1))


def test_tr_los_grazing_line_touches_both_cells() -> None:
    """A shallow line touches each cell it crosses, not just one per column."""
    assert supercover_line((0, 0), (4, 1)) == [(0, 0), (1, 0), (2, 0), (2, 1), (3, 1), (4, 1)]


def test_tr_movement_and_sight_on_a_loaded_map() -> None:
    """On a loaded tunnel map, rock stops movement and sight, rubble doubles the cost,
    and distances scale by the map's inches_per_tile (1.5 on this test map)."""
    from pathlib import Path

    from game.maps import load_map, load_terrain_table
    from game.maps.grid import map_line_of_sight, map_reachable

    data = Path(__file__).parent / "data" / "maps"
    game_map = load_map(data / "enc_csv.tmx", terrain=load_terrain_table(data / "terrain.yaml"))
    reach = map_reachable(game_map, (0, 0), 3.0)
    assert reach.costs[(1, 0)] == pytest.approx(1.5)
    assert reach.costs[(0, 2)] == pytest.approx(3.0)
    assert (2, 0) not in reach.costs  # rock
    assert (1, 1) not in reach.costs  # rubble: 1.414 x 2 x 1.5 = 4.24 inches
    assert not map_line_of_sight(game_map, (0, 0), (3, 0))
    assert map_line_of_sight(game_map, (0, 2), (3, 2))
    assert game_map.pixel_size == (32, 24)
    assert game_map.cell_at_pixel(31.9, 0) == (3, 0) and game_map.cell_at_pixel(32, 0) is None
