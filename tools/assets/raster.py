"""A small anti-aliased RGBA canvas and a deterministic PNG writer (standard library only).

Coordinates are in pixels, floats allowed; pixel (x, y) covers the square [x, x+1) x [y, y+1),
so a pixel's centre is (x + 0.5, y + 0.5). Colours are (r, g, b, a) tuples of ints 0..255 with
straight (not premultiplied) alpha; drawing composites source-over.

Anti-aliasing: each shape is sampled on ``SUBROWS`` horizontal lines per pixel row, and along
each line the covered length of every pixel is computed exactly, so edges get smooth partial
coverage without sampling every sub-pixel (fast enough in pure Python).

Determinism: vertex coordinates are snapped to 1/256 px so last-bit differences in a platform's
trigonometry cannot change a pixel; the PNG has only IHDR, IDAT and IEND chunks (no time or
text metadata), filter type 0 rows and zlib level ``ZLIB_LEVEL``.
"""

from __future__ import annotations

import math
import struct
import zlib
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from tools.assets import Lcg

RGBA = tuple[int, int, int, int]
Point = tuple[float, float]

SUBROWS = 8
ZLIB_LEVEL = 9
_SNAP = 256.0

# A span function maps a sample line's y to the covered [x_start, x_end) intervals.
SpanFn = Callable[[float], list[tuple[float, float]]]


def _snap(v: float) -> float:
    return round(v * _SNAP) / _SNAP


def _check_rgba(rgba: Sequence[int]) -> RGBA:
    if len(rgba) != 4 or any(not 0 <= int(c) <= 255 for c in rgba):
        raise ValueError(f"colour must be (r, g, b, a) with 0..255 values, got {rgba!r}")
    return (int(rgba[0]), int(rgba[1]), int(rgba[2]), int(rgba[3]))


def _polygon_spans(polygons: Sequence[Sequence[Point]], evenodd: bool) -> SpanFn:
    edges: list[tuple[float, float, float, float, int]] = []
    for poly in polygons:
        pts = [(_snap(x), _snap(y)) for x, y in poly]
        n = len(pts)
        for i in range(n):
            x0, y0 = pts[i]
            x1, y1 = pts[(i + 1) % n]
            if y0 == y1:
                continue
            if y0 < y1:
                edges.append((y0, y1, x0, (x1 - x0) / (y1 - y0), 1))
            else:
                edges.append((y1, y0, x1, (x0 - x1) / (y0 - y1), -1))

    def spans(y: float) -> list[tuple[float, float]]:
        hits = [(xs + (y - ya) * slope, d) for ya, yb, xs, slope, d in edges if ya <= y < yb]
        if not hits:
            return []
        hits.sort()
        out: list[tuple[float, float]] = []
        wind = 0
        start = 0.0
        for x, d in hits:
            inside_before = (wind % 2 != 0) if evenodd else (wind != 0)
            wind += 1 if evenodd else d
            inside_after = (wind % 2 != 0) if evenodd else (wind != 0)
            if not inside_before and inside_after:
                start = x
            elif inside_before and not inside_after and x > start:
                out.append((start, x))
        return out

    return spans


class Canvas:
    """An RGBA image held as a bytearray, with anti-aliased shape filling."""

    def __init__(self, width: int, height: int, background: Sequence[int] = (0, 0, 0, 0)) -> None:
        if width <= 0 or height <= 0:
            raise ValueError(f"canvas size must be positive, got {width}x{height}")
        self.width = width
        self.height = height
        self.pixels = bytearray(bytes(_check_rgba(background)) * (width * height))

    # ---- pixel access -------------------------------------------------------------------
    def get_pixel(self, x: int, y: int) -> RGBA:
        """The colour at integer pixel (x, y)."""
        i = (y * self.width + x) * 4
        p = self.pixels
        return (p[i], p[i + 1], p[i + 2], p[i + 3])

    def set_pixel(self, x: int, y: int, rgba: Sequence[int]) -> None:
        """Overwrite pixel (x, y) (no blending); ignored outside the canvas."""
        if 0 <= x < self.width and 0 <= y < self.height:
            i = (y * self.width + x) * 4
            self.pixels[i : i + 4] = bytes(_check_rgba(rgba))

    def copy(self) -> Canvas:
        """An independent copy."""
        c = Canvas(self.width, self.height)
        c.pixels[:] = self.pixels
        return c

    # ---- compositing --------------------------------------------------------------------
    def _blend(self, i: int, r: int, g: int, b: int, a: float) -> None:
        """Composite colour (r, g, b) with alpha a (0..1) over the pixel at byte offset i."""
        p = self.pixels
        da = p[i + 3] / 255.0
        if a >= 1.0 or da == 0.0:
            if a <= 0.0:
                return
            p[i] = r
            p[i + 1] = g
            p[i + 2] = b
            p[i + 3] = int(a * 255.0 + 0.5)
            return
        keep = da * (1.0 - a)
        oa = a + keep
        p[i] = int((r * a + p[i] * keep) / oa + 0.5)
        p[i + 1] = int((g * a + p[i + 1] * keep) / oa + 0.5)
        p[i + 2] = int((b * a + p[i + 2] * keep) / oa + 0.5)
        p[i + 3] = int(oa * 255.0 + 0.5)

    def _fill_spans(
        self, bbox: tuple[float, float, float, float], spans: SpanFn, rgba: Sequence[int]
    ) -> None:
        r, g, b, a = _check_rgba(rgba)
        if a == 0:
            return
        alpha = a / 255.0
        x0 = max(0, math.floor(bbox[0]))
        y0 = max(0, math.floor(bbox[1]))
        x1 = min(self.width, math.ceil(bbox[2]))
        y1 = min(self.height, math.ceil(bbox[3]))
        if x0 >= x1 or y0 >= y1:
            return
        bw = x1 - x0
        wgt = 1.0 / SUBROWS
        solid = bytes((r, g, b, 255))
        for py in range(y0, y1):
            full = [0.0] * (bw + 1)  # difference array of whole-pixel coverage
            part = [0.0] * bw  # partial coverage at span ends
            any_cov = False
            for s in range(SUBROWS):
                for xa, xb in spans(py + (s + 0.5) * wgt):
                    xa = max(xa, float(x0)) - x0
                    xb = min(xb, float(x1)) - x0
                    if xb <= xa:
                        continue
                    any_cov = True
                    ia = int(xa)
                    ib = int(xb)
                    if ia == ib:
                        part[ia] += (xb - xa) * wgt
                        continue
                    part[ia] += (ia + 1 - xa) * wgt
                    full[ia + 1] += wgt
                    full[ib] -= wgt
                    if ib < bw:
                        part[ib] += (xb - ib) * wgt
            if not any_cov:
                continue
            row = (py * self.width + x0) * 4
            run = 0.0
            for px in range(bw):
                run += full[px]
                cov = run + part[px]
                if cov <= 1e-6:
                    continue
                i = row + px * 4
                if cov >= 0.999999:
                    if a == 255:
                        self.pixels[i : i + 4] = solid
                    else:
                        self._blend(i, r, g, b, alpha)
                else:
                    self._blend(i, r, g, b, alpha * cov)

    # ---- shapes -------------------------------------------------------------------------
    def fill_rect(self, x: float, y: float, w: float, h: float, rgba: Sequence[int]) -> None:
        """Fill the axis-aligned rectangle [x, x+w) x [y, y+h)."""
        self.fill_polygon([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], rgba)

    def fill_polygon(self, points: Sequence[Point], rgba: Sequence[int]) -> None:
        """Fill a polygon (nonzero winding rule; vertices in either orientation)."""
        self.fill_polygons([points], rgba, evenodd=False)

    def fill_polygons(
        self, polygons: Sequence[Sequence[Point]], rgba: Sequence[int], evenodd: bool = True
    ) -> None:
        """Fill several polygons as one shape; with evenodd=True inner outlines cut holes."""
        polys = [p for p in polygons if len(p) >= 3]
        if not polys:
            return
        xs = [x for p in polys for x, _ in p]
        ys = [y for p in polys for _, y in p]
        self._fill_spans((min(xs), min(ys), max(xs), max(ys)), _polygon_spans(polys, evenodd), rgba)

    def fill_circle(self, cx: float, cy: float, r: float, rgba: Sequence[int]) -> None:
        """Fill a disc of radius r centred on (cx, cy)."""
        self.fill_ring(cx, cy, r, 0.0, rgba)

    def fill_ring(
        self, cx: float, cy: float, r_outer: float, r_inner: float, rgba: Sequence[int]
    ) -> None:
        """Fill the annulus between r_inner and r_outer (r_inner=0 gives a disc)."""
        cx, cy, ro, ri = _snap(cx), _snap(cy), _snap(r_outer), _snap(r_inner)
        if ro <= 0 or ri >= ro:
            return

        def spans(y: float) -> list[tuple[float, float]]:
            dy = y - cy
            if abs(dy) >= ro:
                return []
            ho = math.sqrt(ro * ro - dy * dy)
            if abs(dy) >= ri:
                return [(cx - ho, cx + ho)]
            hi = math.sqrt(ri * ri - dy * dy)
            return [(cx - ho, cx - hi), (cx + hi, cx + ho)]

        self._fill_spans((cx - ro, cy - ro, cx + ro, cy + ro), spans, rgba)

    def fill_ellipse(
        self, cx: float, cy: float, rx: float, ry: float, rgba: Sequence[int], steps: int = 48
    ) -> None:
        """Fill an axis-aligned ellipse (as a fine polygon)."""
        self.fill_polygon(ellipse_points(cx, cy, rx, ry, steps), rgba)

    def fill_rounded_rect(
        self, x: float, y: float, w: float, h: float, radius: float, rgba: Sequence[int]
    ) -> None:
        """Fill a rectangle whose corners are quarter circles of the given radius."""
        self.fill_polygon(rounded_rect_points(x, y, w, h, radius), rgba)

    def line(
        self,
        x0: float,
        y0: float,
        x1: float,
        y1: float,
        width: float,
        rgba: Sequence[int],
        round_caps: bool = False,
    ) -> None:
        """Draw a straight stroke of the given width (butt ends, or round with round_caps)."""
        dx, dy = x1 - x0, y1 - y0
        length = math.hypot(dx, dy)
        if length == 0:
            if round_caps:
                self.fill_circle(x0, y0, width / 2, rgba)
            return
        nx, ny = -dy / length * width / 2, dx / length * width / 2
        if not round_caps:
            quad = [(x0 + nx, y0 + ny), (x1 + nx, y1 + ny), (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)]
            self.fill_polygon(quad, rgba)
            return
        base = math.atan2(ny, nx)
        pts: list[Point] = []
        half = width / 2
        for k in range(13):  # half circle around the end point, then around the start point
            t = base - math.pi * k / 12
            pts.append((x1 + half * math.cos(t), y1 + half * math.sin(t)))
        for k in range(13):
            t = base + math.pi - math.pi * k / 12
            pts.append((x0 + half * math.cos(t), y0 + half * math.sin(t)))
        self.fill_polygon(pts, rgba)

    def polyline(
        self, points: Sequence[Point], width: float, rgba: Sequence[int], closed: bool = False
    ) -> None:
        """Draw connected strokes through points (each segment with round caps)."""
        seq = list(points) + ([points[0]] if closed else [])
        for (xa, ya), (xb, yb) in zip(seq, seq[1:], strict=False):
            self.line(xa, ya, xb, yb, width, rgba, round_caps=True)

    # ---- whole-image operations ---------------------------------------------------------
    def noise(self, seed: int, amount: int) -> None:
        """Add luminance noise in [-amount, amount] to every non-transparent pixel (seeded)."""
        rng = Lcg(seed)
        p = self.pixels
        span = 2 * amount + 1
        for i in range(0, len(p), 4):
            if p[i + 3] == 0:
                continue
            d = rng.next_u32() % span - amount
            p[i] = min(255, max(0, p[i] + d))
            p[i + 1] = min(255, max(0, p[i + 1] + d))
            p[i + 2] = min(255, max(0, p[i + 2] + d))

    def paste(self, other: Canvas, x: int, y: int) -> None:
        """Composite another canvas over this one with its top-left at integer (x, y)."""
        for oy in range(other.height):
            ty = y + oy
            if not 0 <= ty < self.height:
                continue
            for ox in range(other.width):
                tx = x + ox
                if not 0 <= tx < self.width:
                    continue
                j = (oy * other.width + ox) * 4
                sa = other.pixels[j + 3]
                if sa == 0:
                    continue
                i = (ty * self.width + tx) * 4
                src = other.pixels
                self._blend(i, src[j], src[j + 1], src[j + 2], sa / 255.0)

    def mask_alpha(self, mask: Canvas) -> None:
        """Multiply this canvas's alpha by the mask's alpha (same size); clips to a shape."""
        if (mask.width, mask.height) != (self.width, self.height):
            raise ValueError("mask must have the canvas's size")
        p, m = self.pixels, mask.pixels
        for i in range(3, len(p), 4):
            if m[i] != 255:
                p[i] = (p[i] * m[i] + 127) // 255

    def scaled_down(self, factor: int) -> Canvas:
        """Box-filter shrink by an integer factor (alpha-weighted colour average)."""
        w, h = self.width // factor, self.height // factor
        out = Canvas(w, h)
        p = self.pixels
        n = factor * factor
        for oy in range(h):
            for ox in range(w):
                tr = tg = tb = ta = 0
                for sy in range(oy * factor, oy * factor + factor):
                    i = (sy * self.width + ox * factor) * 4
                    for _ in range(factor):
                        a = p[i + 3]
                        tr += p[i] * a
                        tg += p[i + 1] * a
                        tb += p[i + 2] * a
                        ta += a
                        i += 4
                if ta:
                    o = (oy * w + ox) * 4
                    out.pixels[o : o + 4] = bytes(
                        (
                            (tr + ta // 2) // ta,
                            (tg + ta // 2) // ta,
                            (tb + ta // 2) // ta,
                            (ta + n // 2) // n,
                        )
                    )
        return out

    # ---- output -------------------------------------------------------------------------
    def png_bytes(self) -> bytes:
        """Encode as an 8-bit RGBA PNG with deterministic bytes."""
        stride = self.width * 4
        raw = bytearray()
        for y in range(self.height):
            raw.append(0)  # filter type 0 (None)
            raw += self.pixels[y * stride : (y + 1) * stride]
        ihdr = struct.pack(">IIBBBBB", self.width, self.height, 8, 6, 0, 0, 0)
        return (
            b"\x89PNG\r\n\x1a\n"
            + _chunk(b"IHDR", ihdr)
            + _chunk(b"IDAT", zlib.compress(bytes(raw), ZLIB_LEVEL))
            + _chunk(b"IEND", b"")
        )

    def save_png(self, path: Path | str) -> Path:
        """Write the PNG (creating parent folders) and return its path."""
        out = Path(path)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(self.png_bytes())
        return out


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


# ---- point helpers ------------------------------------------------------------------------
def ellipse_points(cx: float, cy: float, rx: float, ry: float, steps: int = 48) -> list[Point]:
    """Vertices of an ellipse, starting at angle 0 and going clockwise on screen."""
    return [
        (cx + rx * math.cos(2 * math.pi * k / steps), cy + ry * math.sin(2 * math.pi * k / steps))
        for k in range(steps)
    ]


def regular_polygon(
    cx: float, cy: float, r: float, sides: int, rotation_deg: float = -90.0
) -> list[Point]:
    """Vertices of a regular polygon; the first vertex points up by default."""
    rot = math.radians(rotation_deg)
    angles = [rot + 2 * math.pi * k / sides for k in range(sides)]
    return [(cx + r * math.cos(t), cy + r * math.sin(t)) for t in angles]


def star_points(
    cx: float, cy: float, r_outer: float, r_inner: float, tips: int = 5, rotation_deg: float = -90.0
) -> list[Point]:
    """Vertices of a star with the given number of tips (first tip up by default)."""
    rot = math.radians(rotation_deg)
    pts: list[Point] = []
    for k in range(tips * 2):
        r = r_outer if k % 2 == 0 else r_inner
        t = rot + math.pi * k / tips
        pts.append((cx + r * math.cos(t), cy + r * math.sin(t)))
    return pts


def rounded_rect_points(
    x: float, y: float, w: float, h: float, radius: float, steps: int = 8
) -> list[Point]:
    """Vertices of a rounded rectangle (quarter-circle corners of the given radius)."""
    r = max(0.0, min(radius, w / 2, h / 2))
    if r == 0:
        return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    corners = [
        (x + w - r, y + r, -90.0),
        (x + w - r, y + h - r, 0.0),
        (x + r, y + h - r, 90.0),
        (x + r, y + r, 180.0),
    ]
    pts: list[Point] = []
    for ccx, ccy, start in corners:
        for k in range(steps + 1):
            t = math.radians(start + 90.0 * k / steps)
            pts.append((ccx + r * math.cos(t), ccy + r * math.sin(t)))
    return pts


def transform(
    points: Iterable[Point],
    dx: float = 0.0,
    dy: float = 0.0,
    scale: float = 1.0,
    angle_deg: float = 0.0,
) -> list[Point]:
    """Rotate (about the origin, degrees clockwise on screen), scale, then translate points."""
    t = math.radians(angle_deg)
    c, s = math.cos(t), math.sin(t)
    return [((x * c - y * s) * scale + dx, (x * s + y * c) * scale + dy) for x, y in points]
