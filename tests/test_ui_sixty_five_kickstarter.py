"""'65 Kickstarter cards (18 r-y) on the table, through the real window's handlers: a
Scrape by card and unit clicks, a Claymore sprung by key, the foxhole and the downpour
shown on the board and the panel."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from sixty_five_support import DATA, unit  # noqa: E402
from test_sixty_five_kickstarter import _card, _give, kick_state  # noqa: E402
from test_ui_sixty_five import _scene_at, _window_of, table_of  # noqa: E402

from game.rules.sixty_five.actions import Decline, Play, React  # noqa: E402
from game.rules.sixty_five.view import SixtyFiveView  # noqa: E402
from game.rules.sixty_five.world import Window  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.driver import click, frames, make_app, press  # noqa: E402
from game.ui.tables.sixty_five.choices import card_label, describe, window_text  # noqa: E402


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = make_app(tmp_path / "data", speed=50.0)
    yield application
    application.close()


def test_ui_sixty_five_18s_scrape_by_card_and_unit_click_shows_the_foxhole(app: App) -> None:
    """18s at the table: a click on the Scrape card, then on the rifleman, digs in; the
    hover and the view name the foxhole."""
    state = kick_state([unit("us1", "us_rifle", 0, "1C3"), unit("vc1", "vc_rifle", 1, "1H3")])
    card = _card("scrape")
    _give(state, 0, [card])
    game = _scene_at(app, state, ["human", "random"])
    table = table_of(game)
    assert "Scrape" in card_label(DATA, card)
    rect = next(r for r, c in table.hand_rects if c == card)
    click(app, rect.center)
    assert table.picks.card == card
    done = len(game.session.actions)
    assert table.picture is not None
    click(app, table.picture.centre("1C3"))
    if len(game.session.actions) == done:  # listed: the first choice by key
        view = game.view()
        assert isinstance(view, SixtyFiveView)
        shown = table.shown(view)
        want = Play(card, "scrape", ("us1",))
        assert want in shown and "Scrape: US Rifle" in describe(want, view, DATA)
        press(app, getattr(pygame, f"K_{shown.index(want) + 1}"))
    assert game.session.actions[done] == Play(card, "scrape", ("us1",)).to_str()
    view = game.view()
    assert isinstance(view, SixtyFiveView) and view.foxholes == ("1C3",)


def test_ui_sixty_five_18v_claymore_window_names_the_mover_and_1_springs_it(app: App) -> None:
    """18v at the table: the VC rifleman steps next to the Americans' riflemen; the
    panel asks for Punji Stakes or Claymore in at most two lines; 1 springs the card."""
    state = kick_state([unit("us1", "us_rifle", 0, "1C3"), unit("vc1", "vc_rifle", 1, "1E3")])
    w = state.world
    clay = _card("claymore")
    _give(state, 0, [clay])
    state.phasing = 1
    move = next(c for c in DATA.cards if c.upper == "move" and c.id not in w.hands[0]).id
    _give(state, 1, [move])
    state.apply(Play(move, "move", ("vc1",), path=("1D3",)))
    while w.pending and w.pending[-1].window is not Window.TRAP:
        state.apply(Decline())
    game = _scene_at(app, state, ["human", "random"])
    assert _window_of(game) == ("trap", "1D3")
    view = game.view()
    assert isinstance(view, SixtyFiveView)
    text = window_text(view) or ""
    assert "VC Rifle in 1D3" in text and "Claymore" in text
    assert len(app.assets.wrap(text, 18, 340)) <= 2
    press(app, pygame.K_1)
    assert React(clay, "claymore").to_str() in game.session.actions
    assert clay in game.session.state.world.discard


def test_ui_sixty_five_18r_downpour_limits_the_tables_line_of_sight(app: App) -> None:
    """18r at the table: in a downpour the table's ground (its LOS preview) sees no
    farther than three hexes."""
    state = kick_state([unit("us1", "us_rifle", 0, "1A3"), unit("vc1", "vc_rifle", 1, "1H3")])
    state.world.downpour, state.world.field.visibility = True, 3
    game = _scene_at(app, state, ["human", "random"])
    table = table_of(game)
    view = game.view()
    assert isinstance(view, SixtyFiveView) and view.visibility == 3
    ground = table.ground(view)
    assert not ground.los("1A3", "1E3") and ground.los("1A3", "1D3")
    frames(app, 2)
