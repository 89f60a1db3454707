"""The '65 bot's transport Hueys in scenario 7 (game/ai/sixty_five/airmobile.py): they
come on where the enemy shoots least, set their riders down where a walk-on (17b,
Interpretation 95) takes an empty building, never leave the other Hueys stranded off
the map, and nothing of it touches a scenario without departing transports."""

from __future__ import annotations

from test_sixty_five_scenario_7 import _set_up

from game.ai.sixty_five.airmobile import (
    airmobile,
    airmobile_entry_value,
    airmobile_transport_value,
    capture_push,
    landing_value,
    march_target,
    stranding_cost,
)
from game.ai.sixty_five.plays import Judge
from game.ai.sixty_five.values import Outlook
from game.rules.sixty_five.actions import Enter, Play
from game.rules.sixty_five.scenarios.new_game import new_scenario_game
from game.rules.sixty_five.state import SixtyFiveState
from game.rules.sixty_five.turn import Phase

T1 = "us_huey_transport_1"


def _impulse(state: SixtyFiveState) -> SixtyFiveState:
    state.phase, state.phasing, state.started, state.actions_left = Phase.IMPULSE, 0, True, 1
    return state


def _nva_far_but(state: SixtyFiveState, keep: dict[str, str]) -> None:
    """Every NVA unit to Map 1's south-east corner except those in ``keep`` (unit: hex)."""
    w = state.world
    far = ["1K6", "1J6", "1K5", "1I6", "1J5", "1K4", "1H6"]
    nva = sorted(u.id for u in w.live() if u.seat == 1 and u.hex is not None)
    for i, uid in enumerate(nva):
        w.units[uid].hex = keep.get(uid, far[i % len(far)])


def _judge(state: SixtyFiveState) -> Judge:
    return Judge(Outlook.read(state, 0, "7"))


def test_ai_65_scenario_7_a_loaded_transport_comes_on_away_from_the_enemy_guns() -> None:
    """24a, 17c: a 12.7mm next to one end of the north edge: the transport comes on at
    the other end, out of its reach, rather than beside it."""
    state = _impulse(_set_up())
    _nva_far_but(state, {"nva_127mm_1": "2B2"})
    judge = _judge(state)
    card = state.world.hands[0][0]
    near = airmobile_entry_value(judge, Enter((T1,), "2B1", card, "move"))
    far = airmobile_entry_value(judge, Enter((T1,), "2K1", card, "move"))
    assert near is not None and far is not None and far > near + 0.5


def test_ai_65_scenario_7_17b_riders_are_set_down_where_they_walk_into_an_empty_building() -> None:
    """Interpretation 95: a Rifle set down walks on 2 MP (half its MF of 4); landing in
    reach of a building the NVA hold with nobody in it is worth more than landing as
    far from the enemy but out of reach of any building."""
    state = _impulse(_set_up())
    _nva_far_but(state, {})
    w = state.world
    state.apply(Enter((T1,), "2G1", w.hands[0][0], "move"))
    judge = _judge(state)
    t = w.units[T1]
    assert w.field.distance("2F2", "2F3") == 1 and w.field.terrain("2F3").id == "building"
    assert state.control.get("2F3") == 1
    by_building = landing_value(judge, t, "2F2")
    away = landing_value(judge, t, "2K1")
    assert by_building > away + 1.0


def test_ai_65_scenario_7_17b_a_transport_unloads_where_it_may_rather_than_fly_on() -> None:
    """A loaded transport over a hex it may land in, next to an empty NVA building:
    landing and setting its riders down now beats flying anywhere (one more activation
    in the air)."""
    state = _impulse(_set_up())
    _nva_far_but(state, {})
    w = state.world
    state.apply(Enter((T1,), "2F1", w.hands[0][0], "move"))
    w.units[T1].marker = None
    state.actions_left = 1
    judge = _judge(state)
    t = w.units[T1]
    card = w.hands[0][0]
    riders = tuple(u.id for u in w.live() if u.carrier == T1)
    unload = airmobile_transport_value(
        judge, Play(card, "move", (T1,), unload=riders, mode="landed"), t
    )
    fly = airmobile_transport_value(judge, Play(card, "move", (T1,), path=("2G1", "2H1")), t)
    assert unload is not None and fly is not None and unload > fly + 0.5


def test_ai_65_scenario_7_a_huey_does_not_leave_the_edge_while_others_wait_to_come_on() -> None:
    """24 scenario 7: the bot asks the rules whether the rest of the group could still
    come on once a transport has flown off the edge it came by; when they could not
    (as the rules stand, they must use the edge the group's units on the map stand on),
    the waiting gunships and transports count as lost; a flight along the edge costs
    nothing."""
    from game.rules.sixty_five.scenarios.reinforcements import together_refusal

    state = _impulse(_set_up())
    w = state.world
    state.apply(Enter((T1,), "2G1", w.hands[0][0], "move"))
    w.units[T1].marker = None
    state.actions_left = 1
    judge = _judge(state)
    card = w.hands[0][0]
    inland = Play(card, "move", (T1,), path=("2G2", "2G3"))
    along = Play(card, "move", (T1,), path=("2H1",))
    assert state.scenario is not None
    w.units[T1].hex = "2G3"
    shut = all(together_refusal(w, state.scenario, 0, h) for h in ("2K1", "3A3"))
    w.units[T1].hex = "2G1"
    assert (stranding_cost(judge, inland) > 2.0) == shut
    assert stranding_cost(judge, along) == 0.0


def test_ai_65_the_airmobile_values_are_for_scenario_7_only() -> None:
    """Scenario 8 has a gunship coming on too, but no departing transports: the shared
    values judge it, as before."""
    state = new_scenario_game("8", 3)
    assert not airmobile(state)
    assert airmobile(_set_up())
    judge = _judge(state)
    gunship = next(u for u in state.world.units.values() if "gunship" in u.type.id)
    assert airmobile_entry_value(judge, Enter((gunship.id,), "3A1", "c01", "move")) is None


def test_ai_65_scenario_7_walking_into_an_empty_nva_building_is_pushed() -> None:
    """24 scenario 7: a building held at the end is 2 VP to its holder, so a Rifle
    walking into an empty building the NVA hold gains more than walking beside it; an
    assault into an occupied one gets nothing from this push."""
    state = _impulse(_set_up())
    _nva_far_but(state, {"nva_rifle_1": "3J5"})
    w = state.world
    for u in w.live():
        if u.seat == 0 and u.hex is not None:
            u.hex = "3C1"
    w.units["us_rifle_1"].hex = "3G5"
    judge = _judge(state)
    card = w.hands[0][0]
    assert state.control.get("3H5") == 1 and w.field.distance("3G5", "3H5") == 1
    into = capture_push(judge, Play(card, "move", ("us_rifle_1",), path=("3H5",)))
    beside = capture_push(judge, Play(card, "move", ("us_rifle_1",), path=("3G4",)))
    assault = capture_push(judge, Play(card, "move", ("us_rifle_1",), path=("3H5", "3I5", "3J5")))
    assert into > beside + 0.3 and assault == 0.0


def test_ai_65_scenario_7_units_on_foot_head_for_different_buildings() -> None:
    """Two Rifles side by side: the one nearer the building heads for it; the other is
    drawn to another building rather than crowding the same one."""
    state = _impulse(_set_up())
    _nva_far_but(state, {})
    w = state.world
    for u in w.live():
        if u.seat == 0 and u.hex is not None:
            u.hex = "3A6"
    w.units["us_rifle_1"].hex = "3G5"
    w.units["us_rifle_2"].hex = "3F5"
    judge = _judge(state)
    first = march_target(judge, w.units["us_rifle_1"])
    second = march_target(judge, w.units["us_rifle_2"])
    assert first is not None and second is not None and first != second
    assert first == "3H5"


def test_ai_65_scenario_7_only_the_americans_march_on_the_buildings() -> None:
    """The NVA hold the buildings at the start: their units are not drawn out of them
    toward one the Americans took (only into an empty one, the push both sides get)."""
    state = _impulse(_set_up())
    w = state.world
    state.control["3H5"] = 0
    nva = next(u for u in w.live() if u.seat == 1 and u.hex is not None)
    nva.hex = "3E5"
    judge = Judge(Outlook.read(state, 1, "7"))
    card = w.hands[1][0] if w.hands[1] else "c01"
    toward = Play(card, "move", (nva.id,), path=("3F5", "3G5"))
    assert capture_push(judge, toward) == 0.0
    assert capture_push(judge, Play(card, "move", (nva.id,), path=("3F5", "3G5", "3H5"))) > 0
