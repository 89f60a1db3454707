"""The quick measuring tests answer exactly as the measures they stand for:
``touching(a, b)`` is ``gap(a, b) <= 0`` and ``path_gap_below(s, e, m, r)`` is
``path_gap(s, e, m) < r``, for round bases and hulls near, touching and far apart."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.maps.tabletop_measure import (
    Hull,
    Model,
    RoundBase,
    gap,
    path_gap,
    path_gap_below,
    touching,
)

coord = st.integers(0, 1200)
points = st.tuples(coord, coord)
bases = st.builds(RoundBase, points, st.integers(1, 150))
hulls = st.builds(
    Hull, points, st.integers(100, 700), st.integers(80, 400), st.integers(0, 359).map(float)
)
models = st.one_of(bases, hulls)


@settings(max_examples=300, deadline=None)
@given(a=models, b=models)
def test_touching_is_a_gap_of_nothing(a: Model, b: Model) -> None:
    assert touching(a, b) == (gap(a, b) <= 0)


@settings(max_examples=300, deadline=None)
@given(start=points, end=points, model=models, limit=st.integers(0, 300))
def test_path_gap_below_is_path_gap_under_the_limit(
    start: tuple[int, int], end: tuple[int, int], model: Model, limit: int
) -> None:
    assert path_gap_below(start, end, model, limit) == (path_gap(start, end, model) < limit)
