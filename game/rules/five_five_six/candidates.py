"""A finite, representative set of actions for bots, ``simulate`` and tests.

Free moves cannot be listed, so the acting character is offered a few destinations that
matter (toward the nearest enemy and the scenario's objectives, into nearby cover, on
two rings, from :meth:`TableGeometry.move_candidates`) and a turn to face the nearest
enemy. Every Fire choice (weapon, enemy in sight and range) is listed, with Stealth,
Aim and ending the go; each is kept only if ``why_not`` accepts it. Nothing here reads
hidden information.
"""

from __future__ import annotations

from game.core.api import Action
from game.maps.tabletop import Point
from game.maps.tabletop_measure import bearing
from game.rules.five_five_six.actions import Aim, End, Fire, Move, Stealth
from game.rules.five_five_six.arms import firearms_of
from game.rules.five_five_six.board import Board
from game.rules.five_five_six.legal import move_allowance, why_not
from game.rules.five_five_six.model import RADIUS, Character

RING_DIRECTIONS = 6


def candidate_actions(board: Board) -> list[Action]:
    if board.winners is not None or board.go is None:
        return []
    character = board.characters[board.go.character]
    out: list[Action] = []
    out += _fire_choices(board, character)
    out += _moves(board, character)
    out.append(Stealth(character.id))
    out.append(Aim(character.id))
    out.append(End())
    return [a for a in out if why_not(board, a) is None]


def _fire_choices(board: Board, character: Character) -> list[Action]:
    out: list[Action] = []
    for weapon in firearms_of(character):
        for enemy in board.enemies_of(character.side):
            out.append(Fire(character.id, weapon, enemy.id))
    return out


def _targets(board: Board, character: Character) -> list[Point]:
    """Points worth heading for: the nearest enemy, then the side's objectives."""
    enemies = sorted(
        board.enemies_of(character.side), key=lambda e: (board.gap(character, e), e.id)
    )
    points: list[Point] = [enemies[0].pos] if enemies else []
    for victory in board.setting.scenario.victory:
        if victory.kind == "reach" and victory.side == character.side and victory.objective:
            feature = board.setting.objective(victory.objective)
            xs = [p[0] for p in feature.outline]
            ys = [p[1] for p in feature.outline]
            points.append((sum(xs) // len(xs), sum(ys) // len(ys)))
    return points


def _moves(board: Board, character: Character) -> list[Action]:
    reach = move_allowance(character)
    out: list[Action] = []
    if reach > 0:
        points = board.setting.geometry.move_candidates(
            character.pos,
            reach,
            radius=RADIUS,
            movement="infantry",
            toward=_targets(board, character),
            occupied=[c.base for c in board.on_table() if c is not character],
            directions=RING_DIRECTIONS,
        )
        out += [Move(character.id, p) for p in points]
    enemies = sorted(
        board.enemies_of(character.side), key=lambda e: (board.gap(character, e), e.id)
    )
    if enemies:
        face = round(bearing(character.pos, enemies[0].pos)) % 360
        if face != character.facing:
            out.append(Move(character.id, character.pos, face))
    return out
