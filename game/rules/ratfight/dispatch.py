"""RatFight's dispatch table: for each action type the rule that refuses it
(:data:`PROBLEMS`, the legality half) beside ``resolve.HANDLERS`` (the resolution
half, by the same action types); the bot's and the table's halves are
``game.ai.ratfight.bot.WEIGHINGS`` and ``game.ui.tables.ratfight.choosing.CHOICES``.

``why_not(board, action)`` is the one authority on legality: ``apply`` refuses with its
answer, bots and tables ask it. It checks what every action must pass (the game is on,
a card is turned over, shots left over come first, the model is the seat's and may
still act on the card), then looks the action's own rule up here; the rules themselves
are in ``legal``. Distances are hundredths of an inch.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.core.api import Action
from game.maps.tabletop import Point
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
from game.rules.ratfight.board import Board
from game.rules.ratfight.data import ActionCardSpec, CardKind
from game.rules.ratfight.legal import (
    RULE_CARDS,
    RULE_FIRE,
    assault_problem,
    fire_problem,
    move_problem,
    move_problems,
    pivot_problem,
    redraw_problem,
    retarget_problem,
)
from game.rules.ratfight.model import Figure

__all__ = ["PROBLEMS", "Legality", "moves_problems", "why_not"]

#: An action of one model: the rule refusing it to ``figure`` under the turned card.
ModelRule = Callable[[Board, Figure, ActionCardSpec, Any], str | None]
#: An action on the card or on shots left over: the rule refusing it.
CardRule = Callable[[Board, Any], str | None]


def why_not(board: Board, action: Action) -> str | None:
    """The rule forbidding ``action`` for the seat to act now, or None if it is legal."""
    screened = _screen(board, action)
    if not isinstance(screened, Figure):
        return screened
    spec = board.card_spec()
    assert spec is not None
    rule = PROBLEMS.get(type(action))
    if rule is None or rule.model is None:
        return _card_moves_problem(spec, screened) or "that is not open now"
    return rule.model(board, screened, spec, action)


def moves_problems(
    board: Board, figure_id: str, targets: Sequence[Point], *, reverse: bool
) -> list[str | None]:
    """``why_not`` of a move (``reverse``: a reverse) of one model to each of
    ``targets``, in order: the same answers, checked together (what the model and the
    card allow is asked once, and only models near enough to matter are looked at)."""
    if not targets:
        return []
    first = Reverse(figure_id, targets[0]) if reverse else Move(figure_id, targets[0])
    screened = _screen(board, first)
    if not isinstance(screened, Figure):
        return [screened] * len(targets)
    spec = board.card_spec()
    assert spec is not None
    problem = _card_moves_problem(spec, screened)
    if problem:
        return [problem] * len(targets)
    return move_problems(board, screened, targets, reverse=reverse)


def _screen(board: Board, action: Action) -> Figure | str | None:
    """What every action must pass: the game is on, a card is turned over, shots left
    over come first, the model is the seat's and has not acted on the card, and the
    card allows another. None: legal already (end, hold); a string: the refusal; a
    model: the one acting, whose action's own rules decide."""
    if board.winners is not None:
        return "the game is over: RatFight, Turn Sequence"
    if board.seat is None or board.card is None:
        return "no action card is turned over: RatFight, Turn Sequence"
    rule = PROBLEMS.get(type(action))
    if board.pending is not None:
        if rule is not None and rule.pending is not None:
            return rule.pending(board, action)
        return f"first retarget the shots left over or hold them: {RULE_FIRE} 5"
    if rule is not None and rule.card is not None:
        return rule.card(board, action)
    spec = board.card_spec()
    assert spec is not None
    if spec.kind is CardKind.TURN_END:
        return f"Turn End: the turn ends (or an Inspiring leader redraws): {RULE_CARDS}"
    figure_id = getattr(action, "figure", None)
    if not isinstance(figure_id, str):
        return "that is not a RatFight action"
    figure = board.figure(figure_id)
    if figure is None:
        return "there is no such model"
    if figure.side != board.seat:
        return f"{figure.label} is not one of your models"
    if figure_id in board.used:
        return f"{figure.label} has already acted on this card: {RULE_CARDS}"
    if spec.allows is not None and len(board.used) >= spec.allows:
        return f"{spec.title} allows only {spec.allows}: {RULE_CARDS}"
    return figure


def _card_moves_problem(spec: ActionCardSpec, figure: Figure) -> str | None:
    """A movement card moves infantry or vehicles, as its kind says; firing cards
    do not move."""
    if spec.kind is CardKind.FIRE:
        return f"{spec.title} lets models fire, not move: {RULE_CARDS}"
    wants_vehicle = spec.kind is CardKind.MOVE_VEHICLE
    if figure.vehicle != wants_vehicle:
        kind = "vehicle" if wants_vehicle else "infantry"
        return f"{spec.title} moves {kind} only: {RULE_CARDS}"
    return None


# -- moving ---------------------------------------------------------------------------------


def _fire_problem(board: Board, figure: Figure, spec: ActionCardSpec, action: Fire) -> str | None:
    """A firing card fires (an infantry-only one, infantry weapons); then the shot's own
    rules (``fire_problem``)."""
    if spec.kind is not CardKind.FIRE:
        return f"{spec.title} is not a firing card: {RULE_CARDS}"
    if spec.infantry_only and not figure.infantry:
        return f"{spec.title} fires one infantry weapon: {RULE_CARDS}"
    return fire_problem(board, figure, action)


def _moving(rule: Callable[[Board, Figure, Any], str | None]) -> ModelRule:
    """A move or an assault: the card must move this kind of model, then ``rule``."""
    return lambda board, figure, spec, action: (
        _card_moves_problem(spec, figure) or rule(board, figure, action)
    )


@dataclass(frozen=True)
class Legality:
    """How RatFight judges one action type, after the game, the card and the seat are
    checked (``_screen``). ``pending``: its answer while shots left over wait (others
    must wait); ``card``: an action on the card itself, answered before any model is
    looked at; ``model``: an action of a model that may still act on the card."""

    pending: CardRule | None = None
    card: CardRule | None = None
    model: ModelRule | None = None


#: The legality half of RatFight's dispatch table; its resolution half is
#: ``resolve.HANDLERS``, by the same action types.
PROBLEMS: dict[type[Action], Legality] = {
    Move: Legality(model=_moving(lambda b, f, a: move_problem(b, f, a.to, reverse=False))),
    Reverse: Legality(model=_moving(lambda b, f, a: move_problem(b, f, a.to, reverse=True))),
    Pivot: Legality(model=_moving(lambda b, f, a: pivot_problem(b, f, a.facing))),
    Assault: Legality(model=_moving(lambda b, f, a: assault_problem(b, f, a.target))),
    Fire: Legality(model=_fire_problem),
    Retarget: Legality(pending=lambda board, a: retarget_problem(board, a.target)),
    Hold: Legality(pending=lambda _board, _a: None),
    End: Legality(card=lambda _board, _a: None),
    Redraw: Legality(card=lambda board, _a: redraw_problem(board)),
}
