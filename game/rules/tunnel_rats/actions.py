"""Tunnel Rats actions and their text forms. Every action costs one action point.

move r1 crouching 12,5    move to a cell (ends in that stance)
stance r1 crawling        change stance where he stands
enter r1 e2               go through a known entrance to the level it leads to
shoot r1 v2               fire one shot at a figure
melee r1 v2               one round of close combat
search r1                 look for hidden entrances within 2"
search r1 t3              find and disarm a known booby trap within 2"
dress r1 r2 fafd          dress r2's wounds with r1's field dressing (or ``point``)
reload r1                 reload the gun from the pouch
forfeit                   give up this action point
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar

from game.core.api import Action
from game.core.textform import ActionForms, Cell, words
from game.rules.tunnel_rats.data import Stance


@dataclass(frozen=True)
class Move(Action):
    form: ClassVar[str] = "move {figure} {stance} {cell}"
    figure: str
    stance: Stance
    cell: Cell


@dataclass(frozen=True)
class ChangeStance(Action):
    form: ClassVar[str] = "stance {figure} {stance}"
    figure: str
    stance: Stance


@dataclass(frozen=True)
class Enter(Action):
    form: ClassVar[str] = "enter {figure} {entrance}"
    figure: str
    entrance: str


@dataclass(frozen=True)
class Shoot(Action):
    form: ClassVar[str] = "shoot {figure} {target}"
    figure: str
    target: str


@dataclass(frozen=True)
class Melee(Action):
    form: ClassVar[str] = "melee {figure} {target}"
    figure: str
    target: str


@dataclass(frozen=True)
class Search(Action):
    form: ClassVar[str] = "search {figure}[ {trap}]"
    figure: str
    trap: str | None = None


@dataclass(frozen=True)
class Dress(Action):
    form: ClassVar[str] = "dress {figure} {patient} {use_fafd}"
    figure: str
    patient: str
    use_fafd: Annotated[bool, words("fafd", "point")]


@dataclass(frozen=True)
class Reload(Action):
    form: ClassVar[str] = "reload {figure}"
    figure: str


@dataclass(frozen=True)
class Forfeit(Action):
    form: ClassVar[str] = "forfeit"


ACTION_CLASSES: tuple[type[Action], ...] = (
    Forfeit,
    Move,
    ChangeStance,
    Enter,
    Shoot,
    Melee,
    Search,
    Dress,
    Reload,
)
FORMS = ActionForms("Tunnel Rats", ACTION_CLASSES)


def parse_action(text: str) -> Action:
    """Inverse of ``to_str``; ``InvalidAction`` naming the accepted forms otherwise."""
    action: Action = FORMS.parse(text)
    return action
