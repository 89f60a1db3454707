"""Our own seeded pseudo-random generator: xoshiro256** seeded by SplitMix64.

Pure integer arithmetic, so the sequence is identical on every Python version and
platform. Every die roll, shuffle and draw in the rules goes through an ``Rng`` that
lives inside the game state, and its state is saved with the game.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_TWO64 = 1 << 64


def splitmix64(x: int) -> tuple[int, int]:
    """One SplitMix64 step: returns (next seed state, output)."""
    x = (x + 0x9E3779B97F4A7C15) & _MASK64
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x, z ^ (z >> 31)


def derive_seed(seed: int, index: int) -> int:
    """A well-mixed 63-bit seed for game ``index`` of a series started with ``seed``."""
    _, a = splitmix64((seed & _MASK64) ^ 0x5DEECE66D)
    _, b = splitmix64((a + index * 0xD1B54A32D192ED03) & _MASK64)
    return b >> 1


class Rng:
    """xoshiro256** generator. ``draws`` counts the 64-bit outputs consumed so far."""

    __slots__ = ("_s", "draws")

    def __init__(self, seed: int) -> None:
        x = seed & _MASK64
        words = []
        for _ in range(4):
            x, out = splitmix64(x)
            words.append(out)
        self._s = words
        self.draws = 0

    # -- state ---------------------------------------------------------------
    def get_state(self) -> list[int]:
        """The generator state as five integers (four words and the draw count)."""
        return [*self._s, self.draws]

    @classmethod
    def from_state(cls, state: Sequence[int]) -> Rng:
        """Rebuild a generator saved with :meth:`get_state`."""
        if len(state) != 5 or not all(isinstance(v, int) and v >= 0 for v in state):
            raise ValueError(f"an Rng state is five non-negative integers, got {state!r}")
        rng = cls.__new__(cls)
        rng._s = [v & _MASK64 for v in state[:4]]
        rng.draws = state[4]
        return rng

    def clone(self) -> Rng:
        rng = Rng.__new__(Rng)  # search clones states often: skip from_state's checks
        rng._s = list(self._s)
        rng.draws = self.draws
        return rng

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and self.get_state() == other.get_state()

    def __repr__(self) -> str:
        return f"Rng(state={self.get_state()!r})"

    # -- raw output ----------------------------------------------------------
    def next_u64(self) -> int:
        # xoshiro256** with the rotations written out: every draw of every game passes here
        s0, s1, s2, s3 = self._s
        x = (s1 * 5) & _MASK64
        result = ((((x << 7) | (x >> 57)) & _MASK64) * 9) & _MASK64
        t = (s1 << 17) & _MASK64
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        self._s = [s0, s1, s2, (((s3 << 45) | (s3 >> 19)) & _MASK64)]
        self.draws += 1
        return result

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` without modulo bias (rejection sampling)."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        limit = _TWO64 - _TWO64 % n
        while True:
            r = self.next_u64()
            if r < limit:
                return r % n

    def random(self) -> float:
        """A float in ``[0, 1)`` with 53 random bits."""
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    # -- game helpers --------------------------------------------------------
    def roll(self, sides: int) -> int:
        """Roll one die with faces 1..sides."""
        return self.below(sides) + 1

    def roll_faces(self, faces: Sequence[int]) -> int:
        """Roll a die with custom faces, e.g. the average die (2, 3, 3, 4, 4, 5)."""
        return faces[self.below(len(faces))]

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise ValueError("choice() from an empty sequence")
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        self.shuffle(out)
        return out
