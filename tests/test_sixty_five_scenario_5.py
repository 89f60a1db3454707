"""'65 scenario 5, Tanks in the Wire (24): the layout, the set-up zones and forces, the
Wire, the clear 2C2, both sides' artillery by two Fire cards, the M40s kept out of the
bunkers, the victory points; whole games by random play."""

from __future__ import annotations

from pathlib import Path

import pytest
from sixty_five_support import DATA, play_random_to_end
from test_sixty_five_flow import _ids, _impulse_with, _to_impulse

from game.core.errors import DataError
from game.core.rng import Rng
from game.rules.sixty_five.actions import Fortify, Place, Play
from game.rules.sixty_five.combat.artillery import artillery_plan, fire_strike_block
from game.rules.sixty_five.data import DATA_DIR
from game.rules.sixty_five.movement.rules import path_refusal
from game.rules.sixty_five.scenarios.new_game import new_scenario_game
from game.rules.sixty_five.scenarios.scenario import load_scenarios, step_hexes
from game.rules.sixty_five.state import SixtyFiveState
from game.rules.sixty_five.turn import Phase

SC = load_scenarios()["5"]
WIRE = ("K3", "J2", "I3", "H3", "G3", "F2", "E3", "D2", "C3", "B2", "A3")


def _set_up(seed: int = 3) -> SixtyFiveState:
    state = new_scenario_game("5", seed)
    rng = Rng(seed)
    while state.phase is Phase.SETUP:
        state.apply(state.random_action(rng))
    return state


def test_65_24_scenario_5_length_layout_and_forces() -> None:
    """Scenario 5: 8 turns, each ending on the fourth End Turn card; Maps 2 and 3
    (Interpretation 60: Map 2 north of Map 3); the Americans set up first with 5 Rifle,
    2 LAW, 2 M60, 2 M40, Dixon, Black, 3 bunkers and 4 foxholes; the NVA second with 10
    Rifle, 2 RPD, 5 PT-76, Minh and Trang."""
    assert (SC.turns, SC.end_turns) == (8, 4)
    assert [(m.map, m.offset) for m in SC.maps] == [("2", (0, 0)), ("3", (0, 6))]
    us, nva = SC.setup
    assert us.seat == 0 and nva.seat == 1
    assert us.units == {"us_rifle": 5, "us_law": 2, "us_m60": 2, "us_m40": 2, "dixon": 1,
                        "black": 1}  # fmt: skip
    assert us.fortifications == {"bunker": 3, "foxhole": 4}
    assert nva.units == {"nva_rifle": 10, "nva_rpd": 2, "nva_pt76": 5, "minh": 1, "trang": 1}


def test_65_24_scenario_5_set_up_zones() -> None:
    """US: any hex numbered 4 or more on Map 2, or 2F3, or any hex of Map 3. NVA: Map 2
    hexes numbered 1 and the edge half-hexes north of the Wire (Interpretation 61)."""
    state = new_scenario_game("5", 1)
    us, nva = (set(step_hexes(state.world.field, s)) for s in SC.setup)
    assert {"2A4", "2K6", "2F3", "3A1", "3I5", "3K6"} <= us
    assert not {"2F2", "2E3", "2A1"} & us
    assert {"2A1", "2K1", "2F1", "2A2", "2K2"} <= nva
    assert not {"2B2", "2F3", "2A3", "2A4", "3A1"} & nva
    assert not us & nva


def test_65_24_scenario_5_wire_across_map_2() -> None:
    """Scenario 5: Wire in 2K3, 2J2, 2I3, 2H3, 2G3, 2F2, 2E3, 2D2, 2C3, 2B2 and 2A3
    (Interpretation 62: the scenario's own Wire may lie in a building hex, 2B2)."""
    w = new_scenario_game("5", 1).world
    wired = {h for h, f in w.fortifications.items() if f.wire}
    assert wired == {f"2{h}" for h in WIRE}
    assert w.field.wire == frozenset(wired)
    assert w.field.terrain("2B2").id == "building"


def test_65_24_scenario_5_c2_on_map_2_is_clear() -> None:
    """Scenario 5: the buildings of 2C2 do not exist; it is clear terrain (no silhouette
    left to block a line of sight). Scenario 1 keeps its building there."""
    w = new_scenario_game("5", 1).world
    assert w.field.terrain("2C2").id == "clear"
    assert "2C2" not in w.field.silhouettes
    assert new_scenario_game("1", 1).world.field.terrain("2C2").id == "building"


def test_65_24_scenario_5_both_sides_call_artillery_with_two_fire_cards() -> None:
    """Scenario 5: either side plays two Fire cards, at least one with Power, as one
    action for a normal artillery strike (HEF 3); two Fire cards without Power do not."""
    state = _set_up(4)
    w = state.world
    for seat in (0, 1):
        state = _set_up(4)
        w = state.world
        mine = next(u for u in w.live() if u.seat == seat and u.hex is not None)
        theirs = next(u for u in w.live() if u.seat != seat and u.hex is not None)
        for u in w.live():
            if u not in (mine, theirs):
                u.hex = None
        mine.hex, theirs.hex = "3E2", "3E4"
        _to_impulse(state, seat)
        power_fire = next(c for c in _ids(power=True) if "fire" in DATA.card(c).blocks)
        plain = [c for c in _ids(power=False) if DATA.card(c).upper == "fire"]
        plain = [c for c in plain if "heavy_artillery" not in DATA.card(c).blocks]
        _impulse_with(state, seat, [power_fire, plain[0], plain[1]])
        pattern = ("3E4", "3E5", "3F4")
        strike = Play(power_fire, "fire", path=pattern, supports=(plain[0],))
        assert state.why_not(strike) is None, seat
        assert [p.hef for p in artillery_plan(w, seat, strike, fire_strike_block(3))][0] == 3
        no_power = Play(plain[0], "fire", path=pattern, supports=(plain[1],))
        assert "Power" in (state.why_not(no_power) or ""), seat


def test_65_24_scenario_5_m40s_neither_set_up_in_nor_enter_a_bunker() -> None:
    """Scenario 5: the M40 recoilless rifles may not set up in a bunker hex nor enter
    one; the other Leg units may."""
    state = new_scenario_game("5", 2)
    state.apply(Fortify("bunker", "3E3", 1))
    w = state.world
    assert w.field.bunkers == {"3E3"}
    rng = Rng(2)
    while state.phase is Phase.SETUP and state.setup_step == 0:
        action = state.random_action(rng)
        if isinstance(action, Place) and action.unit.startswith("us_m40"):
            assert action.hex != "3E3"
            assert "bunker" in (state.why_not(Place(action.unit, "3E3")) or "")
        state.apply(action)
    m40 = w.units["us_m40_1"]
    rifle = w.units["us_rifle_1"]
    m40.hex = rifle.hex = "3E4"
    for u in w.live():
        if u.hex == "3E3":
            u.hex = None
    assert "bunker" in (path_refusal(w.field, w.data.rules, m40, ["3E3"], 2, w.live()) or "")
    assert path_refusal(w.field, w.data.rules, rifle, ["3E3"], 4, w.live()) is None


def test_65_24_scenario_5_victory_18_vp_kills_i5_and_special_conditions() -> None:
    """Scenario 5: the NVA need 18 VP: 1 per American unit eliminated, 10 for holding
    3I5 at the end, +2 for their Special Victory Condition, -2 for the Americans'. No
    VP are taken off for NVA units left on the maps (the struck-out line)."""
    state = _set_up(6)
    state.bonus = ()
    w = state.world
    assert state.control["3I5"] == 0 and state.victory_points()[1] == 0
    us = [u for u in w.units.values() if u.seat == 0]
    for u in us[:8]:
        u.eliminated = True
    assert state.victory_points()[1] == 8 and state.margin() > 0  # the Americans still win
    state.control["3I5"] = 1
    assert state.victory_points()[1] == 18 and state.margin() < 0
    assert "NVA win with 18+ VP" in state.view(0).goal


def test_a_broken_scenario_5_entry_names_file_and_key(tmp_path: Path) -> None:
    """A bad terrain in hex_terrain, an unknown barred unit, a bad seat for the strike."""
    base = (DATA_DIR / "scenarios.yaml").read_text()
    for old, new, key in (
        ('{"2C2": clear}', '{"2C2": swamp}', "hex_terrain"),
        ("bunker_barred: [us_m40]", "bunker_barred: [us_m41]", "bunker_barred"),
        ("seats: [0, 1], hef: 3", "seats: [0, 2], hef: 3", "seats"),
    ):
        path = tmp_path / "scenarios.yaml"
        path.write_text(base.replace(old, new))
        with pytest.raises(DataError) as err:
            load_scenarios(path, DATA)
        assert "scenarios.yaml" in str(err.value) and key in str(err.value), key


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_of_scenario_5_end_without_error(seed: int) -> None:
    state = play_random_to_end("5", seed, 8000)
    assert state.outcome() is not None


def test_the_nva_bot_is_drawn_to_i5_and_the_us_bot_keeps_near_it() -> None:
    """Scenario 5's objective is a named hex: the NVA (who score for it) value hexes
    nearer 3I5 more, and it is the objective both sides read."""
    from game.ai.sixty_five.plays import Judge
    from game.ai.sixty_five.values import Outlook

    state = _set_up(8)
    for seat in (0, 1):
        look = Outlook.read(state, seat, "5")
        assert look.objective_hexes() == ["3I5"] and look.objective_seat == 1
    nva = Judge(Outlook.read(state, 1, "5"))
    assert nva.objective_value("3I4") > nva.objective_value("2I2") > nva.objective_value("2I1")
    us = Judge(Outlook.read(state, 0, "5"))
    assert us.objective_value("3I4") > us.objective_value("2A1")


def test_the_bot_shoots_at_the_bunker_it_cannot_shoot_into() -> None:
    """23b: with only a Fire card, a PT-76 facing Rifles in a bunker whose front looks
    away fires AP at the bunker itself (the Rifles cannot be fired on through its
    side)."""
    from test_sixty_five_bunker_fire import _bunker

    from game.ai.sixty_five.bot import SixtyFiveBot

    state = _bunker(())
    choice = SixtyFiveBot(1, Rng(1)).choose(state.view(1))
    assert isinstance(choice, Play) and choice.target == "bunker_1c4", choice


def test_the_bot_plays_scenario_5_from_each_side() -> None:
    from game.ai.match import play_match

    for seed, seats in ((1, ["ai", "random"]), (2, ["random", "ai"])):
        result = play_match("sixty_five", seed, seats, {"scenario": "5"}, max_actions=4000)
        assert result.outcome is not None, seats


def test_the_us_bot_mans_its_bunkers_and_foxholes_at_set_up() -> None:
    """Scenario 5: the American bot digs its 3 bunkers and 4 foxholes in, then sets a
    Leg unit up in each bunker (never an M40, 24) before filling the foxholes."""
    from game.ai.sixty_five.bot import SixtyFiveBot
    from game.rules.sixty_five.terrain.fortified import in_bunker, in_foxhole

    state = new_scenario_game("5", 3)
    bots = {s: SixtyFiveBot(s, Rng(30 + s)) for s in (0, 1)}
    while state.phase is Phase.SETUP:
        seat = state.current_player()
        assert seat is not None
        state.apply(bots[seat].choose(state.view(seat)))
    w = state.world
    bunkers = [h for h, f in w.fortifications.items() if f.bunker is not None]
    assert len(bunkers) == 3 and len(w.foxholes) == 4
    us = [u for u in w.live() if u.seat == 0]
    for h in bunkers:
        assert any(u.hex == h for u in us), h
    assert not any(in_bunker(w, u) for u in us if u.type.id == "us_m40")
    assert sum(1 for u in us if in_foxhole(w, u)) >= 3
