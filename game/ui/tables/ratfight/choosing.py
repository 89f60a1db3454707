"""The table's half of RatFight's dispatch table: how a player picks each action type
(the rules' half is ``game.rules.ratfight.dispatch.PROBLEMS``, the bot's
``game.ai.ratfight.bot.WEIGHINGS``, by the same action types). The words on a choice
button are the rules' ``wording.WORDS``."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.core.api import Action
from game.rules.ratfight.actions import (
    Assault,
    End,
    Fire,
    Hold,
    Move,
    Pivot,
    Redraw,
    Retarget,
    Reverse,
)


@dataclass(frozen=True)
class Choice:
    """How one action type is picked. ``aim``: a click on an enemy model offers it
    (lower first: a shot before an assault), and the picked model's targets for it are
    ringed; ``ring``: the picked model's move ring shows while it has one listed;
    ``point``: a click on the table offers it to that point (True: with Shift held);
    ``keys``: the keys that offer it. A choice button (keys 1-9) offers any of them."""

    aim: int | None = None
    ring: bool = False
    point: bool | None = None
    keys: tuple[int, ...] = ()


#: Each RatFight action type's way of being picked at the table.
CHOICES: dict[type[Action], Choice] = {
    Move: Choice(ring=True, point=False),
    Reverse: Choice(ring=True, point=True),
    Pivot: Choice(),  # a choice button only
    Fire: Choice(aim=0),
    Assault: Choice(aim=1),
    Retarget: Choice(),  # a click on a model while shots left over wait
    Hold: Choice(keys=(pygame.K_h,)),
    End: Choice(keys=(pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)),
    Redraw: Choice(keys=(pygame.K_r,)),
}

#: The action types a click on an enemy model offers, in the order tried.
AIMED: tuple[type[Action], ...] = tuple(
    sorted((t for t, c in CHOICES.items() if c.aim is not None), key=lambda t: CHOICES[t].aim or 0)
)


def at_point(shift: bool) -> type[Action]:
    """The action type a click on the table offers (Shift held or not)."""
    return next(t for t, c in CHOICES.items() if c.point is shift)


def by_key(key: int) -> type[Action] | None:
    """The action type a key offers, if any."""
    return next((t for t, c in CHOICES.items() if key in c.keys), None)


def aimed_at(action: Action, figure_id: str, target_id: str | None = None) -> bool:
    """``action`` is one the picked model ``figure_id`` aims at a model (at
    ``target_id``, when given)."""
    if CHOICES[type(action)].aim is None or getattr(action, "figure", None) != figure_id:
        return False
    return target_id is None or getattr(action, "target", None) == target_id


def moves(action: Action, figure_id: str) -> bool:
    """``action`` moves the picked model ``figure_id`` (its move ring shows)."""
    return CHOICES[type(action)].ring and getattr(action, "figure", None) == figure_id
