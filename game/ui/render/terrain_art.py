"""How tabletop terrain pieces look (RatFight, 5.56mm, the map viewer): a style per
kind of piece, so a table reads at a glance over its quiet ground.

- Buildings: solid slate roofs with a dark edge and a light inner rim (tall, hard cover).
- Ruins: pale stone floors inside broken dark walls (gaps in the outline).
- Rubble and rocks: stippled grey-brown heaps; rocks solid and darker.
- Walls: light stone strips with a dark edge; high walls (impassable on foot) dark.
- Brush, crops: light green or gold, hatched, with a dashed edge (soft cover).
- Woods: dark green canopy with tree crowns and a dashed edge (soft cover, blocks sight).
- No cover (roads, water, wire): their own colour, no edge.

Hard cover has a solid edge, soft cover a dashed one. Each piece that gives cover carries
a small tag with its kind, height in inches and cover (drawn at screen scale by
``piece_tags`` so it stays sharp at any zoom).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.core.memo import forget_on_new_game
from game.maps.tabletop import TerrainPiece

RGB = tuple[int, int, int]
ToPx = Callable[[tuple[float, float]], tuple[float, float]]


@dataclass(frozen=True)
class PieceStyle:
    """Fill colour and alpha, edge colour and width, and the pattern inside
    (``hatch``, ``stipple``, ``crowns``, ``rows`` or ``""``)."""

    fill: RGB
    alpha: int
    edge: RGB
    edge_px: int
    pattern: str = ""
    broken: bool = False  # the edge drawn as broken wall segments (ruins)


SLATE: RGB = (98, 106, 122)
STONE: RGB = (212, 202, 176)
DARK: RGB = (44, 44, 50)
SOFT: RGB = (118, 170, 72)
WOOD: RGB = (44, 102, 50)
NONE_COLOURS: dict[str, RGB] = {
    "pond": (60, 130, 210),
    "stream": (60, 150, 220),
    "marsh": (90, 150, 140),
    "road": (200, 176, 130),
    "barbed_wire": (200, 200, 210),
}
STYLES: dict[str, PieceStyle] = {
    "building": PieceStyle(SLATE, 255, (24, 26, 32), 3),
    "ruins": PieceStyle(STONE, 175, (70, 62, 54), 5, "stipple", broken=True),
    "rubble": PieceStyle((150, 138, 118), 215, (74, 66, 56), 2, "stipple"),
    "rocks": PieceStyle((128, 128, 124), 240, (40, 40, 40), 2, "stipple"),
    "brush": PieceStyle(SOFT, 120, (52, 96, 34), 2, "hatch"),
    "crops": PieceStyle((214, 190, 92), 150, (130, 110, 40), 2, "rows"),
    "wood": PieceStyle(WOOD, 200, (20, 56, 24), 2, "crowns"),
    "marsh": PieceStyle(NONE_COLOURS["marsh"], 130, (50, 100, 90), 0, "hatch"),
}
LINE_COLOURS: dict[str, tuple[RGB, RGB]] = {  # (core, edge) of linear pieces
    "wall": (STONE, (60, 54, 46)),
    "high_wall": (DARK, (200, 196, 186)),
    "hedge": ((60, 130, 56), (20, 56, 24)),
    "fence": ((170, 130, 86), (70, 50, 30)),
}


def piece_style(piece: TerrainPiece) -> PieceStyle:
    """The look of an area piece: by kind; unknown kinds by cover (hard slate-grey, soft
    green, impassable dark, none in the class's own colour)."""
    impassable = piece.move("infantry") == "impassable" and piece.cover != "none"
    if piece.kind in STYLES and not (impassable and piece.kind not in ("building", "rocks")):
        return STYLES[piece.kind]
    if impassable:
        return PieceStyle(DARK, 230, (0, 0, 0), 3)
    if piece.cover == "hard":
        return PieceStyle((150, 150, 150), 220, (40, 40, 40), 3)
    if piece.cover == "soft":
        return PieceStyle(SOFT, 110, (52, 96, 34), 2, "hatch")
    return PieceStyle(NONE_COLOURS.get(piece.kind, (170, 170, 170)), 130, (0, 0, 0), 0)


def line_colours(piece: TerrainPiece) -> tuple[RGB, RGB] | None:
    """(core, edge) of a linear piece that is drawn with an edge, None for flat ones
    (roads, streams, wire)."""
    if piece.kind in LINE_COLOURS:
        return LINE_COLOURS[piece.kind]
    if piece.cover == "none":
        return None
    if piece.move("infantry") == "impassable":
        return LINE_COLOURS["high_wall"]
    return LINE_COLOURS["wall"] if piece.cover == "hard" else LINE_COLOURS["hedge"]


def shade(colour: RGB, f: float) -> RGB:
    return (
        min(255, int(colour[0] * f)),
        min(255, int(colour[1] * f)),
        min(255, int(colour[2] * f)),
    )


def draw_line_piece(
    image: pygame.Surface, piece: TerrainPiece, pts: Sequence[tuple[float, float]], width: int
) -> None:
    """A linear piece as wide as it is on the table: a core with a dark edge (walls,
    hedges, fences), or a flat band (roads, streams) or a dashed wire."""
    colours = line_colours(piece)
    if colours is None:
        colour = NONE_COLOURS.get(piece.kind, (170, 170, 170))
        if piece.kind == "barbed_wire":
            _dashed_polyline(image, (*colour, 255), pts, max(2, width // 2), 6)
            return
        bands = [((*colour, 150 if piece.road else 220), width)]
        if piece.road:  # a darker verge so the road reads on sand or dirt as on grass
            bands = [((*shade(colour, 0.55), 190), width + 6), ((*colour, 235), width)]
        for fill, w in bands:
            pygame.draw.lines(image, fill, False, pts, w)
            for p in pts:
                pygame.draw.circle(image, fill, p, w / 2)
        return
    core, edge = colours
    for colour, w in ((edge, width + 4), (core, width)):
        pygame.draw.lines(image, (*colour, 255), False, pts, w)
        for p in pts:
            pygame.draw.circle(image, (*colour, 255), p, w / 2)
    if piece.kind == "hedge":
        pygame.draw.lines(image, (*shade(core, 0.65), 255), False, pts, max(1, width // 3))


def draw_area_piece(
    image: pygame.Surface, piece: TerrainPiece, pts: Sequence[tuple[float, float]]
) -> None:
    """An area piece in its style, drawn into ``image`` (map pixels)."""
    style = piece_style(piece)
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    pad = style.edge_px + 2
    # the piece's box, cut to the image: a piece reaching far off the table costs no more
    x0, y0 = max(-pad, int(min(xs)) - pad), max(-pad, int(min(ys)) - pad)
    x1 = min(image.get_width() + pad, int(max(xs)) + pad + 1)
    y1 = min(image.get_height() + pad, int(max(ys)) + pad + 1)
    if x1 <= x0 or y1 <= y0:
        return
    size = (x1 - x0, y1 - y0)
    local = [(x - x0, y - y0) for x, y in pts]
    layer = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.polygon(layer, (*style.fill, style.alpha), local)
    if style.pattern:
        pattern = _pattern(style, size, piece.id)
        mask = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.polygon(mask, (255, 255, 255, 255), local)
        pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        layer.blit(pattern, (0, 0))
    if piece.kind == "building":
        inner = _inset(local, 5)
        if inner is not None:
            pygame.draw.polygon(layer, (*shade(style.fill, 1.3), 255), inner, 2)
    ring = [*local, local[0]]
    if style.edge_px and style.broken:
        _broken_walls(layer, (*style.edge, 255), ring, style.edge_px, piece.id)
    elif style.edge_px and piece.cover == "soft":
        _dashed_polyline(layer, (*style.edge, 255), ring, style.edge_px, 7)
    elif style.edge_px:
        pygame.draw.polygon(layer, (*style.edge, 255), local, style.edge_px)
    image.blit(layer, (x0, y0))


def _pattern(style: PieceStyle, size: tuple[int, int], seed: int) -> pygame.Surface:
    w, h = size
    out = pygame.Surface(size, pygame.SRCALPHA)
    dark = (*shade(style.fill, 0.6), 200)
    if style.pattern == "hatch":
        for k in range(-h, w + 1, 10):
            pygame.draw.line(out, dark, (k, h), (k + h, 0), 2)
    elif style.pattern == "rows":
        for y in range(4, h, 9):
            pygame.draw.line(out, dark, (0, y), (w, y), 2)
    elif style.pattern == "stipple":
        state = 7919 * (seed + 1)
        for _ in range(max(4, w * h // 90)):
            state = (state * 1103515245 + 12345) % 2**31
            x, y = (state >> 8) % max(1, w), (state >> 4) % max(1, h)
            r = 1 + (state >> 20) % 3
            pygame.draw.circle(out, (*shade(style.fill, 0.55 + (state % 3) * 0.15), 230), (x, y), r)
    elif style.pattern == "crowns":
        state = 104729 * (seed + 1)
        for _ in range(max(3, w * h // 500)):
            state = (state * 1103515245 + 12345) % 2**31
            x, y = (state >> 8) % max(1, w), (state >> 4) % max(1, h)
            r = 7 + (state >> 20) % 6
            pygame.draw.circle(out, (*shade(style.fill, 0.7), 230), (x + 2, y + 2), r)
            pygame.draw.circle(out, (*shade(style.fill, 1.35), 230), (x, y), r)
    return out


def _inset(pts: Sequence[tuple[float, float]], by: float) -> list[tuple[float, float]] | None:
    """The ring moved ``by`` pixels toward its centroid (a rough inner rim), None when
    the piece is too small for one."""
    cx = sum(p[0] for p in pts) / len(pts)
    cy = sum(p[1] for p in pts) / len(pts)
    out = []
    for x, y in pts:
        d = math.hypot(x - cx, y - cy)
        if d <= by * 2:
            return None
        out.append((x + (cx - x) * by / d, y + (cy - y) * by / d))
    return out


def _dashed_polyline(
    surface: pygame.Surface,
    colour: tuple[int, int, int, int],
    pts: Sequence[tuple[float, float]],
    width: int,
    dash: float,
) -> None:
    for (ax, ay), (bx, by) in zip(pts, pts[1:], strict=False):
        length = math.hypot(bx - ax, by - ay)
        steps = max(1, int(length // (2 * dash)))
        for k in range(steps):
            f0, f1 = k * 2 * dash / length, min(1.0, (k * 2 + 1) * dash / length)
            a = (ax + (bx - ax) * f0, ay + (by - ay) * f0)
            b = (ax + (bx - ax) * f1, ay + (by - ay) * f1)
            pygame.draw.line(surface, colour, a, b, width)


def _broken_walls(
    surface: pygame.Surface,
    colour: tuple[int, int, int, int],
    ring: Sequence[tuple[float, float]],
    width: int,
    seed: int,
) -> None:
    """Ruined walls: each side of the ring drawn with one or two gaps (fixed per piece)."""
    state = 31337 * (seed + 1)
    for (ax, ay), (bx, by) in zip(ring, ring[1:], strict=False):
        state = (state * 1103515245 + 12345) % 2**31
        g0 = 0.25 + (state >> 8) % 30 / 100
        g1 = g0 + 0.12 + (state >> 16) % 12 / 100
        for f0, f1 in ((0.0, g0), (g1, 1.0)):
            a = (ax + (bx - ax) * f0, ay + (by - ay) * f0)
            b = (ax + (bx - ax) * f1, ay + (by - ay) * f1)
            pygame.draw.line(surface, colour, a, b, width)
            pygame.draw.circle(surface, colour, a, width / 2)
            pygame.draw.circle(surface, colour, b, width / 2)


def tag_text(piece: TerrainPiece) -> tuple[str, str] | None:
    """The two lines of a piece's tag: its kind, then height and cover (``1.5" hard``);
    None for pieces without cover (roads, water, wire)."""
    if piece.cover == "none":
        return None
    kind = piece.kind.replace("_", " ")
    return kind[:1].upper() + kind[1:], f'{piece.height_in:g}" {piece.cover}'


def tag_anchors(piece: TerrainPiece, to_px: ToPx, height: float) -> list[tuple[float, float]]:
    """Where a piece's tag may go, best first (screen pixels): the centre of an area
    piece's box, then higher and lower in it for a tag ``height`` px tall; the middle of
    a linear piece's longest stretch, then a quarter from either end of it."""
    pts = [to_px(p) for p in piece.outline]
    if piece.linear and len(pts) > 1:
        a, b = max(
            zip(pts, pts[1:], strict=False),
            key=lambda s: math.hypot(s[1][0] - s[0][0], s[1][1] - s[0][1]),
        )
        return [(a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f) for f in (0.5, 0.25, 0.75)]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    anchors = [(cx, cy)]
    room = (max(ys) - min(ys) - height) / 2  # how far the tag can slide and stay inside
    for dy in (-height - 4, height + 4):
        if abs(dy) <= room:
            anchors.append((cx, cy + dy))
    return anchors


def tag_anchor(piece: TerrainPiece, to_px: ToPx) -> tuple[float, float]:
    """The best place for a piece's tag (the first of ``tag_anchors``)."""
    return tag_anchors(piece, to_px, 0.0)[0]


def draw_tags(
    surface: pygame.Surface,
    pieces: Sequence[TerrainPiece],
    to_px: ToPx,
    font: pygame.font.Font,
    avoid: Sequence[pygame.Rect] = (),
) -> list[pygame.Rect]:
    """Each piece's tag in a small dark pill (screen pixels); a linear piece's tag on
    one line. A tag takes the first of its anchors that covers neither an earlier tag
    nor anything in ``avoid`` (the models standing on the table and their names); a tag
    with no clear anchor is left out, so a miniature never stands on a label. Returns
    the boxes drawn."""
    placed: list[pygame.Rect] = []
    blocked = list(avoid)
    for piece in sorted(pieces, key=lambda p: (p.linear, -p.height_in, p.id)):
        image = tag_image(piece, font)
        if image is None:
            continue
        box = image.get_rect()
        for x, y in tag_anchors(piece, to_px, box.height):
            box.center = (round(x), round(y))
            if box.collidelist(placed) < 0 and box.collidelist(blocked) < 0:
                break
        else:
            continue
        placed.append(box.copy())
        surface.blit(image, box)
    return placed


_TAG_IMAGES: dict[tuple[str, str, bool, int], pygame.Surface | None] = {}
forget_on_new_game(_TAG_IMAGES.clear)  # the next scenario's terrain has other tags


def tag_image(piece: TerrainPiece, font: pygame.font.Font) -> pygame.Surface | None:
    """A piece's tag drawn once: its text in a translucent dark pill (None without
    cover)."""
    text = tag_text(piece)
    if text is None:
        return None
    key = (*text, piece.linear, font.get_height())
    if key not in _TAG_IMAGES:
        lines = [f"{text[0]} {text[1]}"] if piece.linear else list(text)
        images = [font.render(line, True, (246, 242, 228)) for line in lines]
        w = max(i.get_width() for i in images) + 8
        h = sum(i.get_height() for i in images) + 2
        pill = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(pill, (16, 16, 20, 175), pill.get_rect(), border_radius=4)
        top = 1
        for image in images:
            pill.blit(image, (w // 2 - image.get_width() // 2, top))
            top += image.get_height()
        _TAG_IMAGES[key] = pill
    return _TAG_IMAGES[key]
