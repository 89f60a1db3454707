"""One random legal RatFight action, drawn without listing every candidate.

Drawn as a player decides (``game.maps.tabletop_sampling.draw_action``): one of the
models the card turned over lets act, or ending the card, or (while an Inspiring
leader may) redrawing it, each as likely; then for a model a kind of action and its
target:

- firing card: a random one of the model's firing choices (weapon, mode, standing
  enemy within that mode's range), sight checked for that pair only; a target out of
  sight drops its choices and another is drawn, so a model with no shot is found out
  tracing only the pairs in range;
- infantry move card: a move (3 in 4) to a random destination within the off-road
  allowance (a quarter of the time the road allowance, if longer), half of them
  heading for the nearest enemy or an objective; or a close assault (1 in 4) on a
  random enemy within reach;
- vehicle move card: a move (3 in 5) as above, a reverse (1 in 5) backwards within half
  the allowance, a pivot (1 in 5) to a random facing.

A draw is checked by ``why_not``; after three failed draws the model's own listed
candidates (``candidates``) are chosen from, and a model with none is passed over
(as is, without listing, a model whose fire or assault draws found nothing).
Retargeting and holding left-over shots, and the Turn End card, have a few choices
only: those are drawn from the listed candidates.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from game.core.api import Action
from game.core.rng import Rng
from game.maps.tabletop import hundredths
from game.maps.tabletop_sampling import Kind, draw_action, random_destination, random_in_reach
from game.rules.ratfight.actions import Assault, End, Move, Pivot, Redraw, Reverse
from game.rules.ratfight.board import Board
from game.rules.ratfight.candidates import (
    candidate_actions,
    fire_choices_of,
    fire_in_range,
    infantry_moves_of,
    keep_legal,
    move_targets,
    vehicle_moves_of,
)
from game.rules.ratfight.data import CardKind
from game.rules.ratfight.dispatch import why_not
from game.rules.ratfight.legal import can_move, redraw_problem
from game.rules.ratfight.model import Figure, Status

MOVE_WEIGHT = 3.0
ROAD_SHARE = 0.25  # moves drawn at the road allowance (models faster on a road)


def random_action(board: Board, rng: Rng) -> Action:
    """A random legal action for the seat to act (``ValueError`` if there is none)."""
    spec = board.card_spec()
    if board.winners is not None or spec is None or board.pending is not None:
        return _from_listed(board, rng)
    if spec.kind is CardKind.TURN_END:
        return _from_listed(board, rng)
    actors: list[Figure | Action] = list(_actors(board, spec.kind, spec.infantry_only))
    if spec.allows is not None and len(board.used) >= spec.allows:
        actors = []
    actors.append(End())
    if redraw_problem(board) is None:
        actors.append(Redraw())
    found = draw_action(
        rng,
        actors,
        partial(_kinds, board, spec.kind),
        partial(_listed, board, spec.kind),
        lambda action: why_not(board, action) is None,
    )
    assert found is not None  # ending the card is always open
    return found


def _from_listed(board: Board, rng: Rng) -> Action:
    actions = candidate_actions(board)
    if not actions:
        raise ValueError("there is no legal action to choose from")
    return rng.choice(actions)


def _actors(board: Board, kind: CardKind, infantry_only: bool) -> list[Figure]:
    """The seat's models that the card lets act (and that have not yet)."""
    out: list[Figure] = []
    weapons = board.setting.weapons
    for figure in board.figures.values():
        if figure.side != board.seat or figure.id in board.used:
            continue
        if kind is CardKind.FIRE:
            if figure.status is Status.UP and (figure.infantry or not infantry_only):
                out.append(figure)
        elif figure.vehicle == (kind is CardKind.MOVE_VEHICLE):
            if can_move(figure, weapons) is None:
                out.append(figure)
    return out


def _kinds(board: Board, kind: CardKind, actor: Figure | Action) -> Sequence[Kind]:
    if isinstance(actor, Action):
        return (Kind(1.0, lambda _rng: actor),)
    if kind is CardKind.FIRE:
        return (Kind(1.0, partial(_draw_fire, board, actor), exhaustive=True),)
    moves = Kind(MOVE_WEIGHT, partial(_draw_move, board, actor))
    if actor.infantry:
        return (moves, Kind(1.0, partial(_draw_assault, board, actor), exhaustive=True))
    reverse = 1.0 if actor.unit.can_reverse else 0.0
    return (
        moves,
        Kind(reverse, partial(_draw_reverse, board, actor)),
        Kind(1.0, partial(_draw_pivot, actor)),
    )


def _listed(board: Board, kind: CardKind, actor: Figure | Action) -> list[Action]:
    """The actor's own legal candidates, in the candidates' order."""
    if isinstance(actor, Action):
        return []
    if kind is CardKind.FIRE:
        return keep_legal(board, fire_choices_of(board, actor))
    if actor.infantry:
        return keep_legal(board, infantry_moves_of(board, actor))
    return keep_legal(board, vehicle_moves_of(board, actor))


def _draw_fire(board: Board, figure: Figure, rng: Rng) -> Action | None:
    """A random firing choice within range, checked; one that fails for want of
    sight drops every choice at that target. None: the model has no legal shot."""
    choices = fire_in_range(board, figure)
    traced = False
    while choices:
        fire, enemy = choices[rng.below(len(choices))]
        if why_not(board, fire) is None:
            return fire
        if board.sight(figure, enemy).clear:
            choices.remove((fire, enemy))
        else:
            choices = [(f, e) for f, e in choices if e is not enemy]
            if not traced:  # the first target was hidden: trace the rest in one batch
                board.prefetch_sights((figure, e) for _f, e in choices)
                traced = True
    return None


def _move_reach(board: Board, figure: Figure, rng: Rng) -> int:
    rate = board.setting.rules.movement[figure.unit.movement]
    if rate.road > rate.off_road and rng.random() < ROAD_SHARE:
        return hundredths(rate.road)
    return hundredths(rate.off_road)


def _draw_move(board: Board, figure: Figure, rng: Rng) -> Action | None:
    start = figure.pos
    if figure.status is Status.ABOARD:
        start = board.figures[figure.aboard or ""].pos
    reach = _move_reach(board, figure, rng)
    toward = partial(move_targets, board, figure)
    return Move(figure.id, random_destination(rng, start, reach, toward=toward))


def _draw_reverse(board: Board, figure: Figure, rng: Rng) -> Action | None:
    reach = hundredths(board.setting.rules.movement[figure.unit.movement].off_road) // 2
    back = (figure.facing + 180) % 360
    return Reverse(figure.id, random_destination(rng, figure.pos, reach, heading=back, spread=90))


def _draw_pivot(figure: Figure, rng: Rng) -> Action | None:
    return Pivot(figure.id, rng.below(360))


def _draw_assault(board: Board, figure: Figure, rng: Rng) -> Action | None:
    if figure.status is not Status.UP:
        return None
    reach = hundredths(board.setting.rules.movement[figure.unit.movement].off_road)
    enemies = [e for e in board.enemies_of(figure.side) if e.status in (Status.UP, Status.DOWN)]
    target = random_in_reach(rng, enemies, partial(board.gap, figure), reach)
    return None if target is None else Assault(figure.id, target.id)
