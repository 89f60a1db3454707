"""RatFight rules that had no test of their own: Fire a Single Weapon is infantry only;
vehicles fire only machine guns and automatic cannon; both sides failing morale both
lose; a side's two forces test separately; every row of the armour and weapon tables
against the seed's numbers; the scenario loader's one tank on the table and leaders by
force size."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core.errors import DataError
from game.rules.ratfight.actions import Fire
from game.rules.ratfight.data import (
    SCENARIO_DIR,
    UnitSpec,
    armour_table,
    check_units,
    load_scenario_file,
    units,
    weapons,
)
from game.rules.ratfight.events import ForceBroken, GameEnded
from game.rules.ratfight.events import Test as Drawn
from game.rules.ratfight.flow import casualties, morale
from game.rules.ratfight.model import Status
from tests.ratfight_support import hand, new_game, only, place, stack

# -- Action Cards ---------------------------------------------------------------------------


def test_ratfight_action_cards_fire_a_single_weapon_is_for_infantry_only() -> None:
    """Col de Brume: the armoured car may not fire its machine gun on 'Fire a single
    weapon' (one infantry weapon), but may on 'Fire two weapons'; a trooper may."""
    state = new_game("convoy")
    b = state.board
    only(b, "ac", "t1", "chef")
    place(b, "ac", 20, 30, 270)
    place(b, "t1", 24, 30)
    place(b, "chef", 20, 20)
    hand(b, 0, "fire_one")
    refusal = state.why_not(Fire("ac", "vehicle_hmg", "chef"))
    assert refusal is not None
    assert "Fire a single weapon" in refusal and "infantry" in refusal
    assert "RatFight, Action Cards" in refusal
    assert state.why_not(Fire("t1", "assault_rifle", "chef")) is None
    hand(b, 0, "fire_two")
    assert state.why_not(Fire("ac", "vehicle_hmg", "chef")) is None


def test_ratfight_action_cards_vehicles_fire_only_machine_guns_and_automatic_cannon() -> None:
    """Every vehicle profile carries only vehicle-mounted machine guns or automatic
    cannon; a profile giving a vehicle a bazooka, or infantry a vehicle machine gun, is
    a DataError naming the file and the entry."""
    table = weapons()
    for uid, unit in units().items():
        if unit.kind == "vehicle":
            assert set(unit.weapons) <= {"vehicle_hmg", "twin_hmg", "autocannon"}, uid
    mounted = {wid for wid, w in table.items() if w.vehicle}
    assert mounted == {"vehicle_hmg", "twin_hmg", "autocannon"}
    car = units()["armoured_car"]
    bad = {"armoured_car": car.model_copy(update={"weapons": ("bazooka",)})}
    with pytest.raises(DataError) as err:
        check_units(Path("units.yaml"), bad, table, armour_table())
    assert "units.yaml" in str(err.value) and "units.armoured_car.weapons.0" in str(err.value)
    assert "'bazooka' is not a vehicle-mounted weapon" in str(err.value)
    gunner: UnitSpec = units()["machine_gunner"]
    bad = {"machine_gunner": gunner.model_copy(update={"weapons": ("vehicle_hmg",)})}
    with pytest.raises(DataError) as err:
        check_units(Path("units.yaml"), bad, table, armour_table())
    assert "units.machine_gunner.weapons.0" in str(err.value)
    assert "'vehicle_hmg' is not an infantry weapon" in str(err.value)


# -- Morale Check -----------------------------------------------------------------------------


def test_ratfight_morale_both_sides_failing_both_lose() -> None:
    """Col de Brume: three casualties in each of the three forces and low cards all
    round: the convoy fails, both Maquis groups fail, and nobody wins."""
    state = new_game("convoy")
    b = state.board
    for fid in ("t1", "t2", "t3", "m1", "th", "sn", "rk2", "w1", "w2"):
        b.figures[fid].status = Status.CASUALTY
    for force in ("convoy", "ridge", "woods"):
        assert casualties(b, force) == 3
    stack(b, 0, "2C", "3C")  # Lt Vogel: two cards, keeps the 3: not above 3
    stack(b, 1, "AC", "2D", "3D", "AD")  # Chef Arnaud, then Sgt Duval
    events = morale(b)
    tests = [e for e in events if isinstance(e, Drawn)]
    assert [t.passed for t in tests] == [False, False, False]
    assert b.winners == ()
    ended = [e for e in events if isinstance(e, GameEnded)]
    assert ended and ended[0].winners == () and "both lose" in ended[0].reason
    assert state.outcome() is not None and state.outcome().winners == ()  # type: ignore[union-attr]


def test_ratfight_morale_two_forces_of_one_side_test_separately() -> None:
    """Saint-Aubin: the town militia (three casualties) and the partisans (none) each
    draw their own morale cards. The militia fail and leave the table; the partisans
    pass and fight on, so the Defenders have not lost."""
    state = new_game("town_square")
    b = state.board
    for fid in ("mi1", "mi2", "mi3"):
        b.figures[fid].status = Status.CASUALTY
    stack(b, 0, "2C", "3C", "4H", "5H")  # Capt Lenoir's two, then L'Ours's two
    stack(b, 1, "KC", "QC", "JC")  # Maj Brandt, three cards
    events = morale(b)
    tests = [e for e in events if isinstance(e, Drawn)]
    assert [(t.who, t.cards, t.against, t.passed) for t in tests] == [
        ("The town militia", ("2C", "3C"), 3, False),
        ("The partisans", ("4H", "5H"), 0, True),
        ("The column", ("KC", "QC", "JC"), 0, True),
    ]
    assert b.broken == ["militia"]
    assert [e.force for e in events if isinstance(e, ForceBroken)] == ["The town militia"]
    assert b.figures["maire"].status is Status.FLED and b.figures["ours"].status is Status.UP
    assert b.winners is None


# -- the tables against the seed --------------------------------------------------------------

#: Generic vehicle armour points, front/side/rear, as the seed gives them.
SEED_ARMOUR = {
    "unarmoured": (0, 0, 0),  # Unarmoured Vehicle
    "heavy_tank": (6, 3, 2),
    "medium_tank": (4, 2, 1),  # Medium Tank/SPG
    "light_tank": (2, 1, 1),
    "carrier": (1, 1, 1),  # Armoured Carrier/Car
}

#: Generic weapons as the seed gives them: each mode (range in inches, shots, armour
#: piercing, blast in inches), extra cards, barrels, tripod, vehicle-mounted.
SEED_WEAPONS: dict[str, tuple[list[tuple[float, int, int, float | None]], int, int, bool, bool]] = {
    "pistol": ([(6, 1, 0, None)], 0, 1, False, False),
    "manual_rifle": ([(48, 1, 0, None)], 0, 1, False, False),
    "semi_auto_rifle": ([(48, 1, 0, None), (24, 2, 0, None)], 0, 1, False, False),
    "sniper_rifle": ([(60, 1, 0, None)], 1, 1, False, False),  # turns over two cards
    "anti_tank_rifle": ([(48, 1, 0, None), (18, 1, 1, None)], 0, 1, False, False),
    "assault_rifle": ([(36, 1, 0, None), (18, 2, 0, None)], 0, 1, False, False),
    "smg": ([(12, 2, 0, None)], 0, 1, False, False),
    "lmg": ([(36, 2, 0, None)], 0, 1, False, False),
    "tripod_hmg": ([(48, 3, 0, None)], 0, 1, True, False),  # three shots per barrel
    "vehicle_hmg": ([(48, 3, 0, None)], 0, 1, False, True),
    "twin_hmg": ([(48, 3, 0, None)], 0, 2, False, True),  # two barrels: 3 shots each
    "bazooka": ([(30, 1, 4, None)], 0, 1, False, False),
    "autocannon": ([(48, 2, 2, None)], 0, 1, False, True),
    "grenade": ([(9, 1, 0, 3)], 0, 1, False, False),  # a three-inch blast template
    "at_grenade": ([(9, 1, 2, None)], 0, 1, False, False),
}


def test_ratfight_armour_and_weapon_tables_hold_every_row_of_the_seed() -> None:
    assert set(armour_table()) == set(SEED_ARMOUR)
    assert set(weapons()) == set(SEED_WEAPONS)


@pytest.mark.parametrize("armour_id", sorted(armour_table()))
def test_ratfight_shooting_at_vehicles_armour_row_matches_the_seed(armour_id: str) -> None:
    spec = armour_table()[armour_id]
    assert (spec.front, spec.side, spec.rear) == SEED_ARMOUR[armour_id]
    assert spec.armoured == (armour_id != "unarmoured")
    assert spec.tank == armour_id.endswith("_tank")


@pytest.mark.parametrize("weapon_id", sorted(weapons()))
def test_ratfight_weapons_row_matches_the_seed(weapon_id: str) -> None:
    spec = weapons()[weapon_id]
    modes, extra, barrels, tripod, vehicle = SEED_WEAPONS[weapon_id]
    assert [(m.range_in, m.shots, m.ap, m.blast_in) for m in spec.modes] == modes
    assert (spec.extra_cards, spec.barrels, spec.tripod, spec.vehicle) == (
        extra,
        barrels,
        tripod,
        vehicle,
    )


# -- the scenario loader ------------------------------------------------------------------------


def _edited(tmp_path: Path, scenario: str, old: str, new: str) -> Path:
    text = (SCENARIO_DIR / f"{scenario}.yaml").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / f"{scenario}.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_ratfight_action_cards_only_one_tank_on_the_table(tmp_path: Path) -> None:
    """Saint-Aubin with the partisans' rocket man swapped for a second light tank."""
    path = _edited(
        tmp_path,
        "town_square",
        "{id: rk, unit: rocket_man, at: [46, 3.5]}",
        "{id: rk, unit: light_tank, at: [46, 3.5]}",
    )
    with pytest.raises(DataError) as err:
        load_scenario_file(path)
    text = str(err.value)
    assert "town_square.yaml" in text and "sides.1.forces.0.models.0.unit" in text
    assert "'tank' would be a second tank" in text and "'rk' is one" in text
    assert "only one" in text


def test_ratfight_leaders_a_force_above_twelve_models_needs_two_leaders(tmp_path: Path) -> None:
    """The column has 13 models: without Maj Brandt's three cards it is refused."""
    path = _edited(tmp_path, "town_square", "leader: 3, heroics: [inspiring]", "heroics: []")
    with pytest.raises(DataError) as err:
        load_scenario_file(path)
    text = str(err.value)
    assert "town_square.yaml" in text and "sides.1.forces.0.models" in text
    assert "13 models" in text and "a two-card and a three-card leader" in text


def test_ratfight_leaders_a_force_of_twelve_or_fewer_has_one_two_card_leader(
    tmp_path: Path,
) -> None:
    """The Farm Guard (8 models) given a second, three-card leader is refused."""
    path = _edited(
        tmp_path,
        "farm_raid",
        "{id: g1, unit: bolt_rifleman,",
        "{id: g1, leader: 3, unit: bolt_rifleman,",
    )
    with pytest.raises(DataError) as err:
        load_scenario_file(path)
    text = str(err.value)
    assert "farm_raid.yaml" in text and "sides.1.forces.0.models" in text
    assert "8 models" in text and "one two-card leader" in text


def test_ratfight_leaders_every_shipped_scenario_passes_the_loader() -> None:
    for path in sorted(SCENARIO_DIR.glob("*.yaml")):
        scenario = load_scenario_file(path)
        for side in scenario.sides:
            for force in side.forces:
                leaders = sorted(m.leader for m in force.models if m.leader)
                assert leaders == ([2] if len(force.models) <= 12 else [2, 3])
