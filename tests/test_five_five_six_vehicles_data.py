"""5.56mm vehicle data (12.8, 12.9 and the tables of 4.6-4.8 and 12): every profile and
table as printed, and a broken file named with its key path and what was expected."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.errors import DataError
from game.rules.five_five_six.catalog import DATA_DIR
from game.rules.five_five_six.vehicles.data import (
    Dice,
    DiceExpr,
    load_vehicle_catalog,
    row_for,
    vehicle_catalog,
)
from game.rules.five_five_six.vehicles.shared import seats, why_not_fit


def _profile_line(vid: str) -> tuple[float, int, int, int, int]:
    v = vehicle_catalog().vehicle(vid)
    return (v.movement_in, v.speed, v.manoeuvre, v.armour, v.passengers)


def test_12_8_hmmv_and_jeep_profiles_as_printed() -> None:
    """5.56mm 12.8: HMMV 12", Speed +4, Manoeuvre +4, Armour +8, Driver (A), (Gunner),
    Passengers 5 (3); Jeep 10", +3, +5, +6, Driver, (Gunner), 3 (1); either may mount an
    M2 or an M60 in a turret in place of two passengers."""
    assert _profile_line("hmmv") == (12, 4, 4, 8, 5)
    assert _profile_line("jeep") == (10, 3, 5, 6, 3)
    for vid, glass in (("hmmv", True), ("jeep", False)):
        v = vehicle_catalog().vehicle(vid)
        assert v.kind == "land" and v.controller == "driver"
        driver, gunner = v.crew
        assert (driver.role, driver.armoured_glass) == ("driver", glass)
        assert (gunner.role, gunner.with_armament_only) == ("gunner", True)
        assert v.armament is not None and v.armament.weapons == ("m2", "m60")
        assert v.armament.optional and v.armament.passengers_lost == 2
    hmmv, jeep = vehicle_catalog().vehicle("hmmv"), vehicle_catalog().vehicle("jeep")
    assert seats(hmmv, None) == {"driver": 1, "passenger": 5}
    assert seats(hmmv, "m2") == {"driver": 1, "gunner": 1, "passenger": 3}
    assert seats(jeep, "m60") == {"driver": 1, "gunner": 1, "passenger": 1}


def test_12_9_black_hawk_profile_as_printed() -> None:
    """5.56mm 12.9: Black Hawk 24", Speed +10, Manoeuvre +2, Armour +10, Pilot (A),
    Co-Pilot (A), Gunner, Passengers 12, a side-mounted M2 or Minigun (always fitted)."""
    bh = vehicle_catalog().vehicle("black_hawk")
    assert _profile_line("black_hawk") == (24, 10, 2, 10, 12)
    assert bh.kind == "helicopter" and bh.controller == "pilot"
    assert [(s.role, s.armoured_glass) for s in bh.crew] == [
        ("pilot", True),
        ("co_pilot", True),
        ("gunner", False),
    ]
    assert seats(bh, "minigun") == {"pilot": 1, "co_pilot": 1, "gunner": 1, "passenger": 12}
    assert why_not_fit(bh, None) is not None and why_not_fit(bh, "m60") is not None
    with pytest.raises(ValueError, match="always carries"):
        seats(bh, None)
    with pytest.raises(KeyError, match="no vehicle"):
        vehicle_catalog().vehicle("tank")


def test_4_61_to_4_81_task_tables_as_printed() -> None:
    """5.56mm 4.61 Full Speed 3 / Turn 4; 4.71 Land 7, Hover 5, Full Speed 3, Bank 4;
    4.8 Fast Rope 4; 4.62, 4.63, 4.74, 4.75 rows as printed (4.74 has no +4 row)."""
    t = vehicle_catalog().tables
    assert (t.drive.full_speed.tn, t.drive.turn.tn) == (3, 4)
    p = t.pilot
    assert (p.land.tn, p.hover.tn, p.full_speed.tn, p.bank.tn) == (7, 5, 3, 4)
    assert (p.land.ability, p.hover.ability, p.full_speed.ability, p.bank.ability) == (
        "speed",
        "manoeuvre",
        "speed",
        "manoeuvre",
    )
    assert [(r.margin, r.inches) for r in t.drive.full_speed.rows] == [
        (0, 4), (1, 6), (2, 8), (3, 10), (4, 12), (5, 14)
    ]  # fmt: skip
    assert [(r.margin, r.inches) for r in p.full_speed.rows] == [
        (0, 4), (1, 8), (2, 12), (3, 16), (5, 20), (6, 24)
    ]  # fmt: skip
    for turns in (t.drive.turn.rows, p.bank.rows):
        assert [(r.margin, r.turns) for r in turns] == [(0, 1), (2, 2), (4, 3), (6, 4)]
    assert t.fast_rope.tn == 4
    assert [(r.margin, r.move_in, str(r.fall)) for r in t.fast_rope.rows] == [
        (-3, None, "D6+3"), (-2, None, "D6+1"), (-1, None, "D6-1"),
        (0, 1, "None"), (1, 2, "None"), (2, 3, "None"),
    ]  # fmt: skip
    assert [(r.margin, r.tn_penalty, str(r.overshoot)) for r in p.hover.rows] == [
        (-4, 3, "D6+1"), (-3, 2, "D6"), (-2, 1, "D3"), (-1, 1, "None"), (0, 0, "None"),
    ]  # fmt: skip
    land = [(r.margin, r.outcome, str(r.distance), r.becomes, str(r.inside)) for r in p.land.rows]
    assert land == [
        (-6, "crash", "D6+1", "destroyed", "D6+8"),
        (-5, "crash", "D6+1", "immobilised", "D6+4"),
        (-4, "crash_landing", "D6+1", "major", "D6+2"),
        (-3, "overshoot", "D6+1", None, "None"),
        (-2, "overshoot", "D3+1", None, "None"),
        (-1, "overshoot", "D3", None, "None"),
        (0, "landed", "None", None, "None"),
    ]  # fmt: skip
    assert (str(p.land.rows[0].nearby), p.land.rows[0].nearby_radius_in) == ("D6+4", 4)
    assert (t.drive.untrained_penalty, p.untrained_penalty, p.co_pilot_penalty) == (2, 2, 1)
    assert (t.drive.basic.turn_cost_in, t.drive.basic.reverse_cost_per_in) == (1, 2)
    assert (p.basic.turn_cost_in, p.basic.reverse_cost_per_in) == (2, 4)


def test_12_11_12_21_12_61_speed_tables_as_printed() -> None:
    """5.56mm 12.11 (0, D6, D6+1, D6+2, D6+4, D6+6; helicopter +4, hovering D6+6), 12.21
    (D6 ... D6+12) and 12.61 (D6+1 ... D6+12), by 5" bands to 30"+."""
    t = vehicle_catalog().tables
    bands = [10, 15, 20, 25, 30, None]
    for table in (t.exit, t.ramming, t.crash):
        assert [r.upto_in for r in table.rows] == bands
    assert [str(r.damage) for r in t.exit.rows] == ["0", "D6", "D6+1", "D6+2", "D6+4", "D6+6"]
    assert (t.exit.helicopter_fall, str(t.exit.hovering)) == (4, "D6+6")
    assert [str(r.damage) for r in t.ramming.rows] == [
        "D6", "D6+1", "D6+2", "D6+4", "D6+8", "D6+12"
    ]  # fmt: skip
    assert [str(r.damage) for r in t.crash.rows] == [
        "D6+1", "D6+2", "D6+4", "D6+6", "D6+8", "D6+12"
    ]  # fmt: skip


def test_12_51_damage_table_as_printed() -> None:
    """5.56mm 12.51: -1 Minor; -2 Major (+1 TN, -4", helicopter -8"); -3 Crippling (+2,
    -8"/-16"); -4 Immobilised (weapons work on 4+, later Armour rolls +6); -5 or less
    Destroyed (within 4" D6+4)."""
    d = vehicle_catalog().tables.damage
    rows = {r.level: r for r in d.rows}
    assert [r.margin for r in d.rows] == [-5, -4, -3, -2, -1]
    assert (rows["major"].tn_penalty, rows["major"].movement_loss_in) == (
        1,
        {"land": 4, "helicopter": 8},
    )
    assert (rows["crippling"].tn_penalty, rows["crippling"].movement_loss_in) == (
        2,
        {"land": 8, "helicopter": 16},
    )
    assert rows["minor"].tn_penalty == 0 and not rows["minor"].movement_loss_in
    assert (d.weapons_survive_on, d.later_armour_penalty) == (4, 6)
    assert (d.explosion_radius_in, str(d.explosion)) == (4, "D6+4")


@pytest.mark.parametrize(
    ("text", "dice"),
    [("D6+4", Dice(6, 4)), ("D3", Dice(3, 0)), ("D6-1", Dice(6, -1)), ("0", Dice(0, 0)),
     (6, Dice(0, 6)), ("D3+1", Dice(3, 1))],
)  # fmt: skip
def test_dice_expressions_read_as_printed(text: object, dice: Dice) -> None:
    from pydantic import TypeAdapter

    assert TypeAdapter(DiceExpr).validate_python(text) == dice
    assert str(dice) == (str(text) if not isinstance(text, int) else str(text))


@given(st.integers(-20, 20))
def test_result_rows_cover_every_margin(margin: int) -> None:
    """Every result table reads a row for any margin: the worst row covers anything
    worse, the best anything better; the row never lies above the margin unless it is
    the worst row."""
    t = vehicle_catalog().tables
    for rows in (t.pilot.land.rows, t.pilot.hover.rows, t.fast_rope.rows, t.damage.rows):
        row = row_for(rows, margin)
        assert row.margin <= margin or row is rows[0]
        assert all(not (row.margin < r.margin <= margin) for r in rows)


# -- bad files ------------------------------------------------------------------------


def _broken_copy(tmp_path: Path, name: str, old: str, new: str) -> Path:
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    text = (data / name).read_text(encoding="utf-8")
    assert old in text
    (data / name).write_text(text.replace(old, new, 1), encoding="utf-8")
    return data


@pytest.mark.parametrize(
    ("name", "old", "new", "where", "expected"),
    [
        ("vehicles.yaml", "speed: 4", "speed: fast", "vehicles.hmmv.speed", "integer"),
        ("vehicles.yaml", "movement_in: 10", "movement_in: -10", "vehicles.jeep.movement_in",
         "greater than 0"),
        ("vehicles.yaml", "weapons: [m2, m60]", "weapons: [m2, tow]",
         "vehicles.hmmv.armament.weapons.1", "unknown firearm"),
        ("vehicles.yaml", "      - {role: driver}\n", "      - {role: pilot}\n", "vehicles.jeep",
         "exactly one driver"),
        ("vehicles.yaml", "  jeep:", "  Jeep:", "vehicles.Jeep", "expected an id"),
        ("vehicles.yaml", "passengers_lost: 2", "passengers_lost: 9",
         "vehicles.hmmv", "more than the passengers"),
        ("vehicles.yaml", "    passengers: 12\n", "    passengers: 12\n    doors: 2\n",
         "vehicles.black_hawk.doors", "Extra inputs are not permitted"),
        ("vehicle_tables.yaml", "damage: D6+4}", "damage: D7+4}", "exit.rows.4.damage",
         "dice expression"),
        ("vehicle_tables.yaml", "{margin: -3, overshoot: D6, tn_penalty: 2}",
         "{margin: -5, overshoot: D6, tn_penalty: 2}", "pilot.hover.rows", "worst margin up"),
        ("vehicle_tables.yaml", "{upto_in: 15, damage: D6+1}", "{upto_in: 9, damage: D6+1}",
         "ramming.rows", "outwards"),
        ("vehicle_tables.yaml", "    - {margin: -1, level: minor}\n", "", "damage",
         "one per level"),
        ("vehicle_tables.yaml", "{margin: 0, move_in: 1}", "{margin: 0, move_in: 1, fall: D6}",
         "fast_rope.rows.3", "exactly one of move_in"),
        ("vehicle_tables.yaml", "{margin: -3, outcome: overshoot, distance: D6+1}",
         "{margin: -3, outcome: overshoot}", "pilot.land.rows.3", "distance"),
        ("vehicle_tables.yaml", "  co_pilot_penalty: 1", "  co_pilot_penalty: -1",
         "pilot.co_pilot_penalty", "greater than or equal to 0"),
        ("vehicle_tables.yaml", "ability: manoeuvre\n    turn_cost_in: 1",
         "ability: armour\n    turn_cost_in: 1", "drive.turn.ability", "'speed' or 'manoeuvre'"),
    ],
)  # fmt: skip
def test_five_five_six_vehicle_data_bad_file_names_file_key_path_and_expectation(
    tmp_path: Path, name: str, old: str, new: str, where: str, expected: str
) -> None:
    """5.56mm vehicle data: a broken file is a DataError naming the file, the key path
    and what was expected; the shipped file is untouched."""
    shipped = (DATA_DIR / name).read_bytes()
    data = _broken_copy(tmp_path, name, old, new)
    with pytest.raises(DataError) as err:
        load_vehicle_catalog(data)
    text = str(err.value)
    assert str(data / name) in text and where in text and expected in text, text
    assert (DATA_DIR / name).read_bytes() == shipped


def test_five_five_six_vehicle_data_not_yaml_or_missing(tmp_path: Path) -> None:
    """5.56mm vehicle data: a file that is not YAML names the file and the line; a
    missing file names the file."""
    data = _broken_copy(tmp_path, "vehicles.yaml", "  jeep:\n", "  jeep: [\n")
    with pytest.raises(DataError, match=r"vehicles\.yaml:.*line \d+.*not valid YAML"):
        load_vehicle_catalog(data)
    (data / "vehicle_tables.yaml").unlink()
    shutil.copy(DATA_DIR / "vehicles.yaml", data / "vehicles.yaml")
    with pytest.raises(DataError, match=r"vehicle_tables\.yaml: cannot read"):
        load_vehicle_catalog(data)


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(["vehicles.yaml", "vehicle_tables.yaml"]),
    st.integers(0, 10_000),
    st.sampled_from(["", "x", "-1", "null", "[", "{a: 1}", "D9", "  ", "999999"]),
)
def test_five_five_six_vehicle_data_any_damage_is_a_data_error_or_loads(
    name: str, where: int, junk: str
) -> None:
    """5.56mm vehicle data: a file with any one value or line replaced either still
    loads or gives a DataError naming the file; never another exception."""
    import tempfile

    from game.rules.five_five_six.catalog import catalog

    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        for other in ("vehicles.yaml", "vehicle_tables.yaml"):
            shutil.copy(DATA_DIR / other, data / other)
        lines = (data / name).read_text(encoding="utf-8").splitlines()
        i = where % len(lines)
        head, sep, _ = lines[i].partition(":")
        lines[i] = f"{head}{sep} {junk}" if sep and where % 2 else junk
        (data / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
        try:
            load_vehicle_catalog(data, catalog())
        except DataError as err:
            assert name in str(err)
