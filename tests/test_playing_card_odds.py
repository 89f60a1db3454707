"""Exact draw odds for playing-card contests (game.core.playing_cards.best_card_odds),
checked against counting every way the cards can come."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.playing_cards import PlayingCard, best_card_odds, full_deck

DECK = full_deck()


def _count(
    mine: list[PlayingCard], k: int, theirs: list[PlayingCard], d: int
) -> tuple[Fraction, ...]:
    win = same = lose = 0
    for a in combinations(mine, k):
        for b in combinations(theirs, d):
            x, y = max(a), max(b)
            if x == y:
                same += 1
            elif x > y:
                win += 1
            else:
                lose += 1
    total = win + same + lose
    return Fraction(win, total), Fraction(same, total), Fraction(lose, total)


@settings(max_examples=60, deadline=None)
@given(
    mine=st.lists(st.sampled_from(DECK), min_size=1, max_size=9, unique=True),
    theirs=st.lists(st.sampled_from(DECK), min_size=1, max_size=9, unique=True),
    k=st.integers(1, 3),
    d=st.integers(1, 3),
)
def test_best_card_odds_equal_a_full_count(
    mine: list[PlayingCard], theirs: list[PlayingCard], k: int, d: int
) -> None:
    k, d = min(k, len(mine)), min(d, len(theirs))
    assert best_card_odds(mine, k, theirs, d) == _count(mine, k, theirs, d)


def test_ratfight_firing_one_card_against_one_from_full_decks() -> None:
    """RatFight Firing: one card each from full decks. I win unless they beat me or we
    turn over the very same card (1 in 52, which ends the turn): (1 - 1/52) / 2 each."""
    win, same, lose = best_card_odds(DECK, 1, DECK, 1)
    assert same == Fraction(1, 52)
    assert win == lose == Fraction(51, 104)


def test_ratfight_soft_and_hard_cover_give_the_defender_2_and_3_cards() -> None:
    """More defence cards make the shot harder: 1 v 1 > 1 v 2 > 1 v 3."""
    odds = [best_card_odds(DECK, 1, DECK, d)[0] for d in (1, 2, 3)]
    assert odds[0] > odds[1] > odds[2] > 0


def test_best_card_odds_refuses_more_cards_than_there_are() -> None:
    with pytest.raises(ValueError):
        best_card_odds(DECK[:2], 3, DECK, 1)


def test_ratfight_shot_odds_count_the_cards_still_in_each_deck() -> None:
    """RatFight Firing: the chance is counted over the cards left in each resolution
    deck (known from the discards), and grows when the defender's high cards are gone."""
    from game.core.session import Session
    from game.rules.ratfight.odds import shot_odds

    state = Session.new("ratfight", 3).state
    board = state.board  # type: ignore[attr-defined]
    shooter = next(f for f in board.figures.values() if f.side == 0 and f.unit.weapons)
    target = next(f for f in board.figures.values() if f.side == 1 and f.infantry)
    weapon = shooter.unit.weapons[0]
    before = shot_odds(board, shooter, weapon, target)
    assert before.win + before.identical + before.lose == 1
    pile = board.resolution[1].deck.draw_pile
    board.resolution[1].deck.draw_pile = [c for c in pile if c.rank < 12]  # no Q or K left
    after = shot_odds(board, shooter, weapon, target)
    assert after.win > before.win
    assert (
        after.win
        == best_card_odds(
            list(board.resolution[0].deck.draw_pile),
            after.attacker_cards,
            board.resolution[1].deck.draw_pile,
            after.defender_cards,
        )[0]
    )
