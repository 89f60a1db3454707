"""The map viewer on tabletop maps: pieces drawn by cover, hover names a piece, two
clicks measure in inches and trace line of sight; a broken piece shows the checker.

Driven through the real input handlers under the dummy SDL drivers.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from tabletop_support import obj, write_map

from game.maps.tabletop import Point, to_point
from game.ui.app import App
from game.ui.driver import click, frames, make_app
from game.ui.render.terrain_art import (
    DARK,
    LINE_COLOURS,
    SLATE,
    STYLES,
    WOOD,
    line_colours,
    piece_style,
    tag_text,
)
from game.ui.scenes.dialog import DialogScene
from game.ui.scenes.map_viewer import MapViewerScene

ROOT = Path(__file__).resolve().parent.parent
FARM = ROOT / "maps" / "tabletop" / "hedgerow_farm.tmx"


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
    assert scene.view is not None and scene.table is not None
    scene.view.camera.set_zoom(0.5)
    scene.view.camera.centre_on((768, 768))  # the whole 48" table in view
    frames(app, 1)
    return scene


def _screen(scene: MapViewerScene, point: Point) -> tuple[int, int]:
    assert scene.view is not None and scene.table is not None
    x, y = scene.view.camera.world_to_screen(scene.table.table.to_pixels(point))
    return (round(x), round(y))


def _move(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0))
    )
    frames(app, 1)


def test_viewer_tabletop_hover_names_the_piece_and_its_properties(app: App) -> None:
    scene = _viewer(app, FARM)
    _move(app, _screen(scene, to_point(40.5, 10)))  # the farmhouse
    line = scene.status_lines()[0]
    assert line.startswith("building 8 'Farmhouse'; hard cover; 3\" high; blocks sight")
    _move(app, _screen(scene, to_point(2, 20)))  # open grass
    assert scene.status_lines()[0] == '2.00" from the left, 20.00" down'


def test_viewer_tabletop_tape_and_line_of_sight(app: App) -> None:
    """Across the orchard hedge: blocked, 6" apart; along the west edge: clear."""
    scene = _viewer(app, FARM)
    click(app, _screen(scene, to_point(40, 32)))
    _move(app, _screen(scene, to_point(40, 38)))
    assert scene.status_lines()[1].startswith("Tape: 6.")
    click(app, _screen(scene, to_point(40, 38)))
    measure = scene.table.measure if scene.table else None
    assert measure is not None and measure.verdict == "blocked"
    assert abs(measure.centre_in - 6.0) < 0.1
    assert "line of sight blocked by the Orchard hedge" in scene.status_lines()[1]
    click(app, _screen(scene, to_point(2, 20)))  # a third click starts again
    click(app, _screen(scene, to_point(2, 30)))
    assert scene.table is not None and scene.table.measure is not None
    assert scene.table.measure.verdict == "clear"
    app.draw()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(700, 300), button=3))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(700, 300), button=3))
    frames(app, 2)
    assert scene.table.measure is None and scene.table.tape_start is None


def test_viewer_tabletop_target_in_a_wood_is_in_terrain(app: App) -> None:
    scene = _viewer(app, FARM)
    click(app, _screen(scene, to_point(24, 16)))
    click(app, _screen(scene, to_point(24, 9.5)))  # inside the copse
    assert scene.table is not None and scene.table.measure is not None
    assert scene.table.measure.verdict == "in terrain"
    assert "target in terrain (soft cover)" in scene.status_lines()[1]


def test_viewer_tabletop_pieces_are_drawn_by_kind(app: App) -> None:
    """Each kind in its own style (slate buildings with a solid edge, woods dark green
    with a dashed edge: soft cover), impassable on foot dark, visible on screen, and a
    tag with kind, height and cover."""
    scene = _viewer(app, FARM)
    table = scene.table.table if scene.table else None
    assert table is not None
    styles = {p.kind: piece_style(p) for p in table.pieces}
    assert styles["wood"] == STYLES["wood"] and styles["wood"].fill == WOOD
    assert styles["building"].fill == SLATE and styles["building"].alpha == 255
    assert styles["ruins"].broken and not styles["building"].broken
    high = obj(1, "high_wall", "polyline", points=[(1, 1), (4, 1)])
    sealed = obj(2, "ruins", "rect", box=(6, 6, 2, 2), props={"move_infantry": "impassable"})
    from tabletop_support import table_of

    pieces = table_of(Path(app.data_dir), [high, sealed]).pieces
    assert (
        line_colours(pieces[0]) == LINE_COLOURS["high_wall"]
        and LINE_COLOURS["high_wall"][0] == DARK
    )
    assert piece_style(pieces[1]).fill == DARK
    wood = next(p for p in table.pieces if p.kind == "wood")
    assert tag_text(wood) == ("Wood", f'{wood.height_in:g}" soft')
    app.draw()
    r, g, b, *_ = app.screen.get_at(_screen(scene, to_point(40.5, 10)))  # farmhouse
    assert abs(r - g) < 25 and b > r  # slate
    r, g, b, *_ = app.screen.get_at(_screen(scene, to_point(24, 10.5)))  # copse
    assert g > max(r, b) + 15  # green (canopy or crown)


def test_viewer_tabletop_broken_piece_shows_the_checker(app: App, tmp_path: Path) -> None:
    path = write_map(tmp_path, [obj(5, "wood", "polyline", points=[(1, 1), (5, 1)])])
    scene = MapViewerScene(app)
    app.push(scene)
    frames(app, 1)
    assert not scene.open_map(path)
    assert isinstance(app.top, DialogScene)
    assert scene.table is None
