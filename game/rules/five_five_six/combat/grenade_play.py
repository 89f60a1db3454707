"""Throwing a grenade on the board (3.2, 7.8): the throw against the range TN of the
point aimed at, the scatter of a miss (3.26/3.27), and what the blast does to everyone
near where it went off: frag wounds (7.81), stun costs actions (7.82/7.83), CS gas
chokes (7.84, +2 TN; a respirator is proof), white phosphorus burns (7.86). Grenades
are Ammo-Low (7.8): a 1 on the throw calls for an Ammo roll (7.0) and a roll below the
grenade's AMMO means that was his last one."""

from __future__ import annotations

import math

from game.core.api import Event
from game.maps.tabletop import Point
from game.rules.five_five_six.board import Board, LiveGrenade
from game.rules.five_five_six.catalog import Grenade, catalog
from game.rules.five_five_six.checks import roll_d6
from game.rules.five_five_six.combat.ammo_play import spend
from game.rules.five_five_six.combat.gas_play import lay_cloud, test_gas
from game.rules.five_five_six.combat.grenades import (
    blast_damage,
    explodes_in_hand,
    landing_point,
    pick_up_check,
    stun_actions_lost,
    stun_contest,
    throw_check,
    throw_scatter,
    why_not_throw_back,
)
from game.rules.five_five_six.combat.injury import body_armour_bonus
from game.rules.five_five_six.combat.weapons import range_category
from game.rules.five_five_six.combat.wounding import injure
from game.rules.five_five_six.events import GrenadeLanded, Stunned
from game.rules.five_five_six.model import RADIUS, Character
from game.rules.five_five_six.penalties import penalties
from game.rules.five_five_six.rolls import check_rolled, contest_rolled
from game.rules.five_five_six.squads.second_chances import lucky


def grenade(grenade_id: str) -> Grenade:
    return catalog().grenades[grenade_id]


def grenades_of(character: Character) -> tuple[str, ...]:
    table = catalog().grenades
    return tuple(g for g in character.profile.gear if g in table and g not in character.empty)


def throw_category(kind: Grenade, distance_in: float) -> str | None:
    """The range category of the point aimed at (3.2: measured like a Fire action)."""
    found = range_category(kind.ranges, distance_in)
    return None if found is None else found.value


def throw_distance_in(thrower: Character, at: Point) -> float:
    """From the edge of his base to the point, in inches."""
    return max(0.0, math.dist(thrower.pos, at) - RADIUS) / 100


def throw(
    board: Board, thrower: Character, grenade_id: str, at: Point, holding: bool
) -> list[Event]:
    kind = grenade(grenade_id)
    category = throw_category(kind, throw_distance_in(thrower, at))
    assert category is not None
    check = throw_check(
        category, thrower.profile.strength, holding_on=holding, extra=penalties(board, thrower)
    )
    result, luck = lucky(board, thrower, check.roll(board.rng))
    events: list[Event] = [check_rolled(thrower, f"throws a {kind.name}", result), *luck]
    where = None
    if not result.success:
        where = throw_scatter(result, roll_d6(board.rng), roll_d6(board.rng))
    landed = landing_point(thrower.pos, at, where)
    thrower.fired_turn = board.turn
    thrower.fired_silenced = False
    thrower.moved_since_fired = False
    thrower.hidden = False
    events.append(
        GrenadeLanded(
            character=thrower.id,
            label=thrower.name,
            grenade=kind.name,
            at=at,
            landed=landed,
            scatter="" if where is None else where.description,
        )
    )
    events += spend(board, thrower, grenade_id, result.roll)
    grabbers = [] if holding else may_grab(board, thrower, landed)
    if grabbers:
        board.live = LiveGrenade(grenade_id, landed, thrower.id, grabbers)
        return events
    return events + blast(board, kind, landed)


def may_grab(board: Board, thrower: Character, at: Point) -> list[str]:
    """3.2: characters within 1" of where it landed who have not had their go this
    turn (and can act), nearest first; not a man inside a vehicle (V32)."""
    out: list[tuple[float, str]] = []
    for c in board.characters.values():
        if c is thrower or not c.can_act or c.id in board.deck.gone or c.aboard is not None:
            continue
        gap_in = max(0.0, math.dist(c.pos, at) - RADIUS) / 100
        if why_not_throw_back(gap_in, had_go=False, thrown_back_before=False, held_on=False):
            continue
        out.append((gap_in, c.id))
    return [cid for _, cid in sorted(out)]


def throw_back(board: Board, grabber: Character, to: Point) -> list[Event]:
    """3.2: grab it (D6 + Morale against 4), then throw it (D6 + Strength against the
    range TN, Medium at most); either failed, it goes off in his hand. Thrown back, it
    lands where aimed and cannot be thrown back again."""
    live = board.live
    assert live is not None
    kind = grenade(live.grenade)
    board.live = None
    grabber.threw_back = True
    grabbing = pick_up_check(grabber.profile.morale, penalties(board, grabber))
    grab, luck = lucky(board, grabber, grabbing.roll(board.rng))
    events: list[Event] = [check_rolled(grabber, f"grabs the {kind.name}", grab), *luck]
    landed = grabber.pos
    if grab.success:
        category = throw_category(kind, throw_distance_in(grabber, to))
        assert category is not None
        check = throw_check(category, grabber.profile.strength, extra=penalties(board, grabber))
        result, luck = lucky(board, grabber, check.roll(board.rng))
        events.append(check_rolled(grabber, f"throws the {kind.name} back", result))
        events += luck
        if not explodes_in_hand(grab.margin, result.margin):
            landed = to
    events.append(
        GrenadeLanded(
            character=grabber.id,
            label=grabber.name,
            grenade=kind.name,
            at=to,
            landed=landed,
            scatter="" if landed == to else "it goes off in his hand",
        )
    )
    return events + blast(board, kind, landed)


def let_lie(board: Board) -> list[Event]:
    """The first grabber leaves it; the next is asked, or it goes off where it lies."""
    live = board.live
    assert live is not None
    live.grabbers.pop(0)
    if live.grabbers:
        return []
    board.live = None
    return blast(board, grenade(live.grenade), live.at)


def grenade_id(kind: Grenade) -> str:
    return next(k for k, g in catalog().grenades.items() if g is kind)


def burn_again(board: Board, character: Character) -> list[Event]:
    """7.87: a white phosphorus burn not treated in the turn it was suffered burns again
    when his card next comes up: D6 + the 7.87 row for his distance (no body armour)."""
    burning = character.burning
    if burning is None or board.turn <= burning[2]:
        return []
    character.burning = None
    kind = grenade(burning[0])
    contest = blast_damage(
        kind.burn,
        burning[1],
        character.profile.strength,
        name=f"{kind.name} burning",
        wound_penalty=character.effects.tn_penalty,
    )
    return [] if contest is None else injure(board, character, contest)


def blast(board: Board, kind: Grenade, at: Point, spare: Character | None = None) -> list[Event]:
    """Everyone within the grenade's blast table of where it went off tests (in id
    order), by his distance from it (to the edge of his base); ``spare``: a man an M203
    round hit directly, who took its Damage instead of the blast (7.5)."""
    events: list[Event] = []
    table = kind.blast
    for character in sorted(board.on_table(), key=lambda c: c.id):
        if character is spare or character.aboard is not None:  # V32: not inside a vehicle
            continue
        distance = max(0.0, math.dist(character.pos, at) - RADIUS) / 100
        if kind.effect == "wound":
            armour = 0
            if kind.body_armour and "body_armour" in character.profile.gear:
                armour = body_armour_bonus("grenade")
            contest = blast_damage(
                table,
                distance,
                character.profile.strength,
                name=kind.name,
                armour=armour,
                wound_penalty=character.effects.tn_penalty,
            )
            if contest is not None:
                events += injure(board, character, contest)
                if kind.burn and character.on_table:
                    character.burning = (grenade_id(kind), distance, board.turn)
        elif kind.effect == "lose_actions":
            stun = stun_contest(table, distance, character.profile.morale)
            if stun is not None:
                result, luck = lucky(board, character, stun.roll(board.rng))
                events += contest_rolled(
                    kind.name, f"stuns {character.name}", character, "keeps his head", result
                )
                events += luck
                lost = stun_actions_lost(result.margin)
                character.stunned = max(character.stunned, lost)
                events.append(Stunned(character=character.id, label=character.name, actions=lost))
        else:
            events += test_gas(board, character, kind, distance)
    if kind.effect == "gassed":
        lay_cloud(board, grenade_id(kind), at)
    return events
