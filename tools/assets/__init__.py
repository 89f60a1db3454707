"""Deterministic asset generators (standard library only).

Every submodule that defines ``generate(root: pathlib.Path) -> list[pathlib.Path]`` is run by
``tools/gen_assets.py`` in module-name order. ``raster`` (RGBA canvas + PNG writer) and ``wav``
(16-bit mono WAV writer) are helpers without ``generate``.

``Lcg`` below is the only source of randomness for generators: a 32-bit linear congruential
generator whose output is identical on every Python version (never the ``random`` module).
"""

from __future__ import annotations


class Lcg:
    """32-bit LCG (Numerical Recipes constants). Same sequence everywhere for a given seed."""

    def __init__(self, seed: int) -> None:
        self.state = (seed * 2654435761 + 12345) & 0xFFFFFFFF

    def next_u32(self) -> int:
        """Next raw 32-bit value."""
        self.state = (self.state * 1664525 + 1013904223) & 0xFFFFFFFF
        # The low bits of an LCG are weak; mix the high bits down before use.
        x = self.state
        return (x ^ (x >> 16)) & 0xFFFFFFFF

    def uniform(self) -> float:
        """A float in [0, 1)."""
        return self.next_u32() / 4294967296.0

    def symmetric(self) -> float:
        """A float in [-1, 1)."""
        return self.next_u32() / 2147483648.0 - 1.0

    def randint(self, lo: int, hi: int) -> int:
        """An int in [lo, hi] inclusive."""
        return lo + self.next_u32() % (hi - lo + 1)
