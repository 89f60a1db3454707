"""The Tiled loader: what it accepts, what it fixes in pytmx, and what it refuses."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.errors import MapError
from game.maps import decode_gid, load_images, load_map, load_terrain_table
from game.maps.model import TileFlags
from game.maps.tiled_xml import pytmx_module as _pytmx

DATA = Path(__file__).parent / "data" / "maps"
TABLE = load_terrain_table(DATA / "terrain.yaml")


def test_maps_every_tiled_layer_encoding_loads_the_same() -> None:
    """CSV, base64, base64+zlib, base64+gzip and an embedded tileset give one map."""
    maps = [
        load_map(DATA / f"enc_{name}.tmx", terrain=TABLE)
        for name in ("csv", "base64", "zlib", "gzip", "embedded")
    ]
    first = maps[0]
    assert first.terrain_ids[0] == ("floor", "floor", "rock", "floor")
    assert first.terrain_at((1, 1)) is TABLE["rubble"]
    for other in maps[1:]:
        assert other.terrain_ids == first.terrain_ids
        assert other.layers[0].gids == first.layers[0].gids
        assert other.properties == first.properties
        assert other.tilesets[0].tile_properties == first.tilesets[0].tile_properties
        assert other.tilesets[0].image == first.tilesets[0].image
    assert maps[-1].tilesets[0].source is None and first.tilesets[0].source is not None


def test_maps_layers_keep_tiled_document_order() -> None:
    """Layers come in the file's order (Tiled's drawing order), group children in place;
    pytmx 3.32 alone sorts them by layer type."""
    game_map = load_map(DATA / "interleaved.tmx", terrain=TABLE)
    got = [(ly.kind, ly.name, ly.group_path) for ly in game_map.layers]
    assert got == [
        ("tile", "terrain", ()),
        ("object", "objects", ()),
        ("group", "upper", ()),
        ("tile", "decor", ("upper",)),
        ("object", "labels", ("upper",)),
        ("group", "inner", ("upper",)),
        ("image", "shade", ("upper", "inner")),
        ("tile", "top", ()),
    ]
    # pytmx alone (fed the file without the fractional offset it cannot read):
    import xml.etree.ElementTree as ET

    text = (DATA / "interleaved.tmx").read_text().replace('offsetx="1.5"', "")
    raw = _pytmx().TiledMap()
    raw.filename = str(DATA / "interleaved.tmx")
    raw.parse_xml(ET.fromstring(text))
    assert [ly.name for ly in raw.layers][:3] == ["upper", "inner", "terrain"]


def test_maps_groups_pass_visibility_opacity_and_offsets_down() -> None:
    """A layer is drawn with its groups' visibility, opacity and offsets applied."""
    game_map = load_map(DATA / "interleaved.tmx", terrain=TABLE)
    decor = game_map.layer("decor")
    assert decor is not None
    assert (decor.visible, decor.effective_visible) == (False, False)
    assert decor.offset == (1.5, 0.0) and decor.effective_offset == (3.5, 1.0)
    assert decor.effective_opacity == pytest.approx(0.5)
    shade = game_map.layer("shade")
    assert shade is not None and shade.image == (DATA / "tiles.png").resolve()
    assert shade.effective_offset == (5.0, 5.0)


def test_maps_tile_flip_flags_including_hex_rotation() -> None:
    """Tiled's flip bits are split off the gid, including the hexagonal 120-degree bit."""
    decor = load_map(DATA / "interleaved.tmx", terrain=TABLE).layer("decor")
    assert decor is not None
    assert decor.tile_at((1, 0)) == (3, TileFlags(flip_horizontal=True))
    assert decor.tile_at((2, 1)) == (1, TileFlags(flip_vertical=True, flip_diagonal=True))
    assert decor.tile_at((3, 2)) == (4, TileFlags(rotate_hex_120=True))
    assert decor.tile_at((0, 0)) == (0, TileFlags())
    assert decode_gid(0xF0000002) == (2, TileFlags(True, True, True, True))
    # on hex maps Tiled turns the diagonal bit into 60 degrees and adds 120 for bit 28
    assert decode_gid(0x30000001)[1].hex_rotation == 180
    assert decode_gid(0x10000001)[1].hex_rotation == 120
    assert not decode_gid(5)[1].any and decode_gid(0x10000005)[1].any


def test_maps_tileset_offsets_and_tiles_are_numbers() -> None:
    """Tileset offset, sizes and per-tile custom properties arrive typed."""
    ts = load_map(DATA / "enc_csv.tmx", terrain=TABLE).tilesets[0]
    assert ts.tile_offset == (0, 2)
    assert (ts.firstgid, ts.tile_count, ts.columns) == (1, 4, 4)
    assert ts.tile_rect(2) == (16, 0, 8, 8)
    assert ts.tile_properties[2] == {"terrain": "rubble", "noisy": True}
    assert ts.tile_types[2] == "marker"


def test_maps_objects_kind_position_cells_and_properties() -> None:
    """Objects keep their type, typed custom properties, pixel box and covered cells."""
    game_map = load_map(DATA / "interleaved.tmx", terrain=TABLE)
    by_name = {o.name: o for o in game_map.objects}
    door = by_name["door"]
    assert door.kind == "entrance" and door.cell == (0, 0)
    assert door.properties == {"leads_to": "", "hidden": False}
    zone = by_name["start"]
    assert zone.kind == "deployment" and zone.properties["side"] == "rats"
    assert set(zone.cells) == {(2, 1), (3, 1), (2, 2), (3, 2)}
    trap = by_name["trap"]  # a tile object: Tiled anchors it bottom-left at y=24
    assert (trap.shape, trap.x, trap.y, trap.cell) == ("tile", 8.0, 16.0, (1, 2))
    assert trap.properties["terrain"] == "rubble" and trap.kind == "marker"
    assert by_name["here"].shape == "point" and by_name["here"].cell == (0, 2)
    assert by_name["A"].layer == "labels"
    assert [o.kind for o in game_map.objects_of_kind("deployment")] == ["deployment"]


def test_maps_map_properties_are_typed() -> None:
    """Map properties keep Tiled's types (string, float, int)."""
    game_map = load_map(DATA / "enc_csv.tmx", terrain=TABLE)
    assert game_map.properties == {"system": "test_system", "inches_per_tile": 1.5, "level": 2}
    assert game_map.system == "test_system" and game_map.inches_per_tile == 1.5


@pytest.mark.parametrize("axis", ["x", "y"])
@pytest.mark.parametrize("index", ["odd", "even"])
def test_maps_hexagonal_maps_carry_their_stagger(axis: str, index: str) -> None:
    """A hexagonal map exposes Tiled's stagger axis/index and hex side length."""
    game_map = load_map(DATA / f"hex_{axis}_{index}.tmx", terrain=TABLE)
    assert game_map.hex is not None
    assert (game_map.hex.stagger_axis, game_map.hex.stagger_index) == (axis, index)
    assert game_map.hex.side_length == 4
    for cell in game_map.cells():
        x, y = game_map.cell_centre(cell)
        assert game_map.cell_at_pixel(x, y) == cell


BROKEN = {
    "broken_malformed.tmx": "line 17, column 4: malformed XML",
    "broken_missing_tileset.tmx": "tileset file 'nowhere.tsx' not found",
    "broken_missing_image.tmx": "image 'gone.png' not found",
    "broken_unknown_terrain.tmx": "layer 'terrain': cell \\(3, 2\\): unknown terrain 'lava'",
    "broken_isometric.tmx": "orientation 'isometric' is not supported",
    "broken_staggered.tmx": "orientation 'staggered' is not supported",
    "broken_zstd.tmx": "layer 'terrain': layer compression 'zstd' is not supported",
    "broken_infinite.tmx": "infinite maps are not supported",
    "broken_template.tmx": "layer 'objects': object 1: object templates are not supported",
    "broken_entity_bomb.tmx": "ENTITY declarations and DOCTYPEs with an internal subset",
    "broken_internal_subset.tmx": "DOCTYPEs with an internal subset are not allowed",
    "broken_encoding.tmx": "line 1: encoding 'TF-8' is not supported",
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_maps_broken_map_gives_clear_error(name: str) -> None:
    """Each unusable map is refused with a MapError naming the file and the place."""
    path = DATA / name
    with pytest.raises(MapError, match=BROKEN[name]) as info:
        load_map(path, terrain=TABLE)
    assert str(info.value).startswith(str(path))


def test_maps_entity_bomb_never_reaches_the_parser(monkeypatch: pytest.MonkeyPatch) -> None:
    """DOCTYPE/ENTITY are refused on the raw bytes, before any XML parsing."""
    import xml.etree.ElementTree as ET

    def explode(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("the parser was called")

    monkeypatch.setattr(ET, "fromstring", explode)
    with pytest.raises(MapError, match="DOCTYPE"):
        load_map(DATA / "broken_entity_bomb.tmx")


def _variant(tmp_path: Path, old: str, new: str) -> Path:
    for name in ("tiles.tsx", "tiles.png"):
        shutil.copy(DATA / name, tmp_path / name)
    text = (DATA / "enc_csv.tmx").read_text().replace(old, new)
    (tmp_path / "m.tmx").write_text(text)
    return tmp_path / "m.tmx"


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("1,1,2,1,", "1,1,9,1,", r"cell \(2, 0\): tile gid 9 belongs to no tileset"),
        ("1,1,2,1,", "1,1,2,", "layer data has 11 tiles, expected 4 x 3 = 12"),
        ('encoding="csv"', 'encoding="xml"', "layer encoding 'xml' is not supported"),
        ('width="4"', 'width="four"', "attribute width='four' is not a whole number"),
        ('value="1.5"', 'value="lots"', "bad custom property"),
        ("<map ", "<mapp ", "malformed XML"),
    ],
)
def test_maps_bad_values_are_named(tmp_path: Path, old: str, new: str, message: str) -> None:
    """Bad numbers, gids and encodings are refused with the place they occur."""
    with pytest.raises(MapError, match=message):
        load_map(_variant(tmp_path, old, new), terrain=TABLE)


def test_maps_compressed_layer_bomb_is_refused(tmp_path: Path) -> None:
    """Compressed layer data that would inflate far past the map size is refused
    before anything decompresses it in full."""
    import base64
    import zlib

    bomb = base64.b64encode(zlib.compress(b"\0" * 50_000_000)).decode()
    old = (DATA / "enc_zlib.tmx").read_text()
    start = old.index('compression="zlib">') + len('compression="zlib">')
    end = old.index("</data>")
    for name in ("tiles.tsx", "tiles.png"):
        shutil.copy(DATA / name, tmp_path / name)
    (tmp_path / "bomb.tmx").write_text(old[:start] + bomb + old[end:])
    with pytest.raises(MapError, match="inflates to more than 48 bytes"):
        load_map(tmp_path / "bomb.tmx")


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('tilecount="4"', 'tilecount="9999999999"', "tilecount 9999999999 is not between"),
        ('width="32" height="8"', 'width="9999999" height="8"', "image size 9999999 x 8"),
        ('firstgid="1"', 'firstgid="0"', "unusable firstgid 0"),
    ],
)
def test_maps_absurd_tileset_numbers_are_refused(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    """Tileset numbers that would make the loader work forever are refused up front."""
    shutil.copy(DATA / "tiles.png", tmp_path / "tiles.png")
    (tmp_path / "m.tmx").write_text((DATA / "enc_embedded.tmx").read_text().replace(old, new))
    with pytest.raises(MapError, match=message):
        load_map(tmp_path / "m.tmx", terrain=TABLE)


def test_maps_tileset_without_tile_elements(tmp_path: Path) -> None:
    """A plain tileset (no per-tile properties at all) loads; its tiles have no terrain."""
    shutil.copy(DATA / "tiles.png", tmp_path / "tiles.png")
    text = (DATA / "enc_embedded.tmx").read_text()
    start, end = text.index(" <tile id="), text.index("</tileset>")
    (tmp_path / "m.tmx").write_text(text[:start] + text[end:])
    game_map = load_map(tmp_path / "m.tmx", terrain=TABLE)
    assert game_map.tilesets[0].tile_count == 4
    assert game_map.terrain_ids[0] == (None, None, None, None)


def test_maps_missing_map_file(tmp_path: Path) -> None:
    """A map that is not there is a MapError, not a traceback."""
    with pytest.raises(MapError, match="map file not found"):
        load_map(tmp_path / "nothing.tmx")


def test_maps_load_images_through_the_ui_loader() -> None:
    """Images load through a pytmx-style loader passed in by the UI: one per tile
    (untransformed, cut by the tile rectangle) and one per image layer."""
    calls: list[tuple[str, Any]] = []

    def loader(filename: str, colorkey: Any, **kwargs: Any) -> Any:
        def load(rect: Any = None, flags: Any = None) -> tuple[str, Any]:
            calls.append((Path(filename).name, rect))
            return (Path(filename).name, rect)

        return load

    game_map = load_map(DATA / "interleaved.tmx", terrain=TABLE)
    images = load_images(game_map, loader)
    assert images.tile(3) == ("tiles.png", (16, 0, 8, 8))
    assert images.tile(0x80000003) == images.tile(3)
    assert sorted(images.tiles) == [1, 2, 3, 4]
    shade = game_map.layer("shade")
    assert shade is not None and images.layers[shade.id] == ("tiles.png", None)

    def broken(filename: str, colorkey: Any, **kwargs: Any) -> Any:
        raise OSError("disk on fire")

    with pytest.raises(MapError, match="disk on fire"):
        load_images(game_map, broken)


def test_maps_package_is_pure_without_pygame() -> None:
    """Importing and using game.maps never imports pygame (pure package rule)."""
    code = (
        "import sys\n"
        "import game.maps, game.maps.grid, game.maps.board, game.maps.check\n"
        f"m = game.maps.load_map({str(DATA / 'interleaved.tmx')!r})\n"
        "assert 'pygame' not in sys.modules, 'pygame imported'\n"
        "import pytmx.util_pygame\n"  # the UI can still use pytmx's pygame helpers
        "assert 'pygame' in sys.modules\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "cannot import pygame" not in result.stderr


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_maps_damaged_files_give_map_errors_only(data: st.DataObject) -> None:
    """Whatever damage a map file suffers, loading it either works or raises MapError,
    never another exception (so the program can always show a clear message)."""
    import tempfile

    text = (DATA / "interleaved.tmx").read_text()
    for _ in range(data.draw(st.integers(1, 3))):
        start = data.draw(st.integers(0, len(text) - 1))
        end = data.draw(st.integers(start, min(len(text), start + 12)))
        insert = data.draw(
            st.sampled_from(["", "0", "-1", "x", '"', "<", ">", "1.5", "9999999999"])
        )
        text = text[:start] + insert + text[end:]
    with tempfile.TemporaryDirectory() as tmp:
        for name in ("tiles.tsx", "tiles.png"):
            shutil.copy(DATA / name, Path(tmp) / name)
        path = Path(tmp) / "damaged.tmx"
        path.write_text(text)
        try:
            load_map(path, terrain=TABLE)
        except MapError:
            pass
