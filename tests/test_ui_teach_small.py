"""Tunnel Rat and Transformers Skirmish teach themselves on screen (issue 31): a game
started from the menu opens with its briefing naming both sides, F1 shows the player's
guide, the progress lines are drawn on the table and ``choice_labels`` is exactly what the
buttons say. Driven through the real input handlers under the dummy video driver."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.core.briefing import briefing_for  # noqa: E402
from game.core.registry import get_manifest  # noqa: E402
from game.rules.transformers_skirmish.events import Phase  # noqa: E402
from game.rules.tunnel_rat_bluff.events import RAT  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.driver import click_button, frames, make_app, press  # noqa: E402
from game.ui.scenes.game import GameScene, new_session  # noqa: E402
from game.ui.scenes.rules import BriefingScene, RulesScene  # noqa: E402

MENU = {"tunnel_rat_bluff": "1  Tunnel Rat", "transformers_skirmish": "3  Transformers Skirmish"}


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = make_app(tmp_path / "data", speed=50.0)
    yield application
    application.close()


def drawn_text(app: App) -> str:
    app.assets.text_trace = []
    app.draw()
    text = " | ".join(app.assets.text_trace)
    app.assets.text_trace = None
    return text


@pytest.mark.parametrize("ruleset_id", sorted(MENU))
def test_ui_the_game_opens_with_its_briefing_naming_both_sides_and_f1_shows_the_guide(
    app: App, ruleset_id: str
) -> None:
    click_button(app, MENU[ruleset_id])
    press(app, pygame.K_RETURN)
    frames(app, 3)
    shown = app.top
    assert isinstance(shown, BriefingScene)
    briefing = briefing_for(ruleset_id, {})
    for side in briefing.sides:
        assert side.name in shown.text and side.goal in shown.text
    press(app, pygame.K_RETURN)
    game = app.find(GameScene)
    assert app.top is game and game is not None
    assert game.seat_names == list(briefing.side_names)
    press(app, pygame.K_F1)
    guide = app.top
    assert isinstance(guide, RulesScene) and not isinstance(guide, BriefingScene)
    assert "First game in five minutes" in guide.text
    assert guide.text.split("\n")[0] in get_manifest(ruleset_id).guide_text()


def test_ui_the_opening_shuffle_is_logged_before_the_first_draw(app: App) -> None:
    game = GameScene(app, new_session("tunnel_rat_bluff", 5, ["human", "human"]))
    app.reset(game)
    frames(app, 2)
    assert game.session.actions == []
    assert game.log_text().startswith("The deck of 40 cards is shuffled face down")


def test_ui_transformers_log_opens_with_the_set_up_and_the_first_draw(app: App) -> None:
    """Setup and the Orders Phase of turn 1, logged before anybody acts; the drawer sees
    the names of the cards drawn."""
    game = GameScene(app, new_session("transformers_skirmish", 5, ["human", "ai"]))
    app.reset(game)
    frames(app, 2)
    lines = game.log_text().split("\n")
    assert lines[0].startswith("The Autobots set up on rank 1. Minicons: ")
    assert lines[1].startswith("The Deceptacons set up on rank 8. Minicons: ")
    assert "Turn 1, Autobots: Orders phase." in lines
    assert any(line.startswith("You draw: ") for line in lines)


def test_ui_bluff_draws_its_progress_and_offers_exactly_its_buttons(app: App) -> None:
    """Object: the tunnels and casualties against 5, and the deck, are on the table; the
    Rat's choices are the six buttons and the odds under the calls."""
    game = GameScene(app, new_session("tunnel_rat_bluff", 5, ["human", "ai"]))
    app.reset(game)
    for _ in range(200):
        if game.session.state.current_player() == RAT and not game.table.busy():
            break
        frames(app)
    press(app, pygame.K_2)  # ask "Is it a trap?"
    frames(app, 20)
    view = game.view()
    drawn = drawn_text(app)
    for line in view.progress():
        assert line in drawn, line
    labels = game.table.choice_labels(view)
    chances = {card.label: f"{100 * p:.0f}%" for card, p in view.card_chances().items()}
    assert labels == [
        "Is it a VC?",
        "Is it a trap?",
        "Is it safe?",
        "Advance",
        f"bets Tunnel: {chances['Tunnel']}",
        "Shoot",
        f"bets VC: {chances['VC']}",
        "Search",
        f"bets Trap: {chances['Trap']}",
    ]
    for label in labels:
        assert label in drawn, label


def test_ui_transformers_side_column_draws_robots_and_hits_left(app: App) -> None:
    """Victory: each side's robots and hits left are drawn in the side column, and every
    button of the moment is among the choices the table reports."""
    game = GameScene(app, new_session("transformers_skirmish", 5, ["human", "ai"]))
    app.reset(game)
    frames(app, 5)
    view = game.view()
    assert view.phase is Phase.ORDERS
    drawn = drawn_text(app)
    assert view.progress()[0] == "Autobots: 8 of 8 robots, 24 hits"
    for line in view.progress():
        assert line in drawn, line
    labels = game.table.choice_labels(view)
    assert "End orders" in labels
    hand = [view.catalog.card(c).name for c in view.hand or ()]
    assert hand and all(name in labels for name in hand)
