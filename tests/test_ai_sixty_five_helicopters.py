"""The '65 bot with helicopters (17): gunships keep flying and never land near the
enemy, loaded transports fly toward the objectives and set their troops down out of the
enemy's sight; and it plays scenario 7 from either side."""

from __future__ import annotations

from sixty_five_support import new_state, unit
from test_sixty_five_flow import _impulse_with, _to_impulse

from game.ai.match import play_match
from game.ai.sixty_five.helicopters import helicopter_value
from game.ai.sixty_five.plays import Judge
from game.ai.sixty_five.values import Outlook
from game.rules.sixty_five.actions import Play
from game.rules.sixty_five.data import Marker

CARD = "c01"


def _judge(*units, **terrain: str):  # type: ignore[no-untyped-def]
    state, _ = new_state(list(units), 11, limit=5, **terrain)
    _to_impulse(state, 0)
    _impulse_with(state, 0, [CARD])
    return state, Judge(Outlook.read(state, 0, None))


def test_ai_65_17_a_gunship_does_not_land_near_the_enemy() -> None:
    state, judge = _judge(
        unit("g", "us_huey_gunship", 0, "1C3", facing=0, mode="flying"),
        unit("vc", "vc_rifle", 1, "1F3"),
    )
    g = state.world.units["g"]
    land = helicopter_value(judge, Play(CARD, "move", ("g",), mode="landed"), [g])
    stay = helicopter_value(judge, Play(CARD, "move", ("g",), path=("1C2",)), [g])
    assert land is not None and stay is not None and land < 0 and land < stay


def test_ai_65_17_a_transport_unloads_out_of_enemy_sight_rather_than_in_it() -> None:
    """Two landing hexes the same distance from the enemy: the one behind jungle, out of
    the enemy's sight, is the better place to land and unload."""
    jungle = {f"{c}{n}": "jungle" for c in "de" for n in (1, 2, 3)}
    state, judge = _judge(
        unit("t", "us_huey_transport", 0, "1C2", facing=0, mode="flying"),
        unit("r", "us_rifle", 0, "1C2", carrier="t"),
        unit("vc", "vc_rifle", 1, "1G2"),
        unit("t2", "us_huey_transport", 0, "1G6", facing=0, mode="flying"),
        unit("r2", "us_rifle", 0, "1G6", carrier="t2"),
        **jungle,
    )
    w = state.world
    hidden = helicopter_value(
        judge, Play(CARD, "move", ("t",), unload=("r",), mode="landed"), [w.units["t"]]
    )
    seen = helicopter_value(
        judge, Play(CARD, "move", ("t2",), unload=("r2",), mode="landed"), [w.units["t2"]]
    )
    assert not w.field.los("1C2", "1G2") and w.field.los("1G6", "1G2")
    assert hidden is not None and seen is not None and hidden > seen


def test_the_bot_plays_scenario_7_from_each_side() -> None:
    for seed, seats in ((1, ["ai", "random"]), (2, ["random", "ai"])):
        result = play_match("sixty_five", seed, seats, {"scenario": "7"}, max_actions=4000)
        assert result.outcome is not None, seats


def _scenario_7_transport_over(hex_kind: str, turn: int):  # type: ignore[no-untyped-def]
    """Scenario 7 after set-up, transport 2 (a Rifle aboard) flying over a hex of Map
    3's west edge of ``hex_kind`` (``land``: one it may land in, 17b; ``no``: not), the
    US impulse under way in ``turn``; returns the state and a judge for the US."""
    from test_sixty_five_scenario_7 import HELI, _set_up

    from game.rules.sixty_five.actions import Enter
    from game.rules.sixty_five.turn import Phase

    state = _set_up()
    w = state.world
    state.phase, state.phasing, state.started, state.actions_left = Phase.IMPULSE, 0, True, 1
    west = sorted(h for h in w.field.edge_hexes("W") if h.startswith("3"))
    landable = [h for h in west if w.field.terrain(h).id in HELI.landing_terrain]
    spot = landable[0] if hex_kind == "land" else next(h for h in west if h not in landable)
    state.apply(Enter(("us_huey_transport_2",), spot, w.hands[0][0], "move"))
    w.units["us_huey_transport_2"].marker = None
    state.turn, state.actions_left = turn, 1
    return state, Judge(Outlook.read(state, 0, "7"))


def test_ai_65_scenario_7_a_transport_unloads_before_it_departs() -> None:
    """Scenario 7, turn 3 (the transports leave when it ends, loaded or not): landing
    and setting the Rifle down is worth twice the Rifle (above 2 VP: more than any shot),
    and far more than in turn 1, when a later activation could still do it."""
    state, judge = _scenario_7_transport_over("land", 3)
    t = state.world.units["us_huey_transport_2"]
    land = Play(CARD, "move", (t.id,), unload=("us_rifle_7",), mode="landed")
    legal = Play(state.world.hands[0][0], "move", (t.id,), unload=("us_rifle_7",), mode="landed")
    assert state.why_not(legal) is None
    last = helicopter_value(judge, land, [t])
    early_state, early_judge = _scenario_7_transport_over("land", 1)
    early = helicopter_value(early_judge, land, [early_state.world.units[t.id]])
    assert last is not None and early is not None
    assert last > 2.0 and last > early + 1.0


def test_ai_65_scenario_7_on_turn_2_a_transport_flies_to_where_it_may_land() -> None:
    """Scenario 7, turn 2: a loaded transport over jungle must reach a hex it may land in
    now (a flight and a landing are two activations, and turn 3 has only one): flying
    to a clear or brush hex is worth far more than on turn 1."""
    from test_sixty_five_scenario_7 import HELI

    from game.rules.sixty_five.helicopters.candidates import flight_paths

    def gain(turn: int) -> float:
        state, judge = _scenario_7_transport_over("no", turn)
        w = state.world
        t = w.units["us_huey_transport_2"]
        assert t.hex is not None
        near = [
            h
            for h in w.field.hexes()
            if w.field.distance(t.hex, h) <= 2
            and w.field.terrain(h).id in HELI.landing_terrain
            and not any(u.hex == h for u in w.live() if u.seat == 1)
        ]
        path = flight_paths(w, t, {near[0]})[near[0]]
        value = helicopter_value(judge, Play(CARD, "move", (t.id,), path=path), [t])
        assert value is not None
        return value

    assert gain(2) > gain(1) + 0.5


def test_ai_65_scenario_7_a_loaded_transport_comes_on_before_a_gunship() -> None:
    """Scenario 7, turn 1: the US bot brings a loaded transport on before a gunship (its
    troops must be set down before the transports leave at the end of turn 3)."""
    from test_sixty_five_scenario_7 import _set_up

    from game.ai.sixty_five.bot import SixtyFiveBot
    from game.core.rng import Rng
    from game.rules.sixty_five.actions import Enter
    from game.rules.sixty_five.turn import Phase

    state = _set_up()
    w = state.world
    state.phase, state.phasing, state.started, state.actions_left = Phase.IMPULSE, 0, True, 1
    for u in w.live():
        if u.seat == 0 and u.hex is not None:
            u.marker = Marker.OPS_COMPLETE  # the ground units have acted
    choice = SixtyFiveBot(0, Rng(7)).choose(state.view(0))
    assert isinstance(choice, Enter) and "transport" in choice.units[0]
