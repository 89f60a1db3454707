"""Tabletop geometry's batched and remembered answers equal the plain ones.

``sight_many`` traces many pairs at once and ``indices_at`` remembers which pieces a
model stands in; both must answer exactly as a fresh geometry asked one pair (one model)
at a time, on a shipped map and on the 60-piece bench table, with vehicles and
obstacles.
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from game.maps.tabletop import load_table
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
