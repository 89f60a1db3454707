"""What the search bot knows of each ruleset: budget, rollout policy, leaf evaluation.

``make_search_bot(ruleset_id, seat, rng)`` builds the ``mcts`` bot. A ruleset with a
heuristic bot (``register_ai`` in ``game/ai/<ruleset>.py``) lends it to the search as
the root prior (a bot of the same seat, asked with the real view, whose choice the
search favours until its playouts show better; see ``MctsBot``) and, where
``heuristic_rollouts`` is set, as the rollout policy; every other ruleset gets
random rollouts. ``register_search_hints`` tunes a ruleset; one without hints gets the
defaults, so every ruleset has a search opponent from its first day.

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
from game.ai.eval_five_five_six import five_five_six_evaluation
from game.ai.eval_ratfight import ratfight_evaluation
from game.ai.eval_sixty_five import sixty_five_victory_points
from game.ai.eval_transformers_skirmish import skirmish_hits
from game.ai.eval_tunnel_rats import tunnel_rats_losses
from game.ai.hard import HardConfig
from game.ai.mcts import (
    Evaluator,
    MctsBot,
    RolloutPolicy,
    SearchConfig,
    SearchState,
    random_rollout,
)
from game.ai.registry import BotFactory, heuristic_factory
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
    ``easy_slip``, ``easy_temperature``: how often the ``easy`` level slips and how
    blindly it picks then (``game.ai.easy``).
    """

    config: SearchConfig = field(default_factory=SearchConfig)
    evaluate: Evaluator | None = None
    heuristic_rollouts: bool = False
    heuristic_prior: bool = True
    search_is_best: bool = False
    hard: HardConfig = field(default_factory=HardConfig)
    easy_slip: float = SLIP
    easy_temperature: float = TEMPERATURE


_HINTS: dict[str, SearchHints] = {}


def register_search_hints(ruleset_id: str, hints: SearchHints) -> None:
    """Tune the search for one ruleset (last registration wins)."""
    _HINTS[ruleset_id] = hints


def hints_for(ruleset_id: str) -> SearchHints:
    """The ruleset's hints, or the defaults."""
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


# -- the rulesets (their evaluations live in game/ai/eval_<ruleset>.py) -------------------
register_search_hints(
    "tunnel_rat_bluff",
    SearchHints(
        config=SearchConfig(playouts=200, rollout_depth=200),
        heuristic_rollouts=True,
        hard=HardConfig(rollout_depth=200, playouts=200),
    ),
)
register_search_hints(
    "transformers_skirmish",
    SearchHints(
        config=SearchConfig(playouts=60, rollout_depth=20),
        evaluate=skirmish_hits,
        hard=HardConfig(ranked=1),  # fresh bots break ties among equal moves differently
    ),
)
register_search_hints(
    "tunnel_rats",
    SearchHints(config=SearchConfig(playouts=20, rollout_depth=8), evaluate=tunnel_rats_losses),
)
# '65 candidate lists are long (every path and target) and slow to build; a small budget
# keeps the search usable until the candidates are made cheaper. The heuristic bot
# (game/ai/sixty_five.py) is its root prior and plays ``ai``.
# '65: a slipped pass or a wasted impulse costs the side that must attack dearly (an easy
# US lost scenario 4 to a random VC at the default slip), and one action moves the VP
# margin little, so the easy level slips less and judges its glances more sharply.
# hard: the heuristic draws the unseen cards, so fresh bots name other plausible moves in
# about one decision in four; those are its challengers, held to a looser test.
register_search_hints(
    "sixty_five",
    SearchHints(
        config=SearchConfig(playouts=12, rollout_depth=6),
        evaluate=sixty_five_victory_points,
        easy_slip=0.15,
        easy_temperature=0.03,
        hard=HardConfig(ranked=2, confidence=1.0),
    ),
)
# RatFight's random play runs at a few hundred actions a second (shapely geometry in every
# legality check): a small budget keeps a decision near a second until its own bot lands.
# hard: the bot ranks its shots and moves (``RatFightBot.ranked``); its next three are the
# challengers, and as the heuristic's own near-best moves they need only one standard error
# of paired gain (with random challengers, a loose test overruled the heuristic on noise).
# 240 playouts are about half a second on a quiet machine; the clock stops it at 0.8 s.
register_search_hints(
    "ratfight",
    SearchHints(
        config=SearchConfig(playouts=12, rollout_depth=6),
        evaluate=ratfight_evaluation,
        hard=HardConfig(ranked=3, confidence=1.0, playouts=240),
    ),
)
# 5.56mm plays a few hundred random actions a second too (line of sight and free moves
# in every go): the same small budget. Its heuristic bot (game/ai/five_five_six.py)
# plays ``ai`` and is this search's root prior.
# hard: the bot's next three actions of the go (``FiveFiveSixBot.ranked``) are the
# challengers, at one standard error (as RatFight's).
register_search_hints(
    "five_five_six",
    SearchHints(
        config=SearchConfig(playouts=12, rollout_depth=6),
        evaluate=five_five_six_evaluation,
        hard=HardConfig(ranked=3, confidence=1.0),
    ),
)
