"""The setup screen builds its option buttons from each ruleset's manifest."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402

from game.core.registry import get_manifest  # noqa: E402
from game.ui.driver import click_button, make_app, press  # noqa: E402
from game.ui.scenes.game import GameScene  # noqa: E402
from game.ui.scenes.setup import SetupScene, ruleset_options  # noqa: E402


def test_setup_options_are_the_manifests_choices_default_first() -> None:
    for ruleset_id in ("tunnel_rat_bluff", "tunnel_rats", "transformers_skirmish"):
        fields = [f for f in get_manifest(ruleset_id).option_fields() if f.choices]
        options = ruleset_options(ruleset_id)
        assert [o.key for o in options] == [f.name for f in fields]
        for option, f in zip(options, fields, strict=True):
            assert option.values[0][0] == f.default
            assert sorted(option.values) == sorted(f.choices)
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
