"""Maps written as Tiled writes them, into a test's own folder, for the "play on your own
map" tests: relative tileset paths (``../tilesets/<name>.tsx``, as a map drawn beside the
program's maps has, which the shipped tileset of that name answers), CSV layer data, typed
properties."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

PX = 32  # map pixels per tile


def props_xml(props: dict[str, str | int | float | bool]) -> str:
    """``<properties>`` with Tiled's type attributes ("" when there are none)."""
    if not props:
        return ""
    out = []
    for key, value in props.items():
        if isinstance(value, bool):
            out.append(f'<property name="{key}" type="bool" value="{str(value).lower()}"/>')
        elif isinstance(value, int):
            out.append(f'<property name="{key}" type="int" value="{value}"/>')
        elif isinstance(value, float):
            out.append(f'<property name="{key}" type="float" value="{value:g}"/>')
        elif key == "leads_to":
            out.append(f'<property name="{key}" type="file" value="{value}"/>')
        else:
            out.append(f'<property name="{key}" value="{value}"/>')
    return "<properties>\n    " + "\n    ".join(out) + "\n   </properties>"


def rect(
    oid: int,
    kind: str,
    box: tuple[float, float, float, float],
    *,
    name: str = "",
    props: dict[str, str | int | float | bool] | None = None,
) -> str:
    """A rectangle object; ``box`` is x, y, width, height in tiles."""
    x, y, w, h = (v * PX for v in box)
    named = f' name="{name}"' if name else ""
    body = props_xml(props or {})
    box_xml = f'x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}"'
    head = f'  <object id="{oid}"{named} type="{kind}" {box_xml}'
    return f"{head}>\n   {body}\n  </object>" if body else f"{head}/>"


def write_tmx(
    path: Path,
    *,
    system: str,
    size: tuple[int, int],
    tileset: str,
    rows: Sequence[Sequence[int]] | None,
    groups: dict[str, list[str]],
    props: dict[str, str | int | float | bool] | None = None,
    layer: str = "ground",
) -> Path:
    """A map file as Tiled 1.8 saves it: map properties, one external tileset by a
    relative path, one CSV tile layer (``rows`` of gids; None: all 1), object layers."""
    w, h = size
    grid = rows or [[1] * w for _ in range(h)]
    csv = ",\n".join(",".join(str(g) for g in row) for row in grid)
    all_props: dict[str, str | int | float | bool] = {"system": system, **(props or {})}
    object_layers = "".join(
        f' <objectgroup id="{i + 2}" name="{name}">\n' + "\n".join(objs) + "\n </objectgroup>\n"
        for i, (name, objs) in enumerate(groups.items())
    )
    text = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" '
        f'renderorder="right-down" width="{w}" height="{h}" tilewidth="{PX}" '
        f'tileheight="{PX}" infinite="0" nextlayerid="9" nextobjectid="99">\n'
        f" {props_xml(all_props)}\n"
        f' <tileset firstgid="1" source="{tileset}"/>\n'
        f' <layer id="1" name="{layer}" width="{w}" height="{h}">\n'
        f'  <data encoding="csv">\n{csv}\n</data>\n </layer>\n'
        f"{object_layers}</map>\n"
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def snapshot_files(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` with its bytes (to show a test left them alone)."""
    return {
        str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
    }
