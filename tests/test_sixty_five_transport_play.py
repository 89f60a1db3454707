"""'65 transport in play (8a-8i, 9, 13e): loading and unloading through move actions,
passengers riding on top of their carrier, and the carrier's fate passed on to them."""

from __future__ import annotations

from sixty_five_support import DATA, new_state, unit
from test_sixty_five_flow import _impulse_with, _to_impulse

from game.rules.sixty_five.actions import Decline, EndImpulse, Play, parse_action
from game.rules.sixty_five.combat.ranged import fire_refusal
from game.rules.sixty_five.data import Marker
from game.rules.sixty_five.vehicles.events import PassengersLoaded, PassengersUnloaded
from game.rules.sixty_five.vehicles.facing import front_hexes
from game.rules.sixty_five.vehicles.transport_moves import vehicle_aftermath

MOVE = next(c.id for c in DATA.cards if "move" in c.blocks and not c.power)
FAST = next(c.id for c in DATA.cards if "fast_move" in c.blocks and c.id != MOVE)


def _game(*extra, rifle_hex: str = "1C3", loaded: bool = False):  # type: ignore[no-untyped-def]
    """An M-113 (MF 6, circled) in 1C3 facing 0 and a US Rifle; a VC Rifle far off out
    of sight; the Americans' impulse with Move and Fast Move in hand. All clear."""
    units = [
        unit("m113", "us_m113", 0, "1C3", facing=0),
        unit("r", "us_rifle", 0, rifle_hex, carrier="m113" if loaded else None),
        unit("vc", "vc_rifle", 1, "1K6"),
        *extra,
    ]
    state, _ = new_state(units, 11, limit=5)
    _to_impulse(state, 0)
    _impulse_with(state, 0, [MOVE, FAST])
    return state


def _ahead(state, n: int, start: str = "1C3") -> tuple[str, ...]:  # type: ignore[no-untyped-def]
    out, here = [], start
    for _ in range(n):
        here = front_hexes(state.world.field, here, 0)[0]
        out.append(here)
    return tuple(out)


def _apply(state, play: Play) -> list:  # type: ignore[no-untyped-def]
    assert state.why_not(play) is None, state.why_not(play)
    events = list(state.apply(play))
    while state.world.pending:
        events += state.apply(Decline())
    return events


def test_65_8a_load_then_the_carrier_moves_half_its_mf() -> None:
    """'65 8a: together but unloaded: load, then the carrier moves half its MF (3)."""
    state = _game()
    assert "more than the 3 MP" in (
        state.why_not(Play(MOVE, "move", ("m113",), path=_ahead(state, 4), load=("r",))) or ""
    )
    events = _apply(state, Play(MOVE, "move", ("m113",), path=_ahead(state, 3), load=("r",)))
    r = state.world.units["r"]
    assert r.carrier == "m113" and r.hex == _ahead(state, 3)[-1]
    assert (
        r.marker is Marker.MOVED and PassengersLoaded(carrier="m113", passengers=("r",)) in events
    )


def test_65_8a_the_carrier_moves_half_into_the_passengers_hex_and_loads() -> None:
    """'65 8a: the M-113 "could expend up to 3MF to get into a hex with an infantry
    unit, and then load the infantry unit and end its move"."""
    state = _game(rifle_hex="1F3")
    path = _ahead(state, 3)
    assert path[-1] != "1F3"
    state = _game(rifle_hex=path[-1])
    _apply(state, Play(MOVE, "move", ("m113",), path=path, load=("r",)))
    assert state.world.units["r"].carrier == "m113"


def test_65_8a_a_leg_unit_moves_half_its_mf_and_boards() -> None:
    state = _game(rifle_hex="1C6")
    far = Play(MOVE, "move", ("r",), path=("1C5", "1C4", "1C3"), load=("m113",))
    assert "more than 2" in (state.why_not(far) or "")
    state = _game(rifle_hex="1A3")
    _apply(state, Play(MOVE, "move", ("r",), path=("1B3", "1C3"), load=("m113",)))
    assert state.world.units["r"].carrier == "m113"


def test_65_8a_a_loaded_carrier_moves_its_whole_mf_with_the_passenger_riding() -> None:
    state = _game(loaded=True)
    path = _ahead(state, 6)
    _apply(state, Play(MOVE, "move", ("m113",), path=path))
    assert state.world.units["r"].hex == path[-1] == state.world.units["m113"].hex
    assert state.world.units["r"].carrier == "m113"


def test_65_8a_move_half_and_unload() -> None:
    state = _game(loaded=True)
    path = _ahead(state, 3)
    events = _apply(state, Play(MOVE, "move", ("m113",), path=path, unload=("r",)))
    r = state.world.units["r"]
    assert r.carrier is None and r.hex == path[-1]
    assert PassengersUnloaded(carrier="m113", passengers=("r",)) in events


def test_65_8a_unload_and_move_half() -> None:
    state = _game(loaded=True)
    _apply(state, Play(MOVE, "move", ("r",), path=("1C4", "1C5"), unload=("m113",)))
    r = state.world.units["r"]
    assert r.carrier is None and r.hex == "1C5" and state.world.units["m113"].hex == "1C3"


def test_65_8i_fast_move_adds_its_point_before_halving() -> None:
    """'65 8i: Fast Move's extra point first: (6 + 1) / 2 = 4 (rounded up), not 3."""
    state = _game()
    path = _ahead(state, 4)
    assert state.why_not(Play(MOVE, "move", ("m113",), path=path, load=("r",))) is not None
    assert state.why_not(Play(FAST, "fast_move", ("m113",), path=path, load=("r",))) is None


def test_65_8h_shaken_units_do_not_load() -> None:
    state = _game()
    state.world.units["m113"].shaken = True
    assert "8h" in (state.why_not(Play(MOVE, "move", ("m113",), load=("r",))) or "")
    state = _game()
    state.world.units["r"].shaken = True
    assert "8h" in (state.why_not(Play(MOVE, "move", ("m113",), load=("r",))) or "")


def test_65_8g_shaken_passengers_unload_and_nobody_moves() -> None:
    state = _game(loaded=True)
    state.world.units["r"].shaken = True
    moving = Play(MOVE, "move", ("m113",), path=_ahead(state, 1), unload=("r",))
    assert "8g" in (state.why_not(moving) or "")
    _apply(state, Play(MOVE, "move", ("m113",), unload=("r",)))
    assert state.world.units["r"].carrier is None


def test_65_8a_8d_a_loaded_passenger_neither_moves_alone_nor_fires_nor_is_fired_at() -> None:
    fire = next(c.id for c in DATA.cards if "fire" in c.blocks and not c.power)
    vc = unit("vc2", "vc_rifle", 1, "1C6")
    state = _game(vc, loaded=True)
    assert "8a" in (state.why_not(Play(MOVE, "move", ("r",), path=("1C4",))) or "")
    _impulse_with(state, 0, [fire])
    assert "8d" in (state.why_not(Play(fire, "fire", ("r",), target="vc2")) or "")
    w = state.world
    reason = fire_refusal(w.field, w.data.rules, w.units["vc2"], [], w.units["r"], w.live())
    assert "8e" in (reason or "")


def test_65_9_loaded_passengers_do_not_count_for_stacking() -> None:
    """'65 9 example: two Rifles and an M-113 with a passenger stack; the M-113 could
    not unload its passenger."""
    a, b = unit("a", "us_rifle", 0, "1C3"), unit("b", "us_rifle", 0, "1C3")
    state = _game(a, b, loaded=True)
    reason = state.why_not(Play(MOVE, "move", ("m113",), unload=("r",)))
    assert reason is not None and "9" in reason


def test_65_8e_a_carrier_destroyed_by_any_attack_hits_its_passengers_twice() -> None:
    """'65 8e, 13e: a truck takes hits as a one-step unit (Shaken, then destroyed); its
    passenger takes two hits and stands in the wreck's hex (9)."""
    truck = unit("t", "us_truck", 0, "1E3", facing=0)
    rider = unit("p", "us_rifle", 0, "1E3", carrier="t")
    state = _game(truck, rider)
    assert truck.take_hit().value == "shaken" and truck.take_hit().value == "eliminated"
    vehicle_aftermath(state.world, events := [])
    assert rider.shaken and rider.reduced and rider.carrier is None
    assert state.world.wrecks == ["1E3"] and len(events) == 2


def test_65_8f_rallying_the_carrier_rallies_its_passengers() -> None:
    rally = next(c.id for c in DATA.cards if "rally" in c.blocks and not c.power)
    state = _game(loaded=True)
    _impulse_with(state, 0, [rally])
    state.world.units["m113"].shaken = state.world.units["r"].shaken = True
    _apply(state, Play(rally, "rally", ("m113",)))
    assert not state.world.units["r"].shaken


def test_65_13e_a_vehicle_cannot_start_an_assault() -> None:
    vc = unit("vc2", "vc_rifle", 1, _ahead_of_c3())
    state = _game(vc)
    reason = state.why_not(Play(MOVE, "move", ("m113",), path=(vc.hex,)))
    assert reason is not None and "13a" in reason


def _ahead_of_c3() -> str:
    from sixty_five_support import field

    return front_hexes(field(), "1C3", 0)[0]


def test_the_text_form_of_loading_round_trips() -> None:
    play = Play("c14", "move", ("m113",), path=("1d3",), load=("r",))
    assert str(play) == "play c14 move m113 to 1d3 load r"
    assert parse_action("play c14 move r unload m113") == Play(
        "c14", "move", ("r",), unload=("m113",)
    )


def _assault_on_loaded_carrier(seed: int = 11):  # type: ignore[no-untyped-def]
    """An NVA Rifle next to an M-113 carrying a US Rifle; the NVA's impulse with a Move
    card, the deck stacked with yellow and red Hits."""
    from test_sixty_five_ap_fire import _place_cards

    units = [
        unit("m113", "us_m113", 0, "1C3", facing=0),
        unit("r", "us_rifle", 0, "1C3", carrier="m113"),
        unit("nva", "nva_rifle", 1, "1C2"),
    ]
    state, _ = new_state(units, seed, limit=5)
    _to_impulse(state, 1)
    hits = [c.id for c in DATA.cards if c.hit is not None and c.hit.value != "green"]
    _place_cards(state, 1, [MOVE], hits[:8])
    state.world.hands[1].pop(0)
    return state


def test_65_8d_a_loaded_passenger_takes_no_part_in_an_assault() -> None:
    state = _assault_on_loaded_carrier()
    state.apply(Play(MOVE, "move", ("nva",), path=("1C3",)))
    while state.world.pending:
        state.apply(Decline())
    state.apply(EndImpulse())  # 13a: the assault is the impulse's last action
    fight = state.world.fight
    assert fight is not None and fight.defenders == ("m113",)


def test_65_8e_13e_a_carrier_destroyed_in_assault_passengers_hit_twice_then_retreat() -> None:
    """'65 13e: the M-113 takes hits as a one-step unit: the NVA Rifle's two hits (HEF 2,
    every card a Hit) Shake it and destroy it; 8e: its passenger takes two hits (Shaken,
    reduced) and retreats straight away from the assault (from 1C2 through 1C3: to 1C4),
    unloaded."""
    state = _assault_on_loaded_carrier()
    state.apply(Play(MOVE, "move", ("nva",), path=("1C3",)))
    while state.world.pending:
        state.apply(Decline())
    state.apply(EndImpulse())
    for _ in range(30):
        if not state.world.pending:
            break
        state.apply(Decline())
    w = state.world
    r = w.units["r"]
    assert w.units["m113"].eliminated and w.wrecks == ["1C3"]
    assert (r.hex, r.carrier, r.shaken, r.reduced, r.eliminated) == ("1C4", None, True, True, False)


def test_65_24_scenario_4_riders_add_hef_1_to_the_assault_defence() -> None:
    """Scenario 4: US Rifles loaded in M-113s "contribute an HEF of 1 to Assault
    Combat": the M-113 defends with 1 (13e) and its rider with 1, not its printed 2."""
    from game.rules.sixty_five.assault.steps import side_cards
    from game.rules.sixty_five.scenarios.scenario import load_scenarios
    from game.rules.sixty_five.vehicles.transport_moves import engages

    state = _assault_on_loaded_carrier()
    w = state.world
    m113, rider = w.units["m113"], w.units["r"]
    assert not engages(w, rider)
    w.passengers_fire = load_scenarios()["4"].passengers_fire
    assert engages(w, rider)
    assert side_cards(w, "1C3", 0, [m113, rider], cards_too=False) == 2


def test_65_8a_unload_then_the_carrier_too_moves_half_under_the_same_card() -> None:
    """'65 8a case 3: "unload and each move half of their MF": the passenger gets off
    and walks 2 (half of 4); the M-113 then follows under the same card with 3 MP (half
    of 6), not 6."""
    from game.rules.sixty_five.actions import Follow

    state = _game(loaded=True)
    _apply(state, Play(MOVE, "move", ("r",), path=("1C4",), unload=("m113",)))
    assert state.world.carrier_half == ("m113", 3)
    assert "3 MP" in (state.why_not(Follow(("m113",), _ahead(state, 4))) or "")
    assert state.why_not(Follow(("m113",), _ahead(state, 3))) is None


def test_65_8g_after_shaken_passengers_get_off_the_carrier_stays() -> None:
    from game.rules.sixty_five.actions import Follow

    state = _game(loaded=True)
    state.world.units["r"].shaken = True
    _apply(state, Play(MOVE, "move", ("r",), unload=("m113",)))
    assert "8g" in (state.why_not(Follow(("m113",), _ahead(state, 1))) or "")


def test_65_8j_lets_get_em_moves_two_loaded_carriers_or_loads_and_unloads() -> None:
    """'65 8j: Let's Get 'Em! may move two loaded passengers and their carriers (the
    second hex with ``follow``), or move and load, or move and unload; a carrier with
    nobody aboard is no Leg unit and stays (18h)."""
    from game.rules.sixty_five.actions import Follow

    lge = next(c.id for c in DATA.cards if "lets_get_em" in c.blocks and not c.power)
    other = unit("m2", "us_m113", 0, "1E3", facing=0)
    rider = unit("r2", "us_rifle", 0, "1E3", carrier="m2")
    state = _game(other, rider, loaded=True)
    _impulse_with(state, 0, [lge])
    empty = unit("m3", "us_m113", 0, "1A1", facing=0)
    state.world.units["m3"] = empty
    assert "18h" in (state.why_not(Play(lge, "lets_get_em", ("m3",), path=("1B1",))) or "")
    _apply(state, Play(lge, "lets_get_em", ("m113",), path=_ahead(state, 2)))
    assert state.world.units["r"].hex == _ahead(state, 2)[-1]
    second = Follow(("m2",), _ahead(state, 2, "1E3"), unload=("r2",))
    assert str(second).endswith(" unload r2") and state.why_not(second) is None
    _apply(state, second)
    assert state.world.units["r2"].carrier is None
    assert state.world.units["r2"].hex == _ahead(state, 2, "1E3")[-1]
