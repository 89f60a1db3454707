"""The '65 bot's reaction cards during AP fire (ap_fire.py: a vehicle shot's windows),
in victory points like the rest of the bot (``sixty_five_values``):

- **Unexpected Cover** (20d, before the targeting draw): the expected loss of our hard
  target over the shots still to come, with the cover's CF 2 against without it.
- **First Fire** (20a, before the targeting draw): our vehicle shoots back at the
  vehicle firing at it, both results standing; worth the expected damage of that answer
  less the marker it takes (Fired, or the rest of a Move & Fire action, rules version 7).
- **Critical Hit** (19d, our shot hit, before the armour draw): the rise of the expected
  damage with +2 APF; **Glancing Shot** (20b, our vehicle was hit): the fall of the
  expected loss with -2 on the APF bonus.

Each is played when what it gains beats the card kept (the share the other windows use,
``sixty_five/bot.py``). The odds are the rules calculator's, over the cards this seat has not
seen (``ap_explain.unseen_cards``).
"""

from __future__ import annotations

from dataclasses import replace

from game.ai.sixty_five.plays import CARD_COST, HALT, MARKED, Judge
from game.ai.sixty_five.values import ap_outcome_value
from game.rules.sixty_five.actions import React
from game.rules.sixty_five.data import CardFace
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.vehicles.ap_explain import unseen_cards
from game.rules.sixty_five.vehicles.ap_fire import ap_shot, moving_and_firing, target_of
from game.rules.sixty_five.vehicles.ap_state import ApAttack
from game.rules.sixty_five.vehicles.fire import (
    ApShot,
    Armour,
    Shot,
    ap_shot_odds,
    armour_result,
)
from game.rules.sixty_five.world import Window, World

MOVE_CUT = HALT  # a Move & Fire vehicle that answers now stops where it stands (20a, v7)


def _shot_value(world: World, target: Counter, shot: ApShot, unseen: list[CardFace]) -> float:
    """The expected loss on ``target`` of a whole AP shot (both draws still to come)."""
    if len(unseen) < 2:
        return 0.0
    odds = ap_shot_odds(shot, unseen)
    return ap_outcome_value(world, target, {s.value: float(p) for s, p in odds.items()})


def _armour_value(world: World, target: Counter, shot: ApShot, unseen: list[CardFace]) -> float:
    """The expected loss on ``target`` of the armour draw alone (the shot has hit)."""
    if not unseen:
        return 0.0
    pen = shot.penetration
    results = [
        armour_result(c, pen.modified_apf, pen.armour, glancing=shot.glancing) for c in unseen
    ]
    n = len(results)
    odds = {
        Shot.DESTROYED.value: sum(1 for r in results if r.destroys) / n,
        Shot.SHAKEN.value: sum(1 for r in results if r is Armour.SHAKEN) / n,
    }
    return ap_outcome_value(world, target, odds)


def ap_reaction_value(judge: Judge, react: React) -> float:
    """The worth of playing ``react`` in the open AP window, less the card kept; 0 for
    a card that does not fit the moment (or a bunker as the target: it has no worth of
    its own to the bot here)."""
    look = judge.look
    w = look.world
    attack = w.ap_attack
    if attack is None or not w.pending or not attack.shooters:
        return 0.0
    target = target_of(w, attack.target, attack.seat)
    if not isinstance(target, Counter):
        return 0.0
    window = w.pending[-1].window
    unseen = unseen_cards(w, look.seat)
    keep = 2 * CARD_COST * look.card_value(react.card)
    if window is Window.AP_AIM and react.block == "unexpected_cover":
        return _cover_saves(w, attack, target, unseen) - keep
    if window is Window.AP_AIM and react.block == "first_fire":
        return _first_fire_gain(w, attack, target, unseen) - keep
    if window is Window.AP_HIT and react.block == "critical_hit":  # ours: more loss
        return _armour_change(w, attack, replace(attack, critical=True), target, unseen) - keep
    if window is Window.AP_HIT and react.block == "glancing_shot":  # theirs: less loss
        return -_armour_change(w, attack, replace(attack, glancing=True), target, unseen) - keep
    return 0.0


def _armour_change(
    world: World, attack: ApAttack, changed: ApAttack, target: Counter, unseen: list[CardFace]
) -> float:
    """How much the armour draw's expected loss on ``target`` grows when the shot is
    worked out as ``changed`` (with Critical Hit or Glancing Shot in play) instead."""
    shooter = world.units[attack.shooters[0]]
    now, then = ap_shot(world, attack, shooter), ap_shot(world, changed, shooter)
    return _armour_value(world, target, then, unseen) - _armour_value(world, target, now, unseen)


def _cover_saves(world: World, attack: ApAttack, target: Counter, unseen: list[CardFace]) -> float:
    """20d: CF 2 for the rest of the action: the loss it saves over every shooter still
    to shoot (each counted as if the earlier ones had bounced)."""
    covered = replace(attack, cover=True)
    saved = 0.0
    for sid in attack.shooters:
        shooter = world.units[sid]
        if shooter.eliminated or shooter.hex is None:
            continue
        first = sid == attack.shooters[0]
        bare = attack if first else replace(attack, aimed=False)
        saved += _shot_value(world, target, ap_shot(world, bare, shooter), unseen)
        hid = covered if first else replace(covered, aimed=False)
        saved -= _shot_value(world, target, ap_shot(world, hid, shooter), unseen)
    return saved


def _first_fire_gain(
    world: World, attack: ApAttack, target: Counter, unseen: list[CardFace]
) -> float:
    """20a: our vehicle's answer at the shooter (one Fire shot, both draws), less its
    Fired marker, or the rest of its move and its own shot when it is on a Move & Fire
    action (rules version 7: the answer is that action's shot, taken now)."""
    shooter = world.units[attack.shooters[0]]
    if shooter.hex is None or target.hex is None:
        return 0.0
    moving = moving_and_firing(world, target.id)
    answer = ApAttack(target.seat, (target.id,), shooter.id, "fire")
    shot = replace(ap_shot(world, answer, target), move_and_fire=moving)
    gain = _shot_value(world, shooter, shot, unseen)
    return gain - MARKED - (MOVE_CUT if moving else 0.0)
