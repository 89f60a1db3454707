"""'65 vehicle rules closed in rules version 7: First Fire by a vehicle on Move & Fire
(20a), a Fixed Weapon's arc at the facing a Move & Fire ends with (15d), passengers
retreating with their carrier (8, 13c)."""

from __future__ import annotations

from sixty_five_support import new_state, unit
from test_sixty_five_ap_fire import FIRE, _decline_all, _place_cards
from test_sixty_five_flow import _impulse_with, _to_impulse

from game.rules.sixty_five.actions import Play, React
from game.rules.sixty_five.data import Marker
from game.rules.sixty_five.vehicle_events import ApTargetingDrawn
from game.rules.sixty_five.vehicles import front_hexes
from game.rules.sixty_five.world import Window

MOVE_AND_FIRE = "c31"
FIRST_FIRE = "c12"  # Fire / First Fire


def _moving_m48(top: list[str], edition: int = 7):  # type: ignore[no-untyped-def]
    """The American M-48 (1C5, facing 0) on Move & Fire two hexes toward the PT-76 in
    1C1, which fires at it as it enters the first hex (Opportunity Fire, 11); ``top``
    on the draw pile. Returns the state at the M-48's AP_AIM window and the hexes."""
    pt = unit("pt", "nva_pt76", 1, "1C1", facing=0)
    m48 = unit("m48", "us_m48", 0, "1C5", facing=0)
    state, _ = new_state([pt, m48], 7, limit=5, c5="clear")
    state.world.edition = edition
    _to_impulse(state, 0)
    _impulse_with(state, 0, [MOVE_AND_FIRE, FIRST_FIRE])
    _place_cards(state, 1, [FIRE], top)
    state.world.hands[1].pop(0)
    f = state.world.field
    first = front_hexes(f, "1C5", 0)[0]
    second = front_hexes(f, first, 0)[0]
    state.apply(Play(MOVE_AND_FIRE, "move_and_fire", ("m48",), "pt", (first, second)))
    assert state.world.pending[-1].window is Window.OPPORTUNITY
    state.apply(Play(FIRE, "fire", ("pt",), target="m48"))
    assert state.world.pending[-1].window is Window.AP_AIM
    return state, first


def test_65_20a_first_fire_by_a_vehicle_on_move_and_fire_under_opportunity_fire() -> None:
    """'65 20a: a vehicle on Move & Fire that an enemy vehicle fires at (Opportunity
    Fire) may answer with First Fire; both shots stand (the PT-76 misses on c01, the
    M-48's answer hits on c21 and destroys on c18). Interpretation 86: that answer is
    the action's shot: the M-48 stops where it was fired at, Ops Complete, and fires no
    second time at the end of its move."""
    state, first = _moving_m48(["c01", "c21", "c18"])
    assert state.why_not(React(FIRST_FIRE, "first_fire")) is None
    events = state.apply(React(FIRST_FIRE, "first_fire"))
    events += _decline_all(state)
    shots = [(e.unit, e.result) for e in events if isinstance(e, ApTargetingDrawn)]
    assert shots == [("pt", "miss card"), ("m48", "hit")]
    m48, pt = state.world.units["m48"], state.world.units["pt"]
    assert pt.eliminated
    assert m48.hex == first and m48.marker is Marker.OPS_COMPLETE
    assert state.world.movement is None


def test_interpretation_86_the_moving_vehicles_first_fire_misses_on_an_mf_card() -> None:
    """'65 15b, 20a, Interpretation 86: the answer of a vehicle on Move & Fire is a Move
    & Fire shot: c24's TN 7 would hit, but its MF makes it miss."""
    state, _ = _moving_m48(["c01", "c24"])
    events = state.apply(React(FIRST_FIRE, "first_fire"))
    events += _decline_all(state)
    shots = [(e.unit, e.result) for e in events if isinstance(e, ApTargetingDrawn)]
    assert shots == [("pt", "miss card"), ("m48", "moving fire miss")]
    assert not state.world.units["pt"].eliminated


def test_65_20a_rules_version_6_refused_first_fire_on_move_and_fire() -> None:
    """Old saves (rules version 6) keep their rules: the moving vehicle was not Eligible
    and could not answer."""
    state, _ = _moving_m48(["c01"], edition=6)
    reason = state.why_not(React(FIRST_FIRE, "first_fire"))
    assert reason is not None and "20a" in reason
