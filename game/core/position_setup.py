"""The ``setup`` section of an ``explain`` position: a situation set up by hand.

A position file (``game.core.explain``) replays its ``actions`` from the scenario's start;
its optional ``setup`` then places units or models with their state (where, facing,
wounds, Shaken, cards in hand, the order of the next cards of a deck) the way a player
sets up a worked example on the table. Each ruleset defines the section's shape through
its manifest's ``setup`` module, which holds ``SETUP = SetupHook(Model, apply)``: a
pydantic model (``extra="forbid"``) and a pure function that changes the state in place.

``apply`` raises :class:`SetupProblem` with the key path inside ``setup`` and what was
expected; :func:`apply_setup` turns it (and the model's validation errors) into one
``DataError`` line naming the file, ``setup.<key path>`` and the problem.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from game.core.errors import DataError, SkirmishError


class SetupProblem(SkirmishError):
    """A setup value the rules cannot place: ``where`` is its key path inside ``setup``
    (``("units", 0, "at")``), ``message`` what was expected."""

    def __init__(self, where: Sequence[str | int], message: str) -> None:
        self.where = tuple(where)
        self.message = message
        super().__init__(f"{_key(self.where)}: {message}")


@dataclass(frozen=True)
class SetupHook:
    """A ruleset's ``setup`` section: its model and the function that applies it."""

    model: type[BaseModel]
    apply: Callable[[Any, Any], None]


def _key(where: Sequence[str | int]) -> str:
    return ".".join(["setup", *(str(p) for p in where)])


def setup_hook(module_path: str | None, title: str) -> SetupHook:
    """The hook a manifest names; ``DataError`` when the ruleset takes no setup."""
    if module_path is None:
        raise DataError(f"{title} positions take no setup section")
    hook = getattr(importlib.import_module(module_path), "SETUP", None)
    if not isinstance(hook, SetupHook):
        raise DataError(f"{title}: {module_path} has no SETUP hook")
    return hook


def apply_setup(state: Any, raw: Mapping[str, Any], hook: SetupHook, path: Path) -> None:
    """Validate ``raw`` against the hook's model and apply it to ``state`` in place;
    ``DataError`` naming ``path``, the key path under ``setup`` and what was expected."""
    try:
        model = hook.model.model_validate(dict(raw))
    except ValidationError as exc:
        lines = []
        for err in exc.errors():
            msg = str(err["msg"]).removeprefix("Value error, ")
            lines.append(f"{path}: {_key(list(err['loc']))}: {msg}")
        raise DataError("\n".join(lines)) from None
    try:
        hook.apply(state, model)
    except SetupProblem as exc:
        raise DataError(f"{path}: {exc}") from None
    except (ValueError, KeyError) as exc:  # a value the rules' own checks refuse
        raise DataError(f"{path}: setup: cannot be set up: {exc}") from None


def one_of(where: Sequence[str | int], name: str, known: Mapping[str, Any], what: str) -> Any:
    """``known[name]``, matched without regard to case; ``SetupProblem`` listing the
    names ``what`` may take otherwise."""
    folded = {k.casefold(): v for k, v in known.items()}
    if name.casefold() in folded:
        return folded[name.casefold()]
    choices = ", ".join(sorted(known)[:12]) + (" ..." if len(known) > 12 else "")
    raise SetupProblem(where, f"expected {what} ({choices}), found {name!r}")


def stacked(rest: Sequence[Any], top: Sequence[Any], rng: Any) -> list[Any]:
    """A draw pile (top = end of the list): ``rest`` shuffled with ``rng``, then ``top``
    on it, ``top[0]`` drawn first. ``rest`` is sorted first so the pile does not depend
    on the order the cards were collected in."""
    return [*rng.shuffled(sorted(rest)), *reversed(top)]


def seat_of(where: Sequence[str | int], name: str, seats: Sequence[str]) -> int:
    """The seat called ``name`` (its id, e.g. ``first``); ``SetupProblem`` otherwise."""
    return int(one_of(where, name, {s: i for i, s in enumerate(seats)}, "a side"))
