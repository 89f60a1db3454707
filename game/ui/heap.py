"""Keep the garbage collector's full passes off the frames.

A full pass walks every object alive (a loaded map, its images, a ruleset's data, the
widgets: ~75,000 objects in a demo game) and holds the interpreter lock while it does:
measured at 60-120 ms, in the middle of a demo game, freezing the table's animation.
After a scene has loaded, :func:`settle_heap` collects once and hides what is alive from
later passes (``gc.freeze``); :func:`release_heap` undoes it when the app closes.
The app does this only when asked (``App.tidy_heap``: the program and the bench, not
the tests, which build many scenes).
"""

from __future__ import annotations

import gc


def settle_heap() -> None:
    """After a scene has loaded: collect once (the loading frame pays for it), then move
    every object alive now out of the collector's sight (``gc.freeze``), so later full
    passes only walk what was made since. Unfreezes first, so what the previous scene
    left behind is collected rather than kept forever."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()


def release_heap() -> None:
    """Give every frozen object back to the collector (the app is closing)."""
    gc.unfreeze()
