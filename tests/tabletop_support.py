"""Small tabletop maps written on the fly for the tabletop tests (1 tile = 1 inch = 32 px)."""

from __future__ import annotations

from pathlib import Path

from game.maps.tabletop import Table, load_table

PX = 32  # map pixels per inch in these maps


def obj(
    oid: int,
    cls: str,
    shape: str,
    *,
    box: tuple[float, float, float, float] | None = None,
    points: list[tuple[float, float]] | None = None,
    name: str = "",
    rotation: float = 0.0,
    props: dict[str, str | float | bool] | None = None,
) -> str:
    """One <object> in inches: rect/ellipse with ``box`` (x, y, w, h), polygon/polyline
    with absolute ``points``, point with ``box`` (x, y, 0, 0)."""
    attrs = f'id="{oid}"' + (f' name="{name}"' if name else "") + (f' type="{cls}"' if cls else "")
    inner = ""
    if shape in ("rect", "ellipse", "point"):
        assert box is not None
        x, y, w, h = box
        attrs += f' x="{x * PX:g}" y="{y * PX:g}"'
        if shape != "point":
            attrs += f' width="{w * PX:g}" height="{h * PX:g}"'
        inner = {"rect": "", "ellipse": "<ellipse/>", "point": "<point/>"}[shape]
    else:
        assert points is not None
        x0, y0 = points[0]
        attrs += f' x="{x0 * PX:g}" y="{y0 * PX:g}"'
        rel = " ".join(f"{(x - x0) * PX:g},{(y - y0) * PX:g}" for x, y in points)
        inner = f'<{shape} points="{rel}"/>'
    if rotation:
        attrs += f' rotation="{rotation:g}"'
    body = ""
    for key, value in (props or {}).items():
        if isinstance(value, bool):
            body += f'<property name="{key}" type="bool" value="{str(value).lower()}"/>'
        elif isinstance(value, float):
            body += f'<property name="{key}" type="float" value="{value:g}"/>'
        else:
            body += f'<property name="{key}" value="{value}"/>'
    if body:
        body = f"<properties>{body}</properties>"
    return f"<object {attrs}>{body}{inner}</object>"


def write_map(
    folder: Path,
    objects: list[str],
    *,
    props: dict[str, str | float] | None = None,
    size: tuple[int, int] = (48, 48),
    name: str = "table.tmx",
) -> Path:
    """A tabletop map with the objects on one object layer named ``terrain``."""
    props = {"system": "tabletop", "inches_per_tile": 1.0} if props is None else props
    prop_xml = "".join(
        f'<property name="{k}" type="float" value="{v:g}"/>'
        if isinstance(v, float)
        else f'<property name="{k}" value="{v}"/>'
        for k, v in props.items()
    )
    w, h = size
    text = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.8" orientation="orthogonal" renderorder="right-down" width="{w}" '
        f'height="{h}" tilewidth="{PX}" tileheight="{PX}" infinite="0" nextlayerid="2" '
        f'nextobjectid="100"><properties>{prop_xml}</properties>'
        f'<objectgroup id="1" name="terrain">{"".join(objects)}</objectgroup></map>\n'
    )
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def table_of(folder: Path, objects: list[str], **kw: object) -> Table:
    """Write and load a tabletop map."""
    return load_table(write_map(folder, objects, **kw))  # type: ignore[arg-type]
