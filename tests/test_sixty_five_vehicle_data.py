"""'65 vehicle data (designed counters, AP range table, helicopter and fortification
constants): the numbers the seed gives, and bad files named clearly."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.core.errors import DataError
from game.rules.sixty_five.data import DATA_DIR, MoveClass, load_data
from game.rules.sixty_five.vehicles.data import VehicleData, load_vehicle_data
from game.rules.sixty_five.vehicles.fire import ap_range_modifier

V = load_vehicle_data()


def test_65_15c_pt76_has_tm_1_and_apf_2() -> None:
    """'65 15c vehicle example: the PT-76's Targeting Modifier is 1 and its APF 2."""
    pt76 = V.units["nva_pt76"]
    assert (pt76.tm, pt76.apf) == (1, 2)
    assert pt76.move_class is MoveClass.TRACKED and pt76.facing and not pt76.soft


def test_65_15d_m48_has_af_4_and_flank_armour_3() -> None:
    """'65 15c/15d: the M-48's AF is 4 and its flank armour value 3 (one less)."""
    m48 = V.units["us_m48"]
    assert m48.af == 4
    assert m48.af - V.rules.flank_armour == 3


def test_65_15c_ap_range_gives_plus_1_within_4_hexes() -> None:
    """'65 15c: +1 APF "for being within 4 hexes" (the example's range 4)."""
    bands = V.rules.ap_range
    assert [ap_range_modifier(bands, r) for r in (1, 4, 5, 8, 9, 12)] == [1, 1, 0, 0, -1, -1]
    assert ap_range_modifier(bands, 13) is None


def test_65_8a_m113_carries_and_moves_6() -> None:
    """'65 8a: the M-113 has a circled MF; it "could expend up to 3MF" (half of 6) to load."""
    for uid in ("us_m113", "us_m113_acav", "us_truck", "us_huey_transport"):
        assert V.units[uid].carrier, uid
    assert V.units["us_m113"].mf == 6
    assert not V.units["us_m48"].carrier and not V.units["us_huey_gunship"].carrier


def test_65_2c_the_truck_is_a_soft_vehicle_ap_fire_may_hit() -> None:
    """'65 2c, 10b: trucks are vehicles but soft targets; AP fire may also attack them
    (against their soft_af)."""
    truck = V.units["us_truck"]
    assert truck.soft and truck.vehicle and truck.soft_af is not None


def test_65_17c_helicopters_are_two_step_difficult_targets_with_armour() -> None:
    """'65 17c: hit three times as a soft target (two steps), Difficult Targets, and hard
    targets (an AF) when hovering or landed; the gunship has Explosive Rounds (22c)."""
    for uid in ("us_huey_gunship", "us_huey_transport"):
        heli = V.units[uid]
        assert heli.helicopter and heli.steps == 2 and heli.af is not None
        assert "difficult_target" in heli.abilities
    assert "explosive_rounds" in V.units["us_huey_gunship"].powers


def test_65_18c_cannister_only_for_pt76_and_m48() -> None:
    """'65 18c: Cannister may only be declared for the PT-76 and the M-48."""
    assert {u.id for u in V.units.values() if u.cannister} == {"nva_pt76", "us_m48"}


def test_every_named_scenario_counter_exists() -> None:
    """Scenarios 4-8 name M-48, PT-76, M-113, M-113 ACAV, trucks, Huey gunships and
    transports, M40, LAW and 12.7mm: all have counters (the last two in units.yaml)."""
    names = {u.name for u in V.units.values()} | {u.name for u in load_data().units.values()}
    for name in ("M-48", "PT-76", "M-113", "M-113 ACAV", "Truck", "Huey Gunship",
                 "Huey Transport", "M40", "LAW", "12.7mm"):  # fmt: skip
        assert name in names, name


def test_23_fortification_values() -> None:
    """'65 23b: bunker AF 4, +1 CF, two Hits when destroyed; 23c: wire CF -1, 3 MP."""
    forts = V.rules.fortifications
    assert (forts.bunker_af, forts.bunker_cover, forts.bunker_hits_destroyed) == (4, 1, 2)
    assert (forts.wire_cover, forts.wire_tracked_mp) == (-1, 3)
    assert set(forts.no_fortification_terrain) == {"building", "pond"}
    assert set(V.rules.helicopter.landing_terrain) == {"clear", "brush"}


def _copy(tmp_path: Path) -> Path:
    for name in ("vehicles", "vehicle_rules", "units", "terrain"):
        shutil.copy(DATA_DIR / f"{name}.yaml", tmp_path / f"{name}.yaml")
    return tmp_path


def _fails(tmp_path: Path, name: str, old: str, new: str) -> str:
    path = _copy(tmp_path) / f"{name}.yaml"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    with pytest.raises(DataError) as err:
        VehicleData(tmp_path)
    message = str(err.value)
    assert str(path) in message
    return message


def test_a_bad_number_names_file_and_key_path(tmp_path: Path) -> None:
    msg = _fails(tmp_path, "vehicles", "mf: 5,", "mf: -5,")
    assert "vehicles.0.mf" in msg and "greater than or equal to 0" in msg


def test_an_unknown_field_is_named(tmp_path: Path) -> None:
    msg = _fails(tmp_path, "vehicles", "cannister: true}", "canister: true}")
    assert "vehicles.0.canister" in msg and "not permitted" in msg


def test_a_helicopter_without_armour_is_refused(tmp_path: Path) -> None:
    msg = _fails(tmp_path, "vehicles", "apf: 1, hef: 3, af: 1, mf: 0,", "apf: 1, hef: 3, mf: 0,")
    assert "vehicles.4" in msg and "give af" in msg


def test_a_vehicle_without_facing_is_refused(tmp_path: Path) -> None:
    msg = _fails(tmp_path, "vehicles", "facing: true, cannister: true}", "cannister: true}")
    assert "vehicles.0" in msg and "facing: true" in msg


def test_apf_without_tm_is_refused(tmp_path: Path) -> None:
    msg = _fails(tmp_path, "vehicles", "tm: 2, apf: 4,", "apf: 4,")
    assert "vehicles.0" in msg and "apf and tm come together" in msg


def test_an_unknown_ability_is_named(tmp_path: Path) -> None:
    msg = _fails(tmp_path, "vehicles", "abilities: [suppression]", "abilities: [supression]")
    assert "vehicles.2.abilities: item 0: unknown ability 'supression'" in msg
    assert "expected one of" in msg


def test_an_unknown_power_on_a_reduced_side_is_named(tmp_path: Path) -> None:
    msg = _fails(tmp_path, "vehicles", "abilities: [no_move_and_fire]}}", "powers: [sniping]}}")
    assert "weapons.0.reduced.powers: item 0: unknown power 'sniping'" in msg


def test_a_duplicate_id_is_named_also_against_units_yaml(tmp_path: Path) -> None:
    msg = _fails(tmp_path, "vehicles", "id: us_m40,", "id: us_rifle,")
    assert "weapons[0].id" in msg and "used twice" in msg


def test_unordered_ap_bands_are_refused(tmp_path: Path) -> None:
    msg = _fails(tmp_path, "vehicle_rules", "max_range: 8,", "max_range: 3,")
    assert "ap_range" in msg and "strictly increasing" in msg


def test_an_unknown_landing_terrain_is_named(tmp_path: Path) -> None:
    msg = _fails(tmp_path, "vehicle_rules", "landing_terrain: [clear, brush]",
                 "landing_terrain: [clear, bush]")  # fmt: skip
    assert "helicopter.landing_terrain[1]" in msg and "'bush'" in msg and "terrain.yaml" in msg


def test_a_missing_constant_is_named(tmp_path: Path) -> None:
    msg = _fails(tmp_path, "vehicle_rules", "bunker_af: 4 ", "# bunker_af: 4 ")
    assert "fortifications.bunker_af" in msg and "Field required" in msg


def test_broken_yaml_is_named_with_its_line(tmp_path: Path) -> None:
    msg = _fails(tmp_path, "vehicle_rules", "flank_armour: 1", "flank_armour: [1")
    assert "not valid YAML" in msg and "line" in msg
