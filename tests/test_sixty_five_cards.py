"""'65 cards of rules version 2: Panic (19f), the Tactical redraw (21h), Ambush (19b),
Charge (22b) and Leadership (22e), through the state machine."""

from __future__ import annotations

from sixty_five_support import DATA, new_state, unit
from test_sixty_five_flow import _decline_all, _ids, _impulse_with, _to_impulse

from game.rules.sixty_five.actions import Decline, Play, React, Redraw
from game.rules.sixty_five.data import HitColour, Marker
from game.rules.sixty_five.events import DamageCard, FireDeclared
from game.rules.sixty_five.supports import CardRedrawn, UnitPanicked
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
