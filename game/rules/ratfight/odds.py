"""RatFight's chances, exact, from what a seat may know: the cards still to come in each
resolution deck (which cards, not their order) and the cards each side turns over.

A shot at infantry: the firer keeps the best of his cards, the target the best of his
defence cards (1 in the open, 2 in soft cover, 3 in hard); the firer wins with the
better card; the very same card on both sides ends the turn (Interpretation 4).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

from game.core.playing_cards import PlayingCard, best_card_odds, full_deck
from game.rules.ratfight.board import Board
from game.rules.ratfight.combat import defence_cards, shooting_cards
from game.rules.ratfight.model import Figure


@dataclass(frozen=True)
class ShotOdds:
    """One shot's draw: cards each side turns over, the cover counted, and the chances."""

    attacker_cards: int
    defender_cards: int
    cover: str
    win: Fraction
    identical: Fraction
    lose: Fraction


def cards_to_come(board: Board, seat: int, needed: int) -> list[PlayingCard]:
    """The cards ``seat`` may turn over next: its deck's draw pile, or the whole deck
    when fewer than ``needed`` are left (the discards are shuffled in)."""
    pile = list(board.resolution[seat].deck.draw_pile)
    return pile if len(pile) >= needed else full_deck()


def shot_odds(board: Board, shooter: Figure, weapon_id: str, target: Figure) -> ShotOdds:
    """The chances of one shot of ``weapon_id`` by ``shooter`` at infantry ``target``."""
    k = shooting_cards(board, shooter, board.setting.weapons[weapon_id])
    d, cover = defence_cards(board, shooter, target)
    win, same, lose = best_card_odds(
        cards_to_come(board, shooter.side, k), k, cards_to_come(board, target.side, d), d
    )
    return ShotOdds(k, d, cover, win, same, lose)


def volley_odds(
    mine: list[PlayingCard], k: int, shots: int, defence: PlayingCard
) -> tuple[Fraction, Fraction, Fraction]:
    """Exact chances of ``shots`` shots of ``k`` cards each against one kept defence
    card: (a shot wins, a shot keeps the very same card and the turn ends, every shot
    misses). The firer's cards come off ``mine`` without replacement, shot after shot;
    a shot wins when any of its cards beats ``defence``, and shooting stops at the first
    win or identical card (Firing 5; Interpretation 4)."""
    pool = len(mine)
    above = sum(1 for c in mine if c > defence)
    same = sum(1 for c in mine if c == defence)
    below = pool - above - same
    win = cut = Fraction(0)
    reach = Fraction(1)  # the chance every card so far was below the defence card
    left, low = pool, below
    for _ in range(shots):
        if left < k:
            break
        if low < 0:
            break  # no low cards left: an earlier shot was sure to have ended it
        none_high = Fraction(comb(low + same, k), comb(left, k))
        all_low = Fraction(comb(low, k), comb(left, k))
        win += reach * (1 - none_high)
        cut += reach * (none_high - all_low)
        reach *= all_low
        left, low = left - k, low - k
    return win, cut, 1 - win - cut


def volley_against(
    mine: list[PlayingCard], k: int, shots: int, theirs: list[PlayingCard], d: int
) -> tuple[Fraction, Fraction, Fraction]:
    """:func:`volley_odds` averaged over the defender's kept card: the best of ``d``
    cards from ``theirs``."""
    pool = sorted(theirs)
    total = comb(len(pool), d)
    win = cut = miss = Fraction(0)
    for i, card in enumerate(pool):
        p_best = Fraction(comb(i + 1, d) - comb(i, d), total)
        if not p_best:
            continue
        w, c, m = volley_odds(mine, k, shots, card)
        win, cut, miss = win + p_best * w, cut + p_best * c, miss + p_best * m
    return win, cut, miss
