"""Resolving a ranged attack on a soft target step by step (10b4, 10c), with the
defender's reaction windows (20c Light Wounds, 20d Unexpected Cover) as pending
decisions on the world's stack.

Windows open on every attack and every hit on a Leg unit, whether or not the defender
holds a fitting card, so that a window tells the attacker nothing about the hand.
"""

from __future__ import annotations

from game.core.api import Event
from game.rules.sixty_five.assault.combat import spread_hits
from game.rules.sixty_five.cards.supports import CardRedrawn, open_panic_window, tactical_hero
from game.rules.sixty_five.combat.strike_state import Strike
from game.rules.sixty_five.data import HitColour, Marker
from game.rules.sixty_five.events import (
    DamageCard,
    FoxholeRedraw,
    HitApplied,
    HitIgnored,
    UnitMoved,
)
from game.rules.sixty_five.helicopters.sight import he_soft
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.movement.rules import path_refusal
from game.rules.sixty_five.terrain.fortified import in_foxhole
from game.rules.sixty_five.world import Attack, Pending, Window, World


def open_attack(world: World, attack: Attack) -> None:
    """10b4: the attack is declared; the defender may react before the Damage Draw."""
    world.attack = attack
    defender = world.units[attack.target].seat
    world.pending.append(Pending(defender, Window.BEFORE_DRAW, attack.target))


def reaction_refusal(world: World, seat: int, card_id: str, block_id: str) -> str | None:
    """Why the reaction may not be played in the open window, or None."""
    if not world.pending or world.pending[-1].seat != seat:
        return "no reaction window is open for this player: '65 20"
    if card_id not in world.hands[seat]:
        return f"{card_id} is not in this player's hand: '65 20"
    card = world.card(card_id)
    if block_id not in card.blocks:
        return f"{card_id} has no {block_id} block: '65 3a"
    attack = world.attack
    assert attack is not None
    if block_id in attack.reactions:
        return "one reaction of each name per action: '65 20"
    window = world.pending[-1].window
    target = world.units[attack.target]
    if window is Window.BEFORE_DRAW and block_id == "unexpected_cover":
        lead = world.units[attack.units[0]]
        if lead.has("sniper") and len(attack.units) == 1:
            return "Unexpected Cover gives no cover against a Sniper: '65 20d"
        return None
    if window is Window.HIT and block_id == "light_wounds":
        return None if target.leg else "Light Wounds saves a Leg unit only: '65 20c"
    return f"{block_id} cannot answer this moment of the attack: '65 20"


def react(world: World, seat: int, card_id: str, block_id: str, events: list[Event]) -> None:
    """Play a reaction in the open window (after ``reaction_refusal`` said None)."""
    window = world.pending.pop()
    attack = world.attack
    assert attack is not None
    world.discard_card(seat, card_id)
    attack.reactions = (*attack.reactions, block_id)
    if window.window is Window.BEFORE_DRAW:
        bonus = world.data.blocks[block_id].cover_bonus
        attack.cover_bonus += bonus
        attack.cards_left -= bonus
    elif attack.held_hit is not None:
        events.append(HitIgnored(unit=attack.target, card=card_id))
        attack.held_hit = None


def decline(world: World) -> None:
    """Close the open window without a card."""
    world.pending.pop()


def continue_attack(world: World, events: list[Event]) -> None:
    """Draw the remaining Damage Draw cards until the target is eliminated, the cards run
    out, or a hit waits for the defender's answer (10b4, 10c)."""
    attack = world.attack
    while attack is not None and not world.pending:
        target = world.units[attack.target]
        if attack.held_hit is not None:
            result = target.take_hit()
            events.append(HitApplied(unit=target.id, result=result.value))
            attack.held_hit = None
            attack.hits += 1
            continue
        if attack.cards_left <= 0 or target.eliminated:
            break
        if attack.spread and attack.hits >= hits_to_clear(_victims(world, attack)):
            break
        card = world.draw_spent(events)
        attack.cards_left -= 1
        if card is None:
            break
        hit = card.hit is not None and card.hit in attack.hits_on
        if hit and world.foxholes and not attack.foxhole_used and in_foxhole(world, target):
            attack.foxhole_used = True  # 23a, 18s: the first Hit is set aside, draw again
            events.append(FoxholeRedraw(card=card.id, unit=target.id))
            attack.cards_left += 1
            continue
        colour = card.hit.value if card.hit else None
        events.append(DamageCard(card=card.id, hit_colour=colour, hit=hit, target=target.id))
        if not hit and attack.opportunity and card.hit is HitColour.RED:
            friendly_hit(world, attack, target, events)  # 11, version 4
        if hit and attack.spread:
            attack.hits += 1
        elif hit:
            attack.held_hit = card.id
            if target.leg:
                world.pending.append(Pending(target.seat, Window.HIT, target.id))
        elif world.edition >= 2 and not attack.redrawn and tactical_hero(world, attack.units):
            world.pending.append(Pending(attack.seat, Window.REDRAW, attack.units[0]))
    if attack is not None and not world.pending:
        world.attack = None
        if attack.spread:
            order = sorted(
                _victims(world, attack), key=lambda u: (u.has("difficult_target"), u.hero, u.id)
            )
            if world.edition >= 4 and attack.hits and order and order[0].hex is not None:
                # Interpretation 18, version 4: hit by hit, each open to Light Wounds
                world.strike = Strike(
                    attack.seat, [(order[0].hex, 0)], attack.hits_on, reactions=attack.reactions,
                    stage="hits", order=tuple(u.id for u in order), hits_left=attack.hits,
                    tiers=True,
                )  # fmt: skip
            else:
                spread_hits(order, attack.hits, events)
        if attack.opportunity and attack.hits:
            stopped = [u.id for u in _victims(world, attack)] if attack.spread else []
            for unit_id in stopped or [attack.target]:
                halt(world, unit_id)  # 18i, 21g: spread fire's target is the whole stack
        target = world.units[attack.target]
        if attack.again is not None and not target.eliminated:
            again_card, again_block = attack.again
            world.second_shot = (again_card, again_block, attack.units[0], attack.target)
            world.pending.append(Pending(target.seat, Window.WITHDRAW, target.id))
        open_panic_window(world, attack)  # 19f, on top: Panic comes before a withdrawal


def friendly_hit(world: World, attack: Attack, target: Counter, events: list[Event]) -> None:
    """11 (rules version 4, Interpretation 30): Opportunity Fire into a hex the firer's
    side shares with the mover: a red Hit that does not hit for this action strikes a
    randomly determined unit of the firer's own side in that hex."""
    if world.edition < 4 or target.hex is None:
        return
    own = sorted(
        (u for u in world.live() if u.hex == target.hex and u.seat == attack.seat),
        key=lambda u: u.id,
    )
    if own:
        victim = world.rng.choice(own) if len(own) > 1 else own[0]
        result = victim.take_hit()
        events.append(HitApplied(unit=victim.id, result=result.value))


def redraw(world: World, events: list[Event]) -> None:
    """21h: the missed card is drawn again: one more card to draw, once per attack."""
    window = world.pending.pop()
    attack = world.attack
    assert attack is not None and window.window is Window.REDRAW
    attack.redrawn = True
    attack.cards_left += 1
    hero = tactical_hero(world, attack.units)
    events.append(CardRedrawn(hero=hero.id if hero else window.unit))


def _victims(world: World, attack: Attack) -> list[Counter]:
    """Every enemy soft target in the target's hex (21g; not a vehicle or a loaded
    passenger, 15, 8e). Spread Opportunity Fire (18i, rules version 9) falls on the
    moving stack only: 11 aims it at the moving units, not at others in that hex."""
    hex_id = world.units[attack.target].hex
    seat = world.units[attack.target].seat
    moving = world.movement.units if attack.opportunity and world.movement else None
    return [
        u
        for u in world.live()
        if u.hex == hex_id and u.seat == seat and he_soft(u) and u.carrier is None
        and (moving is None or u.id in moving)
    ]  # fmt: skip


def hits_to_clear(units: list[Counter]) -> int:
    """Hits that eliminate every one of ``units`` (10c)."""
    return sum(1 + (not u.shaken) + (not u.reduced and u.type.steps == 2) for u in units)


def withdraw_refusal(world: World, seat: int, to: str) -> str | None:
    """18k: the target of Punishing Fire may retreat one hex between the shots, ending
    farther from the firer, never into an enemy hex, not if it is Ops Complete."""
    shot = world.second_shot
    if not world.pending or world.pending[-1].window is not Window.WITHDRAW or shot is None:
        return "no withdrawal is open: '65 18k"
    target, firer = world.units[shot[3]], world.units[shot[2]]
    if target.seat != seat or target.hex is None or firer.hex is None:
        return "only the target of Punishing Fire withdraws: '65 18k"
    if target.marker is Marker.OPS_COMPLETE:
        return f"{target.id} is Ops Complete and may not retreat: '65 18k"
    if to not in world.field.neighbours(target.hex):
        return f"{to} is not next to {target.hex}: '65 18k"
    if world.field.distance(to, firer.hex) <= world.field.distance(target.hex, firer.hex):
        return "the retreat must end farther from the firing unit: '65 18k"
    return path_refusal(world.field, world.data.rules, target, (to,), 1, world.live())


def withdraw(world: World, to: str, events: list[Event]) -> None:
    """18k: step back; Moved, or Ops Complete if it was already Moved. From rules
    version 7 a carrier's loaded passengers go with it (8b, Interpretation 87)."""
    world.pending.pop()
    assert world.second_shot is not None
    target = world.units[world.second_shot[3]]
    target.hex = to
    if world.edition >= 7:
        for rider in world.live():
            if rider.carrier == target.id:
                rider.hex = to
    target.marker = Marker.OPS_COMPLETE if target.marker is Marker.MOVED else Marker.MOVED
    events.append(UnitMoved(unit=target.id, path=(to,), points=1))


def halt(world: World, unit_id: str) -> None:
    """11: a unit hit by Opportunity Fire stops moving and is marked Ops Complete."""
    unit = world.units[unit_id]
    if not unit.eliminated:
        unit.marker = Marker.OPS_COMPLETE
    move = world.movement
    if move is not None and unit_id in move.units:
        move.units = tuple(u for u in move.units if u != unit_id)
