"""The ``setup`` section of a RatFight ``explain`` position (``game.core.position_setup``).

::

    setup:
      only: true                        # models not named leave the table
      action: {side: first, card: fire_one}   # the action card just turned over
      models:                           # by id or name
        r1: {at: [30, 20]}              # inches from the table's top left corner
        g1: {at: [30, 14], status: down}
        t1: {at: [10, 10], facing: 90, damage: 2, unit: panzer_iv}
      resolution:                       # each side's 52-card deck
        first: {top: [AS, 10H]}         # the next cards, first drawn first
        second: {pile: [2C, 3D]}        # or every card left; the rest are discards

``facing`` is degrees clockwise from the right table edge (vehicles); ``status`` one of
up, down, casualty; ``unit`` another profile of the units table.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from game.core.playing_setup import PlayingDeckSetup, set_playing_deck
from game.core.position_setup import SetupHook, SetupProblem, one_of, seat_of
from game.maps.tabletop import to_point
from game.rules.ratfight import RatFight
from game.rules.ratfight.data import units
from game.rules.ratfight.model import Status
from game.rules.ratfight.state import RatFightState


class ModelSetup(BaseModel):
    """One model: where (inches), facing (degrees), status, damage points, profile."""

    model_config = ConfigDict(extra="forbid")
    at: tuple[float, float] | None = None
    facing: int | None = Field(default=None, ge=0, lt=360)
    status: Literal["up", "down", "casualty"] | None = None
    damage: int | None = Field(default=None, ge=0)
    unit: str | None = None


class ActionSetup(BaseModel):
    """The action card a side has just turned over."""

    model_config = ConfigDict(extra="forbid")
    side: str
    card: str


class RatFightSetup(BaseModel):
    """A RatFight situation: models placed, the action card in play, the decks."""

    model_config = ConfigDict(extra="forbid")
    only: bool = False
    action: ActionSetup | None = None
    models: dict[str, ModelSetup] = Field(default_factory=dict)
    resolution: dict[str, PlayingDeckSetup] = Field(default_factory=dict)


def apply_setup(state: RatFightState, setup: RatFightSetup) -> None:
    """Place the models, turn over the action card and stack the decks."""
    board = state.board
    width, height = board.setting.table.width, board.setting.table.height
    known = {**{f.name: f for f in board.figures.values()}, **board.figures}
    named = {one_of(["models", k], k, known, "a model's id or name").id: k for k in setup.models}
    if setup.only:
        for figure in board.figures.values():
            if figure.id not in named:
                figure.status, figure.aboard = Status.FLED, None
    profiles = units()
    for fid, key in named.items():
        want, figure = setup.models[key], board.figures[fid]
        if want.unit is not None:
            figure.retype(want.unit, one_of(["models", key, "unit"], want.unit, profiles, "a unit"))
        if want.at is not None:
            point = to_point(*want.at)
            if not (0 <= point[0] <= width and 0 <= point[1] <= height):
                size = f"{width / 100:g} x {height / 100:g} inches"
                raise SetupProblem(["models", key, "at"], f"a point on the {size} table")
            figure.pos = point
            if figure.status in (Status.FLED, Status.ABOARD):
                figure.status, figure.aboard = Status.UP, None
            for rider in board.passengers(figure):
                rider.pos = point
        if want.facing is not None:
            figure.facing = want.facing
        if want.status is not None:
            figure.status = Status(want.status)
        if want.damage is not None:
            figure.damage = want.damage
    seats = RatFight.seats
    if setup.action is not None:
        seat = seat_of(["action", "side"], setup.action.side, seats)
        specs = {c.id: c.id for c in board.setting.rules.action_cards}
        specs.update({c.title: c.id for c in board.setting.rules.action_cards})
        card = one_of(["action", "card"], setup.action.card, specs, "an action card")
        board.seat, board.card, board.used, board.pending = seat, card, [], None
    for side, deck in setup.resolution.items():
        seat = seat_of(["resolution", side], side, seats)
        set_playing_deck(board.resolution[seat], deck, ["resolution", side], board.rng)


SETUP = SetupHook(RatFightSetup, apply_setup)
