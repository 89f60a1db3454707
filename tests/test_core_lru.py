"""The bounded memo of pure computations (issue 18 item 8: a day-long demo holds its
memory)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core.lru import LruCache


def test_the_least_recently_used_entry_goes_first() -> None:
    cache: LruCache[str, int] = LruCache(2)
    cache.put("a", 1)
    cache.put("b", 2)
    assert cache.get("a") == 1  # "a" is now the most recent
    cache.put("c", 3)
    assert "b" not in cache and cache.get("a") == 1 and cache.get("c") == 3
    assert cache.get("b") is None
    assert (cache.hits, cache.misses) == (3, 1)


def test_a_cache_needs_room() -> None:
    with pytest.raises(ValueError, match="at least one entry"):
        LruCache(0)


@given(st.integers(1, 20), st.lists(st.integers(0, 50), max_size=300))
def test_never_more_than_capacity_and_the_newest_is_always_kept(
    capacity: int, keys: list[int]
) -> None:
    cache: LruCache[int, int] = LruCache(capacity)
    for k in keys:
        if cache.get(k) is None:
            cache.put(k, k * 10)
        assert len(cache) <= capacity
        assert cache.get(k) == k * 10
