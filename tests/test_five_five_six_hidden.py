"""5.56mm hidden information: the order of the turn deck (2.3) and whether an enemy is
Hiding (4.2) or using Stealth (3.3) are not known to the other seat; views and
determinizations depend only on what the seat knows."""

from __future__ import annotations

from five_five_six_support import new_game
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.canonical import snapshot_digest
from game.core.rng import Rng
from game.rules.five_five_six.state import FiveFiveSixState


def _digest(state: FiveFiveSixState) -> str:
    return snapshot_digest(state)


def test_4_2_the_other_side_does_not_see_hide_or_stealth() -> None:
    """5.56mm 4.2/3.3: a Hiding or Stealthy character's own side sees it; the enemy's
    view shows neither."""
    state = new_game(seed=2)
    havers = state.board.characters["havers"]
    havers.hidden, havers.stealth = True, True
    own = state.view(0).characters["havers"]
    theirs = state.view(1).characters["havers"]
    spectator = state.view(None).characters["havers"]
    assert own.hidden and own.stealth
    assert not theirs.hidden and not theirs.stealth
    assert not spectator.hidden


def test_2_3_views_show_the_cards_drawn_but_not_the_order_left() -> None:
    state = new_game(seed=2)
    view = state.view(0)
    assert view.cards_left == state.board.deck.left()
    assert list(view.drawn) == state.board.deck.deck.discard_pile
    assert view.board.deck.deck.draw_pile == sorted(state.board.deck.deck.draw_pile)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), shuffle=st.integers(0, 10_000))
def test_2_3_determinize_ignores_the_true_deck_order_and_enemy_hiding(
    seed: int, shuffle: int
) -> None:
    """Two states that differ only in what seat 0 cannot know (the draw pile's order,
    the other side's Hide and Stealth) determinize alike for seat 0."""
    state = new_game(seed=seed)
    other = state.clone()
    Rng(shuffle).shuffle(other.board.deck.deck.draw_pile)
    for character in other.board.characters.values():
        if character.side == 1:
            character.hidden = character.stealth = True
    a = state.determinize(0, Rng(5))
    b = other.determinize(0, Rng(5))
    assert _digest(a) == _digest(b)
    assert sorted(a.board.deck.deck.draw_pile) == sorted(state.board.deck.deck.draw_pile)


def test_determinize_keeps_what_the_seat_knows() -> None:
    state = new_game(seed=8)
    state.board.characters["havers"].hidden = True
    mine = state.determinize(0, Rng(1))
    assert mine.board.characters["havers"].hidden
    assert mine.board.deck.deck.discard_pile == state.board.deck.deck.discard_pile
    assert mine.board.rng != state.board.rng
