"""The 5.56mm table teaches itself (issue 31's goals on the table): the objective drawn
with its name, the game's standing drawn in the panel, the choices it offers named as
drawn, the opening in the log and B bringing back the briefing with the scenario's side
names. Driven through the real input handlers under the dummy video driver."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from test_ui_five_five_six import drawn_texts, my_view, start, table_of  # noqa: E402

from game.core.briefing import briefing_for  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.driver import frames, make_app, press  # noqa: E402
from game.ui.scenes.rules import BriefingScene  # noqa: E402


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = make_app(tmp_path / "data", speed=50.0)
    yield application
    application.close()


def test_ui_the_objective_and_the_standing_are_drawn_with_their_names(app: App) -> None:
    """Outpost at Night: the Radio mast is drawn with its name over the dark table, and
    the panel draws every line of the standing (turn of 6, each side's men, the mast)."""
    game = start(app, ["human", "ai"], seed=4, scenario="night_outpost")
    view = my_view(app, game)
    drawn = drawn_texts(app)
    assert "Radio mast" in drawn
    standing = view.progress()
    assert standing[0] == f"Turn {view.turn} of 6"
    for line in standing:
        assert line in drawn, line
    assert any(line.startswith("Raiders: ") for line in standing)


def test_ui_choice_labels_are_the_choices_the_panel_draws(app: App) -> None:
    """Every listed choice the panel draws, and the End button, are among the labels the
    table reports, in the same words."""
    game = start(app, ["human", "ai"], seed=3, scenario="crash_site")
    view = my_view(app, game)
    table = table_of(game)
    drawn_texts(app)  # lays the panel out and fills its buttons
    labels = table.choice_labels(view)
    shown = [button.label for button, _ in table.buttons]
    assert shown and shown[-1] == "End the go" == labels[-1]
    assert all(label in labels for label in shown)
    assert not any("," in label and '"' not in label for label in labels)  # no x,y spots


def test_ui_the_opening_is_in_the_log_and_b_brings_back_the_briefing(app: App) -> None:
    """The log starts with the set-up (each squad, the night); B shows the briefing with
    the scenario's side names and Enter closes it."""
    game = start(app, ["human", "ai"], seed=4, scenario="night_outpost")
    frames(app, 2)
    log = game.log_panel.text
    assert "The Raiders take the field: 6 men." in log
    assert "It is night: there is no light at all." in log
    press(app, pygame.K_b)
    assert isinstance(app.top, BriefingScene)
    page = app.top.text
    for name in briefing_for("five_five_six", {"scenario": "night_outpost"}).side_names:
        assert f"\n{name}\n" in page
    assert "Get one raider to the radio mast" in page
    press(app, pygame.K_RETURN)
    assert app.top is game


def test_ui_an_objectives_name_steps_aside_for_a_model() -> None:
    """The name plate goes over the zone; a model standing there sends it under the zone,
    and it stays on the board."""
    from game.ui.render.plates import clear_spot

    zone, board = pygame.Rect(100, 100, 60, 60), pygame.Rect(0, 0, 400, 300)
    assert clear_spot((50, 16), zone, [], board).bottom == zone.top - 3
    model = pygame.Rect(120, 80, 20, 20)
    spot = clear_spot((50, 16), zone, [model], board)
    assert spot.top == zone.bottom + 3 and not spot.colliderect(model)
    edge = pygame.Rect(100, 0, 60, 60)
    assert board.contains(clear_spot((50, 16), edge, [], board))
