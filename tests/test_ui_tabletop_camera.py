"""The tabletop tables (RatFight, 5.56mm) read at a glance (issue 32), through the real
window's handlers (SDL dummy driver): the whole table fits at first; the wheel, + and -,
a right drag and the arrows zoom and pan as on the '65 board, Home fits it again; a
double click on a model centres it; the picked model's name and the name of the model
under the pointer are drawn; a line from shooter to target lingers after a shot without
holding up play."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import math  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.core.session import Session  # noqa: E402
from game.rules.ratfight.actions import Fire  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.driver import click, frames, make_app, press  # noqa: E402
from game.ui.render.shot_line import LINGER, ShotLine  # noqa: E402
from game.ui.scenes.game import GameScene  # noqa: E402
from game.ui.tables.five_five_six.table import FiveFiveSixTable  # noqa: E402
from game.ui.tables.ratfight.table import RatFightTable  # noqa: E402


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = make_app(tmp_path / "data", speed=50.0)
    yield application
    application.close()


def start(app: App, ruleset: str, seed: int = 5) -> GameScene:
    game = GameScene(app, Session.new(ruleset, seed, {}, ["human", "random"]))
    game.autosave = False
    app.reset(game)
    frames(app, 2)
    return game


def move(app: App, pos: tuple[int, int], buttons: tuple[int, int, int] = (0, 0, 0)) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons))
    frames(app, 1)


def wheel(app: App, pos: tuple[int, int], y: int) -> None:
    move(app, pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False))
    frames(app, 1)


def models(game: GameScene) -> list[tuple[float, float]]:
    """Every model on the table, table points."""
    view = game.view()
    if isinstance(game.table, RatFightTable):
        return [f.pos for f in view.figures.values() if f.on_table]
    return [c.pos for c in view.characters.values() if c.on_table and c.aboard is None]


@pytest.mark.parametrize("ruleset", ["ratfight", "five_five_six"])
def test_ui_tabletop_zoom_pan_fit_and_double_click(app: App, ruleset: str) -> None:
    game = start(app, ruleset)
    table = game.table
    assert isinstance(table, RatFightTable | FiveFiveSixTable)
    board, ground = table.board_rect, table.ground
    assert ground.fits_all()
    for point in models(game):  # the whole table in view: every model on screen
        x, y = table.to_screen(point)
        assert board.collidepoint(round(x), round(y))
    whole = ground.px_per_hundredth()
    wheel(app, board.center, 1)  # the wheel zooms in around the pointer
    assert ground.px_per_hundredth() > whole and not ground.fits_all()
    press(app, pygame.K_MINUS)
    assert ground.px_per_hundredth() == pytest.approx(whole)
    press(app, pygame.K_EQUALS)
    press(app, pygame.K_EQUALS)
    zoomed = ground.px_per_hundredth()
    assert zoomed > whole * 1.9
    mid = ground.table_point(board.center)
    press(app, pygame.K_RIGHT)  # the view moves right: the table left
    after = ground.table_point(board.center)
    assert mid is not None and after is not None and after[0] > mid[0]
    start_pos = (board.centerx, board.centery)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start_pos, button=3))
    move(app, (board.centerx + 60, board.centery + 40), (0, 0, 1))
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEBUTTONUP, pos=(board.centerx + 60, board.centery + 40), button=3
        )
    )
    frames(app, 1)
    dragged = ground.table_point(board.center)
    assert dragged is not None and dragged[0] < after[0] and dragged[1] < after[1]
    assert ground.px_per_hundredth() == pytest.approx(zoomed)  # a drag never zooms
    # a double click on a model brings it toward the middle of the board (as far as the
    # table's edges allow): the model nearest the table's middle, zoomed in around it
    press(app, pygame.K_HOME)
    centre = board.center
    middle = ground.table_point(centre)
    assert middle is not None
    pick = min(models(game), key=lambda p: math.dist(p, middle))
    wheel(app, tuple(round(v) for v in table.to_screen(pick)), 2)
    before = math.dist(table.to_screen(pick), centre)
    assert before > 40  # off the middle at first
    at = tuple(round(v) for v in table.to_screen(pick))
    click(app, at, settle=0)
    click(app, at, settle=1)
    after_click = math.dist(table.to_screen(pick), centre)
    assert after_click < 4.0 or after_click < before - 10
    press(app, pygame.K_HOME)  # Home: the whole table again
    assert ground.fits_all() and ground.px_per_hundredth() == pytest.approx(whole)


def test_ui_ratfight_names_and_the_shot_line(app: App) -> None:
    """The picked model's name is drawn, and the name of any model under the pointer;
    after a shot a line from the firer to the target lingers, fading, and the table is
    not busy while it shows."""
    game = start(app, "ratfight")
    table = game.table
    assert isinstance(table, RatFightTable)
    fire: Fire | None = None
    for _ in range(600):
        if game.session.state.current_player() != 0 or table.busy():
            frames(app, 1, 0.1)
            continue
        fires = [a for a in game.view().candidate_actions if isinstance(a, Fire)]
        if fires:
            fire = fires[0]
            break
        press(app, pygame.K_RETURN, settle=1)
    assert fire is not None, "no shot came up"
    view = game.view()
    shooter, target = view.figures[fire.figure], view.figures[fire.target]
    click(app, tuple(round(v) for v in table.to_screen(shooter.pos)))
    assert table.selected == shooter.id
    move(app, tuple(round(v) for v in table.to_screen(target.pos)))
    app.assets.text_trace = []
    app.draw()
    drawn = app.assets.text_trace
    app.assets.text_trace = None
    assert shooter.label in drawn and target.label in drawn
    before = len(game.session.actions)
    for _ in range(2):  # a hopeless shot asks once first
        if len(game.session.actions) == before:
            click(app, tuple(round(v) for v in table.to_screen(target.pos)), settle=1)
    assert len(game.session.actions) > before
    lines = table.fx.of_type(ShotLine)
    assert lines and lines[0].start == shooter.pos
    assert not any(isinstance(e, ShotLine) and e.blocking for e in table.fx.items)
    frames(app, round(LINGER / 0.1) + 2, 0.1)
    assert not table.fx.of_type(ShotLine)
