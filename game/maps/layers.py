"""Reading a map's layers in document order (tile data, objects, image layers,
groups); part of the one Tiled wrapper (:mod:`game.maps.tiled`).

:func:`read_layers` walks the layer tree as written (document order = drawing order,
group children in place) and returns :class:`~game.maps.model.Layer` records with
their groups' visibility, opacity and offsets applied. Layer data is decoded by
pytmx after a size-limited inflate (a small file cannot expand into gigabytes);
gids must belong to a tileset. Objects get their pixel box (top-left corner, tile
objects placed by their tileset's ``objectalignment``) and the cells they cover.
"""

from __future__ import annotations

import base64
import math
import xml.etree.ElementTree as ET
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from game.maps.model import Cell, DrawOrder, Layer, MapObject, Tileset, decode_gid
from game.maps.object_cells import covered_cells
from game.maps.tiled_xml import (
    Ctx,
    attr_float,
    attr_int,
    custom_properties,
    existing_file,
    pytmx_module,
)

#: Limits on what one map may hold, so no file can make loading (or what is drawn and
#: checked from it later) take long: points of one polygon or polyline, objects in the
#: whole map, points in the whole map, and how far (in pixels, either way) any object
#: coordinate or layer offset may lie from the map's origin.
MAX_OBJECT_POINTS = 1_000
MAX_MAP_OBJECTS = 5_000
MAX_MAP_POINTS = 50_000
MAX_COORD = 1_000_000.0


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
    objects: int = 0
    points: int = 0


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


def _object(elem: ET.Element, walk: _Walk, layer_name: str) -> MapObject:
    ctx = walk.ctx
    oid = attr_int(elem, "id", ctx, f"layer {layer_name!r}: object", 0)
    where = f"layer {layer_name!r}: object {oid}"
    if elem.get("template"):
        raise ctx.error(where, "object templates are not supported; detach the template in Tiled")
    x = _coord(elem, "x", ctx, where)
    y = _coord(elem, "y", ctx, where)
    w = _coord(elem, "width", ctx, where)
    h = _coord(elem, "height", ctx, where)
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
        # x/y name the anchor point of the tileset's objectalignment (bottom-left by
        # default); the box is unrotated here, its rotation is about that point.
        ax, ay = ts.anchor if ts is not None else (0.0, 1.0)
        x -= ax * w
        y -= ay * h
    elif elem.find("ellipse") is not None:
        shape = "ellipse"
    elif elem.find("point") is not None:
        shape = "point"
    elif elem.find("text") is not None:
        shape = "text"
    elif (poly := elem.find("polygon")) is not None or (poly := elem.find("polyline")) is not None:
        shape = "polygon" if poly.tag == "polygon" else "polyline"
        points = _points(poly, walk, where)
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
        cells = covered_cells(
            shape,
            (x, y, w, h),
            points,
            origin,
            rotation,
            (walk.width, walk.height),
            walk.cell_of,
            walk.cell_centre,
        )
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
        origin=origin,
    )


def _coord(elem: ET.Element, name: str, ctx: Ctx, where: str) -> float:
    """A finite pixel attribute no further than :data:`MAX_COORD` from the origin."""
    value = attr_float(elem, name, ctx, where)
    if abs(value) > MAX_COORD:
        raise ctx.error(
            where, f"attribute {name}={value:g} lies more than {MAX_COORD:,.0f} px from the map"
        )
    return value


def _points(poly: ET.Element, walk: _Walk, where: str) -> tuple[tuple[float, float], ...]:
    """The points of a ``<polygon>`` or ``<polyline>`` (relative to the object), counted
    against :data:`MAX_OBJECT_POINTS` and :data:`MAX_MAP_POINTS` before any is parsed;
    each must be a finite number within :data:`MAX_COORD`."""
    ctx = walk.ctx
    pairs = (poly.get("points") or "").split()
    if len(pairs) > MAX_OBJECT_POINTS:
        raise ctx.error(
            where,
            f"{poly.tag} has {len(pairs):,} points; at most {MAX_OBJECT_POINTS:,} are "
            "allowed per object (simplify the shape)",
        )
    walk.points += len(pairs)
    if walk.points > MAX_MAP_POINTS:
        raise ctx.error(where, f"the map's shapes have more than {MAX_MAP_POINTS:,} points in all")
    out: list[tuple[float, float]] = []
    for pair in pairs:
        try:
            px, py = (float(v) for v in pair.split(","))
        except ValueError:
            raise ctx.error(where, f"bad {poly.tag} point {pair[:40]!r} (expected x,y)") from None
        if not (math.isfinite(px) and math.isfinite(py)) or max(abs(px), abs(py)) > MAX_COORD:
            raise ctx.error(
                where,
                f"{poly.tag} point {pair[:40]!r} is not a finite number within {MAX_COORD:,.0f} px",
            )
        out.append((px, py))
    return tuple(out)


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
        offset = (_coord(elem, "offsetx", ctx, where), _coord(elem, "offsety", ctx, where))
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
            raw_order = elem.get("draworder", "topdown")
            if raw_order not in ("topdown", "index"):
                raise ctx.error(where, f"draworder {raw_order!r} is not topdown or index")
            draw_order: DrawOrder = "index" if raw_order == "index" else "topdown"
            found = elem.findall("object")
            walk.objects += len(found)
            if walk.objects > MAX_MAP_OBJECTS:
                raise ctx.error(where, f"the map has more than {MAX_MAP_OBJECTS:,} objects")
            objects = tuple(_object(o, walk, name) for o in found)
            walk.layers.append(
                Layer(kind="object", objects=objects, draw_order=draw_order, **common)
            )
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


def read_layers(
    root: ET.Element,
    ctx: Ctx,
    map_dir: Path,
    size: tuple[int, int],
    cell_of: Callable[[float, float], Cell],
    cell_centre: Callable[[Cell], tuple[float, float]],
    tilesets: tuple[Tileset, ...],
) -> tuple[Layer, ...]:
    """Every layer of the ``<map>`` element ``root`` in document order.

    ``size`` is the map in cells; ``cell_of`` maps a pixel to its cell and
    ``cell_centre`` a cell to its centre pixel (orthogonal or hexagonal).
    """
    walk = _Walk(ctx, map_dir, size[0], size[1], cell_of, cell_centre, tilesets)
    _walk_layers(root, walk, (), True, 1.0, (0.0, 0.0))
    return tuple(walk.layers)
