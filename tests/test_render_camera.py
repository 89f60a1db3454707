"""Camera and picking: screen <-> map transforms, zoom limits, exact hex picking.

Rules (UI section, in our words): the map can be panned and zoomed from 50% to 400%
around the cursor; clicking a point selects exactly the cell drawn there, also on hex
edges, at every zoom.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.maps import GameMap, HexGrid, MapImages
from game.ui.render.camera import MAX_ZOOM, MIN_ZOOM, ZOOM_LEVELS, Camera
from game.ui.render.loading import load_drawable
from game.ui.render.view import MapView

ROOT = Path(__file__).resolve().parent.parent
HEX_MAP = ROOT / "maps/sixty_five/map1.tmx"
SQUARE_MAP = ROOT / "maps/tunnel_rats/paddy_warren.tmx"

coords = st.floats(min_value=-5000, max_value=5000, allow_nan=False)
zooms = st.sampled_from(ZOOM_LEVELS)
shifts = st.integers(min_value=-3000, max_value=3000)


@functools.cache
def _drawable(path: Path) -> tuple[GameMap, MapImages]:
    return load_drawable(path)


def _camera(zoom: float, sx: int, sy: int) -> Camera:
    return Camera(pygame.Rect(40, 30, 1000, 600), (2000, 1500), zoom, (sx, sy))


@given(coords, coords, zooms, shifts, shifts)
def test_render_camera_screen_world_screen_round_trip(
    x: float, y: float, zoom: float, sx: int, sy: int
) -> None:
    """Screen -> map -> screen gives the same point back, at every zoom and pan."""
    cam = _camera(zoom, sx, sy)
    back = cam.world_to_screen(cam.screen_to_world((x, y)))
    assert abs(back[0] - x) < 1e-6 and abs(back[1] - y) < 1e-6


@given(st.lists(st.integers(min_value=-6, max_value=6), min_size=1, max_size=20))
def test_render_camera_zoom_stays_between_50_and_400_percent(steps: list[int]) -> None:
    """However far the wheel turns, zoom stays within 50%..400%."""
    cam = _camera(1.0, 0, 0)
    for step in steps:
        cam.zoom_step(step, (300, 200))
        assert MIN_ZOOM <= cam.zoom <= MAX_ZOOM
    assert (MIN_ZOOM, MAX_ZOOM) == (0.5, 4.0)


@given(zooms, st.integers(min_value=100, max_value=900), st.integers(min_value=80, max_value=500))
def test_render_camera_zoom_keeps_point_under_cursor(zoom: float, cx: int, cy: int) -> None:
    """Zooming around the cursor keeps the map point under it within a screen pixel."""
    cam = _camera(1.0, -200, -150)
    before = cam.screen_to_world((cx, cy))
    cam.set_zoom(zoom, (cx, cy))
    after = cam.world_to_screen(before)
    assert abs(after[0] - cx) <= 0.5 + 1e-9 and abs(after[1] - cy) <= 0.5 + 1e-9


def test_render_camera_centre_on() -> None:
    """Double click centres: the chosen map point moves to the viewport's middle."""
    cam = _camera(2.0, 0, 0)
    cam.centre_on((700, 500))
    sx, sy = cam.world_to_screen((700, 500))
    assert (round(sx), round(sy)) == cam.viewport.center


@settings(max_examples=40, deadline=None)
@given(zooms, st.data())
def test_render_pick_centre_of_every_cell_at_every_zoom(zoom: float, data: st.DataObject) -> None:
    """Clicking a cell's drawn centre (rounded to a screen pixel) picks that cell."""
    for path in (HEX_MAP, SQUARE_MAP):
        game_map, images = _drawable(path)
        view = MapView(game_map, images, pygame.Rect(0, 0, 1280, 720), fit=False)
        view.camera.set_zoom(zoom)
        cell = data.draw(st.sampled_from(list(game_map.cells())))
        view.camera.centre_on(game_map.cell_centre(cell))
        sx, sy = view.cell_centre(cell)
        assert view.cell_at((round(sx), round(sy))) == cell


GRIDS = [
    HexGrid(axis, index, 64, 56, 32) if axis == "x" else HexGrid(axis, index, 56, 64, 32)
    for axis in ("x", "y")
    for index in ("odd", "even")
]


@settings(max_examples=60)
@given(st.sampled_from(GRIDS), st.integers(2, 8), st.integers(2, 8), st.integers(0, 5))
def test_render_hex_pick_exact_at_edges(grid: HexGrid, col: int, row: int, side: int) -> None:
    """A point a hair inside a hex edge picks that hex; a hair outside picks the
    neighbour across the edge (picking follows the drawn hexagon exactly)."""
    cell = (col, row)
    corners = grid.corners(cell)
    (x1, y1), (x2, y2) = corners[side], corners[(side + 1) % 6]
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    cx, cy = grid.centre(cell)
    dx, dy = cx - mx, cy - my
    length = (dx * dx + dy * dy) ** 0.5
    ux, uy = dx / length, dy / length
    inside = grid.pick(mx + ux * 0.01, my + uy * 0.01)
    outside = grid.pick(mx - ux * 0.01, my - uy * 0.01)
    assert inside == cell
    assert outside in grid.neighbours(cell)


def test_render_hex_pick_through_the_camera_at_an_edge() -> None:
    """Through the view at 300%: the screen pixels either side of a drawn edge pick
    the two hexes that share it."""
    game_map, images = _drawable(HEX_MAP)
    view = MapView(game_map, images, pygame.Rect(0, 0, 1280, 720), fit=False)
    view.camera.set_zoom(3.0)
    cell = (4, 3)
    view.camera.centre_on(game_map.cell_centre(cell))
    below = game_map.hex.neighbours(cell)[2]  # straight down for flat-topped hexes
    corners = game_map.hex.corners(cell)
    edge_y = corners[4][1]  # bottom edge
    x = game_map.cell_centre(cell)[0]
    sx, sy = view.camera.world_to_screen((x, edge_y))
    assert view.cell_at((sx, sy - 1)) == cell
    assert view.cell_at((sx, sy + 1)) == below


def test_render_pick_off_map_is_none() -> None:
    """Points outside the map or the viewport pick nothing."""
    game_map, images = _drawable(SQUARE_MAP)
    view = MapView(game_map, images, pygame.Rect(100, 100, 400, 300))
    assert view.cell_at((50, 50)) is None
    view.camera.shift = (200, 150)
    assert view.cell_at((110, 110)) is None


def _event(kind: int, **kw: object) -> pygame.event.Event:
    return pygame.event.Event(kind, **kw)


def test_render_view_drag_arrows_wheel_and_double_click() -> None:
    """Dragging moves the map with the mouse; an arrow key moves the view that way; the
    wheel zooms one level around the cursor; a double click centres the clicked point;
    a plain click reports the cell."""
    game_map, images = _drawable(SQUARE_MAP)
    view = MapView(game_map, images, pygame.Rect(0, 0, 640, 480), fit=False)
    view.camera.set_zoom(1.0)
    start = view.camera.shift
    view.handle_event(_event(pygame.MOUSEBUTTONDOWN, pos=(100, 100), button=1))
    view.handle_event(_event(pygame.MOUSEMOTION, pos=(130, 90), rel=(30, -10), buttons=(1, 0, 0)))
    click = view.handle_event(_event(pygame.MOUSEBUTTONUP, pos=(130, 90), button=1))
    assert click is None  # a drag is not a click
    assert view.camera.shift == (start[0] + 30, start[1] - 10)
    view.handle_event(_event(pygame.KEYDOWN, key=pygame.K_RIGHT))
    view.handle_event(_event(pygame.KEYUP, key=pygame.K_RIGHT))
    assert view.camera.shift[0] < start[0] + 30  # the map moves left: we look right
    pygame.mouse.set_pos((200, 150))
    under = view.camera.screen_to_world(pygame.mouse.get_pos())
    view.handle_event(_event(pygame.MOUSEWHEEL, x=0, y=1))
    assert view.zoom == 1.25
    back = view.camera.world_to_screen(under)
    assert abs(back[0] - pygame.mouse.get_pos()[0]) <= 0.5
    pos = (300, 200)
    cell = view.cell_at(pos)
    for _ in range(2):
        view.handle_event(_event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        click = view.handle_event(_event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        assert click is not None and click.cell == cell
        view.update(0.1)
    assert view.cell_at(view.viewport.center) == cell  # centred by the double click


def test_render_view_pans_without_redrawing_tiles(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each zoom level is scaled once; panning only blits the cached picture."""
    game_map, images = _drawable(HEX_MAP)
    view = MapView(game_map, images, pygame.Rect(0, 0, 640, 480))
    screen = pygame.Surface((640, 480))
    view.draw(screen)
    cached = dict(view._scaled)
    calls: list[object] = []
    monkeypatch.setattr(pygame.transform, "scale", lambda *a, **k: calls.append(a))
    for _ in range(10):
        view.camera.pan(13, -7)
        view.draw(screen)
    assert calls == [] and view._scaled == cached


def test_render_view_large_zoom_fallback_draws_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    """Maps too big to keep pre-scaled at a zoom are scaled piecewise each frame; the
    picture is the same as from the cached image."""
    import game.ui.render.view as view_module

    game_map, images = _drawable(SQUARE_MAP)
    view = MapView(game_map, images, pygame.Rect(10, 20, 600, 400), fit=False)
    view.camera.set_zoom(2.0)
    view.camera.pan(-333, -217)
    cached, piecewise = pygame.Surface((640, 480)), pygame.Surface((640, 480))
    view.draw_base(cached)
    monkeypatch.setattr(view_module, "MAX_CACHED_PIXELS", 1000)
    view._scaled.clear()
    view.draw_base(piecewise)
    assert view._scaled == {}
    assert pygame.image.tobytes(cached, "RGB") == pygame.image.tobytes(piecewise, "RGB")


@given(
    st.integers(200, 2000),
    st.integers(150, 1200),
    st.integers(300, 1800),
    st.integers(200, 1000),
    st.lists(st.tuples(st.sampled_from(["pan", "zoom", "centre"]), shifts, shifts), max_size=12),
)
def test_render_camera_cover_keeps_the_viewport_full_of_map(
    mw: int, mh: int, vw: int, vh: int, moves: list[tuple[str, int, int]]
) -> None:
    """A covering camera (the Tunnel Rats table's): whatever pans, zooms and centring
    happen, the map lies over the whole viewport (unless even 400% cannot cover it)."""
    cam = Camera(pygame.Rect(10, 20, vw, vh), (mw, mh), cover=True)
    cam.set_zoom(0.5)
    for kind, a, b in moves:
        if kind == "pan":
            cam.pan(a, b)
        elif kind == "zoom":
            cam.zoom_step(a % 5 - 3)
        else:
            cam.centre_on((a, b))
        assert cam.zoom >= cam.cover_zoom()
        left, top = cam.map_topleft
        rect = pygame.Rect(left, top, round(mw * cam.zoom), round(mh * cam.zoom))
        if cam.cover_zoom() < MAX_ZOOM or (mw * MAX_ZOOM >= vw and mh * MAX_ZOOM >= vh):
            assert rect.contains(cam.viewport), (rect, cam.viewport)
