"""Tabletop geometry: measuring, in terrain, moves, line of sight, templates, candidates.

Numbers are worked by hand on small maps (1 tile = 1 inch); positions are hundredths of
an inch. Invariants are checked with hypothesis on a shipped map.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tabletop_support import obj, table_of

from game.maps.tabletop import load_table, to_point
from game.maps.tabletop_geometry import Obstacle, TableGeometry
from game.maps.tabletop_measure import (
    Hull,
    RoundBase,
    bearing,
    distance,
    gap,
    gap_within,
    hull_side,
    in_arc,
    under_template,
    within,
)

ROOT = Path(__file__).resolve().parent.parent
FARM = TableGeometry(load_table(ROOT / "maps" / "tabletop" / "hedgerow_farm.tmx"))


def base(x_in: float, y_in: float, radius: int = 50) -> RoundBase:
    return RoundBase(to_point(x_in, y_in), radius)


# ---- measuring -------------------------------------------------------------------------------
def test_measure_distance_between_bases_is_edge_to_edge() -> None:
    """Centres 3-4-5 apart (5") with 1" bases: 4" from edge to edge."""
    a, b = RoundBase((0, 0)), RoundBase((300, 400))
    assert distance(a.centre, b.centre) == 500.0
    assert gap(a, b) == 400.0
    assert gap_within(a, b, 400) and not gap_within(a, b, 399)
    assert gap(a, RoundBase((60, 0))) == 0.0  # overlapping bases touch


def test_measure_within_is_exact_on_integers() -> None:
    assert within((0, 0), (600, 0), 600)
    assert not within((0, 0), (425, 425), 600)  # 601.04 hundredths
    assert within((0, 0), (424, 424), 600)  # 599.63


def test_measure_gap_to_a_vehicle_hull() -> None:
    """A 4" x 2" hull facing east at (10", 10"): its front face is at x = 12"."""
    tank = Hull(to_point(10, 10), 400, 200, 0)
    assert gap(tank, base(15, 10)) == pytest.approx(250.0)  # 15 - 0.5 - 12
    turned = Hull(to_point(10, 10), 400, 200, 90)  # now 2" wide across x
    assert gap(turned, base(15, 10)) == pytest.approx(350.0)


def test_measure_field_of_sight_is_180_degrees_from_facing() -> None:
    """5.56mm: a model sees what is in front of it (180 deg); a base straddling the
    edge of the arc is seen."""
    eye = (0, 0)
    assert in_arc(eye, 0, RoundBase((1000, 0)))
    assert not in_arc(eye, 0, RoundBase((-1000, 0)))
    assert in_arc(eye, 0, RoundBase((0, 1000)))  # exactly abeam
    assert in_arc(eye, 0, RoundBase((-30, 1000)))  # just behind, base reaches forward
    assert not in_arc(eye, 0, RoundBase((-100, 1000)))  # asin(50/1005) = 2.9 deg < 5.7
    assert in_arc(eye, 90, RoundBase((0, 1000)), arc=10)
    assert bearing((0, 0), (0, 100)) == 90.0


def test_measure_hull_side_by_diagonals() -> None:
    tank = Hull((0, 0), 400, 200, 0)
    assert hull_side(tank, (1000, 0)) == "front"
    assert hull_side(tank, (-1000, 0)) == "rear"
    assert hull_side(tank, (0, 1000)) == "side"
    assert hull_side(tank, (1000, 499)) == "front"  # 1000 * 200 >= 499 * 400
    assert hull_side(tank, (1000, 501)) == "side"
    assert hull_side(Hull((0, 0), 400, 200, 180), (1000, 0)) == "rear"


def test_measure_blast_template_touches_bases_under_or_partly_under() -> None:
    """RatFight grenade: a 3" template; a base whose edge reaches it is attacked."""
    models = [
        RoundBase((0, 0)),
        RoundBase((200, 0)),  # edge exactly at the template's edge
        RoundBase((201, 0)),
        Hull((0, 200), 200, 100, 0),  # its top edge is 150 from the centre
        Hull((0, 210), 200, 100, 0),
    ]
    assert under_template((0, 0), models) == (0, 1, 3)


# ---- in terrain ---------------------------------------------------------------------------
def test_geometry_base_overlapping_terrain_is_in_it(tmp_path: Path) -> None:
    t = table_of(tmp_path, [obj(1, "wood", "rect", box=(10, 10, 10, 10))])
    g = TableGeometry(t)
    assert g.pieces_at(base(9.6, 15)) == t.pieces  # 0.4" outside: base reaches in
    assert g.pieces_at(base(9.4, 15)) == ()
    assert g.cover_at(base(15, 15)) == "soft"
    assert g.pieces_at_point(to_point(15, 15)) == t.pieces


def test_geometry_base_touching_a_wall_is_in_it(tmp_path: Path) -> None:
    """A wall strip is 0.5" wide: a base whose edge reaches it is behind the wall."""
    t = table_of(tmp_path, [obj(1, "wall", "polyline", points=[(20, 0), (20, 48)])])
    g = TableGeometry(t)
    assert g.pieces_at(base(19.25, 10)) == t.pieces  # edge at 19.75 = wall's face
    assert g.pieces_at(base(19.2, 10)) == ()
    assert g.cover_at(base(19.25, 10)) == "hard"


# ---- moving ----------------------------------------------------------------------------------
def _lanes(tmp_path: Path) -> TableGeometry:
    return TableGeometry(
        table_of(
            tmp_path,
            [
                obj(1, "hedge", "polyline", points=[(20, 0), (20, 20)], name="Hedge"),
                obj(2, "pond", "rect", box=(30, 10, 4, 4), name="Pond"),
                obj(3, "road", "polyline", points=[(0, 30), (48, 30)], name="Road"),
                obj(4, "wood", "rect", box=(30, 40, 4, 4)),
            ],
        )
    )


def test_geometry_move_across_a_hedge_per_movement_type(tmp_path: Path) -> None:
    """A hedge is climbed by infantry, impassable to wheels, open to flyers."""
    g = _lanes(tmp_path)
    on_foot = g.move(to_point(15, 10), to_point(25, 10))
    assert on_foot.length == 1000.0
    assert [p.name for p in on_foot.crossings] == ["Hedge"] and on_foot.legal
    wheels = g.move(to_point(15, 10), to_point(25, 10), movement="wheeled")
    assert [p.name for p in wheels.impassable] == ["Hedge"] and not wheels.legal
    flyer = g.move(to_point(15, 10), to_point(25, 10), movement="flying")
    assert flyer.crossings == () and flyer.impassable == ()
    around = g.move(to_point(15, 22), to_point(25, 22), movement="wheeled")
    assert around.legal  # below the hedge's end


def test_geometry_move_into_impassable_area_but_brushing_past_is_fine(tmp_path: Path) -> None:
    g = _lanes(tmp_path)
    into = g.move(to_point(25, 12), to_point(31, 12))
    assert [p.name for p in into.impassable] == ["Pond"]
    past = g.move(to_point(25, 9.5), to_point(38, 9.5))  # base edge runs along y = 10
    assert past.impassable == () and past.legal
    clipping = g.move(to_point(25, 9.6), to_point(38, 9.6))  # base reaches 0.1" in
    assert [p.name for p in clipping.impassable] == ["Pond"]


def test_geometry_move_road_share(tmp_path: Path) -> None:
    """The road is 3" wide along y = 30: a move along it is all road, a move across it
    from y = 26 to y = 34 is 3" of 8" on the road."""
    g = _lanes(tmp_path)
    assert g.move(to_point(5, 30), to_point(15, 30)).road_share == 1.0
    assert g.move(to_point(5, 26), to_point(5, 34)).road_share == pytest.approx(3 / 8)
    assert g.on_road(to_point(5, 31)) and not g.on_road(to_point(5, 32))


def test_geometry_move_must_end_on_the_table(tmp_path: Path) -> None:
    g = _lanes(tmp_path)
    assert not g.move(to_point(5, 5), to_point(0.4, 5)).on_table
    assert g.move(to_point(5, 5), to_point(0.5, 5)).on_table


# ---- line of sight ---------------------------------------------------------------------------
def test_los_blocked_by_a_wall_between_two_models(tmp_path: Path) -> None:
    """RatFight: terrain half a model's height between two models blocks sight."""
    t = table_of(tmp_path, [obj(1, "wall", "polyline", points=[(20, 0), (20, 48)])])
    s = TableGeometry(t).sight(base(10, 24), base(30, 24))
    assert not s.clear and s.lines_blocked == s.lines == 5
    assert s.visible_share == 0.0 and [p.kind for p in s.blockers] == ["wall"]


def test_los_low_wall_hides_part_but_does_not_block(tmp_path: Path) -> None:
    """A 0.4" wall is under half a 1" model: not blocked, 60% of the figure visible."""
    wall = obj(1, "wall", "polyline", points=[(20, 0), (20, 48)], props={"height_in": 0.4})
    s = TableGeometry(table_of(tmp_path, [wall])).sight(base(10, 24), base(30, 24))
    assert s.clear and s.lines_blocked == 0 and not s.in_terrain
    assert s.visible_share == pytest.approx(0.6)


def test_los_partly_in_view_counts_as_in_terrain(tmp_path: Path) -> None:
    """The wall ends level with the models' centres: of the five sight lines (at
    -0.45, -0.225, 0, 0.225, 0.45" across) the three at y <= 24" meet it. The target
    is partly in view: it may be shot but counts as in terrain (hard: a wall)."""
    t = table_of(tmp_path, [obj(1, "wall", "polyline", points=[(20, 0), (20, 24)])])
    s = TableGeometry(t).sight(base(10, 24), base(30, 24))
    assert s.clear and s.partly_in_view and s.lines_blocked == 3
    assert s.in_terrain and s.cover == "hard"
    assert s.visible_share == pytest.approx(0.4)


def test_los_not_blocked_by_the_piece_a_model_stands_in(tmp_path: Path) -> None:
    """Models in terrain see out and are seen, and count as in terrain when shot."""
    t = table_of(tmp_path, [obj(1, "wood", "rect", box=(20, 20, 10, 10))])
    g = TableGeometry(t)
    s = g.sight(base(10, 25), base(25, 25))  # target deep in the wood
    assert s.clear and s.in_terrain and s.cover == "soft" and s.target_in == t.pieces
    back = g.sight(base(25, 25), base(10, 25))  # and it sees out
    assert back.clear and not back.in_terrain and back.viewer_in == t.pieces
    across = g.sight(base(15, 25), base(35, 25))  # both outside, wood between
    assert not across.clear


def test_los_height_rule_uses_the_target(tmp_path: Path) -> None:
    """A 1.5" hedge hides a 1" man; a 4" tank behind it shows above (1.5 < 2)."""
    t = table_of(tmp_path, [obj(1, "hedge", "polyline", points=[(20, 0), (20, 48)])])
    g = TableGeometry(t)
    assert not g.sight(base(10, 24), base(30, 24)).clear
    tank = g.sight(base(10, 24), base(30, 24), target_height=4.0)
    assert tank.clear and tank.visible_share == pytest.approx(1 - 1.5 / 4)


def test_los_blocked_by_an_obstacle_model() -> None:
    wreck = Obstacle(Hull(to_point(20, 24), 400, 300, 90), 2.0)
    assert FARM.sight(base(20, 20), base(20, 28)).clear
    assert not FARM.sight(base(20, 20), base(20, 28), obstacles=[wreck]).clear
    low = Obstacle(wreck.model, 0.4)  # under half the target's height
    assert FARM.sight(base(20, 20), base(20, 28), obstacles=[low]).clear


def test_los_query_answers_on_the_shipped_farm() -> None:
    """The north hedge (y = 6") stands between a model at y = 3" and one at y = 9"."""
    assert not FARM.sight(base(10, 3), base(10, 9)).clear
    assert FARM.sight(base(10, 1), base(10, 4)).clear


# ---- candidate destinations -----------------------------------------------------------------
def test_candidates_are_legal_deterministic_and_include_cover() -> None:
    start = to_point(10, 3)
    kwargs = dict(toward=[to_point(10, 40)], away=[to_point(0, 0)], occupied=[base(16, 3)])
    first = FARM.move_candidates(start, 600, **kwargs)  # type: ignore[arg-type]
    assert first == FARM.move_candidates(start, 600, **kwargs)  # type: ignore[arg-type]
    assert len(first) == len(set(first)) >= 8 and start not in first
    assert to_point(16, 3) not in first  # occupied
    for point in first:
        assert within(start, point, 600)
        assert FARM.move(start, point).legal
    assert first[0] == to_point(10, 9)  # toward the target, a full 6"
    assert any(FARM.cover_at(RoundBase(p)) != "none" for p in first)  # the hedge


def test_candidates_stop_in_base_contact() -> None:
    start = to_point(10, 2)
    (first, *_) = FARM.move_candidates(start, 600, toward=[to_point(13, 2)])
    assert first == to_point(12, 2)  # 1" bases touching


def test_candidates_respect_vehicle_movement() -> None:
    start = to_point(10, 3)
    for point in FARM.move_candidates(start, 900, movement="wheeled", radius=100):
        assert FARM.move(start, point, radius=100, movement="wheeled").legal


# ---- invariants -------------------------------------------------------------------------------
coords = st.integers(min_value=100, max_value=4700)
points = st.tuples(coords, coords)


@given(points, points)
def test_prop_distance_and_gap_are_symmetric(a: tuple[int, int], b: tuple[int, int]) -> None:
    assert distance(a, b) == distance(b, a)
    assert gap(RoundBase(a), RoundBase(b, 80)) == gap(RoundBase(b, 80), RoundBase(a))
    limit = math.floor(distance(a, b))
    assert within(a, b, limit + 1) and (limit == distance(a, b) or not within(a, b, limit))


@given(st.integers(-100_000, 100_000), st.integers(-100_000, 100_000))
def test_prop_points_on_hundredths_round_trip(x: int, y: int) -> None:
    assert to_point(x / 100, y / 100) == (x, y)


@settings(max_examples=60, deadline=None)
@given(points, points, st.floats(0.5, 3.0))
def test_prop_los_is_symmetric_for_equal_heights(
    a: tuple[int, int], b: tuple[int, int], height: float
) -> None:
    there = FARM.sight(RoundBase(a), RoundBase(b), viewer_height=height, target_height=height)
    back = FARM.sight(RoundBase(b), RoundBase(a), viewer_height=height, target_height=height)
    assert there.clear == back.clear
    assert there.lines_blocked == back.lines_blocked


@settings(max_examples=40, deadline=None)
@given(points, st.integers(100, 1200))
def test_prop_candidates_stay_in_reach_and_legal(start: tuple[int, int], reach: int) -> None:
    for point in FARM.move_candidates(start, reach):
        assert within(start, point, reach)
        assert FARM.move(start, point).legal


# ---- bench ------------------------------------------------------------------------------------
def test_bench_crowded_table_and_tabletop_row() -> None:
    """`bench` measures LOS on a 60-piece table built from the shipped maps."""
    from game.cli.bench import tabletop_times
    from game.maps.tabletop_bench import crowded_table, sight_pairs

    table = crowded_table(60)
    assert len(table.pieces) == 60 and len({p.id for p in table.pieces}) == 60
    assert sight_pairs(table, 3) == sight_pairs(table, 3)
    row = tabletop_times(queries=20)
    assert row["pieces"] == 60 and row["los_p95_us"] >= row["los_p50_us"] > 0


def test_geometry_reach_outline_is_clipped_by_obstacles_and_edges(tmp_path: Path) -> None:
    """A wall 2" east of the model stops the ring there; a flyer is not stopped; the
    table edge 3" north stops it 0.5" short (the base stays on the table)."""
    t = table_of(tmp_path, [obj(1, "wall", "polyline", points=[(12, 0), (12, 20)])])
    g = TableGeometry(t)
    ring = g.reach_outline(to_point(10, 3), 600, directions=4)
    assert ring == (to_point(12, 3), to_point(10, 9), to_point(4, 3), to_point(10, 0.5))
    assert g.reach_outline(to_point(10, 3), 600, directions=4, movement="flying")[0] == to_point(
        16, 3
    )
    legs = g.move_path([to_point(10, 3), to_point(10, 9), to_point(13, 9)])
    assert [leg.length for leg in legs] == [600.0, 300.0]
    assert [p.kind for p in legs[1].crossings] == ["wall"]
