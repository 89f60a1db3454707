"""Caches that hold one game's data, and the call that lets them all go.

A scenario's board, its loaded maps, a route field over its table, an AI's solved table:
each is worked out once and kept, since a game asks for it again and again. But a program
that goes from game to game (the convention demo shows another scenario of every system
each cycle) would keep every one it ever saw. So such caches register here, and
:func:`forget_games` empties them all when the program starts a new game: what the next
game needs is worked out again, once.

Pure: no clock, no pygame; the UI decides when a new game starts.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

_CLEARS: list[Callable[[], None]] = []


def per_game(fn: Callable[..., T]) -> functools._lru_cache_wrapper[T]:
    """``functools.cache`` for a function whose answers belong to one game (a scenario's
    board, a map's geometry): kept until :func:`forget_games`."""
    cached = functools.cache(fn)
    _CLEARS.append(cached.cache_clear)
    return cached


def forget_on_new_game(clear: Callable[[], None]) -> None:
    """Register ``clear`` (e.g. a module's cache dict's ``clear``) to run at
    :func:`forget_games`."""
    _CLEARS.append(clear)


def forget_games() -> None:
    """Empty every per-game cache (a new game is starting; what it needs comes back)."""
    for clear in _CLEARS:
        clear()
