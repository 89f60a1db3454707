"""Hex geometry: coordinates, distance, neighbours, lines, picking and labels."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.errors import MapError
from game.maps.hexgrid import (
    HexGrid,
    cube_distance,
    cube_line,
    hex_label,
    parse_hex_label,
)

LAYOUTS = [
    HexGrid(axis, index, tw, th, side)  # type: ignore[arg-type]
    for axis, tw, th, side in (("x", 64, 56, 32), ("y", 56, 64, 32), ("x", 8, 8, 4), ("y", 8, 8, 4))
    for index in ("odd", "even")
]

grids = st.sampled_from(LAYOUTS)
cells = st.tuples(st.integers(-30, 30), st.integers(-30, 30))


@given(grids, cells)
def test_hex_offset_cube_round_trip(grid: HexGrid, cell: tuple[int, int]) -> None:
    """Every Tiled cell has one cube coordinate (q + r + s = 0) and converts back."""
    cube = grid.to_cube(cell)
    assert sum(cube) == 0
    assert grid.from_cube(cube) == cell


@given(grids, cells, cells, cells)
def test_hex_distance_is_a_metric(
    grid: HexGrid, a: tuple[int, int], b: tuple[int, int], c: tuple[int, int]
) -> None:
    """Hex distance: zero only to itself, symmetric, and no detour is shorter."""
    assert (grid.distance(a, b) == 0) == (a == b)
    assert grid.distance(a, b) == grid.distance(b, a)
    assert grid.distance(a, c) <= grid.distance(a, b) + grid.distance(b, c)


@given(grids, cells)
def test_hex_neighbours_are_the_six_hexes_at_distance_one(
    grid: HexGrid, cell: tuple[int, int]
) -> None:
    """A hex has six distinct neighbours, each one step away and adjacent back."""
    ns = grid.neighbours(cell)
    assert len(set(ns)) == 6
    for n in ns:
        assert grid.distance(cell, n) == 1
        assert cell in grid.neighbours(n)


@given(grids, cells)
def test_hex_neighbours_match_tiled_pixel_layout(grid: HexGrid, cell: tuple[int, int]) -> None:
    """The six neighbours are exactly the six nearest hex centres in Tiled's drawing."""
    cx, cy = grid.centre(cell)
    around = [(cell[0] + dx, cell[1] + dy) for dx in range(-2, 3) for dy in range(-2, 3)]
    around.remove(cell)
    around.sort(key=lambda h: (grid.centre(h)[0] - cx) ** 2 + (grid.centre(h)[1] - cy) ** 2)
    assert set(around[:6]) == set(grid.neighbours(cell))


@given(grids, cells, cells, st.tuples(st.integers(-5, 5), st.integers(-5, 5)))
def test_hex_pixel_centres_are_a_lattice(
    grid: HexGrid, a: tuple[int, int], b: tuple[int, int], step: tuple[int, int]
) -> None:
    """Moving by the same cube vector moves a hex centre by the same pixels anywhere,
    so our stagger conversion agrees with Tiled's renderer."""
    q, r = step
    d = (q, r, -q - r)

    def moved(cell: tuple[int, int]) -> tuple[int, int]:
        c = grid.to_cube(cell)
        return grid.from_cube((c[0] + d[0], c[1] + d[1], c[2] + d[2]))

    ax, ay = grid.centre(a)
    a2x, a2y = grid.centre(moved(a))
    bx, by = grid.centre(b)
    b2x, b2y = grid.centre(moved(b))
    assert (a2x - ax, a2y - ay) == (b2x - bx, b2y - by)


@settings(max_examples=300)
@given(grids, cells, st.floats(0, 1), st.floats(0, 1))
def test_hex_pick_round_trip(grid: HexGrid, cell: tuple[int, int], fx: float, fy: float) -> None:
    """Clicking anywhere closer to a hex centre than half the neighbour spacing picks it."""
    cx, cy = grid.centre(cell)
    spacing = min(
        ((grid.centre(n)[0] - cx) ** 2 + (grid.centre(n)[1] - cy) ** 2) ** 0.5
        for n in grid.neighbours(cell)
    )
    radius = spacing / 2 * 0.999
    x, y = cx + (fx * 2 - 1) * radius / 1.5, cy + (fy * 2 - 1) * radius / 1.5
    assert grid.pick(cx, cy) == cell
    assert grid.pick(x, y) == cell


@given(grids, cells, st.floats(-1, 1), st.floats(-1, 1))
def test_hex_pick_is_the_nearest_centre(
    grid: HexGrid, cell: tuple[int, int], fx: float, fy: float
) -> None:
    """Any pixel picks a hex whose centre is at least as near as every neighbour's."""
    cx, cy = grid.centre(cell)
    x, y = cx + fx * grid.tile_width, cy + fy * grid.tile_height
    picked = grid.pick(x, y)
    px, py = grid.centre(picked)
    best = (px - x) ** 2 + (py - y) ** 2
    for n in (*grid.neighbours(picked), cell):
        nx, ny = grid.centre(n)
        assert best <= (nx - x) ** 2 + (ny - y) ** 2 + 1e-9


def test_hex_pick_on_an_edge_is_repeatable() -> None:
    """A click exactly on the edge between two hexes picks one of them, always the same."""
    grid = HexGrid("x", "odd", 64, 56, 32)
    a, b = (2, 2), (2, 3)  # vertical neighbours share a horizontal edge
    (ax, ay), (bx, by) = grid.centre(a), grid.centre(b)
    mid = ((ax + bx) / 2, (ay + by) / 2)
    assert grid.pick(*mid) in (a, b)
    assert grid.pick(*mid) == grid.pick(*mid)


def test_hex_pixel_size_matches_tmxrasterizer() -> None:
    """Map pixel sizes equal what Tiled's tmxrasterizer produced for our test maps."""
    assert HexGrid("x", "odd", 8, 8, 4).map_pixel_size(4, 3) == (26, 28)
    assert HexGrid("y", "even", 8, 8, 4).map_pixel_size(4, 3) == (36, 20)


@given(grids, cells, cells)
def test_hex_line_runs_from_firer_to_target(
    grid: HexGrid, a: tuple[int, int], b: tuple[int, int]
) -> None:
    """A line of sight has one entry per hex step (distance + 1), starts in the firer's
    hex, ends in the target's, and either candidate path steps hex to adjacent hex."""
    line = grid.line(a, b)
    assert len(line) == grid.distance(a, b) + 1
    assert line[0] == (a,) and line[-1] == (b,)
    for pick in (0, -1):
        path = [step[pick] for step in line]
        for p, q in zip(path, path[1:], strict=False):
            assert grid.distance(p, q) == 1
    for step in line:
        assert 1 <= len(step) <= 2
        if len(step) == 2:
            assert grid.distance(step[0], step[1]) == 1


@given(
    grids,
    cells,
    st.sampled_from([(1, 1, -2), (2, -1, -1), (1, -2, 1), (-1, -1, 2)]),
    st.integers(1, 4),
)
def test_hex_line_along_an_edge_offers_both_hexes(
    grid: HexGrid, a: tuple[int, int], direction: tuple[int, int, int], k: int
) -> None:
    """A line in a corner direction runs along hex edges: every other step offers the
    two hexes on either side of the edge."""
    ca = grid.to_cube(a)
    cb = (ca[0] + direction[0] * k, ca[1] + direction[1] * k, ca[2] + direction[2] * k)
    line = grid.line(a, grid.from_cube(cb))
    assert [len(s) for s in line] == [1, 2] * (len(line) // 2) + [1]


def _edge_case() -> tuple[HexGrid, tuple[int, int], tuple[int, int], tuple[tuple[int, int], ...]]:
    grid = HexGrid("x", "odd", 64, 56, 32)
    a = (3, 3)
    ca = grid.to_cube(a)
    b = grid.from_cube((ca[0] + 1, ca[1] + 1, ca[2] - 2))
    line = grid.line(a, b)
    assert len(line) == 3 and len(line[1]) == 2
    return grid, a, b, line[1]


def test_65_los_along_hexside_needs_both_hexes_blocking() -> None:
    """'65 line of sight: a line along a hexside is blocked only when the hexes on
    both sides of it are blocking terrain."""
    grid, a, b, (left, right) = _edge_case()
    assert not grid.line_blocked(a, b, lambda h: h == left)
    assert not grid.line_blocked(a, b, lambda h: h == right)
    assert grid.line_blocked(a, b, lambda h: h in (left, right))


def test_65_los_firer_and_target_hexes_never_block() -> None:
    """'65 line of sight: the firer's and the target's own hexes do not block it."""
    grid = HexGrid("y", "even", 56, 64, 32)
    a, b = (1, 1), (5, 1)
    assert not grid.line_blocked(a, b, lambda h: h in (a, b))
    middle = grid.line(a, b)[2][0]
    assert grid.line_blocked(a, b, lambda h: h == middle)


def test_cube_line_of_one_hex() -> None:
    """A hex sees itself: the line is just that hex."""
    assert cube_line((0, 0, 0), (0, 0, 0)) == [((0, 0, 0),)]
    assert cube_distance((0, 0, 0), (2, -1, -1)) == 2


@given(st.tuples(st.integers(0, 800), st.integers(0, 98)))
def test_hex_label_round_trip(cell: tuple[int, int]) -> None:
    """Hex labels (column letters, row number) parse back to the same hex."""
    assert parse_hex_label(hex_label(cell)) == cell


def test_hex_labels_letters_then_row_from_one() -> None:
    """Labels: column letters A.. (no letter skipped), rows numbered from 1."""
    assert hex_label((4, 2)) == "E3"
    assert hex_label((0, 0)) == "A1"
    assert hex_label((8, 0)) == "I1"  # I is not skipped
    assert hex_label((25, 9)) == "Z10"
    assert hex_label((26, 0)) == "AA1"
    assert parse_hex_label("e3") == (4, 2)


@pytest.mark.parametrize("text", ["", "E", "3", "E0", "3E", "E-1", "É3"])
def test_hex_label_rejects_nonsense(text: str) -> None:
    """Text that is not letters followed by a row number >= 1 is refused clearly."""
    with pytest.raises(MapError, match="not a hex label"):
        parse_hex_label(text)


def test_65_los_degrading_hexes_counted_with_edge_rule() -> None:
    """'65: degrading terrain counts per intervening hex; along a hexside it counts only
    when the hexes on both sides degrade, and the end hexes never count."""
    grid, a, b, (left, right) = _edge_case()
    assert grid.line_count(a, b, lambda h: h == left) == 0
    assert grid.line_count(a, b, lambda h: h in (left, right)) == 1
    assert grid.line_count(a, b, lambda h: True) == 1
    straight = HexGrid("y", "odd", 56, 64, 32)
    assert straight.line_count((0, 0), (4, 0), lambda h: True) == 3
