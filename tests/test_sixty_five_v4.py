"""'65 rules version 4: Panic after an assault (19f), the Tactical redraw of an assault as
the player's choice (21h), reactions to an artillery strike (20c, 20d with 12) and
leaving the map in Leadership's actions (22e, 24), through the state machine; version 3
plays as before."""

from __future__ import annotations

from sixty_five_support import DATA, new_state, unit
from test_sixty_five_artillery import GREEN_HITS, example_units, strike_state
from test_sixty_five_cards import (
    MISS,
    YELLOW_RED,
    _assault_setup,
    _cards_for,
    _draw_sides,
    _free,
    _rig,
)
from test_sixty_five_flow import _ids, _impulse_with, _to_impulse

from game.rules.sixty_five.actions import Decline, Draw, EndImpulse, Exit, Play, React, Redraw
from game.rules.sixty_five.cards.supports import CardRedrawn, UnitPanicked
from game.rules.sixty_five.data import Marker
from game.rules.sixty_five.events import DamageCard, HitIgnored
from game.rules.sixty_five.scenarios.new_game import new_scenario_game
from game.rules.sixty_five.state import Phase, SixtyFiveState
from game.rules.sixty_five.world import Window


def _set_up(state: SixtyFiveState) -> None:
    while state.phase is Phase.SETUP:
        state.apply(state.candidate_actions()[0])


def _nva_impulse(seed: int = 8) -> SixtyFiveState:
    """Scenario 3 set up, the NVA's first started impulse."""
    state = new_scenario_game("3", seed)
    _set_up(state)
    while not (state.phase is Phase.IMPULSE and state.current_player() == 1 and state.started):
        options = state.candidate_actions()
        state.apply(next((a for a in options if isinstance(a, Draw)), options[0]))
    return state


# -- 22e, 24: leaving the map in Leadership's actions --------------------------------------------
def _leading_trang() -> tuple[SixtyFiveState, str]:
    state = _nva_impulse()
    w = state.world
    w.units["trang"].hex, w.units["trang"].marker = "2J6", None
    w.units["nva_rifle_6"].hex, w.units["nva_rifle_6"].marker = "2K6", None
    w.units["nva_rifle_7"].hex, w.units["nva_rifle_7"].marker = "2A6", None
    power = next(c for c in _ids(power=True) if c not in w.hands[0])
    moves = [c for c in _ids(upper="move") + _ids(lower="move") if c not in (*w.hands[0], power)]
    _impulse_with(state, 1, [power, moves[0], moves[1]])
    state.apply(Play(power, "power", ("trang",)))
    assert w.leadership is not None and state.actions_left == 2
    return state, moves[0]


def test_65_22e_24_an_exit_may_be_one_of_leaderships_actions_near_the_hero() -> None:
    """22e: Leadership's two actions move or fire units within two hexes of the Hero; a
    unit on an exit edge next to Trang leaves the map as one of them (24), a unit far
    from him may not."""
    state, move = _leading_trang()
    w = state.world
    block = next(b for b in w.card(move).blocks if w.data.blocks[b].effect == "move")
    far = Exit(("nva_rifle_7",), move, block)
    assert "within two hexes" in (state.why_not(far) or "")
    near = Exit(("nva_rifle_6",), move, block)
    assert near in state.candidate_actions()
    state.apply(near)
    assert "nva_rifle_6" in w.exited and state.actions_left == 1
    assert w.leadership is not None and w.leadership[2] == 1  # one action left


def test_65_22e_no_exit_in_leaderships_actions_in_rules_version_3() -> None:
    state, move = _leading_trang()
    state.world.edition = 3
    block = next(b for b in state.world.card(move).blocks if "move" in b)
    assert "Leadership's actions" in (state.why_not(Exit(("nva_rifle_6",), move, block)) or "")


# -- 21h: Tactical in an assault is the drawing side's choice ------------------------------------


def _riggs_assault(state: SixtyFiveState) -> list:  # type: ignore[type-arg]
    """Riggs and a Rifle assault the Viet Cong Rifle (HEF 2 + 2 = 4 cards, all missing;
    a yellow/red Hit next); returns the events up to the Tactical window."""
    (move,) = _cards_for(state, 0, "move")
    miss, yr = _free(state, MISS), _free(state, YELLOW_RED)
    _rig(state, [miss[0], miss[1], miss[2], miss[3], yr[0], *miss[4:7]])
    state.apply(Play(move, "move", ("a1", "riggs"), path=("1D3",)))
    state.apply(Decline())  # the defender does not answer the assault
    return state.apply(EndImpulse())


def test_65_21h_in_an_assault_the_tactical_side_chooses_to_redraw_a_miss() -> None:
    """21h, version 4: after the attackers' four cards (all missing) the American player
    is asked; he redraws, a fifth card comes (a Hit) and the Viet Cong Rifle is Shaken."""
    state = _assault_setup("us_rifle", unit("riggs", "riggs", 0, "1C3"))
    events = _riggs_assault(state)
    assert _draw_sides(events) == ["defenders"] * 4
    top = state.world.pending[-1]
    assert (top.seat, top.window, top.unit) == (0, Window.REDRAW, "riggs")
    assert state.current_player() == 0 and Redraw() in state.candidate_actions()
    events = state.apply(Redraw())
    assert any(isinstance(e, CardRedrawn) for e in events)
    assert _draw_sides(events)[0] == "defenders"  # the fifth card, before the defence draws
    while state.world.pending:
        state.apply(Decline())
    assert state.world.units["vc1"].shaken


def test_65_21h_in_an_assault_declining_the_redraw_draws_nothing_more() -> None:
    state = _assault_setup("us_rifle", unit("riggs", "riggs", 0, "1C3"))
    _riggs_assault(state)
    events = state.apply(Decline())
    assert _draw_sides(events).count("defenders") == 0
    assert not state.world.units["vc1"].shaken


def test_65_21h_no_tactical_window_with_an_ops_complete_hero_or_without_a_miss() -> None:
    state = _assault_setup("us_rifle", unit("riggs", "riggs", 0, "1C3"))
    (move,) = _cards_for(state, 0, "move")
    _rig(state, _free(state, YELLOW_RED)[:8])
    state.apply(Play(move, "move", ("a1", "riggs"), path=("1D3",)))
    state.apply(Decline())
    state.apply(EndImpulse())  # four Hits: nothing to redraw
    assert state.world.pending[-1].window is Window.ASSAULT_RESULT


# -- 19f: Panic after an assault ---------------------------------------------------------------
def _panic_assault(edition: int = 4) -> tuple[SixtyFiveState, str]:
    """The US Rifle assaults a Shaken Viet Cong Rifle: its two cards give one Hit, which
    reduces it (Shaken and reduced); the Rifle answers with HEF 1 (a miss)."""
    state = _assault_setup()
    state.world.edition = edition
    state.world.units["vc1"].shaken = True
    move, panic = _cards_for(state, 0, "move", "panic")
    yr, miss = _free(state, YELLOW_RED), _free(state, MISS)
    _rig(state, [yr[0], miss[0], miss[1], *miss[2:6]])
    state.apply(Play(move, "move", ("a1",), path=("1D3",)))
    state.apply(Decline())
    state.apply(EndImpulse())
    vc1 = state.world.units["vc1"]
    assert vc1.shaken and vc1.reduced
    state.apply(Decline())  # the answers to the result: the Viet Cong...
    state.apply(Decline())  # ...and the Americans
    return state, panic


def test_65_19f_panic_after_an_assault_removes_a_shaken_reduced_defender() -> None:
    """19f, version 4: 'after any attack against an infantry unit': the assault left the
    defender Shaken and reduced, the attacker plays Panic, the unit is removed and the
    attacker holds the hex (13c: the other side is gone)."""
    state, panic = _panic_assault()
    top = state.world.pending[-1]
    assert (top.seat, top.window, top.unit) == (0, Window.PANIC, "vc1")
    assert React(panic, "panic") in state.candidate_actions()
    events = state.apply(React(panic, "panic"))
    assert any(isinstance(e, UnitPanicked) for e in events)
    w = state.world
    assert w.units["vc1"].eliminated and w.units["a1"].hex == "1D3"
    assert w.units["a1"].marker is Marker.OPS_COMPLETE and state.phasing == 1


def test_65_19f_declined_panic_and_the_fight_ends_as_before() -> None:
    state, _ = _panic_assault()
    state.apply(Decline())
    w = state.world
    assert not w.units["vc1"].eliminated and w.units["vc1"].hex == "1E4"  # retreated
    assert state.phasing == 1


def test_65_19f_no_panic_after_an_assault_in_rules_version_3() -> None:
    state, _ = _panic_assault(edition=3)
    assert not state.world.pending and state.phasing == 1


# -- 12, 20c, 20d: reactions to an artillery strike ----------------------------------------------


def _strike(edition: int = 4) -> tuple[SixtyFiveState, str, list[str]]:
    """The artillery example's strike (E3 3 cards, E4 2, F3 3), every card a green Hit,
    with Unexpected Cover and Light Wounds in the Viet Cong hand."""
    state, card = strike_state(example_units(), e4="kunai", f3="kunai")
    w = state.world
    w.edition = edition
    free = [c for c in _ids() if c not in w.hands[0]]
    cover = next(c for c in free if "unexpected_cover" in DATA.card(c).blocks)
    wounds = next(c for c in free if "light_wounds" in DATA.card(c).blocks and c != cover)
    hand = w.hands[1]
    for c in (cover, wounds):
        if c in hand:
            continue
        for pile in (w.draw_pile, w.discard):
            if c in pile:
                pile.remove(c)
        out = next(x for x in hand if x not in (cover, wounds))
        hand.remove(out)
        w.draw_pile.insert(0, out)
        hand.append(c)
    hits = [c for c in GREEN_HITS if c not in (*w.hands[0], *hand)]
    for c in hits:
        for pile in (w.draw_pile, w.discard):
            if c in pile:
                pile.remove(c)
    w.draw_pile.extend(reversed(hits))
    return state, card, [cover, wounds]


def test_65_20d_unexpected_cover_answers_one_hex_of_a_strike() -> None:
    """20d with 12: before E3's Damage Draw the Viet Cong play Unexpected Cover (+1 CF):
    E3 draws 2 cards, not 3; one card of that name per action, so E4 and F3 open no
    cover window and draw their 2 and 3."""
    state, card, (cover, _) = _strike()
    w = state.world
    state.apply(Play(card, "artillery", path=("1E3", "1E4", "1F3")))
    top = w.pending[-1]
    assert (top.seat, top.window, top.unit) == (1, Window.STRIKE_COVER, "1E3")
    assert (
        state.current_player() == 1
        and React(cover, "unexpected_cover") in state.candidate_actions()
    )
    events = state.apply(React(cover, "unexpected_cover"))
    seen: list[str] = []
    while True:
        seen += [e.target for e in events if isinstance(e, DamageCard)]
        if not w.pending:
            break
        assert w.pending[-1].window is Window.STRIKE_HIT  # no second cover window
        events = state.apply(Decline())
    assert seen.count("1E3") == 2  # and E3's single unit Shaken, reduced by two Hits
    assert w.units["vc1"].shaken and w.units["vc1"].reduced
    assert w.strike is None and state.current_player() == 0


def test_65_20c_light_wounds_ignores_one_hit_of_a_strike() -> None:
    """20c with 12: the first hit about to strike vc1 in E3 is ignored (it is spent, the
    other two still land); Light Wounds is not offered again in the strike."""
    state, card, (_, wounds) = _strike()
    w = state.world
    state.apply(Play(card, "artillery", path=("1E3", "1E4", "1F3")))
    state.apply(Decline())  # no Unexpected Cover: three green Hits on vc1
    top = w.pending[-1]
    assert (top.window, top.unit) == (Window.STRIKE_HIT, "vc1")
    events = state.apply(React(wounds, "light_wounds"))
    assert any(isinstance(e, HitIgnored) for e in events)
    while w.pending:
        assert w.pending[-1].window is Window.STRIKE_COVER  # cover windows only
        state.apply(Decline())
    vc1 = w.units["vc1"]
    assert vc1.shaken and vc1.reduced and not vc1.eliminated  # 2 of its 3 hits


def test_65_12_a_strike_opens_no_reaction_window_in_rules_version_3() -> None:
    state, card, _ = _strike(edition=3)
    state.apply(Play(card, "artillery", path=("1E3", "1E4", "1F3")))
    assert not state.world.pending and state.world.units["vc1"].eliminated


# -- 11: Opportunity Fire into a jointly occupied hex --------------------------------------------
def _joint_hex(edition: int = 4) -> tuple[SixtyFiveState, list]:  # type: ignore[type-arg]
    """The US Rifle assaults vc2's hex 1D3; vc1 in 1F3 fires at it as it enters: the
    draw (HEF 2 + 1 at range 2 = 3 cards) shows a red Hit, a miss and a green Hit."""
    from test_sixty_five_opportunity import _card, _on_top

    from game.rules.sixty_five.data import HitColour

    units = [
        unit("us1", "us_rifle", 0, "1C3"),
        unit("vc1", "vc_rifle", 1, "1F3"),
        unit("vc2", "vc_rifle", 1, "1D3"),
    ]
    state, _ = new_state(units, 11, limit=5)
    state.world.edition = edition
    _to_impulse(state, 0)
    move = _card("move")
    fire = _card("fire", (move,))
    _impulse_with(state, 0, [move])
    _impulse_with(state, 1, [fire])
    held = {*state.world.hands[0], *state.world.hands[1]}
    free = [c for c in DATA.cards if c.id not in held and not c.end_turn]
    red = next(c.id for c in free if c.hit is HitColour.RED)
    green = next(c.id for c in free if c.hit is HitColour.GREEN)
    miss = next(c.id for c in free if c.hit is None)
    state.apply(Play(move, "move", ("us1",), path=("1D3",)))
    assert state.world.pending[-1].window is Window.OPPORTUNITY
    _on_top(state, red, miss, green)
    events = state.apply(Play(fire, "fire", ("vc1",), "us1"))
    while state.world.pending and state.world.pending[-1].window is not Window.ASSAULT:
        events += state.apply(Decline())
    return state, events


def test_65_11_opportunity_fire_into_a_shared_hex_a_red_hit_strikes_a_friend() -> None:
    """11 (Interpretation 30): firing at a unit that entered a hex the firer's side
    holds, the green Hit hits the mover and the red Hit (no hit for a Fire) hits a
    friendly unit there: vc2, the only one."""
    state, _ = _joint_hex()
    w = state.world
    assert w.units["us1"].shaken and w.units["us1"].marker is Marker.OPS_COMPLETE
    assert w.units["vc2"].shaken and not w.units["vc1"].shaken


def test_65_11_no_friendly_hit_in_rules_version_3() -> None:
    state, _ = _joint_hex(edition=3)
    assert not state.world.units["vc2"].shaken and state.world.units["us1"].shaken


# -- 22g with 20c, 20d: reactions to a Satchel Charge --------------------------------------------
def _satchel(edition: int = 4) -> tuple[SixtyFiveState, str, str, str]:
    """The Sapper's Satchel Charge on the Rifle and Riggs in kunai (HEF 5 - CF 1 = 4
    cards, all green Hits); the Americans hold Unexpected Cover and Light Wounds."""
    sapper = unit("sap", "vc_sapper", 1, "1C3")
    units = [sapper, unit("r", "us_rifle", 0, "1D3"), unit("riggs", "riggs", 0, "1D3")]
    state, _ = new_state(units, 6, limit=5, d3="kunai")
    state.world.edition = edition
    _to_impulse(state, 1)
    w = state.world
    power = next(c.id for c in DATA.cards if c.power and c.id not in w.hands[0])
    _impulse_with(state, 1, [power])
    free = [c for c in _ids() if c not in w.hands[1] and c != power]
    cover = next(c for c in free if "unexpected_cover" in DATA.card(c).blocks)
    wounds = next(c for c in free if "light_wounds" in DATA.card(c).blocks and c != cover)
    for c in (cover, wounds):
        if c not in w.hands[0]:
            for pile in (w.draw_pile, w.discard):
                if c in pile:
                    pile.remove(c)
            out = next(x for x in w.hands[0] if x not in (cover, wounds))
            w.hands[0].remove(out)
            w.draw_pile.insert(0, out)
            w.hands[0].append(c)
    held = {*w.hands[0], *w.hands[1]}
    greens = [c for c in GREEN_HITS if c not in held]
    for c in greens:
        for pile in (w.draw_pile, w.discard):
            if c in pile:
                pile.remove(c)
    w.draw_pile.extend(reversed(greens))
    return state, power, cover, wounds


def test_65_22g_20d_20c_a_satchel_charge_may_be_answered_like_artillery() -> None:
    """22g with 20d and 20c (version 4, Interpretation 17): Unexpected Cover takes the
    draw to 3 cards; the first hit, on the Rifle (non-Heroes first, 13b), is taken off
    with Light Wounds; the two others Shake the Rifle and Riggs."""
    state, power, cover, wounds = _satchel()
    w = state.world
    state.apply(Play(power, "power", ("sap",), "riggs"))
    assert w.pending[-1].window is Window.STRIKE_COVER and state.current_player() == 0
    events = state.apply(React(cover, "unexpected_cover"))
    assert w.pending[-1].window is Window.STRIKE_HIT and w.pending[-1].unit == "r"
    events += state.apply(React(wounds, "light_wounds"))
    assert not w.pending and w.strike is None
    assert sum(isinstance(e, DamageCard) for e in events) == 3
    assert w.units["r"].shaken and w.units["riggs"].shaken and not w.units["r"].reduced


def test_65_22g_a_satchel_charge_opens_no_window_in_rules_version_3() -> None:
    state, power, _, _ = _satchel(edition=3)
    state.apply(Play(power, "power", ("sap",), "riggs"))
    w = state.world
    assert not w.pending and w.units["r"].reduced and w.units["riggs"].reduced


# -- 21g with 20c: Light Wounds against Suppression's spread fire --------------------------------
def test_65_21g_20c_light_wounds_answers_a_hit_of_spread_fire() -> None:
    """21g example (two hits on two NVA Rifles) in version 4 (Interpretation 18): the
    hits apply one at a time, so the NVA player takes the first one, on n1, off with
    Light Wounds; n2 is still Shaken."""
    from test_sixty_five_opportunity import _card, _on_top

    from game.rules.sixty_five.data import HitColour

    units = [
        unit("m60", "us_m60", 0, "1A3"),
        unit("n1", "nva_rifle", 1, "1D3"),
        unit("n2", "nva_rifle", 1, "1D3"),
    ]
    state, _ = new_state(units, 11, limit=5)
    _to_impulse(state, 0)
    fire = _card("fire")
    _impulse_with(state, 0, [fire])
    w = state.world
    wounds = next(c for c in _ids() if "light_wounds" in DATA.card(c).blocks and c != fire)
    _impulse_with(state, 1, [wounds])
    held = {*w.hands[0], *w.hands[1]}
    greens = [c.id for c in DATA.cards if c.hit is HitColour.GREEN and c.id not in held]
    blanks = [c.id for c in DATA.cards if c.hit is None and not c.end_turn and c.id not in held]
    _on_top(state, greens[0], blanks[0], greens[1])
    state.apply(Play(fire, "fire", ("m60",), "n1", spread=True))
    state.apply(Decline())  # no Unexpected Cover
    assert (w.pending[-1].window, w.pending[-1].unit) == (Window.STRIKE_HIT, "n1")
    state.apply(React(wounds, "light_wounds"))
    assert not w.pending and w.strike is None
    assert not w.units["n1"].shaken and w.units["n2"].shaken
