"""The '65 bot as the side that must attack (issue 34, "both sides fight"): a side short
of its win (24, ``SixtyFiveState.margin``) plays boldly (game/ai/sixty_five/values.py
``boldness``): it closes on the objectives through the enemy's fire, where a side that
would already win holds back as before."""

from __future__ import annotations

from sixty_five_support import unit
from test_ai_sixty_five import MOVES, _choose, _impulse

from game.ai.sixty_five.values import Outlook
from game.rules.sixty_five.actions import Play
from game.rules.sixty_five.scenarios.scenario import load_scenarios


def _village(winning: bool):  # type: ignore[no-untyped-def]
    """Scenario 1's victory: two US Rifle squads in 1C3, a VC RPD team in the building of
    1H3 (the only building, the Viet Cong's); ``winning``: six VC units already
    eliminated, so the Americans have the 6 VP they need."""
    units = [
        unit("us1", "us_rifle", 0, "1C3"),
        unit("us2", "us_rifle", 0, "1C3"),
        unit("vc1", "vc_rpd", 1, "1H3"),
    ]
    if winning:
        units += [unit(f"gone{i}", "vc_rifle", 1, None, eliminated=True) for i in range(6)]
    state = _impulse(units, MOVES, h3="building")
    state.scenario = load_scenarios()["1"]
    state.control["1H3"] = 1
    return state


def test_boldness_grows_with_the_vp_a_side_is_short_of_its_win() -> None:
    """24 scenario 1: the Americans need 6 VP. Short of them they are bold; the Viet Cong,
    who win if nothing changes, are not; with the 6 VP in hand the Americans are not, and
    the Viet Cong, now short, play as before (only the American bot plays boldly)."""
    short = _village(False)
    assert short.margin() < 0
    assert Outlook.read(short, 0, "1").boldness > 0.5
    assert Outlook.read(short, 1, "1").boldness == 0.0
    won = _village(True)
    assert won.margin() > 0
    assert Outlook.read(won, 0, "1").boldness == 0.0
    assert Outlook.read(won, 1, "1").boldness == 0.0


def test_short_of_its_win_the_us_closes_on_the_held_building() -> None:
    """24 scenario 1: four VP short with the building held by an RPD, the American bot
    moves a squad up to the building through the RPD's fire (before issue 34 it only
    discarded: the fire it would draw outweighed the building). With the win in hand the
    same position is not worth the risk."""
    state = _village(False)
    action = _choose(state, 0)
    f = state.world.field
    assert isinstance(action, Play) and action.path is not None
    assert f.distance(action.path[-1], "1H3") <= 1
    held = _choose(_village(True), 0)
    assert not (isinstance(held, Play) and held.path)


def test_the_convoy_of_scenario_6_does_not_play_boldly() -> None:
    """24 scenario 6: the convoy weighs its vehicles' danger by its own values
    (game/ai/sixty_five/convoy.py); even far behind on VP it stays unbold."""
    from test_ai_sixty_five import _scenario_state

    state = _scenario_state("6")
    for u in state.world.units.values():
        if u.seat == 0 and u.type.id == "us_truck":
            u.eliminated = True
            u.hex = None
    assert state.margin() < 0  # the Viet Cong, who score the trucks, would win now
    assert Outlook.read(state, 0, "6").boldness == 0.0
