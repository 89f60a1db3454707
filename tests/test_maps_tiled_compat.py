"""The Tiled loader with what older or less common Tiled files contain: render order,
object draw order, object alignment, tilesets without counts or image size, and a
plain DOCTYPE line -- while still refusing what is unsafe or damaged."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.errors import MapError
from game.maps import Tileset, load_images, load_map, load_terrain_table
from game.maps.tilesets import fit_count, png_size

DATA = Path(__file__).parent / "data" / "maps"
TABLE = load_terrain_table(DATA / "terrain.yaml")
TILED_EXAMPLES = Path("/usr/share/doc/tiled/examples")


def _copy_variant(tmp_path: Path, source: str, *edits: tuple[str, str]) -> Path:
    """A copy of a corpus map (with its tileset and image) after text replacements."""
    for name in ("tiles.tsx", "tiles.png"):
        shutil.copy(DATA / name, tmp_path / name)
    text = (DATA / source).read_text()
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new)
    (tmp_path / source).write_text(text)
    return tmp_path / source


def _rects(game_map: Any) -> dict[int, Any]:
    def loader(filename: str, colorkey: Any, **kwargs: Any) -> Any:
        return lambda rect=None, flags=None: rect

    return load_images(game_map, loader).tiles


# -- render order, draw order, object alignment -------------------------------------------


@pytest.mark.parametrize("order", ["right-down", "right-up", "left-down", "left-up"])
def test_maps_render_order_comes_from_renderorder(tmp_path: Path, order: str) -> None:
    """The map's renderorder (the order Tiled draws a tile layer's cells) is reported."""
    path = _copy_variant(tmp_path, "enc_csv.tmx", ('"right-down"', f'"{order}"'))
    assert load_map(path, terrain=TABLE).render_order == order


def test_maps_render_order_defaults_to_right_down_and_refuses_unknown(tmp_path: Path) -> None:
    """Without renderorder Tiled draws right-down; a value Tiled does not know is refused."""
    path = _copy_variant(tmp_path, "enc_csv.tmx", (' renderorder="right-down"', ""))
    assert load_map(path, terrain=TABLE).render_order == "right-down"
    path.write_text(path.read_text().replace("<map ", '<map renderorder="down-right" '))
    with pytest.raises(MapError, match="map: renderorder 'down-right' is not one of"):
        load_map(path, terrain=TABLE)


def test_maps_object_layer_draw_order(tmp_path: Path) -> None:
    """Object layers draw "topdown" (by y) unless Tiled's draworder says "index"."""
    game_map = load_map(DATA / "interleaved.tmx", terrain=TABLE)
    assert [ly.draw_order for ly in game_map.layers if ly.kind == "object"] == ["topdown"] * 2
    path = _copy_variant(
        tmp_path,
        "interleaved.tmx",
        ('name="objects"', 'name="objects" draworder="index"'),
        ('name="labels"', 'name="labels" draworder="topdown"'),
    )
    layers = load_map(path, terrain=TABLE).layers
    assert [ly.draw_order for ly in layers if ly.kind == "object"] == ["index", "topdown"]
    path.write_text(path.read_text().replace('"index"', '"sideways"'))
    with pytest.raises(MapError, match="layer 'objects': draworder 'sideways' is not"):
        load_map(path, terrain=TABLE)


@pytest.mark.parametrize(
    ("alignment", "top_left"),
    [
        (None, (8.0, 16.0)),
        ("unspecified", (8.0, 16.0)),
        ("bottomleft", (8.0, 16.0)),
        ("topleft", (8.0, 24.0)),
        ("top", (4.0, 24.0)),
        ("center", (4.0, 20.0)),
        ("bottomright", (0.0, 16.0)),
    ],
)
def test_maps_tile_object_box_follows_objectalignment(
    tmp_path: Path, alignment: str | None, top_left: tuple[float, float]
) -> None:
    """A tile object's x/y name the point its tileset's objectalignment picks
    (bottom-left when unspecified, on orthogonal maps); the box is converted to its
    top-left corner. The corpus tile object "trap" is 8x8 at x=8, y=24."""
    path = _copy_variant(tmp_path, "interleaved.tmx")
    if alignment is not None:
        tsx = tmp_path / "tiles.tsx"
        tsx.write_text(
            tsx.read_text().replace('name="tiles"', f'name="tiles" objectalignment="{alignment}"')
        )
    game_map = load_map(path, terrain=TABLE)
    assert game_map.tilesets[0].object_alignment == (alignment or "unspecified")
    trap = next(o for o in game_map.objects if o.name == "trap")
    assert (trap.x, trap.y, trap.width, trap.height) == (*top_left, 8.0, 8.0)
    ax, ay = game_map.tilesets[0].anchor  # the point Tiled names (and rotates about)
    assert (trap.x + ax * trap.width, trap.y + ay * trap.height) == (8.0, 24.0)
    assert trap.cell == (int(trap.centre[0] // 8), int(trap.centre[1] // 8))


def test_maps_unknown_objectalignment_is_refused(tmp_path: Path) -> None:
    """An objectalignment Tiled does not write is named in the error."""
    path = _copy_variant(tmp_path, "interleaved.tmx")
    tsx = tmp_path / "tiles.tsx"
    tsx.write_text(tsx.read_text().replace('name="tiles"', 'name="tiles" objectalignment="up"'))
    with pytest.raises(MapError, match="tileset 'tiles': objectalignment 'up' is not one of"):
        load_map(path, terrain=TABLE)


# -- old tilesets -------------------------------------------------------------------------


def test_maps_tileset_without_counts_or_image_size_is_cut_as_tiled_does() -> None:
    """Without tilecount/columns the tiles follow from the image size, margin and
    spacing (margin counted once, as Tiled does); a missing image size comes from the
    PNG header. 40x10 px with 8 px tiles, margin 1, spacing 2: 4 columns, 1 row."""
    game_map = load_map(DATA / "old_tileset.tmx", terrain=TABLE)
    ts = game_map.tilesets[0]
    assert (ts.image_width, ts.image_height) == (40, 10)
    assert (ts.columns, ts.tile_count) == (4, 4)
    assert [ts.tile_rect(i) for i in range(4)] == [
        (1, 1, 8, 8),
        (11, 1, 8, 8),
        (21, 1, 8, 8),
        (31, 1, 8, 8),
    ]
    assert _rects(game_map) == {1 + i: ts.tile_rect(i) for i in range(4)}
    assert game_map.terrain_id_at((0, 0)) == "floor"


@pytest.mark.parametrize(
    ("size", "tile", "margin", "spacing", "count"),
    [(40, 8, 1, 2, 4), (32, 8, 0, 0, 4), (31, 8, 0, 0, 3), (7, 8, 0, 0, 0), (0, 8, 2, 0, 0)],
)
def test_maps_fit_count_matches_tiled(
    size: int, tile: int, margin: int, spacing: int, count: int
) -> None:
    """Tiles along an image side: (size - margin + spacing) // (tile + spacing), never
    negative."""
    assert fit_count(size, tile, margin, spacing) == count


def test_maps_tile_rect_does_not_invent_a_column() -> None:
    """A tileset with no image columns has no tile rectangles (it is not one column)."""
    ts = Tileset(
        name="narrow", firstgid=1, tile_width=8, tile_height=8, tile_count=2, columns=0,
        spacing=0, margin=0, image=None, image_width=4, image_height=16,
        transparent_color=None, tile_offset=(0, 0), source=None,
    )  # fmt: skip
    with pytest.raises(ValueError, match="no image columns"):
        ts.tile_rect(1)


def test_maps_image_narrower_than_a_tile_has_no_tiles(tmp_path: Path) -> None:
    """Tiled cuts no tile from an image narrower than one tile: the tileset holds only
    the tile it describes (id 0), so a layer using gid 2 is refused."""
    shutil.copy(DATA / "old_tiles.png", tmp_path / "old_tiles.png")
    text = (DATA / "old_tileset.tmx").read_text().replace('tilewidth="8" tileheight="8"\n', "")
    text = text.replace('name="old"', 'name="old" tilewidth="64" tileheight="8"')
    (tmp_path / "m.tmx").write_text(text)
    with pytest.raises(MapError, match=r"cell \(1, 0\): tile gid 2 belongs to no tileset"):
        load_map(tmp_path / "m.tmx", terrain=TABLE)


def test_maps_image_size_missing_and_not_png_is_refused(tmp_path: Path) -> None:
    """Only PNG headers are read for a missing image size; other files need it written."""
    (tmp_path / "old_tiles.png").write_bytes(b"GIF89a" + b"\0" * 40)
    shutil.copy(DATA / "old_tileset.tmx", tmp_path / "m.tmx")
    with pytest.raises(MapError, match="tileset 'old': image 'old_tiles.png' has no width"):
        load_map(tmp_path / "m.tmx", terrain=TABLE)
    assert png_size(DATA / "tiles.png") == (32, 8)
    assert png_size(tmp_path / "old_tiles.png") is None


@pytest.mark.skipif(not TILED_EXAMPLES.is_dir(), reason="Tiled's examples are not installed")
@pytest.mark.parametrize(
    ("name", "columns", "count"),
    [("perspective_walls.tmx", 4, 16), ("sewers.tmx", 8, 72), ("hexagonal-mini.tmx", 5, 20)],
)
def test_maps_tiled_examples_with_old_tilesets_load(name: str, columns: int, count: int) -> None:
    """Tiled's own older examples: a .tsx image without size (perspective_walls) and
    tilesets without tilecount/columns load with the tiles Tiled cuts."""
    ts = load_map(TILED_EXAMPLES / name).tilesets[0]
    assert (ts.columns, ts.tile_count) == (columns, count)
    assert png_size(ts.image) == (ts.image_width, ts.image_height)  # type: ignore[arg-type]


# -- DOCTYPE and encodings ----------------------------------------------------------------


def test_maps_plain_external_doctype_is_accepted() -> None:
    """Old maps start with a DOCTYPE naming Tiled's DTD: it is accepted (and never
    fetched); the map reads as without it."""
    with_doctype = load_map(DATA / "old_doctype.tmx", terrain=TABLE)
    plain = load_map(DATA / "enc_csv.tmx", terrain=TABLE)
    assert with_doctype.terrain_ids == plain.terrain_ids
    assert with_doctype.layers == plain.layers


@pytest.mark.skipif(not TILED_EXAMPLES.is_dir(), reason="Tiled's examples are not installed")
def test_maps_tiled_example_with_doctype_loads() -> None:
    """Tiled's example automapping rule (DOCTYPE line, Tiled 0.x) loads."""
    assert load_map(TILED_EXAMPLES / "sewer_automap/rule_001.tmx").width == 7


def test_maps_external_dtd_is_never_loaded(tmp_path: Path) -> None:
    """Entities defined in the external DTD are not read: in an attribute the unknown
    entity is dropped, in text it is a malformed-XML error -- never "kaboom"."""
    (tmp_path / "evil.dtd").write_text('<!ENTITY boom "kaboom">\n')
    doctype = ("?>\n", '?>\n<!DOCTYPE map SYSTEM "evil.dtd">\n')
    path = _copy_variant(tmp_path, "enc_csv.tmx", doctype, ('"test_system"', '"&boom;"'))
    assert load_map(path, terrain=TABLE).properties["system"] == ""
    note = (
        '<property name="level"',
        '<property name="note">&boom;</property>\n  <property name="level"',
    )
    path = _copy_variant(tmp_path, "enc_csv.tmx", doctype, note)
    with pytest.raises(MapError, match="malformed XML \\(undefined entity"):
        load_map(path, terrain=TABLE)


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("broken_internal_subset.tmx", "DOCTYPEs with an internal subset are not allowed"),
        ("broken_entity_bomb.tmx", "ENTITY declarations .* are not allowed"),
        ("broken_encoding.tmx", "line 1: encoding 'TF-8' is not supported"),
        ("broken_utf16.tmx", "not UTF-8 text"),
    ],
)
def test_maps_unsafe_or_damaged_declarations_are_refused(name: str, message: str) -> None:
    """Internal DTD subsets, entities, unknown encodings and UTF-16 files are refused on
    the raw bytes with a MapError (never a LookupError or an expanded entity)."""
    with pytest.raises(MapError, match=message) as info:
        load_map(DATA / name, terrain=TABLE)
    assert str(info.value).startswith(str(DATA / name))


HEADERS = [
    b'<?xml version="1.0" encoding="UTF-8"?>\n',
    b'<?xml version="1.0" encoding="TF-8"?>\n',
    b'<?xml version="1.0" encoding="utf-16"?>\n',
    b'<?xml version="1.0" encoding="cp500"?>\n',
    b'<?xml version="1.0" encoding="latin1"?>\n',
    b"<?xml version='1.0' encoding='x'?>\n",
    b'\xef\xbb\xbf<?xml version="1.0" encoding="UTF-8"?>\n',
    b"\xff\xfe<\x00?\x00",
    b'<!DOCTYPE map SYSTEM "map.dtd">\n',
    b"<!DOCTYPE map>\n",
    b"",
]


@settings(max_examples=150, deadline=None)
@given(
    header=st.one_of(
        st.sampled_from(HEADERS),
        st.builds(
            lambda enc: b'<?xml version="1.0" encoding="' + enc + b'"?>\n',
            st.binary(max_size=12),
        ),
    ),
    noise=st.lists(st.tuples(st.integers(0, 10_000), st.binary(min_size=1, max_size=4))),
)
def test_maps_damaged_encodings_give_map_errors_only(header: bytes, noise: list[Any]) -> None:
    """Whatever the XML declaration says and whatever bytes (invalid UTF-8, BOMs,
    NULs) get into a map, loading works or raises MapError, nothing else."""
    body = (DATA / "interleaved.tmx").read_bytes().split(b"\n", 1)[1]
    raw = header + body
    for pos, junk in noise[:3]:
        pos %= len(raw)
        raw = raw[:pos] + junk + raw[pos:]
    with tempfile.TemporaryDirectory() as tmp:
        for name in ("tiles.tsx", "tiles.png"):
            shutil.copy(DATA / name, Path(tmp) / name)
        path = Path(tmp) / "damaged.tmx"
        path.write_bytes(raw)
        try:
            load_map(path, terrain=TABLE)
        except MapError:
            pass
