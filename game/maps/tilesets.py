"""Reading Tiled tilesets (embedded in a map or external .tsx files); part of the one
Tiled wrapper (:mod:`game.maps.tiled`).

Besides what Tiled 1.8 writes we read older files the way Tiled does:

- ``columns`` and ``tilecount`` may be missing: they follow from the image size, the
  margin and the spacing (Tiled's ``columnCountForWidth``: ``(size - margin +
  spacing) // (tile + spacing)``, margin counted once);
- the tileset ``<image>`` may lack ``width``/``height``: the size is read from the
  PNG header (other formats need the attributes).

:func:`read_tileset` returns the :class:`~game.maps.model.Tileset` and the checked
tileset XML; :func:`pytmx_tileset_element` turns the latter into a self-contained
element (paths absolute, image size filled in) for pytmx, which otherwise re-reads
.tsx files itself and fails on a missing image size.
"""

from __future__ import annotations

import copy
import struct
import xml.etree.ElementTree as ET
from pathlib import Path

from game.maps.model import (
    OBJECT_ALIGNMENTS,
    ROTATE_HEX_120,
    Properties,
    Tileset,
)
from game.maps.tiled_xml import Ctx, attr_int, custom_properties, existing_file, read_xml
from game.resources import maps_dir

MAX_TILES = 65_536
MAX_IMAGE_SIDE = 65_536
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(path: Path) -> tuple[int, int] | None:
    """(width, height) in pixels from a PNG file's IHDR chunk, or None if the file
    does not start like a PNG. Reads 24 bytes; OSError passes through."""
    with path.open("rb") as handle:
        head = handle.read(24)
    if len(head) < 24 or head[:8] != PNG_SIGNATURE or head[12:16] != b"IHDR":
        return None
    width, height = struct.unpack(">II", head[16:24])
    return int(width), int(height)


def fit_count(size: int, tile: int, margin: int, spacing: int) -> int:
    """How many tiles of ``tile`` px fit along ``size`` px of image, as Tiled counts
    them (margin counted once, ``spacing`` px between tiles); 0 when none fit."""
    if tile <= 0:
        return 0
    return max(0, (size - margin + spacing) // (tile + spacing))


def _image_size(image: ET.Element, path: Path, ctx: Ctx, where: str) -> tuple[int, int]:
    """The tileset image's size: the XML attributes, else the PNG header."""
    width = attr_int(image, "width", ctx, where, -1)
    height = attr_int(image, "height", ctx, where, -1)
    if width >= 0 and height >= 0:
        return width, height
    try:
        size = png_size(path)
    except OSError as exc:
        raise ctx.error(where, f"cannot read image {path.name!r} ({exc.strerror})") from None
    if size is None:
        raise ctx.error(
            where,
            f"image {path.name!r} has no width/height in the file and is not a PNG; "
            "save the tileset again in Tiled",
        )
    return (width if width >= 0 else size[0], height if height >= 0 else size[1])


def shipped_fallback(map_dir: Path, source: str) -> Path:
    """The tileset file a map's ``source`` names: relative to the map's folder, or, when
    there is no such file, the shipped tileset of that file name (``maps/tilesets/``), so a
    map saved outside the program's folder still finds the tilesets it was drawn with."""
    own = (map_dir / source).resolve()
    if own.is_file():
        return own
    shipped = maps_dir() / "tilesets" / Path(source.replace("\\", "/")).name
    return shipped.resolve() if shipped.is_file() else own


def read_tileset(elem: ET.Element, map_dir: Path, ctx: Ctx) -> tuple[Tileset, ET.Element]:
    """Read one ``<tileset>`` of a map (loading its .tsx when it has a ``source``).

    Returns the tileset and its resolved XML element (the .tsx root for external
    tilesets). Refusals are MapErrors naming the tileset.
    """
    firstgid = attr_int(elem, "firstgid", ctx, "tileset")
    source = elem.get("source")
    tsx_path: Path | None = None
    tctx = ctx
    if source:
        if not source.lower().endswith(".tsx"):
            raise ctx.error(f"tileset {source!r}", "only .tsx tileset files are supported")
        tsx_path = existing_file(
            shipped_fallback(map_dir, source), ctx, f"tileset {source!r}", "tileset file", source
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
    if not 1 <= firstgid < ROTATE_HEX_120 or min(tw, th) <= 0:
        raise tctx.error(where, f"unusable firstgid {firstgid} or tile size {tw} x {th}")
    spacing = attr_int(elem, "spacing", tctx, where, 0)
    margin = attr_int(elem, "margin", tctx, where, 0)
    image_path: Path | None = None
    image_w = image_h = 0
    trans = None
    image = elem.find("image")
    if image is not None:
        src = image.get("source")
        if not src:
            raise tctx.error(where, "embedded image data is not supported; use an image file")
        image_path = existing_file((base / src).resolve(), tctx, where, "image", src)
        image_w, image_h = _image_size(image, image_path, tctx, where)
        trans = image.get("trans")
        if not (0 <= image_w <= MAX_IMAGE_SIDE and 0 <= image_h <= MAX_IMAGE_SIDE) or (
            (image_w // tw) * (image_h // th) > MAX_TILES
        ):
            raise tctx.error(where, f"image size {image_w} x {image_h} is unusable")
    offset_elem = elem.find("tileoffset")
    offset = (0, 0)
    if offset_elem is not None:
        offset = (
            attr_int(offset_elem, "x", tctx, where, 0),
            attr_int(offset_elem, "y", tctx, where, 0),
        )
    alignment = elem.get("objectalignment", "unspecified")
    if alignment not in OBJECT_ALIGNMENTS:
        raise tctx.error(
            where, f"objectalignment {alignment!r} is not one of {', '.join(OBJECT_ALIGNMENTS)}"
        )
    tile_images: dict[int, Path] = {}
    tile_props: dict[int, Properties] = {}
    tile_types: dict[int, str] = {}
    max_local = -1
    for tile in elem.findall("tile"):
        local = attr_int(tile, "id", tctx, where)
        if not 0 <= local < MAX_TILES:
            raise tctx.error(where, f"tile id {local} is not between 0 and {MAX_TILES - 1}")
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
    # Old Tiled files omit columns and tilecount: cut the image as Tiled does.
    columns = attr_int(elem, "columns", tctx, where, 0)
    if image_path is not None:
        if columns <= 0:
            columns = fit_count(image_w, tw, margin, spacing)
        default_count = columns * fit_count(image_h, th, margin, spacing)
    else:
        default_count = max_local + 1
    count = attr_int(elem, "tilecount", tctx, where, default_count)
    if not 0 <= count <= MAX_TILES:
        raise tctx.error(where, f"tilecount {count} is not between 0 and {MAX_TILES}")
    tileset = Tileset(
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
        object_alignment=alignment,
    )
    return tileset, elem


def pytmx_tileset_element(tileset: Tileset, elem: ET.Element) -> ET.Element:
    """A self-contained ``<tileset>`` for pytmx: the resolved XML with ``firstgid``,
    absolute image paths and the tileset image's size filled in."""
    out = copy.deepcopy(elem)
    out.attrib.pop("source", None)
    out.set("firstgid", str(tileset.firstgid))
    image = out.find("image")
    if image is not None and tileset.image is not None:
        image.set("source", str(tileset.image))
        image.set("width", str(tileset.image_width))
        image.set("height", str(tileset.image_height))
    for tile in out.findall("tile"):
        timg = tile.find("image")
        path = tileset.tile_images.get(int(tile.get("id", "-1")))
        if timg is not None and path is not None:
            timg.set("source", str(path))
    return out
