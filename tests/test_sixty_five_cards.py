"""'65 cards of rules version 2: Panic (19f), the Tactical redraw (21h), Ambush (19b),
Charge (22b) and Leadership (22e), through the state machine."""

from __future__ import annotations

from sixty_five_support import DATA, new_state, unit
from test_sixty_five_flow import _decline_all, _ids, _impulse_with, _to_impulse

from game.rules.sixty_five.actions import Decline, EndImpulse, Play, React, Redraw
from game.rules.sixty_five.cards.supports import CardRedrawn, UnitPanicked
from game.rules.sixty_five.data import HitColour, Marker
from game.rules.sixty_five.events import DamageCard, FireDeclared
from game.rules.sixty_five.world import Window

HIT = [c.id for c in DATA.cards if c.hit is HitColour.GREEN and not c.end_turn]
MISS = [c.id for c in DATA.cards if c.hit is None and not c.end_turn]
YELLOW_RED = [c.id for c in DATA.cards if c.hit in (HitColour.YELLOW, HitColour.RED)]


def _free(state, pool: list[str]) -> list[str]:  # type: ignore[no-untyped-def]
    """Cards of ``pool`` in no hand."""
    return [c for c in pool if c not in (*state.world.hands[0], *state.world.hands[1])]


def _rig(state, top_first: list[str]) -> None:  # type: ignore[no-untyped-def]
    """The next cards drawn are ``top_first``, in that order."""
    w = state.world
    assert not set(top_first) & {*w.hands[0], *w.hands[1]}
    for c in top_first:
        for pile in (w.draw_pile, w.discard, w.hands[0], w.hands[1]):
            if c in pile:
                pile.remove(c)
    w.draw_pile.extend(reversed(top_first))


def _block_card(block: str, avoid: list[str]) -> str:
    return next(c for c in _ids(upper=block) + _ids(lower=block) if c not in avoid)


# -- Panic (19f) -------------------------------------------------------------------------------
def _panic_setup(shaken: bool = True):  # type: ignore[no-untyped-def]
    vc = unit("vc1", "vc_rifle", 1, "1E3", shaken=shaken)
    state, _ = new_state([unit("us1", "us_rifle", 0, "1C3"), vc], 3)
    _to_impulse(state)
    panic = _block_card("panic", [])
    fire = _block_card("fire", [panic])
    _impulse_with(state, 0, [fire, panic])
    hit, miss = _free(state, HIT), _free(state, MISS)
    _rig(state, [hit[0], miss[0], miss[1]])
    return state, fire, panic


def test_65_19f_panic_removes_a_target_left_shaken_and_reduced() -> None:
    """19f: after the attack (range 2: HEF 2 + 1 = 3 cards, one green Hit) the Shaken
    Rifle is reduced and Shaken; the attacker plays Panic and it is removed."""
    state, fire, panic = _panic_setup()
    events = state.apply(Play(fire, "fire", ("us1",), "vc1"))
    numbers = dict(next(e for e in events if isinstance(e, FireDeclared)).numbers)
    assert numbers["damage_draw"] == 3
    state.apply(Decline())  # before the draw
    state.apply(Decline())  # the hit: no Light Wounds
    w = state.world
    vc = w.units["vc1"]
    assert vc.shaken and vc.reduced and not vc.eliminated
    assert w.pending and w.pending[-1].window is Window.PANIC and state.current_player() == 0
    assert React(panic, "panic") in state.candidate_actions()
    events = state.apply(React(panic, "panic"))
    assert vc.eliminated and any(isinstance(e, UnitPanicked) for e in events)
    assert panic in w.discard and not w.pending


def test_65_19f_no_panic_window_unless_the_target_is_shaken_and_reduced() -> None:
    state, fire, panic = _panic_setup(shaken=False)
    state.apply(Play(fire, "fire", ("us1",), "vc1"))
    _decline_all(state)
    assert state.world.units["vc1"].shaken and not state.world.units["vc1"].reduced
    assert not state.world.pending
    assert "no reaction window" in (state.why_not(React(panic, "panic")) or "")


def test_65_19f_only_panic_answers_the_panic_window() -> None:
    state, fire, panic = _panic_setup()
    state.apply(Play(fire, "fire", ("us1",), "vc1"))
    state.apply(Decline())
    state.apply(Decline())
    other = next(c for c in state.world.hands[0] if c != panic)
    block = DATA.card(other).blocks[0]
    assert state.why_not(React(other, block)) is not None
    assert state.why_not(Play(other, block)) is not None


def test_65_19f_rules_version_1_has_no_panic() -> None:
    state, fire, _ = _panic_setup()
    state.world.edition = 1
    state.apply(Play(fire, "fire", ("us1",), "vc1"))
    state.apply(Decline())
    state.apply(Decline())
    assert not state.world.pending


# -- Tactical (21h) ----------------------------------------------------------------------------
def _tactical_setup(**riggs: object):  # type: ignore[no-untyped-def]
    units = [
        unit("us1", "us_rifle", 0, "1C3"),
        unit("riggs", "riggs", 0, "1C3", **riggs),
        unit("vc1", "vc_rifle", 1, "1E3"),
    ]
    state, _ = new_state(units, 3)
    _to_impulse(state)
    fire = _block_card("fire", [])
    _impulse_with(state, 0, [fire])
    hit, miss = _free(state, HIT), _free(state, MISS)
    _rig(state, [miss[0], hit[0], miss[1], miss[2], hit[1]])
    return state, fire, hit, miss


def test_65_21h_tactical_redraws_one_missed_card_per_attack() -> None:
    """21h: Riggs in the firing hex: the first miss may be drawn again, so the Damage
    Draw of 3 becomes 4 cards (miss, hit, miss, miss); no second redraw."""
    state, fire, hit, miss = _tactical_setup()
    state.apply(Play(fire, "fire", ("us1",), "vc1"))
    events = state.apply(Decline())  # before the draw: the first card misses
    w = state.world
    assert w.pending[-1].window is Window.REDRAW and state.current_player() == 0
    assert state.candidate_actions() == [Redraw(), Decline()]
    events = state.apply(Redraw())
    assert any(isinstance(e, CardRedrawn) for e in events)
    events += state.apply(Decline())  # the hit: no Light Wounds
    drawn = [e.card for e in events if isinstance(e, DamageCard)]
    assert drawn == [hit[0], miss[1], miss[2]] and not w.pending
    assert w.units["vc1"].shaken and w.attack is None


def test_65_21h_declining_keeps_the_redraw_for_a_later_miss() -> None:
    state, fire, _, miss = _tactical_setup()
    state.apply(Play(fire, "fire", ("us1",), "vc1"))
    state.apply(Decline())
    state.apply(Decline())  # no redraw of the first miss
    state.apply(Decline())  # the hit
    assert state.world.pending[-1].window is Window.REDRAW  # the second miss
    events = state.apply(Redraw())
    drawn = [e.card for e in events if isinstance(e, DamageCard)]
    assert drawn == [miss[2]]  # the third card, then the extra one: a miss, no window
    assert not state.world.pending


def test_65_21h_no_redraw_with_a_shaken_or_ops_complete_hero() -> None:
    for riggs in ({"shaken": True}, {"marker": Marker.OPS_COMPLETE}):
        state, fire, _, _ = _tactical_setup(**riggs)
        state.apply(Play(fire, "fire", ("us1",), "vc1"))
        state.apply(Decline())
        assert not state.world.pending or state.world.pending[-1].window is not Window.REDRAW


def test_65_21h_tactical_is_not_in_rules_version_1() -> None:
    state, fire, _, _ = _tactical_setup()
    state.world.edition = 1
    state.apply(Play(fire, "fire", ("us1",), "vc1"))
    state.apply(Decline())
    assert not state.world.pending or state.world.pending[-1].window is not Window.REDRAW


def test_65_21h_redraw_is_refused_outside_its_window() -> None:
    state, *_ = _tactical_setup()
    assert "no reaction window" in (state.why_not(Redraw()) or "")


# -- Assault Combat with cards (13, 19b, 19c, 19g, 20d, 21h, 22b) -------------------------------
YR = [c.id for c in DATA.cards if c.hit in (HitColour.YELLOW, HitColour.RED) and not c.end_turn]


def _assault_setup(attacker: str = "us_rifle", *extra: object):  # type: ignore[no-untyped-def]
    units = [unit("a1", attacker, 0, "1C3"), unit("vc1", "vc_rifle", 1, "1D3"), *extra]
    state, _ = new_state(units, 3)
    _to_impulse(state)
    return state


def _cards_for(state, seat: int, *blocks: str) -> list[str]:  # type: ignore[no-untyped-def]
    chosen: list[str] = []
    for b in blocks:
        chosen.append(_block_card(b, [*chosen, *state.world.hands[1 - seat]]))
    _impulse_with(state, seat, chosen)
    return chosen


def _end(state):  # type: ignore[no-untyped-def]
    """End the impulse; nobody answers the assaults' results."""
    events = state.apply(EndImpulse())
    while state.world.pending:
        events += state.apply(Decline())
    return events


def _draw_sides(events) -> list[str]:  # type: ignore[no-untyped-def]
    return [e.target for e in events if isinstance(e, DamageCard)]


def test_65_13a_without_cards_both_sides_draw_at_once() -> None:
    state = _assault_setup()
    (move,) = _cards_for(state, 0, "move")
    _rig(state, _free(state, YR)[:4])
    state.apply(Play(move, "move", ("a1",), path=("1D3",)))
    assert state.world.pending[-1].window is Window.ASSAULT and state.current_player() == 1
    state.apply(Decline())
    events = _end(state)
    # HEF 2 against HEF 2; four hits: both Rifles are Shaken and reduced, ties retreat
    assert _draw_sides(events) == ["defenders", "defenders", "attackers", "attackers"]
    a1, vc1 = state.world.units["a1"], state.world.units["vc1"]
    assert a1.reduced and vc1.reduced and a1.hex == "1C3" and vc1.hex == "1D3"


def test_65_19b_attackers_ambush_draws_and_applies_first() -> None:
    """19b: the Ambush side's hits apply before the other side draws: two hits Shake and
    reduce the Viet Cong Rifle, which then answers with its reduced HEF 1 (one card)."""
    state = _assault_setup()
    move, ambush = _cards_for(state, 0, "move", "ambush")
    _rig(state, _free(state, YR)[:4])
    state.apply(Play(move, "move", ("a1",), path=("1D3",), supports=(ambush,)))
    assert ambush in state.world.discard
    state.apply(Decline())
    events = _end(state)
    assert _draw_sides(events) == ["defenders", "defenders", "attackers"]
    assert state.world.units["a1"].shaken and not state.world.units["a1"].reduced


def test_65_19b_the_defender_may_ambush_with_an_unshaken_assault_unit() -> None:
    state = _assault_setup()
    (move,) = _cards_for(state, 0, "move")
    (ambush,) = _cards_for(state, 1, "ambush")
    _rig(state, _free(state, YR)[:4])
    state.apply(Play(move, "move", ("a1",), path=("1D3",)))
    assert React(ambush, "ambush") in state.candidate_actions()
    state.apply(React(ambush, "ambush"))
    assert state.world.pending[-1].window is Window.ASSAULT  # may add another card
    state.apply(Decline())
    events = _end(state)
    assert _draw_sides(events) == ["attackers", "attackers", "defenders"]


def test_65_19b_no_ambush_for_a_shaken_defender() -> None:
    state = _assault_setup()
    state.world.units["vc1"].shaken = True
    (move,) = _cards_for(state, 0, "move")
    (ambush,) = _cards_for(state, 1, "ambush")
    state.apply(Play(move, "move", ("a1",), path=("1D3",)))
    assert "Ambush needs an unshaken" in (state.why_not(React(ambush, "ambush")) or "")


def test_65_19c_20d_bullet_storm_adds_a_card_unexpected_cover_takes_one() -> None:
    state = _assault_setup()
    move, storm = _cards_for(state, 0, "move", "bullet_storm")
    cover, cover2 = _cards_for(state, 1, "unexpected_cover", "unexpected_cover")
    _rig(state, _free(state, MISS)[:6])
    state.apply(Play(move, "move", ("a1",), path=("1D3",), supports=(storm,)))
    state.apply(React(cover, "unexpected_cover"))
    assert "one card of each name" in (state.why_not(React(cover2, "unexpected_cover")) or "")
    state.apply(Decline())
    events = _end(state)
    # attackers: HEF 2 + 1 Bullet Storm - 1 Unexpected Cover = 2; defenders 2
    assert _draw_sides(events).count("defenders") == 2
    assert _draw_sides(events).count("attackers") == 2


def test_65_19g_retreat_the_defenders_leave_without_a_fight() -> None:
    state = _assault_setup()
    (move,) = _cards_for(state, 0, "move")
    (retreat,) = _cards_for(state, 1, "retreat")
    state.apply(Play(move, "move", ("a1",), path=("1D3",)))
    state.apply(React(retreat, "retreat"))
    assert not state.world.pending  # nothing more to answer
    events = _end(state)
    assert _draw_sides(events) == []
    a1, vc1 = state.world.units["a1"], state.world.units["vc1"]
    assert vc1.hex == "1E4" and a1.hex == "1D3"  # straight on from 1C3 through 1D3
    assert a1.marker is Marker.OPS_COMPLETE and vc1.marker is Marker.OPS_COMPLETE


def test_65_22b_charge_fast_moves_and_adds_2_to_the_sides_assault_hef() -> None:
    """22b: Nguyen charges (Fast Move) into the enemy hex: HEF 2 + 1 (Assault+) + 2
    (Charge) = 5 cards; he is Ops Complete."""
    state = _assault_setup("nguyen")
    power = next(c for c in _ids(power=True) if c not in state.world.hands[1])
    _impulse_with(state, 0, [power])
    _rig(state, _free(state, YR)[:7])
    assert state.why_not(Play(power, "power", ("a1",), "vc1")) is not None  # no target
    state.apply(Play(power, "power", ("a1",), path=("1D3",)))
    state.apply(Decline())
    events = _end(state)
    assert _draw_sides(events).count("defenders") == 5
    assert state.world.units["vc1"].eliminated


def test_65_22b_charge_is_not_in_rules_version_1() -> None:
    state = _assault_setup("nguyen")
    state.world.edition = 1
    power = next(c for c in _ids(power=True) if c not in state.world.hands[1])
    _impulse_with(state, 0, [power])
    assert "no Power available" in (
        state.why_not(Play(power, "power", ("a1",), path=("1D3",))) or ""
    )


def test_65_21h_tactical_redraws_the_first_miss_in_an_assault_in_rules_version_3() -> None:
    """21h, rules version 3: Riggs assaults with the Rifle: HEF 2 + 2 = 4 cards, the
    first miss drawn again (a fifth card) without asking (version 4 asks:
    test_sixty_five_v4.py)."""
    state = _assault_setup("us_rifle", unit("riggs", "riggs", 0, "1C3"))
    state.world.edition = 3
    (move,) = _cards_for(state, 0, "move")
    miss, yr = _free(state, MISS), _free(state, YR)
    _rig(state, [miss[0], miss[1], miss[2], miss[3], yr[0], *miss[4:7]])
    state.apply(Play(move, "move", ("a1", "riggs"), path=("1D3",)))
    state.apply(Decline())
    events = _end(state)
    assert _draw_sides(events).count("defenders") == 5
    assert state.world.units["vc1"].shaken


def test_65_19b_supports_on_a_move_only_for_an_assault_and_not_in_version_1() -> None:
    state = _assault_setup()
    move, ambush = _cards_for(state, 0, "move", "ambush")
    assert "only for the assault" in (
        state.why_not(Play(move, "move", ("a1",), path=("1C2",), supports=(ambush,))) or ""
    )
    state.world.edition = 1
    assert "no support card" in (
        state.why_not(Play(move, "move", ("a1",), path=("1D3",), supports=(ambush,))) or ""
    )


# -- Leadership (22e) --------------------------------------------------------------------------
def _leadership_setup():  # type: ignore[no-untyped-def]
    units = [
        unit("riggs", "riggs", 0, "1C3"),
        unit("us1", "us_rifle", 0, "1D3"),
        unit("us2", "us_rifle", 0, "1A6"),
        unit("vc1", "vc_rifle", 1, "1F3"),
    ]
    state, _ = new_state(units, 3)
    _to_impulse(state)
    power = next(c for c in _ids(power=True) if c not in state.world.hands[1])
    _impulse_with(state, 0, [power])
    fire, move = _cards_for(state, 0, "fire", "move")
    _impulse_with(state, 0, [power, fire, move])
    return state, power, fire, move


def test_65_22e_leadership_fire_with_one_unit_and_move_with_another() -> None:
    """22e, the text's example: the Power card activates Riggs, then Fire with one unit
    and Move with another, both within two hexes of him; a unit farther off may not."""
    state, power, fire, move = _leadership_setup()
    state.apply(Play(power, "power", ("riggs",)))
    assert state.actions_left == 2
    assert "within two hexes" in (state.why_not(Play(move, "move", ("us2",), path=("1A5",))) or "")
    state.apply(Play(fire, "fire", ("us1",), "vc1"))
    _decline_all(state)
    assert state.actions_left == 1
    assert state.why_not(Play(move, "move", ("riggs",), path=("1C2",))) is None  # himself
    state.apply(Play(move, "move", ("riggs",), path=("1C2",)))
    _decline_all(state)
    assert state.actions_left == 0 and state.world.leadership is None
    assert state.world.units["riggs"].marker is Marker.MOVED


def test_65_22e_a_leader_who_does_not_act_is_ops_complete_when_the_impulse_ends() -> None:
    state, power, fire, _ = _leadership_setup()
    state.apply(Play(power, "power", ("riggs",)))
    state.apply(Play(fire, "fire", ("us1",), "vc1"))
    _decline_all(state)
    assert state.world.units["riggs"].marker is None
    state.apply(EndImpulse())
    assert state.world.units["riggs"].marker is Marker.OPS_COMPLETE
    assert state.world.leadership is None


def test_65_22e_leadership_is_not_in_rules_version_1() -> None:
    state, power, _, _ = _leadership_setup()
    state.world.edition = 1
    assert "no Power available" in (state.why_not(Play(power, "power", ("riggs",))) or "")


# -- Interpretation 8: one card, several routes (18e, 18i) ------------------------------------
def _routes_setup():  # type: ignore[no-untyped-def]
    units = [
        unit("us1", "us_rifle", 0, "1C3"),
        unit("us2", "us_rifle", 0, "1C3"),
        unit("us3", "us_rifle", 0, "1A1"),
        unit("vc1", "vc_rifle", 1, "1K6"),
    ]
    state, _ = new_state(units, 3)
    _to_impulse(state)
    move, other = _cards_for(state, 0, "move", "fire")
    return state, move, other


def test_65_18i_units_of_one_hex_may_take_different_routes_under_one_move() -> None:
    """18i: "Units are not required to move the same distance or along the same route":
    the card moves us1 north; then us2, from the same hex, goes south-east."""
    from game.rules.sixty_five.actions import Follow

    state, move, _ = _routes_setup()
    state.apply(Play(move, "move", ("us1",), path=("1C2", "1C1")))
    _decline_all(state)
    assert Follow(("us2",), ("1D3",)) in state.candidate_actions()
    assert state.why_not(Follow(("us2",), ("1D3", "1E3"))) is None
    state.apply(Follow(("us2",), ("1D3", "1E3")))
    _decline_all(state)
    w = state.world
    assert (w.units["us1"].hex, w.units["us2"].hex) == ("1C1", "1E3")
    assert w.units["us2"].marker is Marker.MOVED and state.actions_left == 0
    assert state.why_not(Follow(("us1",), ("1B1",))) is not None  # it has moved
    assert state.why_not(Follow(("us3",), ("1B1",))) is not None  # another hex


def test_65_interpretation_8_the_other_routes_come_before_anything_else() -> None:
    from game.rules.sixty_five.actions import Discard, Follow

    state, move, other = _routes_setup()
    state.apply(Play(move, "move", ("us1",), path=("1C2",)))
    _decline_all(state)
    state.apply(Discard(other))
    assert state.why_not(Follow(("us2",), ("1D3",))) is not None


def test_65_interpretation_8_one_route_only_in_rules_version_1() -> None:
    from game.rules.sixty_five.actions import Follow

    state, move, _ = _routes_setup()
    state.world.edition = 1
    state.apply(Play(move, "move", ("us1",), path=("1C2",)))
    _decline_all(state)
    assert state.why_not(Follow(("us2",), ("1D3",))) is not None


# -- answers to an assault's result (19g, 20c; Interpretation 21) -----------------------------
def _drawn_assault(state, answer: str):  # type: ignore[no-untyped-def]
    """The Rifles' assault of test_65_13a drawn (four hits: each side Shaken and reduced)
    with ``answer`` in the Viet Cong hand; stops at the answers' windows."""
    (move,) = _cards_for(state, 0, "move")
    (card,) = _cards_for(state, 1, answer)
    _rig(state, _free(state, YR)[:4])
    state.apply(Play(move, "move", ("a1",), path=("1D3",)))
    state.apply(Decline())
    state.apply(EndImpulse())
    w = state.world
    assert w.pending[-1].window is Window.ASSAULT_RESULT and state.current_player() == 1
    assert w.units["vc1"].reduced and w.units["a1"].reduced
    return card


def test_65_19g_retreat_after_the_draws_undoes_the_results_for_both_sides() -> None:
    """19g: played after all hits are resolved, Retreat undoes them; the player's units
    leave the hex (the defenders straight away from the attack), all Ops Complete."""
    state = _assault_setup()
    card = _drawn_assault(state, "retreat")
    state.apply(React(card, "retreat"))
    assert state.world.pending[-1].seat == 0  # the attacker may still answer
    state.apply(Decline())
    a1, vc1 = state.world.units["a1"], state.world.units["vc1"]
    assert not (a1.shaken or a1.reduced or vc1.shaken or vc1.reduced)
    assert vc1.hex == "1E4" and a1.hex == "1D3"
    assert a1.marker is Marker.OPS_COMPLETE and vc1.marker is Marker.OPS_COMPLETE
    assert state.current_player() == 1 and state.phasing == 1  # the next impulse


def test_65_20c_light_wounds_takes_one_hit_off_a_side_in_an_assault() -> None:
    """20c: the Viet Cong Rifle took two hits (Shaken, reduced); Light Wounds leaves one
    (Shaken only), and with fewer hits taken than dealt it holds the hex (13c)."""
    state = _assault_setup()
    card = _drawn_assault(state, "light_wounds")
    assert React(card, "light_wounds") in state.candidate_actions()
    state.apply(React(card, "light_wounds"))
    assert state.world.pending[-1].seat == 1  # still open: a Retreat could follow
    state.apply(Decline())
    state.apply(Decline())
    a1, vc1 = state.world.units["a1"], state.world.units["vc1"]
    assert vc1.shaken and not vc1.reduced and vc1.hex == "1D3"
    assert a1.reduced and a1.hex == "1C3"  # the attacker took more hits: back it goes


def test_65_13_no_answers_to_an_assault_in_rules_version_1() -> None:
    state = _assault_setup()
    state.world.edition = 1
    (move,) = _cards_for(state, 0, "move")
    state.apply(Play(move, "move", ("a1",), path=("1D3",)))
    state.apply(EndImpulse())
    assert not state.world.pending and state.phasing == 1
