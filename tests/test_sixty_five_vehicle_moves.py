"""'65 vehicles moving in play (7b, 7c, 14, 15d, 5d): move actions with facings, pivots,
reversing, the minimum move, the Reserve phase and LOS past vehicles and wrecks."""

from __future__ import annotations

import pytest
from sixty_five_support import DATA, new_state, unit
from test_sixty_five_flow import _impulse_with, _to_impulse

from game.core.errors import InvalidAction
from game.rules.sixty_five.actions import Decline, Place, Play, parse_action
from game.rules.sixty_five.vehicles.events import VehicleTurned
from game.rules.sixty_five.vehicles.facing import flank_hexes, front_hexes
from game.rules.sixty_five.vehicles.moves import (
    drive_facing,
    refresh_clutter,
    vehicle_place_refusal,
)
from game.rules.sixty_five.vehicles.transport_moves import vehicle_aftermath


def _card(block: str) -> str:
    return next(c.id for c in DATA.cards if block in c.blocks and not c.power)


def _game(*extra, tank_hex: str = "1C3", facing: int = 0, **terrain: str):  # type: ignore[no-untyped-def]
    """An M-48 of the Americans facing ``facing`` and a VC Rifle far off; the Americans'
    impulse with a Move card in hand."""
    units = [
        unit("m48", "us_m48", 0, tank_hex, facing=facing),
        unit("vc", "vc_rifle", 1, "1K6"),
        *extra,
    ]
    state, _ = new_state(units, 11, limit=5, **terrain)
    _to_impulse(state, 0)
    move = _card("move")
    _impulse_with(state, 0, [move])
    return state, move


def _apply(state, action) -> list:  # type: ignore[no-untyped-def]
    assert state.why_not(action) is None, state.why_not(action)
    events = list(state.apply(action))
    while state.world.pending:  # the other side lets every Opportunity Fire go
        events += state.apply(Decline())
    return events


def test_65_7b_a_vehicle_drives_into_a_front_hex_keeping_its_facing() -> None:
    """'65 7b: a vehicle moves into its front hexes at the terrain's cost."""
    state, move = _game()
    f = state.world.field
    ahead = front_hexes(f, "1C3", 0)[0]
    nxt = front_hexes(f, ahead, 0)[0]
    _apply(state, Play(move, "move", ("m48",), path=(ahead, nxt)))
    tank = state.world.units["m48"]
    assert tank.hex == nxt and tank.facing == 0


def test_65_7b_without_facings_the_vehicle_pivots_to_drive_forward() -> None:
    """'65 7b, 15d: to go to a hex outside its front it must pivot first, 1 MP a corner
    (Interpretation 19: with no facings written it pivots the short way and drives)."""
    state, move = _game()
    f = state.world.field
    side = flank_hexes(f, "1C3", 0)[0]
    wanted = drive_facing(f, "1C3", 0, side)
    events = _apply(state, Play(move, "move", ("m48",), path=(side,)))
    tank = state.world.units["m48"]
    assert tank.hex == side and tank.facing == wanted != 0
    assert side in front_hexes(f, "1C3", wanted)
    assert VehicleTurned(unit="m48", facing=wanted) in events


def test_65_15d_reversing_into_a_flank_hex_keeps_the_facing() -> None:
    """'65 15d: a vehicle may reverse into a flank hex for +1 MP, keeping its facing."""
    state, move = _game()
    back = flank_hexes(state.world.field, "1C3", 0)[1]
    _apply(state, Play(move, "move", ("m48",), path=(back,), facings=(0, 0)))
    tank = state.world.units["m48"]
    assert tank.hex == back and tank.facing == 0


def test_65_7b_pivoting_in_place_is_a_move_of_no_hex() -> None:
    """'65 7b: pivoting costs 1 MP a corner; the M-48 (MF 5) may turn three corners."""
    state, move = _game()
    events = _apply(state, Play(move, "move", ("m48",), facings=(3,)))
    tank = state.world.units["m48"]
    assert tank.facing == 3 and tank.hex == "1C3" and tank.marker is not None
    assert VehicleTurned(unit="m48", facing=3) in events


def test_65_7b_15d_a_route_beyond_the_movement_points_is_refused() -> None:
    """'65 7b, 15d: pivot three corners (3 MP), then reverse twice (2 + 2 MP) is 7 MP,
    more than the M-48's 5."""
    state, move = _game(tank_hex="1E3")
    f = state.world.field
    first = flank_hexes(f, "1E3", 3)[0]
    second = next(h for h in flank_hexes(f, first, 3) if h != "1E3")
    reason = state.why_not(Play(move, "move", ("m48",), path=(first, second), facings=(3, 3, 3)))
    assert reason is not None and "7 MP" in reason and "15d" in reason


def test_65_7c_one_hex_is_always_allowed_even_when_it_costs_more() -> None:
    """'65 7c: one hex forward, with no pivot, is allowed whatever it costs: a Shaken
    M-48 (2 MP) still backs into a flank hex (2 MP + 1)."""
    state, move = _game()
    tank = state.world.units["m48"]
    tank.shaken = True
    back = flank_hexes(state.world.field, "1C3", 0)[1]
    assert state.why_not(Play(move, "move", ("m48",), path=(back,), facings=(0, 0))) is None
    other = flank_hexes(state.world.field, "1C3", 0)[2]
    too_far = Play(move, "move", ("m48",), path=(back, other), facings=(0, 0, 0))
    assert "more than" in (state.why_not(too_far) or "")


def test_bad_facings_are_refused_with_the_rule() -> None:
    state, move = _game(unit("r", "us_rifle", 0, "1A1"))
    ahead = front_hexes(state.world.field, "1C3", 0)[0]
    wrong_count = Play(move, "move", ("m48",), path=(ahead,), facings=(0,))
    assert "one facing for each hex" in (state.why_not(wrong_count) or "")
    rifle = Play(move, "move", ("r",), path=("1A2",), facings=(0, 0))
    assert "only a vehicle faces" in (state.why_not(rifle) or "")
    still = Play(move, "move", ("m48",), facings=(0,))
    assert "neither moves nor turns" in (state.why_not(still) or "")
    with pytest.raises(InvalidAction):
        parse_action(f"play {move} move m48 facing 6")


def test_the_text_form_of_a_vehicle_move_round_trips() -> None:
    play = Play("c1", "move", ("m48",), path=("1E3", "1E4"), facings=(0, 0, 1))
    assert str(play) == "play c1 move m48 to 1e3,1e4 facing 0,0,1"
    assert parse_action(str(play)) == play
    assert parse_action("place m48 at 1c3 facing 2") == Place("m48", "1C3", 2)


def test_65_15d_only_vehicles_are_set_up_with_a_facing() -> None:
    state, _ = _game(unit("r", "us_rifle", 0, None))
    assert "faces no hex corner" in (vehicle_place_refusal(state.world, Place("r", "1A1", 2)) or "")
    assert vehicle_place_refusal(state.world, Place("m48", "1A1", 2)) is None


def test_65_14_a_vehicle_and_a_brush_hex_between_block_los() -> None:
    """'65 14: hexes holding vehicles or wrecks are degrading terrain; two degrading
    hexes between firer and target block the line."""
    units = [unit("r", "us_rifle", 0, "1C1"), unit("v", "vc_rifle", 1, "1C5")]
    state, _ = new_state(units, 3, c3="brush")
    w = state.world
    assert w.field.los("1C1", "1C5")
    w.units["t"] = unit("t", "us_m113", 0, "1C2", facing=0)
    refresh_clutter(w)
    assert not w.field.los("1C1", "1C5")
    del w.units["t"]
    refresh_clutter(w)
    assert w.field.los("1C1", "1C5")
    w.wrecks.append("1C4")
    refresh_clutter(w)
    assert not w.field.los("1C1", "1C5")
    assert w.field.los("1C1", "1C2")  # adjacent hexes always see each other


def test_65_14_9_the_clutter_follows_the_vehicles_as_they_are_now() -> None:
    """'65 14, 9, 24: the hexes that clutter LOS are read from the units after every
    change (the world remembers only which units are vehicles): a vehicle that moves
    takes its clutter along; one eliminated leaves just its wreck (9, added by the
    aftermath); one that left the map (24) clutters nothing; a unit put in its place
    under the same id is read afresh; a copy of the world keeps its own."""
    units = [
        unit("r", "us_rifle", 0, "1C1"),
        unit("t", "us_m113", 0, "1C2", facing=0),
        unit("v", "vc_rifle", 1, "1C5"),
    ]
    state, _ = new_state(units, 3)
    w = state.world
    refresh_clutter(w)
    assert w.field.clutter == {"1C2"}
    w.units["t"].hex = "1D3"
    refresh_clutter(w)
    assert w.field.clutter == {"1D3"}
    twin = w.copy()
    w.units["t"].eliminated = True
    vehicle_aftermath(w, [])
    assert w.field.clutter == {"1D3"} and w.wrecks == ["1D3"]  # the wreck's alone now
    w.wrecks.clear()
    refresh_clutter(w)
    assert w.field.clutter == frozenset()
    refresh_clutter(twin)
    assert twin.field.clutter == {"1D3"}  # its tank is still there
    twin.exited["t"] = "N"
    refresh_clutter(twin)
    assert twin.field.clutter == frozenset()
    w.units["t"] = unit("t", "us_m113", 0, "1E2", facing=0)  # another counter, same id
    refresh_clutter(w)
    assert w.field.clutter == {"1E2"}


def test_65_5d_a_vehicle_moves_in_reserve_by_its_facing_rules() -> None:
    """'65 5d, 7b: far from the enemy a vehicle spends 3 MP in the Reserve phase,
    pivots included; the move leaves it facing the way it drove."""
    from game.rules.sixty_five.actions import ReserveMove
    from game.rules.sixty_five.turn import Phase

    state, _ = _game()
    state.phase = Phase.RESERVE
    state.reserve_seat = 0
    f = state.world.field
    side = flank_hexes(f, "1C3", 0)[0]
    wanted = drive_facing(f, "1C3", 0, side)
    assert state.why_not(ReserveMove("m48", (side,))) is None
    state.apply(ReserveMove("m48", (side,)))
    assert state.world.units["m48"].facing == wanted


def test_65_23c_a_vehicle_pays_3_mp_to_enter_wire() -> None:
    """'65 23c, Interpretation 10: wire costs a vehicle 3 MP: two wire hexes ahead are
    6 MP, more than the M-48's 5; one is 3 + 1 = 4."""
    from game.rules.sixty_five.vehicles.moves import WIRE_MP

    assert WIRE_MP == DATA.vehicle_rules.fortifications.wire_tracked_mp  # type: ignore[union-attr]
    state, move = _game()
    f = state.world.field
    ahead = front_hexes(f, "1C3", 0)[0]
    nxt = front_hexes(f, ahead, 0)[0]
    f.wire = frozenset({ahead, nxt})
    reason = state.why_not(Play(move, "move", ("m48",), path=(ahead, nxt)))
    assert reason is not None and "6 MP" in reason
    f.wire = frozenset({ahead})
    assert state.why_not(Play(move, "move", ("m48",), path=(ahead, nxt))) is None
