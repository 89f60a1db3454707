"""Random play through ``game.core.random_play``: for every ruleset whose states draw their
own random actions, each draw is legal, repeatable from the same generator state, and
over a game reaches every kind of action the candidates list."""

from __future__ import annotations

import pytest

from game.ai.base import RandomBot
from game.core.api import Action
from game.core.random_play import SamplesActions, random_action
from game.core.registry import ruleset_ids
from game.core.rng import Rng
from game.core.session import Session

GAMES = 3
ACTION_CAP = 400
DRAWS_PER_CHECK = 24
CHECK_EVERY = 5


def _sampling_rulesets() -> list[str]:
    return [r for r in ruleset_ids() if isinstance(Session.new(r, 1).state, SamplesActions)]


class _Listed:
    """A stand-in source with only candidate actions (a property, as on views)."""

    def __init__(self, actions: tuple[Action, ...]) -> None:
        self.candidate_actions = actions


def test_without_a_sampler_the_draw_is_uniform_over_the_candidates() -> None:
    """The fallback picks among the listed candidates and refuses an empty list."""
    session = Session.new("tunnel_rat_bluff", 4)
    candidates = tuple(session.state.candidate_actions())
    drawn = {random_action(_Listed(candidates), Rng(i)) for i in range(200)}
    assert drawn == set(candidates)
    with pytest.raises(ValueError, match="no legal action"):
        random_action(_Listed(()), Rng(0))


def test_the_random_bot_draws_through_random_play() -> None:
    """The random bot's choice is the one ``random_action`` makes with the same generator."""
    session = Session.new("tunnel_rats", 9)
    seat = session.state.current_player()
    assert seat is not None
    view = session.state.view(seat)
    assert RandomBot(seat, Rng(5)).choose(view) == random_action(view, Rng(5))


@pytest.mark.parametrize("ruleset_id", _sampling_rulesets())
def test_sampled_actions_are_legal_repeatable_and_reach_every_kind(ruleset_id: str) -> None:
    listed_kinds: set[str] = set()
    drawn_kinds: set[str] = set()
    for game_no in range(GAMES):
        session = Session.new(ruleset_id, 300 + game_no)
        rng = Rng(game_no)
        for step in range(ACTION_CAP):
            state = session.state
            if state.outcome() is not None:
                break
            seat = state.current_player()
            assert seat is not None
            if step % CHECK_EVERY == 0:
                listed_kinds |= {type(a).__name__ for a in state.candidate_actions()}
                for k in range(DRAWS_PER_CHECK):
                    probe = random_action(state, Rng(1000 * game_no + k))
                    drawn_kinds.add(type(probe).__name__)
                    assert state.why_not(probe) is None, probe.to_str()
                    assert random_action(state.clone(), Rng(1000 * game_no + k)) == probe
                view = state.view(seat)
                if isinstance(view, SamplesActions):
                    assert view.why_not(view.random_action(Rng(step))) is None
            action = random_action(state, rng)
            assert state.why_not(action) is None, action.to_str()
            session.apply(action)
    assert listed_kinds <= drawn_kinds, f"never drawn: {sorted(listed_kinds - drawn_kinds)}"


def test_first_fit_is_uniform_among_the_items_that_give_something() -> None:
    """The lazy draw looks at items in a random order and returns the first that gives
    something: each of those equally often, the others never, and it stops early."""
    from collections import Counter

    from game.core.random_play import first_fit

    looked: list[int] = []

    def take(i: int) -> str | None:
        looked.append(i)
        return f"item {i}" if i % 3 == 0 else None

    counts = Counter(first_fit(Rng(seed), range(12), take) for seed in range(3000))
    assert set(counts) == {"item 0", "item 3", "item 6", "item 9"}
    assert all(600 < n < 900 for n in counts.values()), counts
    assert len(looked) < 3000 * 12 / 2  # on average about three items a draw, not twelve
    assert first_fit(Rng(1), range(12), lambda i: None) is None


def test_weighted_fit_follows_the_weights_and_drops_what_gives_nothing() -> None:
    from collections import Counter

    from game.core.random_play import weighted_fit
    from game.rules.sixty_five.actions import Draw, Pass

    options = [(1, lambda: Pass()), (3, lambda: Draw()), (5, lambda: None), (0, lambda: Pass())]
    counts = Counter(type(weighted_fit(Rng(s), list(options))).__name__ for s in range(4000))
    assert set(counts) == {"Pass", "Draw"}
    assert 2.4 < counts["Draw"] / counts["Pass"] < 3.7, counts
    assert weighted_fit(Rng(0), [(2, lambda: None)]) is None
