"""5.56mm 2.3: D6 + ability against a Target Number, the degree of success, exact odds;
the seed's US Ranger examples with exactly their numbers."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core.rng import Rng
from game.rules.five_five_six.checks import (
    Check,
    Contest,
    Modifier,
    TargetNumber,
    better,
    by_margin,
    chance_to_reach,
    d3_from_d6,
    make_check,
    roll_d3,
)
from game.rules.five_five_six.combat.fire import FireSituation, concealment_of, fire_check
from game.rules.five_five_six.movement.rules import crossing_check, pace
from game.rules.five_five_six.schema import band_at, distance_table


def test_2_3_worked_example_ranger_hits_tn_6_with_a_4_and_weapons_2() -> None:
    """5.56mm 2.3: TN 6 = 5 for the range + 1 partial concealment; a 4 with Weapons +2
    equals it and hits."""
    situation = FireSituation(concealment=concealment_of(0.7))
    check = fire_check("long", 2, situation)
    assert check.tn.base == 5
    assert check.tn.modifiers == (Modifier("Partial concealment", 1),)
    assert check.tn.value == 6
    result = check.resolve(4)
    assert (result.total, result.margin, result.success) == (6, 0, True)
    assert check.chance == Fraction(1, 2)  # 4, 5 or 6


def test_2_3_worked_example_ranger_crosses_difficult_ground_at_full_speed() -> None:
    """5.56mm 2.3/6.02: difficult ground TN 2, a 4 with Move +1 makes 5, 3 more than
    needed: full speed."""
    result = crossing_check(2, 1).resolve(4)
    assert (result.total, result.margin) == (5, 3)
    assert pace(result.margin) == 1


def test_2_3_equal_is_a_success_one_less_a_failure() -> None:
    """5.56mm 2.3: equal to or higher than the TN succeeds; lower fails."""
    check = make_check(TargetNumber(5, "TN"), "Weapons", 1)
    assert check.resolve(4).success
    assert not check.resolve(3).success
    assert check.resolve(3).margin == -1


def test_2_3_an_impossible_tn_has_no_chance_and_a_trivial_one_is_certain() -> None:
    """5.56mm 3.2: a TN the character cannot equal is impossible (no automatic 6)."""
    assert chance_to_reach(0, 7) == 0
    assert chance_to_reach(3, 4) == 1
    assert make_check(TargetNumber(9, "TN"), "Weapons", 2).chance == 0


def test_2_3_target_number_lists_its_modifiers_and_leaves_out_zeros() -> None:
    """5.56mm 2.3: every modifier on the calculator is named; a zero is not listed."""
    tn = TargetNumber(4, "Medium range").plus(Modifier("Sprinting", 1), Modifier("none", 0))
    assert tn.value == 5
    assert tn.lines() == ("Medium range 4", "Sprinting +1")


def test_2_3_rolled_faces_are_checked() -> None:
    check = make_check(TargetNumber(3, "TN"), "Move", 0)
    with pytest.raises(ValueError):
        check.resolve(7)
    with pytest.raises(ValueError):
        Contest((), ()).resolve(0, 3)


def test_2_3_rolling_uses_the_passed_generator() -> None:
    check = make_check(TargetNumber(4, "TN"), "Weapons", 1)
    a = check.roll(Rng(5))
    b = check.roll(Rng(5))
    assert a == b and 1 <= a.roll <= 6
    assert all(1 <= roll_d3(Rng(s)) <= 3 for s in range(20))


def test_d3_is_a_halved_d6() -> None:
    assert [d3_from_d6(f) for f in range(1, 7)] == [1, 1, 2, 2, 3, 3]


def test_contest_odds_are_exact() -> None:
    """5.0: a rolled TN against a roll: D6 against D6, ties to the roller: 21/36."""
    contest = Contest((Modifier("Damage", 0),), (Modifier("Strength", 0),))
    assert contest.chance == Fraction(21, 36)
    assert sum(contest.margins().values()) == 1


def test_result_tables_by_margin_and_by_distance_one_reader() -> None:
    rows = ((2, "full"), (1, "half"), (0, "quarter"))
    assert [by_margin(m, rows) for m in (5, 2, 1, 0, -1)] == [
        "full",
        "full",
        "half",
        "quarter",
        None,
    ]
    bands = distance_table((2.0, 1), (None, 2))
    assert [band_at(bands, d).bonus for d in (0.0, 1.99, 2.0, 2.01, 9.0)] == [1, 1, 1, 2, 2]
    assert band_at(distance_table((2.0, 1)), 3.0) is None
    with pytest.raises(ValueError):
        band_at(bands, -1.0)


@given(st.integers(-3, 8), st.integers(-2, 12))
def test_chance_is_monotone_in_ability_and_tn(bonus: int, tn: int) -> None:
    """5.56mm 2.3 (invariant): a better ability never lowers the chance, a higher TN
    never raises it."""
    assert chance_to_reach(bonus + 1, tn) >= chance_to_reach(bonus, tn)
    assert chance_to_reach(bonus, tn + 1) <= chance_to_reach(bonus, tn)
    assert 0 <= chance_to_reach(bonus, tn) <= 1


@given(st.integers(-3, 6), st.integers(0, 12), st.integers(-3, 10), st.integers(-3, 10))
def test_margins_add_up_and_match_the_chance(a: int, tn: int, x: int, y: int) -> None:
    """Exact odds: the margins' chances add up to 1 and the non-negative ones are the
    chance of success, for checks and contests."""
    check = Check(TargetNumber(tn, "TN"), (Modifier("Ability", a),))
    margins = check.margins()
    assert sum(margins.values()) == 1
    assert sum(p for m, p in margins.items() if m >= 0) == check.chance
    contest = Contest((Modifier("x", x),), (Modifier("y", y),))
    assert sum(contest.margins().values()) == 1
    assert 0 <= contest.chance <= 1


def test_2_3_calculator_numbers_and_outcomes() -> None:
    """5.56mm 2.3 on the calculator: TN, named modifiers, ability, exact chance."""
    check = fire_check("medium", 2, FireSituation(target_stealth=True, aim_bonus=1))
    numbers = check.numbers()
    assert numbers["target_number"] == 5
    assert numbers["base"] == "Medium range 4"
    assert numbers["modifiers"] == ["Target using Stealth +1"]
    assert (numbers["ability_name"], numbers["ability"]) == ("Weapons", 2)
    assert numbers["roll_modifiers"] == ["Aim +1"]
    assert numbers["chance"] == Fraction(5, 6)
    assert check.outcomes() == {"success": Fraction(5, 6), "failure": Fraction(1, 6)}


def test_10_0_rerolls_keep_the_better_result() -> None:
    """5.56mm 10.0 Nails (re-roll a Strength test against damage) and Fearless (a Morale
    test): the better of the two rolls counts."""
    check = make_check(TargetNumber(5, "TN"), "Weapons", 1)
    assert better(check.resolve(2), check.resolve(5)).roll == 5
    assert better(check.resolve(6), check.resolve(1)).roll == 6
    contest = Contest((Modifier("Damage", 4),), (Modifier("Strength", 1),))
    first = contest.resolve(tn_roll=5, roll=2)
    second = first.reroll(6)
    assert second.tn == first.tn == 9
    assert better(first, second).total == 7


def test_5_0_contest_numbers_for_the_calculator() -> None:
    contest = Contest((Modifier("Damage", 4),), (Modifier("Strength", 1),))
    numbers = contest.numbers()
    assert numbers["target_number"] == "D6 Damage +4"
    assert numbers["roll_modifiers"] == ["Strength +1"]
    assert numbers["chance"] == contest.chance
