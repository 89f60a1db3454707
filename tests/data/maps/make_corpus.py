"""Write the tiny test maps of tests/data/maps (run from anywhere; deterministic).

    python tests/data/maps/make_corpus.py

Good maps: one orthogonal map in every layer encoding Tiled writes, a hex map per
stagger axis, and a map whose tile/object/image/group layers interleave. Broken maps:
one per refusal the loader must give.
"""

from __future__ import annotations

import base64
import gzip
import struct
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent

W, H = 4, 3
# gids: 1 floor, 2 rock, 3 rubble, 4 "lava" (unknown to the test terrain table)
TERRAIN = [1, 1, 2, 1, 1, 3, 2, 1, 1, 1, 1, 1]
# flip flags: horizontal on cell (1,0), diagonal+vertical on (2,1), hex-120 on (3,2)
DECOR = [0, 0x80000003, 0, 0, 0, 0, 0x60000001, 0, 0, 0, 0, 0x10000004]


def png(path: Path, w: int, h: int, colours: list[tuple[int, int, int, int]]) -> None:
    rows = b""
    for _y in range(h):
        rows += b"\x00" + b"".join(bytes(colours[(x // 8) % len(colours)]) for x in range(w))

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


def data(gids: list[int], encoding: str, compression: str = "") -> str:
    if encoding == "csv":
        rows = [",".join(str(g) for g in gids[i : i + W]) for i in range(0, len(gids), W)]
        return '<data encoding="csv">\n' + ",\n".join(rows) + "\n</data>"
    raw = struct.pack(f"<{len(gids)}I", *gids)
    if compression == "zlib":
        raw = zlib.compress(raw)
    elif compression == "gzip":
        raw = gzip.compress(raw, mtime=0)
    comp = f' compression="{compression}"' if compression else ""
    text = base64.b64encode(raw).decode()
    return f'<data encoding="base64"{comp}>\n   {text}\n  </data>'


TSX = """<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="tiles" tilewidth="8" tileheight="8"
 tilecount="4" columns="4">
 <tileoffset x="0" y="2"/>
 <image source="tiles.png" width="32" height="8"/>
 <tile id="0"><properties><property name="terrain" value="floor"/></properties></tile>
 <tile id="1"><properties><property name="terrain" value="rock"/></properties></tile>
 <tile id="2" type="marker">
  <properties>
   <property name="terrain" value="rubble"/>
   <property name="noisy" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="3"><properties><property name="terrain" value="lava"/></properties></tile>
</tileset>
"""


def tmx(
    body: str,
    *,
    orientation: str = "orthogonal",
    extra: str = "",
    tileset: str = '<tileset firstgid="1" source="tiles.tsx"/>',
    props: str = '<property name="system" value="test_system"/>',
) -> str:
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" tiledversion="1.8.2" orientation="{orientation}" renderorder="right-down"
 width="{W}" height="{H}" tilewidth="8" tileheight="8" infinite="0"{extra}
 nextlayerid="9" nextobjectid="9">
 <properties>
  {props}
  <property name="inches_per_tile" type="float" value="1.5"/>
  <property name="level" type="int" value="2"/>
 </properties>
 {tileset}
{body}
</map>
"""


def terrain_layer(encoding: str = "csv", compression: str = "", gids: list[int] = TERRAIN) -> str:
    return (
        f' <layer id="1" name="terrain" width="{W}" height="{H}">\n  '
        + data(gids, encoding, compression)
        + "\n </layer>"
    )


INTERLEAVED = (
    terrain_layer()
    + """
 <objectgroup id="2" name="objects">
  <object id="1" name="door" type="entrance" x="0" y="0" width="8" height="8">
   <properties>
    <property name="leads_to" value=""/>
    <property name="hidden" type="bool" value="false"/>
   </properties>
  </object>
  <object id="2" name="start" type="deployment" x="16" y="8" width="16" height="16">
   <properties><property name="side" value="rats"/></properties>
  </object>
  <object id="3" name="trap" gid="3" x="8" y="24" width="8" height="8"/>
  <object id="4" name="here" type="marker" x="4" y="20"><point/></object>
 </objectgroup>
 <group id="3" name="upper" offsetx="2" offsety="1" opacity="0.5">
  <layer id="4" name="decor" width="4" height="3" offsetx="1.5" visible="0">
  """
    + data(DECOR, "csv")
    + """
  </layer>
  <objectgroup id="5" name="labels">
   <object id="5" name="A" type="label" x="1" y="1"><point/></object>
  </objectgroup>
  <group id="6" name="inner">
   <imagelayer id="7" name="shade" offsetx="3" offsety="4">
    <image source="tiles.png" width="32" height="8"/>
   </imagelayer>
  </group>
 </group>
 <layer id="8" name="top" width="4" height="3">
  """
    + data([0] * 12, "csv")
    + """
 </layer>"""
)


BROKEN = {
    "broken_malformed.tmx": tmx(terrain_layer()).replace("</layer>", "</layr>"),
    "broken_missing_tileset.tmx": tmx(
        terrain_layer(), tileset='<tileset firstgid="1" source="nowhere.tsx"/>'
    ),
    "broken_missing_image.tmx": tmx(
        terrain_layer(), tileset='<tileset firstgid="1" source="noimage.tsx"/>'
    ),
    "broken_unknown_terrain.tmx": tmx(terrain_layer(gids=[1] * 11 + [4])),
    "broken_isometric.tmx": tmx(terrain_layer(), orientation="isometric"),
    "broken_staggered.tmx": tmx(
        terrain_layer(), orientation="staggered", extra=' staggeraxis="y" staggerindex="odd"'
    ),
    "broken_zstd.tmx": tmx(terrain_layer("base64", "zlib").replace('"zlib"', '"zstd"')),
    "broken_infinite.tmx": tmx(
        ' <layer id="1" name="terrain" width="4" height="3">\n  <data encoding="csv">\n'
        '   <chunk x="0" y="0" width="4" height="3">\n1,1,1,1,1,1,1,1,1,1,1,1\n</chunk>\n'
        "  </data>\n </layer>"
    ).replace('infinite="0"', 'infinite="1"'),
    "broken_template.tmx": tmx(
        terrain_layer() + '\n <objectgroup id="2" name="objects">\n'
        '  <object id="1" template="door.tx" x="0" y="0"/>\n </objectgroup>'
    ),
    "broken_entity_bomb.tmx": '<?xml version="1.0"?>\n<!DOCTYPE map [\n'
    ' <!ENTITY a "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa">\n'
    ' <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">\n'
    ' <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">\n'
    ' <!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">\n'
    ' <!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;">\n'
    ']>\n<map orientation="orthogonal" width="1" height="1" tilewidth="8" tileheight="8">'
    '<properties><property name="x" value="&e;&e;&e;&e;&e;&e;&e;&e;"/></properties></map>\n',
}


# An old-style tileset (Tiled < 1.0): no tilecount/columns, an image without its size;
# 8x8 tiles with margin 1 and spacing 2 in a 40x10 image (4 tiles, as Tiled cuts it).
OLD_TILESET = """<tileset firstgid="1" name="old" tilewidth="8" tileheight="8"
 margin="1" spacing="2">
  <image source="old_tiles.png"/>
  <tile id="0"><properties><property name="terrain" value="floor"/></properties></tile>
 </tileset>"""

#: Tiled's own examples of old (Tiled 0.x/1.0) maps name the DTD; a plain external
#: DOCTYPE is accepted, an internal subset is not.
DOCTYPE = '<!DOCTYPE map SYSTEM "http://mapeditor.org/dtd/1.0/map.dtd">'

OLD = {
    "old_tileset.tmx": tmx(terrain_layer(gids=[1, 2, 3, 4] * 3), tileset=OLD_TILESET),
    "old_doctype.tmx": tmx(terrain_layer()).replace("?>\n", "?>\n" + DOCTYPE + "\n", 1),
}

BROKEN_MORE = {
    "broken_internal_subset.tmx": tmx(terrain_layer()).replace(
        "?>\n", "?>\n<!DOCTYPE map [\n <!ELEMENT map ANY>\n]>\n", 1
    ),
    "broken_encoding.tmx": tmx(terrain_layer()).replace('encoding="UTF-8"', 'encoding="TF-8"'),
}

CHECK_BAD_OBJECTS = """
 <objectgroup id="2" name="things">
  <object id="1" name="hatch" type="entrance" x="0" y="0" width="8" height="8">
   <properties><property name="leads_to" value="missing.tmx"/></properties>
  </object>
  <object id="2" name="zone" type="deployment" x="8" y="8" width="8" height="8"/>
  <object id="3" name="far" type="marker" x="100" y="100"><point/></object>
  <object id="4" name="beast" type="dragon" x="4" y="4"><point/></object>
 </objectgroup>"""

CHECK = {
    # empty cell (0,1), unknown terrain at (3,2), missing leads_to, side-less zone,
    # object off the map, unknown object type
    "check_bad.tmx": tmx(
        terrain_layer(gids=[1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 4]) + CHECK_BAD_OBJECTS
    ),
    "check_no_terrain.tmx": tmx(terrain_layer().replace('name="terrain"', 'name="ground"')),
    "check_hex_for_tunnels.tmx": tmx(
        terrain_layer(),
        orientation="hexagonal",
        extra=' hexsidelength="4" staggeraxis="x" staggerindex="odd"',
        props='<property name="system" value="tunnel_rats"/>',
    ),
    "check_no_system.tmx": tmx(INTERLEAVED, props=""),
}


def main() -> None:
    png(
        HERE / "tiles.png",
        32,
        8,
        [(90, 80, 60, 255), (30, 30, 30, 255), (120, 60, 40, 255), (200, 200, 80, 255)],
    )
    (HERE / "tiles.tsx").write_text(TSX)
    (HERE / "noimage.tsx").write_text(TSX.replace('source="tiles.png"', 'source="gone.png"'))
    (HERE / "terrain.yaml").write_text(
        "terrain:\n"
        "  - {id: floor, name: Floor}\n"
        "  - {id: rock, name: Rock, passable: false, blocks_los: true}\n"
        "  - {id: rubble, name: Rubble, move_cost: 2.0, degrades_los: 1, cover: 1}\n"
    )
    for name, (enc, comp) in {
        "enc_csv.tmx": ("csv", ""),
        "enc_base64.tmx": ("base64", ""),
        "enc_zlib.tmx": ("base64", "zlib"),
        "enc_gzip.tmx": ("base64", "gzip"),
    }.items():
        (HERE / name).write_text(tmx(terrain_layer(enc, comp)))
    embedded = TSX.split("\n", 1)[1].replace("<tileset ", '<tileset firstgid="1" ', 1)
    (HERE / "enc_embedded.tmx").write_text(tmx(terrain_layer(), tileset=embedded))
    (HERE / "interleaved.tmx").write_text(tmx(INTERLEAVED))
    for axis in ("x", "y"):
        for index in ("odd", "even"):
            (HERE / f"hex_{axis}_{index}.tmx").write_text(
                tmx(
                    terrain_layer(),
                    orientation="hexagonal",
                    extra=f' hexsidelength="4" staggeraxis="{axis}" staggerindex="{index}"',
                )
            )
    rules = HERE / "rules" / "test_system" / "data"
    rules.mkdir(parents=True, exist_ok=True)
    (rules / "terrain.yaml").write_text((HERE / "terrain.yaml").read_text())
    for name, text in {**BROKEN, **BROKEN_MORE, **CHECK, **OLD}.items():
        (HERE / name).write_text(text)
    png(HERE / "old_tiles.png", 40, 10, [(90, 80, 60, 255), (30, 30, 30, 255)])
    utf16 = tmx(terrain_layer()).replace('encoding="UTF-8"', 'encoding="UTF-16"')
    (HERE / "broken_utf16.tmx").write_bytes(utf16.encode("utf-16"))


if __name__ == "__main__":
    main()
