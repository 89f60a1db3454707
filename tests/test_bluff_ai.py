"""The card-counting Rat: exact values and a clear edge over the random Rat."""

from __future__ import annotations

from game.ai.match import play_match
from game.ai.registry import make_bot
from game.ai.tunnel_rat_bluff.bot import guess_values, win_chance
from game.core.rng import Rng, derive_seed
from game.rules.tunnel_rat_bluff.actions import Call, Draw, Guess
from game.rules.tunnel_rat_bluff.cards import Card
from game.rules.tunnel_rat_bluff.events import RAT, VC
from game.rules.tunnel_rat_bluff.state import BluffState


def test_win_chance_boundaries() -> None:
    goal = (5, 5)
    assert win_chance(3, 3, 3, 5, 0, goal) == 1.0
    assert win_chance(3, 3, 3, 0, 5, goal) == 0.0
    assert win_chance(0, 0, 0, 2, 1, goal) == 1.0  # deck-out rule: more tunnels
    assert win_chance(0, 0, 0, 1, 1, goal) == 0.0  # tie goes to the VC
    # only tunnels left and one needed: certain win by advancing
    assert win_chance(0, 0, 1, 4, 4, goal) == 1.0


def test_the_rat_calls_what_is_certain_when_only_one_kind_is_left() -> None:
    state = BluffState.new(3)
    state.deck = [Card.TRAP] * 3
    state.discard = [Card.VC] * 7 + [Card.TRAP] * 7
    state.tunnels = [Card.TUNNEL] * 4
    state.casualties = [Card.VC] * 3  # one more makes a deck-out tie: a VC win
    state.discard += [Card.TUNNEL] * 16
    state.apply(Draw())
    values = guess_values(state.view(RAT))
    assert values[Guess.SEARCH] == 1.0
    assert values[Guess.SHOOT] == 0.0 and values[Guess.ADVANCE] == 0.0
    bot = make_bot("ai", "tunnel_rat_bluff", RAT, Rng(1))
    assert bot.choose(state.view(RAT)) == Call(Guess.SEARCH)


def test_ai_only_draws_as_the_vc() -> None:
    bot = make_bot("ai", "tunnel_rat_bluff", VC, Rng(1))
    assert bot.choose(BluffState.new(1).view(VC)) == Draw()


def test_counting_rat_beats_the_random_rat_by_a_wide_margin() -> None:
    """Over 600 seeded games the counting Rat wins far more often than a random Rat."""

    def rat_wins(spec: str) -> int:
        wins = 0
        for i in range(600):
            result = play_match("tunnel_rat_bluff", derive_seed(99, i), [spec, "random"])
            assert result.outcome is not None
            wins += result.outcome.winners == (RAT,)
        return wins

    ai, rnd = rat_wins("ai"), rat_wins("random")
    assert ai > 0.42 * 600 and rnd < 0.2 * 600, (ai, rnd)
