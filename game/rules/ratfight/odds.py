"""RatFight's chances, exact, from what a seat may know: which cards are still to come in
each resolution deck and which lie in its discard pile (never their order), and the
cards each side turns over.

A deck deals its draw pile in an unknown order, and when that runs out, the discard
pile shuffled (Cards; from rules version 3 the cards of a draw stay on the table until
it is decided, so nothing turned over in it comes back). A draw of more cards than the
pile holds therefore takes the whole pile and the rest from the discards: a
:class:`Stream` is that order, and every chance below is counted over it.

A shot at infantry: the firer keeps the best of his cards, the target the best of his
defence cards (1 in the open, 2 in soft cover, 3 in hard); the firer wins with the
better card; the very same card on both sides ends the turn (Interpretation 4).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb
from operator import truediv
from typing import Any

from game.core.memo import forget_on_new_game
from game.core.playing_cards import PlayingCard
from game.rules.ratfight.board import Board
from game.rules.ratfight.combat import defence_cards, shooting_cards
from game.rules.ratfight.model import Figure


@dataclass(frozen=True)
class Stream:
    """The order a seat's next cards come in: ``pile`` (its draw pile, any order), then
    ``discards`` (reshuffled when the pile is spent). Both sorted, so equal streams are
    equal whatever the true order."""

    pile: tuple[PlayingCard, ...]
    discards: tuple[PlayingCard, ...] = ()

    @property
    def segments(self) -> tuple[tuple[PlayingCard, ...], ...]:
        return (self.pile, self.discards)

    def __len__(self) -> int:
        return len(self.pile) + len(self.discards)


def stream(board: Board, seat: int) -> Stream:
    """``seat``'s resolution deck as a :class:`Stream` (the cards of a draw still on the
    table are in neither pile)."""
    deck = board.resolution[seat].deck
    return Stream(tuple(sorted(deck.draw_pile)), tuple(sorted(deck.discard_pile)))


@dataclass(frozen=True)
class ShotOdds:
    """One shot's draw: cards each side turns over, the cover counted, and the chances."""

    attacker_cards: int
    defender_cards: int
    cover: str
    win: Fraction
    identical: Fraction
    lose: Fraction


def shot_odds(board: Board, shooter: Figure, weapon_id: str, target: Figure) -> ShotOdds:
    """The chances of one shot of ``weapon_id`` by ``shooter`` at ``target``: infantry
    defends with its cover's cards, a vehicle with one card whatever it stands in
    (Shooting at Vehicles 1: no cover cards)."""
    k = shooting_cards(board, shooter, board.setting.weapons[weapon_id])
    d, cover = (1, "none") if target.vehicle else defence_cards(board, shooter, target)
    win, same, lose = volley_chances(
        stream(board, shooter.side), k, 1, stream(board, target.side), d
    )
    return ShotOdds(k, d, cover, win, same, lose)


Ratio = Callable[[int, int], Any]  # Fraction for exact answers, true division for bots


def best_of(cards: Stream, n: int) -> dict[PlayingCard, Fraction]:
    """The chance of each card being the best of the first ``n`` of ``cards``: the
    whole pile when it holds fewer, and the best of the rest from the discards."""
    return _best_of(cards, n, Fraction)


def _best_of(cards: Stream, n: int, ratio: Ratio) -> dict[PlayingCard, Any]:
    if not 1 <= n <= len(cards):
        raise ValueError(f"cannot turn over {n} of {len(cards)} cards")
    taken: PlayingCard | None = None  # best of the segments wholly dealt
    need = n
    for segment in cards.segments:
        if need > len(segment):
            if segment:
                top = max(segment)
                taken = top if taken is None or top > taken else taken
            need -= len(segment)
            continue
        total = comb(len(segment), need)
        out: dict[PlayingCard, Any] = {}
        for i, card in enumerate(segment):  # segments are sorted
            ways = comb(i + 1, need) - comb(i, need)
            if not ways:
                continue
            kept = card if taken is None or card > taken else taken
            out[kept] = out.get(kept, 0) + ratio(ways, total)
        return out
    assert taken is not None  # n == len(cards): every card dealt
    return {taken: ratio(1, 1)}


def volley_odds(
    mine: Sequence[PlayingCard], k: int, shots: int, defence: PlayingCard
) -> tuple[Fraction, Fraction, Fraction]:
    """:func:`volley_stream` with every card of ``mine`` in the draw pile."""
    return volley_stream(Stream(tuple(sorted(mine))), k, shots, defence)


def volley_stream(
    mine: Stream, k: int, shots: int, defence: PlayingCard
) -> tuple[Fraction, Fraction, Fraction]:
    """Exact chances of ``shots`` shots of ``k`` cards each against one kept defence
    card: (a shot wins, a shot keeps the very same card and the turn ends, every shot
    misses). The firer's cards come off ``mine`` in turn (the pile, then the
    discards), shot after shot; a shot wins when any of its cards beats ``defence``,
    and shooting stops at the first win or identical card (Firing 5; Interpretation 4).

    Given every card so far was below ``defence``, what is left of each segment is
    known by count, so each shot is a product over the segments it draws from."""
    win, cut, miss = _volley(mine, k, shots, defence, Fraction)
    return win, cut, miss


def _volley(
    mine: Stream, k: int, shots: int, defence: PlayingCard, ratio: Ratio
) -> tuple[Any, Any, Any]:
    left = [len(s) for s in mine.segments]
    low = [bisect_left(s, defence) for s in mine.segments]  # segments are sorted
    same = [int(low[i] < len(s) and s[low[i]] == defence) for i, s in enumerate(mine.segments)]
    win = cut = ratio(0, 1)
    reach = ratio(1, 1)  # the chance every card so far was below the defence card
    for _ in range(shots):
        need, takes = k, []
        for i, size in enumerate(left):
            m = min(need, size)
            if m:
                takes.append((i, m))
                need -= m
        if need or not reach:
            break  # not enough cards left, or an earlier shot surely ended it
        none_high = all_low = ratio(1, 1)
        for i, m in takes:
            none_high *= ratio(comb(low[i] + same[i], m), comb(left[i], m))
            all_low *= ratio(comb(low[i], m), comb(left[i], m))
        win += reach * (1 - none_high)
        cut += reach * (none_high - all_low)
        reach *= all_low
        if not reach:
            break
        for i, m in takes:
            left[i] -= m
            low[i] -= m
    return win, cut, 1 - win - cut


def volley_against(
    mine: Sequence[PlayingCard], k: int, shots: int, theirs: Sequence[PlayingCard], d: int
) -> tuple[Fraction, Fraction, Fraction]:
    """:func:`volley_chances` with every card of both decks in their draw piles."""
    return volley_chances(Stream(tuple(sorted(mine))), k, shots, Stream(tuple(sorted(theirs))), d)


@lru_cache(maxsize=512)
def volley_chances(
    mine: Stream, k: int, shots: int, theirs: Stream, d: int
) -> tuple[Fraction, Fraction, Fraction]:
    """:func:`volley_stream` averaged over the defender's kept card: the best of the
    first ``d`` cards of ``theirs`` (one shot: the plain best of k against best of d)."""
    win, cut, miss = _volley_chances(mine, k, shots, theirs, d, Fraction)
    return win, cut, miss


@lru_cache(maxsize=1024)
def volley_win(mine: Stream, k: int, shots: int, theirs: Stream, d: int) -> float:
    """The first of :func:`volley_chances` (a shot wins) in floating point, several
    times faster: for bots weighing many shots."""
    return float(_volley_chances(mine, k, shots, theirs, d, truediv)[0])


def _volley_chances(
    mine: Stream, k: int, shots: int, theirs: Stream, d: int, ratio: Ratio
) -> tuple[Any, Any, Any]:
    win = cut = miss = ratio(0, 1)
    for card, p in _best_of(theirs, d, ratio).items():
        w, c, m = _volley(mine, k, shots, card, ratio)
        win, cut, miss = win + p * w, cut + p * c, miss + p * m
    return win, cut, miss


@lru_cache(maxsize=256)
def damage_after_hit(mine: Stream, k: int, theirs: Stream, ap: int, armour: int) -> Fraction:
    """The chance that the damage draw after a hit with the first shot does damage:
    the firer turns over ``k`` cards to hit the vehicle's one card and wins, then one
    card each (Shooting at Vehicles 1-3); damage when his card plus ``ap`` beats the
    vehicle's card plus ``armour`` (an equal total is none, Interpretation 5) and the
    two are not the very same card (that ends the turn: Interpretation 4). Exact over
    both streams, the hit's cards still on the table; 0 when a hit is impossible.

    The firer's damage card is the (k+1)-th of his stream: uniform over the segment it
    falls in (``pool``), the hit's k cards being the segments before it (``pre``) and
    ``m`` others of ``pool``; whether they hit depends on the damage card only through
    whether it is above the vehicle's hit card."""
    pre: list[PlayingCard] = []
    pool: tuple[PlayingCard, ...] = ()
    m = k
    for segment in mine.segments:
        if m < len(segment):
            pool = segment
            break
        pre.extend(segment)
        m -= len(segment)
    n = len(pool)
    if not n:
        return Fraction(0)
    ranks = [c.rank for c in pool]  # pool is sorted: ranks ascending
    identity = set(pool)
    hit = hit_damage = Fraction(0)
    for v, p_v, seconds in _two_cards(theirs):
        below_v = bisect_right(pool, v)  # pool cards not above v (v itself included)
        pre_misses = all(c <= v for c in pre)
        # P(hit, and the damage card is a given x), for x not above v and for x above v
        miss_le = Fraction(comb(below_v - 1, m), comb(n - 1, m)) if below_v else Fraction(0)
        miss_gt = Fraction(comb(below_v, m), comb(n - 1, m))
        hit_le = (1 - pre_misses * miss_le) / n
        hit_gt = (1 - pre_misses * miss_gt) / n
        hit += p_v * (hit_le * below_v + hit_gt * (n - below_v))
        if not seconds:
            continue
        count_le = count_gt = 0
        for v2 in seconds:
            need = v2.rank + armour - ap  # the damage card's rank must be above this
            low_ranks = bisect_right(ranks, need)
            count_le += below_v - min(below_v, low_ranks)
            count_gt += n - max(below_v, low_ranks)
            if v2 in identity and v2.rank > need:  # the very same card: no damage
                if v2 <= v:
                    count_le -= 1
                else:
                    count_gt -= 1
        hit_damage += p_v * (hit_le * count_le + hit_gt * count_gt) / len(seconds)
    return hit_damage / hit if hit else Fraction(0)


# Keyed by the decks' cards in play: a game's own, let go when the next game starts.
for _odds in (volley_chances, volley_win, damage_after_hit):
    forget_on_new_game(_odds.cache_clear)


def _two_cards(
    cards: Stream,
) -> list[tuple[PlayingCard, Fraction, tuple[PlayingCard, ...]]]:
    """The first card of ``cards`` with its chance, and the equally likely second
    cards after it."""
    out: list[tuple[PlayingCard, Fraction, tuple[PlayingCard, ...]]] = []
    pile, discards = cards.pile, cards.discards
    first = pile if pile else discards
    for v in first:
        if len(pile) >= 2 or not pile:
            seconds = tuple(c for c in first if c != v)
        else:  # the pile's last card, then the reshuffled discards
            seconds = discards
        out.append((v, Fraction(1, len(first)), seconds))
    return out
