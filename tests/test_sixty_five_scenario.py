"""'65 scenario 1, Village Assault (24): set-up, control, victory points, and whole games
played from the candidate actions."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.rng import Rng
from game.rules.sixty_five.actions import Place, parse_action
from game.rules.sixty_five.scenarios.new_game import new_scenario_game
from game.rules.sixty_five.scenarios.scenario import zone_hexes
from game.rules.sixty_five.scenarios.setup import victory_points
from game.rules.sixty_five.state import Phase


def test_65_scenario_1_set_up_vc_first_in_buildings_then_the_americans() -> None:
    """'65 scenario 1: 3 Rifle, 2 RPD, 1 Sapper, Ngo and Phan set up first in building
    hexes; 7 Rifle, 2 M60, Riggs, Black and Dixon second on A-C of Map 1 / I-K of Map 2;
    7 turns, each ending on the third End Turn card."""
    state = new_scenario_game("1", 1)
    assert state.turns == 7 and state.world.end_turn_limit == 3
    assert state.phase is Phase.SETUP and state.current_player() == 1
    vc = [u for u in state.world.units.values() if u.seat == 1]
    us = [u for u in state.world.units.values() if u.seat == 0]
    assert len(vc) == 8 and len(us) == 12
    assert sum(u.hero for u in vc) == 2 and sum(u.hero for u in us) == 3
    buildings = zone_hexes(state.world.field, state.scenario.setup[0].zone)  # type: ignore[union-attr]
    assert all(state.world.field.terrain(h).id == "building" for h in buildings)
    options = state.candidate_actions()
    assert options and {a.hex for a in options if isinstance(a, Place)} == set(buildings)
    assert "zone" in (state.why_not(Place(options[0].unit, "1A1")) or "")  # type: ignore[attr-defined]
    while state.phase is Phase.SETUP and state.current_player() == 1:
        state.apply(state.candidate_actions()[0])
    assert state.current_player() == 0
    zone = state.scenario.setup[1].zone  # type: ignore[union-attr]
    for a in state.candidate_actions():
        assert isinstance(a, Place) and a.hex[0] in "12"
        assert a.hex[1] in ("ABC" if a.hex[0] == "1" else "IJK")
    assert zone.columns == {"1": ("A", "B", "C"), "2": ("I", "J", "K")}
    while state.phase is Phase.SETUP:
        state.apply(state.candidate_actions()[0])
    assert state.phase is Phase.INITIATIVE and [len(h) for h in state.world.hands] == [4, 4]


def test_65_scenario_1_victory_points() -> None:
    """'65 scenario 1: +1 VP per building hex the Americans control, +1 per VC unit
    eliminated, -1 per American unit eliminated; they need 6."""
    state = new_scenario_game("1", 2)
    w = state.world
    assert victory_points(w, state.scenario, state.control) == 0  # type: ignore[arg-type]
    buildings = [h for h, seat in state.control.items() if w.field.terrain(h).id == "building"]
    for h in buildings[:5]:
        state.control[h] = 0
    vc = [u for u in w.units.values() if u.seat == 1]
    us = [u for u in w.units.values() if u.seat == 0]
    vc[0].eliminated = vc[1].eliminated = True
    us[0].eliminated = True
    assert victory_points(w, state.scenario, state.control) == 5 + 2 - 1  # type: ignore[arg-type]


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32), pick=st.integers(0, 2**32))
def test_65_scenario_1_plays_to_the_end_from_candidates(seed: int, pick: int) -> None:
    """A whole game of scenario 1 from random candidate actions: each is legal by why_not
    and reads back from its text; the game ends after 7 turns with a winner."""
    state = new_scenario_game("1", seed)
    rng = Rng(pick)
    for _ in range(20000):
        if state.current_player() is None:
            break
        options = state.candidate_actions()
        assert options, state.phase
        action = options[rng.below(len(options))]
        assert state.why_not(action) is None, action
        assert parse_action(action.to_str()) == action
        state.apply(action)
    outcome = state.outcome()
    assert state.phase is Phase.OVER and state.turn == 7
    assert outcome is not None and len(outcome.winners) == 1


def test_a_bad_scenario_file_names_the_file_and_key_path(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Bad input: an unknown unit or a missing key in scenarios.yaml is a DataError with
    the file and the key path."""
    import pytest

    from game.core.errors import DataError
    from game.rules.sixty_five.data import DATA_DIR
    from game.rules.sixty_five.scenarios.scenario import load_scenarios

    text = (DATA_DIR / "scenarios.yaml").read_text()
    bad = tmp_path / "scenarios.yaml"
    bad.write_text(text.replace("vc_rpd: 2", "vc_rdp: 2"))
    with pytest.raises(
        DataError, match=r"scenarios\[0\]\.setup\[0\]\.units: unknown unit 'vc_rdp'"
    ):
        load_scenarios(bad)
    bad.write_text(text.replace("    turns: 7\n", ""))
    with pytest.raises(DataError) as err:
        load_scenarios(bad)
    assert str(bad) in str(err.value) and "scenarios.0.turns" in str(err.value)
