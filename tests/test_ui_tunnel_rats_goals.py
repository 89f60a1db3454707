"""Tunnel Rats on screen (issue 31): the mission's goals are drawn with their names and
the side column shows how the mission stands, through the real app's handlers."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.core.session import Session  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.driver import frames, make_app, press  # noqa: E402
from game.ui.scenes.game import GameScene  # noqa: E402
from game.ui.tables.tunnel_rats.board import EXIT_EDGE  # noqa: E402
from game.ui.tables.tunnel_rats.table import TunnelRatsTable  # noqa: E402


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = make_app(tmp_path / "data", speed=50.0, size=(1280, 720))
    yield application
    application.close()


def start(app: App, scenario: str) -> tuple[GameScene, TunnelRatsTable, list[str]]:
    """A fog-of-war game, the human on the rats; every text drawn is recorded."""
    kinds = ["human", "ai"]
    session = Session.new("tunnel_rats", 3, {"scenario": scenario, "hotseat": "fog"}, kinds)
    game = GameScene(app, session)
    game.autosave = False
    app.reset(game)
    drawn: list[str] = []
    app.assets.text_trace = drawn  # every text drawn from now on
    frames(app, 2)
    assert isinstance(game.table, TunnelRatsTable)
    return game, game.table, drawn


def test_ui_tr_goals_the_way_out_and_the_documents_are_drawn_with_names(app: App) -> None:
    """Issue 31, goals on the table: on level 1 the cells that count as out are edged in
    green and captioned "Way out: West well"; key 2 shows level 2, where the sketch's
    documents and the ladder's foot are named."""
    game, table, drawn = start(app, "twin_wells_documents")
    press(app, pygame.K_1)
    drawn.clear()
    frames(app, 1)  # one frame drawn
    assert drawn.count("Way out: West well") == 2  # the caption and the column's line
    vp = table.board.viewport
    edge = [
        (x, y)
        for x in range(vp.left, vp.right, 2)
        for y in range(vp.top, vp.bottom, 2)
        if tuple(app.screen.get_at((x, y)))[:3] == EXIT_EDGE
    ]
    assert edge  # the green edge round the way out is on screen
    press(app, pygame.K_2)
    drawn.clear()
    frames(app, 1)
    assert table.board.level == 1
    assert "Documents cache (sketch)" in drawn
    assert "Ladder shaft (sketch)" in drawn
    assert drawn.count("Way out: West well") == 1  # the column's line: no caption here


def test_ui_tr_goals_the_wounded_man_is_named_where_he_lies(app: App) -> None:
    """Issue 31: in "Bring him home" the wounded rat's cell is captioned with his name
    until a comrade reaches him."""
    game, table, drawn = start(app, "plantation_rescue")
    state = game.session.state
    wounded = next(r for r in state.rats.values() if r.pinned)
    table.board.keep_in_view(wounded.cell)
    drawn.clear()
    frames(app, 2)
    assert f"Wounded man: reach {wounded.name}" in drawn


@pytest.mark.parametrize("scenario", ["clear_warren", "twin_wells_trapdoor", "plantation_rescue"])
def test_ui_tr_progress_lines_are_drawn_in_the_column_and_fit(app: App, scenario: str) -> None:
    """Issue 31: every line of ``view.progress()`` is drawn in the side column at
    1280x720, inside the column's width, and the column names the sides."""
    game, table, drawn = start(app, scenario)
    drawn.clear()
    frames(app, 2)
    view = game.view()
    for line in view.progress():
        assert line in drawn, line
        assert app.assets.font(15).size(line)[0] <= table.side.points_rect.width - 20
    rats, defenders = view.scenario.side_names
    assert any(t.startswith(f"{rats}: ") for t in drawn)
    assert any(t.startswith(f"{defenders}: ") for t in drawn)
    assert rats in table.status(view) and defenders in table.status(view)
