"""RatFight's chances, exact, from what a seat may know: the cards still to come in each
resolution deck (which cards, not their order) and the cards each side turns over.

A shot at infantry: the firer keeps the best of his cards, the target the best of his
defence cards (1 in the open, 2 in soft cover, 3 in hard); the firer wins with the
better card; the very same card on both sides ends the turn (Interpretation 4).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

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
