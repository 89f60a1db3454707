"""'65 geomorphic hex maps: drawn as letter grids (one letter a hex) with roads given
as hex paths."""

from __future__ import annotations

from tools.assets.tiles import HEX_SIDE
from tools.map_layouts.spec import HEX, Cell, MapObject, MapSpec, ObjectLayer

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

#: Building silhouettes ('65 section 14) in tile pixels, the huts the tile art draws
#: (tools/assets/tiles.py: _hex_building, _hex_hamlet): (x, y, width, height).
SILHOUETTES = {
    "H": [(16, 16, 32, 20)],
    "h": [(11, 11, 20, 14), (33, 15, 20, 14), (20, 31, 22, 13)],
}


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
    buildings = []
    for row, letters in enumerate(rows):
        for col, ch in enumerate(letters):
            x0 = col * (w + side) / 2
            y0 = row * h + (h / 2 if col % 2 else 0)
            for k, (x, y, bw, bh) in enumerate(SILHOUETTES.get(ch, ())):
                name = f"{chr(ord('A') + col)}{row + 1}" + (f"-{k + 1}" if k else "")
                buildings.append(MapObject("building", name, x0 + x, y0 + y, bw, bh))
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
        layers=[
            ObjectLayer("labels", points),
            ObjectLayer("markers", []),
            ObjectLayer("buildings", buildings),
            ObjectLayer("setup", setup_areas()),
        ],
        hexagonal=True,
        background="#3c4a2c",
    )


def setup_areas() -> list[MapObject]:
    """A set-up area for each side (issue 33: a map played alone sets up there): the
    Americans over columns A-B, the Viet Cong over J-K (centres inside the boxes)."""
    height = HEX_ROWS * HEX.tile[1] + HEX.tile[1] // 2
    return [
        MapObject(
            "deployment", "American set-up", 0, 0, 100, height, props={"side": ("string", "us")}
        ),
        MapObject(
            "deployment",
            "Viet Cong set-up",
            440,
            0,
            104,
            height,
            props={"side": ("string", "vc_nva")},
        ),
    ]


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
