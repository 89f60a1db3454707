"""Hand-to-hand combat on the board (3.7): closing in, the attack against the
defender's rolled TN with the 3.71/3.72 modifiers, damage (5.0: +1 per point the hit
beat the TN by), who is engaged with whom, and withdrawing (3.73).

A character's melee weapon is the best he has (7.1): a knife (+2), the butt of an
assault or sniper rifle (+1), else his fists."""

from __future__ import annotations

import math

from game.core.api import Event
from game.maps.tabletop import Point
from game.maps.tabletop_measure import bearing
from game.rules.five_five_six.board import Board
from game.rules.five_five_six.catalog import catalog
from game.rules.five_five_six.checks import Contest, Modifier
from game.rules.five_five_six.combat.gas_play import after_moving
from game.rules.five_five_six.combat.injury import body_armour_bonus
from game.rules.five_five_six.combat.melee import (
    CONTACT_INCHES,
    MeleeSide,
    melee_contest,
    melee_damage,
    withdraw_contest,
    withdrawal,
)
from game.rules.five_five_six.combat.weapons import melee_bonus
from game.rules.five_five_six.combat.wounding import injure
from game.rules.five_five_six.events import Engaged, Moved, Withdrew
from game.rules.five_five_six.model import RADIUS, Character
from game.rules.five_five_six.penalties import penalties
from game.rules.five_five_six.rolls import contest_rolled
from game.rules.five_five_six.squads.second_chances import lucky
from game.rules.five_five_six.terrain.ground import level_at


def melee_weapon(character: Character) -> tuple[str, int]:
    """7.1: (name, Strength bonus) of the best melee weapon he can use
    (``weapons.melee_bonus``)."""
    weapon_id, bonus = melee_bonus(character.profile.gear)
    return catalog().weapons.melee[weapon_id].name, bonus


def side_of(board: Board, character: Character) -> MeleeSide:
    name, bonus = melee_weapon(character)
    return MeleeSide(
        strength=character.profile.strength,
        weapon=bonus,
        weapon_name=name,
        black_belt=character.profile.has("black_belt"),
        extra=tuple(Modifier(m.name, -m.value) for m in penalties(board, character)),
    )


def contact_point(board: Board, attacker: Character, defender: Character) -> Point:
    """Where the attacker stops to fight: bases touching, on the line from him."""
    d = math.dist(attacker.pos, defender.pos)
    keep = 2 * RADIUS
    if d <= keep:
        return attacker.pos
    f = (d - keep) / d
    return (
        round(attacker.pos[0] + (defender.pos[0] - attacker.pos[0]) * f),
        round(attacker.pos[1] + (defender.pos[1] - attacker.pos[1]) * f),
    )


def engage_pair(attacker: Character, defender: Character) -> None:
    if defender.id not in attacker.engaged:
        attacker.engaged.append(defender.id)
    if attacker.id not in defender.engaged:
        defender.engaged.append(attacker.id)


def behind_obstacle(board: Board, attacker: Character, defender: Character) -> bool:
    """3.72: a wall, hedge, fence or the like lies between the two (the line between
    their centres crosses a linear piece that must be climbed)."""
    check = board.setting.geometry.move(attacker.pos, defender.pos, radius=1, movement="infantry")
    return any(p.linear for p in (*check.crossings, *check.impassable))


def attack_contest(
    board: Board, attacker: Character, defender: Character, *, charged: bool
) -> Contest:
    """3.7: the attack roll against the defender's rolled TN with every 3.71/3.72
    modifier the board gives: Engaging, from outside his sight, higher ground (rules
    version 2, ``ground.level_at``), additional attackers already fighting him and
    defenders within 1" of the attacker, a defender behind an obstacle."""
    first_round = defender.id not in attacker.engaged
    extra_attackers = sum(
        1
        for c in board.characters.values()
        if c.side == attacker.side and c is not attacker and c.can_act and defender.id in c.engaged
    )
    extra_defenders = sum(
        1
        for c in board.characters.values()
        if c.side == defender.side
        and c is not defender
        and c.can_act
        and board.gap(c, attacker) <= CONTACT_INCHES * 100
    )
    higher = 0.0
    if board.setting.version >= 2:  # version 1 had no higher ground
        higher = level_at(board, attacker.pos) - level_at(board, defender.pos)
    return melee_contest(
        side_of(board, attacker),
        side_of(board, defender),
        charged=charged,
        from_behind=not board.in_field(defender, attacker),
        defender_behind_obstacle=behind_obstacle(board, attacker, defender),
        attacker_higher=higher > 0,
        defender_higher=higher < 0,
        extra_attackers=extra_attackers,
        extra_defenders=extra_defenders,
        first_round=first_round,
    )


def attack(board: Board, attacker: Character, defender: Character, *, charged: bool) -> list[Event]:
    """3.7: one attack roll; a hit rolls damage with the margin added."""
    contest = attack_contest(board, attacker, defender, charged=charged)
    engage_pair(attacker, defender)
    result, luck = lucky(board, attacker, contest.roll(board.rng))
    events: list[Event] = [
        Engaged(
            character=attacker.id,
            label=attacker.name,
            target=defender.id,
            target_label=defender.name,
        ),
        *contest_rolled(
            defender.name,
            f"defends against {attacker.name}",
            attacker,
            f"attacks {defender.name}",
            result,
        ),
        *luck,
    ]
    attacker.hidden = False
    if result.success:
        armour = body_armour_bonus("melee") if "body_armour" in defender.profile.gear else 0
        damage = melee_damage(
            attacker.profile.strength,
            result.margin,
            defender.profile.strength,
            wound_penalty=defender.effects.tn_penalty,
            armour=armour,
        )
        events += injure(board, defender, damage)
    return events


def close_in(board: Board, attacker: Character, defender: Character) -> list[Event]:
    """Move into base contact, facing the enemy (the attacker's move of 3.7)."""
    start = attacker.pos
    attacker.pos = contact_point(board, attacker, defender)
    attacker.facing = round(bearing(attacker.pos, defender.pos)) % 360
    if attacker.pos != start:
        attacker.moved_since_fired = True
    return [
        Moved(
            character=attacker.id,
            label=attacker.name,
            start=start,
            end=attacker.pos,
            length=round(math.dist(start, attacker.pos)),
            facing=attacker.facing,
            how="closes in",
        ),
        *after_moving(board, attacker, start),
    ]


def engaged_enemies(board: Board, character: Character) -> list[Character]:
    """Enemies still fighting him hand to hand (the dead and the fallen let go)."""
    return [board.characters[e] for e in character.engaged if board.characters[e].can_act]


def withdraw(board: Board, character: Character) -> tuple[bool, list[Event]]:
    """3.73: to move away from a melee he rolls D6 + Movement against the strongest
    enemy's D6 + Strength. Failing by 1: away, +1 TN this turn; by 2: away but hit, +2
    TN; by 3 or more: caught and hit. (escaped, events)."""
    foes = engaged_enemies(board, character)
    if not foes:
        character.engaged = []
        return True, []
    foe = max(foes, key=lambda f: (f.profile.strength, f.id))
    contest = withdraw_contest(character.profile.movement, foe.profile.strength)
    result, luck = lucky(board, character, contest.roll(board.rng))
    events: list[Event] = [
        *contest_rolled(
            foe.name, f"holds on to {character.name}", character, "withdraws from melee", result
        )
    ]
    events += luck
    outcome = withdrawal(result.margin)
    events.append(Withdrew(character=character.id, label=character.name, escaped=outcome.escaped))
    if outcome.tn_penalty:
        character.shaken_turn, character.shaken = board.turn, outcome.tn_penalty
    if outcome.hit:
        damage = melee_damage(
            foe.profile.strength,
            0,
            character.profile.strength,
            wound_penalty=character.effects.tn_penalty,
        )
        events += injure(board, character, damage)
    if outcome.escaped:
        for f in foes:
            if character.id in f.engaged:
                f.engaged.remove(character.id)
        character.engaged = []
    return outcome.escaped and character.can_act, events
