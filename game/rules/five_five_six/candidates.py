"""A finite, representative set of actions for bots, ``simulate`` and tests.

Free moves cannot be listed, so the acting character is offered a few destinations that
matter (toward the nearest enemy and the scenario's objectives, into nearby cover, on
two rings, from :meth:`TableGeometry.move_candidates`) for Move and Sprint, and a turn
to face the nearest enemy. Every Fire choice (weapon, enemy) is listed; Auto-Fire at
each enemy twice and at him and his nearest neighbour; grenades at the three nearest
enemies; hand to hand with each enemy in reach; First Aid, Treat Injury and Carry for
each wounded friend at hand; Stealth, Aim, Hide (where he stands, and creeping toward
the nearest enemy), Covering Fire, the radio and ending the go. Each is kept only if
``why_not`` accepts it. Nothing here reads hidden information.
"""

from __future__ import annotations

from game.core.api import Action
from game.maps.tabletop import Point, hundredths
from game.maps.tabletop_measure import bearing, step_toward
from game.rules.five_five_six.actions import (
    Aim,
    AutoFire,
    Carry,
    CoveringFire,
    End,
    Engage,
    Fire,
    FirstAid,
    Hide,
    HoldFire,
    LetLie,
    Move,
    SnapFire,
    Sprint,
    Stealth,
    Throw,
    ThrowBack,
    TreatInjury,
    UseRadio,
)
from game.rules.five_five_six.board import Board
from game.rules.five_five_six.combat.arms import firearm, is_launcher, rounds_for
from game.rules.five_five_six.combat.grenade_play import grenades_of
from game.rules.five_five_six.legal import why_not
from game.rules.five_five_six.model import RADIUS, Character
from game.rules.five_five_six.movement.rules import move_allowance
from game.rules.five_five_six.vehicles.candidates import vehicle_actions, vehicle_shots
from game.rules.five_five_six.vehicles.legal import weapons_of

RING_DIRECTIONS = 6
SPRINT_REACH_IN = 7  # 4" + the average D6; Sprint candidates aim this far


def candidate_actions(board: Board) -> list[Action]:
    if board.winners is not None or board.go is None:
        return []
    if board.live is not None:
        grabber = board.characters[board.live.grabbers[0]]
        thrower = board.characters[board.live.thrower]
        backs: list[Action] = [LetLie(grabber.id), ThrowBack(grabber.id, thrower.pos)]
        backs += [ThrowBack(grabber.id, e.pos) for e in _enemies_by_distance(board, grabber)[:2]]
        return [a for a in dict.fromkeys(backs) if why_not(board, a) is None]
    if board.asking:
        watcher = board.characters[board.asking[0]]
        snaps: list[Action] = [SnapFire(watcher.id, w) for w in weapons_of(board, watcher)]
        if board.setting.version >= 5:  # 3.6: any enemy in sight in the watched arc
            others = [e for e in _enemies_by_distance(board, watcher) if e.id != board.go.character]
            snaps += [
                SnapFire(watcher.id, w, e.id) for e in others for w in weapons_of(board, watcher)
            ]
        snaps.append(HoldFire(watcher.id))
        return [a for a in snaps if why_not(board, a) is None]
    character = board.characters[board.go.character]
    enemies = _enemies_by_distance(board, character)
    out: list[Action] = []
    out += _fire_choices(board, character, enemies)
    out += _moves(board, character, enemies)
    out += _close_combat(board, character, enemies)
    out += _help(board, character)
    out += vehicle_actions(board, character, _targets(board, character, []))
    out.append(Stealth(character.id))
    out.append(Aim(character.id))
    out.append(Hide(character.id, character.pos))
    if enemies:
        out.append(Hide(character.id, step_toward(character.pos, enemies[0].pos, 200)))
    out.append(CoveringFire(character.id))
    out.append(UseRadio(character.id))
    out.append(End())
    return [a for a in out if why_not(board, a) is None]


def _enemies_by_distance(board: Board, character: Character) -> list[Character]:
    return sorted(board.enemies_of(character.side), key=lambda e: (board.gap(character, e), e.id))


def _fire_choices(board: Board, character: Character, enemies: list[Character]) -> list[Action]:
    out: list[Action] = []
    for weapon in weapons_of(board, character):
        for enemy in enemies:
            out.append(Fire(character.id, weapon, enemy.id))
        rounds = rounds_for(character, weapon)
        for rnd in rounds[1:] if is_launcher(weapon) else rounds:  # 7.5/7.6: other rounds
            out += [Fire(character.id, weapon, enemy.id, rnd) for enemy in enemies[:2]]
        data = firearm(weapon).auto_fire
        if data is None:
            continue
        for enemy in enemies[:3]:
            out.append(AutoFire(character.id, weapon, (enemy.id,) * (1 + len(data.penalties))))
            others = sorted(
                (e for e in enemies if e is not enemy), key=lambda e: (board.gap(enemy, e), e.id)
            )
            if others:
                out.append(AutoFire(character.id, weapon, (enemy.id, others[0].id)))
    for grenade in grenades_of(character):
        for enemy in enemies[:3]:
            out.append(Throw(character.id, grenade, enemy.pos, False))
    return out + vehicle_shots(board, character)


def _targets(board: Board, character: Character, enemies: list[Character]) -> list[Point]:
    """Points worth heading for: the nearest enemy, then the side's objectives."""
    points: list[Point] = [enemies[0].pos] if enemies else []
    for victory in board.setting.scenario.victory:
        if victory.kind == "reach" and victory.side == character.side and victory.objective:
            feature = board.setting.objective(victory.objective)
            xs = [p[0] for p in feature.outline]
            ys = [p[1] for p in feature.outline]
            points.append((sum(xs) // len(xs), sum(ys) // len(ys)))
    return points


def _moves(board: Board, character: Character, enemies: list[Character]) -> list[Action]:
    reach = hundredths(move_allowance(character.effects.move_loss))
    out: list[Action] = []
    targets = _targets(board, character, enemies)
    occupied = [c.base for c in board.on_table() if c is not character]
    geometry = board.setting.geometry
    if reach > 0:
        for p in geometry.move_candidates(
            character.pos,
            reach,
            radius=RADIUS,
            movement="infantry",
            toward=targets,
            occupied=occupied,
            directions=RING_DIRECTIONS,
        ):
            out.append(Move(character.id, p))
    for p in geometry.move_candidates(
        character.pos,
        hundredths(SPRINT_REACH_IN),
        radius=RADIUS,
        movement="infantry",
        toward=targets,
        occupied=occupied,
        directions=4,
    ):
        out.append(Sprint(character.id, p))
    if enemies:
        face = round(bearing(character.pos, enemies[0].pos)) % 360
        out.append(Move(character.id, character.pos, face))
    return out


def _close_combat(board: Board, character: Character, enemies: list[Character]) -> list[Action]:
    return [Engage(character.id, e.id) for e in enemies[:3]]


def _help(board: Board, character: Character) -> list[Action]:
    out: list[Action] = []
    for friend in board.side(character.side):
        if not friend.on_table or not friend.wounds:
            continue
        out.append(FirstAid(character.id, friend.id))
        out.append(TreatInjury(character.id, friend.id))
        if friend is not character:
            away = _rear(board, character)
            out.append(Carry(character.id, friend.id, away))
            out += [Carry(character.id, friend.id, away, h) for h in _helpers(board, friend)]
    return out


def _helpers(board: Board, patient: Character) -> list[str]:
    """Friends next to a wounded man who have not had their go this turn: a second
    carrier for him (4.5, rules version 2); ``why_not`` checks the rest."""
    if board.setting.version < 2 or patient.worst_wound is None:
        return []
    return [
        c.id
        for c in board.side(patient.side)
        if c.can_act
        and c is not patient
        and c.id not in board.deck.gone
        and board.gap(c, patient) <= 100
    ][:1]


def _rear(board: Board, character: Character) -> Point:
    """A point 4" straight back toward his own table edge (the side's deployment)."""
    zones = board.setting.table.features_of("deployment", str(character.side))
    if zones:
        xs = [p[0] for p in zones[0].outline]
        ys = [p[1] for p in zones[0].outline]
        home = (sum(xs) // len(xs), sum(ys) // len(ys))
    else:
        home = character.pos
    return step_toward(character.pos, home, 400)
