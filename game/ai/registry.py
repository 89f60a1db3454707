"""Bots by name: ``random`` for every ruleset, ``ai`` for each ruleset's best bot."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from typing import Any

from game.ai.base import Bot, RandomBot
from game.core.rng import Rng

BotFactory = Callable[[int, Rng], Bot[Any]]
_BEST: dict[str, BotFactory] = {}
SPECS = ("random", "ai")


def register_ai(ruleset_id: str) -> Callable[[BotFactory], BotFactory]:
    """Decorator naming the strongest bot of a ruleset (what seat spec ``ai`` plays)."""

    def wrap(factory: BotFactory) -> BotFactory:
        _BEST[ruleset_id] = factory
        return factory

    return wrap


def _load() -> None:
    import game.ai

    for info in pkgutil.iter_modules(game.ai.__path__, "game.ai."):
        importlib.import_module(info.name)


def make_bot(spec: str, ruleset_id: str, seat: int, rng: Rng) -> Bot[Any]:
    """A bot for ``seat``; ``spec`` is ``random`` or ``ai``."""
    if spec == "random":
        return RandomBot(seat, rng)
    if spec == "ai":
        _load()
        if ruleset_id not in _BEST:
            raise ValueError(f"no AI is registered for {ruleset_id!r}")
        return _BEST[ruleset_id](seat, rng)
    raise ValueError(f"unknown seat kind {spec!r} (expected one of: {', '.join(SPECS)})")
