"""The '65 bot in scenario 8: it searches a relic hex with a Power card, carries the
relics towards its friendly edge and off the map, and fires at the enemy carrier."""

from __future__ import annotations

from sixty_five_support import DATA
from test_sixty_five_scenario_8 import MOVE, POWER, _carrying, _impulse, _set_up, _stand

from game.ai.sixty_five.bot import SixtyFiveBot
from game.core.rng import Rng
from game.rules.sixty_five.actions import Exit, Play
from game.rules.sixty_five.data import Marker
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.state import SixtyFiveState

FIRE = next(c.id for c in DATA.cards if c.upper == "fire" and not c.power and c.tn != "miss")


def test_ai_65_scenario_8_the_bot_searches_the_hex_it_stands_in() -> None:
    """An American Rifle in a ruin not yet searched, a Power card in hand: it searches
    (the Americans' units left on the board cost them nothing)."""
    state = _set_up(11)
    _impulse(state, 0, (POWER, MOVE))
    _others_done(state, "us_rifle_1")
    _stand(state, "us_rifle_1", "3E3")
    choice = SixtyFiveBot(0, Rng(1)).choose(state.view(0))
    assert choice == Play(POWER, "search", ("us_rifle_1",))


def test_ai_65_scenario_8_the_nva_searches_when_the_relics_can_still_get_home() -> None:
    """An NVA Sapper in a ruin near its edge's side, early on: it searches (the walk
    from there to the west edge fits in the turns left)."""
    state = _set_up(11)
    _impulse(state, 1, (POWER, MOVE))
    _stand(state, "nva_sapper_1", "3E3")
    state.turn = 1
    relics = state.world.relics
    assert relics is not None
    relics.hexes = ("2F3", *relics.hexes[1:])  # a ruin 5 hexes from the west edge
    _others_done(state, "nva_sapper_1")
    _stand(state, "nva_sapper_1", "2F3")
    choice = SixtyFiveBot(1, Rng(1)).choose(state.view(1))
    assert choice == Play(POWER, "search", ("nva_sapper_1",))


def test_ai_65_scenario_8_no_nva_search_party_the_relics_could_not_get_home_with() -> None:
    """Each NVA unit left on the board is an American VP: an NVA Sapper goes to search
    a ruin only while the walk there and on to the west edge fits in the turns left (2
    hexes a turn): the real ruins, 15 hexes from that edge, never; a ruin 5 hexes from
    it, in turn 1 but not in turn 5, when the Sapper walks home instead."""
    from game.ai.sixty_five.relics import search_party
    from game.ai.sixty_five.values import Outlook

    state = _set_up(11)
    _impulse(state, 1, (MOVE,))
    _others_done(state, "nva_sapper_1")
    for u in state.world.live():
        if u.seat == 1 and u.hex is not None:
            u.hex = "1K6"  # the other searchers out of the way
    _stand(state, "nva_sapper_1", "3B3")
    state.turn = 1
    assert "nva_sapper_1" not in search_party(Outlook.read(state, 1, "8"), 1)
    relics = state.world.relics
    assert relics is not None
    relics.hexes = ("2F3", *relics.hexes[1:])
    assert search_party(Outlook.read(state, 1, "8"), 1) == {"nva_sapper_1": "2F3"}
    state.turn = 5
    assert search_party(Outlook.read(state, 1, "8"), 1) == {}
    choice = SixtyFiveBot(1, Rng(1)).choose(state.view(1))
    assert isinstance(choice, Play) and choice.units == ("nva_sapper_1",) and choice.path
    west = state.world.field.edge_hexes("W")
    f = state.world.field
    assert min(f.distance(choice.path[-1], h) for h in west) < min(
        f.distance("3B3", h) for h in west
    )


def test_ai_65_scenario_8_the_search_party_sends_one_searcher_to_each_ruin() -> None:
    """Three American Rifles next to the ruins: each is sent to a different ruin, the
    one standing in a ruin to that one; the others are not sent."""
    from game.ai.sixty_five.relics import search_party
    from game.ai.sixty_five.values import Outlook

    state = _set_up(11)
    for uid, hex_id in (("us_rifle_1", "3E3"), ("us_rifle_2", "3E4"), ("us_rifle_3", "3F4")):
        _stand(state, uid, hex_id)
    party = search_party(Outlook.read(state, 0, "8"), 0)
    assert party["us_rifle_1"] == "3E3"
    assert sorted(party.values()) == ["3E3", "3E5", "3G5"]
    assert len(party) == 3


def _others_done(state: SixtyFiveState, uid: str) -> None:
    """Every other unit of ``uid``'s side has acted this turn (Ops Complete)."""
    w = state.world
    seat = w.units[uid].seat
    for u in w.live():
        if u.seat == seat and u.id != uid and u.hex is not None:
            u.marker = Marker.OPS_COMPLETE


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
    from game.ai.sixty_five.relics import escape_pull
    from game.ai.sixty_five.values import Outlook

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


def test_ai_65_scenario_8_a_unit_short_of_time_is_pulled_home_hard() -> None:
    """Turn 3: an NVA Rifle 12 hexes from the west edge (2 hexes a turn, a turn to
    spare: it must start now) gains far more by a hex nearer home than one 2 hexes from
    the edge, which can still fight."""
    from game.ai.sixty_five.relics import ESCAPE_URGENT, escape_pull
    from game.ai.sixty_five.values import Outlook

    state = _set_up(16)
    state.turn = 3
    far, near = state.world.units["nva_rifle_1"], state.world.units["nva_rifle_2"]
    far.hex, near.hex = "3B3", "2C3"
    look = Outlook.read(state, 1, "8")
    step_far = escape_pull(look, far, "3A3") - escape_pull(look, far, "3B3")
    step_near = escape_pull(look, near, "2B3") - escape_pull(look, near, "2C3")
    assert step_far >= ESCAPE_URGENT
    assert 0 <= step_near < ESCAPE_URGENT / 2


def test_ai_65_scenario_8_the_carrier_fires_only_for_more_than_its_walk_home() -> None:
    """Firing marks the relic carrier, which then cannot walk home this turn: the bot
    counts that for our carrier alone (not another unit, not the enemy's carrier)."""
    from game.ai.sixty_five.relics import carrier_stays_cost
    from game.ai.sixty_five.values import Outlook

    state = _set_up(14)
    _carrying(state, "nva_rifle_2", "3D4")
    w = state.world
    look = Outlook.read(state, 1, "8")
    assert carrier_stays_cost(look, [w.units["nva_rifle_2"]]) > 1.0
    assert carrier_stays_cost(look, [w.units["nva_rifle_1"]]) == 0.0
    assert carrier_stays_cost(Outlook.read(state, 0, "8"), [w.units["us_rifle_1"]]) == 0.0
