"""Names, not ids, on the table (issue 31): along random games of every ruleset and
scenario, each table's status line and every choice it offers (``choice_labels``) are
checked for internal ids, under the dummy video driver."""

from __future__ import annotations

import pygame
import pytest

from game.core.registry import get_manifest
from game.ui.assets import Assets
from game.ui.tables import make_table
from tests.player_text_support import id_in, random_game, scenario_id, scenarios

CASES = scenarios()
ACTIONS = 80


@pytest.fixture(scope="module")
def assets() -> Assets:
    pygame.init()
    pygame.display.set_mode((1280, 720))
    return Assets()


@pytest.mark.parametrize("case", CASES, ids=scenario_id)
def test_status_and_choices_speak_in_names(
    case: tuple[str, dict[str, str]], assets: Assets
) -> None:
    rid, options = case
    allows = get_manifest(rid).text_allows
    table = make_table(rid, assets)
    table.layout(pygame.Rect(0, 52, 950, 668))
    labels = getattr(table, "choice_labels", None)
    assert callable(labels), f"the {rid} table does not say what choices it offers"
    offered = 0
    for n, moment in enumerate(random_game(rid, options, 3, ACTIONS)):
        state = moment.session.state
        seat = state.current_player()
        if seat is None:
            break
        view = state.view(seat)
        texts = [table.status(view)] if hasattr(table, "status") else []
        choices = list(labels(view))
        offered += len(choices)
        for text in [*texts, *choices]:
            problem = id_in(text, allows)
            assert problem is None, f"action {n}: {problem}"
    assert offered, f"the {rid} table offered no choices in {ACTIONS} actions"
