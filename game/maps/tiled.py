"""The one place that reads Tiled files (.tmx maps, .tsx tilesets), on top of pytmx 3.32.

:func:`load_map` reads a map without images (for rules, tools and tests) and returns a
:class:`~game.maps.model.GameMap`. :func:`load_images` loads the pictures later for the
UI through a pytmx-style image loader that the UI passes in (for pygame:
``pytmx.util_pygame.pygame_image_loader``), so this package never imports pygame.

The wrapper's parts: :mod:`game.maps.tiled_xml` (raw-byte safety checks, XML and
attribute readers, pytmx import), :mod:`game.maps.tilesets` (tilesets, .tsx files),
:mod:`game.maps.layers` (layers in document order, objects) and this module (the map,
the pytmx cross-check, terrain).

pytmx does the value-level parsing (property types, encoded layer data) and a full
``pytmx.TiledMap`` parse (no images) checks that pytmx can read the map at all. We
fix what pytmx 3.32 gets wrong or leaves out:

- layers come in document order (= drawing order) with their group path; pytmx
  groups them by type and flattens groups;
- gid flags are decoded here, including the hexagonal 120-degree rotation bit
  (0x10000000) that pytmx treats as part of the tile id;
- tileset tile offsets are numbers (pytmx keeps the XML strings); tilesets without
  ``tilecount``/``columns`` or image size (old Tiled files) are completed as Tiled does;
- objects keep their own custom properties, plus their tile's properties for tile
  objects, without pytmx's internal keys mixed in; tile collision shapes of embedded
  tilesets are not mistaken for object layers;
- the map's ``renderorder``, object layers' ``draworder`` and tilesets'
  ``objectalignment`` are reported.

Accepted: orthogonal and hexagonal maps; CSV, base64, base64+zlib and base64+gzip layer
data; embedded and external (.tsx) tilesets; tile, layer, object and map custom
properties; a plain external ``<!DOCTYPE map SYSTEM "...">`` line (never loaded).
Refused with a :class:`MapError` naming the file and the place: infinite maps, zstd
compression, XML-element layer data, object templates, isometric and staggered
orientation, missing tileset or image files, malformed XML, files that are not UTF-8
(or ASCII/Latin-1) text, ENTITY declarations and DOCTYPEs with an internal subset
(checked on the raw bytes before any XML parser sees them, so entity expansion bombs
never reach the parser), gids outside every tileset, class-typed properties, and
terrain ids unknown to the map's terrain table.
"""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import get_args

from game.core.errors import DataError
from game.maps.hexgrid import HexGrid
from game.maps.images import ImageLoader, MapImages, load_images
from game.maps.layers import read_layers
from game.maps.model import (
    Cell,
    GameMap,
    PropertyValue,
    RenderOrder,
    Tileset,
)
from game.maps.terrain import TerrainClass, TerrainTable, load_terrain_table, terrain_table_path
from game.maps.tiled_xml import Ctx, attr_int, custom_properties, pytmx_module, read_xml
from game.maps.tilesets import pytmx_tileset_element, read_tileset

__all__ = [
    "ImageLoader",
    "MapImages",
    "TERRAIN_LAYER",
    "TERRAIN_PROPERTY",
    "cell_place",
    "load_images",
    "load_map",
    "resolve_terrain_table",
]

TERRAIN_LAYER = "terrain"
TERRAIN_PROPERTY = "terrain"
_SUPPORTED_ORIENTATIONS = ("orthogonal", "hexagonal")
RENDER_ORDERS: tuple[RenderOrder, ...] = get_args(RenderOrder)

# -- the map -----------------------------------------------------------------------------


def _grid(root: ET.Element, ctx: Ctx) -> tuple[int, int, int, int, HexGrid | None]:
    orientation = root.get("orientation", "orthogonal")
    if orientation not in _SUPPORTED_ORIENTATIONS:
        raise ctx.error(
            "map", f"orientation {orientation!r} is not supported (use orthogonal or hexagonal)"
        )
    if root.get("infinite", "0") != "0":
        raise ctx.error("map", "infinite maps are not supported; untick 'Infinite' in Tiled")
    width = attr_int(root, "width", ctx, "map")
    height = attr_int(root, "height", ctx, "map")
    tw = attr_int(root, "tilewidth", ctx, "map")
    th = attr_int(root, "tileheight", ctx, "map")
    if min(width, height, tw, th) <= 0 or width * height > 1_000_000:
        raise ctx.error("map", f"unusable size {width} x {height} tiles of {tw} x {th} px")
    if orientation == "orthogonal":
        return width, height, tw, th, None
    axis = root.get("staggeraxis")
    index = root.get("staggerindex")
    if axis not in ("x", "y") or index not in ("odd", "even"):
        raise ctx.error(
            "map",
            f"hexagonal map needs staggeraxis x|y and staggerindex odd|even, got {axis}/{index}",
        )
    side = attr_int(root, "hexsidelength", ctx, "map", 0)
    if side < 0 or side > (tw if axis == "x" else th):
        raise ctx.error("map", f"hexsidelength {side} does not fit a {tw} x {th} tile")
    return width, height, tw, th, HexGrid(axis, index, tw, th, side)  # type: ignore[arg-type]


def _render_order(root: ET.Element, ctx: Ctx) -> RenderOrder:
    value = root.get("renderorder", "right-down")
    for order in RENDER_ORDERS:
        if order == value:
            return order
    raise ctx.error("map", f"renderorder {value!r} is not one of {', '.join(RENDER_ORDERS)}")


def _pytmx_check(
    root: ET.Element,
    tilesets: list[tuple[Tileset, ET.Element]],
    path: Path,
    ctx: Ctx,
) -> dict[str, PropertyValue]:
    """Parse our already-checked XML with pytmx (no images); return its map properties.

    pytmx sees a copy that avoids its 3.32 faults: layer offsets are removed (it reads
    them with int() and fails on the fractional offsets Tiled may write; we read them
    ourselves), and every tileset is the one we read, inlined with its image size
    filled in (it int()s a missing image width) -- so pytmx reads no file itself.
    """
    pytmx = pytmx_module()
    clean = copy.deepcopy(root)
    for elem in clean.iter():
        if elem.tag in ("layer", "objectgroup", "imagelayer", "group"):
            elem.attrib.pop("offsetx", None)
            elem.attrib.pop("offsety", None)
    old_tilesets = clean.findall("tileset")
    for old, (tileset, elem) in zip(old_tilesets, tilesets, strict=True):
        index = list(clean).index(old)
        clean.remove(old)
        clean.insert(index, pytmx_tileset_element(tileset, elem))
    try:
        tiled_map = pytmx.TiledMap(allow_duplicate_names=True)
        tiled_map.filename = str(path)
        tiled_map.parse_xml(clean)
    except Exception as exc:  # pytmx raises bare Exception/ValueError/KeyError alike
        raise ctx.error("", f"pytmx cannot read the map ({exc or type(exc).__name__})") from None
    props: dict[str, PropertyValue] = {}
    for key, value in tiled_map.properties.items():
        props[str(key)] = value if isinstance(value, str | int | float | bool) else str(value)
    return props


def resolve_terrain_table(system: str | None) -> TerrainTable | None:
    """The terrain table of a map's system, or None when it has none (yet)."""
    if not system:
        return None
    path = terrain_table_path(system)
    if not path.is_file():
        return None
    return load_terrain_table(path)


def load_map(
    path: str | Path,
    *,
    terrain: TerrainTable | None = None,
    resolve_terrain: bool = True,
) -> GameMap:
    """Read a .tmx map without images.

    ``terrain``: the table to resolve the `terrain` tile property with; by default the
    table of the map's ``system`` property (``game/rules/<system>/data/terrain.yaml``)
    when it exists. With a table, a terrain id it does not know is a MapError naming
    the cell. ``resolve_terrain=False`` skips resolving (``terrain`` cells stay None).
    """
    path = Path(path)
    ctx = Ctx(path)
    root = read_xml(path, ctx, "map file")
    if root.tag != "map":
        raise ctx.error("", f"expected a Tiled <map> document, found <{root.tag}>")
    width, height, tw, th, hexgrid = _grid(root, ctx)
    render_order = _render_order(root, ctx)
    map_dir = path.resolve().parent

    read = [read_tileset(t, map_dir, ctx) for t in root.findall("tileset")]
    tilesets = tuple(ts for ts, _ in read)

    def cell_of(px: float, py: float) -> Cell:
        if hexgrid is not None:
            return hexgrid.pick(px, py)
        return (int(px // tw), int(py // th))

    def cell_centre(cell: Cell) -> tuple[float, float]:
        if hexgrid is not None:
            return hexgrid.centre(cell)
        return ((cell[0] + 0.5) * tw, (cell[1] + 0.5) * th)

    layers = read_layers(root, ctx, map_dir, (width, height), cell_of, cell_centre, tilesets)
    properties = custom_properties(root, ctx, "map")
    # pytmx must be able to read what we accept (the UI's tools build on it).
    pytmx_props = _pytmx_check(root, read, path, ctx)
    if set(pytmx_props) != set(properties):  # pragma: no cover - a pytmx change
        raise ctx.error("map", "pytmx and our reader disagree about the map properties")

    draft = GameMap(
        path=path,
        orientation="hexagonal" if hexgrid else "orthogonal",
        width=width,
        height=height,
        tile_width=tw,
        tile_height=th,
        hex=hexgrid,
        background_color=root.get("backgroundcolor"),
        properties=properties,
        layers=layers,
        tilesets=tilesets,
        terrain_ids=(),
        terrain=(),
        render_order=render_order,
    )
    ids = _terrain_ids(draft)
    table = terrain
    if table is None and resolve_terrain:
        try:
            table = resolve_terrain_table(draft.system)
        except DataError as exc:
            raise ctx.error("map", f"terrain table of system {draft.system!r}: {exc}") from None
    classes = _resolve(draft, ids, table, ctx) if resolve_terrain and table is not None else None
    return GameMap(
        path=draft.path,
        orientation=draft.orientation,
        width=width,
        height=height,
        tile_width=tw,
        tile_height=th,
        hex=hexgrid,
        background_color=draft.background_color,
        properties=properties,
        layers=draft.layers,
        tilesets=tilesets,
        terrain_ids=ids,
        terrain=classes or tuple((None,) * width for _ in range(height)),
        render_order=render_order,
    )


def _terrain_ids(game_map: GameMap) -> tuple[tuple[str | None, ...], ...]:
    layer = next(
        (ly for ly in game_map.layers if ly.kind == "tile" and ly.name == TERRAIN_LAYER), None
    )
    rows: list[tuple[str | None, ...]] = []
    for y in range(game_map.height):
        row: list[str | None] = []
        for x in range(game_map.width):
            value = None
            if layer is not None:
                gid = layer.gid_at((x, y))
                if gid:
                    raw = game_map.tile_properties(gid).get(TERRAIN_PROPERTY)
                    value = None if raw is None or raw == "" else str(raw)
            row.append(value)
        rows.append(tuple(row))
    return tuple(rows)


def cell_place(game_map: GameMap, cell: Cell) -> str:
    """How a cell is named in messages: ``hex E3`` on hex maps, ``cell (x, y)`` else."""
    if game_map.hex is not None:
        from game.maps.hexgrid import hex_label

        return f"hex {hex_label(cell)}"
    return f"cell ({cell[0]}, {cell[1]})"


def _resolve(
    game_map: GameMap,
    ids: tuple[tuple[str | None, ...], ...],
    table: TerrainTable,
    ctx: Ctx,
) -> tuple[tuple[TerrainClass | None, ...], ...]:
    rows: list[tuple[TerrainClass | None, ...]] = []
    for y, id_row in enumerate(ids):
        row: list[TerrainClass | None] = []
        for x, tid in enumerate(id_row):
            if tid is None:
                row.append(None)
                continue
            if tid not in table:
                known = ", ".join(table)
                raise ctx.error(
                    f"layer {TERRAIN_LAYER!r}: {cell_place(game_map, (x, y))}",
                    f"unknown terrain {tid!r} (known: {known})",
                )
            row.append(table[tid])
        rows.append(tuple(row))
    return tuple(rows)
