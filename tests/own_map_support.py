"""New maps written as Tiled writes them, for the "Draw a map and play it" tests (issue 33).

Each writer follows the steps of ``docs/maps.md`` for its system: the map goes into the
system's folder of a map folder set up by "Set up my map folder for Tiled", names its
tileset ``../tilesets/<name>.tsx`` (relative, as Tiled stores it), carries the map
properties the docs list, a terrain layer in CSV, deployment zones for both sides and
one objective. :data:`SCENARIOS` holds a scenario file for the map, in the schema of the
system's shipped scenarios.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n'


def _props(props: dict[str, str]) -> str:
    lines = "".join(f'  <property name="{k}" value="{v}"/>\n' for k, v in props.items())
    return f" <properties>\n{lines} </properties>\n"


def _csv(rows: list[list[int]]) -> str:
    return ",\n".join(",".join(str(g) for g in row) for row in rows) + "\n"


def _rect(oid: int, name: str, kind: str, box: tuple[int, int, int, int], **props: str) -> str:
    x, y, w, h = box
    inner = "".join(f'    <property name="{k}" value="{v}"/>\n' for k, v in props.items())
    body = f"   <properties>\n{inner}   </properties>\n" if inner else ""
    head = (
        f'  <object id="{oid}" name="{name}" type="{kind}" x="{x}" y="{y}" width="{w}" height="{h}"'
    )
    return f"{head}>\n{body}  </object>\n" if body else f"{head}/>\n"


def sixty_five_map(folder: Path, name: str = "my_valley", title: str = "My valley") -> Path:
    """'65 (docs steps 2-5): 11 x 6 flat-topped hexes of 64 x 56 px, side 32, stagger
    x odd; clear ground with a belt of jungle; set-up areas in columns A-B (Americans)
    and J-K (Viet Cong); an objective on hex F3."""
    rows = [[1] * 11 for _ in range(6)]
    for col, row in ((4, 1), (5, 1), (6, 2), (4, 4), (6, 4)):
        rows[row][col] = 3  # jungle
    text = (
        HEADER + '<map version="1.8" tiledversion="1.8.2" orientation="hexagonal"'
        ' renderorder="right-down" width="11" height="6" tilewidth="64" tileheight="56"'
        ' infinite="0" hexsidelength="32" staggeraxis="x" staggerindex="odd"'
        ' nextlayerid="4" nextobjectid="4">\n'
        + _props({"map_id": "7", "system": "sixty_five", "title": title})
        + ' <tileset firstgid="1" source="../tilesets/hex.tsx"/>\n'
        + ' <layer id="1" name="terrain" width="11" height="6">\n  <data encoding="csv">\n'
        + _csv(rows)
        + "</data>\n </layer>\n"
        + ' <objectgroup id="2" name="setup">\n'
        + _rect(1, "American set-up", "deployment", (0, 0, 100, 364), side="us")
        + _rect(2, "Viet Cong set-up", "deployment", (440, 0, 104, 364), side="vc_nva")
        + " </objectgroup>\n"
        + ' <objectgroup id="3" name="objectives">\n'
        + _rect(3, "Crossroads", "objective", (262, 158, 20, 20), objective="crossroads")
        + " </objectgroup>\n</map>\n"
    )
    path = folder / "sixty_five" / f"{name}.tmx"
    path.write_text(text, encoding="utf-8")
    return path


SIXTY_FIVE_SCENARIO = """\
scenarios:
  - id: crossroads
    title: The Crossroads
    turns: 4
    end_turns: 3
    maps:
      - {map: "7", offset: [0, 0], file: my_valley.tmx}
    setup:
      - seat: 1
        units: {vc_rifle: 3, vc_rpd: 1}
        zone: {areas: [vc_nva]}
      - seat: 0
        units: {us_rifle: 3, us_m60: 1}
        zone: {areas: [us]}
    victory:
      us: {enemy_eliminated: 1}
      vc_nva: {enemy_eliminated: 1}
      win: {seat: 0, more_than_other: true}
"""

#: Per system: the map writer and the text of a scenario file for the map it writes.
WRITERS: dict[str, Callable[[Path], Path]] = {"sixty_five": sixty_five_map}
SCENARIOS: dict[str, str] = {"sixty_five": SIXTY_FIVE_SCENARIO}


def write_scenario(map_path: Path, system: str) -> Path:
    """``<map>.scenario.yaml`` beside ``map_path``."""
    path = map_path.with_name(map_path.stem + ".scenario.yaml")
    path.write_text(SCENARIOS[system], encoding="utf-8")
    return path
