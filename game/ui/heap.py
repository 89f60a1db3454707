"""Keep the garbage collector's full passes off the frames.

A full pass walks every object alive (a loaded map, its images, a ruleset's data, the
widgets: ~75,000 objects in a demo game) and holds the interpreter lock while it does:
measured at 60-120 ms, in the middle of a demo game, freezing the table's animation.
After a scene has loaded, :func:`settle_heap` collects once and hides what is alive from
later passes (``gc.freeze``); :func:`release_heap` undoes it when the app closes.
The app does this only when asked (``App.tidy_heap``: the program and the bench, not
the tests, which build many scenes).

The same loading frame also hands the C heap's free pages back to the system
(:func:`trim_heap`): a game's maps and pictures are freed when the next game loads, and
without the trim the process would keep the pages they held (the demo all day).
"""

from __future__ import annotations

import ctypes
import gc
import sys
from typing import Any

_LIBC: list[Any] = []  # the C library once looked up (None where there is no malloc_trim)


def trim_heap() -> bool:
    """Return the C heap's free memory to the system (glibc's ``malloc_trim``; does
    nothing elsewhere). True if some was returned."""
    if not _LIBC:
        libc = None
        if sys.platform.startswith("linux"):
            try:
                libc = ctypes.CDLL("libc.so.6")
                libc.malloc_trim.argtypes = [ctypes.c_size_t]
            except (OSError, AttributeError):
                libc = None
        _LIBC.append(libc)
    libc = _LIBC[0]
    return bool(libc.malloc_trim(0)) if libc is not None else False


def settle_heap() -> None:
    """After a scene has loaded: collect once (the loading frame pays for it), then move
    every object alive now out of the collector's sight (``gc.freeze``), so later full
    passes only walk what was made since. Unfreezes first, so what the previous scene
    left behind is collected rather than kept forever."""
    gc.unfreeze()
    gc.collect()
    trim_heap()
    gc.freeze()


def release_heap() -> None:
    """Give every frozen object back to the collector (the app is closing)."""
    gc.unfreeze()
