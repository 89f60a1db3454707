"""Draw a map and play it (issue 33, docs/maps.md "Draw a map and play it"): for each
system that plays on the player's maps, a new map written as Tiled writes one into a
map folder outside the repository (set up by "Set up my map folder for Tiled", tileset
paths relative) passes check-map, plays random games headless with and without a
scenario file beside it, and starts from the setup screen through the real input
handlers (Maps screen button, Map step, Start)."""

from __future__ import annotations

import json
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.__main__ import main  # noqa: E402
from game.core.briefing import briefing_for  # noqa: E402
from game.core.registry import ruleset_ids  # noqa: E402
from game.maps.check import check_map  # noqa: E402
from game.maps.tiled_folder import set_up_map_folder  # noqa: E402
from game.ui.driver import click_button, make_app, press, start_from_setup  # noqa: E402
from game.ui.scenes.game import GameScene  # noqa: E402
from game.ui.scenes.map_step import MapStepScene  # noqa: E402
from game.ui.scenes.menu import MenuScene  # noqa: E402
from game.ui.scenes.setup import SetupScene, _has_map_option  # noqa: E402
from tests.own_map_steps import SCENARIO_TITLES, SCENARIOS, WRITERS, write_scenario  # noqa: E402

SYSTEM_IDS = sorted(WRITERS)


def _simulate(system: str, path: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> dict:
    code = main(
        [
            "simulate",
            system,
            "--games",
            "2",
            "--seats",
            "random,random",
            "--option",
            f"map={path}",
            *extra,
            "--json",
        ]
    )
    out = capsys.readouterr().out
    assert code == 0, out
    return dict(json.loads(out))


def _errors(path: Path) -> list[str]:
    return [str(p) for p in check_map(path) if p.severity == "error"]


@pytest.mark.parametrize("system", SYSTEM_IDS)
def test_a_new_map_and_its_scenario_pass_check_map(system: str, tmp_path: Path) -> None:
    folder = tmp_path / "maps"
    set_up_map_folder(folder)
    path = WRITERS[system](folder)
    assert "../tilesets/" in path.read_text(encoding="utf-8")
    assert _errors(path) == []
    write_scenario(path, system)
    assert _errors(path) == []  # the map with the scenario beside it: the pair


@pytest.mark.parametrize("system", SYSTEM_IDS)
def test_a_new_map_plays_with_and_without_a_scenario(
    system: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "maps"
    set_up_map_folder(folder)
    path = WRITERS[system](folder)
    alone = _simulate(system, path, capsys)
    assert alone["games"] == 2 and alone["unfinished"] == 0
    assert briefing_for(system, {"map": str(path)}).title != SCENARIO_TITLES[system]
    scenario = write_scenario(path, system)
    assert briefing_for(system, {"map": str(path)}).title == SCENARIO_TITLES[system]
    beside = _simulate(system, path, capsys)
    assert beside["games"] == 2 and beside["unfinished"] == 0
    skirmish = _simulate(system, path, capsys, "--option", "map_scenario=skirmish")
    assert skirmish["unfinished"] == 0
    assert scenario.read_text(encoding="utf-8") == SCENARIOS[system]  # never rewritten


@pytest.mark.parametrize("system", SYSTEM_IDS)
def test_ui_a_new_map_starts_from_the_setup_screen(system: str, tmp_path: Path) -> None:
    assert _has_map_option(system)
    app = make_app(tmp_path / "data")
    try:
        press(app, pygame.K_p)  # the Maps screen, then its button sets up the folder
        click_button(app, "Set up my map folder for Tiled")
        press(app, pygame.K_RETURN)
        press(app, pygame.K_ESCAPE)
        assert isinstance(app.top, MenuScene)
        path = WRITERS[system](tmp_path / "data" / "maps")
        write_scenario(path, system)
        number = ruleset_ids().index(system) + 1
        press(app, pygame.K_1 + number - 1)
        setup = app.top
        assert isinstance(setup, SetupScene)
        before = [o.key for o in setup.options]
        press(app, pygame.K_p)  # the Map step
        assert isinstance(app.top, MapStepScene)
        click_button(app, "My maps: My valley")
        press(app, pygame.K_RETURN)  # use this map
        assert app.top is setup and setup.map_choice is not None
        with_map = [o.key for o in setup.options]
        assert with_map[: len(before)] == before  # a map may add rows (forces), after
        if system == "ratfight":
            assert "force_first" not in before and "force_second" in with_map
        assert setup.chosen_options()["map"] == str(path.resolve())
        assert setup.preview is not None and setup.preview.path == path.resolve()
        assert setup.option_buttons[0].text.startswith(SCENARIO_TITLES[system])
        press(app, pygame.K_3)  # the Scenario row: the file beside the map -> a skirmish
        assert setup.chosen_options()["map_scenario"] == "skirmish"
        assert setup.option_buttons[0].text.startswith("Skirmish")
        press(app, pygame.K_3)  # ... and back
        game = start_from_setup(app)
        assert isinstance(game, GameScene)
        assert game.session.options["map"] == str(path.resolve())
        assert game.session.map_copy is not None
        assert briefing_for(system, game.session.options).title == SCENARIO_TITLES[system]
    finally:
        app.close()
