"""Drawing order and placement: layers in document order, cells in Tiled's order.

Rules checked (Maps section of the design, Tiled's renderer in our words): layers are
drawn bottom to top as they appear in the file, group children where the group is;
hidden layers (or layers in a hidden group) are skipped; tile objects are drawn,
editor shapes are not; orthogonal cells follow the map's render order; hexagonal cells
go half-row by half-row, whatever the render order; every tile sits on the bottom-left
corner of its cell, moved by its tileset's tile offset and its layers' offsets.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest

from game.maps import load_map
from game.maps.model import TileFlags
from game.ui.render.compose import (
    canvas_size,
    compose,
    layer_draws,
    offset_margins,
    qround,
    tile_order,
    transform_tile,
)
from game.ui.render.loading import load_drawable

DATA = Path(__file__).resolve().parent / "data"


def test_render_interleaved_layers_in_document_order() -> None:
    """Layers draw in file order with group children in place; hidden ones and editor
    shapes are skipped, tile objects are drawn."""
    game_map, images = load_drawable(DATA / "maps/interleaved.tmx")
    draws = layer_draws(game_map, images)
    layers = [d.layer for d in draws]
    # terrain: 12 tiles; objects: only the tile object "trap"; decor is hidden;
    # labels holds a point only; the image layer "shade" sits inside two groups.
    assert layers == ["terrain"] * 12 + ["objects", "shade"]
    assert draws[12].what == "object 3"


def test_render_interleaved_offsets_and_margins() -> None:
    """Group offsets add up; the canvas grows by the largest layer offset (hidden
    layers count too, as in Tiled)."""
    game_map, images = load_drawable(DATA / "maps/interleaved.tmx")
    assert offset_margins(game_map) == (0, 0, 5, 5)
    assert canvas_size(game_map) == (37, 29)
    shade = [d for d in layer_draws(game_map, images) if d.layer == "shade"][0]
    assert shade.pos == (2 + 3, 1 + 4)


def test_render_tile_sits_on_bottom_left_with_tile_offset() -> None:
    """A tile's picture is anchored at the bottom-left of its cell plus the tileset's
    tile offset (the corpus tileset has offset (0, 2))."""
    game_map, images = load_drawable(DATA / "maps/enc_csv.tmx")
    first = layer_draws(game_map, images)[0]
    assert first.what == "tile (0, 0)"
    assert first.pos == (0, 8 + 2 - 8)


def test_render_orthogonal_render_orders() -> None:
    """right-down goes row by row from the top-left; left- mirrors the columns, -up
    the rows (the map's renderorder attribute, as the loader reports it)."""
    game_map = load_map(DATA / "render/order_right-down.tmx")
    assert tile_order(game_map)[:5] == [(0, 0), (1, 0), (2, 0), (3, 0), (0, 1)]
    expected = {
        "right-down": [(0, 0), (1, 0), (2, 0)],
        "left-down": [(2, 0), (1, 0), (0, 0)],
        "right-up": [(0, 1), (1, 1), (2, 1)],
        "left-up": [(2, 1), (1, 1), (0, 1)],
    }
    for order, cells in expected.items():
        stand_in = SimpleNamespace(width=3, height=2, hex=None, render_order=order)
        assert tile_order(stand_in)[:3] == cells, order  # type: ignore[arg-type]


def test_render_hex_order_is_half_rows() -> None:
    """Stagger axis x, odd index: per row the even columns first (they sit higher),
    then the odd, shifted-down columns."""
    game_map = load_map(DATA / "render/hex_order_x_odd.tmx")
    assert tile_order(game_map)[:4] == [(0, 0), (2, 0), (1, 0), (3, 0)]
    game_map = load_map(DATA / "render/hex_order_x_even.tmx")
    assert tile_order(game_map)[:4] == [(1, 0), (3, 0), (0, 0), (2, 0)]
    game_map = load_map(DATA / "render/hex_order_y_odd.tmx")
    assert tile_order(game_map)[:4] == [(0, 0), (1, 0), (2, 0), (3, 0)]


def test_render_tall_tiles_overlap_in_draw_order() -> None:
    """Tiles taller than the grid cover the cell above; the lower row is drawn later,
    so on the shared strip the lower row's tile shows."""
    game_map, images = load_drawable(DATA / "render/order_right-down.tmx")
    surface = compose(game_map, images, background=False).surface
    lower_tile = images.tile(game_map.layer("terrain").gid_at((0, 1)))
    # row 1's 24 px tile starts 8 px above its cell: pixel (8, 10) is its row 2
    assert surface.get_at((8, 10)) == lower_tile.get_at((8, 2))


def _grid(surface: pygame.Surface) -> list[list[tuple[int, int, int, int]]]:
    w, h = surface.get_size()
    return [[tuple(surface.get_at((x, y))) for x in range(w)] for y in range(h)]


def test_render_flip_flags_orthogonal() -> None:
    """Horizontal flip mirrors left-right, vertical top-bottom, diagonal swaps the
    axes (the other two flags then apply after the swap, as in Tiled)."""
    pygame.display.init()
    image = pygame.Surface((3, 2), pygame.SRCALPHA)
    for y in range(2):
        for x in range(3):
            image.set_at((x, y), (x * 80, y * 80, 7, 255))
    src = _grid(image)
    h, dx, dy = transform_tile(image, TileFlags(flip_horizontal=True), False)
    assert _grid(h) == [row[::-1] for row in src]
    v, _, _ = transform_tile(image, TileFlags(flip_vertical=True), False)
    assert _grid(v) == src[::-1]
    d, dx, dy = transform_tile(image, TileFlags(flip_diagonal=True), False)
    assert _grid(d) == [list(col) for col in zip(*src, strict=True)]
    assert (dx, dy) == (0.0, -1.0)  # a non-square tile keeps its bottom-left corner


def test_render_hex_rotation_three_times_is_identity() -> None:
    """Hexagonal maps: three 120-degree turns bring a tile back (sampled exactly at
    pixel centres, so a symmetric tile comes back unchanged)."""
    image = pygame.Surface((16, 16), pygame.SRCALPHA)
    image.fill((200, 100, 50, 255))
    once, dx, dy = transform_tile(image, TileFlags(rotate_hex_120=True), True)
    assert once.get_size() != image.get_size()  # a turned square needs a larger box
    assert qround(dx + once.get_width() / 2) == 8 and qround(dy + once.get_height() / 2) == 8


def _aligned_object_map(tmp_path: Path, alignment: str, rotation: int) -> Path:
    """A 2x2 board with one 64x64 tile object at (32, 96), turned by ``rotation``."""
    image = Path(__file__).resolve().parent.parent / "sprites" / "tiles" / "board.png"
    path = tmp_path / f"aligned_{alignment}.tmx"
    path.write_text(
        f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down"
 width="2" height="2" tilewidth="64" tileheight="64" infinite="0" nextlayerid="3"
 nextobjectid="2">
 <tileset firstgid="1" name="board" tilewidth="64" tileheight="64" tilecount="6" columns="6"
  objectalignment="{alignment}">
  <image source="{image}" width="384" height="64"/>
 </tileset>
 <layer id="1" name="terrain" width="2" height="2">
  <data encoding="csv">1,2,2,1</data>
 </layer>
 <objectgroup id="2" name="pieces">
  <object id="1" gid="4" x="32" y="96" width="64" height="64" rotation="{rotation}"/>
 </objectgroup>
</map>
""",
        encoding="utf-8",
    )
    return path


def test_rotated_tile_object_turns_about_its_aligned_point(tmp_path: Path) -> None:
    """Tiled turns a tile object about the point its alignment names: a centre-aligned
    object turned 180 degrees stays centred on the same spot, while a bottom-left
    aligned one swings round its bottom-left corner."""
    from game.maps import load_map
    from game.ui.render.compose import layer_draws
    from game.ui.render.loading import map_images

    for alignment, rotation, expected_centre in (
        ("center", 180, (32.0, 96.0)),  # x, y name the centre; a half turn keeps it
        ("bottomleft", 180, (0.0, 128.0)),  # centre (64, 64) mirrored through (32, 96)
    ):
        game_map = load_map(
            _aligned_object_map(tmp_path, alignment, rotation), resolve_terrain=False
        )
        draws = [
            d for d in layer_draws(game_map, map_images(game_map)) if d.what.startswith("object")
        ]
        assert len(draws) == 1
        d = draws[0]
        centre = (d.pos[0] + d.image.get_width() / 2, d.pos[1] + d.image.get_height() / 2)
        assert centre == pytest.approx(expected_centre, abs=1.0), alignment
