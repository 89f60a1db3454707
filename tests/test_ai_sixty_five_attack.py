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


def _clear(kills: int):  # type: ignore[no-untyped-def]
    """Scenario 4's victory (the Americans win with 9 NVA units eliminated, or with the
    map cleared; here the test field's only map, Map 1): a US Rifle squad in 1A3, a
    Shaken and reduced NVA Rifle squad in the open at 1E3, three more NVA units out of
    sight on the far edge, and ``kills`` NVA units already eliminated."""
    from test_ai_sixty_five import FIRE_ONLY

    sc = load_scenarios()["4"]
    win = sc.victory.win.model_copy(update={"or_clear_map": "1"})
    units = [
        unit("us1", "us_rifle", 0, "1A3"),
        unit("nva1", "nva_rifle", 1, "1E3", shaken=True, reduced=True),
        unit("nva2", "nva_rifle", 1, "1K1"),
        unit("nva3", "nva_rifle", 1, "1K1"),
        unit("nva4", "nva_rpd", 1, "1K6"),
    ]
    units += [unit(f"gone{i}", "nva_rifle", 1, None, eliminated=True) for i in range(kills)]
    state = _impulse(units, (FIRE_ONLY[0], MOVES[0]))
    state.scenario = sc.model_copy(update={"victory": sc.victory.model_copy(update={"win": win})})
    return state


def test_short_of_its_kills_the_us_finishes_a_broken_unit_by_fire(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """24 scenario 4: the Americans win only by eliminating 9 NVA units (a Shake or a
    reduction is rallied away and scores nothing). Short of them, the American bot
    fires at the Shaken and reduced NVA squad (one green Hit eliminates it) instead of
    walking its lone squad three hexes over open ground to assault it; without the kill
    push (the bot before it) the bold bot made that assault."""
    from game.ai.sixty_five import values

    state = _clear(0)
    look = Outlook.read(state, 0, "4")
    assert look.boldness > 0.5 and look.kill_bonus > 0.5
    action = _choose(state, 0)
    assert isinstance(action, Play) and action.block == "fire" and action.target == "nva1"
    monkeypatch.setattr(values, "KILL_PUSH", 0.0)
    before = _choose(_clear(0), 0)
    assert isinstance(before, Play) and before.block == "move" and before.path is not None
    assert before.path[-1] == "1E3"


def test_only_a_side_scoring_kills_is_pushed_to_them() -> None:
    """24: the kill push is the bold side's VP for an enemy eliminated: scenario 4's
    Americans get it, the unbold NVA do not."""
    state = _clear(0)
    assert Outlook.read(state, 0, "4").kill_bonus > 0.0
    assert Outlook.read(state, 1, "4").kill_bonus == 0.0
    assert Outlook.read(_clear(9), 0, "4").kill_bonus == 0.0  # the win in hand
