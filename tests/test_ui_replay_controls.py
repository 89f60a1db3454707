"""A replay never offers controls the viewer cannot use.

For each of the six tables: a recorded game is replayed and viewed by the seat whose turn
it is at the last step; the table draws that seat's board and secrets but no action
controls (no list, no End button, no key badges), while the same position in a live game,
for that seat, still shows them. Keys and clicks that would act in a live game never reach
the replay's table. All through the real app under the dummy SDL drivers.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Callable, Iterator  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ai.registry import make_bot  # noqa: E402
from game.core.rng import Rng  # noqa: E402
from game.core.session import Session  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.driver import frames, make_app, press  # noqa: E402
from game.ui.scenes.game import GameScene  # noqa: E402
from game.ui.scenes.replay import ReplayScene  # noqa: E402
from game.ui.tables.ratfight.table import END_LABEL  # noqa: E402
from game.ui.tables.transformers_skirmish.panel import instruction  # noqa: E402
from game.ui.tables.tunnel_rats.panel import BUTTONS  # noqa: E402


@pytest.fixture
def app(data_dir: Path) -> Iterator[App]:
    app = make_app(data_dir, speed=50.0)
    try:
        yield app
    finally:
        app.close()


# (ruleset, seed, actions played by random bots before the seat to act is watched): each
# position leaves the seat to act with choices in a live game.
POSITIONS = {
    "tunnel_rat_bluff": (7, 30),
    "tunnel_rats": (7, 30),
    "transformers_skirmish": (7, 30),
    "five_five_six": (7, 30),
    "ratfight": (7, 30),
    "sixty_five": (7, 30),
}


def recorded(rid: str) -> Session:
    """A game of ``rid`` played by random bots to its position in ``POSITIONS``."""
    seed, actions = POSITIONS[rid]
    session = Session.new(rid, seed)
    bots = {i: make_bot("random", rid, i, Rng(i)) for i in range(len(session.ruleset.seats))}
    for _ in range(actions):
        seat = session.state.current_player()
        assert seat is not None and session.state.outcome() is None
        session.apply(bots[seat].choose(session.state.view(seat)))
    return session


def traced(app: App, act: Callable[[], None]) -> list[str]:
    """Every text drawn while ``act`` runs (and one more frame drawn afresh)."""
    app.assets.text_trace = []
    act()
    table = getattr(app.top, "table", None)
    if table is not None and hasattr(table, "redraw"):
        table.redraw()  # 5.56mm keeps its panel between frames
    app.draw()
    drawn, app.assets.text_trace = app.assets.text_trace, None
    return drawn


def controls(rid: str, table: Any, view: Any, drawn: list[str]) -> list[str]:
    """The action controls ``table`` drew for ``view`` (``drawn``: the frame's texts):
    its action buttons and the End button, the list's key hints, the prompt that says
    which key or click does what, the hand's raised playable cards."""
    found: list[str] = []
    if rid in ("five_five_six", "ratfight", "sixty_five"):
        found += [b.label or b.key for b, _ in table.buttons]  # the list and End (kept)
    if rid == "five_five_six":
        found += [t for t in drawn if t in ("End the go", "Let it lie")]
    if rid == "ratfight":
        found += [t for t in drawn if t == END_LABEL]
    if rid == "tunnel_rat_bluff":  # its button labels are its choices
        found += [t for t in drawn if t in table.choice_labels(view) or t.startswith("Ask (")]
    if rid == "tunnel_rats":  # the twelve buttons, the keys legend otherwise
        found += [t for t in drawn if t in {label for _, label, _ in BUTTONS}]
    if rid == "transformers_skirmish":
        card = table._card(view)
        found += [t for t in drawn if t == instruction(view, card, table.sel_unit)]
        found += [f"card {i} raised" for i, lift in table.hand.lifts.items() if lift > 0]
    return found


def replay_seen_by_the_seat_to_act(app: App, session: Session) -> tuple[ReplayScene, list[str]]:
    """The replay of ``session`` at its last step, seen by the seat to act there (V
    pressed until it is): the scene and the texts of the frame after the last V."""
    seat = session.state.current_player()
    assert seat is not None
    app.reset(ReplayScene(app, session.to_record()))
    scene = app.top
    assert isinstance(scene, ReplayScene)
    press(app, pygame.K_END)
    frames(app, 20)
    for _ in range(seat):
        press(app, pygame.K_v)
    drawn = traced(app, lambda: press(app, pygame.K_v, settle=3))
    assert scene.viewer == seat and scene.index == len(session.actions)
    return scene, drawn


@pytest.mark.parametrize("rid", list(POSITIONS))
def test_ui_replay_seen_by_the_seat_to_act_draws_no_controls(app: App, rid: str) -> None:
    """The seat to act sees its own board and secrets in the replay but no controls; the
    same position in a live game, for that seat, draws them."""
    session = recorded(rid)
    seat = session.state.current_player()
    assert seat is not None

    kinds = ["human" if i == seat else "random" for i in range(len(session.ruleset.seats))]
    app.reset(GameScene(app, session, kinds))
    game = app.top
    assert isinstance(game, GameScene) and game.viewer == seat
    live_table: Any = game.table
    live = traced(app, lambda: frames(app, 20))
    live_view = game.view()
    assert live_view.candidate_actions, "the position must give the seat to act a choice"
    assert controls(rid, live_table, live_view, live), "a live game shows the controls"
    assert live_table.choice_labels(live_view)

    scene, drawn = replay_seen_by_the_seat_to_act(app, session)
    view = scene.view()
    table: Any = scene.table
    assert view.seat == seat and view.current_player == seat and view.candidate_actions
    assert table.watching
    assert controls(rid, table, view, drawn) == []
    assert table.choice_labels(view) == []
    assert any(t.endswith(" to act") for t in drawn), "the neutral line instead"


def test_ui_replay_keys_and_clicks_that_would_act_do_nothing(app: App) -> None:
    """In the replay, Enter, 1 and a click on the table's action area (each acts in a live
    game: End the go, the first listed action, the End button) reach no table handler
    and change nothing; the replay's own keys still step."""
    session = recorded("five_five_six")
    scene, _ = replay_seen_by_the_seat_to_act(app, session)
    table: Any = scene.table
    calls: list[pygame.event.Event] = []
    real = table.handle_event

    def spy(event: pygame.event.Event, view: Any) -> Any:
        calls.append(event)
        return real(event, view)

    table.handle_event = spy
    steps = len(scene.states)
    before = (scene.index, scene.viewer, table.picks, table.selected, table.page)
    press(app, pygame.K_RETURN)
    press(app, pygame.K_1)
    press(app, pygame.K_KP_ENTER)
    x, y = table.action_rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1))
    frames(app, 3)
    assert calls == []
    assert app.top is scene and len(scene.states) == steps
    assert (scene.index, scene.viewer, table.picks, table.selected, table.page) == before
    assert scene.record.actions == session.to_record().actions
    press(app, pygame.K_LEFT)
    assert scene.index == steps - 2  # its own navigation still works
    press(app, pygame.K_RIGHT)
    assert scene.index == steps - 1
    assert calls == []
