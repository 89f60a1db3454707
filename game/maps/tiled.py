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
import json
import math
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, get_args

from game.core.errors import DataError
from game.maps.hexgrid import HexGrid
from game.maps.images import ImageLoader, MapImages, load_images
from game.maps.layers import read_layers
from game.maps.model import (
    Cell,
    GameMap,
    MapObject,
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
    "ClassType",
    "PropertyTypes",
    "cell_place",
    "load_images",
    "load_map",
    "load_property_types",
    "object_outline",
    "resolve_terrain_table",
]

TERRAIN_LAYER = "terrain"
TERRAIN_PROPERTY = "terrain"
_SUPPORTED_ORIENTATIONS = ("orthogonal", "hexagonal")
#: The largest tile side accepted, in pixels (Tiled tiles are 16 to a few hundred).
MAX_TILE_PX = 4096
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
    if min(width, height, tw, th) <= 0 or width * height > 1_000_000 or max(tw, th) > MAX_TILE_PX:
        raise ctx.error(
            "map",
            f"unusable size {width} x {height} tiles of {tw} x {th} px (at most a million "
            f"tiles, each at most {MAX_TILE_PX} px)",
        )
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


# -- object shapes ------------------------------------------------------------------------

#: Sides of the polygon that stands for an ellipse in :func:`object_outline`.
ELLIPSE_SEGMENTS = 32


def object_outline(
    obj: MapObject, ellipse_segments: int = ELLIPSE_SEGMENTS
) -> tuple[tuple[float, float], ...]:
    """The object's shape in map pixels with Tiled's rotation applied.

    Rectangles give their four corners (clockwise on screen from the top-left),
    ellipses a ``ellipse_segments``-gon through points of the ellipse, polygons and
    polylines their points in file order (a polygon's ring is closed implicitly), points
    and text one point, tile objects their box. Tiled rotates clockwise (degrees) about
    ``obj.origin``.
    """
    x, y, w, h = obj.x, obj.y, obj.width, obj.height
    if obj.shape in ("polygon", "polyline"):
        pts = obj.points
    elif obj.shape == "ellipse":
        cx, cy, rx, ry = x + w / 2, y + h / 2, w / 2, h / 2
        pts = tuple(
            (
                cx + rx * math.cos(2 * math.pi * i / ellipse_segments),
                cy + ry * math.sin(2 * math.pi * i / ellipse_segments),
            )
            for i in range(ellipse_segments)
        )
    elif obj.shape in ("point", "text"):
        pts = ((x, y),)
    else:
        pts = ((x, y), (x + w, y), (x + w, y + h), (x, y + h))
    if not obj.rotation:
        return tuple(pts)
    rad = math.radians(obj.rotation)
    c, s = math.cos(rad), math.sin(rad)
    ox, oy = obj.origin
    return tuple(
        (ox + (px - ox) * c - (py - oy) * s, oy + (px - ox) * s + (py - oy) * c) for px, py in pts
    )


# -- the project file's custom types -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ClassType:
    """A Tiled custom class usable by objects: its members with their default values.

    ``enums`` maps a member to the name of its enum type (for members that use one).
    """

    name: str
    members: Mapping[str, PropertyValue]
    enums: Mapping[str, str]
    color: str | None


@dataclass(frozen=True, slots=True)
class PropertyTypes:
    """The custom types of a ``.tiled-project`` file: enums (name -> allowed values)
    and classes that objects may use (name -> :class:`ClassType`)."""

    path: Path
    enums: Mapping[str, tuple[str, ...]]
    classes: Mapping[str, ClassType]


_MEMBER_TYPES: Mapping[str, tuple[type, ...]] = {
    "string": (str,),
    "file": (str,),
    "color": (str,),
    "int": (int,),
    "float": (int, float),
    "bool": (bool,),
}


def load_property_types(path: str | Path) -> PropertyTypes:
    """Read the enums and object classes of a Tiled project file (JSON).

    Raises MapError naming the file and the type for anything malformed: not JSON, a
    type without a name, a class member of an unknown type, a default value of the
    wrong type or not among its enum's values.
    """
    path = Path(path)
    ctx = Ctx(path)
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ctx.error("", "project file not found") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ctx.error("", f"not a readable Tiled project file ({exc})") from None
    types = raw.get("propertyTypes", []) if isinstance(raw, dict) else None
    if not isinstance(types, list):
        raise ctx.error("propertyTypes", "expected a list of custom types")
    enums: dict[str, tuple[str, ...]] = {}
    for i, entry in enumerate(types):
        if isinstance(entry, dict) and entry.get("type") == "enum":
            values = entry.get("values")
            if not isinstance(entry.get("name"), str) or not isinstance(values, list):
                raise ctx.error(f"propertyTypes[{i}]", "an enum needs a name and a list of values")
            enums[entry["name"]] = tuple(str(v) for v in values)
    classes: dict[str, ClassType] = {}
    for i, entry in enumerate(types):
        if not isinstance(entry, dict) or entry.get("type") != "class":
            continue
        if "object" not in entry.get("useAs", ["object"]):
            continue
        name = entry.get("name")
        if not isinstance(name, str) or not name:
            raise ctx.error(f"propertyTypes[{i}]", "a class needs a name")
        classes[name] = _class_type(name, entry, enums, ctx)
    return PropertyTypes(path, enums, classes)


def _class_type(
    name: str, entry: dict[str, Any], enums: Mapping[str, tuple[str, ...]], ctx: Ctx
) -> ClassType:
    members: dict[str, PropertyValue] = {}
    member_enums: dict[str, str] = {}
    for member in entry.get("members", []):
        mname = member.get("name") if isinstance(member, dict) else None
        where = f"class {name!r}: member {mname!r}"
        if not isinstance(mname, str):
            raise ctx.error(f"class {name!r}", "a member without a name")
        mtype = str(member.get("type", "string"))
        allowed = _MEMBER_TYPES.get(mtype)
        if allowed is None:
            raise ctx.error(where, f"member type {mtype!r} is not supported")
        value = member.get("value", "" if mtype in ("string", "file", "color") else None)
        if not isinstance(value, allowed) or (mtype != "bool" and isinstance(value, bool)):
            raise ctx.error(where, f"default {value!r} is not a {mtype}")
        enum = member.get("propertyType")
        if enum is not None:
            if enum not in enums:
                raise ctx.error(where, f"unknown enum type {enum!r}")
            if str(value) not in enums[enum]:
                raise ctx.error(where, f"default {value!r} is not one of {', '.join(enums[enum])}")
            member_enums[mname] = enum
        assert isinstance(value, str | int | float | bool)
        members[mname] = float(value) if mtype == "float" else value
    color = entry.get("color")
    return ClassType(name, members, member_enums, color if isinstance(color, str) else None)
