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

import re
from dataclasses import dataclass

from game.core.api import Action
from game.core.errors import InvalidAction
from game.rules.tunnel_rats.data import Stance

_ID = re.compile(r"^[a-z]+\d+$")


@dataclass(frozen=True)
class Move(Action):
    figure: str
    stance: Stance
    cell: tuple[int, int]

    def to_str(self) -> str:
        return f"move {self.figure} {self.stance.value} {self.cell[0]},{self.cell[1]}"


@dataclass(frozen=True)
class ChangeStance(Action):
    figure: str
    stance: Stance

    def to_str(self) -> str:
        return f"stance {self.figure} {self.stance.value}"


@dataclass(frozen=True)
class Enter(Action):
    figure: str
    entrance: str

    def to_str(self) -> str:
        return f"enter {self.figure} {self.entrance}"


@dataclass(frozen=True)
class Shoot(Action):
    figure: str
    target: str

    def to_str(self) -> str:
        return f"shoot {self.figure} {self.target}"


@dataclass(frozen=True)
class Melee(Action):
    figure: str
    target: str

    def to_str(self) -> str:
        return f"melee {self.figure} {self.target}"


@dataclass(frozen=True)
class Search(Action):
    figure: str
    trap: str | None = None

    def to_str(self) -> str:
        return f"search {self.figure}" + (f" {self.trap}" if self.trap else "")


@dataclass(frozen=True)
class Dress(Action):
    figure: str
    patient: str
    use_fafd: bool

    def to_str(self) -> str:
        return f"dress {self.figure} {self.patient} {'fafd' if self.use_fafd else 'point'}"


@dataclass(frozen=True)
class Reload(Action):
    figure: str

    def to_str(self) -> str:
        return f"reload {self.figure}"


@dataclass(frozen=True)
class Forfeit(Action):
    def to_str(self) -> str:
        return "forfeit"


_FORMS = (
    "move FIG STANCE X,Y; stance FIG STANCE; enter FIG ENTRANCE; shoot FIG TARGET; "
    "melee FIG TARGET; search FIG [TRAP]; dress FIG PATIENT fafd|point; reload FIG; forfeit"
)


def _id(word: str, text: str) -> str:
    if not _ID.match(word):
        raise InvalidAction(f"{text!r}: {word!r} is not a figure, trap or entrance id")
    return word


def _stance(word: str, text: str) -> Stance:
    try:
        return Stance(word)
    except ValueError:
        raise InvalidAction(
            f"{text!r}: {word!r} is not a stance (running, crouching or crawling)"
        ) from None


def _cell(word: str, text: str) -> tuple[int, int]:
    parts = word.split(",")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise InvalidAction(f"{text!r}: {word!r} is not a cell like 12,5")
    return (int(parts[0]), int(parts[1]))


def parse_action(text: str) -> Action:
    """Inverse of ``to_str``; ``InvalidAction`` naming the accepted forms otherwise."""
    words = text.strip().lower().split()
    if not words:
        raise InvalidAction(f"empty action (expected one of: {_FORMS})")
    verb, args = words[0], words[1:]
    if verb == "forfeit" and not args:
        return Forfeit()
    if verb == "move" and len(args) == 3:
        return Move(_id(args[0], text), _stance(args[1], text), _cell(args[2], text))
    if verb == "stance" and len(args) == 2:
        return ChangeStance(_id(args[0], text), _stance(args[1], text))
    if verb == "enter" and len(args) == 2:
        return Enter(_id(args[0], text), _id(args[1], text))
    if verb == "shoot" and len(args) == 2:
        return Shoot(_id(args[0], text), _id(args[1], text))
    if verb == "melee" and len(args) == 2:
        return Melee(_id(args[0], text), _id(args[1], text))
    if verb == "search" and len(args) in (1, 2):
        return Search(_id(args[0], text), _id(args[1], text) if len(args) == 2 else None)
    if verb == "dress" and len(args) == 3 and args[2] in ("fafd", "point"):
        return Dress(_id(args[0], text), _id(args[1], text), args[2] == "fafd")
    if verb == "reload" and len(args) == 1:
        return Reload(_id(args[0], text))
    raise InvalidAction(f"{text!r} is not a Tunnel Rats action (expected one of: {_FORMS})")
