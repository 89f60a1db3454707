"""What a shipped map is made of, before it is written as Tiled XML: tileset, map,
object and object-layer descriptions shared by the layout modules and the writer
(``tools/author_maps.py``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from tools.assets.tiles import (
    BOARD_COLUMNS,
    BOARD_TILE,
    BOARD_TILES,
    HEX_COLUMNS,
    HEX_TILE,
    HEX_TILES,
    TUNNEL_COLUMNS,
    TUNNEL_TILE,
    TUNNEL_TILES,
)

OBJECT_KINDS = [
    "entrance",
    "booby_trap",
    "deployment",
    "objective",
    "spawn",
    "label",
    "marker",
    "building",
]

PropValue = str | int | float | bool


@dataclass(frozen=True)
class TilesetSpec:
    """One tileset: its .tsx name, enum type, tile size, columns and (name, terrain) tiles."""

    name: str
    enum: str
    tile: tuple[int, int]
    columns: int
    tiles: list[tuple[str, str]]

    def gid(self, tile_name: str, firstgid: int = 1) -> int:
        """Global id of a named tile when the tileset starts at ``firstgid``."""
        for i, (name, _terrain) in enumerate(self.tiles):
            if name == tile_name:
                return firstgid + i
        raise KeyError(f"no tile {tile_name!r} in tileset {self.name}")

    def terrains(self) -> list[str]:
        """Terrain ids in first-use order (the enum's values)."""
        out: list[str] = []
        for _name, terrain in self.tiles:
            if terrain not in out:
                out.append(terrain)
        return out


TUNNEL = TilesetSpec("tunnel", "TunnelTerrain", TUNNEL_TILE, TUNNEL_COLUMNS, TUNNEL_TILES)
HEX = TilesetSpec("hex", "HexTerrain", HEX_TILE, HEX_COLUMNS, HEX_TILES)
BOARD = TilesetSpec("board", "BoardTerrain", BOARD_TILE, BOARD_COLUMNS, BOARD_TILES)
TILESETS = [TUNNEL, HEX, BOARD]


@dataclass
class MapObject:
    """An object to write: a rectangle over cells, or a point (``point=True``)."""

    kind: str
    name: str
    x: float  # pixels
    y: float
    width: float = 0.0
    height: float = 0.0
    point: bool = False
    props: dict[str, tuple[str, PropValue]] = field(default_factory=dict)  # name -> (type, v)


@dataclass
class ObjectLayer:
    name: str
    objects: list[MapObject]


@dataclass
class MapSpec:
    """Everything a .tmx needs."""

    path: str  # relative to repo root
    tileset: TilesetSpec
    width: int
    height: int
    gids: list[list[int]]  # [row][col]
    properties: dict[str, tuple[str, PropValue]]
    layers: list[ObjectLayer]
    hexagonal: bool = False
    background: str | None = None


Cell = tuple[int, int]
