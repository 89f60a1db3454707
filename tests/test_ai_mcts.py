"""The information-set MCTS bot (game/ai/mcts.py) on a toy game and on every ruleset."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mcts_toy import NimState, NimView, PlayCard, Take, new_nim

from game.ai.mcts import MctsBot, SearchConfig
from game.ai.registry import make_bot
from game.ai.search_hints import make_search_bot
from game.core.api import Action
from game.core.registry import get_ruleset, ruleset_ids
from game.core.rng import Rng
from game.core.session import Session


def test_same_rng_same_choice() -> None:
    state = new_nim(9, [[3, 4], [3, 5]], [4, 5, 3])
    picks = {MctsBot(0, Rng(7), SearchConfig(playouts=150)).choose(state.view(0)) for _ in range(3)}
    assert len(picks) == 1


def test_takes_the_immediate_win_among_distractors() -> None:
    state = new_nim(4, [[4, 3], [1, 1]], [2, 2])
    for seed in range(5):
        assert MctsBot(0, Rng(seed), SearchConfig(playouts=200)).choose(state.view(0)) == (
            PlayCard(4)
        )


def test_finds_a_three_ply_forced_win() -> None:
    """Take-one-or-two Nim with no cards: from 5 stones only taking 2 (leaving a
    multiple of three) wins against every reply."""
    state = new_nim(5, [[], []])
    for seed in range(5):
        bot = MctsBot(0, Rng(seed), SearchConfig(playouts=300))
        assert bot.choose(state.view(0)) == Take(2)


def test_avoids_the_moves_that_hand_over_the_win() -> None:
    """4 stones, a 3-card in hand, only 1-cards unseen: playing the 3 or taking 2 leaves
    the opponent the last stones; taking 1 leaves 3, and every reply loses to us."""
    state = new_nim(4, [[3], [1]], [1])
    for seed in range(5):
        choice = MctsBot(0, Rng(seed), SearchConfig(playouts=300)).choose(state.view(0))
        assert choice == Take(1)


class _FixedBot:
    """A prior that always names one action (and counts how often it was asked)."""

    def __init__(self, action: Action) -> None:
        self.seat = 0
        self.action = action
        self.asked = 0

    def choose(self, view: Any) -> Action:
        self.asked += 1
        return self.action


def test_a_prior_is_followed_where_the_playouts_agree_and_overruled_where_they_do_not() -> None:
    # 9 stones, no cards: taking 1 or 2 both lose against best play, so the playouts
    # cannot tell them apart and the prior's choice stands.
    level = new_nim(9, [[], []])
    for choice in (Take(1), Take(2)):
        prior = _FixedBot(choice)
        bot = MctsBot(0, Rng(2), SearchConfig(playouts=60), prior=prior)
        assert bot.choose(level.view(0)) == choice
        assert prior.asked == 1  # once a decision, with the real view
    # 5 stones: the prior's Take(1) leaves 4 and loses; the search finds Take(2).
    bot = MctsBot(0, Rng(2), SearchConfig(playouts=300), prior=_FixedBot(Take(1)))
    assert bot.choose(new_nim(5, [[], []]).view(0)) == Take(2)


@settings(max_examples=25, deadline=None)
@given(
    pile=st.integers(min_value=3, max_value=12),
    mine=st.lists(st.integers(min_value=1, max_value=5), min_size=1, max_size=3),
    unseen=st.lists(st.integers(min_value=1, max_value=5), min_size=2, max_size=6),
    split=st.integers(min_value=1, max_value=5),
    seed=st.integers(min_value=0, max_value=2**32),
    data=st.data(),
)
def test_choice_depends_only_on_what_the_seat_knows(
    pile: int,
    mine: list[int],
    unseen: list[int],
    split: int,
    seed: int,
    data: st.DataObject,
) -> None:
    """Two states that differ only in the opponent's hidden hand and the stock order
    (the same unseen cards, dealt differently) get the same choice."""
    split = min(split, len(unseen) - 1)
    other = data.draw(st.permutations(unseen))
    a = new_nim(pile, [mine, unseen[:split]], unseen[split:])
    b = new_nim(pile, [mine, other[:split]], other[split:])
    bot_a = MctsBot(0, Rng(seed), SearchConfig(playouts=40))
    bot_b = MctsBot(0, Rng(seed), SearchConfig(playouts=40))
    assert bot_a.choose(a.view(0)) == bot_b.choose(b.view(0))


def test_respects_the_playout_budget_and_the_clock() -> None:
    state = new_nim(12, [[3, 4], [3, 5]], [4, 5, 3])
    bot = MctsBot(0, Rng(1), SearchConfig(playouts=37))
    bot.choose(state.view(0))
    assert bot.last_playouts == 37
    ticks = iter(range(1000))
    timed = MctsBot(
        0, Rng(1), SearchConfig(playouts=500, seconds=5.0), clock=lambda: float(next(ticks))
    )
    timed.choose(state.view(0))
    assert timed.last_playouts == 5  # one tick a playout, five seconds allowed
    with pytest.raises(ValueError, match="clock"):
        MctsBot(0, Rng(1), SearchConfig(seconds=1.0))


def test_never_mutates_the_view() -> None:
    state = new_nim(10, [[3, 4], [3, 5]], [4, 5, 3])
    view = state.view(0)
    before = (view.pile, view.hand, view.candidate_actions, view._state.clone().__dict__)
    MctsBot(0, Rng(3), SearchConfig(playouts=100)).choose(view)
    after = (view.pile, view.hand, view.candidate_actions, view._state.__dict__)
    assert repr(before) == repr(after)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), pile=st.integers(3, 15))
def test_choice_is_always_a_candidate(seed: int, pile: int) -> None:
    state: NimState = new_nim(pile, [[2, 5], [3, 4]], [1, 2, 3])
    while state.outcome() is None:
        seat = state.current_player()
        assert seat is not None
        view = NimView(state, seat)
        action = MctsBot(seat, Rng(seed), SearchConfig(playouts=20)).choose(view)
        assert action in view.candidate_actions
        state.apply(action)


# -- every registered ruleset ----------------------------------------------------------
@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_plays_every_ruleset_for_a_few_decisions(ruleset_id: str) -> None:
    seats = get_ruleset(ruleset_id).seats
    session = Session.new(ruleset_id, 11, undo=False)
    bots = [make_bot("mcts", ruleset_id, i, Rng(i)) for i in range(len(seats))]
    decisions = 0
    while session.state.outcome() is None and decisions < 6:
        seat = session.state.current_player()
        assert seat is not None
        view = session.state.view(seat)
        offered = tuple(view.candidate_actions)
        bot = bots[seat]
        assert isinstance(bot, MctsBot)
        action: Action = bot.choose(view)
        assert action in offered
        session.apply(action)
        decisions += 1
    assert decisions > 0


@settings(max_examples=10, deadline=None)
@given(
    first=st.integers(min_value=0, max_value=2**32),
    second=st.integers(min_value=0, max_value=2**32),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_bluff_rat_choice_ignores_the_hidden_deck(first: int, second: int, seed: int) -> None:
    """Two Tunnel Rat games dealt from different seeds: after the VC's draw the Rat sees
    the same table (only the deck order, the drawn card and future dice differ), so the
    search, playing out ``view.determinize`` copies, chooses the same."""
    views = []
    for game_seed in (first, second):
        session = Session.new("tunnel_rat_bluff", game_seed, undo=False)
        session.apply("draw")
        views.append(session.state.view(0))
    assert views[0] == views[1]
    picks = {
        make_search_bot("tunnel_rat_bluff", 0, Rng(seed), config=SearchConfig(playouts=30)).choose(
            v
        )
        for v in views
    }
    assert len(picks) == 1
