"""Tabletop maps: reading terrain pieces from Tiled objects, scale, errors, shipped maps.

Maps here are 1 tile = 1 inch = 32 px, so an object at x="320" stands 10" from the left
edge, i.e. 1000 hundredths.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tabletop_support import obj, table_of, write_map

from game.core.errors import MapError
from game.maps.tabletop import (
    MOVEMENT_TYPES,
    PROJECT_FILE,
    TERRAIN_MEMBERS,
    hundredths,
    inches,
    load_table,
    terrain_classes,
    to_point,
)
from game.maps.tiled import load_property_types

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted((ROOT / "maps" / "tabletop").glob("*.tmx"))


# ---- units and scale -------------------------------------------------------------------------
def test_tabletop_units_are_hundredths_of_an_inch() -> None:
    assert hundredths(1.0) == 100
    assert hundredths(2.345) == 235  # half away from zero
    assert hundredths(-0.005) == -1
    assert to_point(10, 2.5) == (1000, 250)
    assert inches(1234) == 12.34


def test_tabletop_scale_from_inches_per_tile(tmp_path: Path) -> None:
    t = table_of(tmp_path, [], props={"system": "tabletop", "inches_per_tile": 2.0}, size=(24, 24))
    assert (t.width, t.height) == (4800, 4800)
    assert t.scale == 200 / 32  # hundredths per map pixel
    assert t.to_table(32, 64) == (200, 400)


def test_tabletop_scale_from_table_width(tmp_path: Path) -> None:
    t = table_of(tmp_path, [], props={"system": "tabletop", "table_width_in": 72.0}, size=(36, 24))
    assert t.inches_per_tile == 2.0
    assert t.size_in == (72.0, 48.0)


def test_tabletop_default_table_is_four_feet_square(tmp_path: Path) -> None:
    t = table_of(tmp_path, [], props={"system": "tabletop"}, size=(32, 32))
    assert t.size_in == (48.0, 48.0)
    assert t.light == "full"


# ---- pieces --------------------------------------------------------------------------------
def test_tabletop_piece_takes_class_defaults_and_overrides(tmp_path: Path) -> None:
    t = table_of(
        tmp_path,
        [
            obj(1, "hedge", "polyline", points=[(4, 6), (18, 6)], name="North hedge"),
            obj(2, "wall", "polyline", points=[(4, 8), (18, 8)], props={"height_in": 0.5}),
        ],
    )
    hedge, wall = t.pieces
    assert hedge.label == "hedge 1 'North hedge'"
    assert hedge.linear and hedge.outline == ((400, 600), (1800, 600))
    assert (hedge.cover, hedge.height_in, hedge.blocks_los) == ("soft", 1.5, True)
    assert hedge.thickness == 100
    assert hedge.move("infantry") == "climb" and hedge.move("wheeled") == "impassable"
    assert wall.height_in == 0.5 and wall.cover == "hard"  # only the height overridden


def test_tabletop_rectangle_rotation_is_tileds(tmp_path: Path) -> None:
    """Tiled turns a rectangle clockwise about its top-left corner (x, y)."""
    t = table_of(tmp_path, [obj(1, "building", "rect", box=(10, 10, 4, 2), rotation=90)])
    assert t.pieces[0].outline == ((1000, 1000), (1000, 1400), (800, 1400), (800, 1000))


def test_tabletop_polygon_rotation_turns_about_its_first_point(tmp_path: Path) -> None:
    pts = [(10, 10), (14, 10), (14, 12)]
    t = table_of(tmp_path, [obj(1, "ruins", "polygon", points=pts, rotation=180)])
    assert t.pieces[0].outline == ((1000, 1000), (600, 1000), (600, 800))


def test_tabletop_ellipse_becomes_a_32_gon_through_its_edge(tmp_path: Path) -> None:
    t = table_of(tmp_path, [obj(1, "pond", "ellipse", box=(10, 10, 4, 2))])
    outline = t.pieces[0].outline
    assert len(outline) == 32
    assert outline[0] == (1400, 1100)  # rightmost point: centre (12, 11) + rx 2"
    assert outline[8] == (1200, 1200)  # bottom point


def test_tabletop_features_are_zones_and_objectives(tmp_path: Path) -> None:
    t = table_of(
        tmp_path,
        [
            obj(1, "deployment", "rect", box=(0, 0, 48, 4), props={"side": "north"}),
            obj(2, "objective", "point", box=(20, 20, 0, 0), name="Well"),
        ],
    )
    (zone,) = t.features_of("deployment", "north")
    assert zone.area and zone.outline[2] == (4800, 400)
    assert t.features_of("objective")[0].outline == ((2000, 2000),)
    assert t.pieces == ()


# ---- errors ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("objects", "message"),
    [
        (
            [obj(7, "volcano", "rect", box=(1, 1, 2, 2), name="Mount Doom")],
            "layer 'terrain': object 7 'Mount Doom': unknown class 'volcano' (expected one of:",
        ),
        (
            [obj(3, "hedge", "polyline", points=[(1, 1), (5, 1)], props={"cover": "medium"})],
            "object 3: property cover='medium' is not one of none, soft, hard",
        ),
        (
            [obj(3, "wall", "polyline", points=[(1, 1), (5, 1)], props={"height_in": -1.0})],
            "object 3: property height_in=-1.0 must be a number of inches from 0 to 1000",
        ),
        (
            [obj(3, "wood", "polyline", points=[(1, 1), (5, 1), (5, 5)])],
            "object 3: open polygon: a wood is area terrain and needs a closed shape",
        ),
        (
            [obj(3, "wall", "rect", box=(1, 1, 4, 1))],
            "object 3: a wall is a linear obstacle: draw it as a polyline, not a rectangle",
        ),
        (
            [obj(3, "building", "rect", box=(1, 1, 0, 3))],
            "object 3: degenerate rectangle: 0.0 x 96.0 px",
        ),
        (
            [obj(3, "ruins", "polygon", points=[(1, 1), (5, 5), (5, 1), (1, 5)])],
            "object 3: polygon crosses itself",
        ),
        (
            [obj(3, "ruins", "polygon", points=[(1, 1), (3, 3), (5, 5)])],
            "object 3: degenerate polygon: it encloses no area",
        ),
        (
            [obj(3, "fence", "polyline", points=[(1, 1), (1, 1)])],
            "object 3: degenerate polyline: needs at least two distinct points",
        ),
        (
            [obj(3, "wood", "point", box=(1, 1, 0, 0))],
            "object 3: a point cannot be terrain",
        ),
    ],
)
def test_tabletop_bad_piece_is_a_map_error_naming_file_object_and_expectation(
    tmp_path: Path, objects: list[str], message: str
) -> None:
    path = write_map(tmp_path, objects)
    with pytest.raises(MapError) as err:
        load_table(path)
    assert str(err.value).startswith(f"{path}: ")
    assert message in str(err.value)


def test_tabletop_bad_scale_and_light_are_map_errors(tmp_path: Path) -> None:
    path = write_map(tmp_path, [], props={"system": "tabletop", "inches_per_tile": -2.0})
    with pytest.raises(MapError, match="map: map property inches_per_tile=-2.0 must be a number"):
        load_table(path)
    path = write_map(tmp_path, [], props={"system": "tabletop", "light": "dusk"})
    with pytest.raises(MapError, match="light='dusk' is not one of full, low, none"):
        load_table(path)


def test_tabletop_broken_project_file_is_a_map_error(tmp_path: Path) -> None:
    bad = tmp_path / "p.tiled-project"
    bad.write_text(
        '{"propertyTypes": [{"type": "class", "name": "x", "members": '
        '[{"name": "cover", "type": "string", "propertyType": "Nope", "value": "a"}]}]}'
    )
    with pytest.raises(MapError, match="class 'x': member 'cover': unknown enum type 'Nope'"):
        load_property_types(bad)
    bad.write_text("{not json")
    with pytest.raises(MapError, match="not a readable Tiled project file"):
        load_property_types(bad)


# ---- the project file -------------------------------------------------------------------------
def test_tabletop_project_declares_every_terrain_class_completely() -> None:
    """Every terrain class has every member, with the enum types that give authors a
    dropdown in Tiled; the enums hold exactly the values the code knows."""
    project = load_property_types(PROJECT_FILE)
    assert project.enums["Cover"] == ("none", "soft", "hard")
    assert project.enums["Movement"] == ("open", "climb", "impassable")
    assert project.enums["Light"] == ("full", "low", "none")
    classes = terrain_classes(project)
    assert {"wood", "building", "ruins", "wall", "hedge", "fence", "stream", "road"} <= set(classes)
    for name in classes:
        cls = project.classes[name]
        assert set(cls.members) == set(TERRAIN_MEMBERS), name
        for member, kind in TERRAIN_MEMBERS.items():
            if kind in project.enums:
                assert cls.enums[member] == kind, (name, member)
    raw = json.loads(PROJECT_FILE.read_text(encoding="utf-8"))
    ids = [t["id"] for t in raw["propertyTypes"]]
    assert len(ids) == len(set(ids))  # Tiled needs unique type ids
    assert all(f"move_{m}" in TERRAIN_MEMBERS for m in MOVEMENT_TYPES)


# ---- shipped maps -----------------------------------------------------------------------------
def test_tabletop_shipped_maps_exist() -> None:
    assert [p.name for p in SHIPPED] == ["hedgerow_farm.tmx", "ruined_village.tmx"]


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_tabletop_shipped_map_loads_with_varied_terrain(path: Path) -> None:
    t = load_table(path)
    assert t.size_in == (48.0, 48.0)
    kinds = {p.kind for p in t.pieces}
    assert {"road", "building", "wall"} <= kinds
    assert any(p.linear for p in t.pieces) and any(not p.linear for p in t.pieces)
    assert {p.cover for p in t.pieces} == {"none", "soft", "hard"}
    assert len(t.features_of("deployment")) == 2
    assert all(z.side for z in t.features_of("deployment"))
    for piece in t.pieces:  # every piece lies on the table
        assert all(0 <= x <= t.width and 0 <= y <= t.height for x, y in piece.outline), piece.label


def test_tabletop_farm_has_hedges_walls_wood_stream_and_road() -> None:
    t = load_table(ROOT / "maps" / "tabletop" / "hedgerow_farm.tmx")
    kinds = [p.kind for p in t.pieces]
    for kind in ("hedge", "wall", "wood", "stream", "road"):
        assert kind in kinds


def test_tabletop_docs_table_matches_the_project_classes() -> None:
    """docs/maps.md lists every terrain class with the project file's defaults."""
    project = load_property_types(PROJECT_FILE)
    text = (ROOT / "docs" / "maps.md").read_text(encoding="utf-8")
    rows = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 10 and cells[0].startswith("`") and cells[0].strip("`") in project.classes:
            rows[cells[0].strip("`")] = cells[1:]
    assert set(rows) == set(terrain_classes(project))
    for name, (shape, cover, height, blocks, *moves) in rows.items():
        m = project.classes[name].members
        assert (shape, cover) == (m["footprint"], m["cover"]), name
        assert float(height.rstrip('"')) == m["height_in"], name
        assert blocks == ("yes" if m["blocks_los"] else "no"), name
        assert moves == [m[f"move_{t}"] for t in MOVEMENT_TYPES], name


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_tabletop_shipped_map_opens_in_tiled(path: Path, tmp_path: Path) -> None:
    """Tiled itself opens the map unchanged (exported to JSON): every piece arrives with
    its class, the ground layer with its tileset."""
    import os
    import shutil
    import subprocess

    tiled = shutil.which("tiled")
    if tiled is None:
        pytest.skip("Tiled is not installed (Debian package 'tiled')")
    out = tmp_path / "map.json"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_RUNTIME_DIR": str(tmp_path)}
    run = subprocess.run(
        [tiled, "--export-map", "json", "--embed-tilesets", str(path), str(out)],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert run.returncode == 0, run.stderr
    data = json.loads(out.read_text(encoding="utf-8"))
    objects = [
        o for layer in data["layers"] if layer["type"] == "objectgroup" for o in layer["objects"]
    ]
    classes = {o.get("class") or o.get("type") for o in objects}
    table = load_table(path)
    assert {p.kind for p in table.pieces} <= classes
    assert len(objects) == len(table.pieces) + len(table.features)


def test_tabletop_hidden_objects_are_left_out_and_layer_offsets_apply(tmp_path: Path) -> None:
    path = write_map(
        tmp_path,
        [
            obj(1, "building", "rect", box=(10, 10, 2, 2)),
            obj(2, "building", "rect", box=(20, 10, 2, 2)).replace(
                "<object ", '<object visible="0" ', 1
            ),
        ],
    )
    text = path.read_text(encoding="utf-8").replace(
        '<objectgroup id="1" name="terrain">', '<objectgroup id="1" name="terrain" offsetx="32">'
    )
    path.write_text(text + "", encoding="utf-8")
    (piece,) = load_table(path).pieces
    assert piece.id == 1 and piece.outline[0] == (1100, 1000)  # moved 1" right


def test_tabletop_table_deep_copies_and_pickles() -> None:
    """Search AIs clone states; a table referenced from one must copy and pickle."""
    import copy
    import pickle

    table = load_table(SHIPPED[0])
    assert copy.deepcopy(table).pieces == table.pieces
    assert pickle.loads(pickle.dumps(table)).pieces == table.pieces
