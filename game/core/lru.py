"""A bounded least-recently-used cache for pure, deterministic computations.

A rules module may memoise a function of immutable inputs (a level's reachable cells
from a start, a field of view) as long as the key holds everything the answer depends
on, so an entry can never be stale. ``LruCache`` bounds such a memo by entry count, so
a day-long demo holds its memory: when full, the entry used longest ago goes.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class LruCache(Generic[K, V]):
    """At most ``capacity`` entries; ``get`` refreshes an entry, ``put`` may evict."""

    __slots__ = ("capacity", "_data", "hits", "misses")

    def __init__(self, capacity: int) -> None:
        if capacity < 1:
            raise ValueError(f"an LRU cache needs room for at least one entry, not {capacity}")
        self.capacity = capacity
        self._data: OrderedDict[K, V] = OrderedDict()
        self.hits = 0
        self.misses = 0

    def get(self, key: K) -> V | None:
        """The cached value for ``key`` (now the most recently used), or ``None``."""
        found = self._data.get(key)
        if found is None:
            self.misses += 1
            return None
        self.hits += 1
        self._data.move_to_end(key)
        return found

    def put(self, key: K, value: V) -> None:
        """Remember ``value`` for ``key``; forgets the least recently used when full."""
        self._data[key] = value
        self._data.move_to_end(key)
        if len(self._data) > self.capacity:
            self._data.popitem(last=False)

    def __len__(self) -> int:
        return len(self._data)

    def __contains__(self, key: object) -> bool:
        return key in self._data
