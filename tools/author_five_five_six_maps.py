"""Write the first version of the 5.56mm tabletop maps (``maps/five_five_six/``).

Usage: ``python tools/author_five_five_six_maps.py [--out ROOT]``.

Like ``tools/author_maps.py`` this only starts a map: the committed ``.tmx`` files are
the source a map maker edits in Tiled afterwards (running this again overwrites such
edits). Each table is 36" x 36" (36 tiles of 1"), its ground tiles from
``maps/tilesets/table.tsx`` in a deterministic pattern (one quiet ground per table, so
the terrain pieces drawn over it read at a glance), its terrain pieces objects whose
``type`` is a class of ``maps/skirmish.tiled-project`` (buildings, ruins, rubble, walls,
brush, woods...), and its zones the deployment areas (``side`` 0 and 1), the scenario
objectives (``objective`` property) and spawn points for reinforcements.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import quoteattr

REPO_ROOT = Path(__file__).resolve().parent.parent
TILE = 32
SIZE = 36  # tiles (inches) a side

GRASS, GRASS2, GRASS3, FIELD, DIRT, PAVING, SAND, MUD = range(1, 9)


@dataclass(frozen=True)
class Obj:
    """One object: a rectangle (w, h), an ellipse, a polygon or a polyline (points
    relative to x, y), in inches."""

    name: str
    kind: str
    x: float
    y: float
    w: float = 0.0
    h: float = 0.0
    ellipse: bool = False
    polygon: tuple[tuple[float, float], ...] = ()
    polyline: tuple[tuple[float, float], ...] = ()
    rotation: float = 0.0
    props: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class TableMap:
    file: str
    title: str
    light: str
    background: str
    ground: tuple[int, ...]  # tile ids the pattern picks from (repeats weigh a tile)
    terrain: tuple[Obj, ...]
    zones: tuple[Obj, ...]


def _ground(tiles: tuple[int, ...], salt: int) -> list[list[int]]:
    """A fixed speckle of the given tiles (a small LCG: the same file every run)."""
    state = 12345 + salt
    rows = []
    for _ in range(SIZE):
        row = []
        for _ in range(SIZE):
            state = (state * 1103515245 + 12345) % 2**31
            row.append(tiles[(state >> 16) % len(tiles)])
        rows.append(row)
    return rows


def _px(v: float) -> str:
    text = repr(round(v * TILE, 2))
    return text[:-2] if text.endswith(".0") else text


def _points(points: tuple[tuple[float, float], ...]) -> str:
    return " ".join(f"{_px(x)},{_px(y)}" for x, y in points)


def _object_xml(oid: int, obj: Obj) -> list[str]:
    attrs = (
        f'id="{oid}" name={quoteattr(obj.name)} type="{obj.kind}" x="{_px(obj.x)}" y="{_px(obj.y)}"'
    )
    if obj.w and obj.h:
        attrs += f' width="{_px(obj.w)}" height="{_px(obj.h)}"'
    if obj.rotation:
        attrs += f' rotation="{obj.rotation:g}"'
    body: list[str] = []
    if obj.props:
        body.append("   <properties>")
        for k in sorted(obj.props):
            body.append(f"    <property name={quoteattr(k)} value={quoteattr(obj.props[k])}/>")
        body.append("   </properties>")
    if obj.ellipse:
        body.append("   <ellipse/>")
    if obj.polygon:
        body.append(f'   <polygon points="{_points(obj.polygon)}"/>')
    if obj.polyline:
        body.append(f'   <polyline points="{_points(obj.polyline)}"/>')
    if not body:
        return [f"  <object {attrs}/>"]
    return [f"  <object {attrs}>", *body, "  </object>"]


def map_xml(spec: TableMap, salt: int) -> str:
    count = len(spec.terrain) + len(spec.zones)
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" '
        f'renderorder="right-down" width="{SIZE}" height="{SIZE}" tilewidth="{TILE}" '
        f'tileheight="{TILE}" infinite="0" backgroundcolor="{spec.background}" '
        f'nextlayerid="4" nextobjectid="{count + 1}">',
        " <properties>",
        '  <property name="inches_per_tile" type="float" value="1"/>',
        f'  <property name="light" propertytype="Light" value="{spec.light}"/>',
        '  <property name="system" value="five_five_six"/>',
        f'  <property name="title" value={quoteattr(spec.title)}/>',
        " </properties>",
        ' <tileset firstgid="1" source="../tilesets/table.tsx"/>',
        f' <layer id="1" name="ground" width="{SIZE}" height="{SIZE}">',
        '  <data encoding="csv">',
    ]
    rows = _ground(spec.ground, salt)
    lines += [
        ",".join(str(t) for t in row) + ("," if i < SIZE - 1 else "") for i, row in enumerate(rows)
    ]
    lines += ["</data>", " </layer>", ' <objectgroup id="2" name="terrain">']
    oid = 1
    for obj in spec.terrain:
        lines += _object_xml(oid, obj)
        oid += 1
    lines += [" </objectgroup>", ' <objectgroup id="3" name="zones">']
    for obj in spec.zones:
        lines += _object_xml(oid, obj)
        oid += 1
    lines += [" </objectgroup>", "</map>", ""]
    return "\n".join(lines)


def _deploy(name: str, side: int, x: float, y: float, w: float, h: float) -> Obj:
    return Obj(name, "deployment", x, y, w, h, props={"side": str(side)})


URBAN = TableMap(
    file="urban_ruins.tmx",
    title="Bakara Ruins",
    light="full",
    background="#8b7558",
    ground=(DIRT,),
    terrain=(
        Obj("Gutted hotel", "ruins", 3, 10, 7, 6),
        Obj("Shop row", "building", 14, 3, 8, 4),
        Obj("Compound", "building", 26, 12, 6, 7),
        Obj("Burnt block", "ruins", 15, 15, 6, 5, rotation=6),
        Obj("Collapsed mosque", "ruins", 6, 24, 6, 5),
        Obj("Rubble heap", "rubble", 22, 23, polygon=((0, 0), (3, -0.5), (4, 2), (0.5, 3))),
        Obj("Rubble spill", "rubble", 11, 18, polygon=((0, 0), (2.5, 0), (2, 2), (-0.5, 1.5))),
        Obj("Compound wall", "wall", 25, 11, polyline=((0, 0), (8, 0), (8, 9))),
        Obj("Yard wall", "wall", 2, 17.5, polyline=((0, 0), (9, 0))),
        Obj("Market wall", "high_wall", 24, 28, polyline=((0, 0), (0, 5))),
        Obj("Car wrecks", "rocks", 18, 29, w=3, h=1.5),
        Obj("Hawlwadig Road", "road", 0, 20.5, polyline=((0, 0), (36, 0))),
        Obj("Side street", "road", 12.5, 0, polyline=((0, 0), (0, 36))),
    ),
    zones=(
        _deploy("Ranger drop", 0, 0, 30, 36, 6),
        _deploy("Militia streets", 1, 0, 0, 36, 6),
        Obj("Crash site", "objective", 15, 9, 4, 4, props={"objective": "crash_site"}),
        Obj("Militia reinforcements", "spawn", 34, 2, props={"side": "1"}),
    ),
)

VILLAGE = TableMap(
    file="village_brush.tmx",
    title="Dasht-e Kala Village",
    light="full",
    background="#7d8a4e",
    ground=(GRASS3,),
    terrain=(
        Obj("Elder's house", "building", 15, 14, 5, 4),
        Obj("Mud hut", "building", 9, 19, 3, 3),
        Obj("Grain store", "building", 22, 20, 3, 4, rotation=-8),
        Obj("Ruined hut", "ruins", 20, 8, 4, 3),
        Obj("Compound wall", "wall", 13.5, 12.5, polyline=((0, 0), (8, 0), (8, 7))),
        Obj("Thorn brush", "brush", 3, 5, polygon=((0, 0), (5, -1), (6, 3), (1, 4))),
        Obj("Scrub", "brush", 27, 26, polygon=((0, 0), (4, 0.5), (3.5, 4), (-0.5, 3))),
        Obj("Wadi scrub", "brush", 4, 27, w=6, h=3),
        Obj("Poplars", "wood", 28, 4, 5, 5, ellipse=True),
        Obj("Orchard", "wood", 2, 12, 4, 4, ellipse=True),
        Obj("Wheat", "crops", 24, 14, 6, 5),
        Obj("Field wall", "wall", 2, 23, polyline=((0, 0), (7, 0))),
        Obj("Boulders", "rocks", 17, 27, polygon=((0, 0), (2, -0.5), (2.5, 1.5), (0.5, 2))),
        Obj("Irrigation ditch", "stream", 0, 31, polyline=((0, 0), (12, -1), (24, 0), (36, -1))),
        Obj("Village track", "road", 18, 0, polyline=((0, 0), (0, 36))),
    ),
    zones=(
        _deploy("Patrol approach", 0, 0, 32, 36, 4),
        _deploy("Village", 1, 6, 6, 24, 16),
        Obj("Weapons cache", "objective", 15, 14, 5, 4, props={"objective": "cache"}),
    ),
)

NIGHT = TableMap(
    file="night_outpost.tmx",
    title="Outpost at Night",
    light="none",
    background="#1e2530",
    ground=(GRASS,) * 6 + (GRASS2,),
    terrain=(
        Obj("Bunker", "building", 15, 15, 6, 4),
        Obj("Sandbag wall", "wall", 13, 13, polyline=((0, 0), (10, 0), (10, 8), (0, 8), (0, 5))),
        Obj("Wire", "barbed_wire", 10, 10, polyline=((0, 0), (16, 0))),
        Obj("Wire south", "barbed_wire", 10, 25, polyline=((0, 0), (16, 0))),
        Obj("Shell-torn wood", "wood", 2, 3, 7, 6, ellipse=True),
        Obj("Tree line", "wood", 27, 28, 7, 5, ellipse=True),
        Obj("Ruined farmhouse", "ruins", 27, 5, 5, 4),
        Obj("Crater rubble", "rubble", 5, 20, polygon=((0, 0), (3, 0), (3.5, 2.5), (0, 3))),
        Obj("Scrub", "brush", 22, 32, w=5, h=3),
        Obj("Hedge", "hedge", 0, 15, polyline=((0, 0), (8, 1))),
        Obj("Supply track", "road", 0, 34, polyline=((0, 0), (18, -14), (36, -16))),
    ),
    zones=(
        _deploy("Raiders' start", 0, 0, 0, 36, 5),
        _deploy("Outpost", 1, 12, 12, 12, 10),
        Obj("Radio mast", "objective", 19, 19, 2, 2, props={"objective": "radio_mast"}),
    ),
)

CONVOY = TableMap(
    file="convoy_road.tmx",
    title="The Road Out",
    light="full",
    background="#9a8560",
    ground=(SAND,),
    terrain=(
        Obj("Supply road", "road", 0, 27, polyline=((0, 0), (9, 0), (16, -9), (36, -9))),
        Obj("Burnt-out truck", "rocks", 24.5, 17.3, w=2.5, h=1.4),
        Obj("Market hall", "building", 19, 9, 6, 5),
        Obj("Shop row", "building", 28, 9, 6, 5),
        Obj("Gutted house", "ruins", 3, 15, 5, 5),
        Obj("Compound", "building", 19, 23, 6, 5),
        Obj("Compound wall", "wall", 18, 22, polyline=((0, 0), (8, 0))),
        Obj("Roadside scrub", "brush", 6, 19, w=3, h=3),
        Obj("Date palms", "wood", 29, 25, 6, 5, ellipse=True),
        Obj("Olive grove", "wood", 1, 2, 7, 6, ellipse=True),
        Obj("Rubble", "rubble", 12, 30, polygon=((0, 0), (3, 0), (3.5, 2), (0, 2.5))),
    ),
    zones=(
        _deploy("Convoy", 0, 0, 24, 10, 6),
        _deploy("Ambush north", 1, 16, 8, 20, 8),
        _deploy("Ambush south", 1, 16, 21, 20, 10),
        Obj("Road out", "objective", 32, 14, 4, 8, props={"objective": "road_out"}),
    ),
)

INSERTION = TableMap(
    file="insertion_lz.tmx",
    title="The Landing Zone",
    light="full",
    background="#8f7a57",
    ground=(DIRT,),
    terrain=(
        # The landing zone is a walled yard: too tight for a Black Hawk to set down in
        # (its 10.75" fuselage crosses the high wall however it turns), open to a
        # team roping down into it, with a gate on the west and one on the south.
        Obj(
            "Yard wall",
            "high_wall",
            18,
            18.2,
            polyline=((0, 0), (0, -4.2), (8, -4.2), (8, 3.8), (4.8, 3.8)),
        ),
        Obj("Yard wall south", "high_wall", 21.2, 22, polyline=((0, 0), (-3.2, 0), (-3.2, -2.2))),
        Obj("Tea house", "building", 17, 6, 6, 5),
        Obj("Warehouse", "building", 28, 8, 6, 6),
        Obj("Militia house", "building", 28, 21, 5, 5),
        Obj("Burnt shops", "ruins", 16, 25, 7, 4),
        Obj("Gutted garage", "ruins", 4, 27, 5, 4),
        Obj("Lane wall", "wall", 14, 14, polyline=((0, 0), (0, 9))),
        Obj("Rubble", "rubble", 24, 27, polygon=((0, 0), (3, 0), (3.5, 2), (0, 2.5))),
        Obj("Car wrecks", "rocks", 9, 9, w=3, h=1.5),
        Obj("Scrub", "brush", 2, 4, w=5, h=4),
        Obj("Market lane", "road", 0, 12.5, polyline=((0, 0), (36, 0))),
    ),
    zones=(
        _deploy("Approach", 0, 0, 12, 13, 12),
        _deploy("Militia north", 1, 15, 0, 21, 13),
        _deploy("Militia south", 1, 15, 23, 21, 13),
        Obj("Landing zone", "objective", 18, 14, 8, 8, props={"objective": "landing_zone"}),
        Obj("Militia reinforcements", "spawn", 35, 18, props={"side": "1"}),
    ),
)

MAPS = (URBAN, VILLAGE, NIGHT, CONVOY, INSERTION)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=REPO_ROOT)
    args = parser.parse_args(argv)
    folder = args.out / "maps" / "five_five_six"
    folder.mkdir(parents=True, exist_ok=True)
    for salt, spec in enumerate(MAPS):
        (folder / spec.file).write_text(map_xml(spec, salt), encoding="utf-8")
        print(folder / spec.file)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
