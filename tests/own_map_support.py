"""Maps of one's own for the tests of issue 33, written into a folder outside the
repository the way Tiled saves them: the shipped tileset named by a path relative to
the map (``../../work/.../maps/tilesets/hex.tsx``)."""

from __future__ import annotations

import os
import re
from pathlib import Path

from game.resources import maps_dir

SETUP_LAYER = re.compile(r' <objectgroup id="\d+" name="setup">.*?</objectgroup>\n', re.S)


def _tileset(text: str, folder: Path, name: str) -> str:
    rel = os.path.relpath(maps_dir() / "tilesets" / name, folder)
    return text.replace(f'source="../tilesets/{name}"', f'source="{rel}"')


def write_hex_map(
    folder: Path,
    *,
    name: str = "my_board.tmx",
    map_id: str = "4",
    areas: str = "us,vc_nva",
    objective: str | None = "Well",
) -> Path:
    """A '65 map ``name`` in ``folder``: the terrain and huts of shipped Map 1, map id
    ``map_id``, a set-up area for each side listed in ``areas`` (us: columns A-B,
    vc_nva: columns J-K, named "US landing" and "VC camp") and an objective point in
    hex F3 named ``objective`` (None: no objective)."""
    folder.mkdir(parents=True, exist_ok=True)
    text = (maps_dir() / "sixty_five" / "map1.tmx").read_text(encoding="utf-8")
    text = SETUP_LAYER.sub("", _tileset(text, folder, "hex.tsx"))
    text = text.replace('name="map_id" value="1"', f'name="map_id" value="{map_id}"')
    text = text.replace('value="Map 1: paddies and village"', 'value="Paddy Crossing"')
    objects = []
    boxes = {"us": ("US landing", 0, 100), "vc_nva": ("VC camp", 440, 104)}
    for i, side in enumerate(s for s in areas.split(",") if s):
        label, x, width = boxes.get(side, (f"{side} area", 200, 100))
        objects.append(
            f'  <object id="{60 + i}" name="{label}" type="deployment" x="{x}" y="0" '
            f'width="{width}" height="364">\n   <properties>\n'
            f'    <property name="side" value="{side}"/>\n   </properties>\n  </object>'
        )
    if objective is not None:
        objects.append(
            f'  <object id="70" name="{objective}" type="objective" x="272" y="168">\n'
            "   <point/>\n  </object>"
        )
    layer = ' <objectgroup id="20" name="zones">\n' + "\n".join(objects) + "\n </objectgroup>\n"
    path = folder / name
    path.write_text(text.replace("</map>", layer + "</map>"), encoding="utf-8")
    return path


def write_table(folder: Path, *, name: str = "my_table.tmx", zones: int = 2) -> Path:
    """A 5.56mm table ``name`` in ``folder``: the pieces, zones and objectives
    (Farmhouse, Bridge) of the shipped Hedgerow Farm, ``system = five_five_six``; with
    ``zones`` 1 only the north deployment zone is kept."""
    folder.mkdir(parents=True, exist_ok=True)
    text = (maps_dir() / "tabletop" / "hedgerow_farm.tmx").read_text(encoding="utf-8")
    text = _tileset(text, folder, "table.tsx").replace('value="tabletop"', 'value="five_five_six"')
    if zones < 2:
        text = re.sub(r'  <object id="19" name="South edge".*?</object>\n', "", text, flags=re.S)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path
