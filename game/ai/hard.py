"""The ``hard`` level: a determinized search that questions the heuristic's choice.

Every decision the seat's heuristic bot (``normal``) names its move, the *incumbent*;
beside it a few *challengers*: every candidate when there are few, else the best-looking
of a larger draw of distinct legal actions from the ruleset's fast sampler
(``game.core.random_play``), each judged one action ahead in one world by the leaf
evaluation (a shot that hits, a step onto the objective).
Then, round after round, one **determinization** is drawn from the view (a full state
consistent with what the seat knows: hidden cards dealt again, future dice reseeded;
``view.determinize``), and each root action is played in a copy of that same world and
**rolled out** through the fast random-play sampler for at most ``rollout_depth``
actions, then scored: 1 a win, 0 a loss, 0.5 a draw, or the ruleset's leaf evaluation
(``game.ai.evaluation``) at the cut.

All actions of a round share the world and the rollout's random numbers (common random
numbers), so their scores are compared in pairs: a challenger replaces the incumbent
only when its mean paired gain is above zero by ``confidence`` standard errors (a
challenger clearly worse is dropped early, leaving the rounds to the rest). This is
perfect-information Monte Carlo over the seat's information set, flat at the root: in
the tabletop games, with hundreds of candidate moves and a few hundred playouts a
second, a deeper tree would see each node too few times to learn anything.

Budget: ``playouts`` (deterministic: the same view and generator give the same answer)
and, with an injected ``clock``, ``seconds`` of it (never more than ``MAX_SECONDS``).
One legal action is answered at once.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.ai.base import Bot
from game.ai.evaluation import Evaluation, glance, seat_value
from game.core.api import Action, View
from game.core.random_play import random_action
from game.core.rng import Rng, derive_seed

MAX_SECONDS = 2.0  # a hard decision never takes longer than this on the clock


@dataclass(frozen=True)
class HardConfig:
    """How hard a ``hard`` seat thinks.

    ``seconds``: time per decision on the injected clock (capped at ``MAX_SECONDS``).
    ``playouts``: playouts per decision (the whole budget without a clock; a safety cap
    with one). ``challengers``: actions tried against the heuristic's choice.
    ``screen``: legal actions drawn, of which the ``challengers`` that look best one
    action ahead (the leaf evaluation in one world) are tried.
    ``rollout_depth``: random actions played before the evaluation decides.
    ``confidence``: standard errors by which a challenger must beat the incumbent.
    ``min_rounds``: rounds before any challenger is judged.
    ``guide``: chance that a rollout action is the heuristic's choice for the seat to
    act (asked with that seat's view of the rollout's world) rather than a random draw
    of the sampler; 0 rolls out at random. Guided rollouts play on roughly as the
    ``normal`` opponent would, so a root move is judged by what follows it in play.
    ``ranked``: challengers taken from the heuristic's own ranking of its moves (its
    ``ranked(view, k)``, where the heuristic bot has one; else the moves fresh heuristic
    bots with other generators choose) before any random draw.
    ``rollout_turns``: also cut a rollout once the seat to act has changed this many
    times (2: the rest of this seat's turn or card, then the opponent's whole reply), so
    the evaluation judges a move after the answer to it; ``rollout_depth`` still caps
    it. 0 (the default) cuts at the depth only.
    ``question``: the kinds of move (action class names, comma-separated) the search
    questions; the heuristic's other moves are played at once, so the budget goes to
    the decisions where its judgement is weakest. Empty (the default): every move.
    """

    seconds: float = 0.8
    playouts: int = 120
    challengers: int = 3
    screen: int = 16
    rollout_depth: int = 8
    confidence: float = 2.0
    min_rounds: int = 6
    guide: float = 0.0
    ranked: int = 0
    rollout_turns: int = 0
    question: str = ""

    def __post_init__(self) -> None:
        if not 0 < self.seconds <= MAX_SECONDS:
            raise ValueError(f"a hard seat thinks 0 to {MAX_SECONDS} s a decision: {self.seconds}")
        if not 0.0 <= self.guide <= 1.0 or self.ranked < 0:
            raise ValueError(
                f"guide is a chance in [0, 1], ranked not negative: {self.guide}, {self.ranked}"
            )
        if (
            self.playouts < 1
            or self.challengers < 0
            or self.rollout_depth < 0
            or (self.rollout_turns < 0)
        ):
            raise ValueError("playouts must be positive, challengers and depth not negative")


class HardBot:
    """``HardBot(seat, rng, prior=...).choose(view)``: see the module docstring."""

    name = "hard"

    def __init__(
        self,
        seat: int,
        rng: Rng,
        *,
        prior: Bot[Any] | None,
        evaluate: Evaluation | None,
        config: HardConfig | None = None,
        clock: Callable[[], float] | None = None,
        policy: Callable[[int, Rng], Bot[Any]] | None = None,
    ) -> None:
        self.seat = seat
        self.policy = policy  # makes the heuristic bot of a seat, for guided rollouts
        self.rng = rng
        self.prior = prior
        self.evaluate = evaluate
        self.config = config or HardConfig()
        self.clock = clock
        self.last_playouts = 0  # playouts of the latest decision (for measurements)
        self.last_switched = False  # whether it overruled the heuristic then
        self._listed: list[Action] | None = None  # the heuristic's ranking this decision

    def choose(self, view: View[Any]) -> Action:
        actions: tuple[Action, ...] = tuple(view.candidate_actions)
        if not actions:
            raise ValueError(f"seat {self.seat} was asked to choose with no candidate action")
        self.last_playouts, self.last_switched = 0, False
        if len(actions) == 1:
            return actions[0]
        deadline = None  # the budget counts from here: the heuristic's own time included
        if self.clock is not None:
            deadline = self.clock() + min(self.config.seconds, MAX_SECONDS)
        self._listed = None
        ranker = getattr(self.prior, "ranked", None)
        if self.config.ranked > 0 and self.config.challengers > 0 and callable(ranker):
            want = min(self.config.ranked, self.config.challengers)
            self._listed = list(ranker(view, want + 1))  # its first is its choice
            incumbent = self._listed[0]
        else:
            incumbent = self.prior.choose(view) if self.prior is not None else actions[0]
        if incumbent not in actions and view.why_not(incumbent) is not None:
            incumbent = actions[0]
        if self._late(deadline) or not self._questions(incumbent):
            return incumbent  # the heuristic alone used the time, or its move is not asked
        root = [incumbent, *self._challengers(view, actions, incumbent, deadline)]
        if len(root) == 1:
            return incumbent
        best = self._search(view, root, deadline)
        self.last_switched = best != incumbent
        return best

    def _questions(self, incumbent: Action) -> bool:
        """Whether the search questions a heuristic move of this kind (``question``)."""
        kinds = self.config.question
        return not kinds or type(incumbent).__name__ in {k.strip() for k in kinds.split(",")}

    def _late(self, deadline: float | None) -> bool:
        return deadline is not None and self.clock is not None and self.clock() >= deadline

    def _challengers(
        self,
        view: View[Any],
        actions: Sequence[Action],
        incumbent: Action,
        deadline: float | None,
    ) -> list[Action]:
        cfg = self.config
        k = cfg.challengers
        if len(actions) <= k + 1:
            return [a for a in actions if a != incumbent]
        top = self._ranked(view, actions, incumbent, deadline)
        k = max(0, k - len(top))
        if k == 0:
            return top
        drawn: list[Action] = []
        for _ in range(2 * cfg.screen):
            a = random_action(view, self.rng)
            if a != incumbent and a not in drawn:
                drawn.append(a)
                if len(drawn) == cfg.screen:
                    break
        drawn = [a for a in drawn if a not in top]
        if len(drawn) <= k or self.evaluate is None:
            return top + drawn[:k]
        world = self.rng.next_u64()
        looks: list[float] = []
        for a in drawn:  # the glances stop at the deadline; the rest look worst
            late = self._late(deadline)
            looks.append(-1.0 if late else glance(view, self.seat, a, world, self.evaluate))
        order = sorted(range(len(drawn)), key=lambda i: -looks[i])  # stable: drawn order
        return top + [drawn[i] for i in order[:k]]

    def _ranked(
        self,
        view: View[Any],
        actions: Sequence[Action],
        incumbent: Action,
        deadline: float | None = None,
    ) -> list[Action]:
        """The heuristic's next-best moves after ``incumbent`` (at most ``ranked`` and
        ``challengers`` of them): from its ``ranked(view, k)`` where it has one, else what
        fresh heuristic bots with other generators choose (a heuristic that samples the
        unseen cards or breaks ties at random names other plausible moves; a fixed one
        names its move again, and then it stops asking, as it does at the deadline)."""
        cfg = self.config
        want = min(cfg.ranked, cfg.challengers)
        if want == 0:
            return []
        listed: Sequence[Action]
        if self._listed is not None:
            listed = self._listed
        elif self.policy is not None:
            seed = self.rng.next_u64()
            listed, again = [], 0
            for i in range(want + 1):
                if self._late(deadline):
                    break
                a = self.policy(self.seat, Rng(derive_seed(seed, i))).choose(view)
                if a == incumbent or a in listed:
                    again += 1
                    if again == 2:
                        break
                else:
                    listed.append(a)
        else:
            return []
        top: list[Action] = []
        for a in listed:
            if a != incumbent and a not in top and (a in actions or view.why_not(a) is None):
                top.append(a)
        return top[:want]

    def _search(self, view: View[Any], root: list[Action], deadline: float | None) -> Action:
        cfg = self.config
        scores: list[list[float | None]] = [[] for _ in root]
        alive = list(range(1, len(root)))
        done = 0
        while done < cfg.playouts and alive:
            world_seed, roll_seed = self.rng.next_u64(), self.rng.next_u64()
            for i in [0, *alive]:
                scores[i].append(self._playout(view, root[i], world_seed, roll_seed, deadline))
                done += 1
                if self._late(deadline):
                    break
            else:
                alive = self._prune(scores, alive)
                continue
            break
        self.last_playouts = done
        return root[self._winner(scores)]

    def _playout(
        self,
        view: View[Any],
        action: Action,
        world_seed: int,
        roll_seed: int,
        deadline: float | None = None,
    ) -> float | None:
        """``action`` played in the world ``world_seed`` and rolled out: each step the
        heuristic's choice with chance ``guide`` (coins from their own generator, so the
        sampler's draws line up across root moves), else the sampler's draw; cut at the
        depth or the deadline and scored for this seat."""
        state = view.determinize(Rng(world_seed))
        if state.why_not(action) is not None:
            return None  # not open in this world (it hangs on something the seat cannot see)
        state.apply(action)
        rng = Rng(roll_seed)
        guide = self.config.guide if self.policy is not None else 0.0
        coins = Rng(derive_seed(roll_seed, -1))
        guides: dict[int, Bot[Any]] = {}  # the heuristic of each seat, this rollout only
        turns, last = self.config.rollout_turns, self.seat
        for _ in range(self.config.rollout_depth):
            if state.outcome() is not None:
                break
            seat = state.current_player()
            if seat is None:
                break
            if turns > 0 and seat != last:
                turns -= 1
                last = seat
                if turns == 0:
                    break
            if guide > 0.0 and coins.random() < guide:
                state.apply(self._guided(state, seat, guides, roll_seed))
                if self._late(deadline):
                    break
            else:
                state.apply(random_action(state, rng))
        return seat_value(state, self.seat, self.evaluate)

    def _guided(self, state: Any, seat: int, guides: dict[int, Bot[Any]], roll_seed: int) -> Action:
        """The heuristic's choice for ``seat`` in the rollout's world (its bot made once
        a rollout, its generator derived from the rollout's seed and the seat)."""
        bot = guides.get(seat)
        if bot is None:
            assert self.policy is not None
            bot = guides[seat] = self.policy(seat, Rng(derive_seed(roll_seed, seat)))
        return bot.choose(state.view(seat))

    def _gain(self, scores: list[list[float | None]], i: int) -> tuple[float, float, int]:
        """Challenger ``i``'s mean paired gain over the incumbent, its standard error and
        the number of pairs."""
        diffs = [
            b - a
            for a, b in zip(scores[0], scores[i], strict=False)
            if a is not None and b is not None
        ]
        n = len(diffs)
        if n == 0:
            return (0.0, math.inf, 0)
        mean = sum(diffs) / n
        if n < 2:
            return (mean, math.inf, n)
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return (mean, math.sqrt(var / n) + 1e-9, n)

    def _prune(self, scores: list[list[float | None]], alive: list[int]) -> list[int]:
        """Drop challengers clearly worse than the incumbent (or never open)."""
        cfg = self.config
        kept = []
        for i in alive:
            mean, se, n = self._gain(scores, i)
            rounds = len(scores[i])
            if rounds >= cfg.min_rounds and (n == 0 or mean + cfg.confidence * se < 0):
                continue
            kept.append(i)
        return kept

    def _winner(self, scores: list[list[float | None]]) -> int:
        cfg = self.config
        best, best_gain = 0, 0.0
        for i in range(1, len(scores)):
            mean, se, n = self._gain(scores, i)
            if n >= cfg.min_rounds and mean - cfg.confidence * se > 0 and mean > best_gain:
                best, best_gain = i, mean
        return best
