"""RatFight's exact odds (``game/rules/ratfight/odds.py``, shared by ``explain`` and the
bot) when a deck holds fewer cards than a draw needs, and the damage draw's identical
cards.

Cards: a player draws his pile's cards, and when it is spent shuffles the discards and
draws on (the cards of the draw still on the table stay out, rules version 3). Every
chance is counted over that order: the pile in any order, then the discards in any
order, checked here against counting every such order."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.ratfight.bot import beat_with_bonus, draw_win
from game.core.playing_cards import PlayingCard, full_deck
from game.rules.ratfight.actions import Fire
from game.rules.ratfight.odds import Stream, best_of, damage_after_hit, volley_chances
from game.rules.ratfight.state import RatFightState
from tests.ratfight_support import become, hand, new_game, only, place

DECK = full_deck()
C = PlayingCard.parse


def _orders(cards: Stream) -> list[tuple[PlayingCard, ...]]:
    return [
        a + b
        for a in itertools.permutations(cards.pile)
        for b in itertools.permutations(cards.discards)
    ]


def _brute(
    mine: Stream, k: int, shots: int, theirs: Stream, d: int, ap: int, armour: int
) -> tuple[Fraction, Fraction, Fraction]:
    """Every order of both decks: (a shot wins, the turn ends on identical cards,
    P(damage after a hit with the first shot, d = 1))."""
    win = cut = hits = damages = total = 0
    for a in _orders(mine):
        for v in _orders(theirs):
            total += 1
            kept = max(v[:d])
            for shot in range(shots):
                cards = a[shot * k : shot * k + k]
                if len(cards) < k:
                    break
                if max(cards) > kept:
                    win += 1
                    break
                if max(cards) == kept:
                    cut += 1
                    break
            if len(v) > 1 and len(a) > k and max(a[:k]) > v[0]:
                hits += 1
                x, v2 = a[k], v[1]
                damages += x.value + ap > v2.value + armour and x != v2
    return Fraction(win, total), Fraction(cut, total), Fraction(damages, hits or 1)


@st.composite
def _streams(draw: st.DrawFn) -> tuple[Stream, Stream]:
    """Two small decks sharing cards (each side has its own 52): a pile of 0-3 cards and
    0-3 discards each."""
    pool = draw(st.lists(st.sampled_from(DECK), min_size=8, max_size=8, unique=True))
    decks = []
    for _ in range(2):
        pile = draw(st.integers(0, 3))
        discards = draw(st.integers(1 if pile < 2 else 0, 3))
        cards = draw(st.permutations(pool))[: pile + discards]
        decks.append(Stream(tuple(sorted(cards[:pile])), tuple(sorted(cards[pile:]))))
    return decks[0], decks[1]


@settings(max_examples=150, deadline=None)
@given(_streams(), st.integers(1, 2), st.integers(1, 2), st.integers(1, 2))
def test_ratfight_cards_odds_are_exact_when_a_deck_runs_short_mid_draw(
    decks: tuple[Stream, Stream], k: int, shots: int, d: int
) -> None:
    mine, theirs = decks
    if len(mine) < k * shots or len(theirs) < d:
        return
    win, cut, _ = _brute(mine, k, shots, theirs, d, 0, 0)
    assert volley_chances(mine, k, shots, theirs, d)[:2] == (win, cut)


@settings(max_examples=150, deadline=None)
@given(_streams(), st.integers(1, 2), st.integers(0, 4), st.integers(0, 3))
def test_ratfight_shooting_at_vehicles_damage_chance_is_exact_and_identical_cards_do_none(
    decks: tuple[Stream, Stream], k: int, ap: int, armour: int
) -> None:
    mine, theirs = decks
    if len(mine) < k + 1 or len(theirs) < 2:
        return
    assert (
        damage_after_hit(mine, k, theirs, ap, armour)
        == _brute(mine, k, 1, theirs, 1, ap, armour)[2]
    )


def test_ratfight_cards_best_of_takes_the_whole_pile_then_the_discards() -> None:
    """Two cards from a pile of one (the ace of clubs, lowest of all): the ace and one
    of the discards, so the best is each discard equally often."""
    rest = tuple(c for c in DECK if c != C("AC"))
    chances = best_of(Stream((C("AC"),), rest), 2)
    assert chances == {c: Fraction(1, 51) for c in rest}


def _rifleman_at_guard(pile: list[str]) -> tuple[RatFightState, Fire]:
    """Pellier Farm: Rifleman r1 fires his rifle's two-shot mode at g1 in the open, 5"
    away; his pile holds only ``pile`` (the rest of his deck is in the discards)."""
    state = new_game()
    b = state.board
    only(b, "r1", "g1")
    place(b, "r1", 30, 20)
    place(b, "g1", 30, 14)
    hand(b, 0, "fire_one")
    deck = b.resolution[0].deck
    held = [C(c) for c in pile]
    deck.draw_pile, deck.discard_pile = held, [c for c in DECK if c not in held]
    action = Fire("r1", "semi_auto_rifle", "g1", 2)
    assert state.why_not(action) is None
    return state, action


def test_ratfight_cards_explain_a_volley_from_a_deck_with_one_card_left() -> None:
    """One card, the king of spades, left for a two-shot volley: the first shot wins
    unless the guard turns up the very same king (1 in 52); the second shot never comes.
    Counted as a full deck it would have been about 0.74."""
    state, action = _rifleman_at_guard(["KS"])
    answer = state.explain(action)
    assert answer.outcomes["target Down"] == pytest.approx(51 / 52)
    assert answer.outcomes["identical cards: the turn ends"] == pytest.approx(1 / 52)
    assert answer.outcomes["no effect"] == pytest.approx(0.0)


def test_ratfight_cards_explain_a_short_deck_with_a_low_card_left() -> None:
    """The ace of clubs left: the first shot surely misses (nothing is below it) and the
    second draws from the 51 reshuffled discards against the same defence card."""
    state, action = _rifleman_at_guard(["AC"])
    answer = state.explain(action)
    rest = [c for c in DECK if c != C("AC")]
    win = Fraction(0)
    for defence in DECK:  # the guard's card, from his full deck
        if defence == C("AC"):
            continue  # the very same ace: the first shot ends the turn
        win += Fraction(sum(1 for c in rest if c > defence), 51 * 52)
    assert answer.outcomes["target Down"] == pytest.approx(float(win))
    # the guard's ace of clubs (1 in 52), or his card again among the 51 (1 in 51)
    assert answer.outcomes["identical cards: the turn ends"] == pytest.approx(
        float(Fraction(1, 52) + Fraction(51, 52) * Fraction(1, 51))
    )


def test_ratfight_shooting_at_vehicles_identical_damage_cards_do_no_damage() -> None:
    """Col de Brume: the rocket man fires his bazooka (armour piercing 4) at the supply
    lorry (no armour). His pile: the king of spades and the 7 of hearts; the lorry's:
    the 2 of clubs and the 7 of hearts. Of the four orders, one ends the turn on the
    hit (7 of hearts both) and three hit; of those, one draws the 7 of hearts on both
    sides for damage, which ends the turn and does nothing: damage 2 in 3, not 1."""
    state = new_game("convoy")
    b = state.board
    only(b, "lorry", "rk1")
    place(b, "lorry", 20, 30, 0)
    place(b, "rk1", 20, 20)
    hand(b, 1, "fire_one")
    for seat, pile in ((1, ["KS", "7H"]), (0, ["2C", "7H"])):
        deck = b.resolution[seat].deck
        held = [C(c) for c in pile]
        deck.draw_pile, deck.discard_pile = held, [c for c in DECK if c not in held]
    action = Fire("rk1", "bazooka", "lorry")
    assert state.why_not(action) is None
    answer = state.explain(action)
    assert answer.numbers["damage_chance_per_hit"] == pytest.approx(2 / 3, abs=1e-4)
    assert answer.outcomes["hit: the damage draw follows"] == pytest.approx(3 / 4)
    assert answer.outcomes["identical cards: the turn ends"] == pytest.approx(1 / 4)


def test_ratfight_ai_uses_the_same_exact_odds_as_explain() -> None:
    """The bot's chance of a volley is the calculator's, short deck included; its
    full-deck damage weight leaves out the identical cards too."""
    state, action = _rifleman_at_guard(["KS"])
    b = state.board
    assert draw_win(b, 0, 1, 2, 1, 1) == pytest.approx(51 / 52)
    same_total = sum(1 for a in DECK for c in DECK if a.value + 1 > c.value and a != c)
    assert beat_with_bonus(1) == pytest.approx(same_total / 2704)
    assert beat_with_bonus(1) < sum(1 for a in DECK for c in DECK if a.value + 1 > c.value) / 2704


def test_ratfight_explain_full_decks_are_unchanged_by_the_stream() -> None:
    """Nothing drawn yet: the pile is the whole deck, the old numbers stand."""
    state = new_game()
    b = state.board
    only(b, "r1", "g1")
    place(b, "r1", 30, 20)
    place(b, "g1", 30, 14)
    hand(b, 0, "fire_one")
    become(b, "g1", "rifleman")
    answer = state.explain(Fire("r1", "semi_auto_rifle", "g1", 1))
    assert answer.outcomes["target Down"] == pytest.approx(1326 / 2704)
