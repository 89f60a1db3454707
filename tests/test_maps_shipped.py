"""Every shipped map loads, passes the map checker and holds what its game needs.

Shipped maps are the .tmx files under maps/ (drawn with tools/author_maps.py, then edited in
Tiled). Tunnel Rats: winding complexes with entrances, traps, spider holes and both sides'
deployment; '65: geomorphic maps 1-3 whose hexes cover every hex the scenarios name;
Transformers: the 8x8 board with a back row for each side.
"""

from __future__ import annotations

import json
import os
import shutil
import struct
import subprocess
import xml.etree.ElementTree as ET
from collections import deque
from pathlib import Path

import pytest

from game.maps import GameMap, load_map, parse_hex_label
from game.maps.check import check_map
from game.maps.grid import map_line_of_sight

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "maps"

SIZES: dict[str, tuple[int, int]] = {
    "tunnel_rats/paddy_warren.tmx": (24, 16),
    "tunnel_rats/twin_wells_level1.tmx": (32, 24),
    "tunnel_rats/twin_wells_level2.tmx": (32, 24),
    "tunnel_rats/plantation.tmx": (40, 30),
    "sixty_five/map1.tmx": (11, 6),
    "sixty_five/map2.tmx": (11, 6),
    "sixty_five/map3.tmx": (11, 6),
    "transformers_skirmish/board.tmx": (8, 8),
}
TUNNEL_MAPS = [k for k in SIZES if k.startswith("tunnel_rats/")]
HEX_MAPS = [k for k in SIZES if k.startswith("sixty_five/")]

_cache: dict[str, GameMap] = {}


def shipped(rel: str) -> GameMap:
    """Load a shipped map once (terrain resolved through its system's table)."""
    if rel not in _cache:
        _cache[rel] = load_map(MAPS / rel)
    return _cache[rel]


def cells_of(game_map: GameMap, kind: str, **props: object) -> set[tuple[int, int]]:
    out: set[tuple[int, int]] = set()
    for obj in game_map.objects_of_kind(kind):
        if all(obj.properties.get(k) == v for k, v in props.items()):
            out.update(obj.cells)
    return out


# ---- every map ----------------------------------------------------------------------------
def test_maps_shipped_list_is_complete() -> None:
    """The table above names every shipped map, so a new map cannot skip these tests.
    (Tabletop maps, ``maps/tabletop/``, ``maps/ratfight/`` and ``maps/five_five_six/``,
    are checked by tests/test_maps_tabletop*.py.)"""
    tabletop = ("tabletop", "ratfight", "five_five_six")
    found = {
        p.relative_to(MAPS).as_posix()
        for p in MAPS.glob("*/*.tmx")
        if p.parent.name not in tabletop
    }
    assert found == set(SIZES)


@pytest.mark.parametrize("rel", sorted(SIZES))
def test_maps_shipped_load_with_every_cell_typed(rel: str) -> None:
    """A map belongs to the system of its folder, has its size, and every cell has terrain."""
    m = shipped(rel)
    assert m.system == rel.split("/")[0]
    assert (m.width, m.height) == SIZES[rel]
    assert m.layer("terrain") is not None
    untyped = [c for c in m.cells() if m.terrain_at(c) is None]
    assert untyped == []


@pytest.mark.parametrize("rel", sorted(SIZES))
def test_maps_shipped_pass_check_map(rel: str) -> None:
    """`python -m game check-map` finds nothing on a shipped map (no errors, no warnings).

    ('65 maps carry no deployment zones: each scenario names its own set-up hexes.)
    """
    assert [str(p) for p in check_map(MAPS / rel)] == []


def _png_size(path: Path) -> tuple[int, int]:
    with path.open("rb") as f:
        head = f.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    width, height = struct.unpack(">II", head[16:24])
    return width, height


@pytest.mark.parametrize("name", ["tunnel", "hex", "board"])
def test_maps_tilesets_match_their_images(name: str) -> None:
    """A tileset's declared image size is the PNG's real size, its path is relative, and
    every tile names its terrain with the project enum (so Tiled shows a dropdown)."""
    tsx = MAPS / "tilesets" / f"{name}.tsx"
    root = ET.parse(tsx).getroot()
    image = root.find("image")
    assert image is not None
    source = image.get("source", "")
    assert source == f"../../sprites/tiles/{name}.png"
    size = _png_size((tsx.parent / source).resolve())
    assert size == (int(image.get("width", 0)), int(image.get("height", 0)))
    tiles = root.findall("tile")
    assert len(tiles) == int(root.get("tilecount", -1))
    project = json.loads((MAPS / "skirmish.tiled-project").read_text(encoding="utf-8"))
    enums = {t["name"]: t["values"] for t in project["propertyTypes"] if t["type"] == "enum"}
    for tile in tiles:
        (prop,) = [p for p in tile.iter("property") if p.get("name") == "terrain"]
        assert prop.get("value") in enums[prop.get("propertytype", "")]


def test_maps_project_enums_match_terrain_tables() -> None:
    """The Tiled enums list exactly the terrain ids of each system's terrain table."""
    from game.maps.terrain import load_system_terrain

    project = json.loads((MAPS / "skirmish.tiled-project").read_text(encoding="utf-8"))
    enums = {t["name"]: set(t["values"]) for t in project["propertyTypes"] if t["type"] == "enum"}
    assert enums["TunnelTerrain"] == set(load_system_terrain("tunnel_rats"))
    assert enums["HexTerrain"] == set(load_system_terrain("sixty_five"))
    assert enums["BoardTerrain"] == set(load_system_terrain("transformers_skirmish"))
    assert enums["ObjectKind"] == {
        "entrance",
        "booby_trap",
        "deployment",
        "objective",
        "spawn",
        "label",
        "marker",
        "building",  # '65 building silhouettes (section 14)
    }


# ---- Tunnel Rats --------------------------------------------------------------------------
def _floor(m: GameMap) -> set[tuple[int, int]]:
    return {c for c in m.cells() if (t := m.terrain_at(c)) is not None and t.passable}


@pytest.mark.parametrize("rel", TUNNEL_MAPS)
def test_tr_map_every_passage_reachable_from_an_entrance(rel: str) -> None:
    """No sealed pockets: every floor tile can be reached on foot from an entrance."""
    m = shipped(rel)
    floor = _floor(m)
    start = [o.cell for o in m.objects_of_kind("entrance")]
    seen, queue = set(start), deque(start)
    while queue:
        x, y = queue.popleft()
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n in floor and n not in seen:
                seen.add(n)
                queue.append(n)
    assert floor - seen == set()


@pytest.mark.parametrize("rel", TUNNEL_MAPS)
def test_tr_map_has_the_tunnel_features(rel: str) -> None:
    """Each level has chambers, a crawlway, a water trap, spider holes with spawn points,
    obvious booby traps, an objective and a defenders' deployment zone, all on floor."""
    m = shipped(rel)
    used = {m.terrain_id_at(c) for c in m.cells()}
    assert {"wall", "tunnel", "chamber", "crawlway", "water_trap", "spider_hole"} <= used
    assert len(m.objects_of_kind("booby_trap")) >= 2
    assert m.objects_of_kind("objective")
    assert cells_of(m, "deployment", side="defenders")
    spawns = m.objects_of_kind("spawn")
    assert spawns and all(m.terrain_id_at(o.cell) == "spider_hole" for o in spawns)
    floor = _floor(m)
    for kind in ("entrance", "booby_trap", "objective", "spawn", "deployment"):
        for obj in m.objects_of_kind(kind):
            assert set(obj.cells) <= floor, f"{kind} {obj.name!r} overlaps a wall"


@pytest.mark.parametrize("rel", TUNNEL_MAPS)
def test_tr_map_rats_enter_by_a_shaft_out_of_sight(rel: str) -> None:
    """Level 1 has the rats' entry shaft (an open entrance to the surface inside their
    zone); no defenders' deployment tile is in line of sight of the rats' zone, so the
    defenders can wait in ambush."""
    m = shipped(rel)
    rats = cells_of(m, "deployment", side="rats")
    if m.properties.get("level") != 1:
        assert rats == set()  # deeper levels are reached through entrances only
        return
    shafts = cells_of(m, "entrance", leads_to="", hidden=False)
    assert rats and shafts & rats
    defenders = cells_of(m, "deployment", side="defenders")
    seen = [(a, b) for a in rats for b in defenders if map_line_of_sight(m, a, b)]
    assert seen == []


def test_tr_entrances_link_levels_both_ways() -> None:
    """An entrance with leads_to names another level of the same complex, which has an
    entrance of the same name on the same tile leading back (a shaft joins two levels).
    At least one shipped complex has two levels and at least one entrance is hidden."""
    links = 0
    hidden = 0
    for rel in TUNNEL_MAPS:
        m = shipped(rel)
        for e in m.objects_of_kind("entrance"):
            assert isinstance(e.properties.get("hidden"), bool)
            hidden += bool(e.properties["hidden"])
            target = str(e.properties.get("leads_to", ""))
            if not target:
                continue
            other_rel = (Path(rel).parent / target).as_posix()
            other = shipped(other_rel)
            assert other.properties["complex"] == m.properties["complex"]
            assert other.properties["level"] != m.properties["level"]
            back = [o for o in other.objects_of_kind("entrance") if o.name == e.name]
            assert len(back) == 1 and back[0].cell == e.cell
            assert back[0].properties["leads_to"] == Path(rel).name
            links += 1
    assert links >= 2 and hidden >= 1


# ---- '65 ------------------------------------------------------------------------------------
# Hexes the scenarios name, by map (set-up hexes, wire, objectives, road, ruin, exit).
SCENARIO_HEXES = {
    "1": "A1 C6",
    "2": "K3 J2 I3 H3 G3 F2 E3 D2 C3 B2 A3 J5 I6 H6 G6 F6 E6 D6 C6 C2 F3 B4 A4",
    "3": "B4 C5 D3 E4 G4 I4 J3 A2 B2 I5 C1 E3 E5 G5 I2 I1",
}


def _hex(m: GameMap, label: str) -> str | None:
    return m.terrain_id_at(parse_hex_label(label))


@pytest.mark.parametrize("rel", HEX_MAPS)
def test_65_map_is_flat_topped_and_holds_every_named_hex(rel: str) -> None:
    """Hexes are flat-topped (columns staggered), lettered A-K across and numbered 1-6
    down; every hex a scenario names exists; the `markers` layer is there for wire,
    foxholes and bunkers."""
    m = shipped(rel)
    map_id = str(m.properties["map_id"])
    assert rel == f"sixty_five/map{map_id}.tmx"
    assert m.hex is not None and m.hex.stagger_axis == "x"
    for label in SCENARIO_HEXES[map_id].split():
        assert m.contains(parse_hex_label(label)), label
    layer = m.layer("markers")
    assert layer is not None and layer.kind == "object"


def test_65_maps_have_the_terrain_the_scenarios_use() -> None:
    """Scenario hexes stand on fitting terrain: the Map 2 highway J5-C6 is road and C2 a
    building (Tanks in the Wire removes it), the Map 3 road leaves by C1, I5 (the camp) is
    a building, the ruin hexes E3/E5/G5 are rubble, the Map 3 ambush hexes give cover,
    row 2 of Map 3 has jungle for the Americans, and every terrain type appears somewhere."""
    m1, m2, m3 = (shipped(f"sixty_five/map{i}.tmx") for i in (1, 2, 3))
    assert all(_hex(m2, h) == "road" for h in "J5 I6 H6 G6 F6 E6 D6 C6".split())
    assert _hex(m2, "C2") == "building"
    assert _hex(m3, "C1") == "road" and _hex(m3, "I5") == "building"
    assert all(_hex(m3, h) == "rubble" for h in ("E3", "E5", "G5"))
    for label in "B4 C5 D3 E4 G4 I4 J3".split():
        t = m3.terrain_at(parse_hex_label(label))
        assert t is not None and (t.cover > 0 or t.blocks_los or t.degrades_los > 0), label
    assert sum(_hex(m3, f"{c}2") == "jungle" for c in "ABCDEFGHIJK") >= 4
    for m in (m1, m2, m3):
        assert any(m.terrain_id_at(c) == "building" for c in m.cells())
    used = {m.terrain_id_at(c) for m in (m1, m2, m3) for c in m.cells()}
    assert used == {
        "clear",
        "brush",
        "jungle",
        "kunai",
        "paddy",
        "building",
        "rubble",
        "road",
        "pond",
    }


# ---- Transformers -------------------------------------------------------------------------
def test_tf_board_back_rows_and_deployment() -> None:
    """8x8 chequered board; rank 1 (bottom row) is the Autobots' back row and rank 8 (top
    row) the Deceptacons'; each side's deployment zone is exactly its back row."""
    m = shipped("transformers_skirmish/board.tmx")
    terrain = m.layer("terrain")
    assert terrain is not None
    for y in range(8):
        expected = "back_row" if y in (0, 7) else "square"
        assert all(m.terrain_id_at((x, y)) == expected for x in range(8))
        for x in range(7):
            assert terrain.gid_at((x, y)) != terrain.gid_at((x + 1, y))  # alternating
    assert cells_of(m, "deployment", side="autobots") == {(x, 7) for x in range(8)}
    assert cells_of(m, "deployment", side="deceptacons") == {(x, 0) for x in range(8)}


# ---- Tiled itself -------------------------------------------------------------------------
@pytest.mark.parametrize("rel", sorted(SIZES))
def test_maps_shipped_open_in_tiled(rel: str, tmp_path: Path) -> None:
    """Tiled 1.8 opens the map with its tilesets (exported to JSON with tilesets embedded:
    the tileset image, tile count and terrain properties all arrive)."""
    tiled = shutil.which("tiled")
    if tiled is None:
        pytest.skip("Tiled is not installed (Debian package 'tiled')")
    out = tmp_path / "map.json"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_RUNTIME_DIR": str(tmp_path)}
    run = subprocess.run(
        [tiled, "--export-map", "json", "--embed-tilesets", str(MAPS / rel), str(out)],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert run.returncode == 0, run.stderr
    data = json.loads(out.read_text(encoding="utf-8"))
    assert (data["width"], data["height"]) == SIZES[rel]
    (tileset,) = data["tilesets"]
    assert tileset["tilecount"] > 0 and tileset["image"].endswith(".png")
    assert all(p["name"] == "terrain" for t in tileset["tiles"] for p in t["properties"])
    (layer,) = [la for la in data["layers"] if la["name"] == "terrain"]
    assert len(layer["data"]) == data["width"] * data["height"] and 0 not in layer["data"]


# ---- tile art -------------------------------------------------------------------------------
def _tiles(name: str) -> list[tuple[str, str, list[tuple[int, int, int, int]]]]:
    """(tile name, terrain, RGBA pixels) of every tile of a generated sheet."""
    import pygame

    from tools.assets import tiles

    spec = {
        "tunnel": (tiles.TUNNEL_TILES, tiles.TUNNEL_COLUMNS, tiles.TUNNEL_TILE),
        "hex": (tiles.HEX_TILES, tiles.HEX_COLUMNS, tiles.HEX_TILE),
    }[name]
    sheet = pygame.image.load(str(ROOT / "sprites" / "tiles" / f"{name}.png"))
    out = []
    catalogue, columns, (w, h) = spec
    for i, (tile, terrain) in enumerate(catalogue):
        x0, y0 = (i % columns) * w, (i // columns) * h
        px = [tuple(sheet.get_at((x0 + x, y0 + y))) for y in range(h) for x in range(w)]
        out.append((tile, terrain, px))
    return out


def _luma(px: list[tuple[int, int, int, int]]) -> float:
    opaque = [p for p in px if p[3] == 255]
    return sum(0.299 * r + 0.587 * g + 0.114 * b for r, g, b, _ in opaque) / len(opaque)


def test_tiles_tunnel_walls_dark_floors_lit() -> None:
    """Walls read as solid at a glance: every wall tile is much darker than every floor
    tile (mean brightness, so it holds in greyscale too), and tiles are fully opaque."""
    tiles = _tiles("tunnel")
    walls = [_luma(px) for _, terrain, px in tiles if terrain == "wall"]
    floors = [_luma(px) for _, terrain, px in tiles if terrain != "wall"]
    assert walls and floors
    assert max(walls) + 40 < min(floors)
    assert all(p[3] == 255 for _, _, px in tiles for p in px)


def test_tiles_hex_shape_and_distinct_terrain() -> None:
    """Hex tiles are flat-topped hexes (corners of the 64x56 box transparent, centre and
    the middle of the flat top opaque) and no two terrains look alike in greyscale
    (mean brightness or texture spread differ)."""
    tiles = _tiles("hex")
    w, h = 64, 56
    for _name, _terrain, px in tiles:
        alpha = {(x, y): px[y * w + x][3] for x, y in ((1, 1), (w - 2, h - 2))}
        assert alpha == {(1, 1): 0, (w - 2, h - 2): 0}
        assert px[(h // 2) * w + w // 2][3] == 255 and px[1 * w + w // 2][3] == 255
    looks = {}
    for name, terrain, px in tiles:
        if name in ("hamlet",) or name.startswith("road_") and name != "road_n_s":
            continue
        lum = [0.299 * r + 0.587 * g + 0.114 * b for r, g, b, a in px if a == 255]
        mean = sum(lum) / len(lum)
        spread = (sum((v - mean) ** 2 for v in lum) / len(lum)) ** 0.5
        looks[terrain] = (mean, spread)
    names = sorted(looks)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            (ma, sa), (mb, sb) = looks[a], looks[b]
            assert abs(ma - mb) > 6 or abs(sa - sb) > 4, (a, b, looks[a], looks[b])
