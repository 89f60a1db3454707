"""Draw a loaded Tiled map the way Tiled 1.8's ``tmxrasterizer`` does, at zoom 100%.

What is drawn, in document order (groups' children in place), skipping layers that are
hidden themselves or through a group:

- tile layers, cell by cell in Tiled's order: orthogonal maps follow the map's
  ``renderorder``; hexagonal maps ignore it and go row by row (for ``staggeraxis="x"``
  the upper half-row first, then the staggered half-row). Each tile is anchored at the
  bottom-left corner of its cell and moved by its tileset's tile offset;
- tile objects of object layers (top-down: sorted by their bottom edge, as Tiled's
  default draw order), at the object's size and rotation; other shapes (rectangles,
  points, text, ...) are editor aids and are not drawn;
- image layers at their offset.

Opacity is Tiled's: every tile is drawn with the layer's opacity times its groups'
opacities (overlapping tiles in one half-transparent layer add up, as in Tiled).
Offsets are the layer's plus its groups'; fractional offsets round half up, like Qt.
Tint colours are not applied: Tiled 1.8 (our reference) has none.

Flip flags follow Tiled's cell renderer: on orthogonal maps the diagonal flag turns
the tile 90 degrees (with the horizontal/vertical flags swapped); on hexagonal maps the
diagonal flag turns it 60 degrees and the 120 flag another 120 degrees, around the
tile's centre, sampled nearest-neighbour.

The canvas is the map's pixel size grown by the layer-offset margins Tiled adds
(``Map::computeLayerOffsetMargins``: the largest offset of any non-group layer, hidden
ones included, in each direction). :attr:`Composed.origin` is where map pixel (0, 0)
lands on it.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

import pygame

from game.maps import GameMap, Layer, MapImages, TileFlags, decode_gid

Cell = tuple[int, int]
Colour = tuple[int, int, int, int]


def qround(value: float) -> int:
    """Qt's qRound for drawing positions: halves go up (towards +infinity)."""
    return math.floor(value + 0.5)


def parse_colour(text: str | None) -> Colour | None:
    """Tiled colour text (``#rrggbb`` or ``#aarrggbb``) -> RGBA, None if absent/bad."""
    if not text:
        return None
    digits = text.lstrip("#")
    try:
        if len(digits) == 6:
            r, g, b = (int(digits[i : i + 2], 16) for i in (0, 2, 4))
            return (r, g, b, 255)
        if len(digits) == 8:
            a, r, g, b = (int(digits[i : i + 2], 16) for i in (0, 2, 4, 6))
            return (r, g, b, a)
    except ValueError:
        return None
    return None


def offset_margins(game_map: GameMap) -> tuple[int, int, int, int]:
    """Tiled's extra canvas margins (left, top, right, bottom) for layer offsets."""
    left = top = right = bottom = 0
    for layer in game_map.layers:
        if layer.kind == "group":
            continue
        ox, oy = layer.effective_offset
        left = max(left, math.ceil(-ox))
        top = max(top, math.ceil(-oy))
        right = max(right, math.ceil(ox))
        bottom = max(bottom, math.ceil(oy))
    return left, top, right, bottom


def canvas_size(game_map: GameMap) -> tuple[int, int]:
    """Size of the composed map image (map pixels plus offset margins)."""
    w, h = game_map.pixel_size
    left, top, right, bottom = offset_margins(game_map)
    return (w + left + right, h + top + bottom)


def render_order(game_map: GameMap) -> str:
    """The map's ``renderorder`` (Tiled's default right-down when the file has none)."""
    return game_map.render_order


def tile_order(game_map: GameMap) -> list[Cell]:
    """Cells of a tile layer in the order Tiled draws them."""
    w, h = game_map.width, game_map.height
    if game_map.hex is not None:
        grid = game_map.hex
        cells = [(x, y) for y in range(h) for x in range(w)]
        cells.sort(key=lambda c: (grid.origin(c)[1], grid.origin(c)[0]))
        return cells
    order = render_order(game_map)
    xs = range(w - 1, -1, -1) if order.startswith("left") else range(w)
    ys = range(h - 1, -1, -1) if order.endswith("up") else range(h)
    return [(x, y) for y in ys for x in xs]


def cell_bottom_left(game_map: GameMap, cell: Cell) -> tuple[int, int]:
    """Where Tiled anchors a tile: the bottom-left corner of the cell's tile box."""
    if game_map.hex is not None:
        x, y = game_map.hex.origin(cell)
        return (x, y + (game_map.tile_height & ~1))
    return (cell[0] * game_map.tile_width, (cell[1] + 1) * game_map.tile_height)


# -- transformed tiles ------------------------------------------------------------------


def _sample(
    image: pygame.Surface, rotation: float, sx: float, sy: float
) -> tuple[pygame.Surface, float, float]:
    """Nearest-neighbour image of ``image`` scaled by (sx, sy) then rotated (degrees,
    clockwise on screen) about its centre. Returns the surface and the position of its
    top-left corner relative to the image centre."""
    w, h = image.get_size()
    rad = math.radians(rotation)
    c, s = math.cos(rad), math.sin(rad)

    def forward(u: float, v: float) -> tuple[float, float]:
        u, v = u * sx, v * sy
        return (u * c - v * s, u * s + v * c)

    corners = [forward(u, v) for u in (-w / 2, w / 2) for v in (-h / 2, h / 2)]
    x0 = math.floor(min(p[0] for p in corners) + 1e-9)
    y0 = math.floor(min(p[1] for p in corners) + 1e-9)
    x1 = math.ceil(max(p[0] for p in corners) - 1e-9)
    y1 = math.ceil(max(p[1] for p in corners) - 1e-9)
    out = pygame.Surface((max(1, x1 - x0), max(1, y1 - y0)), pygame.SRCALPHA)
    src = image if image.get_flags() & pygame.SRCALPHA else image.convert_alpha()
    src.lock()
    out.lock()
    for py in range(y0, y1):
        for px in range(x0, x1):
            dx, dy = px + 0.5, py + 0.5
            # inverse: rotate back, then unscale
            u = (dx * c + dy * s) / sx
            v = (-dx * s + dy * c) / sy
            iu, iv = math.floor(u + w / 2), math.floor(v + h / 2)
            if 0 <= iu < w and 0 <= iv < h:
                out.set_at((px - x0, py - y0), src.get_at((iu, iv)))
    out.unlock()
    src.unlock()
    return out, float(x0), float(y0)


def transform_tile(
    image: pygame.Surface, flags: TileFlags, hexagonal: bool
) -> tuple[pygame.Surface, float, float]:
    """Apply Tiled's flip flags. Returns (image, dx, dy): the transformed image and the
    shift of its top-left corner from where the untransformed image's top-left was."""
    w, h = image.get_size()
    flip_h, flip_v = flags.flip_horizontal, flags.flip_vertical
    rotation = 0.0
    if hexagonal:
        rotation = 60.0 * flags.flip_diagonal + 120.0 * flags.rotate_hex_120
    elif flags.flip_diagonal:
        rotation = 90.0
        flip_h, flip_v = flags.flip_vertical, not flags.flip_horizontal
    if rotation % 90 == 0:
        out = pygame.transform.flip(image, flip_h, flip_v)
        if rotation:
            out = pygame.transform.rotate(out, -rotation)  # pygame turns anticlockwise
        ow, oh = out.get_size()
        if not hexagonal and flags.flip_diagonal:
            return out, 0.0, float(h - oh)  # Tiled keeps the bottom-left corner in place
        return out, (w - ow) / 2, (h - oh) / 2
    out, x0, y0 = _sample(image, rotation, -1.0 if flip_h else 1.0, -1.0 if flip_v else 1.0)
    return out, w / 2 + x0, h / 2 + y0


def with_opacity(image: pygame.Surface, opacity: float) -> pygame.Surface:
    """A copy whose alpha is multiplied by ``opacity`` (0..1); the image itself if 1."""
    if opacity >= 1.0:
        return image
    out = image.convert_alpha() if not image.get_flags() & pygame.SRCALPHA else image.copy()
    level = max(0, min(255, qround(opacity * 255)))
    out.fill((255, 255, 255, level), special_flags=pygame.BLEND_RGBA_MULT)
    return out


# -- the composer -----------------------------------------------------------------------


@dataclass(frozen=True)
class Draw:
    """One picture placed on the canvas (for tests and the composer)."""

    layer: str
    what: str  # "tile (x, y)", "object <id>", "image"
    image: pygame.Surface
    pos: tuple[int, int]


@dataclass(frozen=True)
class Composed:
    """A composed map: the image and where map pixel (0, 0) is on it."""

    surface: pygame.Surface
    origin: tuple[int, int]


class TileCache:
    """Transformed, opacity-applied tile images, shared by every layer of one map."""

    def __init__(self, game_map: GameMap, images: MapImages) -> None:
        self.map = game_map
        self.images = images
        self._cache: dict[tuple[int, float, bool], tuple[pygame.Surface, float, float] | None] = {}

    def get(
        self, raw_gid: int, opacity: float, hexagonal: bool
    ) -> tuple[pygame.Surface, float, float] | None:
        key = (raw_gid, opacity, hexagonal)
        if key not in self._cache:
            base = self.images.tile(raw_gid)
            if base is None:
                self._cache[key] = None
            else:
                _, flags = decode_gid(raw_gid)
                if flags.any:
                    img, dx, dy = transform_tile(base, flags, hexagonal)
                else:
                    img, dx, dy = base, 0.0, 0.0
                self._cache[key] = (with_opacity(img, opacity), dx, dy)
        return self._cache[key]


def _tile_offset(game_map: GameMap, gid: int) -> tuple[int, int]:
    ts = game_map.tileset_for(gid)
    return ts.tile_offset if ts is not None else (0, 0)


def _tile_layer_draws(
    game_map: GameMap, layer: Layer, cache: TileCache, origin: tuple[float, float]
) -> Iterator[Draw]:
    hexagonal = game_map.hex is not None
    opacity = layer.effective_opacity
    for cell in tile_order(game_map):
        raw = layer.gid_at(cell)
        if not decode_gid(raw)[0]:
            continue
        found = cache.get(raw, opacity, hexagonal)
        if found is None:
            continue
        img, dx, dy = found
        base = cache.images.tile(raw)
        assert base is not None
        bx, by = cell_bottom_left(game_map, cell)
        tx, ty = _tile_offset(game_map, raw)
        x = origin[0] + bx + tx + dx
        y = origin[1] + by + ty - base.get_height() + dy
        yield Draw(layer.name, f"tile {cell}", img, (qround(x), qround(y)))


def _object_draws(
    game_map: GameMap, layer: Layer, cache: TileCache, origin: tuple[float, float]
) -> Iterator[Draw]:
    opacity = layer.effective_opacity
    objects = [o for o in layer.objects if o.shape == "tile" and o.visible and o.gid]
    if layer.draw_order != "index":
        objects.sort(key=lambda o: o.y + o.height)  # Tiled's y is the bottom edge
    for obj in objects:
        base = cache.images.tile(obj.gid)
        if base is None:
            continue
        _, flags = decode_gid(obj.gid)
        img, dx, dy = transform_tile(base, flags, False) if flags.any else (base, 0.0, 0.0)
        bw, bh = base.get_size()
        ow, oh = round(obj.width) or bw, round(obj.height) or bh
        if (ow, oh) != (bw, bh):
            sx, sy = ow / bw, oh / bh
            img = pygame.transform.scale(
                img, (max(1, round(img.get_width() * sx)), max(1, round(img.get_height() * sy)))
            )
            dx, dy = dx * sx, dy * sy
        tx, ty = _tile_offset(game_map, obj.gid)
        left, bottom = obj.x, obj.y + obj.height
        x, y = left + tx + dx, bottom + ty - oh + dy
        if obj.rotation:
            rotated = pygame.transform.rotate(img, -obj.rotation)
            # Tiled turns a tile object about its aligned point (bottom-left by default)
            tileset = game_map.tileset_for(obj.gid)
            ax, ay = tileset.anchor if tileset is not None else (0.0, 1.0)
            px, py = obj.x + ax * obj.width, obj.y + ay * obj.height
            cx, cy = x + img.get_width() / 2 - px, y + img.get_height() / 2 - py
            rad = math.radians(obj.rotation)
            rx = cx * math.cos(rad) - cy * math.sin(rad) + px
            ry = cx * math.sin(rad) + cy * math.cos(rad) + py
            img = rotated
            x, y = rx - img.get_width() / 2, ry - img.get_height() / 2
        img = with_opacity(img, opacity)
        pos = (qround(origin[0] + x), qround(origin[1] + y))
        yield Draw(layer.name, f"object {obj.id}", img, pos)


def layer_draws(game_map: GameMap, images: MapImages, cache: TileCache | None = None) -> list[Draw]:
    """Every picture of the map in drawing order, positioned on the canvas."""
    cache = cache or TileCache(game_map, images)
    left, top, _, _ = offset_margins(game_map)
    out: list[Draw] = []
    for layer in game_map.layers:
        if not layer.effective_visible or layer.kind == "group":
            continue
        origin = (left + layer.effective_offset[0], top + layer.effective_offset[1])
        if layer.kind == "tile":
            out.extend(_tile_layer_draws(game_map, layer, cache, origin))
        elif layer.kind == "object":
            out.extend(_object_draws(game_map, layer, cache, origin))
        elif layer.kind == "image":
            img = images.layers.get(layer.id)
            if img is not None:
                img = with_opacity(img, layer.effective_opacity)
                for pos in _image_positions(game_map, layer, img, origin):
                    out.append(Draw(layer.name, "image", img, pos))
    return out


def _image_positions(
    game_map: GameMap, layer: Layer, img: pygame.Surface, origin: tuple[float, float]
) -> list[tuple[int, int]]:
    x, y = qround(origin[0]), qround(origin[1])
    if not any(layer.repeat):
        return [(x, y)]
    w, h = canvas_size(game_map)
    iw, ih = img.get_size()
    xs = list(range(x % iw - iw if x % iw else 0, w, iw)) if layer.repeat[0] else [x]
    ys = list(range(y % ih - ih if y % ih else 0, h, ih)) if layer.repeat[1] else [y]
    return [(px, py) for py in ys for px in xs]


def unpremultiply(surface: pygame.Surface) -> pygame.Surface:
    """Straight-alpha copy of a premultiplied RGBA surface (colour * 255 / alpha,
    rounded, as Qt stores ARGB32 images)."""
    w, h = surface.get_size()
    data = bytearray(pygame.image.tobytes(surface, "RGBA"))
    for i in range(3, len(data), 4):
        a = data[i]
        if a == 255:
            continue
        if a == 0:
            data[i - 3] = data[i - 2] = data[i - 1] = 0
            continue
        half = a // 2
        data[i - 3] = min(255, (data[i - 3] * 255 + half) // a)
        data[i - 2] = min(255, (data[i - 2] * 255 + half) // a)
        data[i - 1] = min(255, (data[i - 1] * 255 + half) // a)
    return pygame.image.frombytes(bytes(data), (w, h), "RGBA")


def compose(
    game_map: GameMap,
    images: MapImages,
    *,
    background: bool = True,
    underlay: tuple[int, int, int] | None = None,
    cache: TileCache | None = None,
) -> Composed:
    """Draw the whole map onto a new surface.

    ``underlay`` (an RGB colour) fills the canvas first (the game's table); then the
    map's background colour when ``background`` is set and the map has one
    (tmxrasterizer leaves it out: use ``background=False`` to compare). On an opaque
    canvas tiles are blended directly; on a (partly) transparent one they are blended
    premultiplied and converted back, so half-transparent pixels stacked over nothing
    come out as Tiled's "source over" gives them (pygame's own blend assumes an opaque
    destination).
    """
    size = canvas_size(game_map)
    surface = pygame.Surface(size, pygame.SRCALPHA)
    surface.fill((0, 0, 0, 0) if underlay is None else (*underlay[:3], 255))
    colour = parse_colour(game_map.background_color) if background else None
    if colour is not None:
        surface.fill(colour if underlay is None else _over(colour, underlay))
    opaque = underlay is not None or (colour is not None and colour[3] == 255)
    draws = layer_draws(game_map, images, cache)
    if opaque:
        for draw in draws:
            surface.blit(draw.image, draw.pos)
    else:
        surface = surface.premul_alpha()
        premul: dict[int, pygame.Surface] = {}
        for draw in draws:
            key = id(draw.image)
            if key not in premul:
                img = draw.image
                if not img.get_flags() & pygame.SRCALPHA:
                    img = img.convert_alpha() if pygame.display.get_surface() else img
                premul[key] = img.premul_alpha() if img.get_flags() & pygame.SRCALPHA else img
            surface.blit(premul[key], draw.pos, special_flags=pygame.BLEND_PREMULTIPLIED)
        surface = unpremultiply(surface)
    left, top, _, _ = offset_margins(game_map)
    return Composed(surface, (left, top))


def _over(colour: Colour, under: tuple[int, int, int]) -> tuple[int, int, int, int]:
    a = colour[3] / 255
    r, g, b = (round(colour[i] * a + under[i] * (1 - a)) for i in range(3))
    return (r, g, b, 255)
