"""Tabletop geometry's batched and remembered answers equal the plain ones.

``sight_many`` traces many pairs at once and ``indices_at`` remembers which pieces a
model stands in; both must answer exactly as a fresh geometry asked one pair (one model)
at a time, on a shipped map and on the 60-piece bench table, with vehicles and
obstacles.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.maps.tabletop import MOVEMENT_TYPES, MovementType, load_table
from game.maps.tabletop_bench import crowded_table
from game.maps.tabletop_geometry import Obstacle, SightQuery, TableGeometry
from game.maps.tabletop_measure import Hull, Model, RoundBase

ROOT = Path(__file__).resolve().parent.parent
TABLES = (load_table(ROOT / "maps" / "tabletop" / "hedgerow_farm.tmx"), crowded_table(60))
SHARED = tuple(TableGeometry(t) for t in TABLES)  # remembers across examples

coords = st.integers(0, 4800)
centres = st.tuples(coords, coords)
models: st.SearchStrategy[Model] = st.one_of(
    st.builds(RoundBase, centres, st.sampled_from((40, 50, 75))),
    st.builds(
        Hull,
        centres,
        st.integers(100, 450),
        st.integers(80, 250),
        st.integers(0, 359).map(float),
    ),
)
queries = st.builds(
    SightQuery,
    models,
    models,
    st.sampled_from((1.0, 2.5)),
    st.sampled_from((0.8, 1.0, 3.0)),
    st.lists(st.builds(Obstacle, models, st.sampled_from((0.4, 1.0, 2.5))), max_size=2).map(tuple),
)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from((0, 1)), st.lists(queries, min_size=1, max_size=12))
def test_prop_sight_many_answers_as_each_pair_alone(table: int, batch: list[SightQuery]) -> None:
    together = SHARED[table].sight_many(batch)
    fresh = TableGeometry(TABLES[table])
    alone = [
        fresh.sight(
            q.viewer,
            q.target,
            viewer_height=q.viewer_height,
            target_height=q.target_height,
            obstacles=q.obstacles,
        )
        for q in batch
    ]
    assert together == alone


@settings(max_examples=60, deadline=None)
@given(st.sampled_from((0, 1)), models)
def test_prop_remembered_pieces_at_equal_a_fresh_answer(table: int, model: Model) -> None:
    first = SHARED[table].pieces_at(model)
    assert SHARED[table].pieces_at(model) == first  # now from the memo
    assert TableGeometry(TABLES[table]).pieces_at(model) == first


def test_sight_many_of_nothing_is_nothing() -> None:
    assert SHARED[0].sight_many([]) == []


movements: st.SearchStrategy[MovementType] = st.sampled_from(MOVEMENT_TYPES)
offsets = st.tuples(st.integers(-900, 900), st.integers(-900, 900))


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from((0, 1)),
    centres,
    st.lists(offsets, max_size=20),
    st.sampled_from((40, 50, 100)),
    movements,
)
def test_prop_moves_checked_together_equal_moves_one_by_one(
    table: int,
    start: tuple[int, int],
    steps: list[tuple[int, int]],
    radius: int,
    movement: MovementType,
) -> None:
    ends = [(start[0] + dx, start[1] + dy) for dx, dy in steps] + [start]
    together = SHARED[table].moves_from(start, ends, radius=radius, movement=movement)
    fresh = TableGeometry(TABLES[table])
    alone = [fresh.move(start, e, radius=radius, movement=movement) for e in ends]
    assert together == alone


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from((0, 1)),
    centres,
    st.lists(centres, max_size=2),
    st.lists(centres, max_size=1),
    st.sampled_from((300, 600, 900)),
    st.sampled_from((0, 1, 2)),
    movements,
)
def test_prop_remembered_destinations_equal_fresh_ones(
    table: int,
    start: tuple[int, int],
    toward: list[tuple[int, int]],
    away: list[tuple[int, int]],
    reach: int,
    road: int,
    movement: MovementType,
) -> None:
    """The table part of the destinations is remembered by start alone and reused for
    other points to head for: the answer is a fresh geometry's."""
    geometry, fresh = SHARED[table], TableGeometry(TABLES[table])
    geometry.move_candidates(start, reach, toward=[(0, 0)], movement=movement)
    remembered = geometry.move_candidates(
        start, reach, toward=toward, away=away, road_reach=road * reach, movement=movement
    )
    assert remembered == fresh.move_candidates(
        start, reach, toward=toward, away=away, road_reach=road * reach, movement=movement
    )


def test_moves_from_survives_the_memo_filling_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """When the remembered moves reach their limit mid-call the memo is cleared; the
    moves found remembered before the clearing are checked again, not lost (a
    5.56mm table once raised KeyError here late in a long run)."""

    import game.maps.tabletop_geometry as geometry_module

    monkeypatch.setattr(geometry_module, "MOVE_MEMO_LIMIT", 3)
    geometry = TableGeometry(TABLES[0])
    start = (2400, 2400)
    ends = [(2400 + 100 * k, 2400) for k in range(1, 4)]
    geometry.moves_from(start, ends[:2])  # two remembered
    checks = geometry.moves_from(start, ends)  # one more fills the memo: cleared
    fresh = TableGeometry(TABLES[0])
    assert checks == [fresh.move(start, e) for e in ends]
