"""Whole games of Tunnel Rat played through the real window's event handling.

Clicks and keys are posted with ``pygame.event.post`` and handled by ``App.step``, the
same function the main loop calls.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.rules.tunnel_rat_bluff.actions import Call, Draw, Guess  # noqa: E402
from game.rules.tunnel_rat_bluff.cards import Card  # noqa: E402
from game.rules.tunnel_rat_bluff.events import RAT, VC  # noqa: E402
from game.storage import SAVES_DIR  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.driver import click, click_button, frames, make_app, press, start_from_setup  # noqa: E402
from game.ui.scenes.game import GameScene  # noqa: E402
from game.ui.scenes.handover import HandOverScene  # noqa: E402
from game.ui.scenes.menu import MenuScene  # noqa: E402
from game.ui.scenes.setup import SetupScene  # noqa: E402

MAX_STEPS = 600


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = make_app(tmp_path / "data", speed=50.0)
    yield application
    application.close()


def table_button(game: GameScene, action: object) -> tuple[int, int]:
    table = game.table
    if action == Draw():
        return table.draw_button.rect.center
    for button, act in table.buttons:
        if act == action:
            return button.rect.center
    raise LookupError(action)


def start_game(app: App, vc_human: bool) -> GameScene:
    frames(app, 2)
    click_button(app, "1  Tunnel Rat")
    assert isinstance(app.top, SetupScene)
    if vc_human:
        click_button(app, "Computer")
    assert app.top.kinds == ["human", "human" if vc_human else "ai"]
    game = start_from_setup(app)
    assert isinstance(game, GameScene)
    return game


def test_ui_hotseat_whole_game_hides_the_card_from_the_rat(app: App) -> None:
    """Hotseat: the VC draws and looks (its view shows the card face up), hands over with
    the button, and the Rat's screen and log never name the card before revelation."""
    game = start_game(app, vc_human=True)
    handovers = 0
    rat_frames_checked = 0
    turn = 0
    for _ in range(MAX_STEPS):
        if game.end_shown:
            break
        top = app.top
        if isinstance(top, HandOverScene):
            handovers += 1
            frames(app, 2)
            click(app, (100, 100))
            continue
        if game.table.busy() or top is not game:
            frames(app)
            continue
        state = game.session.state
        if game.pending_handover is not None:
            assert game.viewer == VC and game.view().drawn_card is state.drawn
            click_button(app, "Hand over to the Rat")
            continue
        seat = state.current_player()
        if seat != game.viewer:
            frames(app)
            continue
        if seat == VC:
            click(app, table_button(game, Draw()))  # by mouse
            turn += 1
            continue
        # The Rat looks at the table: nothing on screen or in the log names the card.
        secret = state.drawn
        assert secret is not None and game.view().drawn_card is None
        app.assets.text_trace = []
        app.draw()
        drawn_text = " ".join(app.assets.text_trace)
        app.assets.text_trace = None
        assert f"Your card: {secret.label}" not in drawn_text
        assert "look at the card" not in game.log_text()
        assert "look at the card" not in " ".join(game.log_panel.lines)
        rat_frames_checked += 1
        # Ask by key, then call: alternately by key and by mouse.
        press(app, pygame.K_1 + turn % 3)
        if turn % 2:
            press(app, [pygame.K_a, pygame.K_s, pygame.K_f][turn % 3])
        else:
            click(app, table_button(game, Call([Guess.ADVANCE, Guess.SHOOT][turn % 2])))
    assert game.end_shown, "the hotseat game did not finish"
    assert game.session.state.outcome() is not None
    assert handovers >= turn and rat_frames_checked >= 5
    # The end screen offers a new game and the menu.
    click_button(app, "Menu")
    assert isinstance(app.top, MenuScene)


def test_ui_whole_game_against_the_ai_by_keyboard(app: App) -> None:
    """Against the computer: the human Rat plays by keys, the AI VC draws by itself, and the
    autosave follows every action; Enter on the end screen starts a new game."""
    game = start_game(app, vc_human=False)
    assert game.viewer == RAT
    for _ in range(MAX_STEPS):
        if game.end_shown:
            break
        if game.session.state.current_player() == RAT and not game.table.busy():
            press(app, pygame.K_3)
            press(app, pygame.K_a)
        else:
            frames(app)
    assert game.end_shown and not isinstance(app.top, HandOverScene)
    assert game.save_path is not None and game.save_path.parent == app.data_dir / SAVES_DIR
    saved = game.save_path.read_text(encoding="utf-8")
    assert game.session.actions[-1] in saved
    press(app, pygame.K_RETURN)
    assert isinstance(app.top, GameScene) and app.top is not game
    assert app.top.session.actions == [] or app.top.session.actions == ["draw"]


def test_ui_undo_takes_back_only_the_humans_question(app: App) -> None:
    """Undo: a question can be taken back by the Rat who asked it; the draw cannot."""
    game = start_game(app, vc_human=False)
    for _ in range(200):
        if game.session.state.current_player() == RAT and not game.table.busy():
            break
        frames(app)
    assert game.session.actions == ["draw"] and not game.can_undo()
    press(app, pygame.K_2)
    assert game.session.actions == ["draw", "ask trap"] and game.can_undo()
    click_button(app, "Undo")
    assert game.session.actions == ["draw"]
    press(app, pygame.K_1)
    assert "Is it a VC?" in game.log_text()
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert game.session.actions == ["draw"]
    # the log shows the game as it now is: no taken-back question, no internal names
    assert "Is it a VC?" not in game.log_text() and "Is it a trap?" not in game.log_text()
    assert "took back" not in game.log_text() and "ask " not in game.log_text()


def test_ui_continue_resumes_the_autosave(app: App) -> None:
    """Esc leaves to the menu; Continue loads the autosave with the same actions."""
    game = start_game(app, vc_human=False)
    for _ in range(200):
        if game.session.state.current_player() == RAT and not game.table.busy():
            break
        frames(app)
    press(app, pygame.K_1)
    actions = list(game.session.actions)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)
    press(app, pygame.K_c)
    resumed = app.top
    assert isinstance(resumed, GameScene) and resumed is not game
    assert resumed.session.actions == actions and resumed.kinds == ["human", "ai"]


def test_ui_tells_variant_shows_the_tell_and_the_odds_it_gives(app: App) -> None:
    """Tells variant against the computer VC: after the first question the table shows
    what the VC gave away, the tell legend, and call odds that follow Bayes' rule."""
    from game.ui.scenes.game import new_session

    game = GameScene(app, new_session("tunnel_rat_bluff", 5, ["human", "ai"], {"tells": "60"}))
    app.reset(game)
    session = game.session
    for _ in range(200):
        if session.state.current_player() == RAT and not game.table.busy():
            break
        frames(app)
    press(app, pygame.K_3)
    frames(app, 40)
    tell = session.state.tell
    assert tell is not None
    app.assets.text_trace = []
    app.draw()
    drawn = " ".join(app.assets.text_trace)
    assert f"he {tell.words}" in drawn
    assert "Tells (60% reliable): hesitates VC, glances Trap, fidgets Tunnel" in drawn
    chances = game.view().card_chances()
    assert f"bets Tunnel: {100 * chances[Card.TUNNEL]:.0f}%" in drawn
