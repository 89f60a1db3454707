"""One random legal 5.56mm action, drawn without listing every candidate.

The character whose card was drawn is the only one acting, so only the kind of action
and its target are drawn (``game.maps.tabletop_sampling``), by weight:

- fire (3): one of the firing choices the candidates list (each firearm at each enemy,
  Auto-Fire, grenades at the nearest enemies), checked one at a time until one is legal;
- move (3): a Move to a random destination within his allowance, half of them heading
  for the nearest enemy or an objective (or, 1 time in 8, turning to face the enemy);
- sprint (1): a Sprint to a random destination 7" away at most (4" + the average D6);
- close combat (1), help (1): Engage, First Aid, Treat Injury or Carry as listed;
- the rest (2): Stealth, Aim, Hide (where he stands or creeping toward the enemy),
  Covering Fire, the radio;
- ending the go (1);
- with vehicles on the table (rules version 3), vehicle actions (2): drives, getting in
  and out (``vehicle_candidates``); shots at vehicles are among the firing choices.

A kind whose choices are all refused is dropped; after three failed draws a choice
among the listed candidates is made. A live grenade or watchers on Covering Fire to
decide offer a few choices only: those are drawn from the listed candidates.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from game.core.api import Action
from game.core.rng import Rng
from game.maps.tabletop import hundredths
from game.maps.tabletop_measure import bearing, step_toward
from game.maps.tabletop_sampling import Kind, draw_action, first_legal, random_destination
from game.rules.five_five_six.actions import (
    Aim,
    CoveringFire,
    End,
    Hide,
    Move,
    Sprint,
    Stealth,
    UseRadio,
)
from game.rules.five_five_six.board import Board
from game.rules.five_five_six.candidates import (
    SPRINT_REACH_IN,
    _close_combat,
    _enemies_by_distance,
    _fire_choices,
    _help,
    _targets,
    candidate_actions,
)
from game.rules.five_five_six.legal import why_not
from game.rules.five_five_six.model import Character
from game.rules.five_five_six.movement.rules import move_allowance
from game.rules.five_five_six.vehicles.candidates import vehicle_actions

TURN_SHARE = 0.125  # Move draws that turn him to face the nearest enemy instead


def random_action(board: Board, rng: Rng) -> Action:
    """A random legal action for the seat to act (``ValueError`` if there is none)."""
    if board.winners is not None or board.go is None or board.live is not None or board.asking:
        return _from_listed(board, rng)
    character = board.characters[board.go.character]
    enemies = _enemies_by_distance(board, character)

    def legal(action: Action) -> bool:
        return why_not(board, action) is None

    def listed(_actor: Character) -> list[Action]:
        return candidate_actions(board)

    def among(options: Callable[[], Sequence[Action]], draw_rng: Rng) -> Action | None:
        return first_legal(draw_rng, options(), legal)

    def kinds(actor: Character) -> Sequence[Kind]:
        fire = partial(_fire_choices, board, actor, enemies)
        close = partial(_close_combat, board, actor, enemies)
        helping = partial(_help, board, actor)
        others = partial(_others, actor, enemies)
        vehicle: tuple[Kind, ...] = ()
        if board.vehicles:  # rules version 3: drives, getting in and out
            drives = partial(vehicle_actions, board, actor, _targets(board, actor, []))
            vehicle = (Kind(2.0, partial(among, drives), exhaustive=True),)
        return (
            *vehicle,
            Kind(3.0, partial(among, fire), exhaustive=True),
            Kind(3.0, partial(_draw_move, board, actor, enemies)),
            Kind(1.0, partial(_draw_sprint, board, actor, enemies)),
            Kind(1.0, partial(among, close), exhaustive=True),
            Kind(1.0, partial(among, helping), exhaustive=True),
            Kind(2.0, partial(among, others), exhaustive=True),
            Kind(1.0, lambda _rng: End()),
        )

    found = draw_action(rng, [character], kinds, listed, legal)
    if found is None:
        raise ValueError("there is no legal action to choose from")
    return found


def _from_listed(board: Board, rng: Rng) -> Action:
    actions = candidate_actions(board)
    if not actions:
        raise ValueError("there is no legal action to choose from")
    return rng.choice(actions)


def _others(character: Character, enemies: list[Character]) -> list[Action]:
    out: list[Action] = [
        Stealth(character.id),
        Aim(character.id),
        Hide(character.id, character.pos),
        CoveringFire(character.id),
        UseRadio(character.id),
    ]
    if enemies:
        out.append(Hide(character.id, step_toward(character.pos, enemies[0].pos, 200)))
    return out


def _draw_move(
    board: Board, character: Character, enemies: list[Character], rng: Rng
) -> Action | None:
    if enemies and rng.random() < TURN_SHARE:
        face = round(bearing(character.pos, enemies[0].pos)) % 360
        return Move(character.id, character.pos, face)
    reach = hundredths(move_allowance(character.effects.move_loss))
    if reach <= 0:
        return None
    toward = partial(_targets, board, character, enemies)
    return Move(character.id, random_destination(rng, character.pos, reach, toward=toward))


def _draw_sprint(
    board: Board, character: Character, enemies: list[Character], rng: Rng
) -> Action | None:
    toward = partial(_targets, board, character, enemies)
    reach = hundredths(SPRINT_REACH_IN)
    return Sprint(character.id, random_destination(rng, character.pos, reach, toward=toward))
