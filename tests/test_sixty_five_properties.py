"""'65 invariants over random play of whole games (2 turns) from the candidate actions."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from sixty_five_support import DATA, all_cards, new_state, unit

from game.core.rng import Rng
from game.rules.sixty_five.actions import parse_action
from game.rules.sixty_five.movement.rules import stacking_refusal
from game.rules.sixty_five.state import Phase

ALL = sorted(c.id for c in DATA.cards)


def forces():  # type: ignore[no-untyped-def]
    return [
        unit("us1", "us_rifle", 0, "1B3"),
        unit("us2", "us_rifle", 0, "1B3"),
        unit("m60", "us_m60", 0, "1B4"),
        unit("riggs", "riggs", 0, "1B4"),
        unit("vc1", "vc_rifle", 1, "1G3"),
        unit("vc2", "vc_rpd", 1, "1G4"),
        unit("phan", "phan", 1, "1H3"),
    ]


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32), pick=st.integers(0, 2**32))
def test_65_random_games_keep_every_card_and_every_limit(seed: int, pick: int) -> None:
    """Every candidate is legal by why_not and survives its text form; the 54 cards are
    always all somewhere; no hand holds more than four (5a); stacking holds at all
    times (9); the game reaches its end."""
    state, _ = new_state(forces(), seed, limit=3, turns=2, d3="brush", e4="jungle", f3="kunai")
    rng = Rng(pick)
    for _ in range(3000):
        if state.current_player() is None:
            break
        options = state.candidate_actions()
        assert options, state.phase
        action = options[rng.below(len(options))]
        assert state.why_not(action) is None, action
        assert parse_action(action.to_str()) == action
        state.apply(action)
        assert all_cards(state) == ALL
        assert all(len(h) <= 4 for h in state.world.hands)
        hexes = {u.hex for u in state.world.live() if u.hex}
        for h in hexes:
            for seat in (0, 1):
                here = [u for u in state.world.live() if u.hex == h and u.seat == seat]
                assert stacking_refusal(DATA.rules, here) is None
    assert state.phase is Phase.OVER and state.outcome() is not None


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 60), other=st.integers(0, 2**32))
def test_65_determinize_keeps_what_the_seat_sees(seed: int, steps: int, other: int) -> None:
    """Honest determinization: the seat's own hand, the discards, the set-aside cards and
    every unit stay; only unseen cards are redealt; a state and its determinization
    determinize alike."""
    state, _ = new_state(forces(), seed)
    rng = Rng(seed ^ 0x5F)
    for _ in range(steps):
        if state.current_player() is None:
            break
        options = state.candidate_actions()
        state.apply(options[rng.below(len(options))])
    seat = state.current_player()
    if seat is None:
        return
    copy = state.determinize(seat, Rng(other))
    assert copy.world.hands[seat] == state.world.hands[seat]
    assert len(copy.world.hands[1 - seat]) == len(state.world.hands[1 - seat])
    assert copy.world.discard == state.world.discard
    assert [u.snapshot() for u in copy.world.units.values()] == [
        u.snapshot() for u in state.world.units.values()
    ]
    assert all_cards(copy) == ALL
    again = copy.determinize(seat, Rng(7))
    base = state.determinize(seat, Rng(7))
    assert again.snapshot() == base.snapshot()


def test_65_views_hide_the_other_hand_and_the_deck_order() -> None:
    """Hidden information: a seat's view holds its own hand and only the size of the
    other hand and of the draw pile; a spectator sees no hand; the other player's face-
    down initiative card is not in the view."""
    state, _ = new_state(forces(), 9)
    w = state.world
    mine, theirs = state.view(0), state.view(1)
    assert mine.hand == tuple(w.hands[0]) and theirs.hand == tuple(w.hands[1])
    assert mine.hand_sizes == (4, 4) and mine.draw_pile_size == len(w.draw_pile)
    assert state.view(None).hand == () and state.view(None).candidate_actions == ()
    text = repr(mine)
    assert not any(c in text for c in w.hands[1] if c not in w.hands[0])
    first = state.candidate_actions()[0]
    state.apply(first)  # seat 0 lays a card face down
    assert state.view(1).my_bids == () and state.view(0).my_bids != ()
    assert first.card not in repr(state.view(1))  # type: ignore[attr-defined]
