"""The scenario's briefing (issue 31): shown on the setup screen for the chosen scenario,
as the first thing a game started there shows, and again with B or the Briefing button;
F1 shows the player's guide, not the developer notes. Driven through the real input
handlers under the dummy video driver."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.core.briefing import briefing_for
from game.core.registry import manifests
from game.ui.driver import click, click_button, frames, make_app, press
from game.ui.scenes.game import GameScene
from game.ui.scenes.rules import BriefingScene, RulesScene
from game.ui.scenes.setup import SetupScene


def drawn_text(app) -> str:  # type: ignore[no-untyped-def]
    app.assets.text_trace = []
    app.draw()
    text = " ".join(app.assets.text_trace)
    app.assets.text_trace = None
    return text


def test_ui_setup_shows_the_chosen_scenarios_briefing_and_b_opens_it_whole(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path / "data")
    try:
        click_button(app, "2  Tunnel Rats")
        setup = app.top
        assert isinstance(setup, SetupScene)
        briefing = briefing_for("tunnel_rats", setup.chosen_options())
        shown = drawn_text(app)
        assert briefing.title in shown
        assert all(name in shown for name in briefing.side_names)
        scenario = next(j for j, o in enumerate(setup.options) if o.key == "scenario")
        setup.cycle_option(scenario)  # another scenario: its own briefing
        other = briefing_for("tunnel_rats", setup.chosen_options())
        assert other.title != briefing.title and other.title in drawn_text(app)
        press(app, pygame.K_b)
        assert isinstance(app.top, BriefingScene)
        assert other.situation.split()[0] in app.top.text
        press(app, pygame.K_ESCAPE)
        assert app.top is setup
        click(app, setup.brief_button.rect.center)
        assert isinstance(app.top, BriefingScene)
    finally:
        app.close()


def test_ui_a_game_from_setup_opens_with_its_briefing_and_b_brings_it_back(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path / "data")
    try:
        click_button(app, "2  Tunnel Rats")
        press(app, pygame.K_RETURN)
        frames(app, 3)
        assert isinstance(app.top, BriefingScene), "the game opens with its briefing"
        game = app.find(GameScene)
        assert isinstance(game, GameScene)
        assert game.session.actions == []
        press(app, pygame.K_RETURN)  # Play: the briefing goes, the table is there
        assert app.top is game
        frames(app, 3)
        assert app.top is game, "the briefing opens once, not at every frame"
        press(app, pygame.K_b)
        assert isinstance(app.top, BriefingScene)
        press(app, pygame.K_b)
        assert app.top is game
        click(app, game.bar_buttons["briefing"].rect.center)
        assert isinstance(app.top, BriefingScene)
    finally:
        app.close()


def test_ui_f1_shows_the_players_guide_of_the_game_on_screen(tmp_path: Path) -> None:
    app = make_app(tmp_path / "data")
    try:
        click_button(app, "2  Tunnel Rats")
        press(app, pygame.K_F1)
        rules = app.top
        assert isinstance(rules, RulesScene) and not isinstance(rules, BriefingScene)
        guide = manifests()["tunnel_rats"].guide_text()
        assert rules.text.split("\n")[0] in guide
        assert "Interpretations" not in rules.text  # the developer notes stay in docs/
        press(app, pygame.K_F1)
        assert isinstance(app.top, SetupScene)
    finally:
        app.close()


def test_the_seats_are_named_by_the_briefing_everywhere(tmp_path: Path) -> None:
    from game.core.session import Session

    for rid in manifests():
        session = Session.new(rid, 1, None, ["human"] * len(manifests()[rid].ruleset.seats))
        app = make_app(tmp_path / f"data-{rid}")
        try:
            game = GameScene(app, session)
            assert game.seat_names == list(briefing_for(rid, {}).side_names)
        finally:
            app.close()
