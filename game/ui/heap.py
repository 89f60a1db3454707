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

:func:`steady_heap` fixes two of glibc's thresholds for the program. Left alone, glibc
raises its "large block" threshold each time a large block is freed (up to 32 MiB), so
after the first game every map picture and full-window surface is carved from the main
heap, whose top cannot shrink past a block still in use: measured over the speed-1
demo, the heap grew from 64 to 126 MiB in two cycles while what was in use stayed
within 66-105 MiB. Fixed, such blocks get pages of their own, given back the moment
they are freed. At 1 MiB, not glibc's starting 128 KiB: at 128 KiB a card table's
per-frame pictures were mapped and unmapped every frame (1.9 -> 3.5 ms a frame). Fixing
it also pins the trim threshold at 128 KiB, so that every frame's freed temporaries were
handed back and asked for again (also 3.5 ms a frame); raised to 64 MiB, frames cost what
they did (1.9 ms), and the loading frame's :func:`trim_heap` gives back the rest.
"""

from __future__ import annotations

import ctypes
import gc
import os
import sys
from typing import Any

_LIBC: list[Any] = []  # the C library once looked up (None where there is no malloc_trim)
M_TRIM_THRESHOLD = -1  # glibc's mallopt parameters (malloc.h)
M_MMAP_THRESHOLD = -3
LARGE_BLOCK = 1 << 20  # bytes: blocks this big or bigger get pages of their own
TRIM_AT = 64 << 20  # bytes free at the heap's top before free() hands them back itself


def _glibc() -> Any:
    """glibc, looked up once; None elsewhere (then the functions here do nothing)."""
    if not _LIBC:
        libc = None
        if sys.platform.startswith("linux"):
            try:
                libc = ctypes.CDLL("libc.so.6")
                libc.malloc_trim.argtypes = [ctypes.c_size_t]
            except (OSError, AttributeError):
                libc = None
        _LIBC.append(libc)
    return _LIBC[0]


def trim_heap() -> bool:
    """Return the C heap's free memory to the system (glibc's ``malloc_trim``; does
    nothing elsewhere). True if some was returned."""
    libc = _glibc()
    return bool(libc.malloc_trim(0)) if libc is not None else False


def steady_heap() -> bool:
    """Fix glibc's large-block and trim thresholds (:data:`LARGE_BLOCK`,
    :data:`TRIM_AT`; see the module) unless the environment sets either
    (``MALLOC_MMAP_THRESHOLD_``, ``MALLOC_TRIM_THRESHOLD_``). True if they were set."""
    libc = _glibc()
    if libc is None or any(
        k in os.environ for k in ("MALLOC_MMAP_THRESHOLD_", "MALLOC_TRIM_THRESHOLD_")
    ):
        return False
    libc.mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    return bool(libc.mallopt(M_MMAP_THRESHOLD, LARGE_BLOCK)) and bool(
        libc.mallopt(M_TRIM_THRESHOLD, TRIM_AT)
    )


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
