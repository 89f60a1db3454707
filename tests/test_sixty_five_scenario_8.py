"""'65 scenario 8, Ain't Gonna Happen (24): the layout and set-up, the turn-2 American
reinforcements, the rubble markers, the search for the relics and their carrier, the
relics carried off a friendly edge, the victory points; whole games by random play and
by the bot."""

from __future__ import annotations

from pathlib import Path

import pytest
from sixty_five_support import DATA, play_random_to_end
from test_ai_sixty_five import _hand

from game.ai.match import play_match
from game.core.errors import DataError
from game.core.rng import Rng
from game.rules.sixty_five.actions import EndImpulse, Exit, Play, parse_action
from game.rules.sixty_five.data import DATA_DIR, Marker
from game.rules.sixty_five.scenarios.new_game import new_scenario_game
from game.rules.sixty_five.scenarios.relics import (
    RelicsSearched,
    RelicsTaken,
    relics_exit_refusal,
    relics_for,
    relics_hex,
)
from game.rules.sixty_five.scenarios.scenario import load_scenarios, step_hexes
from game.rules.sixty_five.state import SixtyFiveState
from game.rules.sixty_five.turn import Phase

SC = load_scenarios()["8"]
POWER = next(c.id for c in DATA.cards if c.power and c.upper == "fire")
OTHER_POWER = next(c.id for c in DATA.cards if c.power and c.id != POWER)
PLAIN = next(c.id for c in DATA.cards if not c.power and not c.end_turn)
MOVE = next(c.id for c in DATA.cards if c.upper == "move" and not c.power)


class _Dice(Rng):
    """A generator whose die rolls are given (the rest as a seeded one)."""

    def __init__(self, rolls: list[int]) -> None:
        super().__init__(1)
        self.rolls = rolls

    def roll(self, sides: int) -> int:
        return self.rolls.pop(0)


def _set_up(seed: int = 3) -> SixtyFiveState:
    state = new_scenario_game("8", seed)
    rng = Rng(seed)
    while state.phase is Phase.SETUP:
        state.apply(state.random_action(rng))
    return state


def _impulse(state: SixtyFiveState, seat: int, cards: tuple[str, ...]) -> None:
    """``seat``'s impulse under way (drawn), holding exactly ``cards``."""
    state.phase, state.phasing = Phase.IMPULSE, seat
    state.started, state.acted, state.actions_left, state.discards = True, False, 1, 0
    _hand(state, seat, cards)


def _stand(state: SixtyFiveState, uid: str, hex_id: str) -> None:
    """Put a unit in ``hex_id``, Eligible; every enemy unit there goes to a far hex."""
    w = state.world
    unit = w.units[uid]
    for u in w.live():
        if u.hex == hex_id and u.seat != unit.seat:
            u.hex = "2A1" if u.seat == 1 else "1K6"
    unit.hex, unit.marker, unit.carrier = hex_id, None, None


def test_65_24_scenario_8_layout_and_set_up_zones() -> None:
    """Scenario 8: 7 turns of four End Turn cards; Maps 2, 3, 1 west to east
    (Interpretation 80); the NVA first in the hex lines A-D of Map 2, the Americans on
    or next to I2 of Map 3, then the NVA in any hex numbered 4 of Map 2; the west edge
    is the NVA's, the east edge the Americans'."""
    assert (SC.turns, SC.end_turns) == (7, 4)
    assert [(m.map, m.offset) for m in SC.maps] == [("2", (0, 0)), ("3", (11, 0)), ("1", (22, 0))]
    state = new_scenario_game("8", 1)
    f = state.world.field
    first, us, last = (set(step_hexes(f, s)) for s in SC.setup)
    assert [s.seat for s in SC.setup] == [1, 0, 1]
    assert {"2A1", "2D6", "2C3"} <= first and "2E1" not in first and "3A1" not in first
    assert len(first) == 24
    assert us == {"3I2", *f.neighbours("3I2")} and len(us) == 7
    assert last == {f"2{c}4" for c in "ABCDEFGHIJK"}
    assert "2A3" in f.edge_hexes("W") and "1K3" in f.edge_hexes("E")
    assert SC.friendly_edges == {"us": "E", "vc_nva": "W"}
    assert state.exit_edges(0) == ("E",) and state.exit_edges(1)[0] == "W"
    assert SC.setup[0].units == {
        "trang": 1, "minh": 1, "nva_pt76": 4, "nva_rifle": 4, "nva_rpd": 1, "nva_127mm": 1,
    }  # fmt: skip
    assert SC.setup[1].units == {"us_rifle": 6, "us_law": 1, "us_m60": 3, "dixon": 1, "black": 1}
    assert SC.setup[2].units == {"nva_sapper": 3, "nva_rifle": 3, "chu": 1}
    ids = sorted(u for u in state.world.units if u.startswith("nva_rifle"))
    assert ids == [f"nva_rifle_{n}" for n in range(1, 8)]


def test_65_24_scenario_8_us_reinforcements_enter_from_turn_2_by_the_east_edge() -> None:
    """Scenario 8: a Huey gunship, an M-48, an M-113 and a Rifle come in from turn 2 by
    the east edge of the board (Map 1's K hexes); the gunship enters flying (17b)."""
    assert len(SC.reinforcements) == 1
    group = SC.reinforcements[0]
    assert (group.seat, group.turn, group.only_turn) == (0, 2, False)
    assert group.units == {"us_huey_gunship": 1, "us_m48": 1, "us_m113": 1, "us_rifle": 1}
    state = _set_up()
    w = state.world
    _impulse(state, 0, (MOVE,))
    state.turn = 1
    enter = [a for a in state.candidate_actions() if type(a).__name__ == "Enter"]
    assert enter == []
    state.turn = 2
    enter = [a for a in state.candidate_actions() if type(a).__name__ == "Enter"]
    assert enter and {a.hex for a in enter} <= w.field.edge_hexes("E")
    entering = {u for a in enter for u in a.units}
    assert entering == {"us_huey_gunship_1", "us_m48_1", "us_m113_1", "us_rifle_7"}


def test_65_24_scenario_8_rubble_markers_are_rubble_ground() -> None:
    """Scenario 8, Interpretation 85: the Rubble-marked hexes are Rubble terrain (14:
    degrading, CF 1, 2 MP), not the buildings of the map."""
    field = new_scenario_game("8", 1).world.field
    for hex_id in ("3E3", "3E5", "3G5"):
        terrain = field.terrain(hex_id)
        assert (terrain.id, terrain.cover, terrain.degrades_los) == ("rubble", 1, 1)
        assert hex_id not in field.silhouettes
    assert new_scenario_game("1", 1).world.field.terrain("1A1").id != "rubble"


def test_65_24_scenario_8_rubble_markers_on_map_3() -> None:
    """Scenario 8: a Rubble marker on E3, E5 and G5 of Map 3, shown on the table."""
    state = new_scenario_game("8", 1)
    rubble = {h for h, f in state.world.fortifications.items() if f.rubble}
    assert rubble == {"3E3", "3E5", "3G5"}
    assert {h for h, _, _, r in state.view(0).fortifications if r} == rubble
    relics = state.world.relics
    assert relics is not None and relics.hexes == ("3E3", "3E5", "3G5")
    assert new_scenario_game("1", 1).world.relics is None


def test_65_24_scenario_8_a_search_takes_a_power_card_and_an_eligible_rifle_or_sapper() -> None:
    """Scenario 8: a Rifle or Sapper, an Eligible Unit in a relic hex, plays a Power
    card to search it: not another unit, not another card, not outside those hexes, not
    a unit marked or loaded."""
    state = _set_up()
    w = state.world
    _impulse(state, 1, (POWER, PLAIN))
    _stand(state, "nva_sapper_1", "3E3")
    _stand(state, "nva_rpd_1", "3E5")
    _stand(state, "nva_rifle_1", "3F4")
    search = Play(POWER, "search", ("nva_sapper_1",))
    assert state.why_not(search) is None
    assert search in state.candidate_actions()
    assert "Power card" in (state.why_not(Play(PLAIN, "search", ("nva_sapper_1",))) or "")
    assert "Rifle or a Sapper" in (state.why_not(Play(POWER, "search", ("nva_rpd_1",))) or "")
    assert "not a hex" in (state.why_not(Play(POWER, "search", ("nva_rifle_1",))) or "")
    assert "one unit" in (state.why_not(Play(POWER, "search", ("nva_sapper_1", "nva_rpd_1"))) or "")
    w.units["nva_sapper_1"].marker = Marker.MOVED
    assert "Eligible" in (state.why_not(search) or "")
    w.units["nva_sapper_1"].marker = None
    w.units["nva_sapper_1"].carrier = "nva_pt76_1"
    assert "loaded" in (state.why_not(search) or "")
    w.units["nva_sapper_1"].carrier = None
    assert Play(POWER, "search", ("us_rifle_1",)) not in state.candidate_actions()
    assert search.to_str() == f"play {POWER} search nva_sapper_1"
    assert parse_action(search.to_str()) == search  # saves and replays keep it


def test_65_24_scenario_8_search_rolls_1_2_then_minus_2_then_the_last_hex_holds_them() -> None:
    """Scenario 8: the first search finds the relics on a 1D6 roll of 1-2 (a 3 fails);
    the second subtracts 2 (Interpretation 81: a 4 - 2 = 2 finds them); the searcher is
    marked Ops Complete and carries them; each hex is searched once."""
    state = _set_up()
    w = state.world
    relics = w.relics
    assert relics is not None
    w.rng = _Dice([3, 4])
    _impulse(state, 1, (POWER,))
    _stand(state, "nva_sapper_1", "3E3")
    events = state.apply(Play(POWER, "search", ("nva_sapper_1",)))
    rolled = [e for e in events if isinstance(e, RelicsSearched)]
    assert [(e.roll, e.modifier, e.found) for e in rolled] == [(3, 0, False)]
    assert "1D6 3 = 3" in rolled[0].text()
    assert w.units["nva_sapper_1"].marker is Marker.OPS_COMPLETE
    assert relics.searched == ["3E3"] and not relics.found and POWER not in w.hands[1]
    _impulse(state, 0, (POWER,))
    _stand(state, "us_rifle_1", "3E3")
    assert "searched already" in (state.why_not(Play(POWER, "search", ("us_rifle_1",))) or "")
    _stand(state, "us_rifle_1", "3E5")
    events = state.apply(Play(POWER, "search", ("us_rifle_1",)))
    rolled = [e for e in events if isinstance(e, RelicsSearched)]
    assert [(e.roll, e.modifier, e.found) for e in rolled] == [(4, -2, True)]
    assert "4 -2 (a later search) = 2" in rolled[0].text()
    assert relics.carrier == "us_rifle_1" and relics_hex(w) == "3E5"
    _impulse(state, 1, (POWER,))
    _stand(state, "nva_rifle_1", "3G5")
    assert "already found" in (state.why_not(Play(POWER, "search", ("nva_rifle_1",))) or "")


def test_65_24_scenario_8_a_second_search_rolling_5_fails_and_the_third_hex_is_sure() -> None:
    """Scenario 8: 5 - 2 = 3 misses on the second search; the relics are then in the
    third hex, found there by its search with no roll."""
    state = _set_up(4)
    w = state.world
    assert w.relics is not None
    w.rng = _Dice([6, 5])
    for uid, hex_id in (("nva_rifle_1", "3G5"), ("nva_rifle_2", "3E5"), ("nva_sapper_2", "3E3")):
        _impulse(state, 1, (POWER,))
        _stand(state, uid, hex_id)
        events = state.apply(Play(POWER, "search", (uid,)))
    last = [e for e in events if isinstance(e, RelicsSearched)][0]
    assert (last.roll, last.found) == (None, True) and "last hex" in last.text()
    assert w.relics.searched == ["3G5", "3E5", "3E3"]
    assert w.relics.carrier == "nva_sapper_2"


def _carrying(state: SixtyFiveState, uid: str, hex_id: str) -> None:
    relics = state.world.relics
    assert relics is not None
    _stand(state, uid, hex_id)
    relics.searched = list(relics.hexes[:1])
    relics.carrier = uid


def test_65_24_scenario_8_relics_stay_where_the_carrier_fell_and_are_taken_up() -> None:
    """Scenario 8: the carrier eliminated, the relics lie in its hex; at the end of an
    impulse a Rifle or Sapper of the hex takes them up: of several, the one not Shaken
    first (Interpretation 83); a Hero does not."""
    state = _set_up(5)
    w = state.world
    relics = w.relics
    assert relics is not None
    _carrying(state, "nva_rifle_1", "3F4")
    _stand(state, "chu", "3F4")
    _impulse(state, 0, (PLAIN,))
    carrier = w.units["nva_rifle_1"]
    carrier.shaken = carrier.reduced = True
    carrier.take_hit()
    state.acted = True
    state.apply(EndImpulse())
    assert relics.carrier is None and relics.lying == "3F4" and relics_hex(w) == "3F4"
    _stand(state, "nva_sapper_1", "3F4")
    _stand(state, "nva_sapper_2", "3F4")
    w.units["nva_sapper_1"].shaken = True
    state.acted = True
    events = state.apply(EndImpulse())
    taken = [e for e in events if isinstance(e, RelicsTaken)]
    assert [(e.unit, e.hex) for e in taken] == [("nva_sapper_2", "3F4")]
    assert relics.carrier == "nva_sapper_2" and relics.lying is None


def test_65_24_scenario_8_the_relics_leave_by_a_friendly_edge_for_8_vp() -> None:
    """Scenario 8: the carrier leaves by its side's friendly edge (the NVA west, the
    Americans east) and its side scores 8 VP; by no other edge."""
    state = _set_up(6)
    w = state.world
    _carrying(state, "us_rifle_2", "2A3")
    carrier = w.units["us_rifle_2"]
    assert "own friendly edge" in (relics_exit_refusal(w, [carrier]) or "")
    _carrying(state, "nva_sapper_1", "2A3")
    before = state.victory_points()
    _impulse(state, 1, (MOVE,))
    leave = Exit(("nva_sapper_1",), MOVE, "move")
    assert state.why_not(leave) is None
    state.apply(leave)
    assert w.relics is not None and w.relics.exited == 1 and w.relics.carrier is None
    after = state.victory_points()
    assert after[1] - before[1] == 8 and after[0] - before[0] == -1  # one NVA off the map


def test_65_24_scenario_8_victory_nva_must_have_more_vp_than_the_americans() -> None:
    """Scenario 8: 2 VP to the NVA per American eliminated; each NVA unit eliminated or
    still on the board at the end 1 VP to the Americans (Interpretation 82: the text's
    minus); the NVA win only with more VP, a tie is the Americans'."""
    state = _set_up(7)
    w = state.world
    nva = [u for u in w.units.values() if u.seat == 1]
    us = [u for u in w.units.values() if u.seat == 0 and u.hex is not None]
    assert len(nva) == 19 and len(us) == 12
    assert state.victory_points() == (19, 0)
    for u in us[:9]:
        u.eliminated = True
    assert state.victory_points() == (19, 18) and state.margin() > 0
    w.exited[nva[0].id], nva[0].hex = "W", None
    assert state.victory_points() == (18, 18) and state.margin() > 0  # a tie: US
    w.exited[nva[1].id], nva[1].hex = "W", None
    assert state.victory_points() == (17, 18) and state.margin() < 0  # NVA
    nva[2].eliminated = True
    assert state.victory_points() == (17, 18)
    assert "NVA win with more VP than the other side" in state.view(0).goal


def test_65_24_scenario_8_relics_in_the_snapshot_and_copies() -> None:
    state = _set_up(8)
    assert state.snapshot()["world"]["relics"] == {"searched": []}
    copy = state.clone()
    assert copy.world.relics is not None and copy.world.relics is not state.world.relics
    copy.world.relics.searched.append("3E3")
    assert state.world.relics is not None and state.world.relics.searched == []
    assert "relics" not in new_scenario_game("4", 1).snapshot()["world"]


def test_a_broken_scenario_8_relic_hex_names_file_and_key(tmp_path: Path) -> None:
    bad = SC.model_copy(update={"relics": SC.relics.model_copy(update={"hexes": ("E3", "Q9")})})
    state = new_scenario_game("8", 1)
    with pytest.raises(DataError) as err:
        relics_for(tmp_path / "scenarios.yaml", "scenarios[4]", bad, state.world.field)
    assert "scenarios[4].relics.hexes[1]" in str(err.value) and "Q9" in str(err.value)
    text = (DATA_DIR / "scenarios.yaml").read_text()
    text = text.replace("searchers: [us_rifle, nva_rifle", "searchers: [us_rifel, nva_rifle")
    path = tmp_path / "scenarios.yaml"
    path.write_text(text)
    with pytest.raises(DataError) as err:
        load_scenarios(path, DATA)
    assert "relics.searchers[0]" in str(err.value) and "us_rifel" in str(err.value)


def test_random_games_of_scenario_8_end_without_error() -> None:
    """Random games play through to an end until one of them searches a hex (random
    play seldom brings a Rifle or Sapper and a Power card together there: about one
    game in eleven); at least twenty are played, at most two hundred."""
    searched, seed = 0, 0
    while seed < 20 or (not searched and seed < 200):
        seed += 1
        state = play_random_to_end("8", seed, 8000)
        assert state.outcome() is not None
        assert state.world.relics is not None
        searched += len(state.world.relics.searched)
    assert searched > 0


def test_the_bot_plays_scenario_8_from_each_side() -> None:
    for seed, seats in ((1, ["ai", "random"]), (2, ["random", "ai"])):
        result = play_match("sixty_five", seed, seats, {"scenario": "8"}, max_actions=5000)
        assert result.outcome is not None, seats


def test_65_24_scenario_8_a_game_with_a_search_replays_from_its_record() -> None:
    """A save is the seed and the actions: the search's roll comes back the same (the
    bot's Americans search; random play seldom does)."""
    from game.ai.registry import make_bot
    from game.core.session import Session

    session = Session.new("sixty_five", 2, {"scenario": "8"}, ["ai", "random"], undo=False)
    bots = [make_bot(kind, "sixty_five", i, Rng(2 + i)) for i, kind in enumerate(("ai", "random"))]
    state = session.state
    assert isinstance(state, SixtyFiveState)
    while state.current_player() is not None:
        seat = state.current_player()
        assert seat is not None
        session.apply(bots[seat].choose(state.view(seat)))
        if state.world.relics is not None and state.world.relics.found:
            break
    assert state.world.relics is not None and state.world.relics.found
    again = Session.from_record(session.to_record())
    assert again.state.snapshot() == state.snapshot()
