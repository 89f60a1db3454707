"""The one place that reads Tiled files (.tmx maps, .tsx tilesets), on top of pytmx 3.32.

:func:`load_map` reads a map without images (for rules, tools and tests) and returns a
:class:`~game.maps.model.GameMap`. :func:`load_images` loads the pictures later for the
UI through a pytmx-style image loader that the UI passes in (for pygame:
``pytmx.util_pygame.pygame_image_loader``), so this package never imports pygame.

pytmx does the value-level parsing (property types, encoded layer data) and a full
``pytmx.TiledMap`` parse (no images) checks that pytmx can read the map at all. We
fix what pytmx 3.32 gets wrong or leaves out:

- layers come in document order (= drawing order) with their group path; pytmx
  groups them by type and flattens groups;
- gid flags are decoded here, including the hexagonal 120-degree rotation bit
  (0x10000000) that pytmx treats as part of the tile id;
- tileset tile offsets are numbers (pytmx keeps the XML strings);
- objects keep their own custom properties, plus their tile's properties for tile
  objects, without pytmx's internal keys mixed in; tile collision shapes of embedded
  tilesets are not mistaken for object layers.

Accepted: orthogonal and hexagonal maps; CSV, base64, base64+zlib and base64+gzip layer
data; embedded and external (.tsx) tilesets; tile, layer, object and map custom
properties. Refused with a :class:`MapError` naming the file and the place: infinite
maps, zstd compression, XML-element layer data, object templates, isometric and
staggered orientation, missing tileset or image files, malformed XML, DOCTYPE/ENTITY
declarations (checked on the raw bytes before any XML parser sees them, so entity
expansion bombs never reach the parser), gids outside every tileset, class-typed
properties, and terrain ids unknown to the map's terrain table.
"""

from __future__ import annotations

import base64
import copy
import math
import xml.etree.ElementTree as ET
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from game.core.errors import DataError
from game.maps.hexgrid import HexGrid
from game.maps.images import ImageLoader, MapImages, load_images
from game.maps.model import (
    ROTATE_HEX_120,
    Cell,
    GameMap,
    Layer,
    MapObject,
    Properties,
    PropertyValue,
    Tileset,
    decode_gid,
)
from game.maps.terrain import TerrainClass, TerrainTable, load_terrain_table, terrain_table_path
from game.maps.tiled_xml import (
    Ctx,
    attr_float,
    attr_int,
    custom_properties,
    existing_file,
    pytmx_module,
    read_xml,
)

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
MAX_TILES = 65_536

# -- tilesets ----------------------------------------------------------------------------


def _tileset(elem: ET.Element, map_dir: Path, ctx: Ctx) -> Tileset:
    firstgid = attr_int(elem, "firstgid", ctx, "tileset")
    source = elem.get("source")
    tsx_path: Path | None = None
    tctx = ctx
    if source:
        if not source.lower().endswith(".tsx"):
            raise ctx.error(f"tileset {source!r}", "only .tsx tileset files are supported")
        tsx_path = existing_file(
            (map_dir / source).resolve(), ctx, f"tileset {source!r}", "tileset file", source
        )
        tctx = Ctx(tsx_path, f"{ctx.label}: tileset {tsx_path}")
        elem = read_xml(tsx_path, tctx, "tileset file")
        if elem.tag != "tileset":
            raise tctx.error("", f"expected a <tileset> document, found <{elem.tag}>")
    base = tsx_path.parent if tsx_path else map_dir
    name = elem.get("name", "")
    where = f"tileset {name!r}"
    tw = attr_int(elem, "tilewidth", tctx, where)
    th = attr_int(elem, "tileheight", tctx, where)
    image_path: Path | None = None
    image_w = image_h = 0
    trans = None
    image = elem.find("image")
    if image is not None:
        src = image.get("source")
        if not src:
            raise tctx.error(where, "embedded image data is not supported; use an image file")
        image_path = existing_file((base / src).resolve(), tctx, where, "image", src)
        image_w = attr_int(image, "width", tctx, where, 0)
        image_h = attr_int(image, "height", tctx, where, 0)
        trans = image.get("trans")
        if not (0 <= image_w <= 65_536 and 0 <= image_h <= 65_536) or (
            tw > 0 and th > 0 and (image_w // tw) * (image_h // th) > MAX_TILES
        ):
            raise tctx.error(where, f"image size {image_w} x {image_h} is unusable")
    offset_elem = elem.find("tileoffset")
    offset = (0, 0)
    if offset_elem is not None:
        offset = (
            attr_int(offset_elem, "x", tctx, where, 0),
            attr_int(offset_elem, "y", tctx, where, 0),
        )
    tile_images: dict[int, Path] = {}
    tile_props: dict[int, Properties] = {}
    tile_types: dict[int, str] = {}
    max_local = -1
    for tile in elem.findall("tile"):
        local = attr_int(tile, "id", tctx, where)
        max_local = max(max_local, local)
        twhere = f"{where}: tile {local}"
        props = custom_properties(tile, tctx, twhere)
        if props:
            tile_props[local] = props
        kind = tile.get("type") or tile.get("class")
        if kind:
            tile_types[local] = kind
        timg = tile.find("image")
        if timg is not None:
            src = timg.get("source")
            if not src:
                raise tctx.error(twhere, "embedded image data is not supported")
            tile_images[local] = existing_file((base / src).resolve(), tctx, twhere, "image", src)
    spacing = attr_int(elem, "spacing", tctx, where, 0)
    margin = attr_int(elem, "margin", tctx, where, 0)
    columns = attr_int(elem, "columns", tctx, where, 0)
    if columns <= 0 and image_path is not None and tw > 0:  # old Tiled files omit it
        columns = max(1, (image_w - 2 * margin + spacing) // (tw + spacing))
    count = attr_int(elem, "tilecount", tctx, where, max_local + 1)
    if not 0 <= count <= MAX_TILES or max_local >= MAX_TILES:
        raise tctx.error(where, f"tilecount {count} is not between 0 and {MAX_TILES}")
    if not 1 <= firstgid < ROTATE_HEX_120 or min(tw, th) <= 0:
        raise tctx.error(where, f"unusable firstgid {firstgid} or tile size {tw} x {th}")
    return Tileset(
        name=name,
        firstgid=firstgid,
        tile_width=tw,
        tile_height=th,
        tile_count=max(count, max_local + 1),
        columns=columns,
        spacing=spacing,
        margin=margin,
        image=image_path,
        image_width=image_w,
        image_height=image_h,
        transparent_color=trans,
        tile_offset=offset,
        source=tsx_path,
        tile_images=tile_images,
        tile_properties=tile_props,
        tile_types=tile_types,
    )


# -- layers ------------------------------------------------------------------------------


@dataclass
class _Walk:
    """Mutable state while walking the layer tree."""

    ctx: Ctx
    map_dir: Path
    width: int
    height: int
    cell_of: Callable[[float, float], Cell]
    cell_centre: Callable[[Cell], tuple[float, float]]
    tilesets: tuple[Tileset, ...]
    layers: list[Layer] = field(default_factory=list)


def _tileset_of(gid: int, tilesets: tuple[Tileset, ...]) -> Tileset | None:
    return next((ts for ts in tilesets if ts.contains(gid)), None)


def _gid_known(gid: int, tilesets: tuple[Tileset, ...]) -> bool:
    gid = decode_gid(gid)[0]
    return gid == 0 or any(ts.contains(gid) for ts in tilesets)


def _tile_data(elem: ET.Element, walk: _Walk, where: str, w: int, h: int) -> tuple[int, ...]:
    ctx = walk.ctx
    data = elem.find("data")
    if data is None:
        raise ctx.error(where, "tile layer has no <data>")
    if data.find("chunk") is not None:
        raise ctx.error(where, "infinite maps (chunked layer data) are not supported")
    encoding = data.get("encoding")
    compression = data.get("compression")
    if encoding is None:
        raise ctx.error(where, "XML tile elements are not supported; save layer data as CSV")
    if encoding not in ("csv", "base64"):
        raise ctx.error(where, f"layer encoding {encoding!r} is not supported")
    if compression and (encoding != "base64" or compression not in ("zlib", "gzip")):
        raise ctx.error(
            where, f"layer compression {compression!r} is not supported (use CSV, zlib or gzip)"
        )
    text = (data.text or "").strip()
    if compression:
        _check_inflated_size(text, compression, w * h * 4, ctx, where)
    try:
        gids = pytmx_module().pytmx.unpack_gids(text, encoding, compression)
    except Exception as exc:  # pytmx raises a mix of binascii, zlib, OSError, ValueError
        raise ctx.error(where, f"cannot decode {encoding} layer data ({exc})") from None
    if len(gids) != w * h:
        raise ctx.error(where, f"layer data has {len(gids)} tiles, expected {w} x {h} = {w * h}")
    for i, gid in enumerate(gids):
        if not 0 <= gid <= 0xFFFFFFFF:
            raise ctx.error(f"{where}: cell ({i % w}, {i // w})", f"gid {gid} out of range")
        if not _gid_known(gid, walk.tilesets):
            raise ctx.error(
                f"{where}: cell ({i % w}, {i // w})",
                f"tile gid {decode_gid(gid)[0]} belongs to no tileset",
            )
    return tuple(gids)


def _check_inflated_size(text: str, compression: str, expected: int, ctx: Ctx, where: str) -> None:
    """Inflate compressed layer data with a size limit first, so a small file cannot
    expand into gigabytes when pytmx decompresses it."""
    try:
        packed = base64.b64decode(text)
        wbits = zlib.MAX_WBITS | (16 if compression == "gzip" else 0)
        inflater = zlib.decompressobj(wbits)
        out = inflater.decompress(packed, expected + 1)
    except (ValueError, zlib.error) as exc:
        raise ctx.error(where, f"cannot decode {compression} layer data ({exc})") from None
    if len(out) > expected:
        raise ctx.error(where, f"layer data inflates to more than {expected} bytes")


def _rotate(px: float, py: float, ox: float, oy: float, degrees: float) -> tuple[float, float]:
    rad = math.radians(degrees)
    c, s = math.cos(rad), math.sin(rad)
    dx, dy = px - ox, py - oy
    return (ox + dx * c - dy * s, oy + dx * s + dy * c)


def _inside_polygon(x: float, y: float, pts: tuple[tuple[float, float], ...]) -> bool:
    inside = False
    n = len(pts)
    for i in range(n):
        x1, y1 = pts[i]
        x2, y2 = pts[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _object(elem: ET.Element, walk: _Walk, layer_name: str) -> MapObject:
    ctx = walk.ctx
    oid = attr_int(elem, "id", ctx, f"layer {layer_name!r}: object", 0)
    where = f"layer {layer_name!r}: object {oid}"
    if elem.get("template"):
        raise ctx.error(where, "object templates are not supported; detach the template in Tiled")
    x = attr_float(elem, "x", ctx, where)
    y = attr_float(elem, "y", ctx, where)
    w = attr_float(elem, "width", ctx, where)
    h = attr_float(elem, "height", ctx, where)
    rotation = attr_float(elem, "rotation", ctx, where)
    gid = attr_int(elem, "gid", ctx, where, 0)
    props = custom_properties(elem, ctx, where)
    kind = elem.get("type") or elem.get("class") or ""
    points: tuple[tuple[float, float], ...] = ()
    shape: Literal["rectangle", "ellipse", "point", "polygon", "polyline", "tile", "text"]
    origin = (x, y)  # Tiled rotates around this point
    if gid:
        if not _gid_known(gid, walk.tilesets):
            raise ctx.error(where, f"tile gid {decode_gid(gid)[0]} belongs to no tileset")
        shape = "tile"
        ts = _tileset_of(decode_gid(gid)[0], walk.tilesets)
        if ts is not None:
            local = decode_gid(gid)[0] - ts.firstgid
            for key, value in ts.tile_properties.get(local, {}).items():
                props.setdefault(key, value)
            kind = kind or ts.tile_types.get(local, "")
            if not w and not h:
                w, h = float(ts.tile_width), float(ts.tile_height)
        y -= h  # Tiled anchors tile objects at their bottom-left corner
    elif elem.find("ellipse") is not None:
        shape = "ellipse"
    elif elem.find("point") is not None:
        shape = "point"
    elif elem.find("text") is not None:
        shape = "text"
    elif (poly := elem.find("polygon")) is not None or (poly := elem.find("polyline")) is not None:
        shape = "polygon" if poly.tag == "polygon" else "polyline"
        try:
            points = tuple(
                (float(p.split(",")[0]), float(p.split(",")[1]))
                for p in (poly.get("points") or "").split()
            )
        except (ValueError, IndexError):
            raise ctx.error(where, f"bad {poly.tag} points {poly.get('points')!r}") from None
        if points:
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            bx, by = x + min(xs), y + min(ys)
            w, h = max(xs) - min(xs), max(ys) - min(ys)
            points = tuple((x + px, y + py) for px, py in points)
            x, y = bx, by
    else:
        shape = "rectangle"

    cx, cy = _rotate(x + w / 2, y + h / 2, *origin, rotation)
    cell = walk.cell_of(cx, cy)
    cells: list[Cell] = []
    if shape in ("rectangle", "ellipse", "polygon") and (w > 0 or h > 0):
        for row in range(walk.height):
            for col in range(walk.width):
                px, py = walk.cell_centre((col, row))
                lx, ly = _rotate(px, py, *origin, -rotation)
                if shape == "rectangle":
                    hit = x <= lx <= x + w and y <= ly <= y + h
                elif shape == "ellipse":
                    rx, ry = w / 2 or 1e-9, h / 2 or 1e-9
                    hit = ((lx - x - rx) / rx) ** 2 + ((ly - y - ry) / ry) ** 2 <= 1.0
                else:
                    hit = _inside_polygon(lx, ly, points)
                if hit:
                    cells.append((col, row))
    if not cells and 0 <= cell[0] < walk.width and 0 <= cell[1] < walk.height:
        cells.append(cell)
    return MapObject(
        id=oid,
        name=elem.get("name", ""),
        kind=kind,
        shape=shape,
        x=x,
        y=y,
        width=w,
        height=h,
        rotation=rotation,
        gid=gid,
        visible=elem.get("visible", "1") != "0",
        points=points,
        properties=props,
        layer=layer_name,
        cell=cell,
        cells=tuple(cells),
    )


def _walk_layers(
    parent: ET.Element,
    walk: _Walk,
    group_path: tuple[str, ...],
    parent_visible: bool,
    parent_opacity: float,
    parent_offset: tuple[float, float],
) -> None:
    ctx = walk.ctx
    for elem in parent:
        if elem.tag not in ("layer", "objectgroup", "imagelayer", "group"):
            continue
        name = elem.get("name", "")
        where = f"layer {name!r}"
        visible = elem.get("visible", "1") != "0"
        opacity = attr_float(elem, "opacity", ctx, where, 1.0)
        offset = (attr_float(elem, "offsetx", ctx, where), attr_float(elem, "offsety", ctx, where))
        eff_visible = parent_visible and visible
        eff_opacity = parent_opacity * opacity
        eff_offset = (parent_offset[0] + offset[0], parent_offset[1] + offset[1])
        common: dict[str, Any] = dict(
            id=attr_int(elem, "id", ctx, where, 0),
            name=name,
            visible=visible,
            opacity=opacity,
            offset=offset,
            group_path=group_path,
            effective_visible=eff_visible,
            effective_opacity=eff_opacity,
            effective_offset=eff_offset,
            properties=custom_properties(elem, ctx, where),
            tint=elem.get("tintcolor"),
        )
        if elem.tag == "layer":
            w = attr_int(elem, "width", ctx, where, walk.width)
            h = attr_int(elem, "height", ctx, where, walk.height)
            if (w, h) != (walk.width, walk.height):
                raise ctx.error(where, f"layer is {w} x {h}, map is {walk.width} x {walk.height}")
            gids = _tile_data(elem, walk, where, w, h)
            walk.layers.append(Layer(kind="tile", width=w, height=h, gids=gids, **common))
        elif elem.tag == "objectgroup":
            objects = tuple(_object(o, walk, name) for o in elem.findall("object"))
            walk.layers.append(Layer(kind="object", objects=objects, **common))
        elif elem.tag == "imagelayer":
            image_path = None
            image = elem.find("image")
            if image is not None and image.get("source"):
                src = image.get("source", "")
                image_path = existing_file((walk.map_dir / src).resolve(), ctx, where, "image", src)
            repeat = (elem.get("repeatx") == "1", elem.get("repeaty") == "1")
            walk.layers.append(Layer(kind="image", image=image_path, repeat=repeat, **common))
        else:
            walk.layers.append(Layer(kind="group", **common))
            _walk_layers(elem, walk, (*group_path, name), eff_visible, eff_opacity, eff_offset)


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


def _pytmx_check(root: ET.Element, path: Path, ctx: Ctx) -> dict[str, PropertyValue]:
    """Parse our already-checked XML with pytmx (no images); return its map properties.

    Layer offsets are removed from the copy pytmx sees: pytmx 3.32 reads them with
    int() and fails on the fractional offsets Tiled may write (we read them ourselves).
    """
    pytmx = pytmx_module()
    clean = copy.deepcopy(root)
    for elem in clean.iter():
        if elem.tag in ("layer", "objectgroup", "imagelayer", "group"):
            elem.attrib.pop("offsetx", None)
            elem.attrib.pop("offsety", None)
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
    map_dir = path.resolve().parent

    tilesets = tuple(_tileset(t, map_dir, ctx) for t in root.findall("tileset"))

    def cell_of(px: float, py: float) -> Cell:
        if hexgrid is not None:
            return hexgrid.pick(px, py)
        return (int(px // tw), int(py // th))

    def cell_centre(cell: Cell) -> tuple[float, float]:
        if hexgrid is not None:
            return hexgrid.centre(cell)
        return ((cell[0] + 0.5) * tw, (cell[1] + 0.5) * th)

    walk = _Walk(ctx, map_dir, width, height, cell_of, cell_centre, tilesets)
    _walk_layers(root, walk, (), True, 1.0, (0.0, 0.0))
    properties = custom_properties(root, ctx, "map")
    # pytmx must be able to read what we accept (the UI's tools build on it).
    pytmx_props = _pytmx_check(root, path, ctx)
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
        layers=tuple(walk.layers),
        tilesets=tilesets,
        terrain_ids=(),
        terrain=(),
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
