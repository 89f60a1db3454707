"""Bots by name: ``random`` and ``mcts`` for every ruleset, ``ai`` for each one's best.

``ai`` is the heuristic bot a ruleset registers with ``register_ai``, unless its search
hints say the search plays better (``SearchHints.search_is_best``) or it has no
heuristic bot at all; then ``ai`` is the search bot (``game.ai.search_hints``).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from typing import Any

from game.ai.base import Bot, RandomBot
from game.core.rng import Rng

BotFactory = Callable[[int, Rng], Bot[Any]]
_HEURISTIC: dict[str, BotFactory] = {}
SPECS = ("random", "ai", "mcts")


def register_ai(ruleset_id: str) -> Callable[[BotFactory], BotFactory]:
    """Decorator naming a ruleset's heuristic bot (what ``ai`` plays unless the search
    is better, and what the search uses as its prior)."""

    def wrap(factory: BotFactory) -> BotFactory:
        _HEURISTIC[ruleset_id] = factory
        return factory

    return wrap


def _load() -> None:
    import game.ai

    for info in pkgutil.iter_modules(game.ai.__path__, "game.ai."):
        importlib.import_module(info.name)


def heuristic_factory(ruleset_id: str) -> BotFactory | None:
    """The ruleset's heuristic bot, if it has one."""
    _load()
    return _HEURISTIC.get(ruleset_id)


def make_bot(
    spec: str,
    ruleset_id: str,
    seat: int,
    rng: Rng,
    *,
    clock: Callable[[], float] | None = None,
) -> Bot[Any]:
    """A bot for ``seat``; ``spec`` is ``random``, ``ai`` or ``mcts``. ``clock`` (e.g.
    ``time.perf_counter``) lets a search bot stop at its time budget as well as its
    playout budget; without it the search is fully determined by ``rng``."""
    if spec == "random":
        return RandomBot(seat, rng)
    if spec not in SPECS:
        raise ValueError(f"unknown seat kind {spec!r} (expected one of: {', '.join(SPECS)})")
    _load()
    from game.ai.search_hints import hints_for, make_search_bot

    heuristic = _HEURISTIC.get(ruleset_id)
    if spec == "ai" and heuristic is not None and not hints_for(ruleset_id).search_is_best:
        return heuristic(seat, rng)
    return make_search_bot(ruleset_id, seat, rng, clock=clock)
