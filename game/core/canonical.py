"""Digests of game states, for saves and equality checks.

``snapshot_digest`` (save format 2) hashes the plain data a ruleset's ``snapshot()``
returns: keys the ruleset chose, so renaming a class or a field never makes a save
unloadable. ``digest`` (format 1, kept for tests that compare two live states) hashes
the canonical form of the objects themselves, class and field names included.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
from typing import Any

from game.core.rng import Rng


def canonical(obj: Any) -> Any:
    """JSON-ready structure with a fixed order for any state built from plain values."""
    if isinstance(obj, Rng):
        return {"rng": obj.get_state()}
    if isinstance(obj, enum.Enum):
        return canonical(obj.value)
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {
            "__type__": type(obj).__name__,
            **{f.name: canonical(getattr(obj, f.name)) for f in dataclasses.fields(obj)},
        }
    if isinstance(obj, dict):
        return sorted(([canonical(k), canonical(v)] for k, v in obj.items()), key=json.dumps)
    if isinstance(obj, (set, frozenset)):
        return sorted((canonical(v) for v in obj), key=json.dumps)
    if isinstance(obj, (list, tuple)):
        return [canonical(v) for v in obj]
    if isinstance(obj, (str, int, float, bool)) or obj is None:
        return obj
    if hasattr(obj, "__dict__"):
        return {"__type__": type(obj).__name__, "fields": canonical(vars(obj))}
    raise TypeError(f"cannot put a {type(obj).__name__} into canonical form")


def digest(obj: Any) -> str:
    """SHA-256 of the canonical form, as hex (first 16 characters are plenty to compare)."""
    text = json.dumps(canonical(obj), separators=(",", ":"), sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def plain(obj: Any) -> Any:
    """JSON-ready plain data: enums by value, tuples and lists as lists, sets sorted,
    mappings with text keys sorted. Dataclasses and other objects are refused, so a
    snapshot never depends on class or field names."""
    if isinstance(obj, Rng):
        return obj.get_state()
    if isinstance(obj, enum.Enum):
        return plain(obj.value)
    if isinstance(obj, dict):
        return {str(plain(k)): plain(v) for k, v in sorted(obj.items(), key=lambda kv: str(kv[0]))}
    if isinstance(obj, (set, frozenset)):
        return sorted((plain(v) for v in obj), key=json.dumps)
    if isinstance(obj, (list, tuple)):
        return [plain(v) for v in obj]
    if isinstance(obj, (str, int, float, bool)) or obj is None:
        return obj
    raise TypeError(f"a snapshot holds plain data only, not a {type(obj).__name__}")


def snapshot_digest(state: Any) -> str:
    """SHA-256 (hex) of the state's ``snapshot()`` in plain, sorted JSON."""
    text = json.dumps(plain(state.snapshot()), separators=(",", ":"), sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()
