"""The map viewer: hover names the terrain, two clicks trace line of sight, bad maps
show the checker's messages, saves reload.

Rules (our words): hovering a cell shows its label and terrain; clicking a first and a
second cell draws the line between their centres and says whether it is blocked and by
which cells (the end cells never block; along an edge both sides must block).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.maps import hex_label
from game.maps.grid import line_of_sight as grid_los
from game.ui.app import App
from game.ui.driver import click, frames, make_app
from game.ui.render.info import line_of_sight
from game.ui.scenes.dialog import DialogScene
from game.ui.scenes.map_viewer import MapViewerScene

ROOT = Path(__file__).resolve().parent.parent
HEX_MAP = ROOT / "maps/sixty_five/map2.tmx"
SQUARE_MAP = ROOT / "maps/tunnel_rats/paddy_warren.tmx"


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = make_app(tmp_path / "data")
    yield application
    application.close()


def _viewer(app: App, path: Path) -> MapViewerScene:
    scene = MapViewerScene(app)
    app.push(scene)
    frames(app, 1)
    assert scene.open_map(path)
    frames(app, 1)
    return scene


def _screen_pos(scene: MapViewerScene, cell: tuple[int, int]) -> tuple[int, int]:
    assert scene.view is not None  # the whole map is in view after opening
    x, y = scene.view.cell_centre(cell)
    return (round(x), round(y))


def test_render_viewer_hover_shows_terrain_name(app: App) -> None:
    """Moving the mouse over a hex shows its label and terrain name."""
    scene = _viewer(app, HEX_MAP)
    game_map = scene.view.map  # type: ignore[union-attr]
    cell = next(c for c in game_map.cells() if game_map.terrain_at(c) is not None)
    pos = _screen_pos(scene, cell)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    frames(app, 1)
    line = scene.status_lines()[0]
    assert line.startswith(f"{hex_label(cell)}: {game_map.terrain_at(cell).name}")


def _blocked_triple(scene: MapViewerScene) -> tuple[tuple[int, int], ...]:
    """A blocking hex with clear hexes straight across it on both sides."""
    game_map = scene.view.map  # type: ignore[union-attr]
    grid = game_map.hex
    for b in game_map.cells():
        t = game_map.terrain_at(b)
        if t is None or not t.blocks_los:
            continue
        around = grid.neighbours(b)
        for d in range(3):
            a, c = around[d], around[d + 3]
            if all(game_map.contains(x) for x in (a, c)) and not any(
                game_map.terrain_at(x).blocks_los for x in (a, c)
            ):
                return a, b, c
    raise AssertionError("map has no blocking hex between two clear ones")


def test_render_viewer_los_tool_reports_blocked_and_why(app: App) -> None:
    """Two clicks across a blocking hex: the line is blocked, by that hex, and the
    status line says so; a third and fourth click on neighbours give a clear line."""
    scene = _viewer(app, HEX_MAP)
    a, b, c = _blocked_triple(scene)
    click(app, _screen_pos(scene, a))
    assert "click the target" in scene.status_lines()[1]
    click(app, _screen_pos(scene, c))
    assert scene.los is not None and scene.los.blocked
    assert scene.los.blockers == (b,)
    assert f"BLOCKED by hex {hex_label(b)}" in scene.status_lines()[1]
    click(app, _screen_pos(scene, a))
    click(app, _screen_pos(scene, b))
    assert scene.los is not None and not scene.los.blocked  # the ends never block
    app.draw()


def test_render_viewer_los_agrees_with_the_square_grid_rules() -> None:
    """On square maps the viewer's verdict is the map package's line_of_sight."""
    from game.maps import load_map

    game_map = load_map(SQUARE_MAP)
    cells = list(game_map.cells())
    blocks = lambda c: bool(game_map.terrain_at(c) and game_map.terrain_at(c).blocks_los)  # noqa: E731
    for a, b in zip(cells[::37], cells[5::41], strict=False):
        assert line_of_sight(game_map, a, b).blocked == (not grid_los(a, b, blocks))


def test_render_viewer_bad_map_shows_checker_messages(app: App) -> None:
    """A map that does not load opens a dialog with the map checker's messages."""
    scene = MapViewerScene(app)
    app.push(scene)
    frames(app, 1)
    assert not scene.open_map(ROOT / "tests/data/maps/broken_missing_tileset.tmx")
    frames(app, 1)
    assert isinstance(app.top, DialogScene)
    assert "broken_missing_tileset.tmx" in app.top.message
    assert "not found" in app.top.message


def test_render_viewer_lists_shipped_and_user_maps(app: App) -> None:
    """The list holds every shipped map and the maps in <data dir>/maps."""
    user = app.data_dir / "maps"
    user.mkdir(parents=True)
    for name in ("enc_csv.tmx", "tiles.tsx", "tiles.png"):
        shutil.copy(ROOT / "tests/data/maps" / name, user / name)
    scene = MapViewerScene(app)
    app.push(scene)
    frames(app, 1)
    assert "sixty_five/map1" in scene.entries
    assert scene.entries["my maps/enc_csv"] == user / "enc_csv.tmx"


def test_render_viewer_broken_save_shows_errors_over_the_old_map(app: App, tmp_path: Path) -> None:
    """Saving a broken map while it is open keeps the old one and shows the errors."""
    for name in ("enc_csv.tmx", "tiles.tsx", "tiles.png"):
        shutil.copy(ROOT / "tests/data/maps" / name, tmp_path / name)
    path = tmp_path / "enc_csv.tmx"
    scene = _viewer(app, path)
    old = scene.view.map  # type: ignore[union-attr]
    path.write_text(path.read_text(encoding="utf-8").replace("</map>", "<map>"), "utf-8")
    frames(app, 40)  # two thirds of a second (real time: the viewer ignores app.speed)
    assert scene.live is not None and scene.live.errors
    assert scene.view.map is old  # type: ignore[union-attr]
    app.draw()
    pygame.image.save(app.screen, str(tmp_path / "viewer_broken.png"))


def test_render_viewer_double_click_centres_without_starting_los(app: App) -> None:
    """A double click only moves the view (the clicked hex to the middle)."""
    scene = _viewer(app, HEX_MAP)
    view = scene.view
    assert view is not None
    view.camera.set_zoom(2.0)
    view.camera.centre_on(view.map.cell_centre((2, 2)))
    x, y = view.cell_centre((4, 3))
    click(app, (round(x), round(y)), settle=1)
    click(app, (round(x), round(y)), settle=1)
    assert scene.los_start is None and scene.los is None
    assert view.cell_at(view.viewport.center) == (4, 3)
