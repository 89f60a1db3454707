"""5.56mm movement: 3.1 Move, 4.1 Sprint (the Ranger's 10" street), 6.1 difficult
terrain (the Delta Force soldier's wall and rubble with exactly their numbers), 6.01,
6.02, 4.5 Carry (4.51/4.52)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.maps.tabletop import MOVEMENT_TYPES, TerrainPiece
from game.rules.five_five_six.combat.injury import Wound
from game.rules.five_five_six.movement.rules import (
    TWO_CARRIERS_INCHES,
    carry_check,
    carry_distance,
    crossing_check,
    crossing_cost,
    move_allowance,
    obstacle_tn,
    pace,
    sprint,
    sprint_odds,
    terrain_tn,
    two_moves,
)
from game.rules.five_five_six.terrain.ground import ground_of


def test_3_1_move_is_4_inches_two_moves_8() -> None:
    """5.56mm 3.1: a Move action is 4" over even ground; two Moves run 8"."""
    assert move_allowance() == 4
    assert two_moves() == 8


def test_5_01_wounds_shorten_each_move() -> None:
    """5.56mm 5.01: Serious 1" less, Critical 2" less per Move action."""
    assert move_allowance(1) == 3
    assert two_moves(1) == 6
    assert move_allowance(5) == 0


def test_4_1_worked_example_ranger_sprints_9_inches_short_of_10() -> None:
    """5.56mm 4.1: Movement +2, a 3: 5 more inches, 9" with the basic 4": short of the
    10" street, where two Moves (8") would also fall short."""
    result = sprint(3, 2)
    assert (result.basic, result.extra, result.total) == (4, 5, 9)
    assert result.total < 10 and two_moves() < 10


def test_4_1_sprint_may_beat_or_fall_short_of_two_moves() -> None:
    """5.56mm 4.1: 4" + D6 + Movement: more or less than 8"."""
    odds = sprint_odds(0)
    assert odds == {d: Fraction(1, 6) for d in range(5, 11)}
    assert sum(p for d, p in odds.items() if d > 8) == Fraction(1, 3)
    assert sprint(1, 0).total < 8 < sprint(6, 0).total


def test_4_1_sprint_with_a_serious_wound_loses_an_inch_of_its_basic_move() -> None:
    """5.56mm 4.1/5.01 (Interpretation R7): the Sprint's basic 4" is a Move, so wounds
    shorten it."""
    assert sprint(3, 1, move_loss=1).total == 7
    with pytest.raises(ValueError):
        sprint(0, 1)


def test_6_1_worked_example_delta_force_wall_and_rubble() -> None:
    """5.56mm 6.1: Sprint 4" + 5" (a 4 and Movement +1) = 9"; the 1 1/2" wall is TN 4, a
    3 + 1 = 4 just makes it: quarter pace, the wall costs 6"; the 2" of dense rubble is
    TN 3, a 5 + 1 = 6 beats it by 3: full pace, 2"; 1" to spare."""
    run = sprint(4, 1)
    assert (run.extra, run.total) == (5, 9)
    wall_tn = obstacle_tn(1.5)
    assert wall_tn == 4
    wall = crossing_check(wall_tn, 1, ground="Wall").resolve(3)
    assert (wall.total, wall.margin) == (4, 0)
    assert pace(wall.margin) == Fraction(1, 4)
    wall_cost = crossing_cost(1.5, wall.margin)
    assert wall_cost == 6.0
    rubble_tn = terrain_tn("dense_rubble")
    assert rubble_tn == 3
    rubble = crossing_check(rubble_tn, 1).resolve(5)
    assert (rubble.total, rubble.margin) == (6, 3)
    rubble_cost = crossing_cost(2.0, rubble.margin)
    assert rubble_cost == 2.0
    assert run.total - wall_cost - rubble_cost == 1.0


def test_6_01_terrain_tns() -> None:
    """5.56mm 6.01: dense undergrowth, sand dunes, light rubble 1; shallow water 2; dense
    rubble, bog 3; deep water 4."""
    assert {k: terrain_tn(k) for k in ("dense_undergrowth", "sand_dunes", "light_rubble")} == {
        "dense_undergrowth": 1,
        "sand_dunes": 1,
        "light_rubble": 1,
    }
    assert terrain_tn("shallow_water") == 2
    assert terrain_tn("dense_rubble") == terrain_tn("bog") == 3
    assert terrain_tn("deep_water") == 4
    with pytest.raises(ValueError):
        terrain_tn("lava")


def test_6_01_obstacles_by_height() -> None:
    """5.56mm 6.01 (Interpretation R8): up to 1" TN 3, over 1" to 2" TN 4, over 2" to 3"
    TN 5; taller cannot be climbed."""
    assert [obstacle_tn(h) for h in (0.5, 1.0, 1.01, 2.0, 2.5, 3.0)] == [3, 3, 4, 4, 5, 5]
    assert obstacle_tn(3.5) is None
    with pytest.raises(ValueError):
        obstacle_tn(0)


def test_6_02_pace_by_margin_and_a_failure_does_not_cross() -> None:
    """5.56mm 6.02: +0 quarter, +1 half, +2 full movement (Interpretation R9: a failed
    roll does not cross)."""
    assert [pace(m) for m in (0, 1, 2, 5)] == [
        Fraction(1, 4),
        Fraction(1, 2),
        Fraction(1),
        Fraction(1),
    ]
    assert pace(-1) is None
    assert crossing_cost(3.0, 1) == 6.0
    assert crossing_cost(3.0, -1) is None


def test_4_51_carry_tns_and_4_52_distances() -> None:
    """5.56mm 4.51: Carry with Strength against Critical 2, Mortal 3; 4.52: +0 3", +1 4",
    +2 5", +3 6"; a failure makes no distance; two carriers move 6" without a roll."""
    assert carry_check(Wound.CRITICAL, 1).tn.value == 2
    assert carry_check(Wound.MORTAL, 1).tn.value == 3
    assert carry_check(Wound.MORTAL, 1).bonuses[0].name == "Strength"
    assert [carry_distance(m) for m in (-1, 0, 1, 2, 3, 4)] == [0, 3, 4, 5, 6, 6]
    assert TWO_CARRIERS_INCHES == 6
    with pytest.raises(ValueError):
        carry_check(Wound.SERIOUS, 1)


@given(st.integers(1, 6), st.integers(0, 3), st.integers(0, 4))
def test_sprint_stays_in_its_range(roll: int, movement: int, loss: int) -> None:
    """Invariant: a Sprint goes at least its basic Move and at most 4" + 6 + Movement."""
    result = sprint(roll, movement, loss)
    assert move_allowance(loss) <= result.total <= 4 + 6 + movement


@given(st.floats(0.1, 10.0), st.integers(0, 6))
def test_crossing_never_costs_less_than_its_length(length: float, margin: int) -> None:
    """Invariant (6.02): crossing costs between 1 and 4 times its length."""
    cost = crossing_cost(length, margin)
    assert cost is not None
    assert length - 1e-9 <= cost <= 4 * length + 1e-9


@given(st.integers(-8, 8))
def test_better_margins_never_move_less(margin: int) -> None:
    """Invariant (6.02, 4.52, 4.23): a higher margin never gives a slower pace, a shorter
    Carry or a shorter Hide move."""
    from game.rules.five_five_six.movement.hide import hide_distance

    assert carry_distance(margin + 1) >= carry_distance(margin)
    assert hide_distance(margin + 1) >= hide_distance(margin)
    lo, hi = pace(margin), pace(margin + 1)
    assert lo is None or (hi is not None and hi >= lo)


def _area(kind: str, **properties: str) -> TerrainPiece:
    return TerrainPiece(
        id=1,
        name="",
        kind=kind,
        layer="terrain",
        linear=False,
        outline=((0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0)),
        cover="hard",
        height_in=1.0,
        blocks_los=False,
        movement=dict.fromkeys(MOVEMENT_TYPES, "open"),
        road=False,
        thickness=0,
        properties=properties,
    )


def test_6_01_ruins_are_light_rubble_tn_1_whatever_the_2_3_story_says() -> None:
    """5.56mm 6.01 against 2.3 (Interpretation S10): the 2.3 story calls a ruined building
    difficult ground of TN 2; the table decides, so a map's ruins are light rubble, TN 1,
    and rubble is dense rubble, TN 3. A map maker who wants the story's TN 2 sets the
    piece's ``ground`` property (here shallow water's row)."""
    assert terrain_tn(ground_of(_area("ruins"))) == 1
    assert terrain_tn(ground_of(_area("rubble"))) == 3
    assert terrain_tn(ground_of(_area("ruins", ground="shallow_water"))) == 2
