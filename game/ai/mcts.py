"""A generic search bot: single-observer information-set Monte Carlo tree search.

One tree is grown over the *information set* of the seat that decides (SO-ISMCTS,
Cowling, Powley and Whitehouse 2012). Every playout:

1. draws a **determinization** from the view (``view.determinize(rng)``): a full state
   consistent with what the seat knows, hidden cards dealt again and future dice
   reseeded, so the search can neither see nor foresee anything the seat cannot;
2. **selects** down the tree by UCB1, among only the children whose action is a
   candidate in *this* determinization (an opponent's card play exists only where the
   opponent holds the card); each such child counts one more *availability*, and the
   exploration term uses availabilities instead of the parent's visits;
3. **expands** one untried candidate, chosen at random (at the root, if a prior bot
   is given, PUCT decides instead, weighing the prior bot's choice; see ``MctsBot``);
4. **rolls out** with the ruleset's rollout policy (see ``game.ai.search_hints``) for at
   most ``rollout_depth`` actions, then scores the end: 1 a win, 0 a loss, 0.5 a draw,
   or the ruleset's evaluation (a chance in [0, 1] per seat) when the cut came first;
5. **backs up** that score, each node crediting the seat that chose its action.

The answer is the root action visited most. Budget: ``playouts`` (deterministic: the
same view and rng give the same action) and, optionally, ``seconds`` measured by an
injected ``clock`` (the UI and CLI pass ``time.perf_counter``; this module never reads
the clock itself). The bot never touches the view beyond asking it for
determinizations and its candidate actions.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.ai.base import Bot
from game.core.api import Action, Outcome, State, View
from game.core.rng import Rng

#: Any ruleset's state: the search is generic over actions and views.
SearchState = State[Any, Any]
#: A policy for rollouts: the action ``seat`` plays in a (determinized) state.
RolloutPolicy = Callable[[SearchState, int, Rng], Action]
#: A leaf evaluation: each seat's chance of winning from a state (indexed by seat).
Evaluator = Callable[[SearchState], Sequence[float]]


def random_rollout(state: SearchState, seat: int, rng: Rng) -> Action:
    """The uniform-random rollout policy over the state's candidates."""
    actions: tuple[Action, ...] = tuple(state.candidate_actions())
    return rng.choice(actions)


@dataclass(frozen=True)
class SearchConfig:
    """How much and how a search looks ahead.

    ``playouts``: playouts per decision (the deterministic budget). ``seconds``: stop
    earlier once this much time has passed on the injected clock (``None``: no time
    limit). ``exploration``: the UCB1 constant (rewards lie in [0, 1]).
    ``rollout_depth``: actions played in a rollout before the evaluation decides.
    ``prior_weight``: the share of the root prior that goes to the prior bot's choice.
    """

    playouts: int = 200
    seconds: float | None = None
    exploration: float = 0.7
    rollout_depth: int = 30
    prior_weight: float = 0.5

    def __post_init__(self) -> None:
        if self.playouts < 1:
            raise ValueError(f"a search needs at least one playout, got {self.playouts}")
        if self.seconds is not None and self.seconds <= 0:
            raise ValueError(f"a time budget is a positive number of seconds: {self.seconds}")
        if not 0.0 <= self.prior_weight <= 1.0:
            raise ValueError(f"the prior weight is a share in [0, 1]: {self.prior_weight}")
        if self.rollout_depth < 0:
            raise ValueError(f"rollout depth cannot be negative: {self.rollout_depth}")


class _Node:
    """One action sequence from the root; statistics are for the seat that chose it."""

    __slots__ = ("mover", "children", "visits", "available", "reward")

    def __init__(self, mover: int | None) -> None:
        self.mover = mover
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0


def _score(outcome: Outcome, seat: int) -> float:
    if not outcome.winners:
        return 0.5
    return 1.0 if seat in outcome.winners else 0.0


class MctsBot:
    """``MctsBot(seat, rng).choose(view)``: information-set MCTS for any ruleset.

    ``rollout`` and ``evaluate`` default to random rollouts and an even 0.5 at the cut.
    ``prior`` (optional) is a bot of the same seat, asked with the real view once a
    decision; at the root its choice gets the prior weight of a PUCT rule (AlphaZero
    style: ``Q + c * P * sqrt(N) / (1 + n)``), so the search departs from it only where
    the playouts show another action doing better. Without a prior the root, like every
    other node, tries each action once and then follows UCB1.
    ``clock`` is only read when ``config.seconds`` is set.
    """

    name = "mcts"

    def __init__(
        self,
        seat: int,
        rng: Rng,
        config: SearchConfig | None = None,
        *,
        rollout: RolloutPolicy = random_rollout,
        evaluate: Evaluator | None = None,
        prior: Bot[Any] | None = None,
        clock: Callable[[], float] | None = None,
    ) -> None:
        self.seat = seat
        self.rng = rng
        self.config = config or SearchConfig()
        if self.config.seconds is not None and clock is None:
            raise ValueError("a time budget needs a clock (e.g. time.perf_counter)")
        self.rollout = rollout
        self.evaluate = evaluate
        self.prior = prior
        self.clock = clock
        self.last_playouts = 0  # playouts of the latest decision (for measurements)

    def choose(self, view: View[Any]) -> Action:
        actions: tuple[Action, ...] = tuple(view.candidate_actions)
        if not actions:
            raise ValueError(f"seat {self.seat} was asked to choose with no candidate action")
        preferred = self.prior.choose(view) if self.prior is not None else None
        if len(actions) == 1:
            self.last_playouts = 0
            return actions[0]
        root = self.search(view, preferred if preferred in actions else None)
        return self.best(root, actions)

    # -- the search ------------------------------------------------------------------
    def search(self, view: View[Any], preferred: Action | None = None) -> _Node:
        """Grow a tree over ``view``'s information set within the budget."""
        cfg = self.config
        reset = getattr(self.rollout, "reset", None)
        if reset is not None:
            reset()  # a rollout heuristic's memory belongs to another decision's worlds
        root = _Node(None)
        deadline = None
        if cfg.seconds is not None and self.clock is not None:
            deadline = self.clock() + cfg.seconds
        done = 0
        while done < cfg.playouts:
            self._playout(root, view.determinize(self.rng), preferred)
            done += 1
            if deadline is not None and self.clock is not None and self.clock() >= deadline:
                break
        self.last_playouts = done
        return root

    def _playout(self, root: _Node, state: SearchState, preferred: Action | None) -> None:
        path = [root]
        node = root
        while state.outcome() is None:
            seat = state.current_player()
            if seat is None:
                break
            actions = tuple(state.candidate_actions())
            if not actions:
                break
            if node is root and preferred is not None:
                action = self._select_with_prior(root, actions, preferred)
            else:
                untried = [a for a in actions if a not in node.children]
                action = self.rng.choice(untried) if untried else self._select(node, actions)
            child = node.children.get(action)
            expanded = child is None
            if child is None:
                child = node.children[action] = _Node(seat)
            for a in actions:
                seen = node.children.get(a)
                if seen is not None:
                    seen.available += 1
            state.apply(action)
            path.append(child)
            node = child
            if expanded:
                break
        values = self._finish(state)
        root.visits += 1
        for n in path[1:]:
            n.visits += 1
            if n.mover is not None:
                n.reward += values(n.mover)

    def _select(self, node: _Node, actions: Sequence[Action]) -> Action:
        """UCB1 over the children available here (all of them tried already)."""
        c = self.config.exploration
        best: Action | None = None
        best_value = -math.inf
        for a in actions:
            child = node.children[a]
            value = child.reward / child.visits + c * math.sqrt(
                math.log(child.available) / child.visits
            )
            if value > best_value:
                best_value, best = value, a
        assert best is not None
        return best

    def _select_with_prior(
        self, root: _Node, actions: Sequence[Action], preferred: Action
    ) -> Action:
        """PUCT at the root: the preferred action holds ``prior_weight`` of the prior, the
        rest is spread evenly; an untried action is valued at the root's mean so far."""
        cfg = self.config
        spread = (1.0 - cfg.prior_weight) / len(actions)
        mean = self._root_mean(root)
        scale = cfg.exploration * math.sqrt(max(1, root.visits))
        best: Action | None = None
        best_value = -math.inf
        for a in actions:
            child = root.children.get(a)
            n = child.visits if child is not None else 0
            q = child.reward / n if child is not None and n else mean
            p = spread + (cfg.prior_weight if a == preferred else 0.0)
            value = q + scale * p / (1 + n)
            if value > best_value:
                best_value, best = value, a
        assert best is not None
        return best

    def _root_mean(self, root: _Node) -> float:
        n = sum(c.visits for c in root.children.values())
        return sum(c.reward for c in root.children.values()) / n if n else 0.5

    def _finish(self, state: SearchState) -> Callable[[int], float]:
        """Roll out to the end or the depth cap; the score of each seat from there."""
        for _ in range(self.config.rollout_depth):
            if state.outcome() is not None:
                break
            seat = state.current_player()
            if seat is None:
                break
            state.apply(self.rollout(state, seat, self.rng))
        outcome = state.outcome()
        if outcome is not None:
            final = outcome
            return lambda seat: _score(final, seat)
        if self.evaluate is None:
            return lambda seat: 0.5
        chances = self.evaluate(state)
        return lambda seat: chances[seat]

    @staticmethod
    def best(root: _Node, actions: Sequence[Action]) -> Action:
        """The most visited root action (ties: higher mean reward, then listed first)."""

        def rank(a: Action) -> tuple[int, float]:
            child = root.children.get(a)
            if child is None or child.visits == 0:
                return (0, 0.0)
            return (child.visits, child.reward / child.visits)

        return max(actions, key=rank)
