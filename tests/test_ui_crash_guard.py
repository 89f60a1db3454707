"""The app loop's guard (issue 36): an exception in a screen shows a dialog saying
what failed, keeps the game in progress saved, returns to the menu and writes the
traceback to the crash log in the data folder, which the dialog names. Driven through
the real app and its input handlers under the dummy SDL drivers."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from test_ui_saves import play_tunnel_rats_one_action  # noqa: E402

from game.core.session import Session  # noqa: E402
from game.storage import load_session, newest_save  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.crash import CRASH_LOG  # noqa: E402
from game.ui.driver import click, click_button, frames, make_app, press  # noqa: E402
from game.ui.scenes.dialog import DialogScene  # noqa: E402
from game.ui.scenes.game import GameScene  # noqa: E402
from game.ui.scenes.map_viewer import MapViewerScene  # noqa: E402
from game.ui.scenes.menu import MenuScene  # noqa: E402
from game.ui.scenes.setup import SetupScene  # noqa: E402


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = make_app(tmp_path / "data", speed=50.0)
    application.guard = True  # as the program runs (the driver turns it off for tests)
    yield application
    application.close()


def _back_at_the_menu_with_a_dialog(app: App, screen: str, error: str) -> str:
    """The guard's result: menu, dialog over it naming the screen, the error and the log."""
    assert app.running
    assert [type(s) for s in app.scenes] == [MenuScene, DialogScene]
    dialog = app.top
    assert isinstance(dialog, DialogScene)
    log_path = app.data_dir / CRASH_LOG
    assert dialog.message.startswith(f"{screen} stopped with an error: {error}.")
    assert f"The details are in {log_path}." in dialog.message
    text = log_path.read_text(encoding="utf-8")
    assert "Traceback (most recent call last)" in text and error in text
    frames(app, 2)  # the dialog draws
    press(app, pygame.K_RETURN)  # and closes: the menu works again
    assert [type(s) for s in app.scenes] == [MenuScene]
    return dialog.message


def test_a_failing_game_table_returns_to_the_menu_and_the_game_stays_saved(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = play_tunnel_rats_one_action(app)
    save, actions = game.save_path, list(game.session.actions)
    assert save is not None and actions

    def broken(*_: object) -> None:
        raise ZeroDivisionError("the table divided by zero")

    monkeypatch.setattr(game.table, "handle_event", broken)
    click(app, (640, 360))
    message = _back_at_the_menu_with_a_dialog(
        app, "The game table", "ZeroDivisionError: the table divided by zero"
    )
    assert "Your Tunnel Rats game is saved: Continue or Load resumes it." in message
    assert "GameScene" in (app.data_dir / CRASH_LOG).read_text(encoding="utf-8")
    assert load_session(save).actions == actions
    newest = newest_save(app.data_dir)
    assert newest is not None and newest.path == save


def test_a_failing_maps_screen_returns_to_the_menu(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    press(app, pygame.K_p)
    assert isinstance(app.top, MapViewerScene)

    def broken(*_: object) -> None:
        raise RuntimeError("cannot draw this map")

    monkeypatch.setattr(MapViewerScene, "draw_scene", broken)
    frames(app, 1)
    message = _back_at_the_menu_with_a_dialog(
        app, "The Maps screen", "RuntimeError: cannot draw this map"
    )
    assert "game is saved" not in message  # no game was open


def test_a_failing_setup_screen_returns_to_the_menu(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    click_button(app, "2  Tunnel Rats")
    assert isinstance(app.top, SetupScene)

    def broken(*_: object, **__: object) -> Session:
        raise KeyError("scenario")

    monkeypatch.setattr(Session, "new", broken)
    press(app, pygame.K_RETURN)  # start the game: Session.new raises inside the handler
    _back_at_the_menu_with_a_dialog(app, "The game setup screen", "KeyError: 'scenario'")
    assert app.find(GameScene) is None


def test_a_screen_that_keeps_failing_stops_the_program_with_one_line(
    app: App, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(*_: object) -> None:
        raise MemoryError("no room")

    monkeypatch.setattr(MenuScene, "draw_scene", broken)
    for _ in range(5):
        if not app.step():
            break
    assert not app.running and app.exit_code == 1
    err = capsys.readouterr().err
    assert err.startswith(
        "Skirmish Table stopped: the main menu kept failing (MemoryError: no room)."
    )
    assert str(app.data_dir / CRASH_LOG) in err and "Traceback" not in err


def test_with_the_guard_off_a_failure_propagates(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The test driver's setting: a failing screen fails the test instead."""
    app.guard = False

    def broken(*_: object) -> None:
        raise RuntimeError("seen by the test")

    monkeypatch.setattr(MenuScene, "draw_scene", broken)
    with pytest.raises(RuntimeError, match="seen by the test"):
        frames(app, 1)


def test_the_rescued_save_is_replayed_not_the_half_changed_state(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A failure part way through an action may leave the live state out of step with
    the actions played; the save written then must still load (it is replayed from the
    seed), never carry that state's digest."""
    game = play_tunnel_rats_one_action(app)
    save, actions = game.save_path, list(game.session.actions)
    assert save is not None
    fresh = Session.new("tunnel_rats", game.session.seed + 1, dict(game.session.options))
    game.session.state = fresh.state  # out of step with the actions

    def broken(*_: object) -> None:
        raise ValueError("half way through")

    monkeypatch.setattr(game.table, "draw", broken)
    frames(app, 1)
    assert isinstance(app.top, DialogScene)
    assert load_session(save).actions == actions
