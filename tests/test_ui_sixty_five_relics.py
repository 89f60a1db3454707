"""'65 scenario 8 on the table: the rubble markers, the searched hexes, the relics on
their carrier, the search by the S key and by the listed choice with the die roll in
the log (real app, dummy driver)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from sixty_five_support import DATA  # noqa: E402
from test_ui_sixty_five import table_of, until_impulse_start  # noqa: E402

from game.core.session import Session  # noqa: E402
from game.rules.sixty_five.actions import Draw, Play  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.driver import click, frames, make_app, press  # noqa: E402
from game.ui.scenes.game import GameScene  # noqa: E402
from game.ui.tables.sixty_five.forts import RUBBLE  # noqa: E402
from game.ui.tables.sixty_five.relics import GOLD, SEARCHED, relics_text  # noqa: E402

POWER = next(c.id for c in DATA.cards if c.power and c.upper == "fire")


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = make_app(tmp_path / "data", speed=50.0)
    yield application
    application.close()


def start_8(app: App, seed: int = 3) -> GameScene:
    """Scenario 8, the Americans (seat 0) by hand against a random NVA."""
    session = Session.new("sixty_five", seed, {"scenario": "8"}, ["human", "random"])
    game = GameScene(app, session)
    game.autosave = False
    app.reset(game)
    frames(app, 2)
    return game


def _colours(surface: pygame.Surface, points: list[tuple[int, int]]) -> set[tuple[int, ...]]:
    xs, ys = [round(x) for x, _ in points], [round(y) for _, y in points]
    return {
        tuple(surface.get_at((x, y)))[:3]
        for x in range(min(xs), max(xs) + 1)
        for y in range(min(ys), max(ys) + 1)
    }


def _searcher_in(game: GameScene, hex_id: str) -> str:
    """An American Rifle standing Eligible in ``hex_id``, a Power card in hand (the
    impulse drawn)."""
    w = game.session.state.world
    for u in w.live():
        if u.hex == hex_id and u.seat == 1:
            u.hex = "2A1"
    rifle = w.units["us_rifle_1"]
    rifle.hex, rifle.marker, rifle.carrier = hex_id, None, None
    if POWER not in w.hands[0]:
        for pile in (w.draw_pile, w.discard, w.hands[1], w.set_aside):
            if POWER in pile:
                pile.remove(POWER)
        if len(w.hands[0]) >= 4:
            w.draw_pile.insert(0, w.hands[0].pop())
        w.hands[0].append(POWER)
    game.__dict__.pop("_view_cache", None)
    return rifle.id


def test_ui_65_24_scenario_8_rubble_searched_hexes_and_the_relics_are_drawn(app: App) -> None:
    game = start_8(app)
    until_impulse_start(app, game)
    w = game.session.state.world
    relics = w.relics
    assert relics is not None
    relics.searched = ["3E3"]
    carrier = w.units["us_rifle_2"]
    carrier.hex = "3F4"
    relics.carrier = carrier.id
    game.__dict__.pop("_view_cache", None)
    frames(app, 3)
    table = table_of(game)
    pic = table.picture
    assert pic is not None
    screen = app.screen
    assert RUBBLE in _colours(screen, pic.outline("3E5"))  # the markers of the text
    assert SEARCHED in _colours(screen, pic.outline("3E3"))
    assert SEARCHED not in _colours(screen, pic.outline("3E5"))
    cx, cy = pic.centre("3F4")
    low = round(cy + pic.hex_size() * 0.36)
    assert GOLD in _colours(screen, [(cx - 4, low - 2), (cx + 4, low + 2)])  # RELICS tag
    view = game.view()
    assert "carries the relics" in relics_text(view, "3F4")
    assert relics_text(view, "3E3") == ", searched"
    assert "Relics: carried by US Rifle 2 in 3F4" in view.progress()


def test_ui_65_24_scenario_8_s_key_searches_and_the_roll_is_in_the_log(app: App) -> None:
    game = start_8(app, seed=4)
    until_impulse_start(app, game)
    game.act(Draw())
    frames(app, 2)
    rifle = _searcher_in(game, "3G5")
    table = table_of(game)
    assert game.session.state.why_not(Play(POWER, "search", (rifle,))) is None
    press(app, pygame.K_s)
    frames(app, 4)
    w = game.session.state.world
    assert w.relics is not None and w.relics.searched == ["3G5"]
    log = game.log_text()
    assert "US Rifle 1 searches 3G5: 1D6 " in log and "or less finds them" in log
    assert table.picks.unit is None  # the impulse's card went, the picks with it


def test_ui_65_24_scenario_8_clicking_the_searcher_lists_the_search(app: App) -> None:
    game = start_8(app, seed=5)
    until_impulse_start(app, game)
    game.act(Draw())
    frames(app, 2)
    rifle = _searcher_in(game, "3E5")
    table = table_of(game)
    pic = table.picture
    assert pic is not None
    click(app, pic.centre("3E5"))
    assert table.picks.unit == rifle
    frames(app, 2)
    button, action = table.buttons[0]  # the search heads the list
    assert isinstance(action, Play) and action.block == "search" and action.units == (rifle,)
    assert button.label.startswith("Search in 3E5"), button.label  # the unit heads the list
    click(app, button.rect.center)
    frames(app, 3)
    w = game.session.state.world
    assert w.relics is not None and w.relics.searched == ["3E5"]


def test_ui_65_24_scenario_8_clicking_the_searcher_twice_searches(app: App) -> None:
    """A click picks the Rifle, a second click on its own hex plays the one action that
    points there: the search."""
    game = start_8(app, seed=6)
    until_impulse_start(app, game)
    game.act(Draw())
    frames(app, 2)
    w = game.session.state.world
    _searcher_in(game, "3E3")
    for c in list(w.hands[0]):
        if c != POWER and w.card(c).power:
            w.hands[0].remove(c)
            w.draw_pile.insert(0, c)
    game.__dict__.pop("_view_cache", None)
    table = table_of(game)
    pic = table.picture
    assert pic is not None
    click(app, pic.centre("3E3"))
    click(app, pic.centre("3E3"))
    frames(app, 3)
    assert w.relics is not None and w.relics.searched == ["3E3"]
    assert "US Rifle 1 searches 3E3" in game.log_text()
