"""Map tile art: the tunnel, '65 hex and 8x8 board tilesets (one PNG sheet each).

Sheets (one row-major grid each, no margin or spacing):

- ``sprites/tiles/tunnel.png``: 32x32 px square tiles for Tunnel Rats maps. Walls are dark,
  floors are lit, so the passable network reads at a glance.
- ``sprites/tiles/hex.png``: 64x56 px flat-topped hexes for '65 maps (Tiled: hexagonal,
  staggeraxis x, hexsidelength 32, so a column is 48 px wide and a row 56 px tall). Each
  terrain has its own colour and its own texture mark, so it reads in greyscale too. Road
  tiles come in every pair of hex sides so roads can bend anywhere.
- ``sprites/tiles/board.png``: 64x64 px board squares (light, dark and both sides' back row).

The tile order below is the tile id order in ``maps/tilesets/*.tsx`` (written by
``tools/author_maps.py`` from these same lists), so the two cannot drift apart.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

from tools.assets import Lcg
from tools.assets.raster import RGBA, Canvas, Point

# ---- tile catalogues: (tile name, terrain id), in tile-id order ---------------------------
TUNNEL_TILE = (32, 32)
TUNNEL_COLUMNS = 9
TUNNEL_TILES: list[tuple[str, str]] = [
    ("earth_wall", "wall"),
    ("rock_wall", "wall"),
    ("tunnel", "tunnel"),
    ("chamber", "chamber"),
    ("crawlway", "crawlway"),
    ("water_trap", "water_trap"),
    ("spider_hole", "spider_hole"),
    ("rubble", "rubble"),
    ("crawlway_v", "crawlway"),
]

HEX_TILE = (64, 56)
HEX_SIDE = 32
HEX_COLUMNS = 8
HEX_EDGES = ("n", "ne", "se", "s", "sw", "nw")
_ROAD_PAIRS = [
    (HEX_EDGES[a], HEX_EDGES[b]) for a in range(6) for b in range(a + 1, 6)
]  # 15 ways for a road to cross a hex
HEX_TILES: list[tuple[str, str]] = [
    ("clear", "clear"),
    ("brush", "brush"),
    ("jungle", "jungle"),
    ("kunai", "kunai"),
    ("paddy", "paddy"),
    ("building", "building"),
    ("rubble", "rubble"),
    ("pond", "pond"),
    ("hamlet", "building"),
] + [(f"road_{a}_{b}", "road") for a, b in _ROAD_PAIRS]

BOARD_TILE = (64, 64)
BOARD_COLUMNS = 6
BOARD_TILES: list[tuple[str, str]] = [
    ("light", "square"),
    ("dark", "square"),
    ("autobot_light", "back_row"),
    ("autobot_dark", "back_row"),
    ("deceptacon_light", "back_row"),
    ("deceptacon_dark", "back_row"),
]


def sheet_size(count: int, columns: int, tile: tuple[int, int]) -> tuple[int, int]:
    """Pixel size of a sheet holding ``count`` tiles in ``columns`` columns."""
    rows = (count + columns - 1) // columns
    return (columns * tile[0], rows * tile[1])


# ---- small drawing helpers ---------------------------------------------------------------
def _shade(c: RGBA, f: float) -> RGBA:
    """Scale a colour's brightness by f (alpha kept)."""
    return (
        min(255, int(c[0] * f)),
        min(255, int(c[1] * f)),
        min(255, int(c[2] * f)),
        c[3],
    )


def _scatter(rng: Lcg, n: int, x0: float, y0: float, x1: float, y1: float) -> list[Point]:
    return [(x0 + rng.uniform() * (x1 - x0), y0 + rng.uniform() * (y1 - y0)) for _ in range(n)]


def _stone(c: Canvas, rng: Lcg, cx: float, cy: float, r: float, rgba: RGBA) -> None:
    """An irregular pebble: a 6-7 sided polygon with jittered radius, lit on top."""
    sides = 6 + rng.randint(0, 1)
    pts = []
    for k in range(sides):
        t = 2 * math.pi * k / sides + rng.uniform() * 0.4
        rr = r * (0.7 + 0.5 * rng.uniform())
        pts.append((cx + rr * math.cos(t), cy + rr * 0.8 * math.sin(t)))
    c.fill_polygon([(x + 0.8, y + 1.0) for x, y in pts], (0, 0, 0, 90))
    c.fill_polygon(pts, rgba)
    c.fill_circle(cx - r * 0.25, cy - r * 0.3, r * 0.3, _shade(rgba, 1.25))


# ---- tunnel tiles (32x32) ----------------------------------------------------------------
EARTH = (58, 42, 30, 255)
ROCK = (52, 50, 50, 255)
FLOOR = (184, 146, 100, 255)
CHAMBER = (206, 174, 120, 255)
CRAWL = (160, 124, 84, 255)
WATER = (62, 98, 116, 255)


def _tunnel_wall_earth(seed: int) -> Canvas:
    c = Canvas(32, 32, EARTH)
    rng = Lcg(seed)
    for x, y in _scatter(rng, 14, 0, 0, 32, 32):
        c.fill_circle(x, y, 0.8 + rng.uniform() * 1.4, (34, 24, 18, 255))
    for _ in range(2):  # roots
        x, y = rng.uniform() * 32, rng.uniform() * 32
        pts = [(x, y)]
        for _ in range(4):
            x += rng.symmetric() * 5
            y += 3 + rng.uniform() * 3
            pts.append((x, y))
        c.polyline(pts, 0.9, (92, 70, 48, 255))
    c.noise(seed, 6)
    return c


def _tunnel_wall_rock(seed: int) -> Canvas:
    c = Canvas(32, 32, (36, 32, 30, 255))
    rng = Lcg(seed)
    for row in range(4):
        for col in range(3):
            cx = col * 11 + (5 if row % 2 else 0) + 4 + rng.symmetric() * 1.5
            cy = row * 8 + 4 + rng.symmetric() * 1.0
            _stone(c, rng, cx, cy, 4.2, _shade(ROCK, 0.9 + 0.25 * rng.uniform()))
    c.noise(seed, 5)
    return c


def _tunnel_floor(seed: int, base: RGBA, pebbles: int) -> Canvas:
    c = Canvas(32, 32, base)
    rng = Lcg(seed)
    for x, y in _scatter(rng, pebbles, 2, 2, 30, 30):
        c.fill_circle(x, y, 0.7 + rng.uniform() * 0.8, _shade(base, 0.72))
    c.noise(seed, 7)
    return c


def _tunnel_tunnel(seed: int) -> Canvas:
    c = _tunnel_floor(seed, FLOOR, 6)
    # faint boot-worn track down the middle
    c.fill_rect(0, 12, 32, 8, (255, 240, 200, 22))
    return c


def _tunnel_chamber(seed: int) -> Canvas:
    c = _tunnel_floor(seed, CHAMBER, 2)
    # woven sleeping-mat pattern: a light lattice reads as "room" not "corridor"
    for k in range(0, 32, 8):
        c.line(k + 4, 0, k + 4, 32, 1.0, _shade(CHAMBER, 0.86))
        c.line(0, k + 4, 32, k + 4, 1.0, _shade(CHAMBER, 0.86))
    return c


def _tunnel_crawlway(seed: int) -> Canvas:
    """A squeeze running left-right: low dark sides and knee/elbow scuffs in two lines."""
    c = _tunnel_floor(seed, CRAWL, 3)
    c.fill_rect(0, 0, 32, 6, (40, 28, 20, 170))
    c.fill_rect(0, 26, 32, 6, (40, 28, 20, 170))
    c.line(0, 6, 32, 6, 1.0, (28, 20, 14, 255))
    c.line(0, 26, 32, 26, 1.0, (28, 20, 14, 255))
    for k in range(4):
        x = 3 + k * 8
        c.fill_ellipse(x + 1, 12, 2.6, 1.5, (104, 78, 52, 255))
        c.fill_ellipse(x + 5, 20, 2.6, 1.5, (104, 78, 52, 255))
    return c


def _transposed(c: Canvas) -> Canvas:
    """The canvas mirrored about its main diagonal (turns a left-right tile up-down)."""
    out = Canvas(c.height, c.width)
    for y in range(c.height):
        for x in range(c.width):
            out.set_pixel(y, x, c.get_pixel(x, y))
    return out


def _tunnel_water(seed: int) -> Canvas:
    c = Canvas(32, 32, WATER)
    rng = Lcg(seed)
    for k in range(4):
        y = 5 + k * 7 + rng.symmetric()
        pts = [(x, y + 1.3 * math.sin(x / 3.0 + k)) for x in range(0, 33, 2)]
        c.polyline(pts, 1.0, (150, 190, 205, 200))
    c.noise(seed, 4)
    return c


def _tunnel_spider_hole(seed: int) -> Canvas:
    c = _tunnel_floor(seed, FLOOR, 3)
    c.fill_circle(16, 16, 10.5, (120, 92, 62, 255))  # dug rim
    c.fill_circle(16, 16, 8.5, (18, 12, 8, 255))  # the hole
    c.fill_ellipse(13.5, 12.5, 4.0, 2.2, (56, 40, 28, 255))  # the hole's far wall
    # a hinged lid pushed aside (bamboo slats)
    for k in range(3):
        c.line(23 + k * 2.2, 4, 25 + k * 2.2, 12, 1.6, (140, 120, 60, 255))
    return c


def _tunnel_rubble(seed: int) -> Canvas:
    c = _tunnel_floor(seed, FLOOR, 0)
    rng = Lcg(seed + 1)
    for x, y in _scatter(rng, 9, 5, 5, 27, 27):
        _stone(c, rng, x, y, 3.0 + rng.uniform() * 2.2, (112, 98, 84, 255))
    return c


_TUNNEL_DRAW: dict[str, Callable[[int], Canvas]] = {
    "earth_wall": _tunnel_wall_earth,
    "rock_wall": _tunnel_wall_rock,
    "tunnel": _tunnel_tunnel,
    "chamber": _tunnel_chamber,
    "crawlway": _tunnel_crawlway,
    "water_trap": _tunnel_water,
    "spider_hole": _tunnel_spider_hole,
    "rubble": _tunnel_rubble,
    "crawlway_v": lambda seed: _transposed(_tunnel_crawlway(seed)),
}


# ---- hex tiles (64x56, flat-topped) ------------------------------------------------------
HW, HH = HEX_TILE
HEX_CENTRE = (HW / 2, HH / 2)
HEX_CORNERS: list[Point] = [
    ((HW - HEX_SIDE) / 2, 0),
    ((HW + HEX_SIDE) / 2, 0),
    (HW, HH / 2),
    ((HW + HEX_SIDE) / 2, HH),
    ((HW - HEX_SIDE) / 2, HH),
    (0, HH / 2),
]


def _edge_mid(edge: str) -> Point:
    """Midpoint of a hex side (n, ne, se, s, sw, nw)."""
    corners = {  # side name -> its two corners
        "n": (0, 1),
        "ne": (1, 2),
        "se": (2, 3),
        "s": (3, 4),
        "sw": (4, 5),
        "nw": (5, 0),
    }[edge]
    (x0, y0), (x1, y1) = HEX_CORNERS[corners[0]], HEX_CORNERS[corners[1]]
    return ((x0 + x1) / 2, (y0 + y1) / 2)


def _grown(points: list[Point], by: float) -> list[Point]:
    cx, cy = HEX_CENTRE
    out = []
    for x, y in points:
        d = math.hypot(x - cx, y - cy)
        out.append((x + (x - cx) / d * by, y + (y - cy) / d * by))
    return out


CLEAR = (200, 198, 140, 255)
BRUSH = (132, 160, 84, 255)
JUNGLE = (40, 86, 44, 255)
KUNAI = (212, 186, 96, 255)
PADDY = (150, 196, 176, 255)
RUBBLE = (178, 170, 158, 255)
POND = (64, 112, 168, 255)
ROAD = (186, 150, 102, 255)


def _hex_base(seed: int, base: RGBA, noise: int = 6) -> Canvas:
    c = Canvas(HW, HH, base)
    c.noise(seed, noise)
    return c


def _hex_clear(seed: int) -> Canvas:
    c = _hex_base(seed, CLEAR)
    rng = Lcg(seed)
    for x, y in _scatter(rng, 10, 6, 6, HW - 6, HH - 6):  # sparse grass tufts
        c.line(x, y, x - 1, y - 3, 0.9, _shade(CLEAR, 0.78))
        c.line(x, y, x + 1, y - 3, 0.9, _shade(CLEAR, 0.78))
    return c


def _hex_brush(seed: int) -> Canvas:
    c = _hex_base(seed, BRUSH)
    rng = Lcg(seed)
    for x, y in _scatter(rng, 9, 8, 6, HW - 8, HH - 6):  # low shrubs: small dark clumps
        r = 3.0 + rng.uniform() * 1.5
        c.fill_circle(x + 0.8, y + 1.0, r, (40, 56, 24, 110))
        c.fill_circle(x, y, r, (74, 104, 46, 255))
        c.fill_circle(x - r * 0.3, y - r * 0.35, r * 0.4, (118, 150, 70, 255))
    return c


def _hex_jungle(seed: int) -> Canvas:
    c = _hex_base(seed, JUNGLE, 5)
    rng = Lcg(seed)
    for x, y in _scatter(rng, 16, 2, 0, HW - 2, HH):  # dense canopy of crowns
        r = 6.0 + rng.uniform() * 4.0
        c.fill_circle(x + 1.5, y + 2.0, r, (12, 34, 16, 150))
        c.fill_circle(x, y, r, (30 + rng.randint(0, 16), 84 + rng.randint(0, 24), 38, 255))
        c.fill_circle(x - r * 0.3, y - r * 0.35, r * 0.35, (70, 126, 64, 255))
    return c


def _hex_kunai(seed: int) -> Canvas:
    c = _hex_base(seed, KUNAI)
    rng = Lcg(seed)
    for x, y in _scatter(rng, 34, 2, 6, HW - 2, HH):  # tall grass: upright strokes
        h = 7 + rng.uniform() * 5
        lean = rng.symmetric() * 2
        c.line(x, y, x + lean, y - h, 1.1, (140, 112, 40, 255))
    return c


def _hex_paddy(seed: int) -> Canvas:
    c = _hex_base(seed, PADDY, 4)
    for k, y in enumerate(range(7, HH, 8)):  # rows of rice seedlings
        for x in range(4 + (k % 2) * 3, HW, 6):
            c.line(x, y + 2, x, y - 1.5, 1.0, (76, 128, 72, 255))
    c.line(0, HH / 2, HW, HH / 2, 2.2, (120, 104, 72, 255))  # earth dike across the field
    c.line(HW / 2, 0, HW / 2, HH, 2.2, (120, 104, 72, 255))
    return c


def _hut(c: Canvas, x: float, y: float, w: float, h: float) -> None:
    """A thatched hut seen from above: shadow, two roof halves, ridge line."""
    c.fill_rect(x + 2, y + 2, w, h, (0, 0, 0, 90))
    c.fill_rect(x, y, w, h / 2, (150, 108, 58, 255))
    c.fill_rect(x, y + h / 2, w, h / 2, (112, 78, 40, 255))
    c.line(x, y + h / 2, x + w, y + h / 2, 1.2, (70, 46, 24, 255))
    for k in range(1, int(w // 3)):
        c.line(x + k * 3, y + 1, x + k * 3, y + h - 1, 0.6, (96, 66, 34, 160))


def _hex_building(seed: int) -> Canvas:
    c = _hex_clear(seed)
    c.fill_rect(12, 14, 40, 28, (176, 160, 118, 255))  # swept yard
    _hut(c, 16, 16, 32, 20)
    return c


def _hex_hamlet(seed: int) -> Canvas:
    c = _hex_clear(seed)
    c.fill_rect(8, 8, 48, 40, (176, 160, 118, 255))
    _hut(c, 11, 11, 20, 14)
    _hut(c, 33, 15, 20, 14)
    _hut(c, 20, 31, 22, 13)
    return c


def _hex_rubble(seed: int) -> Canvas:
    c = _hex_base(seed, RUBBLE)
    rng = Lcg(seed)
    for x, y in _scatter(rng, 14, 8, 6, HW - 8, HH - 6):
        _stone(c, rng, x, y, 3.0 + rng.uniform() * 3.0, (108, 100, 92, 255))
    c.line(14, 20, 30, 26, 2.0, (84, 60, 40, 255))  # a charred beam
    c.line(34, 40, 50, 30, 2.0, (84, 60, 40, 255))
    return c


def _hex_pond(seed: int) -> Canvas:
    c = _hex_clear(seed)
    c.fill_ellipse(HW / 2, HH / 2, 25, 20, (96, 120, 80, 255))  # muddy bank
    c.fill_ellipse(HW / 2, HH / 2, 22, 17, POND)
    for k, (dx, dy) in enumerate(((-8, -5), (6, 2), (-3, 8))):
        cx, cy = HW / 2 + dx, HH / 2 + dy
        pts = [(cx + 6 * math.cos(t / 6), cy - 2.5 * math.sin(t / 6)) for t in range(4, 16)]
        c.polyline(pts, 1.0 + 0.2 * k, (170, 200, 230, 220))
    return c


def _hex_road(seed: int, a: str, b: str) -> Canvas:
    c = _hex_clear(seed)
    pa, pb = _edge_mid(a), _edge_mid(b)
    cx, cy = HEX_CENTRE

    def out(p: Point) -> Point:  # continue a little past the side so roads join up
        d = math.hypot(p[0] - cx, p[1] - cy)
        return (p[0] + (p[0] - cx) / d * 3, p[1] + (p[1] - cy) / d * 3)

    straight = abs((pa[0] + pb[0]) / 2 - cx) < 0.5 and abs((pa[1] + pb[1]) / 2 - cy) < 0.5
    pts: list[Point] = [out(pa)]
    steps = 12
    for k in range(steps + 1):
        t = k / steps
        if straight:
            pts.append((pa[0] + (pb[0] - pa[0]) * t, pa[1] + (pb[1] - pa[1]) * t))
        else:  # quadratic curve bending through the centre
            u = 1 - t
            pts.append(
                (
                    u * u * pa[0] + 2 * u * t * cx + t * t * pb[0],
                    u * u * pa[1] + 2 * u * t * cy + t * t * pb[1],
                )
            )
    pts.append(out(pb))
    c.polyline(pts, 13.0, (120, 96, 62, 255))  # verge
    c.polyline(pts, 10.0, ROAD)
    c.polyline(pts, 1.0, (150, 118, 76, 200))  # wheel rut
    return c


_HEX_DRAW: dict[str, Callable[[int], Canvas]] = {
    "clear": _hex_clear,
    "brush": _hex_brush,
    "jungle": _hex_jungle,
    "kunai": _hex_kunai,
    "paddy": _hex_paddy,
    "building": _hex_building,
    "rubble": _hex_rubble,
    "pond": _hex_pond,
    "hamlet": _hex_hamlet,
}


def _hex_tile(name: str, seed: int) -> Canvas:
    if name.startswith("road_"):
        _, a, b = name.split("_")
        art = _hex_road(seed, a, b)
    else:
        art = _HEX_DRAW[name](seed)
    # clip to the hex (grown by half a pixel so neighbours overlap instead of leaving seams)
    mask = Canvas(HW, HH)
    mask.fill_polygon(_grown(HEX_CORNERS, 0.5), (255, 255, 255, 255))
    art.mask_alpha(mask)
    art.polyline(_grown(HEX_CORNERS, -0.5), 1.0, (30, 30, 24, 110), closed=True)
    return art


# ---- board squares (64x64) ---------------------------------------------------------------
_BOARD_COLOURS: dict[str, RGBA] = {
    "light": (226, 214, 186, 255),
    "dark": (118, 92, 72, 255),
    "autobot_light": (236, 196, 184, 255),
    "autobot_dark": (150, 70, 60, 255),
    "deceptacon_light": (206, 196, 230, 255),
    "deceptacon_dark": (88, 72, 128, 255),
}


def _board_tile(name: str, seed: int) -> Canvas:
    base = _BOARD_COLOURS[name]
    c = Canvas(64, 64, base)
    c.noise(seed, 3)
    c.fill_rect(0, 0, 64, 2, _shade(base, 1.12))  # bevel: lit top/left, shaded bottom/right
    c.fill_rect(0, 0, 2, 64, _shade(base, 1.12))
    c.fill_rect(0, 62, 64, 2, _shade(base, 0.82))
    c.fill_rect(62, 0, 2, 64, _shade(base, 0.82))
    if name.startswith(("autobot", "deceptacon")):  # back row: a corner chevron mark
        mark = _shade(base, 0.7 if "light" in name else 1.35)
        c.polyline([(6, 16), (6, 6), (16, 6)], 2.0, mark)
        c.polyline([(48, 58), (58, 58), (58, 48)], 2.0, mark)
    return c


# ---- sheets ------------------------------------------------------------------------------
def _sheet(
    tiles: list[tuple[str, str]],
    columns: int,
    tile: tuple[int, int],
    draw: Callable[[str, int], Canvas],
) -> Canvas:
    w, h = sheet_size(len(tiles), columns, tile)
    sheet = Canvas(w, h)
    for i, (name, _terrain) in enumerate(tiles):
        art = draw(name, 1000 + i * 37)
        sheet.paste(art, (i % columns) * tile[0], (i // columns) * tile[1])
    return sheet


def tunnel_sheet() -> Canvas:
    """The tunnel tileset image."""
    return _sheet(TUNNEL_TILES, TUNNEL_COLUMNS, TUNNEL_TILE, lambda n, s: _TUNNEL_DRAW[n](s))


def hex_sheet() -> Canvas:
    """The '65 hex tileset image."""
    return _sheet(HEX_TILES, HEX_COLUMNS, HEX_TILE, _hex_tile)


def board_sheet() -> Canvas:
    """The 8x8 board tileset image."""
    return _sheet(BOARD_TILES, BOARD_COLUMNS, BOARD_TILE, _board_tile)


def generate(root: Path) -> list[Path]:
    """Write sprites/tiles/{tunnel,hex,board}.png under root."""
    out = root / "sprites" / "tiles"
    return [
        tunnel_sheet().save_png(out / "tunnel.png"),
        hex_sheet().save_png(out / "hex.png"),
        board_sheet().save_png(out / "board.png"),
    ]
