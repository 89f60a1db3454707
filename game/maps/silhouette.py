"""Building silhouettes on hex maps: outlines drawn as Tiled objects that block lines of
sight where a line crosses them, instead of the whole hex ('65 section 14).

A silhouette is an object of type/class ``building`` (a rectangle, polygon or ellipse,
rotated as Tiled rotates it) lying inside one hex whose terrain class says
``silhouette: true``. Units of measure are map pixels; on a board the outlines are
shifted to board pixels (:func:`board_silhouettes`).

:func:`silhouette_problems` is what ``check-map`` reports for them; nothing here names a
game system.
"""

from __future__ import annotations

from collections.abc import Callable

from game.maps.board import Board
from game.maps.hexgrid import hex_label
from game.maps.model import GameMap, MapObject
from game.maps.terrain import TerrainTable
from game.maps.tiled import object_outline

BUILDING_KIND = "building"

Point = tuple[float, float]
Outline = tuple[Point, ...]


def _cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _on_segment(p: Point, a: Point, b: Point) -> bool:
    return min(a[0], b[0]) - 1e-9 <= p[0] <= max(a[0], b[0]) + 1e-9 and (
        min(a[1], b[1]) - 1e-9 <= p[1] <= max(a[1], b[1]) + 1e-9
    )


def segments_meet(a: Point, b: Point, c: Point, d: Point) -> bool:
    """True if segment ab and segment cd share at least one point (touching counts)."""
    d1, d2 = _cross(c, d, a), _cross(c, d, b)
    d3, d4 = _cross(a, b, c), _cross(a, b, d)
    if ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4)):
        return True
    return (
        (abs(d1) < 1e-9 and _on_segment(a, c, d))
        or (abs(d2) < 1e-9 and _on_segment(b, c, d))
        or (abs(d3) < 1e-9 and _on_segment(c, a, b))
        or (abs(d4) < 1e-9 and _on_segment(d, a, b))
    )


def point_inside(p: Point, outline: Outline) -> bool:
    """Even-odd test: ``p`` strictly inside the closed ``outline``."""
    inside = False
    n = len(outline)
    for i in range(n):
        (x1, y1), (x2, y2) = outline[i], outline[(i + 1) % n]
        if (y1 > p[1]) != (y2 > p[1]):
            x = x1 + (p[1] - y1) * (x2 - x1) / (y2 - y1)
            if x > p[0]:
                inside = not inside
    return inside


def line_meets_outline(a: Point, b: Point, outline: Outline) -> bool:
    """True if the segment from ``a`` to ``b`` touches or crosses the closed outline, or
    lies inside it."""
    n = len(outline)
    if any(segments_meet(a, b, outline[i], outline[(i + 1) % n]) for i in range(n)):
        return True
    return point_inside(a, outline)


def building_objects(game_map: GameMap) -> list[MapObject]:
    """The map's silhouette objects (type/class ``building``)."""
    return [o for o in game_map.objects if o.kind == BUILDING_KIND]


def board_silhouettes(board: Board) -> dict[str, tuple[Outline, ...]]:
    """Board hex id -> the silhouettes in that hex, in board pixels."""
    out: dict[str, tuple[Outline, ...]] = {}
    for bm in board.maps:
        if bm.game_map is None:
            continue
        ox, oy = board.map_origin(bm.map_id)
        for obj in building_objects(bm.game_map):
            outline = tuple((x + ox, y + oy) for x, y in object_outline(obj))
            hex_id = board.hex_id((bm.map_id, obj.cell))
            out[hex_id] = (*out.get(hex_id, ()), outline)
    return out


def _self_crossing(outline: Outline) -> bool:
    n = len(outline)
    for i in range(n):
        for j in range(i + 2, n):
            if i == 0 and j == n - 1:
                continue
            a, b = outline[i], outline[(i + 1) % n]
            c, d = outline[j], outline[(j + 1) % n]
            if segments_meet(a, b, c, d):
                return True
    return False


def _area(outline: Outline) -> float:
    n = len(outline)
    return abs(
        sum(
            outline[i][0] * outline[(i + 1) % n][1] - outline[(i + 1) % n][0] * outline[i][1]
            for i in range(n)
        )
        / 2
    )


Add = Callable[[str, str, str], None]


def silhouette_problems(game_map: GameMap, table: TerrainTable, add: Add) -> None:
    """Report broken silhouettes through ``add(layer, place, message)``: an object of
    type ``building`` that is not a closed shape, has no area or crosses itself, does
    not lie wholly inside one hex, or lies in a hex whose terrain takes no silhouette;
    and a hex whose terrain needs one (``silhouette: true``) without any."""
    grid = game_map.hex
    if grid is None:
        return
    found: dict[tuple[int, int], int] = {}
    for obj in building_objects(game_map):
        where = f"layer {obj.layer}"
        label = f"object {obj.id}" + (f" {obj.name!r}" if obj.name else "")
        if obj.shape not in ("rectangle", "polygon", "ellipse"):
            add(where, label, f"a building silhouette is a rectangle or polygon, not a {obj.shape}")
            continue
        outline = object_outline(obj)
        if len(outline) < 3 or _area(outline) < 1.0:
            add(where, label, "a building silhouette needs an area (at least 3 corners)")
            continue
        if _self_crossing(outline):
            add(where, label, "the building silhouette crosses itself")
            continue
        cell = obj.cell
        place = hex_label(cell)
        if not game_map.contains(cell):
            add(where, label, "the building silhouette lies off the map")
            continue
        hexagon: Outline = tuple((float(x), float(y)) for x, y in grid.corners(cell))
        if not all(point_inside(p, hexagon) for p in outline):
            add(
                where,
                label,
                f"the building silhouette must lie inside hex {place}, the hex under its centre",
            )
            continue
        terrain = game_map.terrain_id_at(cell)
        cls = table.get(terrain) if terrain else None
        if cls is None or not cls.silhouette:
            needing = [t.id for t in table.values() if t.silhouette]
            add(
                where,
                label,
                f"hex {place} is {terrain or 'without terrain'}; silhouettes go in "
                f"{', '.join(needing) or 'no terrain of this system'} hexes",
            )
            continue
        found[cell] = found.get(cell, 0) + 1
    for cell in game_map.cells():
        terrain = game_map.terrain_id_at(cell)
        cls = table.get(terrain) if terrain else None
        if cls is not None and cls.silhouette and cell not in found:
            add(
                "",
                hex_label(cell),
                f"{terrain} hex without a silhouette: draw an object of type "
                f"{BUILDING_KIND!r} inside it",
            )
