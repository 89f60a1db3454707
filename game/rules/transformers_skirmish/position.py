"""The ``setup`` section of a Transformers Skirmish ``explain`` position
(``game.core.position_setup``).

::

    setup:
      phase: fire                      # orders, move, fire or defend
      active: autobots                 # the side whose turn it is
      robots:                          # by id or name; robots not named stay as they are
        Optimus Prime: {at: d4, damage: 1, minicon: true, kind: ground}
        Megatron: {at: d6}
        autobot_3: {destroyed: true}
      hands:                           # card ids or names, per side
        autobots: [lasers, legs]
        deceptacons: [dodge, armor, missiles]
      deck_top: [missiles, fly]        # the next cards of the draw pile, top first

The cards not in a hand or ``deck_top`` make up the rest of the draw pile, shuffled
with the game's own generator; the discard pile is emptied.
"""

from __future__ import annotations

from collections import Counter
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from game.core.position_setup import SetupHook, SetupProblem, one_of
from game.rules.transformers_skirmish.board import parse_square
from game.rules.transformers_skirmish.cards import SEATS
from game.rules.transformers_skirmish.events import Phase
from game.rules.transformers_skirmish.state import SkirmishState


class RobotSetup(BaseModel):
    """One robot: its square (a1..h8), damage taken, Minicon, air or ground, destroyed."""

    model_config = ConfigDict(extra="forbid")
    at: str | None = None
    damage: int | None = Field(default=None, ge=0)
    minicon: bool | None = None
    kind: Literal["air", "ground"] | None = None
    destroyed: bool = False


class SkirmishSetup(BaseModel):
    """A Transformers situation: robots on squares, the hands, the deck's top."""

    model_config = ConfigDict(extra="forbid")
    phase: Literal["orders", "move", "fire"] = "fire"
    active: str = SEATS[0]
    robots: dict[str, RobotSetup] = Field(default_factory=dict)
    hands: dict[str, list[str]] = Field(default_factory=dict)
    deck_top: list[str] = Field(default_factory=list)


def apply_setup(state: SkirmishState, setup: SkirmishSetup) -> None:
    """Place the robots and deal the cards as ``setup`` says."""
    catalog = state.catalog
    seat = SEATS.index(one_of(["active"], setup.active, {s: s for s in SEATS}, "a side"))
    by_name = {**{u.name: u for u in state.units.values()}, **state.units}
    for key, robot in setup.robots.items():
        unit = one_of(["robots", key], key, by_name, "a robot's id or name")
        if robot.damage is not None:
            unit.damage = robot.damage
        if robot.minicon is not None:
            unit.minicon = robot.minicon
        if robot.kind is not None:
            unit.kind = robot.kind
        if robot.destroyed:
            unit.destroyed, unit.square = True, None
        elif robot.at is not None:
            try:
                unit.square = parse_square(robot.at, state.size)
            except ValueError as exc:
                raise SetupProblem(["robots", key, "at"], str(exc)) from None
        if unit.kind is None and unit.square is not None:
            unit.kind = "ground"
        if unit.hits <= 0 and not unit.destroyed:
            raise SetupProblem(["robots", key, "damage"], f"less than {unit.name}'s hits")
    squares: dict[object, str] = {}
    for unit in state.units.values():
        if unit.alive:
            if unit.square in squares:
                raise SetupProblem(["robots"], f"one robot a square ({unit.name} shares one)")
            squares[unit.square] = unit.id
    cards = {**{c.name: c.id for c in catalog.cards}, **{c.id: c.id for c in catalog.cards}}
    left = Counter(catalog.full_deck())
    hands: list[list[str]] = [[], []]
    for side, names in setup.hands.items():
        hand_seat = SEATS.index(one_of(["hands", side], side, {s: s for s in SEATS}, "a side"))
        for i, name in enumerate(names):
            hands[hand_seat].append(one_of(["hands", side, i], name, cards, "a card"))
    top = [one_of(["deck_top", i], n, cards, "a card") for i, n in enumerate(setup.deck_top)]
    for card in [*hands[0], *hands[1], *top]:
        left[card] -= 1
        if left[card] < 0:
            count = catalog.card(card).count
            raise SetupProblem(["hands"], f"no more {card} cards than the deck's {count}")
    order = catalog.card_order()
    if setup.hands:
        state.hands = [sorted(h, key=order.__getitem__) for h in hands]
    else:
        for card in [*state.hands[0], *state.hands[1]]:
            left[card] -= 1
    state.deck.draw_pile = [*state.rng.shuffled(sorted((+left).elements())), *reversed(top)]
    state.deck.discard_pile = []
    state.phase, state.active, state.pending = Phase(setup.phase), seat, None
    state.turn = max(state.turn, 1)
    state.winner, state.reason = None, ""


SETUP = SetupHook(SkirmishSetup, apply_setup)
