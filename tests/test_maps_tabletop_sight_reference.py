"""The sight tracer answers exactly as the plain one it replaced.

``reference_sights`` is the tracer as it was before it matched sight lines against a
tree of the hiding pieces only (every piece's box from the full tree, the pieces that
cannot hide or that either model stands in dropped afterwards, one shapely
``intersects`` per remaining pair) and before obstacles were tested in plain Python
(a shapely polygon of each obstacle's outline): whole ``Sight`` answers must equal it on every
shipped tabletop map and the 60-piece bench table, for random models and for bases
centred on pieces' corners and edges (sight lines through vertices).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Polygon

from game.maps.tabletop import Table, load_table
from game.maps.tabletop_bench import crowded_table
from game.maps.tabletop_geometry import Obstacle, SightQuery, TableGeometry
from game.maps.tabletop_measure import Hull, Model, RoundBase, outline
from game.maps.tabletop_sight import Sight, _sight_rays, best_cover

ROOT = Path(__file__).resolve().parent.parent
MAPS = sorted(
    p
    for folder in ("tabletop", "ratfight", "five_five_six")
    for p in (ROOT / "maps" / folder).glob("*.tmx")
)
TABLES: tuple[Table, ...] = (*(load_table(p) for p in MAPS), crowded_table(60))
GEOMETRIES = tuple(TableGeometry(t) for t in TABLES)
tables = st.integers(0, len(TABLES) - 1)
#: every table's pieces' outline points in a row (neighbours mostly share an edge)
VERTICES = tuple(shapely.get_coordinates(g._shapes).tolist() for g in GEOMETRIES)


def reference_sights(geometry: TableGeometry, queries: Sequence[SightQuery]) -> list[Sight]:
    """The tracer before edge arrays: STRtree candidates, then shapely ``intersects``."""
    lines = 5
    count = len(queries)
    rays, _ends = _sight_rays(queries, lines)
    at = [geometry.indices_at(m) for q in queries for m in (q.viewer, q.target)]
    own = list(zip(at[::2], at[1::2], strict=True))
    blocked = [[False] * lines for _ in range(count)]
    hidden = [[0.0] * lines for _ in range(count)]
    blockers: list[set[int]] = [set() for _ in range(count)]
    ray_hits, piece_hits = geometry._tree.query(rays)
    for r, i in zip(ray_hits.tolist(), piece_hits.tolist(), strict=True):
        q, j = divmod(r, lines)
        if not geometry.pieces[i].blocks_los or i in own[q][0] or i in own[q][1]:
            continue
        if not shapely.intersects(geometry._shapes[i], rays[r]):
            continue
        height, target_height = geometry.pieces[i].height_in, queries[q].target_height
        share = min(1.0, height / target_height) if target_height else 1.0
        hidden[q][j] = max(hidden[q][j], share)
        if 2 * height >= target_height:
            blocked[q][j] = True
            blockers[q].add(i)
    for r, ray in enumerate(rays):  # obstacles: shapely polygons of their outlines
        q, j = divmod(r, lines)
        for obstacle in queries[q].obstacles:
            if shapely.intersects(ray, Polygon(outline(obstacle.model))):
                h, target_height = obstacle.height_in, queries[q].target_height
                share = min(1.0, h / target_height) if target_height else 1.0
                hidden[q][j] = max(hidden[q][j], share)
                if 2 * h >= target_height:
                    blocked[q][j] = True
    out = []
    for q in range(count):
        n_blocked = sum(blocked[q])
        target_in = tuple(geometry.pieces[i] for i in own[q][1])
        hiding = tuple(geometry.pieces[i] for i in sorted(blockers[q]))
        partly = 0 < n_blocked < lines
        own_cover = best_cover(target_in)
        out.append(
            Sight(
                clear=n_blocked < lines,
                visible_share=sum(1.0 - h for h in hidden[q]) / lines,
                in_terrain=own_cover != "none" or partly,
                cover=best_cover((*target_in, *hiding)) if partly else own_cover,
                blockers=hiding,
                viewer_in=tuple(geometry.pieces[i] for i in own[q][0]),
                target_in=target_in,
                lines_blocked=n_blocked,
                lines=lines,
            )
        )
    return out


@st.composite
def awkward_points(draw: st.DrawFn, table: int) -> tuple[float, float]:
    """A point on the table: anywhere, on a whole hundredth, at a piece's vertex, or
    partway along one of its edges."""
    kind = draw(st.sampled_from(("float", "int", "vertex", "edge")))
    if kind == "float":
        return (draw(st.floats(-50, 4850)), draw(st.floats(-50, 4850)))
    if kind == "int":
        return (float(draw(st.integers(0, 4800))), float(draw(st.integers(0, 4800))))
    k = draw(st.integers(0, len(VERTICES[table]) - 2))
    (x0, y0), (x1, y1) = VERTICES[table][k], VERTICES[table][k + 1]
    if kind == "vertex":
        return (float(x0), float(y0))
    t = draw(st.sampled_from((0.5, 0.25, 1 / 3, 0.1)))
    return (float(x0 + t * (x1 - x0)), float(y0 + t * (y1 - y0)))


coords = st.integers(0, 4800)
models: st.SearchStrategy[Model] = st.one_of(
    st.builds(RoundBase, st.tuples(coords, coords), st.sampled_from((40, 50, 75))),
    st.builds(
        Hull,
        st.tuples(coords, coords),
        st.integers(100, 450),
        st.integers(80, 250),
        st.integers(0, 359).map(float),
    ),
)
queries = st.builds(
    SightQuery,
    models,
    models,
    st.sampled_from((1.0, 2.5)),
    st.sampled_from((0.8, 1.0, 3.0)),
    st.lists(st.builds(Obstacle, models, st.sampled_from((0.4, 1.0, 2.5))), max_size=2).map(tuple),
)


@settings(max_examples=150, deadline=None)
@given(tables, st.lists(queries, min_size=1, max_size=10))
def test_prop_sights_equal_the_shapely_tracer(table: int, batch: list[SightQuery]) -> None:
    geometry = GEOMETRIES[table]
    assert geometry.sight_many(batch) == reference_sights(geometry, batch)
    single = batch[0]
    assert (
        geometry.sight(
            single.viewer,
            single.target,
            viewer_height=single.viewer_height,
            target_height=single.target_height,
            obstacles=single.obstacles,
        )
        == reference_sights(geometry, [single])[0]
    )


@settings(max_examples=150, deadline=None)
@given(tables, st.data())
def test_prop_models_on_piece_corners_see_as_the_shapely_tracer(
    table: int, data: st.DataObject
) -> None:
    """Bases centred on pieces' corners and along their edges (sight lines through
    vertices), 1" figures as 5.56mm and RatFight use."""
    geometry = GEOMETRIES[table]
    points = [data.draw(awkward_points(table)) for _ in range(4)]
    centres = list(dict.fromkeys((round(x), round(y)) for x, y in points))
    centres.append((centres[0][0] + 1, centres[0][1]))
    batch = [
        SightQuery(RoundBase(a, 50), RoundBase(b, 50), 1.0, 1.0)
        for a in centres
        for b in centres
        if a != b
    ]
    assert geometry.sight_many(batch) == reference_sights(geometry, batch)
