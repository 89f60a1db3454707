"""Shots with no chance (issue 32): listed last, greyed, saying "0%", and asking before
they fire, through the real window's handlers (SDL dummy driver); the shared rule of
``toolkit.no_chance`` on its own."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402
from dataclasses import replace  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.core.session import Session  # noqa: E402
from game.rules.five_five_six.actions import AutoFire, End, Fire  # noqa: E402
from game.rules.five_five_six.view import FiveFiveSixView  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.driver import click, frames, make_app, press  # noqa: E402
from game.ui.scenes.game import GameScene  # noqa: E402
from game.ui.tables.five_five_six.choices import actor  # noqa: E402
from game.ui.tables.five_five_six.table import FiveFiveSixTable  # noqa: E402
from game.ui.toolkit.no_chance import NO_CHANCE, NoChanceGuard, labelled, no_chance_last  # noqa: E402


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = make_app(tmp_path / "data", speed=50.0)
    yield application
    application.close()


def test_no_chance_goes_last_and_asks_once() -> None:
    """The hopeless attacks move after the rest, in their order; the guard asks the
    first time and lets the same choice through the second; another choice asks
    afresh."""
    chances = {End(): None, Fire("a", "m16", "x"): 0.0, Fire("a", "m16", "y"): 0.4}
    actions = list(chances)
    assert no_chance_last(actions, chances.get) == [actions[0], actions[2], actions[1]]
    assert labelled("Fire", 0.0) == "Fire" + NO_CHANCE and labelled("Fire", 0.1) == "Fire"
    guard = NoChanceGuard()
    asked = guard.question(actions[1], 0.0, "Fire at X", once="LAW")
    assert asked is not None and "0%" in asked and "LAW fires only once" in asked
    assert guard.question(actions[1], 0.0, "Fire at X") is None
    assert guard.question(actions[1], 0.0, "Fire at X") is not None
    assert guard.question(actions[2], 0.4, "Fire at Y") is None


def test_ui_five_five_six_a_shot_with_no_chance_is_last_grey_and_asks(app: App) -> None:
    """A man whose every shot is hopeless (Weapons -20): each listed Fire and Auto-Fire
    is after the other choices and ends in "0%"; clicking one (the LAW when he has it)
    the first time fires nothing and says so (and that the LAW fires once), the second
    time fires."""
    game = GameScene(
        app, Session.new("five_five_six", 3, {"scenario": "crash_site"}, ["human", "random"])
    )
    game.autosave = False
    app.reset(game)
    frames(app, 2)
    table = game.table
    assert isinstance(table, FiveFiveSixTable)
    view = None
    for _ in range(400):
        if game.session.state.current_player() == 0 and not table.busy():
            view = game.view()
            assert isinstance(view, FiveFiveSixView)
            if any(isinstance(a, Fire) for a in view.candidate_actions):
                break
            if view.candidate_actions:
                press(app, pygame.K_RETURN, settle=2)
                continue
        frames(app, 1, 0.1)
    assert view is not None
    who = actor(view)
    assert who is not None
    board = game.session.state.board
    board.characters[who.id].profile = replace(board.characters[who.id].profile, weapons=-20)
    game.__dict__.pop("_view_cache", None)  # the position changed: the view afresh
    table.redraw()
    frames(app, 2)
    view = game.view()
    assert isinstance(view, FiveFiveSixView)
    listed = table.listed(view)
    fires = [i for i, a in enumerate(listed) if isinstance(a, Fire | AutoFire)]
    assert fires and fires[-1] == len(listed) - 1 and fires == list(range(fires[0], len(listed)))
    labels = table.choice_labels(view)
    assert all(labels[i].endswith(NO_CHANCE) for i in fires)
    assert not any(label.endswith(NO_CHANCE) for i, label in enumerate(labels) if i not in fires)
    fire = next(
        (listed[i] for i in fires if getattr(listed[i], "weapon", "") == "law"), listed[fires[0]]
    )
    for _ in range(12):  # page down to it
        if any(a == fire for _, a in table.buttons):
            break
        press(app, pygame.K_DOWN)
    button = next(b for b, a in table.buttons if a == fire)
    before = len(game.session.actions)
    click(app, button.rect.center)
    assert len(game.session.actions) == before
    assert "no chance" in table.notice and "0%" in table.notice
    if getattr(fire, "weapon", "") == "law":  # 7.91: the LAW fires once
        assert "LAW fires only once" in table.notice
    button = next(b for b, a in table.buttons if a == fire)
    click(app, button.rect.center)
    assert len(game.session.actions) == before + 1
    assert game.session.actions[-1] == fire.to_str()
