"""'65 scenario 6 at the table: the loaded set-up by mouse and by keys, and the AC-47
strike listed, named and drawn on its hex."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from test_ui_sixty_five import my_view, table_of  # noqa: E402

from game.core.rng import Rng  # noqa: E402
from game.core.session import Session  # noqa: E402
from game.rules.sixty_five.actions import Place, Play  # noqa: E402
from game.rules.sixty_five.view import SixtyFiveView  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.driver import click, frames, make_app, press  # noqa: E402
from game.ui.scenes.game import GameScene  # noqa: E402
from game.ui.tables.sixty_five.choices import Picks, describe  # noqa: E402
from game.ui.tables.sixty_five.marks import STRIKE  # noqa: E402


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = make_app(tmp_path / "data", speed=50.0)
    yield application
    application.close()


def _start(app: App, seed: int = 3) -> GameScene:
    game = GameScene(app, Session.new("sixty_five", seed, {"scenario": "6"}, ["human", "random"]))
    game.autosave = False
    app.reset(game)
    frames(app, 2)
    return game


def _to_loading(app: App, game: GameScene) -> None:
    """Set the vehicles up (by the listed actions) until a Leg unit is to board."""
    for _ in range(20):
        view = my_view(app, game)
        if any(isinstance(a, Place) and a.aboard for a in view.candidate_actions):
            return
        game.act(view.candidate_actions[0])
        frames(app, 2)
    raise AssertionError("no Leg unit came to board")


def test_ui_65_24_scenario_6_a_click_on_a_carrier_sets_the_unit_up_aboard(app: App) -> None:
    """Scenario 6's loaded set-up by mouse: a click on a vehicle's hex puts the unit to
    set up aboard that vehicle."""
    game = _start(app)
    table = table_of(game)
    _to_loading(app, game)
    view = my_view(app, game)
    app.draw()
    place = next(a for a in view.candidate_actions if isinstance(a, Place) and a.aboard)
    assert "aboard" in describe(place, view, game.session.state.world.data)
    assert table.picture is not None
    click(app, table.picture.centre(place.hex))
    frames(app, 2)
    rider = game.session.state.world.units[place.unit]
    assert rider.hex == place.hex and rider.carrier == place.aboard


def test_ui_65_24_scenario_6_the_keys_choose_a_carrier_from_the_list(app: App) -> None:
    """Scenario 6's loaded set-up by keys: the listed places are numbered; 1 boards the
    first."""
    game = _start(app)
    _to_loading(app, game)
    view = my_view(app, game)
    app.draw()
    table = table_of(game)
    first = table.shown(view)[0]
    assert isinstance(first, Place) and first.aboard is not None
    press(app, pygame.K_1)
    frames(app, 2)
    rider = game.session.state.world.units[first.unit]
    assert rider.carrier == first.aboard and rider.hex == first.hex


def test_ui_65_24_scenario_6_the_ac47_strike_is_listed_named_and_drawn(app: App) -> None:
    """Scenario 6's AC-47: with its Fire card picked, the strike on a hex is listed as
    "AC-47 (Puff) on HEX" and the hex is marked with the cards it will draw."""
    session = Session.new("sixty_five", 7, {"scenario": "6"}, ["human", "random"])
    rng = Rng(7)
    puff: Play | None = None
    for _ in range(8000):
        state = session.state
        if state.current_player() is None:
            break
        if state.current_player() == 0:
            found = [
                a for a in state.candidate_actions() if isinstance(a, Play) and a.block == "puff"
            ]
            if found:
                puff = found[0]
                break
        session.apply(state.random_action(rng))
    assert puff is not None
    game = GameScene(app, session)
    game.autosave = False
    app.reset(game)
    frames(app, 3)
    table = table_of(game)
    view = my_view(app, game)
    assert describe(puff, view, session.state.world.data) == f"AC-47 (Puff) on {puff.path[0]}"
    table.picks = Picks(card=puff.card)
    assert table.picture is not None
    table.picture.look_at([puff.path[0]], force=True)  # as the player pans to it
    hx, hy = table.picture.centre(puff.path[0])
    assert table.board_rect.collidepoint(hx, hy)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(hx, hy), rel=(0, 0), buttons=(0, 0, 0))
    )
    frames(app, 2)
    app.draw()
    assert "AC-47" in table.strike_line
    r = round(table.picture.hex_size() * 0.5)
    colours = {
        tuple(app.screen.get_at((x, y)))[:3]
        for x in range(hx - r, hx + r)
        for y in range(hy - r, hy + r)
    }
    assert STRIKE in colours


def _arrow_spot(table, hex_id: str) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    """A point inside the exit arrow drawn on ``hex_id``'s north side."""
    from game.ui.tables.sixty_five.marks import _outer_side

    pic = table.picture
    corners = _outer_side(pic.outline(hex_id), "N")
    mx = sum(p[0] for p in corners) / len(corners)
    my = sum(p[1] for p in corners) / len(corners)
    return round(mx), round(my + pic.hex_size() * 0.16 * 0.5)


def test_ui_65_24_scenario_6_exit_arrows_only_on_c1(app: App) -> None:
    """Scenario 6 (24): the Americans leave the map only from C1 of Map 3, so the table
    draws its exit arrow on that hex alone, not along the whole north edge, and the rules
    line says where."""
    from game.ui.tables.sixty_five.art import SEAT_COLOURS
    from game.ui.tables.sixty_five.marks import exit_marked_hexes, rules_lines

    game = _start(app)
    table = table_of(game)
    view = game.view()
    assert isinstance(view, SixtyFiveView)
    ground = table._ground
    assert ground is not None
    assert exit_marked_hexes(ground, view, "exit:us", "N") == ["3C1"]
    assert len(ground.edge_hexes("N")) > 20  # the whole edge would be many more
    assert any("may leave by the north edge from 3C1" in line for line in rules_lines(view))
    assert table.picture is not None
    for _ in range(8):  # the arrow keys pan the long board east until Map 3 is in view
        if table.picture.area.collidepoint(_arrow_spot(table, "3F1")):
            break
        press(app, pygame.K_RIGHT)
        frames(app, 2)
    app.draw()
    for hex_id in ("3C1", "3A1", "3B1", "3D1", "3E1", "3F1"):
        x, y = _arrow_spot(table, hex_id)
        assert table.picture.area.collidepoint(x, y), hex_id
        arrow = tuple(app.screen.get_at((x, y)))[:3] == SEAT_COLOURS[0]
        assert arrow is (hex_id == "3C1"), hex_id
