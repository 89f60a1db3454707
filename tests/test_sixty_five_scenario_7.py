"""'65 scenario 7, Death from Above: the L of three maps round the mountain, the set-up
zones, the Hueys coming on loaded by one edge, the transports leaving, the second
12.7mm placed on turn 2, the victory points; and random games to the end."""

from __future__ import annotations

from pathlib import Path

import pytest
from sixty_five_support import DATA, play_random_to_end
from test_sixty_five_flow import _impulse_with

from game.core.errors import DataError
from game.core.rng import Rng
from game.rules.sixty_five.actions import Enter, Play
from game.rules.sixty_five.boards import scenario_ground
from game.rules.sixty_five.helicopters.sight import helicopter_sees
from game.rules.sixty_five.scenarios.new_game import new_scenario_game
from game.rules.sixty_five.scenarios.reinforcements import waiting
from game.rules.sixty_five.scenarios.scenario import load_scenarios, step_hexes
from game.rules.sixty_five.state import SixtyFiveState
from game.rules.sixty_five.terrain.field import Field
from game.rules.sixty_five.turn import Phase
from game.rules.sixty_five.vehicles.data import load_vehicle_data

SC = load_scenarios()["7"]
HELI = load_vehicle_data().rules.helicopter


def _without_mountain(g: Field) -> Field:
    return Field(
        g.board, {h: g.terrain(h).id for h in g.hexes()}, g.table, silhouettes=g.silhouettes
    )


def _set_up(seed: int = 3) -> SixtyFiveState:
    state = new_scenario_game("7", seed)
    rng = Rng(seed)
    while state.phase is Phase.SETUP:
        state.apply(state.random_action(rng))
    return state


def test_65_24_scenario_7_the_mountain_blocks_los_between_maps_2_and_3() -> None:
    """Scenario 7 (Interpretation 45): the maps make an L round the mountain; the
    seed's example line, 2B4 to 3I1, crosses it and is blocked, for a helicopter's line
    too; without the mountain the helicopter would see along it, and 2A1 would see 3I1."""
    g = scenario_ground("7")
    plain = _without_mountain(g)
    assert g.gaps_block and not plain.gaps_block
    assert not helicopter_sees(g, "2B4", "3I1", HELI)
    assert helicopter_sees(plain, "2B4", "3I1", HELI)
    assert plain.los("2A1", "3I1") and not g.los("2A1", "3I1")
    assert "2K1" in g.edge_hexes("N") and "3A3" in g.edge_hexes("W")


def test_65_24_scenario_7_set_up_zones() -> None:
    g = scenario_ground("7")
    nva = set(step_hexes(g, SC.setup[0]))
    for h in g.hexes():
        building = g.terrain(h).id == "building"
        near = any(g.terrain(n).id == "building" for n in g.neighbours(h))
        assert (h in nva) == (building or near), h
    us = set(step_hexes(g, SC.setup[1]))
    assert us == {h for h in g.hexes() if h.startswith("3") and h[1] in "ABCDEF"}


def test_65_24_scenario_7_hueys_come_loaded_by_one_edge_with_any_card() -> None:
    """Scenario 7: the Rifles, the M60 and Dixon ride in the four transports; the Hueys
    come on flying, one to a hex, by one edge (column A of Map 3 or row 1 of Map 2),
    each with any card played as a Move, never in the Reserve phase."""
    state = _set_up()
    w = state.world
    riders = {u.id: u.carrier for u in w.units.values() if u.carrier}
    assert riders == {
        "us_rifle_6": "us_huey_transport_1", "us_rifle_7": "us_huey_transport_2",
        "us_rifle_8": "us_huey_transport_3", "us_m60_3": "us_huey_transport_4",
        "dixon": "us_huey_transport_1",
    }  # fmt: skip
    assert {u.id for u in waiting(w, SC, 0, 1)[0]} == {
        "us_huey_gunship_1", "us_huey_gunship_2", *(f"us_huey_transport_{i}" for i in range(1, 5))
    }  # fmt: skip
    state.phase, state.phasing, state.started, state.actions_left = Phase.IMPULSE, 0, True, 1
    card = (
        next(c for c in w.hands[0] if "move" not in w.card(c).blocks)
        if any("move" not in w.card(c).blocks for c in w.hands[0])
        else w.hands[0][0]
    )
    assert state.why_not(Enter(("us_huey_transport_1",), "3A3", card, "move")) is None
    state.apply(Enter(("us_huey_transport_1",), "3A3", card, "move"))
    huey = w.units["us_huey_transport_1"]
    assert huey.mode == "flying" and w.units["dixon"].hex == "3A3"
    state.actions_left = 1
    _impulse_with(state, 0, [card] if card not in w.hands[0] else [])
    other = w.hands[0][0]
    assert "same map edge" in (
        state.why_not(Enter(("us_huey_gunship_1",), "2E1", other, "move")) or ""
    )
    assert "one Air unit" in (
        state.why_not(Enter(("us_huey_gunship_1",), "3A3", other, "move")) or ""
    )
    assert state.why_not(Enter(("us_huey_gunship_1",), "3A5", other, "move")) is None
    state.phase, state.reserve_seat = Phase.RESERVE, 0
    assert "Reserve phase" in (state.why_not(Enter(("us_huey_gunship_1",), "3A5")) or "")


def test_65_24_scenario_7_transports_leave_after_unloading_and_by_end_of_turn_3() -> None:
    state = _set_up()
    w = state.world
    state.phase, state.phasing, state.started, state.actions_left = Phase.IMPULSE, 0, True, 1
    hand = w.hands[0]
    west = sorted(h for h in w.field.edge_hexes("W") if h.startswith("3"))
    spot = next(h for h in west if w.field.terrain(h).id in HELI.landing_terrain)
    other = next(h for h in west if h != spot)
    state.apply(Enter(("us_huey_transport_2",), spot, hand[0], "move"))
    t2 = w.units["us_huey_transport_2"]
    t2.marker = None
    state.actions_left = 1
    land = Play(hand[0], "move", (t2.id,), unload=("us_rifle_7",), mode="landed")
    assert state.why_not(land) is None, state.why_not(land)
    state.apply(land)
    assert t2.id in w.exited and t2.hex is None and w.units["us_rifle_7"].hex == spot
    # turn 3 over: every transport still on the board leaves, loaded or not
    state.actions_left = 1
    state.apply(Enter(("us_huey_transport_3",), other, hand[0], "move"))
    state.turn, state.phase, state.keep_seat = 3, Phase.CLEAN_UP, 0
    from game.rules.sixty_five.actions import Keep

    state.apply(Keep(None))
    state.apply(Keep(None))
    assert "us_huey_transport_3" in w.exited and "us_rifle_8" in w.exited
    assert not w.units["us_rifle_8"].eliminated


def test_65_24_scenario_7_second_12_7mm_placed_on_turn_2_in_jungle_not_next_to_us() -> None:
    """Scenario 7: on turn 2, in a friendly impulse, the NVA place the second 12.7mm in
    a jungle hex not adjacent to an American unit, without a card and without spending
    the action; it may act at once (Eligible)."""
    state = _set_up()
    w = state.world
    gun = "nva_127mm_2"
    assert waiting(w, SC, 1, 1)[1] == [] and [u.id for u in waiting(w, SC, 1, 2)[1]] == [gun]
    state.turn, state.phase, state.phasing, state.started = 2, Phase.IMPULSE, 1, True
    state.actions_left = 1
    us = [u.hex for u in w.live() if u.seat == 0 and u.hex]
    jungle = [h for h in w.field.hexes() if w.field.terrain(h).id == "jungle"]
    near = next(h for h in jungle if any(w.field.distance(h, x) == 1 for x in us))
    far = next(h for h in jungle if all(w.field.distance(h, x) >= 2 for x in us))
    clear = next(h for h in w.field.hexes() if w.field.terrain(h).id == "clear")
    assert "next to an enemy" in (state.why_not(Enter((gun,), near)) or "")
    assert "entry hex" in (state.why_not(Enter((gun,), clear)) or "")
    assert state.why_not(Enter((gun,), far)) is None
    state.apply(Enter((gun,), far))
    assert w.units[gun].hex == far and w.units[gun].eligible and state.actions_left == 1


def test_65_24_scenario_7_victory_points() -> None:
    """Scenario 7: buildings 2 VP each side; NVA 2 VP per American unit lost (Leg
    units and helicopters alike), Americans 1 VP per NVA unit; the special objective
    (Bonus card) 2 VP; a tie is no American win (Interpretation 46)."""
    v = SC.victory
    assert v.us.controlled is not None and v.us.controlled.vp == 2 and v.us.enemy_eliminated == 1
    assert v.vc_nva.controlled is not None and v.vc_nva.controlled.vp == 2
    assert v.vc_nva.enemy_eliminated == 2 and v.us.bonus == v.vc_nva.bonus == 2
    assert v.win.seat == 0 and v.win.more_than_other
    assert {u.type.move_class.value for u in _set_up().world.units.values() if u.seat == 0} == {
        "L", "F"
    }  # fmt: skip


def test_a_broken_scenario_7_rule_names_file_and_key(tmp_path: Path) -> None:
    text = (Path(__file__).parents[1] / "game/rules/sixty_five/data/scenarios.yaml").read_text()
    bad = tmp_path / "scenarios.yaml"
    bad.write_text(text.replace("placed_apart: 2", "placed_apart: 0"))
    with pytest.raises(DataError) as err:
        load_scenarios(bad, DATA)
    assert "scenarios.yaml" in str(err.value) and "placed_apart" in str(err.value)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_of_scenario_7_end_without_error(seed: int) -> None:
    state = play_random_to_end("7", seed, 8000)
    assert state.outcome() is not None


def test_65_24a_17_any_scenario_may_bring_a_gunship_among_its_reinforcements() -> None:
    """A scenario's reinforcement group may hold a helicopter beside ground units (as
    scenario 8's gunship): the helicopter comes on alone with any card, flying; the
    Rifle by its own move block as before."""
    from game.rules.sixty_five.scenarios.reinforcements import enter_candidates
    from game.rules.sixty_five.scenarios.scenario import Reinforcement, Zone
    from game.rules.sixty_five.world import World

    base = load_scenarios()["1"]
    group = Reinforcement(
        seat=0, turn=1, units={"us_huey_gunship": 1, "us_rifle": 1},
        entry=(Zone(columns={"2": ("A",)}),),
    )  # fmt: skip
    scenario = base.model_copy(update={"reinforcements": (group,)})
    world = World(
        data=DATA, field=scenario_ground("1").copy(), rng=Rng(1), units={},
        end_turn_limit=scenario.end_turns, draw_pile=[c.id for c in DATA.cards],
    )  # fmt: skip
    state = SixtyFiveState.for_scenario(world, scenario)
    rng = Rng(2)
    while state.phase is Phase.SETUP:
        state.apply(state.random_action(rng))
    state.phase, state.phasing, state.started, state.actions_left = Phase.IMPULSE, 0, True, 1
    w = state.world
    entries = enter_candidates(w, scenario, 1, 0, reserve=False)
    heli = [e for e in entries if e.units == ("us_huey_gunship_1",)]
    rifle = [e for e in entries if e.units == ("us_rifle_8",)]
    assert heli and rifle and all(e.block == "move" for e in heli)
    state.apply(heli[0])
    assert w.units["us_huey_gunship_1"].mode == "flying"


def test_65_24_scenario_7_the_group_keeps_the_edge_it_came_on_by() -> None:
    """24 scenario 7, "all units must enter from the same edge" (Interpretation 100):
    the v7 save's random game, 120 actions in: Huey transport 1 came on at 2A1 (Map 2's
    top edge) and flew on to 3K1, transport 2 still stands on 2D1. Version 8 judges the
    edge by where the group came on: the rest may come on along Map 2's top (2H1), not
    by Map 3's left edge (3A3). Version 7 judged it by where they stand and, with 3K1 on
    neither edge, refused both."""
    from pathlib import Path

    from game.core.record import parse_record
    from game.core.registry import get_manifest
    from game.core.session import Session
    from game.rules.sixty_five.scenarios.reinforcements import together_refusal

    folder = Path(__file__).parent / "data" / "saves_sixty_five_v7"
    path = next(folder.glob("*scenario_7*"))
    record = parse_record(path.read_text(encoding="utf-8"), str(path))
    answers = {}
    for version in ("7", "8"):
        session = Session(
            get_manifest("sixty_five").ruleset(), record.seed, dict(record.options),
            rules_version=version, undo=False,
        )  # fmt: skip
        for text in record.actions[:120]:
            session.apply(text)
        w, sc = session.state.world, session.state.scenario
        assert w.units["us_huey_transport_1"].hex == "3K1"
        assert w.units["us_huey_gunship_1"].hex is None
        answers[version] = [together_refusal(w, sc, 0, h) for h in ("2H1", "3A3")]
    assert answers["8"][0] is None and "same map edge" in (answers["8"][1] or "")
    assert all("same map edge" in (a or "") for a in answers["7"])
