"""'65 vehicle rules closed in rules version 7: First Fire by a vehicle on Move & Fire
(20a), a Fixed Weapon's arc at the facing a Move & Fire ends with (15d), passengers
retreating with their carrier (8, 13c)."""

from __future__ import annotations

from sixty_five_support import DATA, new_state, unit
from test_sixty_five_ap_fire import FIRE, _decline_all, _place_cards
from test_sixty_five_flow import _impulse_with, _to_impulse

from game.rules.sixty_five.actions import Decline, Play, React, Withdraw
from game.rules.sixty_five.candidates import play_candidates
from game.rules.sixty_five.data import Marker
from game.rules.sixty_five.vehicles.events import ApTargetingDrawn
from game.rules.sixty_five.vehicles.facing import front_hexes
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


def _fixed_pt76_duel(pt_facing: int):  # type: ignore[no-untyped-def]
    """A PT-76 with the Fixed Weapon attribute (no shipped counter has it) in 1C1 facing
    ``pt_facing``, the M-48 in 1C5; the NVA's impulse with a Fire and a Move & Fire."""
    from test_sixty_five_ap_fire import _duel

    from game.rules.sixty_five.model import Counter

    state = _duel(hand=(FIRE, MOVE_AND_FIRE), target_terrain="clear")
    pt = state.world.units["pt"]
    fixed = Counter("pt", pt.type.model_copy(update={"fixed_weapon": True}), 1, "1C1")
    fixed.facing = pt_facing
    state.world.units["pt"] = fixed
    return state


def _away_facing(state) -> int:  # type: ignore[no-untyped-def]
    from game.rules.sixty_five.vehicles.facing import Arc, arc_of

    f = state.world.field
    return next(x for x in range(6) if arc_of(f, "1C1", x, "1C5") is Arc.FLANK)


def test_65_15d_a_fixed_weapon_on_move_and_fire_must_bear_at_the_moment_of_fire() -> None:
    """'65 15d: a Fixed Weapon fires through its front arc only; Move & Fire lets it
    pivot first, and the arc is the one it faces when it fires: a Move & Fire without
    the pivot is refused as a Fire is, with the pivot (1 MP a corner) it shoots."""
    from game.rules.sixty_five.vehicles.facing import Arc, arc_of, bearing_pivot

    probe = _fixed_pt76_duel(0)
    away = _away_facing(probe)
    state = _fixed_pt76_duel(away)
    f = state.world.field
    fire = Play(FIRE, "fire", ("pt",), target="m48")
    still = Play(MOVE_AND_FIRE, "move_and_fire", ("pt",), target="m48")
    assert "15d" in (state.why_not(fire) or "")
    assert "15d" in (state.why_not(still) or "")  # no pivot: the arc it has now
    bearing, corners = bearing_pivot(f, "1C1", away, "1C5")
    assert corners >= 1 and arc_of(f, "1C1", bearing, "1C5") is Arc.FRONT
    pivot = Play(MOVE_AND_FIRE, "move_and_fire", ("pt",), "m48", facings=(bearing,))
    assert state.why_not(pivot) is None
    assert pivot in play_candidates(state.world, 1)  # offered (vehicle_candidates)
    events = state.apply(pivot)
    events += _decline_all(state)
    assert state.world.units["pt"].facing == bearing
    assert [e.unit for e in events if isinstance(e, ApTargetingDrawn)] == ["pt"]


def test_65_15d_a_fixed_weapon_moving_then_facing_away_may_not_fire() -> None:
    """'65 15d: the facing a Move & Fire ends with decides the arc: the PT-76 drives one
    hex and ends facing away from the M-48 (refused), or ends turned toward it (legal)."""
    from game.rules.sixty_five.vehicles.facing import Arc, arc_of, front_hexes

    state = _fixed_pt76_duel(0)
    f = state.world.field
    step = front_hexes(f, "1C1", 0)[0]
    away = next(x for x in range(6) if arc_of(f, step, x, "1C5") is Arc.FLANK)
    toward = next(x for x in range(6) if arc_of(f, step, x, "1C5") is Arc.FRONT)
    turned_away = Play(MOVE_AND_FIRE, "move_and_fire", ("pt",), "m48", (step,), facings=(0, away))
    turned_toward = Play(
        MOVE_AND_FIRE, "move_and_fire", ("pt",), "m48", (step,), facings=(0, toward)
    )
    assert "15d" in (state.why_not(turned_away) or "")
    assert state.why_not(turned_toward) is None


def _carrier_loses_an_assault(edition: int):  # type: ignore[no-untyped-def]
    """An NVA Rifle (1C2) assaults the M-113 carrying a US Rifle in 1C3. The deck: c21
    (yellow Hit) and c05 (green) for the attacker's two cards, c12 (green) for the
    M-113's one: the carrier takes one hit (Shaken) and none back, so it retreats."""
    from test_sixty_five_transport_play import MOVE, _assault_on_loaded_carrier

    from game.rules.sixty_five.actions import EndImpulse

    state = _assault_on_loaded_carrier()
    state.world.edition = edition
    _place_cards(state, 1, [], ["c21", "c05", "c12"])
    state.apply(Play(MOVE, "move", ("nva",), path=("1C3",)))
    _decline_all(state)
    events = state.apply(EndImpulse())
    for _ in range(30):
        if not state.world.pending:
            break
        events += state.apply(Decline())
    return state, events


def test_65_13c_8b_a_carrier_retreating_from_an_assault_takes_its_passengers() -> None:
    """'65 13c: the M-113 (13e: one hit Shakes it) took more hits, so it retreats
    straight away from the attack, from 1C3 to 1C4; 8b, Interpretation 87: its loaded
    Rifle rides on top of it and goes with it (Shaken with it, 8f)."""
    state, _ = _carrier_loses_an_assault(7)
    w = state.world
    m113, r = w.units["m113"], w.units["r"]
    assert (m113.hex, m113.shaken, m113.eliminated) == ("1C4", True, False)
    assert (r.hex, r.carrier, r.shaken, r.eliminated) == ("1C4", "m113", True, False)
    assert w.units["nva"].hex == "1C3"


def test_65_13c_rules_version_6_left_the_passengers_behind() -> None:
    """Old saves (rules version 6) replay as they were played: the passenger stayed."""
    state, _ = _carrier_loses_an_assault(6)
    assert state.world.units["m113"].hex == "1C4"
    assert state.world.units["r"].hex == "1C3"


def test_65_20a_first_fire_answers_a_move_and_fire_shot_at_a_vehicle() -> None:
    """'65 20a: First Fire answers any vehicle firing at a vehicle, a Move & Fire shot
    too: the PT-76 drives a hex and fires at the M-48 (c21 hits, c18 Destroy!), the M-48
    answers from where it stands (c21 hits, c18 Destroy!): both results stand."""
    from test_sixty_five_ap_fire import _duel

    state = _duel(
        hand=(MOVE_AND_FIRE,), top=("c21", "c18", "c21", "c18"), other_hand=(FIRST_FIRE,),
        target_terrain="clear",
    )  # fmt: skip
    step = front_hexes(state.world.field, "1C1", 0)[0]
    state.apply(Play(MOVE_AND_FIRE, "move_and_fire", ("pt",), "m48", (step,)))
    assert state.world.pending[-1].window is Window.OPPORTUNITY  # the M-48 holds its fire
    state.apply(Decline())
    assert state.world.pending[-1].window is Window.AP_AIM
    assert state.why_not(React(FIRST_FIRE, "first_fire")) is None
    events = state.apply(React(FIRST_FIRE, "first_fire"))
    events += _decline_all(state)
    shots = [(e.unit, e.result) for e in events if isinstance(e, ApTargetingDrawn)]
    assert shots == [("pt", "hit"), ("m48", "hit")]
    pt, m48 = state.world.units["pt"], state.world.units["m48"]
    assert pt.eliminated and m48.eliminated and pt.hex == step


def test_65_18k_8b_a_truck_stepping_back_from_punishing_fire_takes_its_passenger() -> None:
    """'65 18k: the target of Punishing Fire may step back a hex between the shots; 8b,
    Interpretation 87: a truck (a soft target, 10b) carrying a Rifle takes it along
    (rules version 6 left it behind)."""
    from test_sixty_five_opportunity import _card, _on_top

    for edition, rides in ((7, True), (6, False)):
        units = [
            unit("vc1", "nva_rifle", 1, "1A3"),
            unit("truck", "us_truck", 0, "1D3", facing=0),
            unit("r", "us_rifle", 0, "1D3", carrier="truck"),
        ]
        state, _ = new_state(units, 11, limit=5)
        w = state.world
        w.edition = edition
        _to_impulse(state, 1)
        pf = _card("punishing_fire")
        _impulse_with(state, 1, [pf])
        held = {*w.hands[0], *w.hands[1]}
        blanks = [c.id for c in DATA.cards if c.hit is None and not c.end_turn and c.id not in held]
        _on_top(state, *blanks[:6])  # no hits: the truck stays fit for both shots
        state.apply(Play(pf, "punishing_fire", ("vc1",), "truck"))
        while w.pending and w.pending[-1].window is not Window.WITHDRAW:
            state.apply(Decline())
        step = next(a for a in state.candidate_actions() if isinstance(a, Withdraw))
        state.apply(step)
        assert w.units["truck"].hex == step.hex
        assert (w.units["r"].hex == step.hex) is rides
