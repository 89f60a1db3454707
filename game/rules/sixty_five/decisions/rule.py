"""The shape of one '65 rule in the dispatch table (``dispatch.py``): per action type,
the function that refuses it (``legal``) and the one that carries it out (``resolve``);
per decision, the rules it takes, its candidates and why another action is refused."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from game.core.api import Action, Event
from game.rules.sixty_five.turn import TurnFlow

Legal = Callable[[TurnFlow, int, Any], str | None]
#: Carry the action out, adding its events; False when it ends the step there (a pass),
#: so nothing is settled after it (None or True: the game goes on settling).
Resolve = Callable[[TurnFlow, int, Any, list[Event]], bool | None]
Candidates = Callable[[TurnFlow, int], list[Action]]


@dataclass(frozen=True)
class Rule:
    """What the rules do with one action type in one decision."""

    legal: Legal
    resolve: Resolve


@dataclass(frozen=True)
class Decision:
    """One decision: the action types it takes, the candidates, and why another action
    is refused (a fixed rule, or one that depends on the game)."""

    takes: Mapping[type[Action], Rule]
    candidates: Candidates
    refusal: Callable[[TurnFlow], str]


def always(reason: str) -> Callable[[TurnFlow], str]:
    """A refusal that does not depend on the game."""
    return lambda _flow: reason


def free(_flow: TurnFlow, _seat: int, _action: Any) -> str | None:
    """Always allowed."""
    return None
