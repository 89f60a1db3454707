"""The worker thread bots think on, and the switch interval that keeps frames smooth
beside it.

Bots choose on one worker thread so a slow search never freezes the window. Both threads
share the interpreter lock: each time the UI thread lets go of it (inside many pygame
calls) it must wait for the bot to hand it back, which by default takes up to the 5 ms
switch interval — several times per frame. While a bot thinks, :func:`think` sets a
shorter interval (:data:`THINKING_SWITCH_INTERVAL`) and puts the previous one back once no
bot is thinking any more.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TypeVar

T = TypeVar("T")
A = TypeVar("A")

THINKING_SWITCH_INTERVAL = 0.0005  # seconds (the interpreter's default is 0.005)

# One thread: bots are called one at a time, each with its own view and generator.
_WORKER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
_lock = threading.Lock()
_thinking = 0
_saved_interval: float | None = None


def _begin() -> None:
    global _thinking, _saved_interval
    with _lock:
        if _thinking == 0:
            _saved_interval = sys.getswitchinterval()
            sys.setswitchinterval(min(_saved_interval, THINKING_SWITCH_INTERVAL))
        _thinking += 1


def _end(_future: Future[T]) -> None:
    global _thinking, _saved_interval
    with _lock:
        _thinking -= 1
        if _thinking == 0 and _saved_interval is not None:
            sys.setswitchinterval(_saved_interval)
            _saved_interval = None


def think(choose: Callable[[A], T], view: A) -> Future[T]:
    """Run ``choose(view)`` on the bot thread; the short switch interval holds until it
    (and any other call still queued) has finished, however it finishes."""
    _begin()
    try:
        future = _WORKER.submit(choose, view)
    except BaseException:
        _end(Future())
        raise
    future.add_done_callback(_end)
    return future
