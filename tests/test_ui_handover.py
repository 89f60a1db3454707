"""Hotseat hand-over: the hand-over screen comes between two players exactly when their
views of the game differ (issue 32), in every ruleset, and never otherwise."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import dataclasses  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ai.registry import make_bot  # noqa: E402
from game.core.registry import get_ruleset, ruleset_ids  # noqa: E402
from game.core.rng import Rng  # noqa: E402
from game.core.session import Session  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.driver import make_app, press  # noqa: E402
from game.ui.scenes.demo import demo_options  # noqa: E402
from game.ui.scenes.game import GameScene, new_session  # noqa: E402
from game.ui.scenes.handover import HandOverScene  # noqa: E402
from game.ui.seat_views import same_secrets  # noqa: E402

ACTIONS = 45  # actions per random game (enough for several changes of player)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = make_app(tmp_path / "data", speed=50.0)
    # Every decision goes to a player: the '65 table would otherwise answer for him a
    # reaction window only Decline can answer, an action the bots here do not see coming.
    application.settings.always_ask = True
    yield application
    application.close()


def views_differ(state: Any, a: int, b: int) -> bool:
    """The rule, stated apart from the code under test: seat ``a``'s screen and seat
    ``b``'s differ when a compared field (other than who looks and what the actor may
    do) differs, or when either shows something a spectator's screen does not (a hand,
    a drawn card, hidden men): that is the seat's own secret, even if the other seat
    happens to hold an equal one."""
    views = [state.view(a), state.view(b)]
    public = state.view(None)
    for f in dataclasses.fields(views[0]):
        if not f.compare or f.name in ("seat", "candidate_actions"):
            continue
        mine, theirs, seen = (getattr(v, f.name) for v in (*views, public))
        if mine != theirs:
            return True
        if mine != seen and not (mine in (None, (), [], {}) and seen in (None, (), [], {})):
            return True
    return False


def settle(app: App, game: GameScene) -> None:
    """Frames until the table is still (animations done) or a hand-over is up."""
    for _ in range(200):
        if app.top is game and not game.table.busy() and game.pending_handover is None:
            app.step(0.05, draw=False)
            if app.top is game and not game.table.busy() and game.pending_handover is None:
                return
        if app.top is not game or game.pending_handover is not None:
            return
        app.step(0.05, draw=False)


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_ui_hotseat_hands_over_exactly_when_the_views_differ(app: App, ruleset_id: str) -> None:
    """Random hotseat games of each ruleset: at each change of player the hand-over (the
    "Hand over" button, then the screen that hides the table) comes when the two seats'
    views differ, and the screen simply passes to the next player when they are alike.
    Both seen at least once where the game has secrets."""
    seen = {True: 0, False: 0}
    for game_no in range(2):
        options = demo_options(ruleset_id, game_no)
        seats = len(get_ruleset(ruleset_id).seats)
        game = GameScene(app, new_session(ruleset_id, 40 + game_no, ["human"] * seats, options))
        app.reset(game)
        bots = [make_bot("random", ruleset_id, s, Rng(90 + s)) for s in range(seats)]
        expected: bool | None = None  # after a change of player: is a hand-over due?
        for _ in range(ACTIONS):
            settle(app, game)
            handed = game.pending_handover is not None or isinstance(app.top, HandOverScene)
            if expected is not None:
                assert handed == expected, (ruleset_id, game_no, len(game.session.actions))
                seen[expected] += 1
            if game.pending_handover is not None:
                press(app, pygame.K_RETURN, settle=1)  # the player who acted hands over
            if isinstance(app.top, HandOverScene):
                app.top.armed = 1.0
                press(app, pygame.K_RETURN, settle=1)  # the next player takes the seat
            state = game.session.state
            seat = state.current_player()
            if seat is None or game.outcome() is not None:
                break
            assert game.viewer == seat or game.open_table and game.viewer is not None
            game.act(bots[seat].choose(game.session.state.view(seat)))
            after = game.session.state.current_player()
            expected = None
            if after is not None and after != seat and game.outcome() is None:
                expected = not game.open_table and views_differ(game.session.state, seat, after)
    assert seen[True] + seen[False] >= 3, seen
    if ruleset_id != "ratfight":  # RatFight hides nothing from either player
        assert seen[True] >= 1, seen


def test_hotseat_equal_own_hands_are_still_two_secrets() -> None:
    """Transformers Skirmish: each player sees only their own hand. Two hands of the
    same cards are two secrets (each player would see the other's): a hand-over."""
    session = Session(get_ruleset("transformers_skirmish"), 3, None, ["human", "human"])
    state = session.state
    state.hands[1] = list(state.hands[0])
    a, b, public = state.view(0), state.view(1), state.view(None)
    assert a.hand == b.hand and a.hand
    assert not same_secrets(a, b, public)
    state.hands[0], state.hands[1] = [], []
    assert same_secrets(state.view(0), state.view(1), state.view(None))


def test_hotseat_who_may_act_is_no_secret() -> None:
    """RatFight hides nothing: the seat to act has its choices listed (and ``acting``
    set), the other not; the two views are alike, so no hand-over comes between them."""
    session = Session(get_ruleset("ratfight"), 5, None, ["human", "human"])
    state = session.state
    actor = state.current_player()
    assert actor is not None
    mine, theirs = state.view(actor), state.view(1 - actor)
    assert mine.candidate_actions and not theirs.candidate_actions
    assert same_secrets(mine, theirs, state.view(None))
