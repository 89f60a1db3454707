"""'65 scenario 4, Clear (24): the layout, the set-up, the turn-3 PT-76s, the M-113
firing passengers, the victory conditions; whole games by random play and by the bot."""

from __future__ import annotations

from pathlib import Path

import pytest
from sixty_five_support import DATA, play_random_to_end
from test_ai_sixty_five import _hand
from test_sixty_five_reinforcements import _us_impulse

from game.ai.match import play_match
from game.ai.sixty_five.bot import SixtyFiveBot
from game.core.errors import DataError
from game.core.rng import Rng
from game.rules.sixty_five.actions import Done, Enter, Place, Play
from game.rules.sixty_five.cards.effects import fire_plan
from game.rules.sixty_five.data import DATA_DIR
from game.rules.sixty_five.scenarios.new_game import new_scenario_game
from game.rules.sixty_five.scenarios.reinforcements import waiting
from game.rules.sixty_five.scenarios.scenario import load_scenarios, step_hexes
from game.rules.sixty_five.state import SixtyFiveState
from game.rules.sixty_five.turn import Phase
from game.rules.sixty_five.vehicles.facing import front_hexes

SC = load_scenarios()["4"]


def _set_up(seed: int = 3) -> SixtyFiveState:
    state = new_scenario_game("4", seed)
    rng = Rng(seed)
    while state.phase is Phase.SETUP:
        state.apply(state.random_action(rng))
    return state


def test_65_24_scenario_4_layout_and_set_up_zones() -> None:
    """Scenario 4: 7 turns of four End Turn cards; Maps 1, 2, 3; the NVA on Map 3 or a
    hex numbered 2 or higher of Map 2, the Americans on a hex numbered 5 or less of
    Map 1 (Interpretation 32: the maps stacked north to south)."""
    assert (SC.turns, SC.end_turns) == (7, 4)
    assert [m.map for m in SC.maps] == ["1", "2", "3"]
    state = new_scenario_game("4", 1)
    nva, us = (step_hexes(state.world.field, s) for s in SC.setup)
    assert "3A1" in nva and "2A2" in nva and "2A1" not in nva and "1A2" not in nva
    assert "1A5" in us and "1A6" not in us and "2A2" not in us
    counts = {t: n for s in SC.setup for t, n in s.units.items()}
    assert counts["us_m48"] == 1 and counts["us_m113"] == 2 and counts["us_m113_acav"] == 1
    assert counts["us_rifle"] == 6 and counts["nva_rpg"] == 2 and counts["nva_127mm"] == 1
    assert not SC.bonus_cards and state.bonus == ()


def test_65_15d_vehicles_set_up_with_the_facing_named() -> None:
    state = new_scenario_game("4", 1)
    while state.phase is Phase.SETUP and state.setup_step == 0:
        state.apply(state.candidate_actions()[0])
    m48 = state.world.units["us_m48_1"]
    for _ in range(20):
        nxt = next(a for a in state.candidate_actions() if isinstance(a, Place))
        if nxt.unit == "us_m48_1":
            break
        state.apply(nxt)
    place = Place("us_m48_1", nxt.hex, 4)
    assert state.why_not(place) is None
    state.apply(place)
    assert m48.facing == 4


def test_65_24_scenario_4_pt76s_come_on_turn_3_by_one_edge_within_a_hex() -> None:
    """Scenario 4: the three PT-76s enter on turn three from any edge but the west, by
    the same edge, within one hex of each other; never before or after turn three."""
    state = _set_up()
    w = state.world
    assert [u.id for u in waiting(w, SC, 1, 3)[0]] == ["nva_pt76_1", "nva_pt76_2", "nva_pt76_3"]
    assert waiting(w, SC, 1, 2) == [[]] and waiting(w, SC, 1, 4) == [[]]
    assert "1A3" not in w.field.edge_hexes("E")
    state.turn, state.phase, state.reserve_seat = 3, Phase.RESERVE, 1
    for u in w.units.values():
        u.marker = None
    assert "must enter" in (state.why_not(Done()) or "")
    assert "entry hex" in (state.why_not(Enter(("nva_pt76_1",), "2A3")) or "")  # west
    state.apply(Enter(("nva_pt76_1",), "2K3"))
    pt = w.units["nva_pt76_1"]
    assert all(h in w.field for h in front_hexes(w.field, "2K3", pt.facing or 0))
    assert "within 1 hex" in (state.why_not(Enter(("nva_pt76_2",), "2K6")) or "")
    assert "same map edge" in (state.why_not(Enter(("nva_pt76_2",), "3J6")) or "")
    assert state.why_not(Enter(("nva_pt76_2",), "2K4")) is None


def test_65_24_scenario_4_us_rifles_fire_from_m113s_with_hef_1() -> None:
    """Scenario 4: US Rifles fire while loaded in M-113s, HEF 1, combining with the hex."""
    state = _set_up(5)
    _us_impulse(state, 1)
    w = state.world
    m113, rifle = w.units["us_m113_1"], w.units["us_rifle_1"]
    enemy = next(u for u in w.live() if u.seat == 1 and u.hex is not None)
    m113.hex = rifle.hex = "2A1"
    enemy.hex = "2A3"
    rifle.carrier = m113.id
    fire = next(c.id for c in DATA.cards if c.upper == "fire" and not c.power)
    _hand(state, 0, (fire,))
    play = Play(fire, "fire", (rifle.id,), target=enemy.id)
    assert state.why_not(play) is None
    assert fire_plan(w, 0, play, w.data.blocks["fire"]).numbers()["hef"] == 1
    w.passengers_fire = None  # without the special rule, 8d forbids it
    assert "8d" in (state.why_not(play) or "")


def test_65_24_scenario_4_victory_nine_kills_or_map_2_cleared() -> None:
    """Scenario 4: the Americans win by eliminating 9 NVA units or every NVA unit on
    Map 2."""
    state = _set_up(7)
    w = state.world
    nva = [u for u in w.units.values() if u.seat == 1]
    on_map_2 = [u for u in nva if u.hex and u.hex.startswith("2")]
    if on_map_2:
        assert state.margin() < 0
    for u in on_map_2:
        u.hex = "3A1"
    assert state.margin() > 0  # no NVA left on Map 2
    w.units[nva[0].id].hex = "2C3"
    assert state.margin() < 0
    for u in nva[:9]:
        u.eliminated = True
    assert state.margin() > 0
    assert "no enemy left on Map 2" in state.view(0).goal


def test_a_broken_scenario_4_entry_names_file_and_key(tmp_path: Path) -> None:
    text = (DATA_DIR / "scenarios.yaml").read_text().replace("together: 1", "together: 0")
    path = tmp_path / "scenarios.yaml"
    path.write_text(text)
    with pytest.raises(DataError) as err:
        load_scenarios(path, DATA)
    assert "scenarios.yaml" in str(err.value) and "together" in str(err.value)


def test_random_games_of_scenario_4_end_without_error() -> None:
    for seed in (1, 2):
        state = play_random_to_end("4", seed, 6000)
        assert state.outcome() is not None


def test_the_bot_plays_scenario_4_from_each_side() -> None:
    for seed, seats in ((1, ["ai", "random"]), (2, ["random", "ai"])):
        result = play_match("sixty_five", seed, seats, {"scenario": "4"}, max_actions=4000)
        assert result.outcome is not None, seats


def test_the_bot_keeps_its_tank_out_of_assault_reach() -> None:
    """13e: the M-48 next to NVA infantry that can assault backs away rather than
    staying, when a move card is all it has."""
    state = _set_up(9)
    _us_impulse(state, 1)
    w = state.world
    tank = w.units["us_m48_1"]
    sapper = next(u for u in w.live() if u.seat == 1 and u.type.id == "nva_rifle")
    for u in w.live():
        if u is not tank:
            u.hex = None if u.seat == 0 else u.hex
    tank.hex, tank.facing, sapper.hex = "2E3", 1, "2E4"
    for u in w.live():
        if u.seat == 1 and u is not sapper:
            u.hex = "3K6" if u.hex else None
    move = next(c.id for c in DATA.cards if c.upper == "move" and not c.power)
    _hand(state, 0, (move,))
    choice = SixtyFiveBot(0, Rng(1)).choose(state.view(0))
    assert isinstance(choice, Play) and choice.units == ("us_m48_1",)
    end = (choice.path or ("2E3",))[-1]
    assert w.field.distance(end, "2E4") > 2


def test_65_explain_command_gives_to_hit_modified_apf_and_odds_of_a_vehicle_shot(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``python -m game explain sixty_five --position FILE --action "play CARD fire UNIT
    at VEHICLE" --json`` on a scenario 4 position: the to-hit number, the modified APF,
    the armour and the exact chance of each outcome, adding up to 1."""
    import json

    import yaml

    from game.__main__ import main
    from game.core.session import Session
    from game.rules.sixty_five.vehicles.ap_fire import uses_ap

    session = Session.new("sixty_five", 4, {"scenario": "4"})
    rng = Rng(4)
    shot = None
    for step in range(6000):
        state = session.state
        if state.current_player() is None:
            break
        if state.phase is Phase.IMPULSE and step % 3 == 0:
            found = [
                a
                for a in state.candidate_actions()
                if isinstance(a, Play) and a.target and not a.path and uses_ap(state.world, a)
            ]
            if found:
                shot = found[0]
                break
        session.apply(state.random_action(rng))
    assert shot is not None
    pos = tmp_path / "pos.yaml"
    actions = list(session.to_record().actions)
    pos.write_text(
        yaml.safe_dump(
            {"ruleset": "sixty_five", "seed": 4, "options": {"scenario": "4"}, "actions": actions}
        )
    )
    code = main(["explain", "sixty_five", "--position", str(pos), "--action", str(shot), "--json"])
    answer = json.loads(capsys.readouterr().out)
    assert code == 0 and answer["legal"] is True
    numbers = answer["numbers"]
    assert {"to_hit", "modified_apf", "armour", "hit_chance"} <= set(numbers)
    assert set(answer["outcomes"]) == {"missed", "no effect", "shaken", "destroyed"}
    assert sum(answer["outcomes"].values()) == pytest.approx(1.0)
