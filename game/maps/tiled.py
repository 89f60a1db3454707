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
import logging
import math
import re
import sys
import xml.etree.ElementTree as ET
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any, Literal

from game.core.errors import DataError, MapError
from game.maps.hexgrid import HexGrid
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

TERRAIN_LAYER = "terrain"
TERRAIN_PROPERTY = "terrain"

#: pytmx image loader protocol: ``loader(filename, colorkey, **kw)`` returns
#: ``load(rect=None, flags=None) -> image``.
ImageLoader = Callable[..., Callable[..., Any]]

_DANGEROUS = re.compile(rb"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)
_SUPPORTED_ORIENTATIONS = ("orthogonal", "hexagonal")
MAX_FILE_BYTES = 20_000_000
MAX_TILES = 65_536


def _pytmx() -> ModuleType:
    """Import pytmx without letting it import pygame.

    pytmx imports pygame (for type hints and its pygame helpers) when it can. Pure
    code must not pull pygame in, so while importing pytmx for the first time we make
    ``import pygame`` fail; pytmx is written to cope with that. When pygame is
    already loaded (the UI runs), nothing is blocked.
    """
    if "pytmx" in sys.modules:
        return sys.modules["pytmx"]
    blocked = "pygame" not in sys.modules
    helper_log = logging.getLogger("pytmx.util_pygame")
    was_disabled = helper_log.disabled
    if blocked:
        sys.modules["pygame"] = None  # type: ignore[assignment]
        helper_log.disabled = True  # it logs "cannot import pygame" when blocked
    try:
        import pytmx
    finally:
        if blocked and "pygame" in sys.modules and sys.modules["pygame"] is None:
            del sys.modules["pygame"]
        helper_log.disabled = was_disabled
    module: ModuleType = pytmx
    return module


# -- small readers -------------------------------------------------------------------------


class _Ctx:
    """Where we are, for error messages."""

    def __init__(self, path: Path, label: str | None = None) -> None:
        self.path = path
        self.label = label if label is not None else str(path)

    def error(self, where: str, message: str) -> MapError:
        return MapError(
            f"{self.label}: {where}: {message}" if where else f"{self.label}: {message}"
        )


def _read_xml(path: Path, ctx: _Ctx, what: str) -> ET.Element:
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise ctx.error("", f"{what} not found") from None
    except OSError as exc:
        raise ctx.error("", f"cannot read {what} ({exc.strerror})") from None
    if len(raw) > MAX_FILE_BYTES:
        raise ctx.error("", f"{what} is larger than {MAX_FILE_BYTES // 1_000_000} MB")
    if _DANGEROUS.search(raw):
        raise ctx.error(
            "", "DOCTYPE/ENTITY declarations are not allowed in Tiled files (refused unread)"
        )
    try:
        return ET.fromstring(raw)
    except ET.ParseError as exc:
        line, col = exc.position
        reason = str(exc).split(":")[0]
        raise ctx.error(f"line {line}, column {col + 1}", f"malformed XML ({reason})") from None
    except (LookupError, ValueError) as exc:  # e.g. an unknown encoding declaration
        raise ctx.error("", f"malformed XML ({exc})") from None


def _int(elem: ET.Element, name: str, ctx: _Ctx, where: str, default: int | None = None) -> int:
    text = elem.get(name)
    if text is None:
        if default is None:
            raise ctx.error(where, f"attribute {name!r} is missing")
        return default
    try:
        return int(text)
    except ValueError:
        raise ctx.error(where, f"attribute {name}={text!r} is not a whole number") from None


def _float(elem: ET.Element, name: str, ctx: _Ctx, where: str, default: float = 0.0) -> float:
    text = elem.get(name)
    if text is None:
        return default
    try:
        value = float(text)
    except ValueError:
        raise ctx.error(where, f"attribute {name}={text!r} is not a number") from None
    if not math.isfinite(value):
        raise ctx.error(where, f"attribute {name}={text!r} is not a finite number")
    return value


def _properties(elem: ET.Element, ctx: _Ctx, where: str) -> dict[str, PropertyValue]:
    """Custom properties of an element, typed by pytmx's property parser."""
    for prop in elem.findall("properties/property"):
        if prop.get("type") == "class":
            raise ctx.error(
                where, f"property {prop.get('name')!r}: class-typed properties are not supported"
            )
    try:
        parsed = _pytmx().parse_properties(elem)
    except (ValueError, TypeError, KeyError) as exc:
        raise ctx.error(where, f"bad custom property ({exc})") from None
    out: dict[str, PropertyValue] = {}
    for key, value in parsed.items():
        if value is None:  # pytmx turns an empty string value into None
            value = ""
        out[str(key)] = value if isinstance(value, str | int | float | bool) else str(value)
    return out


def _check_file(path: Path, ctx: _Ctx, where: str, what: str, source: str) -> Path:
    if not path.is_file():
        raise ctx.error(where, f"{what} {source!r} not found (looked for {path})")
    return path


# -- tilesets ----------------------------------------------------------------------------


def _tileset(elem: ET.Element, map_dir: Path, ctx: _Ctx) -> Tileset:
    firstgid = _int(elem, "firstgid", ctx, "tileset")
    source = elem.get("source")
    tsx_path: Path | None = None
    tctx = ctx
    if source:
        if not source.lower().endswith(".tsx"):
            raise ctx.error(f"tileset {source!r}", "only .tsx tileset files are supported")
        tsx_path = _check_file(
            (map_dir / source).resolve(), ctx, f"tileset {source!r}", "tileset file", source
        )
        tctx = _Ctx(tsx_path, f"{ctx.label}: tileset {tsx_path}")
        elem = _read_xml(tsx_path, tctx, "tileset file")
        if elem.tag != "tileset":
            raise tctx.error("", f"expected a <tileset> document, found <{elem.tag}>")
    base = tsx_path.parent if tsx_path else map_dir
    name = elem.get("name", "")
    where = f"tileset {name!r}"
    tw = _int(elem, "tilewidth", tctx, where)
    th = _int(elem, "tileheight", tctx, where)
    image_path: Path | None = None
    image_w = image_h = 0
    trans = None
    image = elem.find("image")
    if image is not None:
        src = image.get("source")
        if not src:
            raise tctx.error(where, "embedded image data is not supported; use an image file")
        image_path = _check_file((base / src).resolve(), tctx, where, "image", src)
        image_w = _int(image, "width", tctx, where, 0)
        image_h = _int(image, "height", tctx, where, 0)
        trans = image.get("trans")
        if not (0 <= image_w <= 65_536 and 0 <= image_h <= 65_536) or (
            tw > 0 and th > 0 and (image_w // tw) * (image_h // th) > MAX_TILES
        ):
            raise tctx.error(where, f"image size {image_w} x {image_h} is unusable")
    offset_elem = elem.find("tileoffset")
    offset = (0, 0)
    if offset_elem is not None:
        offset = (
            _int(offset_elem, "x", tctx, where, 0),
            _int(offset_elem, "y", tctx, where, 0),
        )
    tile_images: dict[int, Path] = {}
    tile_props: dict[int, Properties] = {}
    tile_types: dict[int, str] = {}
    max_local = -1
    for tile in elem.findall("tile"):
        local = _int(tile, "id", tctx, where)
        max_local = max(max_local, local)
        twhere = f"{where}: tile {local}"
        props = _properties(tile, tctx, twhere)
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
            tile_images[local] = _check_file((base / src).resolve(), tctx, twhere, "image", src)
    count = _int(elem, "tilecount", tctx, where, max_local + 1)
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
        columns=_int(elem, "columns", tctx, where, 0),
        spacing=_int(elem, "spacing", tctx, where, 0),
        margin=_int(elem, "margin", tctx, where, 0),
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

    ctx: _Ctx
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
        gids = _pytmx().pytmx.unpack_gids(text, encoding, compression)
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


def _check_inflated_size(text: str, compression: str, expected: int, ctx: _Ctx, where: str) -> None:
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
    oid = _int(elem, "id", ctx, f"layer {layer_name!r}: object", 0)
    where = f"layer {layer_name!r}: object {oid}"
    if elem.get("template"):
        raise ctx.error(where, "object templates are not supported; detach the template in Tiled")
    x = _float(elem, "x", ctx, where)
    y = _float(elem, "y", ctx, where)
    w = _float(elem, "width", ctx, where)
    h = _float(elem, "height", ctx, where)
    rotation = _float(elem, "rotation", ctx, where)
    gid = _int(elem, "gid", ctx, where, 0)
    props = _properties(elem, ctx, where)
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
        opacity = _float(elem, "opacity", ctx, where, 1.0)
        offset = (_float(elem, "offsetx", ctx, where), _float(elem, "offsety", ctx, where))
        eff_visible = parent_visible and visible
        eff_opacity = parent_opacity * opacity
        eff_offset = (parent_offset[0] + offset[0], parent_offset[1] + offset[1])
        common: dict[str, Any] = dict(
            id=_int(elem, "id", ctx, where, 0),
            name=name,
            visible=visible,
            opacity=opacity,
            offset=offset,
            group_path=group_path,
            effective_visible=eff_visible,
            effective_opacity=eff_opacity,
            effective_offset=eff_offset,
            properties=_properties(elem, ctx, where),
            tint=elem.get("tintcolor"),
        )
        if elem.tag == "layer":
            w = _int(elem, "width", ctx, where, walk.width)
            h = _int(elem, "height", ctx, where, walk.height)
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
                image_path = _check_file((walk.map_dir / src).resolve(), ctx, where, "image", src)
            repeat = (elem.get("repeatx") == "1", elem.get("repeaty") == "1")
            walk.layers.append(Layer(kind="image", image=image_path, repeat=repeat, **common))
        else:
            walk.layers.append(Layer(kind="group", **common))
            _walk_layers(elem, walk, (*group_path, name), eff_visible, eff_opacity, eff_offset)


# -- the map -----------------------------------------------------------------------------


def _grid(root: ET.Element, ctx: _Ctx) -> tuple[int, int, int, int, HexGrid | None]:
    orientation = root.get("orientation", "orthogonal")
    if orientation not in _SUPPORTED_ORIENTATIONS:
        raise ctx.error(
            "map", f"orientation {orientation!r} is not supported (use orthogonal or hexagonal)"
        )
    if root.get("infinite", "0") != "0":
        raise ctx.error("map", "infinite maps are not supported; untick 'Infinite' in Tiled")
    width = _int(root, "width", ctx, "map")
    height = _int(root, "height", ctx, "map")
    tw = _int(root, "tilewidth", ctx, "map")
    th = _int(root, "tileheight", ctx, "map")
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
    side = _int(root, "hexsidelength", ctx, "map", 0)
    if side < 0 or side > (tw if axis == "x" else th):
        raise ctx.error("map", f"hexsidelength {side} does not fit a {tw} x {th} tile")
    return width, height, tw, th, HexGrid(axis, index, tw, th, side)  # type: ignore[arg-type]


def _pytmx_check(root: ET.Element, path: Path, ctx: _Ctx) -> dict[str, PropertyValue]:
    """Parse our already-checked XML with pytmx (no images); return its map properties.

    Layer offsets are removed from the copy pytmx sees: pytmx 3.32 reads them with
    int() and fails on the fractional offsets Tiled may write (we read them ourselves).
    """
    pytmx = _pytmx()
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
    ctx = _Ctx(path)
    root = _read_xml(path, ctx, "map file")
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
    properties = _properties(root, ctx, "map")
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
    ctx: _Ctx,
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


# -- images (UI) -------------------------------------------------------------------------


@dataclass(frozen=True)
class MapImages:
    """Images of a map, as made by the UI's image loader.

    ``tiles``: flag-free gid -> untransformed tile image (apply :class:`TileFlags`
    yourself; pytmx's loaders do not know the hex rotation). ``layers``: image-layer
    id -> image.
    """

    tiles: dict[int, Any]
    layers: dict[int, Any]

    def tile(self, gid: int) -> Any | None:
        """The untransformed image for a gid (flags ignored), or None."""
        return self.tiles.get(decode_gid(gid)[0])


def load_images(game_map: GameMap, image_loader: ImageLoader) -> MapImages:
    """Load every tile and image-layer picture with a pytmx-style loader.

    ``image_loader(filename, colorkey, **kwargs)`` must return ``load(rect=None,
    flags=None)``; pass ``pytmx.util_pygame.pygame_image_loader`` from the UI (it
    needs a display mode set). Loader errors become MapError naming the image.
    """
    tiles: dict[int, Any] = {}
    layers: dict[int, Any] = {}
    current = ""
    try:
        for ts in game_map.tilesets:
            if ts.image is not None:
                current = str(ts.image)
                load = image_loader(current, ts.transparent_color, tileset=ts)
                cols = ts.columns or max(1, (ts.image_width - 2 * ts.margin) // ts.tile_width)
                for local in range(ts.tile_count):
                    if local // cols * (ts.tile_height + ts.spacing) >= ts.image_height > 0:
                        break
                    tiles[ts.firstgid + local] = load(ts.tile_rect(local), None)
            for local, img_path in ts.tile_images.items():
                current = str(img_path)
                tiles[ts.firstgid + local] = image_loader(current, ts.transparent_color)()
        for layer in game_map.layers:
            if layer.kind == "image" and layer.image is not None:
                current = str(layer.image)
                layers[layer.id] = image_loader(current, None)()
    except Exception as exc:  # the loader is the UI's; report, don't crash
        raise MapError(f"{game_map.path}: image {current}: cannot load ({exc})") from None
    return MapImages(tiles, layers)
