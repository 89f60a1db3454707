"""'65 scenarios 2 (By the Belt Buckle) and 3 (An Ambush Ambushed) (24): set-up zones,
turns, special rules, map edges and leaving the map, victory points, the Bonus Victory
Condition cards (24b), and whole games played from the candidate actions."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.rng import Rng
from game.rules.sixty_five.actions import Done, Exit, Place, ReserveMove
from game.rules.sixty_five.scenarios.bonus import (
    BonusKind,
    achieved,
    draw_bonus_cards,
    load_bonus_cards,
    possible,
)
from game.rules.sixty_five.scenarios.exits import exit_refusal
from game.rules.sixty_five.scenarios.new_game import new_scenario_game
from game.rules.sixty_five.scenarios.scenario import zone_hexes
from game.rules.sixty_five.scenarios.victory import scores, winner
from game.rules.sixty_five.state import Phase, SixtyFiveState


def _set_up(state: SixtyFiveState) -> None:
    while state.phase is Phase.SETUP:
        state.apply(state.candidate_actions()[0])


def _counts(state: SixtyFiveState, seat: int, step_units: dict[str, int]) -> None:
    got: dict[str, int] = {}
    for u in state.world.units.values():
        if u.seat == seat:
            got[u.type.id] = got.get(u.type.id, 0) + 1
    for type_id, n in step_units.items():
        assert got.get(type_id, 0) >= n


def test_65_24_scenario_2_set_up_americans_on_map_2_then_vc_on_map_3_rows_1_to_5() -> None:
    """'65 24 scenario 2: 7 turns, each ending on the fourth End Turn card; the
    Americans (7 Rifle, 2 M60, Riggs, Black, Dixon) set up first anywhere on Map 2; the
    Viet Cong (9 Rifle, 4 Sapper, 2 RPD, 1 RPG, Phan, Nguyen) second on Map 3, hexes
    numbered 5 or less."""
    state = new_scenario_game("2", 1)
    assert (state.turns, state.world.end_turn_limit) == (7, 4)
    assert state.current_player() == 0
    w = state.world
    us = sorted(u.type.id for u in w.units.values() if u.seat == 0)
    vc = sorted(u.type.id for u in w.units.values() if u.seat == 1)
    assert us.count("us_rifle") == 7 and us.count("us_m60") == 2 and len(us) == 12
    assert (vc.count("vc_rifle"), vc.count("vc_sapper"), vc.count("vc_rpd")) == (9, 4, 2)
    assert vc.count("vc_rpg") == 1 and {"phan", "nguyen"} <= set(vc) and len(vc) == 18
    sc = state.scenario
    assert sc is not None
    us_zone = zone_hexes(w.field, sc.setup[0].zone)
    assert len(us_zone) == 66 and all(h.startswith("2") for h in us_zone)
    vc_zone = zone_hexes(w.field, sc.setup[1].zone)
    assert len(vc_zone) == 55 and all(h.startswith("3") and int(h[2:]) <= 5 for h in vc_zone)
    assert "2G4" in us_zone and "prohibited" in (state.why_not(Place("us_rifle_1", "2G4")) or "")
    _set_up(state)
    assert state.phase is Phase.INITIATIVE
    assert all(u.hex and u.hex.startswith("2") for u in w.units.values() if u.seat == 0)


def test_65_24_scenario_2_buildings_are_kunai_filling_the_hex() -> None:
    """'65 24 scenario 2: building hexes are considered kunai."""
    state = new_scenario_game("2", 1)
    f = state.world.field
    assert f.terrain("2B2").id == "kunai" and f.terrain("3H5").id == "kunai"
    assert not any(f.terrain(h).id == "building" for h in f.hexes())
    assert new_scenario_game("1", 1).world.field.terrain("2B2").id == "building"


def test_65_24_scenario_2_friendly_edges_south_for_us_and_north_for_vc() -> None:
    """'65 24 scenario 2: south is the Americans' friendly map edge, north the Viet
    Cong's; the board puts Map 3 north of Map 2."""
    state = new_scenario_game("2", 1)
    sc = state.scenario
    assert sc is not None and sc.friendly_edges == {"us": "S", "vc_nva": "N"}
    f = state.world.field
    assert f.edge_hexes("N") == {f"3{c}1" for c in "ABCDEFGHIJK"}
    assert f.edge_hexes("S") == {f"2{c}6" for c in "ABCDEFGHIJK"}
    assert "3A1" in f.edge_hexes("W") and "2K6" in f.edge_hexes("E")
    assert f.distance("3E6", "2E1") == 1  # the maps join


def test_65_24_scenario_2_victory_points_and_18_needed() -> None:
    """'65 24 scenario 2: the Viet Cong get 4 VP per unit ending on Map 2, 2 per American
    unit eliminated, -1 per own unit eliminated; they need 18 to win."""
    state = new_scenario_game("2", 3)
    _set_up(state)
    w = state.world
    state.bonus = ()
    assert scores(w, state.scenario, state.control, ()) == (0, 0)  # type: ignore[arg-type]
    vc = [u for u in w.units.values() if u.seat == 1]
    us = [u for u in w.units.values() if u.seat == 0]
    for u in vc[:4]:
        u.hex = "2A1"
    vc[5].eliminated = True
    us[0].eliminated = us[1].eliminated = True
    assert scores(w, state.scenario, state.control, ())[1] == 4 * 4 + 2 * 2 - 1  # type: ignore[arg-type]
    assert winner(w, state.scenario, state.control, ()) == 1  # type: ignore[arg-type]
    us[1].eliminated = False
    assert scores(w, state.scenario, state.control, ())[1] == 17  # type: ignore[arg-type]
    assert winner(w, state.scenario, state.control, ()) == 0  # type: ignore[arg-type]


def test_65_24_scenario_3_three_set_up_steps_by_hex_id_jungle_row_2_and_map_2_row_4() -> None:
    """'65 24 scenario 3: the NVA (4 Rifle, RPD, 12.7mm, Trang) set up first on B4, C5,
    D3, E4, G4, I4, J3 of Map 3; the Americans (6 Rifle, 3 M60, LAW, Black, Dixon) on
    jungle hexes numbered 2 of Map 3; then the NVA (3 Sapper, 3 Rifle, Minh, Chu) on
    hexes numbered 4 of Map 2."""
    state = new_scenario_game("3", 2)
    sc = state.scenario
    assert sc is not None and (state.turns, state.world.end_turn_limit) == (7, 4)
    f = state.world.field
    first = zone_hexes(f, sc.setup[0].zone)
    assert set(first) == {"3B4", "3C5", "3D3", "3E4", "3G4", "3I4", "3J3"}
    second = zone_hexes(f, sc.setup[1].zone)
    assert set(second) == {"3A2", "3B2", "3D2", "3E2", "3H2"}
    assert all(f.terrain(h).id == "jungle" for h in second)
    third = zone_hexes(f, sc.setup[2].zone)
    assert set(third) == {f"2{c}4" for c in "ABCDEFGHIJK"}
    seats = []
    while state.phase is Phase.SETUP:
        seats.append(state.current_player())
        state.apply(state.candidate_actions()[0])
    assert seats == [1] * 7 + [0] * 12 + [1] * 8
    w = state.world
    rifles = sorted(u.id for u in w.units.values() if u.type.id == "nva_rifle")
    assert rifles == [f"nva_rifle_{n}" for n in range(1, 8)]
    assert {w.units[f"nva_rifle_{n}"].hex[0] for n in range(1, 5)} == {"3"}  # type: ignore[index]
    assert {w.units[f"nva_rifle_{n}"].hex[0] for n in range(5, 8)} == {"2"}  # type: ignore[index]
    assert {"trang", "minh", "chu", "nva_127mm_1"} <= set(w.units)
    assert sum(1 for u in w.units.values() if u.seat == 0) == 12


def test_65_24_scenario_3_victory_nva_need_more_vp_and_8_from_kills() -> None:
    """'65 24 scenario 3: the NVA get 2 VP per American unit eliminated; the Americans
    1 per NVA unit eliminated and 1 per NVA unit still on either map at the end. The NVA
    win only with more VP than the Americans and at least 8 VP of kills."""
    state = new_scenario_game("3", 2)
    _set_up(state)
    w, sc = state.world, state.scenario
    assert sc is not None
    nva = [u for u in w.units.values() if u.seat == 1]
    us = [u for u in w.units.values() if u.seat == 0]
    assert scores(w, sc, state.control, ()) == (15, 0)  # 15 NVA units on the maps
    for u in us[:4]:
        u.eliminated = True
    for u in nva[:9]:
        w.exited[u.id] = "N"
        u.hex = None
    assert scores(w, sc, state.control, ()) == (6, 8)
    assert winner(w, sc, state.control, ()) == 1
    us[3].eliminated = False  # 6 VP of kills: not enough even with more VP
    for u in nva[9:12]:
        w.exited[u.id] = "S"
        u.hex = None
    assert scores(w, sc, state.control, ()) == (3, 6)
    assert winner(w, sc, state.control, ()) == 0
    us[3].eliminated = True
    nva[12].eliminated = True  # more VP needed: 8 against 3 + ... still more
    assert winner(w, sc, state.control, ()) == 1


def _reserve(state: SixtyFiveState) -> None:
    """Play on with the first candidate until the Reserve phase."""
    while state.phase is not Phase.RESERVE:
        options = state.candidate_actions()
        pick = next((a for a in options if type(a).__name__ == "Pass"), options[0])
        state.apply(pick)


def test_65_24_scenario_3_nva_can_exit_off_any_map_edge_americans_cannot() -> None:
    """'65 24 scenario 3: the NVA may leave by any map edge (a move off the board from a
    hex on it, Interpretation 26), with a move block or in the Reserve phase; exited
    units are off the board and not counted for the Americans; the Americans may not
    leave."""
    state = new_scenario_game("3", 5)
    _set_up(state)
    w = state.world
    assert state.exit_edges(1) == ("N", "E", "S", "W") and state.exit_edges(0) == ()
    rifle = w.units["nva_rifle_5"]
    rifle.hex = "2A6"  # south-west corner
    us = next(u for u in w.units.values() if u.seat == 0)
    refused = exit_refusal(w, 0, Exit((us.id,)), state.exit_edges(0), reserve=True)
    assert "may not leave" in (refused or "")
    _reserve(state)
    if state.reserve_seat != 1:
        state.apply(Done())
    options = state.candidate_actions()
    assert Exit(("nva_rifle_5",)) in options
    assert not any(isinstance(a, Exit) and a.units == ("trang",) for a in options)
    before = scores(w, state.scenario, state.control, ())[0]  # type: ignore[arg-type]
    state.apply(Exit(("nva_rifle_5",)))
    assert rifle.hex is None and w.exited["nva_rifle_5"] in ("S", "W")
    assert rifle not in w.live()
    assert scores(w, state.scenario, state.control, ())[0] == before - 1  # type: ignore[arg-type]
    assert "exited" in state.snapshot()["world"]


def test_65_24_exit_in_the_impulse_takes_a_move_block_and_an_edge_hex() -> None:
    """24: leaving in the impulse is an action with a Move-type block, from a hex on an
    edge the side may leave by."""
    state = new_scenario_game("3", 8)
    _set_up(state)
    w = state.world
    w.units["nva_rifle_6"].hex = "2K6"
    w.units["nva_rifle_7"].hex = "2E5"
    while not (state.phase is Phase.IMPULSE and state.current_player() == 1 and state.started):
        options = state.candidate_actions()
        draw = next((a for a in options if type(a).__name__ == "Draw"), None)
        state.apply(draw or options[0])
    hand = w.hands[1]
    moves = [c for c in hand if any(w.data.blocks[b].effect == "move" for b in w.card(c).blocks)]
    if not moves:
        pytest.skip("no move card dealt with this seed")
    card = moves[0]
    block = next(b for b in w.card(card).blocks if w.data.blocks[b].effect == "move")
    assert state.why_not(Exit(("nva_rifle_6",), card, block)) is None
    assert "not on an edge" in (state.why_not(Exit(("nva_rifle_7",), card, block)) or "")
    assert "move block" in (state.why_not(Exit(("nva_rifle_6",))) or "")
    state.apply(Exit(("nva_rifle_6",), card, block))
    assert "nva_rifle_6" in w.exited and card in w.discard and state.acted


def test_65_24b_bonus_cards_drawn_before_set_up_redrawn_when_impossible() -> None:
    """'65 24b: each player draws a Bonus Victory Condition card before setting up; one
    that cannot be met (no enemy Hero to kill, no enemy map edge to exit by) is put back
    and another drawn."""
    cards = load_bonus_cards()
    assert len(cards) == 8
    for seed in range(30):
        for sc in ("1", "2", "3"):
            state = new_scenario_game(sc, seed)
            assert len(state.bonus) == 2 and state.bonus[0] != state.bonus[1]
            edges = state.scenario.friendly_edges  # type: ignore[union-attr]
            units = list(state.world.units.values())
            for seat in (0, 1):
                card = cards[state.bonus[seat]]
                enemy_edge = ("vc_nva", "us")[seat] in edges
                assert possible(card, seat, units, enemy_edge)
                if sc != "2":
                    assert card.kind is not BonusKind.EXIT_ENEMY_EDGE
    exit_card = next(c for c in cards.values() if c.kind is BonusKind.EXIT_ENEMY_EDGE)
    state = new_scenario_game("1", 1)
    assert not possible(exit_card, 0, list(state.world.units.values()), False)
    with pytest.raises(ValueError):
        draw_bonus_cards(Rng(1), [], (False, False))


def test_65_24b_bonus_conditions_are_judged_at_the_end() -> None:
    """24b as designed: each card's condition on the units at the end."""
    cards = load_bonus_cards()
    state = new_scenario_game("3", 4)
    units = list(state.world.units.values())
    us = [u for u in units if u.seat == 0]
    nva = [u for u in units if u.seat == 1]
    assert not achieved(cards["head_hunters"], 0, units, 0)
    next(u for u in nva if u.hero).eliminated = True
    assert achieved(cards["head_hunters"], 0, units, 0)
    assert achieved(cards["keep_them_alive"], 0, units, 0)
    for u in us[:3]:
        u.eliminated = True
    assert not achieved(cards["keep_them_alive"], 0, units, 0)
    assert achieved(cards["take_them_down"], 1, units, 0)
    assert not achieved(cards["silence_the_guns"], 1, units, 0)
    for u in [u for u in us if u.type.id == "us_m60"][:2]:
        u.eliminated = True
    assert achieved(cards["silence_the_guns"], 1, units, 0)
    assert achieved(cards["deep_raid"], 1, units, 1) and not achieved(
        cards["break_through"], 1, units, 1
    )
    assert not achieved(cards["no_one_left_behind"], 1, units, 0)


def test_65_24b_a_met_bonus_card_scores_the_scenarios_vp_for_either_side() -> None:
    """'65 24 scenario 2: the Viet Cong's Special Victory Condition +4 VP, the Americans'
    -2 VP (on the Viet Cong's count)."""
    state = new_scenario_game("2", 3)
    _set_up(state)
    w, sc = state.world, state.scenario
    assert sc is not None
    bonus = ("keep_them_alive", "keep_them_alive")
    assert scores(w, sc, state.control, bonus)[1] == 4 - 2
    us = [u for u in w.units.values() if u.seat == 0]
    for u in us[:3]:
        u.eliminated = True
    assert scores(w, sc, state.control, bonus)[1] == 3 * 2 + 4


def test_65_rules_versions_1_and_2_have_no_bonus_cards() -> None:
    """Saves from before 24b (rules versions 1 and 2) replay without the cards."""
    assert new_scenario_game("1", 9, 1).bonus == ()
    old = new_scenario_game("1", 9, 2)
    assert old.bonus == () and "bonus" not in old.snapshot()
    assert new_scenario_game("1", 9).bonus


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 10_000), scenario=st.sampled_from(["2", "3"]))
def test_65_scenarios_2_and_3_play_to_an_end_from_the_candidates(seed: int, scenario: str) -> None:
    """Whole games of scenarios 2 and 3 from random candidates end with a winner; units
    never break stacking or stand in prohibited terrain."""
    from game.rules.sixty_five.movement.rules import entry_cost

    state = new_scenario_game(scenario, seed)
    pick = Rng(seed)
    for _ in range(3000):
        if state.outcome() is not None:
            break
        options = state.candidate_actions()
        moves = [a for a in options if not isinstance(a, ReserveMove)] or options
        state.apply(pick.choice(moves))
    outcome = state.outcome()
    assert outcome is not None and len(outcome.winners) == 1
    for u in state.world.live():
        if u.hex is not None:
            assert entry_cost(state.world.field, u.hex) is not None


def test_65_broken_bonus_or_scenario_data_names_the_file_and_key(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Bad input: a Bonus card of an unknown kind, or a scenario whose special rule names
    an unknown terrain, is a DataError naming the file, the key and what was expected."""
    from game.core.errors import DataError
    from game.rules.sixty_five.scenarios.scenario import load_scenarios

    bonus = tmp_path / "bonus.yaml"
    bonus.write_text(
        "cards:\n  - {id: a, name: A, kind: bogus}\n  - {id: b, name: B, kind: lose_at_most}\n"
    )
    with pytest.raises(DataError) as err:
        load_bonus_cards(bonus)
    assert str(bonus) in str(err.value) and "kind" in str(err.value)
    text = (
        "scenarios:\n"
        "  - id: '9'\n    title: T\n    turns: 1\n    end_turns: 3\n"
        "    maps: [{map: '2', offset: [0, 0]}]\n"
        "    setup:\n"
        "      - {seat: 0, units: {us_rifle: 1}, zone: {maps: ['2']}}\n"
        "      - {seat: 1, units: {vc_rifle: 1}, zone: {rows: [1]}}\n"
        "    terrain_as: {building: lava}\n"
        "    victory: {win: {seat: 0, needs: 1}}\n"
    )
    broken = tmp_path / "scenarios.yaml"
    broken.write_text(text)
    with pytest.raises(DataError) as err:
        load_scenarios(broken)
    assert str(broken) in str(err.value) and "terrain_as" in str(err.value)
    broken.write_text(
        text.replace("{building: lava}", "{}").replace("win: {seat: 0", "win: {seat: 5")
    )
    with pytest.raises(DataError) as err:
        load_scenarios(broken)
    assert "victory.win.seat" in str(err.value)
