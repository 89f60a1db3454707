"""5.56mm teaches itself: each scenario's briefing (sides, forces, goals, length), the
opening logged (the squads, the night and a flare), the log naming terrain, men and
cards as players do, and the standing of the game for the side panel."""

from __future__ import annotations

from pathlib import Path

import pytest
from five_five_six_support import give_go, load_dice, new_game, only, place

from game.core.api import DieRolled
from game.core.briefing import briefing_for
from game.core.errors import DataError
from game.maps.tabletop import to_point
from game.rules.five_five_six.actions import Engage, Move
from game.rules.five_five_six.events import CardDrawn, LightAtStart, LightChanged, SquadPlaced
from game.rules.five_five_six.model import Status
from game.rules.five_five_six.ruleset import FiveFiveSix
from game.rules.five_five_six.scenarios.progress import progress_lines
from game.rules.five_five_six.scenarios.scenarios import (
    SCENARIO_FILE,
    load_scenario,
    load_scenarios,
    scenario_ids,
)
from game.rules.five_five_six.state import FiveFiveSixState


@pytest.mark.parametrize("scenario_id", scenario_ids())
def test_each_scenarios_briefing_names_its_sides_forces_and_goals(scenario_id: str) -> None:
    """The briefing gives the scenario's own side names, each side's men (as many as the
    scenario fields, led by its leader), its goal, and the deadline as the length."""
    scenario = load_scenario(scenario_id)
    briefing = briefing_for("five_five_six", {"scenario": scenario_id})
    assert briefing.title == scenario.title
    assert briefing.side_names == tuple(side.name for side in scenario.sides)
    for seat, side in enumerate(briefing.sides):
        squad = scenario.sides[seat]
        fielded = [c for c in squad.characters if c.id not in scenario.reserve]
        leader = next(c for c in fielded if c.leader)
        assert side.forces[0].startswith(f"{len(fielded)} men led by {leader.name}")
        assert side.forces[1].startswith("Arms: ")
        assert side.goal == scenario.briefing.goals[seat]
    deadline = next(v.turns for v in scenario.victory if v.kind == "hold")
    assert briefing.length == f"{deadline} turns at most"


#: Scenarios that favour one side by their design (measured between two equal computer
#: players: docs/rules/five_five_six.md, "Both sides fight"), and the side favoured.
LOPSIDED = {
    "crash_site": "Rangers",
    "night_outpost": "raiders",
    "convoy_ambush": "convoy",
    "convoy_technical": "convoy",
}


@pytest.mark.parametrize("scenario_id", scenario_ids())
def test_a_lopsided_scenarios_briefing_says_which_side_the_odds_favour(scenario_id: str) -> None:
    """Issue 34: where the scenario itself favours a side, the briefing's situation ends
    by saying so, naming that side; a fair one says nothing of the kind."""
    scenario = load_scenario(scenario_id)
    situation = briefing_for("five_five_six", {"scenario": scenario_id}).situation
    assert situation.startswith(scenario.briefing.situation)
    if scenario_id in LOPSIDED:
        balance = scenario.briefing.balance
        assert balance.startswith("The odds favour the ") and LOPSIDED[scenario_id] in balance
        assert situation.endswith(balance)
    else:
        assert scenario.briefing.balance == "" and "odds favour" not in situation


def test_the_briefing_says_who_comes_later_and_how() -> None:
    """Crash Site: the Deltas come by radio to the Rangers, two gunmen on a Joker."""
    rangers, militia = briefing_for("five_five_six", {"scenario": "crash_site"}).sides
    assert "Later (by radio): MSgt Gordon and SFC Shughart" in rangers.forces
    assert "Later (on a Joker): Gunman Ismail and Gunman Guled" in militia.forces
    convoy = briefing_for("five_five_six", {"scenario": "convoy_ambush"}).sides[0]
    assert any(line.startswith("HMMV One: HMMV, M2") for line in convoy.forces)


def _first_joker_seed() -> int:
    for seed in range(60):
        state = FiveFiveSix().new_game(seed, {"scenario": "night_outpost"})
        if any(isinstance(e, LightChanged) for e in state.opening_events()):
            return seed
    raise AssertionError("no seed opens with a Joker in 60")


def test_6_2_outpost_at_night_logs_the_dark_and_a_flare_that_lights_the_first_draw() -> None:
    """5.56mm 6.2 and 2.3: the opening says both squads took the field and that it is
    night with two flare Jokers; when a Joker is among the first cards the log says the
    flare lit the table (and the light is Full): the night is not silently daylight."""
    state = FiveFiveSix().new_game(_first_joker_seed(), {"scenario": "night_outpost"})
    opening = state.opening_events()
    texts = [e.text() for e in opening]
    assert [e.name for e in opening if isinstance(e, SquadPlaced)] == ["Raiders", "Garrison"]
    assert "The Garrison takes the field: 8 men." in texts
    dark = next(e for e in opening if isinstance(e, LightAtStart))
    assert dark.light == "none" and dark.flares == 2
    assert "It is night: there is no light at all." in dark.text()
    joker = next(e for e in opening if isinstance(e, CardDrawn) and not e.character)
    assert joker.text().endswith("draw the Joker: a scenario event!")
    flare = next(e for e in opening if isinstance(e, LightChanged))
    lit = "A parachute flare lights up the outpost: full light until the turn ends."
    assert flare.text() == lit
    assert opening.index(dark) < opening.index(joker) < opening.index(flare)
    assert state.board.light == "full"


def test_the_opening_stays_out_of_the_snapshot() -> None:
    """The opening is logged, not saved: a game's digest does not carry it."""
    state = FiveFiveSix().new_game(1, {"scenario": "night_outpost"})
    assert state.opening_events()
    assert "opening" not in state.snapshot()


def test_2_3_a_draw_names_the_side_with_its_verb_and_the_card_in_words() -> None:
    state = new_game("night_outpost", seed=3)
    draw = next(e for e in state.opening_events() if isinstance(e, CardDrawn))
    plural = {"Raiders": "draw", "Garrison": "draws"}[draw.drawer]
    assert draw.text().startswith(f"The {draw.drawer} {plural} the ")
    assert " of " in draw.text() and not any(f" {r} of" in draw.text() for r in "AKQJ")


def test_6_1_the_crossing_roll_names_the_wall_as_a_player_does() -> None:
    """5.56mm 6.1: crossing the 1" Yard wall is rolled, and the log says "crosses the
    low wall (Yard wall)", never the map's object id."""
    state = new_game(seed=11)
    board = state.board
    only(board, "havers", "captain")
    place(board, "havers", 5, 16.3)
    give_go(board, "havers")
    load_dice(board, 5)
    events = state.apply(Move("havers", to_point(5, 19.3)))
    roll = next(e for e in events if isinstance(e, DieRolled))
    assert roll.text().startswith("Sgt Havers crosses the low wall (Yard wall): D6 5")
    wall = next(p for p in board.setting.table.pieces if p.name == "Yard wall")
    assert f"{wall.kind} {wall.id}" not in roll.text()


def test_3_7_the_hand_to_hand_rolls_name_the_defender_and_then_the_attacker() -> None:
    """5.56mm 3.7: the defender's D6 + Strength sets the TN, the attacker rolls against
    it; the log names each man once in his own line."""
    state = new_game(seed=5)
    board = state.board
    only(board, "havers", "captain")
    place(board, "havers", 20, 20, facing=0)
    place(board, "captain", 21.5, 20, facing=180)
    give_go(board, "havers")
    events = state.apply(Engage("havers", "captain"))
    tn, attack = [e for e in events if isinstance(e, DieRolled)][:2]
    assert tn.text().startswith("Captain Farah defends against Sgt Havers (the TN): D6")
    assert attack.text().startswith("Sgt Havers attacks Captain Farah: D6")


def _kill(state: FiveFiveSixState, *ids: str) -> None:
    for cid in ids:
        state.board.characters[cid].status = Status.DEAD


def test_9_4_the_standing_counts_the_dead_against_the_next_morale_test() -> None:
    """5.56mm 9.4 (Interpretation R14): ten men test at their 3rd, 5th, 8th and 10th
    dead; the panel says at how many dead the next test comes, and the turn against the
    8-turn deadline."""
    state = new_game("crash_site", seed=1)
    lines = progress_lines(state.board)
    assert lines[0] == "Turn 1 of 8"
    assert lines[1] == "US Rangers: 10 of 10 fighting; morale test at 3 dead"
    _kill(state, "harris", "alberto", "goldberg")
    assert progress_lines(state.board)[1] == (
        "US Rangers: 7 of 10 fighting, 3 dead; morale test at 5 dead"
    )
    assert lines[3] == "Crash site: none of the US Rangers there yet"


def test_the_standing_counts_men_on_the_landing_zone_toward_the_three_needed() -> None:
    state = new_game("insertion", seed=1)
    assert progress_lines(state.board)[-1] == "Landing zone: 0 of the 3 Rangers needed there"


def test_a_briefing_without_both_goals_is_refused_naming_the_file_and_key(
    tmp_path: Path,
) -> None:
    """Bad data: a scenario's briefing must give each side's goal; the error names the
    file, the key path and what was expected, and the file is left as it was."""
    text = SCENARIO_FILE.read_text(encoding="utf-8")
    start = text.index("      goals:\n")
    end = text.index("      special_rules:", start)
    broken = text[:start] + "      goals: [only one side wins]\n" + text[end:]
    path = tmp_path / "scenarios.yaml"
    path.write_text(broken, encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_scenarios(path)
    message = str(caught.value)
    assert str(path) in message and "briefing.goals" in message
    assert path.read_text(encoding="utf-8") == broken
