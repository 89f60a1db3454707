"""A canonical, order-stable form of a game state, for digests and equality checks.

Sets are sorted and dataclasses become (name, fields) so the digest does not depend
on hash randomisation or on the Python version.
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
