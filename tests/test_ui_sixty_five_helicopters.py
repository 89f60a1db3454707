"""'65 helicopters on screen (17): drawn by mode (raised over a shadow when Flying, a
ring when Hovering, a pad when Landed), the blind spots of a picked airborne one, and
its mode chosen at the table with the mouse and the keyboard."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402
from dataclasses import replace  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from sixty_five_support import new_state, unit  # noqa: E402
from test_sixty_five_flow import _impulse_with, _to_impulse  # noqa: E402
from test_ui_sixty_five import _scene_at  # noqa: E402

from game.rules.sixty_five.view import SixtyFiveView  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.driver import click, make_app, press  # noqa: E402
from game.ui.tables.sixty_five.board import BoardPicture  # noqa: E402
from game.ui.tables.sixty_five.choices import describe  # noqa: E402
from game.ui.tables.sixty_five.helicopters import (  # noqa: E402
    HOVER_RING,
    PAD_RING,
    draw_blind_spots,
    draw_helicopter,
)
from game.ui.tables.sixty_five.table import SixtyFiveTable  # noqa: E402

CARD = "c01"  # Fire / Artillery: no move block, yet it moves a helicopter (17a)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = make_app(tmp_path / "data", speed=50.0)
    yield application
    application.close()


def _state(mode: str = "flying", **terrain: str):  # type: ignore[no-untyped-def]
    units = [
        unit("h", "us_huey_gunship", 0, "1C3", facing=0, mode=mode),
        unit("vc", "vc_rifle", 1, "1J5"),
    ]
    state, _ = new_state(units, 11, limit=5, **terrain)
    _to_impulse(state, 0)
    _impulse_with(state, 0, [CARD])
    return state


def _colours(surface: pygame.Surface, rect: pygame.Rect) -> set[tuple[int, int, int]]:
    return {
        tuple(surface.get_at((x, y)))[:3]  # type: ignore[misc]
        for x in range(rect.left, rect.right)
        for y in range(rect.top, rect.bottom)
    }


def _picture(app: App, view: SixtyFiveView) -> tuple[SixtyFiveTable, BoardPicture]:
    table = SixtyFiveTable(app.assets)
    table.layout(pygame.Rect(0, 0, 1280, 720))
    table._ensure_board(view)
    assert table.picture is not None
    return table, table.picture


@pytest.mark.parametrize("mode", ["flying", "hovering", "landed"])
def test_ui_65_17b_a_helicopter_is_drawn_by_its_mode(app: App, mode: str) -> None:
    """Flying: the counter is raised up and to the left of its shadow; Hovering: the
    ring marker; Landed: the pad's ring under it."""
    state = _state(mode)
    view = state.view(0)
    table, pic = _picture(app, view)
    surface = pygame.Surface((1280, 720))
    surface.fill((0, 0, 0))
    counter = next(u for u in view.units if u.id == "h")
    rect = pygame.Rect(0, 0, 48, 48)
    rect.center = (400, 300)
    draw_helicopter(surface, app.assets, pic, table._ground, rect, counter)
    around = rect.inflate(40, 40)
    seen = _colours(surface, around)
    box = surface.get_bounding_rect()
    if mode == "flying":
        lit = pygame.mask.from_threshold(surface, (0, 0, 0), (40, 40, 40, 255))
        lit.invert()
        drawn = lit.get_bounding_rects()[0]
        assert drawn.centerx < rect.centerx and drawn.centery < rect.centery  # raised
        assert HOVER_RING not in seen and PAD_RING not in seen
    elif mode == "hovering":
        assert HOVER_RING in seen
    else:
        assert PAD_RING in seen
    assert box.width > 0


def test_ui_65_17d_the_blind_spots_of_a_picked_airborne_helicopter(app: App) -> None:
    """17d: with a Flying helicopter picked, the hexes right behind the jungle band
    are shaded, and the hexes seen over the jungle are not."""
    jungle = {f"{c}{n}": "jungle" for c in "ef" for n in range(1, 7)}
    state = _state("flying", **jungle)
    view = state.view(0)
    table, pic = _picture(app, view)
    surface = pygame.Surface((1280, 720))
    counter = next(u for u in view.units if u.id == "h")
    ground = state.world.field  # the position's own map 1 (the table shows map 1 too)
    hidden = draw_blind_spots(surface, pic, ground, counter)
    assert "1G3" in hidden and "1K3" not in hidden and "1D3" not in hidden
    landed = replace(counter, mode="landed")
    assert draw_blind_spots(surface, pic, ground, landed) == []


def test_ui_65_17b_the_mode_is_chosen_at_the_table_by_mouse_and_keys(app: App) -> None:
    """17b: the player clicks the card, the helicopter, then its hex again: the list
    holds its modes ("hover", "land"); the key of "hover" plays it."""
    game = _scene_at(app, _state("flying"), ["human", "random"])
    table = game.table
    assert isinstance(table, SixtyFiveTable) and table.picture is not None
    view = game.view()
    assert isinstance(view, SixtyFiveView)
    card_pos = next(r.center for r, cid in table.hand_rects if cid == CARD)
    click(app, card_pos)
    hex_pos = table.picture.centre("1C3")
    click(app, hex_pos)  # the helicopter
    click(app, hex_pos)  # its own hex: what it may do in place
    shown = table.shown(game.view())  # type: ignore[arg-type]
    texts = [describe(a, view, table.data) for a in shown]
    assert any(t.endswith("hover") for t in texts) and any(t.endswith("land") for t in texts)
    index = next(i for i, t in enumerate(texts) if t.endswith("hover"))
    press(app, pygame.K_1 + index)
    assert game.session.state.world.units["h"].mode == "hovering"
