"""JTS RatFight speaks in names: models named from their side's list, sides from the
scenario, cards as a player says them, choices in words, the set-up and first initiative
logged, and progress lines for the side panel."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.core.errors import DataError
from game.core.playing_cards import card_words
from game.rules.ratfight.actions import End, Fire, Move, Pivot
from game.rules.ratfight.data import load_scenario, load_scenario_file, scenario_ids
from game.rules.ratfight.events import Contest, ForcesPlaced, InitiativeDrawn, Purpose
from game.rules.ratfight.wording import describe
from tests.ratfight_support import hand, new_game, only, place, stack

MODEL_ID = re.compile(r"\b[a-z]{1,2}\d{1,3}\b")
COORDS = re.compile(r"\d+(\.\d+)?,\d")


@pytest.mark.parametrize("scenario", scenario_ids())
def test_ratfight_names_every_model_by_name_never_by_id(scenario: str) -> None:
    """Unnamed riflemen and guards take their trade and a surname from their side's
    list in the scenario; named characters keep their names; no two models share one."""
    state = new_game(scenario)
    labels = [f.label for f in state.board.figures.values()]
    assert len(set(labels)) == len(labels)
    for figure in state.board.figures.values():
        assert not MODEL_ID.search(figure.label), figure.label


def test_ratfight_names_come_from_the_side_list_and_characters_keep_theirs() -> None:
    board = new_game("farm_raid").board
    assert board.figures["r1"].label == "Rifleman Dubois"
    assert board.figures["g1"].label == "Rifleman Brenner"  # bolt action: still a rifleman
    assert board.figures["mg"].label == "Gunner Faure"
    assert board.figures["bz"].label == "Big Henri"
    assert board.side_name(0) == "The Raiders" and board.side_name(1) == "The Farm Guard"


def test_ratfight_scenario_without_enough_names_is_refused_naming_the_file(
    tmp_path: Path,
) -> None:
    """Bad data: a side with more unnamed models than names is a DataError naming the
    file and the side, never a model left called by its id."""
    source = Path("game/rules/ratfight/data/scenarios/farm_raid.yaml").read_text()
    short = source.replace(
        "names: [Dubois, Laurent, Girard, Moreau, Fournier, Lambert, Bonnet, Mercier, Blanc]",
        "names: [Dubois, Laurent]",
    )
    assert short != source
    bad = tmp_path / "farm_raid.yaml"
    bad.write_text(short)
    with pytest.raises(DataError) as err:
        load_scenario_file(bad)
    assert "farm_raid.yaml" in str(err.value) and "The Raiders" in str(err.value)


def test_ratfight_cards_are_spoken_as_a_player_says_them() -> None:
    assert card_words("AD") == "ace of diamonds"
    assert card_words("10H") == "10 of hearts"
    assert card_words("KC") == "king of clubs"


def test_ratfight_firing_shot_text_names_both_models_and_their_cards() -> None:
    """RatFight, Firing 2: the shot's log line names the firer and the target and the
    cards each turned over, in words."""
    state = new_game("farm_raid")
    b = state.board
    only(b, "r3", "g1")
    place(b, "r3", 30, 28)
    place(b, "g1", 33, 28)
    hand(b, 0, "fire_one")
    stack(b, 0, "AD")
    stack(b, 1, "KC")
    events = state.apply(Fire("r3", "semi_auto_rifle", "g1"))
    shot = next(e for e in events if isinstance(e, Contest))
    text = shot.text()
    assert text.startswith("Shot (Semi-automatic rifle")
    assert "Rifleman Girard draws the ace of diamonds" in text
    assert "Rifleman Brenner draws the king of clubs" in text
    assert text.endswith("Rifleman Brenner wins.")
    assert not MODEL_ID.search(text)


def test_ratfight_contest_with_several_cards_says_which_was_kept() -> None:
    event = Contest(
        purpose=Purpose.SHOT,
        attacker="Rifleman Girard",
        defender="Rifleman Brenner",
        attacker_cards=("AD",),
        defender_cards=("3C", "KC", "AD"),
        attacker_kept="AD",
        defender_kept="KC",
        attacker_wins=False,
    )
    assert (
        "Rifleman Brenner draws the 3 of clubs, the king of clubs and the ace of diamonds, "
        "keeps the king of clubs" in event.text()
    )


@pytest.mark.parametrize("scenario", scenario_ids())
def test_ratfight_opening_logs_set_up_and_the_first_initiative(scenario: str) -> None:
    """RatFight, Turn Sequence 2: the opening draw for initiative is logged, after each
    force's set-up; the opening is not part of the position (snapshot unchanged)."""
    state = new_game(scenario)
    opening = state.opening_events()
    placed = [e for e in opening if isinstance(e, ForcesPlaced)]
    forces = [f.name for side in load_scenario(scenario).sides for f in side.forces]
    assert [e.force for e in placed] == forces
    draws = [e for e in opening if isinstance(e, InitiativeDrawn)]
    assert draws and draws[-1].winner is not None
    assert "first card goes to the" in draws[-1].text()
    assert "opening" not in state.snapshot()
    for event in opening:
        assert not MODEL_ID.search(event.text()) and "_" not in event.text()


def test_ratfight_progress_shows_turn_objective_and_morale() -> None:
    """Progress: the turn of the 8 the defenders must hold, who stands at the fountain,
    and what each force's morale card must beat (RatFight, Morale Check)."""
    state = new_game("town_square")
    lines = state.view(0).progress()
    assert lines[0] == "Turn 1 of 8"
    assert "Still held after turn 8: the Defenders win" in lines
    assert "Fountain: none of the Column there" in lines
    assert "The column: 0 lost; morale must beat 0" in lines
    b = state.board
    fountain = b.setting.objective("fountain")
    xs = [p[0] for p in fountain.outline]
    ys = [p[1] for p in fountain.outline]
    b.figures["c1"].pos = (sum(xs) // len(xs), sum(ys) // len(ys))
    lines = state.view(0).progress()
    name = b.figures["c1"].label
    assert f"Fountain: {name} there; held if still there at the turn's end" in lines


def test_ratfight_choices_read_in_words_not_coordinates() -> None:
    """Choice labels: a move in inches and a compass point, a shot naming the weapon and
    both models, a pivot by compass; never a model id or table coordinates."""
    board = new_game("farm_raid").board
    r1 = board.figures["r1"]
    x, y = r1.pos
    move = describe(board, Move("r1", (x, y - 500)))
    assert move == 'Rifleman Dubois: move 5" north'
    fire = describe(board, Fire("r1", "semi_auto_rifle", "g1", mode=2))
    assert (
        fire
        == 'Rifleman Dubois: fire the semi-automatic rifle (2 shots up to 24") at Rifleman Brenner'
    )
    assert describe(board, Pivot("r1", 90)).endswith("face south")
    hand(board, 0, "move_one")
    assert describe(board, End()) == "Pass on the card"
    for text in (move, fire):
        assert not MODEL_ID.search(text) and not COORDS.search(text)
