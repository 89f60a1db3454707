"""Own maps on the setup screen when something is wrong (issue 33): a scenario file with
an unknown unit and a map saved broken after it was chosen get a dialog naming the file
(no traceback, no game, the files unchanged); a game whose map changed since it was
saved resumes on Continue on the save's copy, and a dialog says so."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.core.registry import ruleset_ids  # noqa: E402
from game.maps.tiled_folder import set_up_map_folder  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.driver import click_button, frames, make_app, press, start_from_setup  # noqa: E402
from game.ui.render.reload import POLL_SECONDS  # noqa: E402
from game.ui.scenes.dialog import DialogScene  # noqa: E402
from game.ui.scenes.game import GameScene  # noqa: E402
from game.ui.scenes.setup import SetupScene  # noqa: E402
from tests.own_map_steps import SIXTY_FIVE_SCENARIO, WRITERS, sixty_five_map  # noqa: E402

SIXTY_FIVE_KEY = pygame.K_6  # '65 is the sixth system of the menu


def _my_map(data: Path, title: str = "My valley") -> Path:
    set_up_map_folder(data / "maps")
    return sixty_five_map(data / "maps", title=title)


def _choose_my_map(app: App, title: str = "My valley") -> SetupScene:
    press(app, SIXTY_FIVE_KEY)
    setup = app.top
    assert isinstance(setup, SetupScene)
    press(app, pygame.K_p)
    click_button(app, f"My maps: {title}")
    press(app, pygame.K_RETURN)
    return setup


def test_ui_a_scenario_file_with_an_unknown_unit_gets_a_dialog(tmp_path: Path) -> None:
    data = tmp_path / "data"
    path = _my_map(data)
    scenario = path.with_name("my_valley.scenario.yaml")
    scenario.write_text(SIXTY_FIVE_SCENARIO.replace("vc_rpd", "vc_laser"), encoding="utf-8")
    before = scenario.read_bytes(), path.read_bytes()
    app = make_app(data)
    try:
        setup = _choose_my_map(app)
        dialog = app.top
        assert isinstance(dialog, DialogScene) and dialog.title == "This map cannot be played"
        assert "my_valley.scenario.yaml" in dialog.message and "vc_laser" in dialog.message
        press(app, pygame.K_RETURN)
        assert app.top is setup and setup.map_choice is None  # the choice is undone
        assert (scenario.read_bytes(), path.read_bytes()) == before
    finally:
        app.close()


def test_ui_a_map_saved_broken_after_choosing_it_does_not_start(tmp_path: Path) -> None:
    data = tmp_path / "data"
    path = _my_map(data, "Broken valley")
    app = make_app(data)
    try:
        setup = _choose_my_map(app, "Broken valley")
        assert setup.map_choice is not None and setup.preview is not None
        path.write_text(path.read_text(encoding="utf-8").replace("</map>", ""), "utf-8")
        broken = path.read_bytes()
        frames(app, 2, POLL_SECONDS + 0.05)  # the preview polls and keeps the last good map
        assert setup.preview.errors
        press(app, pygame.K_RETURN)
        dialog = app.top
        assert isinstance(dialog, DialogScene) and "my_valley.tmx" in dialog.message
        assert app.find(GameScene) is None and path.read_bytes() == broken
    finally:
        app.close()


@pytest.mark.parametrize(
    "system",
    [
        "ratfight",
        "five_five_six",
        "sixty_five",
    ],
)
def test_ui_continue_on_a_changed_map_says_the_saved_copy_is_played(
    system: str, tmp_path: Path
) -> None:
    data = tmp_path / "data"
    set_up_map_folder(data / "maps")
    path = WRITERS[system](data / "maps")
    number = ruleset_ids().index(system) + 1
    app = make_app(data)
    try:
        press(app, pygame.K_1 + number - 1)
        press(app, pygame.K_p)
        click_button(app, "My maps: My valley")
        press(app, pygame.K_RETURN)
        press(app, pygame.K_1)  # both sides to the computer: the save holds moves of men
        game = start_from_setup(app)
        assert isinstance(game, GameScene) and game.session.map_copy is not None
        for _ in range(3000):  # the computer's moves, shown at the app's speed
            if len(game.session.actions) >= 6 or game.outcome() is not None:
                break
            frames(app, 1)
        assert len(game.session.actions) >= 6
        game.save()
    finally:
        app.close()
    path.write_text(path.read_text(encoding="utf-8").replace("My valley", "Our valley"), "utf-8")
    changed = path.read_bytes()
    app = make_app(data)
    try:
        press(app, pygame.K_c)  # Continue
        dialog = app.top
        assert isinstance(dialog, DialogScene), "Continue showed no dialog"
        assert dialog.title == "Playing on the saved copy of the map", dialog.message
        assert path.name in dialog.message and "changed" in dialog.message
        press(app, pygame.K_RETURN)
        assert isinstance(app.top, GameScene)
        assert path.read_bytes() == changed  # the player's file is left as it is
    finally:
        app.close()
