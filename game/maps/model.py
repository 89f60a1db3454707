"""The map model: what a loaded Tiled map means to the rules and the renderer.

Everything here is plain, immutable data built by :mod:`game.maps.tiled` (the only
module that reads Tiled files). Units: cells are ``(x, y)`` = Tiled's tile column and
row, 0-based; pixels are map pixels at zoom 100% with the origin at the map's top-left.

Layer order is Tiled's document order (bottom to top, group children in place), which
is the drawing order. Tile gids keep Tiled's flag bits; :func:`decode_gid` splits them.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, get_args

from game.maps.hexgrid import HexGrid
from game.maps.terrain import TerrainClass

Cell = tuple[int, int]
PropertyValue = str | int | float | bool
Properties = Mapping[str, PropertyValue]

#: Tiled's ``objectalignment`` values; "unspecified" means bottom-left for orthogonal
#: and hexagonal maps (Tiled uses bottom-centre only for isometric ones).
ObjectAlignment = Literal[
    "unspecified",
    "topleft",
    "top",
    "topright",
    "left",
    "center",
    "right",
    "bottomleft",
    "bottom",
    "bottomright",
]
OBJECT_ALIGNMENTS: tuple[ObjectAlignment, ...] = get_args(ObjectAlignment)
#: Where a tile object's x/y lies on its (unrotated) box for each alignment, as
#: fractions of (width, height) from the top-left corner.
ANCHORS: Mapping[ObjectAlignment, tuple[float, float]] = {
    "unspecified": (0.0, 1.0),
    "topleft": (0.0, 0.0),
    "top": (0.5, 0.0),
    "topright": (1.0, 0.0),
    "left": (0.0, 0.5),
    "center": (0.5, 0.5),
    "right": (1.0, 0.5),
    "bottomleft": (0.0, 1.0),
    "bottom": (0.5, 1.0),
    "bottomright": (1.0, 1.0),
}

# Tiled's gid flag bits (TMX format, "Tile Flipping"). The 0x10000000 bit rotates a
# tile by 120 degrees on hexagonal maps; pytmx 3.32 does not know it.
FLIP_HORIZONTAL = 0x80000000
FLIP_VERTICAL = 0x40000000
FLIP_DIAGONAL = 0x20000000
ROTATE_HEX_120 = 0x10000000
ALL_FLAGS = FLIP_HORIZONTAL | FLIP_VERTICAL | FLIP_DIAGONAL | ROTATE_HEX_120


@dataclass(frozen=True, slots=True)
class TileFlags:
    """How Tiled transforms one placed tile (as Tiled's own renderer draws it).

    Orthogonal maps: diagonal flip (swap the image's x and y axes) first, then the
    horizontal flip, then the vertical flip.

    Hexagonal maps: the diagonal bit means "rotate 60 degrees" and ``rotate_hex_120``
    "rotate 120 degrees" (both clockwise, added up: see :attr:`hex_rotation`). Tiled
    mirrors the image (horizontal/vertical flips) and then rotates it by that angle
    about the tile centre.
    """

    flip_horizontal: bool = False
    flip_vertical: bool = False
    flip_diagonal: bool = False
    rotate_hex_120: bool = False

    @property
    def any(self) -> bool:
        """True when the tile is transformed at all."""
        return (
            self.flip_horizontal or self.flip_vertical or self.flip_diagonal or self.rotate_hex_120
        )

    @property
    def hex_rotation(self) -> int:
        """Clockwise rotation in degrees on hexagonal maps (0, 60, 120 or 180)."""
        return (60 if self.flip_diagonal else 0) + (120 if self.rotate_hex_120 else 0)


NO_FLAGS = TileFlags()


def decode_gid(raw: int) -> tuple[int, TileFlags]:
    """Split a raw 32-bit Tiled gid into (gid without flags, flags); 0 means no tile."""
    gid = raw & ~ALL_FLAGS & 0xFFFFFFFF
    if raw == gid:
        return gid, NO_FLAGS
    return gid, TileFlags(
        bool(raw & FLIP_HORIZONTAL),
        bool(raw & FLIP_VERTICAL),
        bool(raw & FLIP_DIAGONAL),
        bool(raw & ROTATE_HEX_120),
    )


@dataclass(frozen=True, slots=True)
class Tileset:
    """One tileset as the renderer needs it.

    ``image`` is the tileset's single image (absolute path) or None for an image
    collection, whose per-tile images are in ``tile_images`` (local id -> path).
    ``tile_offset`` is Tiled's drawing offset in pixels (numbers, not strings).
    Local tile ``i`` covers gid ``firstgid + i``. ``columns`` is how many tiles one
    row of ``image`` holds (0 for an image collection or an image narrower than a
    tile). ``object_alignment`` is the tileset's ``objectalignment``: which point of
    a tile object its x/y names ("unspecified" = bottom-left on our orientations).
    """

    name: str
    firstgid: int
    tile_width: int
    tile_height: int
    tile_count: int
    columns: int
    spacing: int
    margin: int
    image: Path | None
    image_width: int
    image_height: int
    transparent_color: str | None
    tile_offset: tuple[int, int]
    source: Path | None  # the .tsx file, None when embedded in the map
    tile_images: Mapping[int, Path] = field(default_factory=dict)
    tile_properties: Mapping[int, Properties] = field(default_factory=dict)
    tile_types: Mapping[int, str] = field(default_factory=dict)
    object_alignment: ObjectAlignment = "unspecified"

    @property
    def anchor(self) -> tuple[float, float]:
        """The point of a tile object's box that its x/y name in the file (and that
        Tiled rotates it about), as fractions of (width, height) from the top-left."""
        return ANCHORS[self.object_alignment]

    def contains(self, gid: int) -> bool:
        """True if the flag-free ``gid`` belongs to this tileset."""
        return self.firstgid <= gid < self.firstgid + self.tile_count

    def tile_rect(self, local_id: int) -> tuple[int, int, int, int]:
        """Source rectangle (x, y, w, h) of a local tile in ``image``.

        Raises ValueError when the tileset has no image columns (``columns`` 0).
        """
        if self.columns <= 0:
            raise ValueError(f"tileset {self.name!r} has no image columns to cut tiles from")
        col, row = local_id % self.columns, local_id // self.columns
        return (
            self.margin + col * (self.tile_width + self.spacing),
            self.margin + row * (self.tile_height + self.spacing),
            self.tile_width,
            self.tile_height,
        )


LayerKind = Literal["tile", "object", "image", "group"]
DrawOrder = Literal["topdown", "index"]
RenderOrder = Literal["right-down", "right-up", "left-down", "left-up"]


@dataclass(frozen=True, slots=True)
class MapObject:
    """One object of an object layer.

    ``kind`` is Tiled's object type/class (entrance, booby_trap, deployment, ...; ""
    when unset). ``x, y, width, height`` are the bounding box in map pixels with
    (x, y) its top-left corner, before ``rotation`` (Tiled places a tile object by
    the point its tileset's ``objectalignment`` names, bottom-left by default; that is
    converted here, and Tiled rotates the object about that point). ``cell`` is the
    cell under the object's centre; ``cells`` every cell whose centre lies inside a
    rectangle/ellipse/polygon (or just ``cell`` for points and tiles). ``gid`` keeps
    the flag bits (tile objects only). ``origin`` is the point Tiled rotates the
    object about (its x/y in the file: the top-left corner of rectangles and ellipses,
    the first reference point of polygons and polylines, the alignment anchor of tile
    objects); :func:`game.maps.tiled.object_outline` gives the rotated shape.
    """

    id: int
    name: str
    kind: str
    shape: Literal["rectangle", "ellipse", "point", "polygon", "polyline", "tile", "text"]
    x: float
    y: float
    width: float
    height: float
    rotation: float
    gid: int
    visible: bool
    points: tuple[tuple[float, float], ...]
    properties: Properties
    layer: str
    cell: Cell
    cells: tuple[Cell, ...]
    origin: tuple[float, float] = (0.0, 0.0)

    @property
    def centre(self) -> tuple[float, float]:
        """Pixel centre of the bounding box (the point itself for point objects)."""
        return (self.x + self.width / 2, self.y + self.height / 2)


@dataclass(frozen=True, slots=True)
class Layer:
    """One layer in document (= drawing) order.

    ``visible``, ``opacity`` and ``offset`` are the layer's own values; the
    ``effective_*`` ones include its enclosing groups (what Tiled draws).
    ``group_path`` names the enclosing groups, outermost first.
    Tile layers have ``gids`` (row-major, ``width * height``, raw with flag bits);
    image layers have ``image``; object layers have ``objects`` (in file order) and
    ``draw_order``: "topdown" (Tiled's default: drawn sorted by their y) or "index"
    (drawn in file order).
    """

    id: int
    name: str
    kind: LayerKind
    visible: bool
    opacity: float
    offset: tuple[float, float]
    group_path: tuple[str, ...]
    effective_visible: bool
    effective_opacity: float
    effective_offset: tuple[float, float]
    properties: Properties
    width: int = 0
    height: int = 0
    gids: tuple[int, ...] = ()
    image: Path | None = None
    repeat: tuple[bool, bool] = (False, False)
    tint: str | None = None
    objects: tuple[MapObject, ...] = ()
    draw_order: DrawOrder = "topdown"

    def gid_at(self, cell: Cell) -> int:
        """Raw gid (with flags) of a tile layer at ``cell``; 0 when empty."""
        x, y = cell
        return self.gids[y * self.width + x]

    def tile_at(self, cell: Cell) -> tuple[int, TileFlags]:
        """(gid without flags, flags) at ``cell``."""
        return decode_gid(self.gid_at(cell))


@dataclass(frozen=True, slots=True)
class GameMap:
    """A loaded map: grid, terrain per cell, objects, layers and tilesets.

    ``orientation`` is "orthogonal" (square cells) or "hexagonal" (``hex`` set).
    ``terrain_ids[y][x]`` is the `terrain` tile property of the `terrain` layer
    (None where no tile or no property); ``terrain[y][x]`` the resolved class when a
    terrain table was available (else None). ``render_order`` is the map's
    ``renderorder``, the order Tiled draws a tile layer's cells on orthogonal maps
    ("right-down": rows top to bottom, each left to right); hexagonal maps ignore it.
    """

    path: Path
    orientation: Literal["orthogonal", "hexagonal"]
    width: int
    height: int
    tile_width: int
    tile_height: int
    hex: HexGrid | None
    background_color: str | None
    properties: Properties
    layers: tuple[Layer, ...]
    tilesets: tuple[Tileset, ...]
    terrain_ids: tuple[tuple[str | None, ...], ...]
    terrain: tuple[tuple[TerrainClass | None, ...], ...]
    render_order: RenderOrder = "right-down"

    # -- properties ------------------------------------------------------------------
    @property
    def system(self) -> str | None:
        """The map property ``system`` (a system id) or None."""
        value = self.properties.get("system")
        return str(value) if value is not None else None

    @property
    def inches_per_tile(self) -> float:
        """Measured maps: inches per tile (map property; 1.0 when absent)."""
        return float(self.properties.get("inches_per_tile", 1.0))

    @property
    def is_hex(self) -> bool:
        """True for hexagonal maps."""
        return self.hex is not None

    @property
    def pixel_size(self) -> tuple[int, int]:
        """Size of the whole map in pixels (as Tiled computes it)."""
        if self.hex is not None:
            return self.hex.map_pixel_size(self.width, self.height)
        return (self.width * self.tile_width, self.height * self.tile_height)

    # -- cells ------------------------------------------------------------------------
    def contains(self, cell: Cell) -> bool:
        """True if ``cell`` is on the map."""
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height

    def cells(self) -> Iterator[Cell]:
        """Every cell, row by row."""
        for y in range(self.height):
            for x in range(self.width):
                yield (x, y)

    def terrain_at(self, cell: Cell) -> TerrainClass | None:
        """Resolved terrain class of ``cell`` (None when no table or no tile)."""
        return self.terrain[cell[1]][cell[0]]

    def terrain_id_at(self, cell: Cell) -> str | None:
        """Raw terrain id of ``cell`` as written in the tileset."""
        return self.terrain_ids[cell[1]][cell[0]]

    def cell_centre(self, cell: Cell) -> tuple[float, float]:
        """Pixel centre of a cell (hex centre on hex maps)."""
        if self.hex is not None:
            return self.hex.centre(cell)
        return ((cell[0] + 0.5) * self.tile_width, (cell[1] + 0.5) * self.tile_height)

    def cell_at_pixel(self, x: float, y: float) -> Cell | None:
        """The cell under a map pixel, or None when off the map."""
        if self.hex is not None:
            cell = self.hex.pick(x, y)
        else:
            cell = (int(x // self.tile_width), int(y // self.tile_height))
        return cell if self.contains(cell) else None

    # -- layers and objects ------------------------------------------------------------
    def layer(self, name: str) -> Layer | None:
        """First layer with this name in document order, or None."""
        for layer in self.layers:
            if layer.name == name:
                return layer
        return None

    @property
    def objects(self) -> tuple[MapObject, ...]:
        """All objects of all object layers, in document order."""
        return tuple(o for layer in self.layers if layer.kind == "object" for o in layer.objects)

    def objects_of_kind(self, kind: str) -> tuple[MapObject, ...]:
        """Objects whose type/class is ``kind``."""
        return tuple(o for o in self.objects if o.kind == kind)

    def tileset_for(self, gid: int) -> Tileset | None:
        """The tileset holding a gid (flags are ignored)."""
        gid, _ = decode_gid(gid)
        found = None
        for ts in self.tilesets:
            if ts.firstgid <= gid:
                found = ts
        return found if found is not None and found.contains(gid) else None

    def tile_properties(self, gid: int) -> Properties:
        """Custom properties of the tile behind a gid ({} when none)."""
        ts = self.tileset_for(gid)
        if ts is None:
            return {}
        local = decode_gid(gid)[0] - ts.firstgid
        return ts.tile_properties.get(local, {})
