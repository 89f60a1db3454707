"""Write the shipped Tiled files: tilesets, the Tiled project and every shipped map.

Usage: ``python tools/author_maps.py [--out ROOT]`` (ROOT defaults to the repository root).

This script made the first version of each file; the committed ``.tmx``/``.tsx`` files are
the source a map maker edits in Tiled afterwards (running this again overwrites such edits,
so only run it to start over). Output imitates what Tiled 1.8 writes: CSV layer data,
external tilesets with relative paths, properties sorted by name, objects with ``type``.

Tunnel complexes are carved out of solid earth by a few commands (galleries, rooms,
crawlways, single special tiles); '65 maps are drawn as letter grids (one letter a hex)
with roads given as hex paths; the 8x8 board is a chequerboard.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import quoteattr

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from tools.assets.tiles import (  # noqa: E402
    BOARD_COLUMNS,
    BOARD_TILE,
    BOARD_TILES,
    HEX_COLUMNS,
    HEX_SIDE,
    HEX_TILE,
    HEX_TILES,
    TUNNEL_COLUMNS,
    TUNNEL_TILE,
    TUNNEL_TILES,
    sheet_size,
)

TILED_VERSION = "1.8.2"
FORMAT_VERSION = "1.8"
OBJECT_KINDS = ["entrance", "booby_trap", "deployment", "objective", "spawn", "label", "marker"]

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


# ---- XML writing ------------------------------------------------------------------------
def _value(kind: str, value: PropValue) -> str:
    if kind == "bool":
        return "true" if value else "false"
    if kind == "float":
        text = repr(float(value))
        return text[:-2] if text.endswith(".0") else text
    return str(value)


def _properties_xml(
    props: dict[str, tuple[str, PropValue]], indent: str, enums: dict[str, str] | None = None
) -> list[str]:
    if not props:
        return []
    lines = [f"{indent}<properties>"]
    for name in sorted(props):
        kind, value = props[name]
        attrs = f"name={quoteattr(name)}"
        if kind != "string":
            attrs += f' type="{kind}"'
        if enums and name in enums:
            attrs += f" propertytype={quoteattr(enums[name])}"
        attrs += f" value={quoteattr(_value(kind, value))}"
        lines.append(f"{indent} <property {attrs}/>")
    lines.append(f"{indent}</properties>")
    return lines


def tileset_xml(ts: TilesetSpec) -> str:
    """The .tsx text of a tileset (image path relative to maps/tilesets/)."""
    w, h = sheet_size(len(ts.tiles), ts.columns, ts.tile)
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<tileset version="{FORMAT_VERSION}" tiledversion="{TILED_VERSION}" name="{ts.name}" '
        f'tilewidth="{ts.tile[0]}" tileheight="{ts.tile[1]}" tilecount="{len(ts.tiles)}" '
        f'columns="{ts.columns}">',
        f' <image source="../../sprites/tiles/{ts.name}.png" width="{w}" height="{h}"/>',
    ]
    for i, (_name, terrain) in enumerate(ts.tiles):
        lines.append(f' <tile id="{i}">')
        lines += _properties_xml({"terrain": ("string", terrain)}, "  ", enums={"terrain": ts.enum})
        lines.append(" </tile>")
    lines.append("</tileset>")
    return "\n".join(lines) + "\n"


def project_json() -> str:
    """maps/skirmish.tiled-project: the enums map makers pick terrain and kinds from."""
    types = [
        {
            "id": i + 1,
            "name": ts.enum,
            "storageType": "string",
            "type": "enum",
            "values": ts.terrains(),
            "valuesAsFlags": False,
        }
        for i, ts in enumerate(TILESETS)
    ]
    types.append(
        {
            "id": len(TILESETS) + 1,
            "name": "ObjectKind",
            "storageType": "string",
            "type": "enum",
            "values": OBJECT_KINDS,
            "valuesAsFlags": False,
        }
    )
    project = {
        "automappingRulesFile": "",
        "commands": [],
        "extensionsPath": "extensions",
        "folders": ["."],
        "objectTypesFile": "objecttypes.xml",
        "propertyTypes": types,
    }
    return json.dumps(project, indent=4) + "\n"


# Object types with their properties and defaults: Tiled 1.8 offers these in the object's
# Type box and shows the properties (greyed until changed). Tiled does not write a default
# it inherits into the .tmx, so the game treats a missing property as this default.
OBJECT_TYPES: list[tuple[str, str, list[tuple[str, str, str]]]] = [
    ("entrance", "#e0a030", [("hidden", "bool", "false"), ("leads_to", "file", "")]),
    ("booby_trap", "#d02020", [("hidden", "bool", "false")]),
    ("deployment", "#3080ff", [("side", "string", "")]),
    ("objective", "#ffd700", [("objective", "string", "")]),
    ("spawn", "#a040c0", [("side", "string", "defenders")]),
    ("label", "#ffffff", []),
    ("marker", "#808080", [("marker", "string", "")]),
]


def object_types_xml() -> str:
    """maps/objecttypes.xml (Tiled 1.8 object types, referenced by the project)."""
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', "<objecttypes>"]
    for name, colour, props in OBJECT_TYPES:
        if not props:
            lines.append(f' <objecttype name="{name}" color="{colour}"/>')
            continue
        lines.append(f' <objecttype name="{name}" color="{colour}">')
        for pname, ptype, default in props:
            lines.append(f'  <property name="{pname}" type="{ptype}" default="{default}"/>')
        lines.append(" </objecttype>")
    lines.append("</objecttypes>")
    return "\n".join(lines) + "\n"


def map_xml(spec: MapSpec) -> str:
    """The .tmx text of a map."""
    ts = spec.tileset
    n_layers = 1 + len(spec.layers)
    n_objects = sum(len(layer.objects) for layer in spec.layers)
    attrs = (
        f'version="{FORMAT_VERSION}" tiledversion="{TILED_VERSION}" '
        f'orientation="{"hexagonal" if spec.hexagonal else "orthogonal"}" renderorder="right-down" '
        f'width="{spec.width}" height="{spec.height}" '
        f'tilewidth="{ts.tile[0]}" tileheight="{ts.tile[1]}" infinite="0"'
    )
    if spec.hexagonal:
        attrs += f' hexsidelength="{HEX_SIDE}" staggeraxis="x" staggerindex="odd"'
    if spec.background:
        attrs += f' backgroundcolor="{spec.background}"'
    attrs += f' nextlayerid="{n_layers + 1}" nextobjectid="{n_objects + 1}"'
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', f"<map {attrs}>"]
    lines += _properties_xml(spec.properties, " ")
    lines.append(f' <tileset firstgid="1" source="../tilesets/{ts.name}.tsx"/>')
    lines.append(f' <layer id="1" name="terrain" width="{spec.width}" height="{spec.height}">')
    lines.append('  <data encoding="csv">')
    rows = [",".join(str(g) for g in row) for row in spec.gids]
    lines.append(",\n".join(rows))
    lines.append("</data>")
    lines.append(" </layer>")
    object_id = 1
    for layer_id, layer in enumerate(spec.layers, start=2):
        if not layer.objects:
            lines.append(f' <objectgroup id="{layer_id}" name="{layer.name}"/>')
            continue
        lines.append(f' <objectgroup id="{layer_id}" name="{layer.name}">')
        for obj in layer.objects:
            a = f'id="{object_id}" name={quoteattr(obj.name)} type="{obj.kind}" '
            a += f'x="{_num(obj.x)}" y="{_num(obj.y)}"'
            if not obj.point:
                a += f' width="{_num(obj.width)}" height="{_num(obj.height)}"'
            object_id += 1
            if not obj.props and not obj.point:
                lines.append(f"  <object {a}/>")
                continue
            lines.append(f"  <object {a}>")
            lines += _properties_xml(obj.props, "   ")
            if obj.point:
                lines.append("   <point/>")
            lines.append("  </object>")
        lines.append(" </objectgroup>")
    lines.append("</map>")
    return "\n".join(lines) + "\n"


def _num(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:g}"


# ---- Tunnel Rats complexes ----------------------------------------------------------------
TUNNEL_PX = TUNNEL.tile[0]
Cell = tuple[int, int]


class Carver:
    """Digs a tunnel complex out of solid earth, one tile = one inch."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.tiles = [["earth_wall"] * width for _ in range(height)]
        self.objects: dict[str, list[MapObject]] = {"zones": [], "objects": [], "labels": []}

    def put(self, x: int, y: int, tile: str) -> None:
        """Set one tile (must stay inside the outer wall)."""
        if not (0 < x < self.width - 1 and 0 < y < self.height - 1):
            raise ValueError(f"({x}, {y}) is outside the dig area")
        self.tiles[y][x] = tile

    def gallery(self, *points: Cell, tile: str = "tunnel") -> None:
        """Dig straight runs through the points (each step horizontal or vertical)."""
        for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
            if x0 != x1 and y0 != y1:
                raise ValueError(f"gallery step ({x0},{y0})->({x1},{y1}) is not straight")
            for x in range(min(x0, x1), max(x0, x1) + 1):
                for y in range(min(y0, y1), max(y0, y1) + 1):
                    here = "crawlway_v" if tile == "crawlway" and x0 == x1 else tile
                    if tile != "tunnel" or self.tiles[y][x] == "earth_wall":
                        self.put(x, y, here)  # special floors overwrite, plain tunnel digs

    def room(self, x: int, y: int, w: int, h: int, label: str, tile: str = "chamber") -> None:
        """Dig a w x h room with its top-left tile at (x, y) and label it."""
        for yy in range(y, y + h):
            for xx in range(x, x + w):
                self.put(xx, yy, tile)
        self.label(label, x + w / 2, y + h / 2)

    def label(self, text: str, cx: float, cy: float) -> None:
        """A label point at tile coordinates (cx, cy) (fractions allowed)."""
        self.objects["labels"].append(
            MapObject("label", text, cx * TUNNEL_PX, cy * TUNNEL_PX, point=True)
        )

    def obj(
        self,
        layer: str,
        kind: str,
        name: str,
        x: int,
        y: int,
        w: int = 1,
        h: int = 1,
        **props: PropValue,
    ) -> None:
        """A rectangle object over whole tiles; property types follow the Python values."""
        typed: dict[str, tuple[str, PropValue]] = {}
        for key, value in props.items():
            kind_name = "bool" if isinstance(value, bool) else "string"
            if key == "leads_to":
                kind_name = "file"
            typed[key] = (kind_name, value)
        self.objects[layer].append(
            MapObject(
                kind, name, x * TUNNEL_PX, y * TUNNEL_PX, w * TUNNEL_PX, h * TUNNEL_PX, props=typed
            )
        )

    def entrance(self, name: str, x: int, y: int, leads_to: str, hidden: bool) -> None:
        """A way in or out: leads_to another level file ("" = the surface)."""
        self.obj("objects", "entrance", name, x, y, leads_to=leads_to, hidden=hidden)

    def trap(self, name: str, x: int, y: int) -> None:
        """An obvious booby trap lying in a passable tile."""
        self.obj("objects", "booby_trap", name, x, y, hidden=False)

    def spider_hole(self, x: int, y: int) -> None:
        """A spider-hole tile with a defender spawn point on it."""
        self.put(x, y, "spider_hole")
        self.obj("objects", "spawn", "Spider hole", x, y, side="defenders")

    def deploy(self, side: str, name: str, x: int, y: int, w: int, h: int) -> None:
        self.obj("zones", "deployment", name, x, y, w, h, side=side)

    def objective(self, name: str, ident: str, x: int, y: int) -> None:
        self.obj("objects", "objective", name, x, y, objective=ident)

    def spec(self, path: str, title: str, complex_id: str, level: int) -> MapSpec:
        """Finish: sprinkle rock among the earth walls and check every object sits on floor."""
        for y in range(self.height):
            for x in range(self.width):
                if self.tiles[y][x] == "earth_wall" and (x * 7 + y * 13 + x * y) % 11 == 0:
                    self.tiles[y][x] = "rock_wall"
        for obj in self.objects["objects"] + self.objects["zones"]:
            x, y = int(obj.x // TUNNEL_PX), int(obj.y // TUNNEL_PX)
            if self.tiles[y][x].endswith("wall"):
                raise ValueError(f"{path}: {obj.kind} {obj.name!r} at ({x}, {y}) is in a wall")
        return MapSpec(
            path=path,
            tileset=TUNNEL,
            width=self.width,
            height=self.height,
            gids=[[TUNNEL.gid(t) for t in row] for row in self.tiles],
            properties={
                "system": ("string", "tunnel_rats"),
                "title": ("string", title),
                "complex": ("string", complex_id),
                "level": ("int", level),
                "inches_per_tile": ("float", 1.0),
            },
            layers=[
                ObjectLayer("zones", self.objects["zones"]),
                ObjectLayer("objects", self.objects["objects"]),
                ObjectLayer("labels", self.objects["labels"]),
            ],
            background="#1a120c",
        )


def paddy_warren() -> MapSpec:
    """Small (24x16), one level: a short warren under a paddy dike."""
    c = Carver(24, 16)
    c.room(1, 1, 3, 3, "Shaft bottom", tile="tunnel")
    c.gallery((3, 2), (8, 2), (8, 6), (13, 6), (13, 3), (18, 3))
    c.room(18, 2, 4, 3, "Sleeping chamber")
    c.gallery((8, 6), (8, 10), (4, 10), (4, 12))
    c.room(2, 12, 4, 3, "Rice store")
    c.gallery((13, 6), (13, 9))
    c.gallery((14, 9), (17, 9), tile="crawlway")
    c.room(18, 8, 4, 4, "Command hole")
    c.gallery((20, 12), (20, 14), (11, 14), (11, 12))
    c.put(8, 8, "water_trap")
    c.put(16, 3, "rubble")
    for x, y in ((9, 4), (12, 4), (19, 13)):
        c.spider_hole(x, y)
    c.entrance("Entry shaft", 2, 2, "", hidden=False)
    c.entrance("Bolt hole", 11, 12, "", hidden=True)
    c.trap("Grenade tripwire", 11, 6)
    c.trap("Punji pit", 4, 11)
    c.deploy("rats", "Shaft bottom", 1, 1, 3, 3)
    c.deploy("defenders", "Sleeping chamber", 18, 2, 4, 3)
    c.deploy("defenders", "Command hole", 18, 8, 4, 4)
    c.objective("Documents cache", "documents", 20, 10)
    return c.spec("maps/tunnel_rats/paddy_warren.tmx", "Paddy Warren", "paddy_warren", 1)


def twin_wells_level1() -> MapSpec:
    """Medium (32x24), upper level of a two-level complex under a village well."""
    c = Carver(32, 24)
    c.room(1, 2, 3, 3, "West well", tile="tunnel")
    c.gallery((4, 3), (10, 3), (10, 8), (6, 8), (6, 12))
    c.room(3, 12, 6, 4, "Store")
    c.gallery((10, 3), (17, 3), (17, 6), (22, 6))
    c.room(22, 4, 5, 4, "Kitchen")
    c.gallery((24, 8), (24, 12), (28, 12), (28, 18))
    c.gallery((24, 9), (24, 11), tile="crawlway")
    c.room(25, 18, 5, 4, "Well chamber")
    c.gallery((6, 16), (6, 20), (14, 20), (14, 16), (18, 16))
    c.gallery((10, 8), (16, 8), (16, 12), (19, 12))
    c.put(10, 20, "water_trap")
    c.put(11, 20, "water_trap")
    c.put(17, 5, "rubble")
    for x, y in ((27, 5), (19, 11), (15, 19), (5, 9)):
        c.spider_hole(x, y)
    c.entrance("West well", 2, 3, "", hidden=False)
    c.entrance("Trapdoor", 27, 20, "twin_wells_level2.tmx", hidden=True)
    c.entrance("Ladder shaft", 18, 16, "twin_wells_level2.tmx", hidden=False)
    c.trap("Grenade tripwire", 8, 3)
    c.trap("Punji pit", 6, 10)
    c.trap("Snake in a bamboo tube", 14, 8)
    c.deploy("rats", "West well", 1, 2, 3, 3)
    c.deploy("defenders", "Kitchen", 22, 4, 5, 4)
    c.deploy("defenders", "Well chamber", 25, 18, 5, 4)
    c.objective("Rice and medical supplies", "supplies", 5, 14)
    return c.spec(
        "maps/tunnel_rats/twin_wells_level1.tmx", "Twin Wells (upper level)", "twin_wells", 1
    )


def twin_wells_level2() -> MapSpec:
    """Medium (32x24), lower level: headquarters and aid station. Shafts line up with level 1."""
    c = Carver(32, 24)
    c.room(17, 15, 3, 3, "Ladder landing", tile="tunnel")
    c.gallery((18, 18), (18, 21), (10, 21))
    c.gallery((7, 21), (9, 21), tile="crawlway")
    c.room(2, 18, 5, 5, "Aid station")
    c.gallery((20, 16), (27, 16), (27, 19))
    c.room(26, 19, 3, 3, "Trapdoor cell", tile="tunnel")
    c.gallery((18, 15), (18, 10), (12, 10), (12, 4))
    c.gallery((12, 7), (12, 8), tile="crawlway")
    c.room(8, 2, 7, 3, "Headquarters")
    c.gallery((18, 10), (26, 10), (26, 5))
    c.room(23, 2, 6, 3, "Barracks")
    c.gallery((22, 10), (22, 13))
    c.put(18, 12, "water_trap")
    c.put(14, 21, "rubble")
    for x, y in ((23, 13), (29, 3), (11, 9), (17, 20)):
        c.spider_hole(x, y)
    c.entrance("Ladder shaft", 18, 16, "twin_wells_level1.tmx", hidden=False)
    c.entrance("Trapdoor", 27, 20, "twin_wells_level1.tmx", hidden=True)
    c.entrance("Escape hatch", 9, 3, "", hidden=True)
    c.trap("Grenade tripwire", 15, 10)
    c.trap("Punji pit", 26, 7)
    c.trap("Scorpion box", 12, 5)
    c.deploy("defenders", "Headquarters", 8, 2, 7, 3)
    c.deploy("defenders", "Barracks", 23, 2, 6, 3)
    c.deploy("defenders", "Aid station", 2, 18, 5, 5)
    c.objective("Documents cache", "documents", 13, 3)
    c.objective("Wounded rat", "wounded_rat", 4, 20)
    return c.spec(
        "maps/tunnel_rats/twin_wells_level2.tmx", "Twin Wells (lower level)", "twin_wells", 2
    )


def plantation() -> MapSpec:
    """Large (40x30), one level: a wide complex under a rubber plantation, two entry shafts."""
    c = Carver(40, 30)
    c.room(2, 2, 3, 3, "North shaft", tile="tunnel")
    c.room(2, 25, 3, 3, "South shaft", tile="tunnel")
    c.gallery((5, 3), (12, 3), (12, 8), (20, 8))
    c.room(20, 6, 7, 6, "Assembly hall")
    c.gallery((26, 8), (33, 8), (33, 5))
    c.room(31, 2, 6, 3, "Armoury")
    c.gallery((23, 11), (23, 16), (30, 16))
    c.gallery((31, 16), (33, 16), tile="crawlway")
    c.room(34, 14, 4, 6, "Hospital")
    c.gallery((5, 26), (14, 26), (14, 20), (23, 20), (23, 16))
    c.gallery((12, 8), (12, 14), (6, 14), (6, 19))
    c.room(4, 19, 5, 4, "Rice store")
    c.gallery((14, 23), (17, 23))
    c.room(17, 22, 5, 4, "Command post")
    c.gallery((36, 20), (36, 26), (30, 26))
    c.gallery((33, 8), (37, 8), (37, 11))
    for x, y in ((9, 26), (10, 26), (14, 22)):
        c.put(x, y, "water_trap")
    for x, y in ((16, 8), (23, 14), (36, 24)):
        c.put(x, y, "rubble")
    for x, y in ((13, 5), (21, 5), (24, 18), (34, 7), (15, 21), (38, 11)):
        c.spider_hole(x, y)
    c.entrance("North shaft", 3, 3, "", hidden=False)
    c.entrance("South shaft", 3, 26, "", hidden=False)
    c.entrance("Escape hatch", 20, 24, "", hidden=True)
    c.entrance("Air vent", 37, 10, "", hidden=True)
    for name, x, y in (
        ("Grenade tripwire", 8, 3),
        ("Punji pit", 12, 11),
        ("Grenade tripwire", 27, 8),
        ("Punji pit", 18, 20),
        ("Snake in a bamboo tube", 36, 22),
        ("Punji pit", 6, 16),
    ):
        c.trap(name, x, y)
    c.deploy("rats", "North shaft", 2, 2, 3, 3)
    c.deploy("rats", "South shaft", 2, 25, 3, 3)
    for name, x, y, w, h in (
        ("Assembly hall", 20, 6, 7, 6),
        ("Armoury", 31, 2, 6, 3),
        ("Command post", 17, 22, 5, 4),
        ("Hospital", 34, 14, 4, 6),
    ):
        c.deploy("defenders", name, x, y, w, h)
    c.objective("Weapons cache", "weapons", 35, 3)
    c.objective("Documents cache", "documents", 19, 23)
    c.objective("Wounded rat", "wounded_rat", 30, 26)
    return c.spec("maps/tunnel_rats/plantation.tmx", "Plantation", "plantation", 1)


def tunnel_maps() -> list[MapSpec]:
    """The shipped Tunnel Rats levels."""
    return [paddy_warren(), twin_wells_level1(), twin_wells_level2(), plantation()]


# ---- '65 geomorphic hex maps --------------------------------------------------------------
# One letter a hex; rows are numbered 1-6 top to bottom, columns lettered A-K left to right.
HEX_LEGEND = {
    ".": "clear",
    "b": "brush",
    "J": "jungle",
    "k": "kunai",
    "p": "paddy",
    "H": "building",
    "h": "hamlet",
    "r": "rubble",
    "w": "pond",
}
HEX_COLS, HEX_ROWS = 11, 6


def hex_step(a: Cell, b: Cell) -> str:
    """Side of hex a that adjacent hex b lies across (flat-topped, odd columns shifted down)."""
    (c0, r0), (c1, r1) = a, b
    dc, dr = c1 - c0, r1 - r0
    if dc == 0:
        return {-1: "n", 1: "s"}[dr]
    odd = c0 % 2 == 1
    if dr == (0 if odd else -1):
        return "ne" if dc == 1 else "nw"
    if dr == (1 if odd else 0):
        return "se" if dc == 1 else "sw"
    raise ValueError(f"hexes {a} and {b} are not adjacent")


def road_tiles(path: list[Cell], enter: str, leave: str) -> dict[Cell, str]:
    """Road tile names along a hex path that enters and leaves by the given map-edge sides."""
    order = ["n", "ne", "se", "s", "sw", "nw"]
    out: dict[Cell, str] = {}
    for i, cell in enumerate(path):
        a = enter if i == 0 else hex_step(cell, path[i - 1])
        b = leave if i == len(path) - 1 else hex_step(cell, path[i + 1])
        a, b = sorted((a, b), key=order.index)
        out[cell] = f"road_{a}_{b}"
    return out


def parse_hexes(text: str) -> list[Cell]:
    """'J5 I6 H6' -> [(9, 4), (8, 5), (7, 5)]."""
    return [(ord(t[0]) - ord("A"), int(t[1:]) - 1) for t in text.split()]


def hex_map(
    map_id: str,
    title: str,
    rows: list[str],
    roads: list[tuple[str, str, str]],
    labels: list[tuple[str, str]],
) -> MapSpec:
    """Build a '65 map from letter rows, roads ("A4 B4 ...", enter side, leave side), labels."""
    if len(rows) != HEX_ROWS or any(len(r) != HEX_COLS for r in rows):
        raise ValueError(f"map {map_id}: need {HEX_ROWS} rows of {HEX_COLS} letters")
    names = [[HEX_LEGEND[ch] for ch in row] for row in rows]
    for hexes, enter, leave in roads:
        for (col, row), tile in road_tiles(parse_hexes(hexes), enter, leave).items():
            names[row][col] = tile
    w, h, side = HEX.tile[0], HEX.tile[1], HEX_SIDE
    points = []
    for text, where in labels:
        ((col, row),) = parse_hexes(where)
        cx = col * (w + side) / 2 + w / 2
        cy = row * h + h / 2 + (h / 2 if col % 2 else 0)
        points.append(MapObject("label", text, cx, cy, point=True))
    return MapSpec(
        path=f"maps/sixty_five/map{map_id}.tmx",
        tileset=HEX,
        width=HEX_COLS,
        height=HEX_ROWS,
        gids=[[HEX.gid(t) for t in row] for row in names],
        properties={
            "system": ("string", "sixty_five"),
            "map_id": ("string", map_id),
            "title": ("string", title),
        },
        layers=[ObjectLayer("labels", points), ObjectLayer("markers", [])],
        hexagonal=True,
        background="#3c4a2c",
    )


def hex_maps() -> list[MapSpec]:
    """Maps 1-3. Hexes the scenarios name are noted where the terrain was chosen for them."""
    map1 = hex_map(
        "1",
        "Map 1: paddies and village",
        [
            "pp.bkk.HbJJ",
            "pp..bhH.kJJ",  # village east of the open A-C columns (scenario 1)
            ".w.pp.Hh.bk",
            "...........",  # row 4: the road
            "ppp.b.pwp.b",
            "ppbJJ.ppkJJ",
        ],
        [("A4 B4 C4 D4 E4 F4 G4 H4 I4 J4 K4", "sw", "ne")],
        [("Village", "G2"), ("Paddies", "B5")],
    )
    map2 = hex_map(
        "2",
        "Map 2: hamlet and highway",
        [
            "..bkk.bJJ..",  # row 1: open entry edge (scenario 7 helicopters)
            "bhH.k..kJb.",  # C2 building (scenario 5 clears it)
            ".Hb.kH.bkJJ",  # F3 building: the outpost of scenario 5
            "k.bpp.w.b.k",
            "JJ.pp.bk...",
            ".........bJ",
        ],
        [("K5 J5 I6 H6 G6 F6 E6 D6 C6 B6 A6", "ne", "nw")],  # highway J5..C6 (scenario 6)
        [("Hamlet", "B2"), ("Highway 1", "F6")],
    )
    map3 = hex_map(
        "3",
        "Map 3: jungle, ruin and camp",
        [
            "JJ..bJJkk..",  # C1: the road leaves north (scenario 6 exit)
            "JJ.JJ.bJ.b.",  # jungle on row 2 for the scenario 3 Americans; I2 open
            ".k.krb.k.Jk",  # D3, J3 ambush cover; E3 ruin
            "bJ..brk.b.p",  # B4, E4, G4, I4 ambush cover; F4 temple centre
            "Jbk.r.rHhHp",  # C5 cover; E5, G5 ruin; I5 the camp (scenario 5)
            "JJb..w..Hpp",
        ],
        [("D6 D5 D4 C4 C3 C2 C1", "s", "n")],
        [("Temple ruin", "F4"), ("Camp", "I5")],
    )
    return [map1, map2, map3]


# ---- the 8x8 board ------------------------------------------------------------------------
def board_map() -> MapSpec:
    """Transformers Skirmish: 8x8 chequered board; rank 1 (bottom) autobots, rank 8 deceptacons."""
    size = BOARD.tile[0]
    gids: list[list[int]] = []
    for row in range(8):
        rank = 8 - row  # Tiled row 0 is the top of the screen = rank 8
        line = []
        for col in range(8):
            shade = "light" if (row + col) % 2 == 0 else "dark"
            if rank == 1:
                name = f"autobot_{shade}"
            elif rank == 8:
                name = f"deceptacon_{shade}"
            else:
                name = shade
            line.append(BOARD.gid(name))
        gids.append(line)
    zones = [
        MapObject(
            "deployment",
            "Deceptacon back row",
            0,
            0,
            8 * size,
            size,
            props={"side": ("string", "deceptacons")},
        ),
        MapObject(
            "deployment",
            "Autobot back row",
            0,
            7 * size,
            8 * size,
            size,
            props={"side": ("string", "autobots")},
        ),
    ]
    return MapSpec(
        path="maps/transformers_skirmish/board.tmx",
        tileset=BOARD,
        width=8,
        height=8,
        gids=gids,
        properties={
            "system": ("string", "transformers_skirmish"),
            "title": ("string", "Skirmish board"),
        },
        layers=[ObjectLayer("deployment", zones)],
        background="#2a2420",
    )


def all_maps() -> list[MapSpec]:
    """Every shipped map."""
    return [*tunnel_maps(), *hex_maps(), board_map()]


def write_all(root: Path) -> list[Path]:
    """Write tilesets, project and maps under root; returns the files written."""
    written: list[Path] = []

    def put(rel: str, text: str) -> None:
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8", newline="\n")
        written.append(path)

    for ts in TILESETS:
        put(f"maps/tilesets/{ts.name}.tsx", tileset_xml(ts))
    put("maps/skirmish.tiled-project", project_json())
    put("maps/objecttypes.xml", object_types_xml())
    for spec in all_maps():
        put(spec.path, map_xml(spec))
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=REPO_ROOT, help="root to write maps/ in")
    args = parser.parse_args(argv)
    for path in write_all(args.out.resolve()):
        print(path.relative_to(args.out.resolve()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
