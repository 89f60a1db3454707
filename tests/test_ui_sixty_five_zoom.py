"""'65 board zoom and pan, driven through the real window's handlers: the wheel zooms
around the pointer, a right or middle drag and the arrow keys pan, + and - zoom, Home
shows the whole board; picking, the default view of a tall board and following an
action out of view all use the one camera."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from test_ui_sixty_five import my_view, table_of, until_impulse_start  # noqa: E402

from game.core.session import Session  # noqa: E402
from game.rules.sixty_five.events import UnitMoved  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.driver import click, frames, make_app, press  # noqa: E402
from game.ui.render.camera import Camera  # noqa: E402
from game.ui.scenes.game import GameScene  # noqa: E402
from game.ui.tables.sixty_five.board import LEGIBLE_HEX, BoardPicture  # noqa: E402
from game.ui.tables.sixty_five.follow import focus  # noqa: E402
from game.ui.tables.sixty_five.table import SixtyFiveTable  # noqa: E402


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = make_app(tmp_path / "data", speed=50.0)
    yield application
    application.close()


def _game(app: App, scenario: str = "1", seed: int = 5) -> GameScene:
    game = GameScene(
        app, Session.new("sixty_five", seed, {"scenario": scenario}, ["human", "random"])
    )
    game.autosave = False
    app.reset(game)
    frames(app, 2)
    return game


def _pic(table: SixtyFiveTable) -> BoardPicture:
    assert table.picture is not None
    return table.picture


def _move(app: App, pos: tuple[int, int], buttons: tuple[int, int, int] = (0, 0, 0)) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons))
    frames(app, 1)


def _wheel(app: App, y: int) -> None:
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEWHEEL, x=0, y=y, precise_x=0.0, precise_y=float(y), flipped=False
        )
    )
    frames(app, 1)


def _board_point(pic: BoardPicture, pos: tuple[int, int]) -> tuple[float, float]:
    return pic.camera.screen_to_world(pos)


def test_ui_65_wheel_zoom_keeps_the_hex_under_the_pointer_and_clicks_pick_it(app: App) -> None:
    """The wheel over the board zooms one level per notch around the pointer: the board
    point under it stays there (to a pixel); a click on a unit's hex after zooming picks
    that unit (picking goes through the same camera as drawing)."""
    game = _game(app)
    table = table_of(game)
    until_impulse_start(app, game)
    press(app, pygame.K_d)
    view = my_view(app, game)
    pic = _pic(table)
    assert pic.fits_all()  # scenario 1, two maps side by side: the whole board reads
    pointer = (table.board_rect.centerx + 37, table.board_rect.centery + 23)
    _move(app, pointer)
    before_scale, before_point = pic.scale, _board_point(pic, pointer)
    under = pic.hex_at(pointer)
    _wheel(app, 1)
    _wheel(app, 1)
    assert pic.scale > before_scale * 1.4
    after = _board_point(pic, pointer)
    assert abs(after[0] - before_point[0]) * pic.scale <= 1.0
    assert abs(after[1] - before_point[1]) * pic.scale <= 1.0
    assert under is not None and pic.hex_at(pointer) == under
    assert table.page == 0  # the wheel over the board does not page the list
    _wheel(app, -2)
    assert pic.fits_all()
    # zoom in on one of our units (near the board's edge the board stops at its
    # edge, so the point may slide a little, never off its hex), then click it
    mine = next(u for u in view.units if u.seat == 0 and u.hex and not u.eliminated)
    assert mine.hex is not None
    _move(app, pic.centre(mine.hex))
    _wheel(app, 1)
    _wheel(app, 1)
    assert pic.scale > before_scale * 1.4
    at = pic.centre(mine.hex)
    assert table.board_rect.collidepoint(at)
    click(app, at)
    assert table.picks.unit is not None
    assert next(u for u in game.view().units if u.id == table.picks.unit).hex == mine.hex


def test_ui_65_right_or_middle_drag_pans_and_a_right_click_still_drops_the_picks(
    app: App,
) -> None:
    """A drag with the right (or middle) button moves the board with the pointer and
    keeps the picks; Tab brings the unit it takes into view; a right click without a
    drag drops the picks as before."""
    game = _game(app)
    table = table_of(game)
    until_impulse_start(app, game)
    press(app, pygame.K_d)
    view = my_view(app, game)
    pic = _pic(table)
    press(app, pygame.K_TAB)
    picked = table.picks.unit
    assert picked is not None
    centre = table.board_rect.center
    _move(app, centre)
    _wheel(app, 1)
    _wheel(app, 1)
    for button, (dx, dy) in ((3, (-80, -50)), (2, (60, 30))):
        start = table.board_rect.center
        grabbed = _board_point(pic, start)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=button))
        frames(app, 1)
        held = (0, 1, 0) if button == 2 else (0, 0, 1)
        for k in range(1, 5):
            _move(app, (start[0] + dx * k // 4, start[1] + dy * k // 4), held)
        end = (start[0] + dx, start[1] + dy)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=button))
        frames(app, 2)
        now = _board_point(pic, end)
        assert abs(now[0] - grabbed[0]) * pic.scale <= 1.5
        assert abs(now[1] - grabbed[1]) * pic.scale <= 1.5
        assert table.picks.unit == picked  # a drag is not a right click
    for _ in range(6):  # to the most zoom, then to the board's far end from our units
        press(app, pygame.K_EQUALS)
    ours = [u.hex for u in game.view().units if u.seat == 0 and u.hex]
    xs = [pic.centre(h)[0] for h in ours]
    away = pygame.K_RIGHT if sum(xs) / len(xs) < table.board_rect.centerx else pygame.K_LEFT
    for _ in range(8):
        press(app, away)
    assert not any(pic.in_view(h) for h in ours)
    press(app, pygame.K_TAB)  # Tab takes the next unit and brings it into view
    there = next(u.hex for u in game.view().units if u.id == table.picks.unit)
    assert there is not None and pic.in_view(there)
    spot = table.board_rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=spot, button=3))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=spot, button=3))
    frames(app, 2)
    assert table.picks.unit is None
    assert view.candidate_actions  # the game was the player's throughout


def test_ui_65_keys_zoom_pan_and_home_shows_the_whole_board(app: App) -> None:
    """+ zooms in (around the middle of the board), the arrow keys pan a quarter of the
    area, - zooms out, Home or 0 returns to the whole board; none of them is an action,
    and the table asks for no frames of its own afterwards (quiet when idle)."""
    game = _game(app, "4")
    table = table_of(game)
    view = my_view(app, game)
    pic = _pic(table)
    done = len(game.session.actions)
    scale = pic.scale
    press(app, pygame.K_EQUALS)
    press(app, pygame.K_KP_PLUS)
    assert pic.scale > scale
    shift = pic.camera.shift
    press(app, pygame.K_RIGHT)
    assert pic.camera.shift[0] < shift[0]  # the view went right: the board left
    press(app, pygame.K_DOWN)
    assert pic.camera.shift[1] < shift[1]
    zoomed = pic.scale
    press(app, pygame.K_MINUS)
    assert pic.scale < zoomed
    for key in (pygame.K_HOME, pygame.K_0):
        press(app, pygame.K_EQUALS)
        assert not pic.fits_all()
        press(app, key)
        assert pic.fits_all() and table.board_rect.contains(pic.rect)
    assert len(game.session.actions) == done and view.candidate_actions
    assert not game.animating()  # nothing moves by itself: the app may sleep


def test_ui_65_a_tall_board_starts_fitted_to_its_width_around_the_viewers_units(
    app: App,
) -> None:
    """Scenario 4 stacks three maps: shown whole, its hexes would be too small to read,
    so the board takes a wider column, fills its width (no sideways scrolling) and
    shows where the Americans act (their units, or in the set-up their set-up hexes);
    Home still shows it whole."""
    game = _game(app, "4")
    table = table_of(game)
    view = my_view(app, game)
    pic = _pic(table)
    board = table.board_rect
    assert board.height > board.width
    assert pic.hex_size() >= LEGIBLE_HEX
    assert abs(pic.rect.width - board.width) <= 1 and pic.rect.height > board.height
    ours = focus(view)  # in the set-up: the hexes the Americans may set up in
    assert ours and any(pic.in_view(h) for h in ours)
    press(app, pygame.K_HOME)
    assert pic.fits_all() and pic.hex_size() < LEGIBLE_HEX


def test_ui_65_the_board_pans_to_a_move_out_of_view_but_keeps_the_zoom(app: App) -> None:
    """When a unit moves where the player cannot see (the computer's move on a zoomed
    board), the board pans to show it; the zoom stays the player's. A move in view
    leaves the board where it is."""
    game = _game(app, "4")
    table = table_of(game)
    view = my_view(app, game)
    pic = _pic(table)
    press(app, pygame.K_EQUALS)
    press(app, pygame.K_EQUALS)
    scale, shift = pic.scale, pic.camera.shift
    seen = next(h for h in pic.ground.hexes() if pic.in_view(h))
    unit = view.units[0].id
    table.on_events([UnitMoved(unit=unit, path=(seen,), points=1)], view)
    assert pic.camera.shift == shift
    far = next(h for h in sorted(pic.ground.hexes(), reverse=True) if not pic.in_view(h))
    table.on_events([UnitMoved(unit=unit, path=(far,), points=1)], view)
    assert pic.in_view(far) and pic.scale == scale


def test_65_board_camera_bounded_levels_start_at_the_whole_board() -> None:
    """The shared camera with the board's own levels: the first level fits the whole
    board, zooming steps through the levels and stops at the last, and a bounded camera
    never lets the board leave its area (an axis where the board is smaller is centred)."""
    cam = Camera(pygame.Rect(0, 0, 400, 600), (500, 1000), bounded=True, levels=(0.6, 1.0, 2.0))
    cam.set_zoom(0.6)
    assert cam.shift == (50, 0)  # 300 px wide in 400: centred
    cam.pan(-500, -500)
    assert cam.shift == (50, 0)  # the whole height shows: nothing to pan
    cam.zoom_step(5)
    assert cam.zoom == 2.0
    cam.pan(10_000, 10_000)
    assert cam.shift == (0, 0)
    cam.pan(-10_000, -10_000)
    assert cam.shift == (400 - 1000, 600 - 2000)
    cam.zoom_step(-9)
    assert cam.zoom == 0.6


def test_ui_65_a_small_counter_shows_its_name_and_values_larger(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A counter drawn under ``COMPACT`` pixels (a zoomed-out board) leaves out its type
    symbol so that its name and values are lettered larger than the full face's, after
    each is shrunk to fit the counter's width."""
    from game.ui import widgets
    from game.ui.tables.sixty_five import art

    units = Session.new("sixty_five", 3, None, ["random"] * 2).state.world.units.values()
    counter = next(iter(units))
    lettered: list[dict[str, int]] = []

    def spy(surface, assets, text, size, box, *args, **kwargs):  # type: ignore[no-untyped-def]
        smallest = kwargs.get("smallest", 14)
        lettered[-1][text] = widgets.fit_text(assets, text, size, box.width, smallest=smallest)[0]
        return widgets.blit_fitted(surface, assets, text, size, box, *args, **kwargs)

    monkeypatch.setattr(art, "blit_fitted", spy)
    size = art.COMPACT - 10
    for threshold in (art.COMPACT, 0):  # the compact face, then the full one
        monkeypatch.setattr(art, "COMPACT", threshold)
        lettered.append({})
        art.draw_counter(pygame.Surface((size + 20, size + 20)), app.assets,
                         pygame.Rect(10, 10, size, size), counter)  # fmt: skip
    compact, full = lettered
    name, values = counter.type.name, art.counter_values(counter)
    assert compact[name] > full[name] and compact[values] > full[values]
