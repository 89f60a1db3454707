"""Write the renderer's test maps (deterministic; run from anywhere).

    python tests/data/render/make_render_maps.py

Every map here is drawn by our renderer and by Tiled's tmxrasterizer and the two
images are compared. Each one pins one rule of Tiled's drawing:

- order_<renderorder>.tmx: tiles taller than the grid overlap their upper neighbour,
  so the picture shows in which order cells are drawn (all four render orders);
- hex_order_<axis>_<index>.tmx: the same on hexagonal maps (Tiled ignores renderorder
  there and draws half-row by half-row);
- flips_ortho.tmx: all eight flip combinations of an asymmetric tile, as tiles and as
  tile objects; flips_tall.tmx: the same with tiles taller than the grid (a diagonal
  flip keeps the bottom-left corner in place);
- flips_hex.tmx: hexagonal 60/120/180-degree turns and flips;
- offsets.tmx: fractional and negative layer offsets, group offsets and opacity,
  half-transparent pixels, a tileset tile offset, a hidden layer, an image layer.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent


def png(path: Path, w: int, h: int, pixel) -> None:  # type: ignore[no-untyped-def]
    rows = b""
    for y in range(h):
        rows += b"\x00" + b"".join(bytes(pixel(x, y)) for x in range(w))

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows, 9))
        + chunk(b"IEND", b"")
    )


def art(x: int, y: int) -> tuple[int, int, int, int]:
    """Four 16x16 tiles side by side; every pixel differs from its mirror images."""
    k, u = divmod(x, 16)
    alpha = 255 if k < 3 else 40 + 13 * u  # tile 3: a transparency ramp
    return (12 + 15 * u, 10 + 14 * y, 50 + 60 * k, alpha)


def tall(x: int, y: int) -> tuple[int, int, int, int]:
    """Four 16x24 tiles: a coloured body with a dark frame, so overlaps show."""
    k, u = divmod(x, 16)
    colours = [(220, 60, 60), (60, 200, 80), (70, 90, 230), (230, 200, 60)]
    if u in (0, 15) or y in (0, 23):
        return (20, 20, 20, 255)
    r, g, b = colours[k]
    return (r, g - 2 * y if g > 60 else g, b, 255)


def tsx(name: str, image: str, w: int, h: int, tw: int, th: int, offset: str = "") -> str:
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="{name}" tilewidth="{tw}" tileheight="{th}"
 tilecount="{w // tw}" columns="{w // tw}">{offset}
 <image source="{image}" width="{w}" height="{h}"/>
</tileset>
"""


def csv(gids: list[int], w: int) -> str:
    rows = [",".join(str(g) for g in gids[i : i + w]) for i in range(0, len(gids), w)]
    return '<data encoding="csv">\n' + ",\n".join(rows) + "\n</data>"


def tmx(
    body: str,
    w: int,
    h: int,
    *,
    orientation: str = "orthogonal",
    order: str = "right-down",
    extra: str = "",
    tilesets: str = '<tileset firstgid="1" source="art.tsx"/>',
) -> str:
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" tiledversion="1.8.2" orientation="{orientation}" renderorder="{order}"
 width="{w}" height="{h}" tilewidth="16" tileheight="16" infinite="0"{extra}
 nextlayerid="20" nextobjectid="20">
 {tilesets}
{body}
</map>
"""


def layer(lid: int, name: str, gids: list[int], w: int, h: int, attrs: str = "") -> str:
    head = f' <layer id="{lid}" name="{name}" width="{w}" height="{h}"{attrs}>'
    return f"{head}\n  {csv(gids, w)}\n </layer>"


H, V, D, R = 0x80000000, 0x40000000, 0x20000000, 0x10000000


def main() -> list[Path]:
    out: list[Path] = []

    def write(name: str, text: str) -> None:
        path = HERE / name
        path.write_text(text, encoding="utf-8")
        out.append(path)

    png(HERE / "art.png", 64, 16, art)
    png(HERE / "tall.png", 64, 24, tall)
    out += [HERE / "art.png", HERE / "tall.png"]
    write("art.tsx", tsx("art", "art.png", 64, 16, 16, 16))
    write(
        "art_offset.tsx",
        tsx("art_offset", "art.png", 64, 16, 16, 16, '\n <tileoffset x="2" y="-3"/>'),
    )
    write("tall.tsx", tsx("tall", "tall.png", 64, 24, 16, 24))

    w, h = 4, 3
    gids = [1 + (x + y) % 4 for y in range(h) for x in range(w)]
    tall_ts = '<tileset firstgid="1" source="tall.tsx"/>'
    for order in ("right-down", "right-up", "left-down", "left-up"):
        body = layer(1, "terrain", gids, w, h)
        write(f"order_{order}.tmx", tmx(body, w, h, order=order, tilesets=tall_ts))
    for axis in ("x", "y"):
        for index in ("odd", "even"):
            hexattrs = f' hexsidelength="8" staggeraxis="{axis}" staggerindex="{index}"'
            body = layer(1, "terrain", gids, w, h)
            write(
                f"hex_order_{axis}_{index}.tmx",
                tmx(body, w, h, orientation="hexagonal", extra=hexattrs, tilesets=tall_ts),
            )

    combos = [0, H, V, H | V, D, D | H, D | V, D | H | V]
    flips = layer(1, "terrain", [1 | f for f in combos] + [0] * 16, 8, 3)
    objects = "\n".join(
        f'  <object id="{i + 1}" gid="{2 | f}" x="{16 * i}" y="{40 + (i % 2) * 6}" '
        'width="16" height="16"/>'
        for i, f in enumerate(combos)
    )
    body = flips + f'\n <objectgroup id="2" name="things">\n{objects}\n </objectgroup>'
    write("flips_ortho.tmx", tmx(body, 8, 3))

    tall_flips = layer(1, "terrain", [0] * 8 + [1 | f for f in combos] + [0] * 8, 8, 3)
    write("flips_tall.tmx", tmx(tall_flips, 8, 3, tilesets=tall_ts))

    turns = [0, D, R, D | R, H, V, H | R, V | D | R, H | V]
    hexattrs = ' hexsidelength="8" staggeraxis="x" staggerindex="odd"'
    body = layer(1, "terrain", [1 | f for f in turns] + [0] * 3, 4, 3)
    write("flips_hex.tmx", tmx(body, 4, 3, orientation="hexagonal", extra=hexattrs))

    w, h = 4, 3
    base = layer(1, "ground", [1] * 12, w, h)
    shifted = layer(
        2, "shifted", [2, 0, 3, 0] * 3, w, h, ' offsetx="-3.5" offsety="2.5" opacity="0.6"'
    )
    hidden = layer(3, "hidden", [3] * 12, w, h, ' visible="0" offsetx="9"')
    group = f"""
 <group id="4" name="upper" offsetx="5" offsety="-1" opacity="0.5">
{layer(5, "ramp", [0, 4, 0, 4, 4, 0, 4, 0, 0, 0, 4, 4], w, h, ' offsetx="0.5"')}
  <imagelayer id="6" name="picture" offsetx="7" offsety="20">
   <image source="art.png" width="64" height="16"/>
  </imagelayer>
 </group>
{layer(7, "offset tiles", [0, 0, 0, 0, 0, 9, 10, 0, 0, 0, 0, 0], w, h)}"""
    tilesets = (
        '<tileset firstgid="1" source="art.tsx"/>\n <tileset firstgid="9" source="art_offset.tsx"/>'
    )
    write(
        "offsets.tmx", tmx(base + "\n" + shifted + "\n" + hidden + group, w, h, tilesets=tilesets)
    )
    return out


if __name__ == "__main__":
    for path in main():
        print(path)
