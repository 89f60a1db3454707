"""Tunnel Rats hotseat: the open table (default for two humans) and fog of war, chosen
on the setup screen and played through the real window's handlers."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from test_ui_tunnel_rats import RULESET, perform  # noqa: E402

from game.ai.registry import make_bot  # noqa: E402
from game.core.api import DieRolled  # noqa: E402
from game.core.rng import Rng  # noqa: E402
from game.core.session import Session  # noqa: E402
from game.rules.tunnel_rats.actions import Forfeit, Move  # noqa: E402
from game.rules.tunnel_rats.play import TRState  # noqa: E402
from game.rules.tunnel_rats.view import TRView  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.driver import click, frames, make_app, press, start_from_setup  # noqa: E402
from game.ui.scenes import setup as setup_screen  # noqa: E402
from game.ui.scenes.game import GameScene  # noqa: E402
from game.ui.scenes.handover import HandOverScene  # noqa: E402
from game.ui.scenes.setup import SetupScene  # noqa: E402


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = make_app(tmp_path / "data", speed=50.0)
    yield application
    application.close()


def setup_two_humans(
    app: App, hotseat_presses: int, monkeypatch: pytest.MonkeyPatch, seed: int = 7
) -> GameScene:
    """The setup screen by keys: second seat human, the hotseat option cycled
    ``hotseat_presses`` times, Enter (the game's seed fixed to ``seed``)."""
    monkeypatch.setattr(setup_screen.secrets, "randbelow", lambda _n: seed)
    setup = SetupScene(app, RULESET)
    app.push(setup)
    frames(app, 2)
    keys = [o.key for o in setup.options]
    press(app, pygame.K_2)  # defenders: Computer -> Human
    for _ in range(hotseat_presses):
        press(app, pygame.K_1 + len(setup.kinds) + keys.index("hotseat"))
    game = start_from_setup(app)
    assert isinstance(game, GameScene)
    game.autosave = False
    return game


def blunder(view: TRView, move: Move) -> bool:
    """A move onto a shown figure or trap: the rules let a side walk into what it does
    not know of (a bump, a trap), but at the open table that cell shows it, and a click
    there aims or disarms instead."""
    fig = view.rat(move.figure) or view.enemy(move.figure)
    assert fig is not None
    marks = {(f.level, f.cell) for f in (*view.rats, *view.enemies) if f.alive}
    marks |= {(t.level, t.cell) for t in view.traps if t.armed}
    return (fig.level, move.cell) in marks


def test_setup_explains_both_hotseat_modes_open_first() -> None:
    """The setup screen offers open table (the default) and fog of war, each explained."""
    from game.ui.scenes.setup import ruleset_options

    hotseat = next(o for o in ruleset_options(RULESET) if o.key == "hotseat")
    assert [v for v, _ in hotseat.values] == ["open", "fog"]
    open_note, fog_note = hotseat.notes
    assert "both players see" in open_note and "hidden" in open_note
    assert "hand-over" in fog_note


def test_open_table_is_the_default_even_for_old_saves(app: App) -> None:
    """A game saved before the option existed (no ``hotseat`` key) opens as an open
    table for two humans; a game against the computer is never an open table."""
    two = GameScene(app, Session.new(RULESET, 3, {"scenario": "clear_warren"}, ["human"] * 2))
    assert two.open_table
    one = GameScene(app, Session.new(RULESET, 3, {"scenario": "clear_warren"}, ["human", "ai"]))
    assert not one.open_table


@pytest.mark.parametrize("seed", [3, 7])
def test_open_table_hotseat_plays_without_hand_over(
    app: App, monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    """Open table: 40 action points by both sides through the real handlers, never a
    hand-over; both see every figure; the umpire's hidden traps, unfound hidden
    entrances and his trap die stay hidden from both."""
    game = setup_two_humans(app, 0, monkeypatch, seed)
    assert game.open_table and game.session.options["hotseat"] == "open"
    bots = [make_bot("ai", RULESET, s, Rng(30 + s)) for s in (0, 1)]
    acted, seats_played = 0, set()
    for _ in range(400):
        if game.end_shown or acted >= 40:
            break
        assert not isinstance(app.top, HandOverScene)
        assert game.pending_handover is None
        if game.table.busy():
            frames(app, 1, 0.1)
            continue
        state = game.session.state
        assert isinstance(state, TRState)
        seat = state.current_player()
        if seat is None:
            break
        frames(app, 1)
        assert game.viewer == seat  # the controls are with the side to act
        view = game.view()
        assert {r.id for r in view.rats} == set(state.rats)
        assert {e.id for e in view.enemies} == set(state.enemies)
        assert not any(t.hidden for t in view.traps)
        assert all(not e.hidden or e.id in state.found for e in view.entrances)
        assert view.pending_trap is None
        action = bots[seat].choose(view)
        if isinstance(action, Move) and blunder(view, action):
            action = Forfeit()
        before = len(game.session.actions)
        # moves by mouse: the arrow keys' straight route may cross rock
        perform(app, game, action, by_mouse=acted % 2 == 0 or isinstance(action, Move))
        assert game.session.actions[before:] == [action.to_str()], action
        seats_played.add(seat)
        acted += 1
    assert acted >= 40 and seats_played == {0, 1}
    umpire = [
        e.text()
        for e in game.log_events
        if isinstance(e, DieRolled) and e.who == "The umpire" and not e.visible(0)
    ]
    assert umpire  # the umpire rolled his secret trap die every round...
    assert not any(line in game.log_text() for line in umpire)  # ...behind his screen
    assert game.log_text()  # the table's own events are logged


def test_fog_hotseat_is_an_option_that_hands_over(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Fog of war chosen on the setup screen: after the rats' points the board hides
    behind a hand-over before the defenders see it."""
    game = setup_two_humans(app, 1, monkeypatch)
    assert not game.open_table and game.session.options["hotseat"] == "fog"
    bots = [make_bot("ai", RULESET, s, Rng(40 + s)) for s in (0, 1)]
    assert isinstance(app.top, HandOverScene)  # the rats' board is hidden until they come
    frames(app, 1, 0.3)  # the hand-over ignores clicks for a moment
    click(app, (20, 300))
    assert app.top is game and game.viewer == 0
    for _ in range(300):
        if isinstance(app.top, HandOverScene) or game.pending_handover is not None:
            assert game.session.state.current_player() == 1
            return
        if game.table.busy() or app.top is not game or game.viewer is None:
            frames(app, 1, 0.1)
            continue
        seat = game.session.state.current_player()
        if seat != game.viewer:  # the scene decides who looks in its next update
            frames(app, 1, 0.1)
            continue
        perform(app, game, bots[seat].choose(game.view()), by_mouse=False)
    raise AssertionError("fog-of-war hotseat never handed over")
