"""The '65 bot with helicopters (17): gunships keep flying and never land near the
enemy, loaded transports fly toward the objectives and set their troops down out of the
enemy's sight; and it plays scenario 7 from either side."""

from __future__ import annotations

from sixty_five_support import new_state, unit
from test_sixty_five_flow import _impulse_with, _to_impulse

from game.ai.match import play_match
from game.ai.sixty_five_helicopters import helicopter_value
from game.ai.sixty_five_plays import Judge
from game.ai.sixty_five_values import Outlook
from game.rules.sixty_five.actions import Play

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
