"""The shared tabletop sampler: destinations within reach, the actor / kind / target
draw with its fallback to an actor's listed actions."""

from __future__ import annotations

import math
from dataclasses import dataclass

from hypothesis import given
from hypothesis import strategies as st

from game.core.api import Action
from game.core.rng import Rng
from game.maps.tabletop_sampling import Kind, draw_action, random_destination, random_in_reach


@dataclass(frozen=True)
class Pick(Action):
    form = "pick {name}"
    name: str


@given(
    seed=st.integers(0, 2**32),
    x=st.integers(0, 4800),
    y=st.integers(0, 4800),
    reach=st.integers(1, 2400),
)
def test_destinations_lie_within_reach_and_repeat(seed: int, x: int, y: int, reach: int) -> None:
    toward = [(0, 0), (4800, 2400)]
    point = random_destination(Rng(seed), (x, y), reach, toward=toward)
    assert math.dist(point, (x, y)) <= reach + 1  # rounding to whole hundredths
    assert random_destination(Rng(seed), (x, y), reach, toward=toward) == point


def test_a_heading_keeps_destinations_within_its_spread() -> None:
    """Reversing: every point lies behind the model (within 90 deg of its back)."""
    for seed in range(200):
        x, y = random_destination(Rng(seed), (1000, 1000), 300, heading=180.0, spread=90.0)
        assert x <= 1000


def test_heading_for_a_point_stops_at_it() -> None:
    """A destination toward a point nearer than the reach never passes it."""
    ends = {random_destination(Rng(s), (0, 0), 1000, toward=[(0, 300)]) for s in range(100)}
    assert (0, 300) in ends
    assert all(x == 0 and 0 <= y <= 300 for x, y in ends if x == 0)


def test_random_in_reach_picks_only_what_is_near() -> None:
    gaps = {"a": 5.0, "b": 50.0, "c": 7.0}
    drawn = {random_in_reach(Rng(s), list(gaps), gaps.__getitem__, 10) for s in range(50)}
    assert drawn == {"a", "c"}
    assert random_in_reach(Rng(0), list(gaps), gaps.__getitem__, 1) is None


def test_a_failing_actor_falls_back_to_its_listed_actions() -> None:
    """Draws that are never legal: the actor's listed (legal) actions are chosen."""
    listed = {"x": [Pick("x1"), Pick("x2")]}
    drawn = draw_action(
        Rng(3),
        ["x"],
        lambda a: [Kind(1.0, lambda rng: Pick("illegal"))],
        lambda a: listed[a],
        lambda action: action != Pick("illegal"),
    )
    assert drawn in listed["x"]


def test_an_actor_with_nothing_is_passed_over() -> None:
    """Actor "empty" has no legal action (its exhaustive kind finds none and is never
    listed); the draw always ends with the other actor."""
    asked: list[str] = []

    def listed(actor: str) -> list[Action]:
        asked.append(actor)
        return []

    def kinds(actor: str) -> list[Kind]:
        if actor == "empty":
            return [Kind(1.0, lambda rng: None, exhaustive=True)]
        return [Kind(1.0, lambda rng: Pick("ok"))]

    for seed in range(30):
        assert draw_action(Rng(seed), ["empty", "full"], kinds, listed, bool) == Pick("ok")
    assert "empty" not in asked
    assert draw_action(Rng(0), ["empty"], kinds, listed, bool) is None


def test_kinds_are_drawn_by_weight() -> None:
    counts = {"heavy": 0, "light": 0}

    def kinds(actor: str) -> list[Kind]:
        return [Kind(3.0, lambda rng: Pick("heavy")), Kind(1.0, lambda rng: Pick("light"))]

    for seed in range(400):
        drawn = draw_action(Rng(seed), ["a"], kinds, lambda a: [], bool)
        assert isinstance(drawn, Pick)
        counts[drawn.name] += 1
    assert 240 < counts["heavy"] < 360  # 3 in 4 of 400, within a wide margin


def test_points_to_head_for_are_asked_only_when_heading_for_one() -> None:
    """``toward`` as a function: asked for about half the draws, and the same points as
    when given as a list."""
    asked = []

    def goals() -> list[tuple[int, int]]:
        asked.append(1)
        return [(0, 300)]

    for seed in range(100):
        lazy = random_destination(Rng(seed), (0, 0), 1000, toward=goals)
        assert lazy == random_destination(Rng(seed), (0, 0), 1000, toward=[(0, 300)])
    assert 25 < len(asked) < 75
