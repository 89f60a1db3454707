"""Bots by name: ``random``, the levels ``easy``, ``normal`` and ``hard``, and ``mcts``,
for every ruleset. ``ai`` is the old name of ``normal`` (saves and commands keep it).

``easy`` is the heuristic with a beginner's slips (``game.ai.easy``); ``hard`` a search
that questions the heuristic's every move (``game.ai.hard``).

``ai`` is the heuristic bot a ruleset registers with ``register_ai``, unless its search
hints say the search plays better (``SearchHints.search_is_best``) or it has no
heuristic bot at all; then ``ai`` is the search bot (``game.ai.search_hints``).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.ai.base import Bot, RandomBot
from game.core.manifest import AI_LEVELS
from game.core.rng import Rng

if TYPE_CHECKING:
    from game.ai.hard import HardConfig

BotFactory = Callable[[int, Rng], Bot[Any]]
_HEURISTIC: dict[str, BotFactory] = {}
#: Seat kinds a command or a save may name (``ai`` = ``normal``).
SPECS = ("random", "easy", "normal", "hard", "ai", "mcts")
#: The difficulty levels a player chooses from, easiest first.
LEVELS = AI_LEVELS
ALIASES = {"ai": "normal"}


def level_of(kind: str) -> str | None:
    """The difficulty level a seat kind plays at (``ai`` is ``normal``), or ``None``
    for a kind that is not a level (``human``, ``random``, ``mcts``)."""
    kind = ALIASES.get(kind, kind)
    return kind if kind in LEVELS else None


def register_ai(ruleset_id: str) -> Callable[[BotFactory], BotFactory]:
    """Decorator naming a ruleset's heuristic bot (what ``ai`` plays unless the search
    is better, and what the search uses as its prior)."""

    def wrap(factory: BotFactory) -> BotFactory:
        _HEURISTIC[ruleset_id] = factory
        return factory

    return wrap


def load_ai() -> None:
    """Import every module under ``game.ai`` and the ``ai`` module each manifest names
    (a game defined outside ``game``, such as a test's), so each registers its bot, its
    leaf evaluation and its search settings."""
    import game.ai
    from game.core.registry import manifests

    for info in pkgutil.iter_modules(game.ai.__path__, "game.ai."):
        importlib.import_module(info.name)
    for manifest in manifests().values():
        if manifest.ai is not None:
            importlib.import_module(manifest.ai)


def heuristic_factory(ruleset_id: str) -> BotFactory | None:
    """The ruleset's heuristic bot, if it has one."""
    load_ai()
    return _HEURISTIC.get(ruleset_id)


def make_bot(
    spec: str,
    ruleset_id: str,
    seat: int,
    rng: Rng,
    *,
    clock: Callable[[], float] | None = None,
    hard_config: HardConfig | None = None,
) -> Bot[Any]:
    """A bot for ``seat``; ``spec`` is one of ``SPECS``. ``clock`` (e.g.
    ``time.perf_counter``) lets a search bot (``hard``, ``mcts``) stop at its time budget
    as well as its playout budget; without it the search is fully determined by ``rng``.
    ``hard_config`` overrides the ``hard`` seat's budget (``strength`` uses it)."""
    if spec == "random":
        return RandomBot(seat, rng)
    if spec not in SPECS:
        raise ValueError(f"unknown seat kind {spec!r} (expected one of: {', '.join(SPECS)})")
    load_ai()
    from game.ai.search_hints import hints_for, make_search_bot

    spec = ALIASES.get(spec, spec)
    heuristic = _HEURISTIC.get(ruleset_id)
    if spec in ("easy", "hard"):
        from game.ai.evaluation import evaluation_for

        evaluate = evaluation_for(ruleset_id)
        normal = make_bot("normal", ruleset_id, seat, Rng(rng.next_u64()))
        if spec == "easy":
            from game.ai.easy import EasyBot

            hints = hints_for(ruleset_id)
            return EasyBot(
                seat,
                rng,
                normal,
                evaluate,
                slip=hints.easy_slip,
                temperature=hints.easy_temperature,
            )
        from game.ai.hard import HardBot

        hints = hints_for(ruleset_id)
        config = hard_config or hints.hard
        return HardBot(
            seat,
            rng,
            prior=normal,
            evaluate=hints.hard_evaluate or evaluate,
            config=config,
            clock=clock,
            policy=heuristic,  # the heuristic guides the rollouts (``HardConfig.guide``)
        )
    if spec == "normal" and heuristic is not None and not hints_for(ruleset_id).search_is_best:
        return heuristic(seat, rng)
    return make_search_bot(ruleset_id, seat, rng, clock=clock)
