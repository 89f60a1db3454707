"""The program's icon for desktop menus (``skirmish-table --install-desktop-entry``).

icon/skirmish-table.png (128x128): a rounded tile of green baize with a brass edge; on it
three hex cells, a red and a blue token facing each other across them and a card back
behind, i.e. a table with a board, pieces and cards. No text (it must read at 32 px).
"""

from __future__ import annotations

from pathlib import Path

from tools.assets.raster import Canvas, regular_polygon, rounded_rect_points

SIZE = 128
BAIZE = (38, 104, 60, 255)
BRASS = (196, 160, 82, 255)
HEX_FILL = (214, 200, 160, 255)
HEX_EDGE = (92, 74, 48, 255)
RED = (196, 52, 44, 255)
BLUE = (48, 96, 190, 255)
RIM = (24, 20, 16, 255)
CARD = (104, 112, 58, 255)
CARD_EDGE = (236, 230, 204, 255)
SHADOW = (0, 0, 0, 90)


def icon() -> Canvas:
    """Draw the icon (coordinates in pixels, y down)."""
    c = Canvas(SIZE, SIZE)
    c.fill_polygons(
        [rounded_rect_points(2, 2, 124, 124, 24), rounded_rect_points(8, 8, 112, 112, 19)],
        BRASS,
    )
    c.fill_rounded_rect(8, 8, 112, 112, 19, BAIZE)
    c.noise(7, 5)
    # A card back, tilted a little, behind the board (upper right).
    card = [(70.0, 18.0), (104.0, 24.0), (97.0, 70.0), (63.0, 64.0)]
    c.fill_polygon([(x + 3, y + 3) for x, y in card], SHADOW)
    c.fill_polygon(card, CARD_EDGE)
    inner = [(73.5, 22.5), (100.0, 27.0), (94.0, 65.5), (67.5, 61.0)]
    c.fill_polygon(inner, CARD)
    c.polyline([(76, 30), (96, 56)], 2.0, CARD_EDGE)
    c.polyline([(92, 28), (72, 58)], 2.0, CARD_EDGE)
    # Three hex cells in a row, pointy top, across the lower half.
    r = 17.0
    step = r * 3**0.5
    centres = [(64 - step, 84.0), (64.0, 84.0), (64 + step, 84.0)]
    for cx, cy in centres:
        c.fill_polygon([(x + 2, y + 3) for x, y in regular_polygon(cx, cy, r, 6)], SHADOW)
    for cx, cy in centres:
        c.fill_polygons(
            [regular_polygon(cx, cy, r, 6), regular_polygon(cx, cy, r - 2.5, 6)], HEX_EDGE
        )
        c.fill_polygon(regular_polygon(cx, cy, r - 2.5, 6), HEX_FILL)
    # Two tokens on the outer cells: dark rim, coloured face, a light dot for facing.
    for (cx, cy), face, dot in (
        (centres[0], RED, (1.0, 0.0)),
        (centres[2], BLUE, (-1.0, 0.0)),
    ):
        c.fill_circle(cx + 2, cy + 3, 11, SHADOW)
        c.fill_circle(cx, cy, 11, RIM)
        c.fill_circle(cx, cy, 8.5, face)
        c.fill_circle(cx + 5 * dot[0], cy + 5 * dot[1], 2.2, CARD_EDGE)
    return c


def generate(root: Path) -> list[Path]:
    """Write sprites/icon/skirmish-table.png under root."""
    return [icon().save_png(root / "sprites" / "icon" / "skirmish-table.png")]
