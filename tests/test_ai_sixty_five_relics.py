"""The '65 bot in scenario 8: it searches a relic hex with a Power card, carries the
relics towards its friendly edge and off the map, and fires at the enemy carrier."""

from __future__ import annotations

from sixty_five_support import DATA
from test_sixty_five_scenario_8 import MOVE, POWER, _carrying, _impulse, _set_up, _stand

from game.ai.sixty_five import SixtyFiveBot
from game.core.rng import Rng
from game.rules.sixty_five.actions import Exit, Play
from game.rules.sixty_five.data import Marker
from game.rules.sixty_five.model import Counter

FIRE = next(c.id for c in DATA.cards if c.upper == "fire" and not c.power and c.tn != "miss")


def test_ai_65_scenario_8_the_bot_searches_the_hex_it_stands_in() -> None:
    state = _set_up(11)
    _impulse(state, 1, (POWER, MOVE))
    _stand(state, "nva_sapper_1", "3E3")
    choice = SixtyFiveBot(1, Rng(1)).choose(state.view(1))
    assert choice == Play(POWER, "search", ("nva_sapper_1",))


def test_ai_65_scenario_8_the_carrier_walks_to_its_friendly_edge() -> None:
    """The American carrier in the ruins, a move card in hand: it heads east."""
    state = _set_up(12)
    w = state.world
    _carrying(state, "us_rifle_1", "3G5")
    _impulse(state, 0, (MOVE,))
    choice = SixtyFiveBot(0, Rng(2)).choose(state.view(0))
    assert isinstance(choice, Play) and choice.units == ("us_rifle_1",) and choice.path
    east = w.field.edge_hexes("E")
    before = min(w.field.distance("3G5", h) for h in east)
    after = min(w.field.distance(choice.path[-1], h) for h in east)
    assert after < before


def test_ai_65_scenario_8_the_carrier_leaves_by_its_edge() -> None:
    state = _set_up(13)
    _carrying(state, "us_rifle_1", "1K3")
    _impulse(state, 0, (MOVE,))
    choice = SixtyFiveBot(0, Rng(3)).choose(state.view(0))
    assert choice == Exit(("us_rifle_1",), MOVE, "move")


def test_ai_65_scenario_8_the_bot_fires_at_the_enemy_carrier() -> None:
    """Two NVA Rifles alike in the open, two hexes from an American Rifle: the one
    carrying the relics is shot at."""
    state = _set_up(14)
    w = state.world
    for u in w.live():
        if u.hex is not None and u.id not in ("us_rifle_1",):
            u.hex = "2A1" if u.seat == 1 else "1K6"
    _carrying(state, "nva_rifle_2", "3J4")
    _stand(state, "nva_rifle_1", "3H4")
    _stand(state, "us_rifle_1", "3I3")
    assert w.field.terrain("3J4").id == w.field.terrain("3H4").id == "clear"
    _impulse(state, 0, (FIRE,))
    choice = SixtyFiveBot(0, Rng(4)).choose(state.view(0))
    assert isinstance(choice, Play) and choice.target == "nva_rifle_2"


def test_ai_65_scenario_8_nva_units_head_for_their_edge_as_the_end_nears() -> None:
    """Each NVA unit left on the board is an American VP: in the last turn a Rifle with a
    move card walks onto the west edge, to leave in the last Reserve phase."""
    state = _set_up(15)
    w = state.world
    for u in w.live():
        if u.hex is not None and u.seat == 0:
            u.hex = "1K6"
        elif u.hex is not None and u.id != "nva_rifle_1":
            u.hex, u.marker = "2A1", Marker.OPS_COMPLETE  # they have acted
    _stand(state, "nva_rifle_1", "2E3")
    _impulse(state, 1, (MOVE,))
    state.turn = 7
    choice = SixtyFiveBot(1, Rng(5)).choose(state.view(1))
    assert isinstance(choice, Play) and choice.units == ("nva_rifle_1",) and choice.path
    west = w.field.edge_hexes("W")
    assert min(w.field.distance(choice.path[-1], h) for h in west) == 0


def test_ai_65_scenario_8_the_pull_to_the_edge_grows_with_the_turns() -> None:
    """The bot's pull to the NVA's edge: nothing in turn 1, more in the last turn than in
    turn 5, and none for the Americans (their units on the board cost them nothing)."""
    from game.ai.sixty_five_relics import escape_pull
    from game.ai.sixty_five_values import Outlook

    state = _set_up(16)
    w = state.world
    rifle, us = w.units["nva_rifle_1"], w.units["us_rifle_1"]

    def pull(turn: int, seat: int, unit: Counter, hex_id: str) -> float:
        state.turn = turn
        return escape_pull(Outlook.read(state, seat, "8"), unit, hex_id)

    assert pull(1, 1, rifle, "2A3") == pull(1, 1, rifle, "2F3") == 0.0
    gap5 = pull(5, 1, rifle, "2A3") - pull(5, 1, rifle, "2F3")
    gap7 = pull(7, 1, rifle, "2A3") - pull(7, 1, rifle, "2F3")
    assert 0 < gap5 < gap7
    assert pull(7, 0, us, "1K3") == pull(7, 0, us, "1F3") == 0.0
