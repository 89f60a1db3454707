"""5.56mm's actions and their text forms.

The character whose card was drawn takes up to two actions one after the other, or one
special action instead (2.2), and then his go ends (``end`` ends it early). Points are
inches on the table (``12.5,30`` = 12.5" from the left edge, 30" down); facings
degrees clockwise from the right table edge (0 = right, 90 = down the table).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar

from game.core.api import Action
from game.core.textform import POINT, ActionForms, Point


@dataclass(frozen=True)
class Move(Action):
    """3.1 Move: up to 4" straight to a point (less when wounded), ending facing the way
    he went or ``facing`` if given. A move to where he stands turns him on the spot."""

    form: ClassVar[str] = "move {character} {to}[ facing {facing}]"
    character: str
    to: Annotated[Point, POINT]
    facing: int | None = None


@dataclass(frozen=True)
class Stealth(Action):
    """3.3 Stealth: keep low; counts as partial concealment (+1 to hit him) until his
    next go."""

    form: ClassVar[str] = "stealth {character}"
    character: str


@dataclass(frozen=True)
class Aim(Action):
    """3.4 Aim, as the first action: +1 (more with a scope) to the Fire action after it."""

    form: ClassVar[str] = "aim {character}"
    character: str


@dataclass(frozen=True)
class Fire(Action):
    """3.2 Fire a weapon at an enemy: the spotting roll first if less than half of him is
    in sight, then D6 + Weapons against his TN, then the injury roll."""

    form: ClassVar[str] = "fire {character} {weapon} {target}"
    character: str
    weapon: str
    target: str


@dataclass(frozen=True)
class End(Action):
    """End the character's go (2.2: he may take fewer actions, even none)."""

    form: ClassVar[str] = "end"


ACTION_TYPES: tuple[type[Action], ...] = (Move, Stealth, Aim, Fire, End)
FORMS = ActionForms("5.56mm", ACTION_TYPES)


def parse_action(text: str) -> Action:
    """Inverse of ``to_str``; ``InvalidAction`` naming the accepted forms otherwise."""
    action: Action = FORMS.parse(text)
    return action
