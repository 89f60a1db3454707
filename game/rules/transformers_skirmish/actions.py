"""The Transformers Skirmish actions and their text forms.

Setup:   ``place optimus_prime d1``, ``minicon red_alert``, ``air hot_shot``,
         ``ground autobot_1``, ``autosetup`` (the rest of your setup done at random)
Orders:  ``play tactics``, ``play repairs optimus_prime``, ``discard armor`` (hand limit)
Move:    ``move legs optimus_prime e1-e2`` (one unit), ``mass legs`` (all forward)
Fire:    ``attack missiles hot_shot>megatron``
Defence: ``defend shield`` or ``take`` (the attacked player answers)
Any phase of your turn: ``pass`` ends the phase without playing a card.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from game.core.api import Action
from game.core.errors import InvalidAction
from game.rules.transformers_skirmish.board import Square, parse_square, square_name

_ID = re.compile(r"^[a-z][a-z0-9_]*$")


class Role(StrEnum):
    """The three setup designations."""

    MINICON = "minicon"
    AIR = "air"
    GROUND = "ground"


@dataclass(frozen=True)
class Place(Action):
    """Setup: put one of your units on a free square of your back row."""

    unit: str
    square: Square

    def to_str(self) -> str:
        return f"place {self.unit} {square_name(self.square)}"


@dataclass(frozen=True)
class Designate(Action):
    """Setup: attach a Minicon to a unit, or make it an air or ground type."""

    role: Role
    unit: str

    def to_str(self) -> str:
        return f"{self.role.value} {self.unit}"


@dataclass(frozen=True)
class AutoSetup(Action):
    """Setup: finish the rest of your setup at random."""

    def to_str(self) -> str:
        return "autosetup"


@dataclass(frozen=True)
class Move(Action):
    """Move phase: play a Move card to move one unit in a straight line."""

    card: str
    unit: str
    origin: Square
    dest: Square

    def to_str(self) -> str:
        return f"move {self.card} {self.unit} {square_name(self.origin)}-{square_name(self.dest)}"


@dataclass(frozen=True)
class Mass(Action):
    """Move phase: play a Move card to move every unit that can use it straight forward."""

    card: str

    def to_str(self) -> str:
        return f"mass {self.card}"


@dataclass(frozen=True)
class Attack(Action):
    """Fire phase: play an Attack card; ``attacker`` fires at ``target``."""

    card: str
    attacker: str
    target: str

    def to_str(self) -> str:
        return f"attack {self.card} {self.attacker}>{self.target}"


@dataclass(frozen=True)
class Defend(Action):
    """Reaction: discard a Defense card to cancel the attack on your unit."""

    card: str

    def to_str(self) -> str:
        return f"defend {self.card}"


@dataclass(frozen=True)
class Take(Action):
    """Reaction: let the attack hit."""

    def to_str(self) -> str:
        return "take"


@dataclass(frozen=True)
class Play(Action):
    """Orders phase: play a special card (Tactics; Repairs names the unit to repair)."""

    card: str
    unit: str | None = None

    def to_str(self) -> str:
        return f"play {self.card}" + (f" {self.unit}" if self.unit else "")


@dataclass(frozen=True)
class Discard(Action):
    """Hand limit: discard one card of this kind."""

    card: str

    def to_str(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True)
class Pass(Action):
    """End the current phase without playing a card."""

    def to_str(self) -> str:
        return "pass"


_FORMS = (
    "place UNIT SQUARE, minicon|air|ground UNIT, autosetup, play CARD [UNIT], discard CARD, "
    "move CARD UNIT FROM-TO, mass CARD, attack CARD UNIT>TARGET, defend CARD, take, pass"
)


def _ident(word: str, text: str) -> str:
    if not _ID.match(word):
        raise InvalidAction(f"{text!r}: {word!r} is not a card or unit id")
    return word


def parse_action(text: str, size: int = 8) -> Action:
    """Inverse of ``to_str``; ``InvalidAction`` naming the accepted forms otherwise."""
    words = text.strip().lower().split()
    if not words:
        raise InvalidAction(f"empty action (expected {_FORMS})")
    head, rest = words[0], words[1:]
    if not rest and head in ("pass", "take", "autosetup"):
        return {"pass": Pass(), "take": Take(), "autosetup": AutoSetup()}[head]
    if head == "place" and len(rest) == 2:
        return Place(_ident(rest[0], text), parse_square(rest[1], size))
    if head in ("minicon", "air", "ground") and len(rest) == 1:
        return Designate(Role(head), _ident(rest[0], text))
    if head == "play" and len(rest) in (1, 2):
        unit = _ident(rest[1], text) if len(rest) == 2 else None
        return Play(_ident(rest[0], text), unit)
    if head in ("discard", "defend", "mass") and len(rest) == 1:
        card = _ident(rest[0], text)
        if head == "discard":
            return Discard(card)
        return Defend(card) if head == "defend" else Mass(card)
    if head == "move" and len(rest) == 3 and rest[2].count("-") == 1:
        origin, dest = rest[2].split("-")
        return Move(
            _ident(rest[0], text),
            _ident(rest[1], text),
            parse_square(origin, size),
            parse_square(dest, size),
        )
    if head == "attack" and len(rest) == 2 and rest[1].count(">") == 1:
        attacker, target = rest[1].split(">")
        return Attack(_ident(rest[0], text), _ident(attacker, text), _ident(target, text))
    raise InvalidAction(f"{text!r} is not a Transformers Skirmish action (expected {_FORMS})")
