"""The setup screen builds its option buttons from each ruleset's manifest."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402

from game.core.registry import get_manifest  # noqa: E402
from game.maps.user_maps import map_only_fields  # noqa: E402
from game.ui.driver import click_button, make_app, press  # noqa: E402
from game.ui.scenes.game import GameScene  # noqa: E402
from game.ui.scenes.setup import SetupScene, ruleset_options  # noqa: E402


def test_setup_options_are_the_manifests_choices_default_first() -> None:
    """Every option with choices, but those of a game on a map of the player's (the map
    step offers them: game.maps.user_maps.map_only_fields)."""
    for ruleset_id in ("tunnel_rat_bluff", "tunnel_rats", "transformers_skirmish"):
        manifest = get_manifest(ruleset_id)
        on_map = map_only_fields(manifest.options)
        fields = [f for f in manifest.option_fields() if f.choices and f.name not in on_map]
        options = ruleset_options(ruleset_id)
        assert [o.key for o in options] == [f.name for f in fields]
        for option, f in zip(options, fields, strict=True):
            assert option.values[0][0] == f.default
            assert sorted(option.values) == sorted(f.choices)
    assert "map_scenario" not in [o.key for o in ruleset_options("tunnel_rats")]
    (setup,) = ruleset_options("transformers_skirmish")
    assert setup.values == (("auto", "auto"), ("manual", "manual")) and setup.description
    for option in ruleset_options("tunnel_rats"):  # scenario and hotseat: every value noted
        assert len(option.notes) == len(option.values) and all(option.notes)


def test_ui_the_chosen_option_starts_the_game(tmp_path: Path) -> None:
    app = make_app(tmp_path / "data")
    try:
        click_button(app, "3  Transformers")
        assert isinstance(app.top, SetupScene)
        press(app, pygame.K_3)  # the Set-up option: auto -> manual
        assert app.top.chosen_options() == {"setup": "manual"}
        press(app, pygame.K_RETURN)
        game = app.find(GameScene)
        assert isinstance(game, GameScene) and game.session.options == {"setup": "manual"}
    finally:
        app.close()


def test_ui_computer_level_by_keys_and_buttons_is_kept_in_the_save(tmp_path: Path) -> None:
    """Each computer seat plays at Easy, Normal (the default, saved as ``ai``) or Hard:
    Shift+digit and the level button cycle it; the game's bots and save follow."""
    from game.ai.easy import EasyBot
    from game.ai.hard import HardBot
    from game.storage import load_session

    app = make_app(tmp_path / "data")
    try:
        click_button(app, "3  Transformers")
        setup = app.top
        assert isinstance(setup, SetupScene)
        assert setup.kinds == ["human", "ai"]
        assert not setup.level_buttons[0].visible and setup.level_buttons[1].visible
        press(app, pygame.K_2, mod=pygame.KMOD_SHIFT)  # Normal -> Hard
        assert setup.kinds == ["human", "hard"]
        assert setup.level_buttons[1].text.startswith("Hard")
        press(app, pygame.K_1)  # the first seat to the computer, at Normal
        click_button(app, "Normal")  # ... and its level button: Normal -> Hard
        click_button(app, "Hard   [Shift+1]")  # Hard -> Easy
        assert setup.kinds == ["easy", "hard"]
        press(app, pygame.K_2)  # back to a human; the level is remembered
        assert setup.kinds == ["easy", "human"] and not setup.level_buttons[1].visible
        press(app, pygame.K_2)
        assert setup.kinds == ["easy", "hard"]
        press(app, pygame.K_RETURN)
        game = app.find(GameScene)
        assert isinstance(game, GameScene) and game.kinds == ["easy", "hard"]
        assert isinstance(game.bots[0], EasyBot) and isinstance(game.bots[1], HardBot)
        assert game.bots[1].clock is not None  # it thinks on the clock, on the bot thread
        game.save()
        assert game.save_path is not None
        assert tuple(load_session(game.save_path).seats) == ("easy", "hard")
    finally:
        app.close()
