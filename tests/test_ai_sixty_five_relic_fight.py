"""The '65 bot's fight for scenario 8's VP (game/ai/sixty_five/relics.py): the NVA score
2 VP for each American eliminated, so a likely kill is worth a turn's walk home."""

from __future__ import annotations

import pytest
from sixty_five_support import DATA
from test_ai_sixty_five_relics import FIRE
from test_sixty_five_scenario_8 import MOVE, POWER, _impulse, _set_up, _stand

from game.ai.sixty_five.bot import SixtyFiveBot
from game.ai.sixty_five.plays import Judge
from game.ai.sixty_five.relics import (
    ESCAPE_URGENT,
    HOME_PACE,
    KILL_WEIGHT,
    relic_fire_value,
    stays_cost,
)
from game.ai.sixty_five.values import Outlook
from game.core.rng import Rng
from game.rules.sixty_five.actions import Play
from game.rules.sixty_five.data import Marker
from game.rules.sixty_five.state import SixtyFiveState

MOVE_2 = next(c.id for c in DATA.cards if c.upper == "move" and not c.power and c.id != MOVE)


def _rifles(turn: int, shaken: bool) -> SixtyFiveState:
    """Turn ``turn``, the NVA's impulse with a Fire and a Move card: an NVA Rifle in 3B3
    (12 hexes from the west edge: it must start home, ``_short_of_time``) two hexes
    from a reduced American Rifle in 3D3 (Shaken or not); everyone else far away."""
    state = _set_up(14)
    for u in state.world.live():
        if u.hex is not None and u.id not in ("us_rifle_1", "nva_rifle_1"):
            u.hex = "2A1" if u.seat == 1 else "1K6"
    _stand(state, "nva_rifle_1", "3B3")
    _stand(state, "us_rifle_1", "3D3")
    target = state.world.units["us_rifle_1"]
    target.shaken, target.reduced = shaken, True
    state.turn = turn
    _impulse(state, 1, (FIRE, MOVE))
    return state


def test_ai_65_scenario_8_nva_shoot_for_a_likely_kill_worth_2_vp() -> None:
    """'65 24 scenario 8: a Shaken, reduced American two hexes away is likely eliminated
    by one shot, 2 VP for the NVA: the Rifle fires rather than walk home this turn."""
    state = _rifles(3, shaken=True)
    choice = SixtyFiveBot(1, Rng(1)).choose(state.view(1))
    assert choice == Play(FIRE, "fire", ("nva_rifle_1",), "us_rifle_1")


def test_ai_65_scenario_8_nva_walk_home_when_a_kill_is_unlikely() -> None:
    """The same American not Shaken: a kill is unlikely, so the Rifle walks home."""
    state = _rifles(3, shaken=False)
    choice = SixtyFiveBot(1, Rng(1)).choose(state.view(1))
    assert isinstance(choice, Play) and choice.block == "move"
    assert choice.units == ("nva_rifle_1",)


def test_ai_65_scenario_8_a_kill_is_worth_the_vp_the_scenario_gives_beyond_one() -> None:
    """The bonus on a shot: the NVA's 2 VP a kill (1 more than the bot's loss scale
    counts) times the chance of elimination; nothing for the Americans (1 VP a kill)."""
    state = _rifles(3, shaken=True)
    play = Play(FIRE, "fire", ("nva_rifle_1",), "us_rifle_1")
    odds = {"eliminated": 0.4, "shaken": 0.6}
    assert relic_fire_value(Outlook.read(state, 1, "8"), play, odds) == KILL_WEIGHT * 0.4
    back = Play(FIRE, "fire", ("us_rifle_1",), "nva_rifle_1")
    assert relic_fire_value(Outlook.read(state, 0, "8"), back, odds) == 0.0


def test_ai_65_scenario_8_a_shot_costs_an_nva_unit_its_walk_home_when_time_is_short() -> None:
    """'65 24 scenario 8: a shot marks the unit, which then stands still this turn. An
    NVA Rifle 5 hexes from the west edge in turn 5 (2 hexes a turn: turns 6 and 7 alone
    do not bring it home) gives up its walk and the VP its staying on the board gives
    the Americans; in turn 1, or on the edge, it gives up nothing; 12 hexes out in turn
    3 it cannot get home by the bot's reckoning anyway, so the shot costs nothing more."""
    state = _set_up(14)
    rifle = state.world.units["nva_rifle_1"]
    rifle.hex = "2F1"
    west = state.world.field.edge_hexes("W")
    assert min(state.world.field.distance("2F1", h) for h in west) == 5

    def cost(turn: int) -> float:
        state.turn = turn
        return stays_cost(Outlook.read(state, 1, "8"), [rifle])

    assert cost(5) == ESCAPE_URGENT * HOME_PACE + 1
    assert cost(1) == 0.0
    rifle.hex = "2A1"
    assert cost(6) == 0.0
    rifle.hex = "3B3"
    assert cost(3) == 0.0
    rifle.hex = "2A1"
    assert cost(7) == 1.0  # the last turn: Fired, it cannot leave in the Reserve phase


def test_ai_65_scenario_8_a_hero_power_used_in_place_costs_his_walk_home() -> None:
    """'65 24 scenario 8: Trang one hex from the west edge, two Rifles beside him: his
    Leadership marks him Ops Complete where he stands, so in turn 6 (short of time; in
    turn 7 a unit that walks onto the edge cannot leave) the play is worth his walk home
    less than in turn 3, when he has time to spare."""
    state = _set_up(14)
    w = state.world
    for u in w.live():
        if u.hex is not None and u.id not in ("trang", "nva_rifle_1", "nva_rifle_2"):
            u.hex, u.marker = ("2A1", Marker.OPS_COMPLETE) if u.seat == 1 else ("1K6", None)
    _stand(state, "trang", "2B2")
    _stand(state, "nva_rifle_1", "2C2")
    _stand(state, "nva_rifle_2", "2C2")
    leadership = Play(POWER, "power", ("trang",))
    _impulse(state, 1, (POWER, MOVE, MOVE_2))
    assert state.why_not(leadership) is None
    bot = SixtyFiveBot(1, Rng(1))

    def score(turn: int) -> float:
        state.turn = turn
        return bot._play(Judge(Outlook.read(state, 1, "8")), leadership)

    assert score(3) > 0
    assert score(3) - score(6) == pytest.approx(ESCAPE_URGENT * HOME_PACE)
