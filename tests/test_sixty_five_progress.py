"""'65 progress (24, issue 31): the lines a player reads on how the game stands against
its scenario: the turn, the victory points and what wins, and each objective."""

from __future__ import annotations

from game.rules.sixty_five import SixtyFive


def test_65_24_progress_opens_with_the_turn_and_the_victory_points() -> None:
    state = SixtyFive().new_game(1, {"scenario": "2"})
    lines = state.view(0).progress()
    assert lines[0] == "Turn 1 of 7 (End Turn cards 0 of 4)"
    assert lines[1] == "Victory points: Americans 0, Viet Cong 0"
    assert lines[2] == "The Viet Cong win with 18+ VP"
    assert "Viet Cong units on Map 2: 0" in lines


def test_65_24_scenario_6_counts_the_vehicles_that_got_away() -> None:
    """Scenario 6: 2 VP for each American vehicle that leaves by 3C1."""
    state = SixtyFive().new_game(1, {"scenario": "6"})
    assert "American vehicles off the map: 0 (2 VP each)" in state.view(0).progress()
    state.world.exited["us_m113_1"] = "N"
    state.world.exited["us_rifle_1"] = "N"  # a passenger that went along scores nothing
    assert "American vehicles off the map: 1 (2 VP each)" in state.view(1).progress()


def test_65_24_scenario_3_counts_the_nva_kills_against_the_8_vp_they_need() -> None:
    state = SixtyFive().new_game(1, {"scenario": "3"})
    for uid in ("us_rifle_1", "us_m60_1"):
        state.world.units[uid].eliminated = True
    lines = state.view(0).progress()
    assert "The NVA's VP from eliminations: 4 of 8 needed" in lines


def test_65_24_the_outcome_names_the_sides_and_what_was_needed() -> None:
    from game.core.rng import Rng

    state = SixtyFive().new_game(3, {"scenario": "4"})
    rng = Rng(2)
    while state.outcome() is None:
        state.apply(state.random_action(rng))
    outcome = state.outcome()
    assert outcome is not None
    us, them = state.victory_points()
    assert outcome.reason == (
        f"Americans {us} VP, NVA {them} VP; the Americans needed 9+ VP, or no enemy left on Map 2"
    )
