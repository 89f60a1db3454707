"""When two hotseat players may share one screen: :func:`same_secrets`.

The hand-over screen (``game.ui.scenes.handover``) comes between two players exactly when
their views of the game differ; this module says when they do.
"""

from __future__ import annotations

import dataclasses
from typing import Any

_IGNORED = ("seat", "candidate_actions")  # who looks, and what only the actor may do


def _shown(view: Any) -> dict[str, Any] | None:
    """The compared fields of a dataclass view, less who looks and may act; ``None`` for
    a view that is not a dataclass."""
    if not dataclasses.is_dataclass(view) or isinstance(view, type):
        return None
    return {
        f.name: getattr(view, f.name)
        for f in dataclasses.fields(view)
        if f.compare and f.name not in _IGNORED
    }


def _blank(value: Any) -> bool:
    """Nothing shown: ``None`` or an empty collection (a spectator's ``None`` hand and a
    seat's empty hand say the same)."""
    return value is None or (
        isinstance(value, tuple | list | dict | set | frozenset | str) and not value
    )


def same_secrets(a: Any, b: Any, spectator: Any = None) -> bool:
    """Whether two seats' views show the same things, so one screen may pass from one
    player to the other without a hand-over.

    Who looks (``seat``), what the actor may do (``candidate_actions``) and fields not
    compared (``acting``, the sealed state) do not count. A view's fields may be the
    seat's own ("hand", "my_bids"): two equal hands are still two secrets (each player
    would learn the other's). So with the ``spectator``'s view given, the views are alike
    only when neither shows anything the spectator's does not (blank values aside)."""
    shown_a, shown_b = _shown(a), _shown(b)
    if shown_a is None or shown_b is None:
        return bool(a == b)
    if shown_a != shown_b:
        return False
    public = _shown(spectator)
    if public is None:
        return True
    return all(
        public.get(name) == value or (_blank(value) and _blank(public.get(name)))
        for name, value in shown_a.items()
    )


__all__ = ["same_secrets"]
