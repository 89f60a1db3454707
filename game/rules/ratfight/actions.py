"""RatFight's actions and their text forms.

The player who turned over an action card acts on it one model at a time and then
ends it (``end``; ending at once is passing). Points are inches on the table
(``12.5,30`` = 12.5" from the left edge, 30" down); facings are degrees clockwise
from the right table edge.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar

from game.core.api import Action
from game.core.textform import POINT, ActionForms, Point


@dataclass(frozen=True)
class Move(Action):
    """Move a model straight to a point (a passenger gets out this way); a vehicle ends
    facing the way it drove."""

    form: ClassVar[str] = "move {figure} {to}"
    figure: str
    to: Annotated[Point, POINT]


@dataclass(frozen=True)
class Reverse(Action):
    """A vehicle backs straight to a point at half speed, keeping its facing."""

    form: ClassVar[str] = "reverse {figure} {to}"
    figure: str
    to: Annotated[Point, POINT]


@dataclass(frozen=True)
class Pivot(Action):
    """A vehicle turns on the spot to face a new direction (its move)."""

    form: ClassVar[str] = "pivot {figure} {facing}"
    figure: str
    facing: int


@dataclass(frozen=True)
class Assault(Action):
    """Move an infantry model into contact with an enemy: close combat."""

    form: ClassVar[str] = "assault {figure} {target}"
    figure: str
    target: str


@dataclass(frozen=True)
class Fire(Action):
    """Fire one weapon of a model at a target; ``mode`` picks between a weapon's ways
    of firing (1 = the first listed, e.g. long range one shot)."""

    form: ClassVar[str] = "fire {figure} {weapon} {target}[ mode {mode}]"
    figure: str
    weapon: str
    target: str
    mode: int | None = None

    @property
    def mode_index(self) -> int:
        return (self.mode or 1) - 1


@dataclass(frozen=True)
class Retarget(Action):
    """Put the shots left over after downing a target onto a model within 3" of it."""

    form: ClassVar[str] = "retarget {target}"
    target: str


@dataclass(frozen=True)
class Hold(Action):
    """Do not use the shots left over."""

    form: ClassVar[str] = "hold"


@dataclass(frozen=True)
class End(Action):
    """Finish with the action card (at once: pass)."""

    form: ClassVar[str] = "end"


@dataclass(frozen=True)
class Redraw(Action):
    """Inspiring leader: discard the action card just turned over and turn another."""

    form: ClassVar[str] = "redraw"


FORMS = ActionForms("RatFight", (Move, Reverse, Pivot, Assault, Fire, Retarget, Hold, End, Redraw))


def parse_action(text: str) -> Action:
    """Inverse of ``to_str``; ``InvalidAction`` naming the accepted forms otherwise."""
    action: Action = FORMS.parse(text)
    return action
