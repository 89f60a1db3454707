"""The M203 grenade launcher on the board (7.5, rules version 2).

Fired with the Fire action at a character (D6 + Weapons against the M203's range TN:
nothing nearer than its Medium 8", every 3.24/3.25 modifier as for any shot). Its round
is one of the grenades of 7.8. A hit: the man hit takes the grenade's Damage (the frag
round's DMG 8, 7.5: "a character hit directly ... suffers the Damage listed in the
grenades profile"; rounds with no Damage act on him as the blast at 0"), and the round
goes off where he stands for everyone else. A miss: the round lands astray as a thrown
grenade scatters, by how far the roll fell short (3.26) and which way (3.27), and goes
off there (Interpretation S30). A round comes to rest less than 8" from the firer has
not armed and does not go off (7.5).
"""

from __future__ import annotations

import math

from game.core.api import Event
from game.rules.five_five_six.board import Board
from game.rules.five_five_six.catalog import catalog
from game.rules.five_five_six.checks import CheckResult, roll_d6
from game.rules.five_five_six.combat.grenade_play import blast
from game.rules.five_five_six.combat.grenades import landing_point, m203_armed, throw_scatter
from game.rules.five_five_six.combat.injury import damage_contest
from game.rules.five_five_six.combat.weapons import armour_bonus
from game.rules.five_five_six.combat.wounding import injure
from game.rules.five_five_six.events import GrenadeLanded
from game.rules.five_five_six.model import RADIUS, Character


def burst(
    board: Board, firer: Character, target: Character, round_id: str, hit: CheckResult
) -> list[Event]:
    """Where an M203 round fired at ``target`` goes off and what it does (7.5)."""
    kind = catalog().grenades[round_id]
    events: list[Event] = []
    spare: Character | None = None
    where = None
    if hit.success:
        at = target.pos
        if kind.damage is not None:
            armour = 0
            if "body_armour" in target.profile.gear:
                armour = armour_bonus(round_id)
            contest = damage_contest(
                kind.damage,
                target.profile.strength,
                damage_name=f"{kind.name} (M203) direct hit",
                wound_penalty=target.effects.tn_penalty,
                armour=armour,
            )
            events += injure(board, target, contest)
            spare = target
    else:
        where = throw_scatter(hit, roll_d6(board.rng), roll_d6(board.rng))
        at = landing_point(firer.pos, target.pos, where)
    armed = m203_armed(max(0.0, math.dist(firer.pos, at) - RADIUS) / 100)
    scatter = "" if where is None else where.description
    if not armed:
        scatter = (scatter + "; " if scatter else "") + "too close to arm: it does not go off"
    events.append(
        GrenadeLanded(
            character=firer.id,
            label=firer.name,
            grenade=f"{kind.name} (M203)",
            at=target.pos,
            landed=at,
            scatter=scatter,
        )
    )
    if armed:
        events += blast(board, kind, at, spare=spare)
    return events
