"""What the search bot knows of each ruleset: budget, rollout policy, leaf evaluation.

``make_search_bot(ruleset_id, seat, rng)`` builds the ``mcts`` bot. A ruleset with a
heuristic bot (``register_ai`` in ``game/ai/<ruleset>.py``) lends it to the search as
the root prior (a bot of the same seat, asked with the real view, whose choice the
search favours until its playouts show better; see ``MctsBot``) and, where
``heuristic_rollouts`` is set, as the rollout policy; every other ruleset gets
random rollouts. A game's own AI module (the one beside its leaf evaluation) tunes its
search with ``register_search_hints``; there is no central list, and a game without
hints gets the defaults, so every ruleset has a search opponent from its first day.

The evaluations below read a determinized state, which is a full state, so they may
look at anything in it: it holds nothing the deciding seat knows for certain that it
should not (see ``game.ai.mcts``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.ai.base import Bot
from game.ai.easy import SLIP, TEMPERATURE
from game.ai.hard import HardConfig
from game.ai.mcts import (
    Evaluator,
    MctsBot,
    RolloutPolicy,
    SearchConfig,
    SearchState,
    random_rollout,
)
from game.ai.registry import BotFactory, heuristic_factory, load_ai
from game.core.api import Action
from game.core.rng import Rng


@dataclass(frozen=True)
class SearchHints:
    """A ruleset's search settings.

    ``config``: budget and shape of the search (playouts chosen so a decision stays
    within 250 ms p95 on the reference machine, see docs/architecture.md "Search AI").
    ``evaluate``: each seat's chance of winning at the rollout cut (``None``: 0.5).
    ``heuristic_rollouts``: roll out with the heuristic bot instead of at random.
    ``heuristic_prior``: the heuristic bot of the same seat is the root prior.
    ``search_is_best``: ``ai`` plays this search instead of the heuristic bot.
    ``hard``: the budget and shape of the ``hard`` level's search (``game.ai.hard``).
    ``hard_evaluate``: the ``hard`` level's leaf evaluation where it differs from the
    ruleset's registered one (``None``: that one), e.g. one that reads short rollouts
    more finely than the other levels need.
    ``easy_slip``, ``easy_temperature``: how often the ``easy`` level slips and how
    blindly it picks then (``game.ai.easy``).
    """

    config: SearchConfig = field(default_factory=SearchConfig)
    evaluate: Evaluator | None = None
    heuristic_rollouts: bool = False
    heuristic_prior: bool = True
    search_is_best: bool = False
    hard: HardConfig = field(default_factory=HardConfig)
    hard_evaluate: Evaluator | None = None
    easy_slip: float = SLIP
    easy_temperature: float = TEMPERATURE


_HINTS: dict[str, SearchHints] = {}


def register_search_hints(ruleset_id: str, hints: SearchHints) -> None:
    """Tune the search for one ruleset (last registration wins)."""
    _HINTS[ruleset_id] = hints


def hints_for(ruleset_id: str) -> SearchHints:
    """The ruleset's hints (its AI modules loaded first), or the defaults."""
    load_ai()
    return _HINTS.get(ruleset_id, SearchHints())


class HeuristicPolicy:
    """A heuristic bot playing inside a search: one bot per seat, asked with the view
    of the (determinized) state. ``reset`` forgets the bots, and with them any memory
    they keep between decisions; the search resets it before each decision."""

    def __init__(self, factory: BotFactory) -> None:
        self.factory = factory
        self._bots: dict[int, Bot[Any]] = {}

    def reset(self) -> None:
        self._bots.clear()

    def __call__(self, state: SearchState, seat: int, rng: Rng) -> Action:
        bot = self._bots.get(seat)
        if bot is None:
            bot = self._bots[seat] = self.factory(seat, Rng(rng.next_u64()))
        return bot.choose(state.view(seat))


def make_search_bot(
    ruleset_id: str,
    seat: int,
    rng: Rng,
    *,
    config: SearchConfig | None = None,
    clock: Callable[[], float] | None = None,
) -> MctsBot:
    """The ``mcts`` bot for ``ruleset_id`` with its registered hints (``config``
    overrides their budget; ``clock`` enables the time budget ``config.seconds``)."""
    hints = hints_for(ruleset_id)
    heuristic = heuristic_factory(ruleset_id)
    rollout: RolloutPolicy = random_rollout
    prior: Bot[Any] | None = None
    if heuristic is not None:
        if hints.heuristic_rollouts:
            rollout = HeuristicPolicy(heuristic)
        if hints.heuristic_prior:
            prior = heuristic(seat, Rng(rng.next_u64()))
    return MctsBot(
        seat,
        rng,
        config or hints.config,
        rollout=rollout,
        evaluate=hints.evaluate,
        prior=prior,
        clock=clock,
    )
