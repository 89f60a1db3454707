"""'65 vehicles in the game state: facing and carrier on the counters, wrecks in the
world, the vehicle counters in the unit catalogue (2, 8b, 9, 15d)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from sixty_five_support import DATA, new_state, unit

from game.core.errors import DataError
from game.rules.sixty_five.data import DATA_DIR, SixtyFiveData
from game.rules.sixty_five.vehicles.data import VehicleType


def test_65_2_the_vehicle_counters_join_the_unit_catalogue() -> None:
    """'65 2, 15: the M-48, M-113s, truck, PT-76 and the rest are units of the game."""
    for uid in ("us_m48", "us_m113", "us_m113_acav", "us_truck", "nva_pt76", "us_m40"):
        assert isinstance(DATA.units[uid], VehicleType)
    assert DATA.units["us_m48"].af == 4 and DATA.units["nva_pt76"].tm == 1
    assert DATA.vehicle_rules is not None and DATA.vehicle_rules.flank_armour == 1
    assert DATA.units["us_rifle"].af is None  # the infantry are unchanged


def test_a_data_folder_without_vehicles_has_none(tmp_path: Path) -> None:
    for f in DATA_DIR.glob("*.yaml"):
        if f.name not in ("vehicles.yaml", "vehicle_rules.yaml"):
            shutil.copy(f, tmp_path / f.name)
    data = SixtyFiveData(tmp_path)
    assert "us_m48" not in data.units and data.vehicle_rules is None


def test_a_broken_vehicles_file_names_the_file_and_key(tmp_path: Path) -> None:
    for f in DATA_DIR.glob("*.yaml"):
        shutil.copy(f, tmp_path / f.name)
    path = tmp_path / "vehicles.yaml"
    path.write_text(path.read_text().replace("af: 4, mf: 5", "af: four, mf: 5"))
    with pytest.raises(DataError) as err:
        SixtyFiveData(tmp_path)
    assert "vehicles.yaml" in str(err.value) and "af" in str(err.value)


def test_65_15d_facing_and_8b_carrier_are_kept_by_copies_and_written_only_when_set() -> None:
    """'65 15d: a vehicle faces a corner; 8b: a loaded passenger rides in its carrier.
    The snapshot of a unit without them is exactly what it was before vehicles."""
    rifle = unit("r", "us_rifle", 0, "1C3")
    assert "facing" not in rifle.snapshot() and "carrier" not in rifle.snapshot()
    tank = unit("t", "us_m113", 0, "1C3", facing=2)
    rifle.carrier = "t"
    assert tank.snapshot()["facing"] == 2 and rifle.snapshot()["carrier"] == "t"
    assert tank.copy().facing == 2 and rifle.copy().carrier == "t"


def test_65_9_wrecks_are_kept_by_copies_and_written_only_when_present() -> None:
    state, _ = new_state([unit("r", "us_rifle", 0, "1C3"), unit("v", "vc_rifle", 1, "1H3")])
    assert "wrecks" not in state.snapshot()["world"]
    state.world.wrecks.append("1E3")
    copy = state.clone()
    assert copy.world.wrecks == ["1E3"] and copy.world.wrecks is not state.world.wrecks
    assert state.snapshot()["world"]["wrecks"] == ["1E3"]
