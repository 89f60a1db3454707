"""Boards of several '65 hex maps laid side by side."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core.errors import MapError
from game.maps import load_map, load_terrain_table
from game.maps.board import Board, BoardMap
from game.maps.hexgrid import HexGrid

DATA = Path(__file__).parent / "data" / "maps"
GRID = HexGrid("x", "odd", 64, 56, 32)
# Three 5 x 4 maps in a row; map 3 starts at an odd column (lattice-shifted placement).
BOARD = Board(
    GRID,
    [BoardMap("1", 5, 4, (0, 0)), BoardMap("2", 5, 4, (5, 0)), BoardMap("3", 5, 4, (10, 0))],
)
hexes = st.sampled_from(list(BOARD.hexes()))


def test_65_board_hex_ids_carry_the_map_number() -> None:
    """On a board, hex C4 of map 2 is called 2C4."""
    assert BOARD.hex_id(("2", (2, 3))) == "2C4"
    assert BOARD.parse_id("2C4") == ("2", (2, 3))
    with pytest.raises(MapError, match="board has no hex"):
        BOARD.parse_id("4A1")
    with pytest.raises(MapError, match="not a board hex id"):
        BOARD.parse_id("C4")


@given(hexes)
def test_65_board_ids_round_trip(h: tuple[str, tuple[int, int]]) -> None:
    """Every board hex's id parses back to the same hex."""
    assert BOARD.parse_id(BOARD.hex_id(h)) == h


def test_65_board_adjacency_crosses_map_edges() -> None:
    """The last column of map 1 touches the first column of map 2."""
    assert ("2", (0, 1)) in BOARD.neighbours(("1", (4, 1)))
    assert BOARD.distance(("1", (4, 1)), ("2", (0, 1))) == 1
    assert BOARD.distance(("1", (0, 0)), ("3", (0, 0))) == 10


@given(hexes, hexes, hexes)
def test_65_board_distance_is_a_metric(a, b, c) -> None:  # type: ignore[no-untyped-def]
    """Board distance: symmetric, zero only to itself, triangle inequality."""
    assert BOARD.distance(a, b) == BOARD.distance(b, a)
    assert (BOARD.distance(a, b) == 0) == (a == b)
    assert BOARD.distance(a, c) <= BOARD.distance(a, b) + BOARD.distance(b, c)


@given(hexes)
def test_65_board_neighbours_at_distance_one(h) -> None:  # type: ignore[no-untyped-def]
    """Neighbours on the board are one step away and at most six."""
    ns = BOARD.neighbours(h)
    assert 2 <= len(ns) <= 6
    assert all(BOARD.distance(h, n) == 1 for n in ns)


@given(hexes, hexes)
def test_65_board_lines_cross_maps(a, b) -> None:  # type: ignore[no-untyped-def]
    """Lines across the board: distance + 1 steps from firer to target."""
    line = BOARD.line(a, b)
    assert len(line) == BOARD.distance(a, b) + 1
    assert line[0] == (a,) and line[-1] == (b,)


def test_65_board_line_blocked_by_hex_on_other_map() -> None:
    """Blocking terrain on a neighbouring map blocks a line that crosses it."""
    a, b = ("1", (3, 1)), ("2", (1, 1))
    middle = BOARD.line(a, b)[1]
    assert len(middle) == 1 and middle[0] is not None and middle[0][0] in ("1", "2")
    assert BOARD.line_blocked(a, b, lambda h: h == middle[0])
    assert not BOARD.line_blocked(a, b, lambda h: h in (a, b))
    assert BOARD.line_count(("1", (0, 1)), ("3", (0, 1)), lambda h: True) == 9


def test_65_board_pixels_follow_placement() -> None:
    """Board pixels: a hex centre picks back to the same hex; maps are shifted whole."""
    for h in BOARD.hexes():
        assert BOARD.pick(*BOARD.centre(h)) == h
    ox, oy = BOARD.map_origin("2")
    cx, cy = GRID.centre((3, 2))
    assert BOARD.centre(("2", (3, 2))) == (cx + ox, cy + oy)


def test_65_board_refuses_overlaps_and_bad_ids() -> None:
    """Maps may not overlap, and map ids are numbers used once."""
    with pytest.raises(MapError, match="overlaps"):
        Board(GRID, [BoardMap("1", 5, 4), BoardMap("2", 5, 4, (4, 0))])
    with pytest.raises(MapError, match="used twice"):
        Board(GRID, [BoardMap("1", 5, 4), BoardMap("1", 5, 4, (5, 0))])
    with pytest.raises(MapError, match="must be a number"):
        Board(GRID, [BoardMap("A", 5, 4)])


def test_65_board_from_loaded_maps_reads_terrain() -> None:
    """A board built from loaded maps reports each hex's terrain."""
    table = load_terrain_table(DATA / "terrain.yaml")
    left = load_map(DATA / "hex_x_odd.tmx", terrain=table)
    right = load_map(DATA / "hex_x_odd.tmx", terrain=table)
    board = Board.from_maps([(left, (0, 0)), (right, (4, 0))])
    assert [bm.map_id for bm in board.maps] == ["1", "2"]
    terrain = board.terrain_at(("2", (2, 0)))
    assert terrain is not None and terrain.id == "rock"
    with pytest.raises(MapError, match="hexagonal"):
        Board.from_maps([(load_map(DATA / "enc_csv.tmx", terrain=table), (0, 0))])
