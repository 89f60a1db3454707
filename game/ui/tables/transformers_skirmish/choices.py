"""What the Transformers Skirmish table offers, read only from ``view.legal_actions``.

A play is chosen in steps: a card, then (for Move and Attack cards) one of your robots,
then a square. These helpers list the choices each step leaves; the table never offers
anything that is not a legal action.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.core.api import Action
from game.rules.transformers_skirmish.actions import (
    Attack,
    AutoSetup,
    Defend,
    Designate,
    Discard,
    Mass,
    Move,
    Pass,
    Place,
    Play,
    Role,
    Take,
)
from game.rules.transformers_skirmish.board import Square
from game.rules.transformers_skirmish.hints import action_card
from game.rules.transformers_skirmish.view import SkirmishView


@dataclass(frozen=True)
class Choice:
    """How the table offers one action type in the card-first steps: ``robot`` the robot
    picked after the card (None: no robot step), ``square`` the square clicked to finish
    it when ``unit`` is picked (None: not on a square), ``direct`` whether the card alone
    plays it."""

    robot: Callable[[Any], str | None] = lambda _a: None
    square: Callable[[SkirmishView, Any, str | None], Square | None] = lambda _v, _a, _u: None
    direct: Callable[[Any], bool] = lambda _a: False


def _robot_square(view: SkirmishView, unit: str | None) -> Square | None:
    return view.unit(unit).square if unit is not None else None


#: Each action type's place in the table's steps (the Transformers Skirmish dispatch of
#: the UI's choices); setup actions and Pass/Take have buttons of their own.
CHOICES: dict[type[Action], Choice] = {
    Move: Choice(
        robot=lambda a: a.unit, square=lambda _v, a, unit: a.dest if a.unit == unit else None
    ),
    Attack: Choice(
        robot=lambda a: a.attacker,
        square=lambda v, a, unit: v.unit(a.target).square if a.attacker == unit else None,
    ),
    Play: Choice(
        square=lambda v, a, _unit: _robot_square(v, a.unit), direct=lambda a: a.unit is None
    ),
    Discard: Choice(direct=lambda _a: True),
    Defend: Choice(direct=lambda _a: True),
    Mass: Choice(),
    Pass: Choice(),
    Take: Choice(),
    Place: Choice(),
    Designate: Choice(),
    AutoSetup: Choice(),
}


def unit_choices(legal: Sequence[Action], card: str | None) -> list[str]:
    """Robots that may use ``card`` now (movers, attackers), in legal-action order."""
    out: dict[str, None] = {}
    for a in legal:
        robot = CHOICES[type(a)].robot(a)
        if robot is not None and action_card(a) == card:
            out[robot] = None
    return list(out)


def targets(
    view: SkirmishView, legal: Sequence[Action], card: str | None, unit: str | None
) -> dict[Square, Action]:
    """Squares to click to finish a play of ``card`` (by ``unit`` for moves and attacks):
    move destinations, attack targets, or the damaged robots Repairs may fix."""
    out: dict[Square, Action] = {}
    for a in legal:
        if action_card(a) != card:
            continue
        sq = CHOICES[type(a)].square(view, a, unit)
        if sq is not None:
            out[sq] = a
    return out


def attack_squares(
    view: SkirmishView, legal: Sequence[Action], card: str | None
) -> dict[Square, list[Attack]]:
    """Every enemy square some robot can hit with ``card``, with the attacks that do."""
    out: dict[Square, list[Attack]] = {}
    for a in legal:
        if isinstance(a, Attack) and a.card == card:
            sq = view.unit(a.target).square
            if sq is not None:
                out.setdefault(sq, []).append(a)
    return out


def direct_action(legal: Sequence[Action], card: str | None) -> Action | None:
    """The play of ``card`` that needs no robot or square: Tactics, a discard, a defence."""
    for a in legal:
        if action_card(a) == card and CHOICES[type(a)].direct(a):
            return a
    return None


def mass_action(legal: Sequence[Action], card: str | None) -> Mass | None:
    for a in legal:
        if isinstance(a, Mass) and a.card == card:
            return a
    return None


def mass_group_action(
    legal: Sequence[Action], card: str | None, group: Sequence[str]
) -> Mass | None:
    """The mass move of the marked robots (issue 17; ``group`` in roster order), or of
    every robot when none is marked; ``None`` when that move is not legal."""
    if not group:
        return mass_action(legal, card)
    wanted = Mass(card, tuple(group)) if card is not None else None
    return wanted if wanted is not None and wanted in legal else None


def mass_cards(legal: Sequence[Action]) -> list[str]:
    return [a.card for a in legal if isinstance(a, Mass)]


def defend_cards(legal: Sequence[Action]) -> list[str]:
    return [a.card for a in legal if isinstance(a, Defend)]


# -- setup ---------------------------------------------------------------------------------
def setup_units(view: SkirmishView, legal: Sequence[Action]) -> list[str]:
    """The acting side's robots that still have a setup choice (place or designate)."""
    out: dict[str, None] = {}
    for a in legal:
        if isinstance(a, (Place, Designate)):
            out[a.unit] = None
    return list(out)


def place_squares(legal: Sequence[Action], unit: str | None) -> dict[Square, Action]:
    return {a.square: a for a in legal if isinstance(a, Place) and a.unit == unit}


def designation(legal: Sequence[Action], role: Role, unit: str | None) -> Action | None:
    for a in legal:
        if isinstance(a, Designate) and a.role is role and a.unit == unit:
            return a
    return None


def auto_setup(legal: Sequence[Action]) -> Action | None:
    return next((a for a in legal if isinstance(a, AutoSetup)), None)
