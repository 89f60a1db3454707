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


def table_map(folder: Path, system: str, name: str, title: str = "My valley") -> Path:
    """A tabletop map (docs steps 2-6 for RatFight and 5.56mm): a 24" x 24" table of
    32 px tiles at 1" each, grass ground, a few terrain pieces (a building, a wood as an
    ellipse, a wall as a polyline, rocks as a polygon), deployment zones along the south
    (first side) and north edges, and an objective in the middle."""
    rows = [[1] * 24 for _ in range(24)]
    text = (
        HEADER + '<map version="1.8" tiledversion="1.8.2" orientation="orthogonal"'
        ' renderorder="right-down" width="24" height="24" tilewidth="32" tileheight="32"'
        ' infinite="0" nextlayerid="4" nextobjectid="9">\n'
        " <properties>\n"
        '  <property name="inches_per_tile" type="float" value="1"/>\n'
        f'  <property name="system" value="{system}"/>\n'
        f'  <property name="title" value="{title}"/>\n'
        " </properties>\n"
        ' <tileset firstgid="1" source="../tilesets/table.tsx"/>\n'
        ' <layer id="1" name="ground" width="24" height="24">\n  <data encoding="csv">\n'
        + _csv(rows)
        + "</data>\n </layer>\n"
        ' <objectgroup id="2" name="terrain">\n'
        + _rect(1, "Farmhouse", "building", (320, 96, 128, 96))
        + '  <object id="2" name="Copse" type="wood" x="96" y="320" width="160" height="128">'
        "\n   <ellipse/>\n  </object>\n"
        '  <object id="3" name="Field wall" type="wall" x="448" y="448">\n'
        '   <polyline points="0,0 224,0"/>\n  </object>\n'
        '  <object id="4" name="Boulders" type="rocks" x="560" y="256">\n'
        '   <polygon points="0,0 64,-16 80,48 16,64"/>\n  </object>\n'
        " </objectgroup>\n"
        ' <objectgroup id="3" name="zones">\n'
        + _rect(5, "South edge", "deployment", (0, 672, 768, 96), side="south")
        + _rect(6, "North edge", "deployment", (0, 0, 768, 96), side="north")
        + _rect(7, "Well", "objective", (352, 352, 64, 64), objective="well")
        + " </objectgroup>\n</map>\n"
    )
    path = folder / system / f"{name}.tmx"
    path.write_text(text, encoding="utf-8")
    return path


def five_five_six_map(folder: Path) -> Path:
    """5.56mm: the tabletop map, in ``five_five_six/``."""
    return table_map(folder, "five_five_six", "my_village")


def _man(ident: str, name: str, card: str, gear: str, at: tuple[int, int], facing: int) -> str:
    return (
        f"          - {{id: {ident}, name: {name}, cards: [{card}], movement: 0, weapons: 0,"
        f" strength: 0, morale: 0, gear: [{gear}], at: [{at[0]}, {at[1]}], facing: {facing}}}\n"
    )


FIVE_FIVE_SIX_SCENARIO = (
    """\
scenarios:
  - id: the_well
    title: The Well
    briefing:
      situation: Two patrols meet at the village well.
      goals:
        - Get a man to the well, or put the other patrol out of the fight.
        - Keep them off the well until the end of turn 4, or put them out of the fight.
    map: my_village.tmx
    sides:
      - name: Rangers
        colour: black
        characters:
"""
    + _man("ranger_1", "Sgt Hale", "KC", "m16", (8, 22), 270)
    + _man("ranger_2", "Pte Moss", "2C", "m16", (14, 22), 270)
    + """\
      - name: Militia
        colour: red
        characters:
"""
    + _man("gunman_1", "Omar", "KH", "ak47", (8, 2), 90)
    + _man("gunman_2", "Yusuf", "2H", "ak47", (14, 2), 90)
    + """\
    victory:
      - {kind: reach, side: 0, objective: well, title: the Rangers reach the well}
      - {kind: eliminate, side: 0, title: no militiaman is left fighting}
      - {kind: hold, side: 1, turns: 4, title: the well is still theirs}
      - {kind: eliminate, side: 1, title: no Ranger is left fighting}
"""
)


def ratfight_map(folder: Path) -> Path:
    """RatFight: the tabletop map, in ``ratfight/``."""
    return table_map(folder, "ratfight", "my_crossroads")


RATFIGHT_SCENARIO = """\
id: the_well
title: The Well
briefing: Two sections race for the village well.
map: my_crossroads.tmx
sides:
  - name: Blue Section
    goal: Get a soldier to the well.
    names: [Bastien, Colin]
    forces:
      - id: blue
        name: Blue section
        deployment: South edge
        models:
          - {id: lt, unit: officer, name: Lt Aubry, at: [6, 22], leader: 2}
          - {id: r1, unit: rifleman, at: [10, 22]}
          - {id: r2, unit: rifleman, at: [14, 22]}
  - name: Red Section
    goal: Keep them from the well until the end of turn 4.
    names: [Adler, Berger]
    forces:
      - id: red
        name: Red section
        deployment: North edge
        models:
          - {id: sgt, unit: officer, name: Sgt Brandt, at: [6, 2], leader: 2}
          - {id: g1, unit: rifleman, at: [10, 2]}
          - {id: g2, unit: rifleman, at: [14, 2]}
events:
  - {kind: reach, side: 0, objective: well, title: a soldier reaches the well}
  - {kind: hold, side: 1, turns: 4, title: the well is held}
"""


def tunnel_rats_map(folder: Path) -> Path:
    """Tunnel Rats (docs steps 2-5): a 16 x 10 level of 32 px tiles, walls dug out into
    a shaft chamber (the rats' zone and the entry shaft), a tunnel, a crawlway and two
    chambers (the defenders' zones), a spider hole with its spawn, and an objective."""
    wall, tunnel, chamber, crawl, hole = 1, 3, 4, 5, 7
    rows = [[wall] * 16 for _ in range(10)]
    for x in range(1, 4):
        for y in range(1, 4):
            rows[y][x] = chamber  # the shaft chamber
    for x in range(4, 11):
        rows[2][x] = tunnel
    for x in range(11, 15):
        for y in range(1, 5):
            rows[y][x] = chamber  # the sleeping chamber
    for y in range(3, 7):
        rows[y][7] = crawl
    for x in range(5, 10):
        for y in range(7, 9):
            rows[y][x] = chamber  # the rice store
    rows[5][13] = hole
    rows[5][12] = tunnel
    entrance = (
        '  <object id="1" name="Entry shaft" type="entrance" x="64" y="64" width="32"'
        ' height="32">\n   <properties>\n'
        '    <property name="hidden" type="bool" value="false"/>\n'
        '    <property name="leads_to" type="file" value=""/>\n'
        "   </properties>\n  </object>\n"
    )
    text = (
        HEADER + '<map version="1.8" tiledversion="1.8.2" orientation="orthogonal"'
        ' renderorder="right-down" width="16" height="10" tilewidth="32" tileheight="32"'
        ' infinite="0" nextlayerid="4" nextobjectid="8">\n'
        " <properties>\n"
        '  <property name="complex" value="my_warren"/>\n'
        '  <property name="inches_per_tile" type="float" value="1"/>\n'
        '  <property name="level" type="int" value="1"/>\n'
        '  <property name="system" value="tunnel_rats"/>\n'
        '  <property name="title" value="My valley"/>\n'
        " </properties>\n"
        ' <tileset firstgid="1" source="../tilesets/tunnel.tsx"/>\n'
        ' <layer id="1" name="terrain" width="16" height="10">\n  <data encoding="csv">\n'
        + _csv(rows)
        + "</data>\n </layer>\n"
        ' <objectgroup id="2" name="zones">\n'
        + _rect(2, "Shaft chamber", "deployment", (32, 32, 96, 96), side="rats")
        + _rect(3, "Sleeping chamber", "deployment", (352, 32, 128, 128), side="defenders")
        + _rect(4, "Rice store", "deployment", (160, 224, 160, 64), side="defenders")
        + " </objectgroup>\n"
        ' <objectgroup id="3" name="objects">\n'
        + entrance
        + _rect(5, "Spider hole", "spawn", (416, 160, 32, 32), side="defenders")
        + _rect(6, "Rice sacks", "objective", (256, 256, 32, 32), objective="rice")
        + " </objectgroup>\n</map>\n"
    )
    path = folder / "tunnel_rats" / "my_warren.tmx"
    path.write_text(text, encoding="utf-8")
    return path


TUNNEL_RATS_SCENARIO = """\
id: rice_store
title: The Rice Store
summary: Two rats go down to clear a small store warren.
briefing:
  rats: Tunnel Rats
  defenders: Viet Cong
  situation: A shaft in a dyke leads down to a rice store.
  rats_goal: Kill both soldiers before round 10 ends.
  defenders_goal: Kill both rats, or keep a soldier alive until round 10 is over.
  special_rules: []
levels: [my_warren.tmx]
rats: 2
enemies:
  - {side: vc, weapon: rifle, count: 2}
reinforcements: []
max_reinforcements: 0
round_limit: 10
victory: {kind: eliminate}
"""

#: Per system: the map writer and the text of a scenario file for the map it writes.
WRITERS: dict[str, Callable[[Path], Path]] = {
    "sixty_five": sixty_five_map,
    "five_five_six": five_five_six_map,
    "ratfight": ratfight_map,
    "tunnel_rats": tunnel_rats_map,
}
SCENARIOS: dict[str, str] = {
    "sixty_five": SIXTY_FIVE_SCENARIO,
    "five_five_six": FIVE_FIVE_SIX_SCENARIO,
    "ratfight": RATFIGHT_SCENARIO,
    "tunnel_rats": TUNNEL_RATS_SCENARIO,
}
#: The title of each scenario file, as the briefing and the setup screen show it.
SCENARIO_TITLES = {
    "sixty_five": "The Crossroads",
    "five_five_six": "The Well",
    "ratfight": "The Well",
    "tunnel_rats": "The Rice Store",
}


def write_scenario(map_path: Path, system: str) -> Path:
    """``<map>.scenario.yaml`` beside ``map_path``."""
    path = map_path.with_name(map_path.stem + ".scenario.yaml")
    path.write_text(SCENARIOS[system], encoding="utf-8")
    return path
