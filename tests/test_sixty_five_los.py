"""'65 section 14, line of sight by building silhouettes, hex edges and roads, and the
check-map report of broken silhouettes.

The test board is one map of flat-topped 64x56 hexes (side 32, odd columns shifted down),
so a hex's centre is at x = 48 col + 32, y = 56 row + 28 (+28 in odd columns): the line
from 1A3 (32, 140) to 1E3 (224, 140) runs through the centre of 1C3 (128, 140) and along
the edges between 1B2 and 1B3 and between 1D2 and 1D3.
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from game.maps.board import Board, BoardMap
from game.maps.check import check_map
from game.maps.hexgrid import HexGrid, cube_line
from game.maps.silhouette import line_meets_outline
from game.rules.sixty_five.boards import scenario_ground
from game.rules.sixty_five.terrain.field import Field, line_shape
from tests.sixty_five_support import DATA

REPO = Path(__file__).resolve().parent.parent


def rect(x0: float, y0: float, x1: float, y1: float) -> tuple[tuple[float, float], ...]:
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def ground(terrain: dict[str, str], silhouettes: dict[str, tuple] | None = None) -> Field:
    board = Board(HexGrid("x", "odd", 64, 56, 32), [BoardMap("1", 11, 6)])
    return Field(board, terrain, DATA.terrain, silhouettes=silhouettes or {})


def test_the_test_geometry_is_as_the_docstring_says() -> None:
    f = ground({})
    assert f.sight_line("1A3", "1E3") == ((32.0, 140.0), (224.0, 140.0))
    assert f.board.centre(f.board.parse_id("1C3")) == (128.0, 140.0)


def test_65_14_a_line_through_a_building_hex_that_misses_the_silhouette_is_clear() -> None:
    house = rect(112, 116, 144, 132)  # the top of 1C3; the line runs at y = 140
    f = ground({"1C3": "building"}, {"1C3": (house,)})
    assert f.los("1A3", "1E3")
    assert not f.copy(silhouettes=False).los("1A3", "1E3")  # rules version 1: the whole hex


def test_65_14_a_line_crossing_a_silhouette_is_blocked() -> None:
    house = rect(116, 130, 140, 150)
    f = ground({"1C3": "building"}, {"1C3": (house,)})
    assert not f.los("1A3", "1E3")


def test_65_14_touching_a_silhouette_counts_as_intersecting_it() -> None:
    house = rect(112, 120, 144, 140)  # its lower side lies on the line
    f = ground({"1C3": "building"}, {"1C3": (house,)})
    assert not f.los("1A3", "1E3")
    assert line_meets_outline((0, 140), (300, 140), house)
    assert not line_meets_outline((0, 141), (300, 141), house)


def test_65_14_the_firers_and_targets_own_silhouettes_never_block() -> None:
    covering = {h: (rect(x - 10, 130, x + 10, 150),) for h, x in (("1A3", 32), ("1E3", 224))}
    f = ground({"1A3": "building", "1E3": "building"}, covering)
    assert f.los("1A3", "1E3") and f.los("1E3", "1A3")


def test_65_14_a_building_hex_without_a_silhouette_blocks_as_a_whole() -> None:
    f = ground({"1C3": "building"})
    assert not f.los("1A3", "1E3")


def test_65_14_silhouettes_on_both_sides_of_a_hex_edge_block_only_where_crossed() -> None:
    # The line runs along the 1B2/1B3 edge (y = 140): a house set back from the edge in
    # either hex lets it pass, a house reaching the edge blocks it.
    back = {"1B2": (rect(70, 100, 90, 120),), "1B3": (rect(70, 160, 90, 180),)}
    both = {"1B2": "building", "1B3": "building"}
    assert ground(both, back).los("1A3", "1E3")
    assert not ground(both, {**back, "1B3": (rect(70, 140, 90, 160),)}).los("1A3", "1E3")


def test_65_14_blocking_terrain_on_one_side_of_the_edge_does_not_block() -> None:
    """14 (c-f): blocking terrain at the edge of the line leaves it clear; (d-f): blocking
    terrain on both sides of the edge blocks it."""
    assert ground({"1B2": "kunai"}).los("1A3", "1E3")
    assert ground({"1B3": "jungle"}).los("1A3", "1E3")
    assert not ground({"1B2": "kunai", "1B3": "jungle"}).los("1A3", "1E3")


def test_65_14_los_down_a_road_through_jungle_is_clear() -> None:
    """14 (d-e): a line traced straight down a road through blocking terrain is clear.
    Row 3's hexes are road from 1A3 to 1K3 and every hex above and below is jungle; the
    line from 1A3 to 1K3 runs through the even columns' road hexes and along the edges
    between the odd columns' road and jungle hexes."""
    terrain = {f"1{c}{r}": "jungle" for c in "ABCDEFGHIJK" for r in (1, 2, 4, 5, 6)}
    terrain.update({f"1{c}3": "road" for c in "ABCDEFGHIJK"})
    f = ground(terrain)
    assert f.los("1A3", "1K3")
    off_road = dict(terrain, **{f"1{c}3": "jungle" for c in "BDFHJ"})
    assert not ground(off_road).los("1A3", "1K3")  # the road gone: jungle on both sides


def test_65_14_scenario_1_buildings_are_read_from_the_map_objects() -> None:
    g = scenario_ground("1")
    building_hexes = {h for h in g.hexes() if g.terrain(h).id == "building"}
    assert set(g.silhouettes) == building_hexes
    assert sum(len(v) for v in g.silhouettes.values()) > len(building_hexes)  # hamlets: 3


def test_65_14_some_scenario_1_lines_change_between_rules_versions() -> None:
    """Version 2 sees past houses that version 1 treated as solid hexes, never the
    other way round."""
    g = scenario_ground("1")
    old, new = g.copy(silhouettes=False), g.copy(silhouettes=True)
    hexes = list(g.hexes())
    changed = [(a, b) for a in hexes for b in hexes if old.los(a, b) != new.los(a, b)]
    assert changed
    assert all(new.los(a, b) and not old.los(a, b) for a, b in changed)


# -- check-map ---------------------------------------------------------------------------------
def _map_with_buildings(tmp_path: Path, objects: str) -> Path:
    text = (REPO / "maps" / "sixty_five" / "map1.tmx").read_text(encoding="utf-8")
    tileset = (REPO / "maps" / "tilesets" / "hex.tsx").as_posix()
    text = text.replace('source="../tilesets/hex.tsx"', f'source="{tileset}"')
    start = text.index(' <objectgroup id="4" name="buildings">')
    text = text[:start] + f' <objectgroup id="4" name="buildings">\n{objects}\n </objectgroup>'
    text += "\n</map>\n"
    path = tmp_path / "broken_buildings.tmx"
    path.write_text(text, encoding="utf-8")
    return path


def test_check_map_passes_the_shipped_sixty_five_maps() -> None:
    for n in (1, 2, 3):
        problems = check_map(REPO / "maps" / "sixty_five" / f"map{n}.tmx")
        assert [p for p in problems if p.severity == "error"] == []


def test_check_map_names_file_object_and_what_was_expected_for_broken_silhouettes(
    tmp_path: Path,
) -> None:
    kept = (REPO / "maps" / "sixty_five" / "map1.tmx").read_text(encoding="utf-8")
    body = kept[kept.index('<objectgroup id="4"') :].splitlines()[1:]
    keep = "\n".join(ln for ln in body if 'type="building"' in ln and 'name="G2"' not in ln)
    broken = "\n".join(
        [
            keep,
            # G2's house spills over its hex; a polyline; a house in a clear hex (1A1)
            '  <object id="90" name="G2" type="building" x="290" y="72" width="60" height="20"/>',
            '  <object id="91" name="line" type="building" x="250" y="100">'
            '<polyline points="0,0 10,5 20,0"/></object>',
            '  <object id="92" name="field" type="building" x="20" y="20" width="20" height="14"/>',
        ]
    )
    path = _map_with_buildings(tmp_path, broken)
    text = "\n".join(str(p) for p in check_map(path))
    assert str(path) in text
    assert "object 90 'G2': the building silhouette must lie inside hex G2" in text
    assert (
        "object 91 'line': a building silhouette is a rectangle or polygon, not a polyline" in text
    )
    assert "object 92 'field': hex A1 is paddy; silhouettes go in building hexes" in text
    # the broken house is no silhouette, so G2 has none
    assert ": G2: building hex without a silhouette: draw an object of type 'building'" in text


# -- invariants -------------------------------------------------------------------------------
HEXES = [f"1{c}{r}" for c in "ABCDEFG" for r in range(1, 6)]


@st.composite
def houses(draw: st.DrawFn) -> dict[str, tuple]:
    """Up to six building hexes, each with a house of random size and place inside it."""
    f = ground({})
    out: dict[str, tuple] = {}
    for h in draw(st.lists(st.sampled_from(HEXES), max_size=6, unique=True)):
        cx, cy = f.board.centre(f.board.parse_id(h))
        dx = draw(st.floats(-8, 8))
        dy = draw(st.floats(-8, 8))
        w = draw(st.floats(2, 14))
        hgt = draw(st.floats(2, 10))
        out[h] = (rect(cx + dx - w, cy + dy - hgt, cx + dx + w, cy + dy + hgt),)
    return out


@settings(max_examples=40, deadline=None)
@given(houses(), st.sampled_from(HEXES), st.sampled_from(HEXES))
def test_65_14_silhouette_los_is_symmetric_and_never_blocks_more_than_whole_hexes(
    silhouettes: dict[str, tuple], a: str, b: str
) -> None:
    f = ground({h: "building" for h in silhouettes}, silhouettes)
    assert f.los(a, b) == f.los(b, a)
    if not f.los(a, b):
        assert not f.copy(silhouettes=False).los(a, b)


def test_65_14_a_line_is_its_shape_moved_on_every_scenario_board() -> None:
    """Field.line builds a line from the remembered shape of its offset (line_shape);
    on every shipped scenario board, from every eighth hex to every hex, that is exactly
    the line cube_line traces (so line of sight, and every game, is unchanged)."""
    for scenario in "12345678":
        f = scenario_ground(scenario)
        hexes = list(f.hexes())
        for a in hexes[::8]:
            for b in hexes:
                traced = cube_line(
                    f.board.cube(f.board.parse_id(a)), f.board.cube(f.board.parse_id(b))
                )
                expected = [tuple(f.at_cube(c) for c in step) for step in traced]
                assert list(f.line(a, b)) == expected, (scenario, a, b)


def test_65_14_line_shapes_are_the_same_from_any_origin() -> None:
    """cube_line from ``a`` to ``a + d`` is cube_line from the origin to ``d`` moved by
    ``a`` for every offset of up to 30 hexes, from origins far around the board."""
    origins = [(17, -40, 23), (-61, 5, 56), (80, 80, -160)]
    for q in range(-30, 31):
        for r in range(max(-30, -30 - q), min(30, 30 - q) + 1):
            d = (q, r, -q - r)
            shape = line_shape(d)
            for a in origins:
                b = (a[0] + q, a[1] + r, a[2] - q - r)
                moved = [tuple((a[0] + x, a[1] + y, a[2] + z) for x, y, z in s) for s in shape]
                assert cube_line(a, b) == moved, (a, d)


def _fresh(f: Field) -> Field:
    twin = f.copy()
    twin._los, twin._lasting, twin._steps = {}, {}, {}
    return twin


def test_65_14_los_is_reciprocal_step_by_step_on_every_scenario_board() -> None:
    """14: LOS is remembered both ways once traced (Field.los), which is right only
    because the line back passes the same steps and sees alike: checked from every
    fifteenth hex to every other hex of every scenario board, by silhouettes and by
    whole hexes, each direction traced on its own."""
    for scenario in "12345678":
        for silhouettes in (True, False):
            ground = scenario_ground(scenario).copy(silhouettes=silhouettes)
            there, back = _fresh(ground), _fresh(ground)
            hexes = list(ground.hexes())
            starts = hexes[::15]
            for a in starts:
                for b in hexes:
                    if b in starts:
                        continue  # a line between two starts would be read back, not traced
                    assert there._trace(a, b) == back._trace(b, a), (scenario, a, b)
                    assert there._lasting.get((a, b)) == back._lasting.get((b, a))
                    steps, steps_back = there._steps.get((a, b)), back._steps.get((b, a))
                    if steps is None or steps_back is None:
                        assert steps is steps_back is None
                    else:
                        assert {frozenset(s) for s in steps} == {frozenset(s) for s in steps_back}


def test_65_14_smoke_and_vehicles_change_a_remembered_line_only_when_on_it() -> None:
    """22f, 14: Smoke in a hex the line passes blocks it, Smoke elsewhere does not; a
    vehicle degrades LOS only in a hex on the line (two degrading steps block)."""
    f = ground({})
    assert f.los("1A3", "1E3")  # remembered clear
    f.smoke = {"1C5": 2}
    assert f.los("1A3", "1E3")
    f.smoke = {"1C3": 2}
    assert not f.los("1A3", "1E3") and not f.los("1E3", "1A3")
    f.smoke = {}
    f.clutter = frozenset({"1C5", "1D5"})
    assert f.los("1A3", "1E3")
    f.clutter = frozenset({"1C3"})
    assert f.los("1A3", "1E3")  # one degrading step
    f.clutter = frozenset({"1C3", "1B2", "1B3"})
    assert not f.los("1A3", "1E3")  # two: the hex and the edge both sides of it


def test_65_14_each_los_rule_keeps_its_own_remembered_lines_beside_a_mountain() -> None:
    """14, scenario 7's mountain: along the board edge 1A1-1E1 the line runs beside the
    houses of 1B1 and 1D1. Version 1 (whole building hexes) is blocked there by the
    mountain; version 2 (silhouettes, missed here) sees through, and Smoke in 1C1 still
    blocks it, even after a version-1 copy of the same ground traced the line."""
    f0 = ground({})
    houses = {}
    for h in ("1B1", "1D1"):
        x, y = f0.board.centre(f0.board.parse_id(h))
        houses[h] = (rect(x - 2, y + 8, x + 2, y + 12),)  # below the line at the top edge
    f = ground({"1B1": "building", "1D1": "building"}, houses)
    f.gaps_block = True
    new, old = f.copy(silhouettes=True), f.copy(silhouettes=False)
    assert new.los("1A1", "1E1")
    assert not old.los("1A1", "1E1")  # the mountain beside a solid house
    new.smoke = {"1C1": 2}
    assert not new.los("1A1", "1E1")
    old.smoke = {"1C1": 2}
    assert not old.los("1A1", "1E1")


def test_65_14_each_los_rule_works_out_its_own_blocking_hexes() -> None:
    """14: the field remembers which hexes block or degrade LOS (Field._hex_flags) with
    the rule it worked them out for: after a version-2 field has traced through a house
    by its silhouette, a version-1 copy still finds the whole building hex solid, and the
    version-2 field, asked a new line through the house after the copy, still sees past
    the silhouette."""
    house = rect(112, 116, 144, 132)  # the top of 1C3, clear of the lines at y = 140
    f = ground({"1C3": "building"}, {"1C3": (house,)})
    assert f.los("1A3", "1E3")
    old = f.copy(silhouettes=False)
    assert not old.los("1A3", "1E3") and not old.los("1A3", "1D3")
    assert f.los("1A3", "1D3")


def test_65_14_sees_any_answers_as_los_of_each_with_smoke_laid_after_a_line_is_known() -> None:
    """14, 22f: Field.sees_any (a strike's spotters, 12) is True exactly when los of
    some hex is: a line remembered clear and then smoked over no longer counts, an
    untraced clear line still does, and nothing seen gives False."""
    f = ground({"1C4": "jungle"})
    assert f.los("1A3", "1E3")  # remembered clear
    assert f.sees_any("1E3", ["1A3"])
    f.smoke = {"1C3": 2}
    assert not f.los("1E3", "1A3")
    assert not f.sees_any("1E3", ["1A3"])
    assert f.sees_any("1E3", ["1A3", "1E1"])  # 1E1 not traced yet, and clear
    g, fresh = (
        ground({"1C4": "jungle", "1C2": "jungle"}),
        ground({"1C4": "jungle", "1C2": "jungle"}),
    )
    g.smoke = fresh.smoke = {"1C3": 2}
    hexes = list(g.hexes())
    for a in hexes[::5]:
        others = hexes[1::7]
        assert g.sees_any(a, others) == any(fresh.los(a, b) for b in others), a
    assert not g.sees_any("1A3", ["1E3"])  # smoke between them


def test_65_14_seen_from_reads_the_remembered_lines_of_its_own_los_rule() -> None:
    """14, 22f: Field.seen_from (a random draw's targets in sight) answers as los of each
    hex, from lines remembered by either end (read as sets per hex), with Smoke or
    vehicles placed after they were remembered, and in a copy under the other LOS rule,
    which keeps its own remembered lines: the version-2 field sees past the house of 1C3,
    version 1 not."""
    house = rect(112, 116, 144, 132)  # the top of 1C3, clear of the line at y = 140

    def field() -> Field:
        return ground({"1C3": "building", "1C5": "jungle"}, {"1C3": (house,)})

    f, fresh = field(), field()
    hexes = list(f.hexes())
    assert f.los("1E3", "1A3")  # remembered from the other end
    assert f.seen_from("1A3", {"1E3"}) == {"1E3"}
    for a in hexes[::4]:
        assert f.seen_from(a, hexes[::3]) == {b for b in hexes[::3] if fresh.los(a, b)}, a
    old = f.copy(silhouettes=False)
    assert old.seen_from("1A3", {"1E3", "1A4"}) == {"1A4"}  # the whole building hex blocks
    assert f.seen_from("1A3", {"1E3", "1A4"}) == {"1E3", "1A4"}
    f.smoke = fresh.smoke = {"1D3": 2, "1C4": 1}
    for a in hexes[::4]:
        assert f.seen_from(a, hexes[::3]) == {b for b in hexes[::3] if fresh.los(a, b)}, a
    f.smoke = fresh.smoke = {}
    f.clutter = fresh.clutter = frozenset({"1B2", "1B3", "1D4", "1E4"})  # vehicles, wrecks
    for a in hexes[::2]:
        assert f.seen_from(a, hexes[::2]) == {b for b in hexes[::2] if fresh.los(a, b)}, a
