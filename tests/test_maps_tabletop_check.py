"""check-map on tabletop maps: every problem listed as ``file: layer: object: message``."""

from __future__ import annotations

from pathlib import Path

import pytest
from tabletop_support import obj, write_map

from game.__main__ import main
from game.maps.check import check_map

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted(
    p
    for folder in ("tabletop", "ratfight", "five_five_six")
    for p in (ROOT / "maps" / folder).glob("*.tmx")
)
ZONE = obj(90, "deployment", "rect", box=(0, 0, 48, 4), props={"side": "north"})


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_tabletop_check_shipped_maps_are_clean(path: Path) -> None:
    assert [str(p) for p in check_map(path)] == []


def test_tabletop_check_lists_every_bad_piece(tmp_path: Path) -> None:
    path = write_map(
        tmp_path,
        [
            ZONE,
            obj(1, "volcano", "rect", box=(1, 1, 2, 2)),
            obj(2, "hedge", "polyline", points=[(1, 1), (5, 1)], props={"move_wheeled": "fly"}),
            obj(3, "wood", "polyline", points=[(1, 1), (5, 1), (5, 5)], name="Open wood"),
            obj(4, "ruins", "polygon", points=[(1, 1), (5, 5), (5, 1), (1, 5)]),
            obj(5, "wall", "polyline", points=[(60, 1), (70, 1)]),
            obj(6, "hedge", "polyline", points=[(1, 9), (5, 9)], props={"blocks_los": "yes"}),
        ],
    )
    lines = [str(p) for p in check_map(path)]
    f = f"{path}: layer 'terrain'"
    assert lines[0].startswith(f"{f}: object 1: unknown class 'volcano' (expected one of: ")
    assert lines[1:] == [
        f"{f}: object 2: property move_wheeled='fly' is not one of open, climb, impassable",
        f"{f}: object 3 'Open wood': open polygon: a wood is area terrain and needs a closed "
        "shape (rectangle, ellipse or polygon), not a polyline",
        f"{f}: object 4: polygon crosses itself (redraw it so its edges do not cross)",
        f"{f}: object 5: warning: lies off the table",
        f"{f}: object 6: property blocks_los='yes' must be true or false",
    ]


def test_tabletop_check_needs_a_deployment_zone(tmp_path: Path) -> None:
    path = write_map(tmp_path, [obj(1, "wood", "rect", box=(1, 1, 4, 4))])
    assert [str(p) for p in check_map(path)] == [
        f"{path}: no deployment zone (an object of class 'deployment' with a 'side')"
    ]


def test_tabletop_check_map_cli_fails_on_a_bad_map(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_map(tmp_path, [ZONE, obj(1, "building", "rect", box=(1, 1, 0, 3))])
    assert main(["check-map", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}: layer 'terrain': object 1: degenerate rectangle" in out
    assert main(["check-map", *map(str, SHIPPED)]) == 0
