"""Quiet when idle, input during animations, and starting without a display (issue 16)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import subprocess  # noqa: E402
import sys  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

import game.ui.app as app_module  # noqa: E402
from game.cli.headless import display_problem, invisible_driver  # noqa: E402
from game.core.session import Session  # noqa: E402
from game.rules.tunnel_rat_bluff.events import RAT  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.driver import frames, make_app, press  # noqa: E402
from game.ui.scenes.game import GameScene  # noqa: E402
from game.ui.scenes.menu import MenuScene  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = make_app(tmp_path / "data", speed=1.0)
    yield application
    application.close()


def run_loop_for(app: App, seconds: float, post_at: float | None = None) -> list[float]:
    """Run the real main loop for ``seconds``; returns the times (from the start) at
    which frames were drawn. ``post_at``: a mouse move is posted then."""
    drawn: list[float] = []
    start = time.monotonic()
    draw = app.draw

    def counting(surface: pygame.Surface | None = None) -> None:
        drawn.append(time.monotonic() - start)
        draw(surface)

    app.draw = counting  # type: ignore[method-assign]

    def later() -> None:
        if post_at is not None:
            time.sleep(post_at)
            pygame.event.post(
                pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0))
            )
            time.sleep(seconds - post_at)
        else:
            time.sleep(seconds)
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    threading.Thread(target=later, daemon=True).start()
    app.run()
    app.draw = draw  # type: ignore[method-assign]
    app.running = True
    return drawn


def test_an_idle_menu_stops_drawing_and_wakes_on_input(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Quiet when idle: after the settle and linger time nothing is drawn until an event;
    an event brings full frames back at once."""
    monkeypatch.setattr(app_module, "SETTLE", 0.2)
    monkeypatch.setattr(app_module, "LINGER", 0.5)
    assert isinstance(app.top, MenuScene) and not app.animating()
    drawn = run_loop_for(app, 2.4, post_at=1.5)
    assert any(t < 0.2 for t in drawn)  # full frames first
    assert not [t for t in drawn if 0.95 < t < 1.5]  # asleep (settle 0.2 + linger 0.5, with slack)
    woken = [t for t in drawn if 1.5 <= t < 1.7]
    assert len(woken) >= 3  # frames again right after the mouse moved


def test_a_table_waiting_for_a_human_is_idle_and_a_thinking_computer_is_not(app: App) -> None:
    """A game scene needs frames while a bot is to act or an animation plays, and none
    while it waits for the human."""
    session = Session.new("tunnel_rat_bluff", 4, seats=("human", "ai"))
    game = GameScene(app, session)
    game.autosave = False
    app.reset(game)
    assert game.session.state.current_player() != RAT and app.animating()  # the VC draws
    for _ in range(600):
        if game.session.state.current_player() == RAT and not game.table.busy():
            break
        frames(app)
    assert not app.animating()


def test_a_bot_waiting_its_turn_asks_for_fewer_frames_than_an_animation(app: App) -> None:
    """Quiet demo: while only a bot's pause runs, the table asks for WAIT_FPS frames a
    second; once its move animates, for the full rate."""
    from game.ui.scene import FULL_FPS, WAIT_FPS

    session = Session.new("tunnel_rat_bluff", 4, seats=("ai", "ai"))
    game = GameScene(app, session)
    game.autosave = False
    app.reset(game)
    rates = set()
    for _ in range(400):
        if app.animating():
            rates.add((game.table.busy(), game.frame_rate()))
        frames(app)
    assert (False, WAIT_FPS) in rates and (True, FULL_FPS) in rates
    assert WAIT_FPS < FULL_FPS


def test_a_key_during_an_animation_finishes_it_then_acts(app: App) -> None:
    """Everywhere: a key pressed while the drawn card is still flying in is not lost; the
    animation ends at once and the question is asked."""
    session = Session.new("tunnel_rat_bluff", 4, seats=("human", "ai"))
    game = GameScene(app, session)
    game.autosave = False
    game.ai_delay = 0.0
    app.reset(game)
    for _ in range(600):
        if game.session.state.current_player() == RAT:
            break
        frames(app)
    assert game.table.busy(), "the draw is still being animated"
    press(app, pygame.K_2, settle=1)
    assert game.session.actions[-1] == "ask trap"


def test_a_click_during_an_animation_finishes_it_then_acts(app: App) -> None:
    """The same for a click: the click on a question button while the card still flies
    in finishes the animation and asks."""
    from game.rules.tunnel_rat_bluff.actions import Ask
    from game.ui.driver import click

    session = Session.new("tunnel_rat_bluff", 4, seats=("human", "ai"))
    game = GameScene(app, session)
    game.autosave = False
    game.ai_delay = 0.0
    app.reset(game)
    for _ in range(600):
        if game.session.state.current_player() == RAT:
            break
        frames(app)
    assert game.table.busy(), "the draw is still being animated"
    button = next(b for b, a in game.table.buttons if isinstance(a, Ask) and a.to_str() == "ask vc")
    click(app, button.rect.center, settle=1)
    assert game.session.actions[-1] == "ask vc"


def test_no_display_is_found_before_any_window() -> None:
    assert display_problem({}, "linux") is not None
    assert display_problem({"DISPLAY": ":0"}, "linux") is None
    assert display_problem({"WAYLAND_DISPLAY": "wayland-0"}, "linux") is None
    assert display_problem({"SDL_VIDEODRIVER": "dummy"}, "linux") is None
    assert display_problem({}, "win32") is None
    assert invisible_driver("offscreen", {}) and invisible_driver("dummy", {})
    assert not invisible_driver("dummy", {"SDL_VIDEODRIVER": "dummy"})
    assert not invisible_driver("x11", {})


def test_python_m_game_without_a_display_exits_at_once_naming_the_headless_commands(
    tmp_path: Path,
) -> None:
    """Over SSH: no window, one message, exit code 2, within seconds."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.pop("SDL_VIDEODRIVER", None)
    env["PYTHONPATH"] = str(ROOT)
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "game", "--data-dir", str(tmp_path)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert done.returncode == 2 and time.monotonic() - started < 30
    assert "needs a window" in done.stderr and "Traceback" not in done.stderr
    for command in ("simulate", "replay", "check-map", "render-map"):
        assert f"python -m game {command}" in done.stderr
