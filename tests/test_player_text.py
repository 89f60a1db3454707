"""Names, not ids, in everything a player reads (issue 31): random games of every ruleset
and scenario; every event text, the opening, the outcome, the progress lines and the
briefing are checked for internal ids (snake_case names, ``c04`` card ids, ``r3`` model
ids, raw coordinates). A manifest's ``text_allows`` names tokens that are player names
(a chessboard square)."""

from __future__ import annotations

import pytest

from game.core.api import progress_lines
from game.core.briefing import briefing_for
from game.core.registry import get_manifest
from tests.player_text_support import id_in, random_game, scenario_id, scenarios

CASES = scenarios()
SEEDS = (1, 2)
ACTIONS = 160


@pytest.mark.parametrize("case", CASES, ids=scenario_id)
def test_the_briefing_names_the_sides_in_player_words(case: tuple[str, dict[str, str]]) -> None:
    rid, options = case
    manifest = get_manifest(rid)
    briefing = briefing_for(rid, options)
    assert manifest.briefing is not None, f"{rid} writes no briefing"
    assert len(briefing.sides) == len(manifest.ruleset.seats)
    assert briefing.situation and all(side.goal for side in briefing.sides)
    assert all(side.forces for side in briefing.sides), "each side's forces are listed"
    names = briefing.side_names
    assert len(set(names)) == len(names), names
    for name in names:
        assert name.casefold() not in ("first", "second", "player 1", "player 2"), name
    for text in briefing.texts():
        assert id_in(text, manifest.text_allows) is None, id_in(text, manifest.text_allows)


@pytest.mark.parametrize("case", CASES, ids=scenario_id)
def test_random_games_speak_in_names(case: tuple[str, dict[str, str]]) -> None:
    rid, options = case
    allows = get_manifest(rid).text_allows
    for seed in SEEDS:
        session = None
        for n, moment in enumerate(random_game(rid, options, seed, ACTIONS)):
            session = moment.session
            for text in moment.texts:
                assert text.strip(), "an event with no text"
                problem = id_in(text, allows)
                assert problem is None, f"seed {seed}, action {n}: {problem}"
            if n % 10 == 0:
                for seat in range(len(session.ruleset.seats)):
                    for line in progress_lines(session.state.view(seat)):
                        problem = id_in(line, allows)
                        assert problem is None, f"progress, seed {seed}: {problem}"
        assert session is not None
        outcome = session.state.outcome()
        if outcome is not None:
            assert id_in(outcome.reason, allows) is None, id_in(outcome.reason, allows)


@pytest.mark.parametrize("case", CASES, ids=scenario_id)
def test_the_table_side_shows_progress(case: tuple[str, dict[str, str]]) -> None:
    """Every view tells how near each side is to winning (turns, VP, casualties, zones)."""
    rid, options = case
    moment = next(iter(random_game(rid, options, 1, 0)))
    lines = progress_lines(moment.session.state.view(0))
    assert lines and all(line.strip() for line in lines), f"{rid}: no progress lines"


def test_the_id_check_catches_each_kind_of_id() -> None:
    assert id_in("us_rifle_1 fires at 2C3") is not None
    assert id_in("Player 1 plays c04 for fire") is not None
    assert id_in("r3 moves running") is not None
    assert id_in("move lt 25.07,39.1") is not None
    assert id_in("moves to 8,3") is not None
    assert id_in('US Rifle 1 fires at 1C3 from 4" away; 1,637 actions') is None
    assert id_in("Optimus Prime moves g1-g2", r"\b[a-h][1-8]\b") is None
