"""JTS RatFight on screen: the objective zone drawn with its name, the progress lines in
the panel, and choice buttons in words (the real window's handlers under SDL dummy
drivers)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import re  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.core.session import Session  # noqa: E402
from game.rules.ratfight.view import RatFightView  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.driver import frames, make_app, press  # noqa: E402
from game.ui.scenes.game import GameScene  # noqa: E402
from game.ui.tables.ratfight.art import OBJECTIVE  # noqa: E402
from game.ui.tables.ratfight.table import RatFightTable  # noqa: E402

MODEL_ID = re.compile(r"\b[a-z]{1,2}\d{1,3}\b")
COORDS = re.compile(r"\d+(\.\d+)?,\d")


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = make_app(tmp_path / "data", speed=50.0, size=(1280, 720))
    yield application
    application.close()


def start(app: App, scenario: str) -> tuple[GameScene, RatFightTable]:
    game = GameScene(app, Session.new("ratfight", 3, {"scenario": scenario}, ["human", "ai"]))
    game.autosave = False
    app.reset(game)
    frames(app, 2)
    assert isinstance(game.table, RatFightTable)
    return game, game.table


def drawn_text(app: App) -> list[str]:
    app.assets.text_trace = []
    frames(app, 1)
    texts, app.assets.text_trace = app.assets.text_trace, None
    return texts


def human_view(app: App, game: GameScene) -> RatFightView:
    for _ in range(400):
        if game.session.state.current_player() == 0 and not game.table.busy():
            view = game.view()
            assert isinstance(view, RatFightView)
            if view.candidate_actions:
                return view
        frames(app, 1, 0.1)
    raise AssertionError("the human never got to act")


def test_ui_ratfight_the_fountain_is_drawn_with_its_name(app: App) -> None:
    """Goals on the table: the fountain's zone is outlined in gold and its name plate
    ("Objective: Fountain") drawn on the board."""
    game, table = start(app, "town_square")
    texts = drawn_text(app)
    assert "Objective: Fountain" in texts
    fountain = game.session.state.board.setting.objective("fountain")
    xs = [table.to_screen(p)[0] for p in fountain.outline]
    ys = [table.to_screen(p)[1] for p in fountain.outline]
    left, top = round(min(xs)), round(min(ys))
    right = round(max(xs))
    # the gold edge runs along the zone's top side
    row = [tuple(app.screen.get_at((x, top))[:3]) for x in range(left + 3, right - 3)]
    assert any(pixel == OBJECTIVE for pixel in row)


def test_ui_ratfight_progress_lines_are_drawn_in_the_panel(app: App) -> None:
    game, _table = start(app, "farm_raid")
    texts = drawn_text(app)
    view = game.view()
    assert isinstance(view, RatFightView)
    for line in view.progress():
        assert line in texts
    assert "Turn 1 of 8" in texts or any(t.startswith("Turn ") and " of 8" in t for t in texts)


def test_ui_ratfight_choice_buttons_are_words_and_match_choice_labels(app: App) -> None:
    """Names, not ids: with a model picked (Tab), every numbered button the panel draws
    is in the table's choice labels, and none holds a model id or coordinates."""
    game, table = start(app, "farm_raid")
    for _ in range(30):
        view = human_view(app, game)
        press(app, pygame.K_TAB, settle=1)
        if table.selected is not None and table.choices(game.view()):
            break
        press(app, pygame.K_RETURN, settle=1)
    view = game.view()
    assert isinstance(view, RatFightView)
    labels = table.choice_labels(view)
    drawn = drawn_text(app)
    buttons = [button.label for button, _action in table.buttons]
    assert buttons and all(label in labels for label in buttons)
    assert view.figures[table.selected or ""].label in labels[0]
    for label in labels:
        assert not MODEL_ID.search(label) and not COORDS.search(label), label
    joined = " ".join(drawn)  # a label wrapped on two lines is drawn as two texts
    assert all(label in joined for label in buttons)
