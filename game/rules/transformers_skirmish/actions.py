"""The Transformers Skirmish actions and their text forms.

Setup:   ``place optimus_prime d1``, ``minicon red_alert``, ``air hot_shot``,
         ``ground autobot_1``, ``autosetup`` (the rest of your setup done at random)
Orders:  ``play tactics``, ``play repairs optimus_prime``, ``discard armor`` (hand limit)
Move:    ``move legs optimus_prime e1-e2`` (one unit), ``mass legs`` (all forward),
         ``mass legs autobot_1,autobot_3`` (the named robots forward)
Fire:    ``attack missiles hot_shot>megatron``
Defence: ``defend shield`` or ``take`` (the attacked player answers)
Any phase of your turn: ``pass`` ends the phase without playing a card.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Annotated, ClassVar

from game.core.api import Action
from game.core.textform import IDS, ActionForms, Codec
from game.rules.transformers_skirmish.board import FILES, Square, square_name

BOARD_SIZE = 8


def _decode_square(text: str) -> Square:
    return (FILES.index(text[0]), int(text[1:]) - 1)


SQUARE: Codec[Square] = Codec(
    "SQUARE",
    f"[a-{FILES[BOARD_SIZE - 1]}][1-{BOARD_SIZE}]",
    _decode_square,
    square_name,
)
"""A square as on the board's edges, ``a1`` .. ``h8`` (file letter, rank number)."""

SquareText = Annotated[Square, SQUARE]


class Role(StrEnum):
    """The three setup designations."""

    MINICON = "minicon"
    AIR = "air"
    GROUND = "ground"


@dataclass(frozen=True)
class Place(Action):
    """Setup: put one of your units on a free square of your back row."""

    form: ClassVar[str] = "place {unit} {square}"
    unit: str
    square: SquareText


@dataclass(frozen=True)
class Designate(Action):
    """Setup: attach a Minicon to a unit, or make it an air or ground type."""

    form: ClassVar[str] = "{role} {unit}"
    role: Role
    unit: str


@dataclass(frozen=True)
class AutoSetup(Action):
    """Setup: finish the rest of your setup at random."""

    form: ClassVar[str] = "autosetup"


@dataclass(frozen=True)
class Move(Action):
    """Move phase: play a Move card to move one unit in a straight line."""

    form: ClassVar[str] = "move {card} {unit} {origin}-{dest}"
    card: str
    unit: str
    origin: SquareText
    dest: SquareText


@dataclass(frozen=True)
class Mass(Action):
    """Move phase: play a Move card to move robots straight forward (issue 17).

    ``units`` names the robots that go, in roster order (``mass legs autobot_1,autobot_3``);
    without it (``mass legs``, the first-edition form) every robot that may use the card
    goes."""

    form: ClassVar[str] = "mass {card}[ {units}]"
    card: str
    units: Annotated[tuple[str, ...], IDS] | None = None


@dataclass(frozen=True)
class Attack(Action):
    """Fire phase: play an Attack card; ``attacker`` fires at ``target``."""

    form: ClassVar[str] = "attack {card} {attacker}>{target}"
    card: str
    attacker: str
    target: str


@dataclass(frozen=True)
class Defend(Action):
    """Reaction: discard a Defense card to cancel the attack on your unit."""

    form: ClassVar[str] = "defend {card}"
    card: str


@dataclass(frozen=True)
class Take(Action):
    """Reaction: let the attack hit."""

    form: ClassVar[str] = "take"


@dataclass(frozen=True)
class Play(Action):
    """Orders phase: play a special card (Tactics; Repairs names the unit to repair)."""

    form: ClassVar[str] = "play {card}[ {unit}]"
    card: str
    unit: str | None = None


@dataclass(frozen=True)
class Discard(Action):
    """Hand limit: discard one card of this kind."""

    form: ClassVar[str] = "discard {card}"
    card: str


@dataclass(frozen=True)
class Pass(Action):
    """End the current phase without playing a card."""

    form: ClassVar[str] = "pass"


#: Every action type of the game (each has its entry in the dispatch tables of the
#: rules, the AI and the table).
ACTION_TYPES: tuple[type[Action], ...] = (
    Pass,
    Take,
    AutoSetup,
    Place,
    Designate,
    Play,
    Discard,
    Defend,
    Mass,
    Move,
    Attack,
)
FORMS = ActionForms("Transformers Skirmish", ACTION_TYPES)


def parse_action(text: str) -> Action:
    """Inverse of ``to_str``; ``InvalidAction`` naming the accepted forms otherwise."""
    action: Action = FORMS.parse(text)
    return action
