"""Write the shipped Tiled files: tilesets, the Tiled project and every shipped map.

Usage: ``python tools/author_maps.py [--out ROOT]`` (ROOT defaults to the repository root).

This script is the source of truth of every file it writes: change a layout, a tileset or
the project's types here (or in ``tools/map_layouts/``) and run it again; never edit its
output by hand, in Tiled or otherwise. ``tests/test_author_maps.py`` checks that its output
equals the committed files byte for byte. (The RatFight, tabletop and 5.56mm maps are not
written here; their terrain classes in the project are.) Output imitates what Tiled 1.8
writes: CSV layer data, external tilesets with relative paths, properties sorted by name,
objects with ``type``.

The layouts live in ``tools/map_layouts/``, one module per game system: tunnel complexes
are carved out of solid earth by a few commands (galleries, rooms, crawlways, single
special tiles); '65 maps are drawn as letter grids (one letter a hex) with roads given as
hex paths; the 8x8 board is a chequerboard. This module writes them as Tiled XML.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from xml.sax.saxutils import quoteattr

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from tools.assets.tiles import HEX_SIDE, sheet_size  # noqa: E402
from tools.map_layouts.board import board_map  # noqa: E402
from tools.map_layouts.hexes import hex_maps  # noqa: E402
from tools.map_layouts.spec import (  # noqa: E402
    OBJECT_KINDS,
    TILESETS,
    MapSpec,
    PropValue,
    TilesetSpec,
)
from tools.map_layouts.tabletop_terrain import (  # noqa: E402
    TABLETOP_CLASSES,
    TABLETOP_ENUMS,
    class_members,
)
from tools.map_layouts.tunnels import tunnel_maps  # noqa: E402

TILED_VERSION = "1.8.2"
FORMAT_VERSION = "1.8"


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
    """maps/skirmish.tiled-project: the enums map makers pick terrain and kinds from, and
    the tabletop terrain classes with their defaults (tools/map_layouts/tabletop_terrain.py)."""
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
    for name, values in TABLETOP_ENUMS:
        types.append(
            {
                "id": len(types) + 1,
                "name": name,
                "storageType": "string",
                "type": "enum",
                "values": values,
                "valuesAsFlags": False,
            }
        )
    for row in TABLETOP_CLASSES:
        types.append(
            {
                "id": len(types) + 1,
                "name": row[0],
                "type": "class",
                "color": row[1],
                "drawFill": True,
                "useAs": ["object"],
                "members": class_members(row),
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
