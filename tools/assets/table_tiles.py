"""Ground tiles for tabletop maps (RatFight, 5.56mm): ``sprites/tiles/table.png``.

32x32 px square tiles, one row, no margin or spacing. They are only the look of the
table: the rules read terrain pieces (Tiled objects), never these tiles. The colours are
muted so the terrain pieces drawn over them stay readable. Tile order = tile id order in
``maps/tilesets/table.tsx``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tools.assets import Lcg
from tools.assets.raster import RGBA, Canvas

TABLE_TILE = (32, 32)
#: (tile name, ground id) in tile-id order.
TABLE_TILES: list[tuple[str, str]] = [
    ("grass", "grass"),
    ("grass_tufts", "grass"),
    ("grass_dry", "grass"),
    ("ploughed", "field"),
    ("dirt", "dirt"),
    ("cobbles", "paving"),
    ("sand", "sand"),
    ("mud", "mud"),
]

GRASS: RGBA = (104, 128, 74, 255)


def _shade(c: RGBA, f: float) -> RGBA:
    return (min(255, int(c[0] * f)), min(255, int(c[1] * f)), min(255, int(c[2] * f)), c[3])


def _speckled(seed: int, base: RGBA, dots: int, dark: float, noise: int) -> Canvas:
    c = Canvas(32, 32, base)
    rng = Lcg(seed)
    for _ in range(dots):
        x, y = rng.uniform() * 32, rng.uniform() * 32
        c.fill_circle(x, y, 0.5 + rng.uniform() * 0.7, _shade(base, dark + 0.2 * rng.uniform()))
    c.noise(seed, noise)
    return c


def _grass(seed: int) -> Canvas:
    return _speckled(seed, GRASS, 18, 0.8, 5)


def _grass_tufts(seed: int) -> Canvas:
    c = _speckled(seed, GRASS, 10, 0.8, 5)
    rng = Lcg(seed + 1)
    for _ in range(4):
        x, y = 3 + rng.uniform() * 26, 5 + rng.uniform() * 24
        for dx in (-1.5, 0.0, 1.5):
            c.line(x, y, x + dx * 1.4, y - 3.5, 0.8, _shade(GRASS, 0.72))
    return c


def _grass_dry(seed: int) -> Canvas:
    return _speckled(seed, (124, 134, 80, 255), 16, 0.85, 5)


def _ploughed(seed: int) -> Canvas:
    base: RGBA = (122, 98, 68, 255)
    c = Canvas(32, 32, base)
    for row in range(4):  # furrows run left-right, so a field of these tiles joins up
        c.fill_rect(0, row * 8 + 5, 32, 2, _shade(base, 0.75))
    c.noise(seed, 6)
    return c


def _dirt(seed: int) -> Canvas:
    return _speckled(seed, (140, 116, 84, 255), 12, 0.8, 6)


def _cobbles(seed: int) -> Canvas:
    base: RGBA = (120, 116, 108, 255)
    c = Canvas(32, 32, _shade(base, 0.7))
    rng = Lcg(seed)
    for row in range(4):
        for col in range(4):
            x = col * 8 + (4 if row % 2 else 0) - 4 + 1
            c.fill_rounded_rect(x, row * 8 + 1, 7, 6, 2, _shade(base, 0.9 + 0.2 * rng.uniform()))
            if row % 2:
                c.fill_rounded_rect(x + 32, row * 8 + 1, 7, 6, 2, _shade(base, 1.0))
    c.noise(seed, 4)
    return c


def _sand(seed: int) -> Canvas:
    return _speckled(seed, (190, 170, 122, 255), 10, 0.88, 4)


def _mud(seed: int) -> Canvas:
    c = _speckled(seed, (92, 78, 58, 255), 8, 0.8, 5)
    rng = Lcg(seed + 3)
    for _ in range(2):
        x, y = 6 + rng.uniform() * 20, 6 + rng.uniform() * 20
        c.fill_ellipse(x, y, 4, 2, (70, 84, 92, 200))
    return c


_DRAW: dict[str, Callable[[int], Canvas]] = {
    "grass": _grass,
    "grass_tufts": _grass_tufts,
    "grass_dry": _grass_dry,
    "ploughed": _ploughed,
    "dirt": _dirt,
    "cobbles": _cobbles,
    "sand": _sand,
    "mud": _mud,
}


def table_sheet() -> Canvas:
    """The tabletop ground tileset image (one row)."""
    sheet = Canvas(TABLE_TILE[0] * len(TABLE_TILES), TABLE_TILE[1])
    for i, (name, _ground) in enumerate(TABLE_TILES):
        sheet.paste(_DRAW[name](2000 + i * 41), i * TABLE_TILE[0], 0)
    return sheet


def generate(root: Path) -> list[Path]:
    """Write sprites/tiles/table.png under root."""
    return [table_sheet().save_png(root / "sprites" / "tiles" / "table.png")]
