"""'65 artillery strikes and Satchel Charges of rules version 4, hex by hex, with the
defender's reactions
(20): before each hex's Damage Draw he may play **Unexpected Cover** (20d: +1 CF, one
card fewer in that hex), and each hit about to strike one of his Leg units may be
ignored with **Light Wounds** (20c: the hit is spent, nobody else takes it). As 20 says,
one reaction of each name answers an action, so each card once per strike; a window for
a name already played does not open. Windows open whatever the defender holds
(Interpretation 5), so they tell the attacker nothing of his hand.

The hits of a hex are spread as artillery's always are (12: everyone once before anyone
twice, in :func:`artillery.hit_order`), one at a time so that each can be answered; a
Satchel Charge's (22g) as before, by 13b's tiers (everyone Shaken before anyone is
reduced, non-Heroes first, a Difficult Target last: Interpretation 17).
"""

from __future__ import annotations

from game.core.api import Event
from game.rules.sixty_five.combat.artillery import draw_on_hex, even_hits, hit_order
from game.rules.sixty_five.combat.strike_state import Strike
from game.rules.sixty_five.events import DamageCard, FriendlyHits, HitApplied, HitIgnored
from game.rules.sixty_five.helicopters.sight import strike_soft
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.world import Pending, Window, World


def _victims(world: World, strike: Strike, hex_id: str) -> list[str]:
    """The soft targets of the hex (12: HE results hit soft targets; a hard target and a
    loaded passenger are not among them, Interpretation 40 of sixty_five_vehicles.md)."""
    return [
        u.id
        for u in world.live()
        if u.hex == hex_id and u.seat != strike.seat and strike_soft(u) and u.carrier is None
    ]


def continue_strike(world: World, events: list[Event]) -> None:
    """Carry the strike on until a reaction window opens or every hex is done."""
    s = world.strike
    while s is not None and not world.pending:
        if s.held is not None:
            unit = world.units[s.held]
            s.held = None
            result = unit.take_hit()
            events.append(HitApplied(unit=unit.id, result=result.value))
            continue
        if not s.hexes:
            if _own_hit(world, s):  # scenario 6, version 7: the AC-47's friendly hits
                continue
            world.strike = None
            return
        hex_id, cards = s.hexes[0]
        defender = 1 - s.seat
        if s.stage == "cover":
            s.stage = "draw"
            if "unexpected_cover" not in s.reactions and _victims(world, s, hex_id):
                world.pending.append(Pending(defender, Window.STRIKE_COVER, hex_id))
        elif s.stage == "draw":
            victims = [world.units[u] for u in _victims(world, s, hex_id)]
            start = len(events)
            s.hits_left = draw_on_hex(world, cards - s.cover, s.hits_on, victims, hex_id, events)
            if s.friendly:  # scenario 6's AC-47: its draw also hits friendly hexes near
                _friendly_hits(world, s, events[start:], events, held=world.edition >= 7)
            order = tier_order(victims) if s.tiers else hit_order(victims)
            s.order = tuple(u.id for u in order)
            s.round_left, s.stage = [], "hits"
        else:
            if world.edition >= 9 and not s.asked and s.hits_left > 0:
                if len(victim_choice(world, s)) > 1:  # 12, 21g, 22g: attacker chooses
                    s.asked = True
                    world.pending.append(Pending(s.seat, Window.HIT_CHOICE, hex_id))
                    continue
            victim = _take(world, s, s.pick) if s.pick else _next_victim(world, s)
            s.asked, s.pick = False, None
            if victim is None or s.hits_left <= 0:
                s.hexes.pop(0)
                s.stage, s.cover, s.order, s.round_left, s.hits_left = "cover", 0, (), [], 0
                continue
            s.hits_left -= 1
            s.held = victim
            if world.units[victim].leg and "light_wounds" not in s.reactions:
                world.pending.append(Pending(defender, Window.STRIKE_HIT, victim))


def _friendly_hits(
    world: World, s: Strike, drawn: list[Event], events: list[Event], *, held: bool
) -> None:
    """Scenario 6 (scenarios/puff.py): each card of the draw whose Hit colour a near friendly hex
    names hits that hex; the hits of a hex spread evenly over its soft units (12). With
    ``held`` (rules version 7) they are kept to strike one by one after the target hex's,
    each open to Light Wounds like any hit (20c); before, all at once."""
    colours = [e.hit_colour for e in drawn if isinstance(e, DamageCard) and e.hit_colour]
    for hex_id, named in s.friendly:
        hits = sum(1 for c in colours if c in named)
        own = _own_soft(world, s, hex_id)
        if hits and own:
            events.append(FriendlyHits(hex=hex_id, hits=hits))
            if held:
                s.own.append((hex_id, hits))
            else:
                even_hits(own, hits, events)
    s.friendly = ()


def _own_soft(world: World, s: Strike, hex_id: str) -> list[Counter]:
    """The striking side's soft targets in ``hex_id`` (12; no loaded passenger, 8e)."""
    return [
        u for u in world.live()
        if u.hex == hex_id and u.seat == s.seat and strike_soft(u) and u.carrier is None
    ]  # fmt: skip


def _own_hit(world: World, s: Strike) -> bool:
    """Scenario 6, version 7: hold the next friendly hit of the AC-47 (spread as
    artillery's, :func:`artillery.hit_order` in rounds) and open the striking side's
    Light Wounds window on a Leg unit; False when none is left."""
    while s.own:
        hex_id, hits = s.own[0]
        if not s.order:
            s.order = tuple(u.id for u in hit_order(_own_soft(world, s, hex_id)))
        victim = _next_victim(world, s) if hits > 0 else None
        if victim is None:
            s.own.pop(0)
            s.order, s.round_left = (), []
            continue
        s.own[0] = (hex_id, hits - 1)
        s.held = victim
        if world.units[victim].leg and "light_wounds" not in s.own_reactions:
            world.pending.append(Pending(s.seat, Window.STRIKE_HIT, victim))
        return True
    return False


def tier_order(units: list[Counter]) -> list[Counter]:
    """22g, Interpretation 17: non-Heroes first, a Difficult Target last, then by id."""
    return sorted(units, key=lambda u: (u.has("difficult_target"), u.hero, u.id))


def _next_victim(world: World, s: Strike) -> str | None:
    """12: the next unit in the round; a new round of those still standing when one ends.
    With ``tiers`` (22g, 21g, 13b): the first unit due at the lowest tier (Shake, reduce,
    eliminate); a unit that ignored a hit with Light Wounds counts as served in its tier,
    in artillery's rounds as in the tiers (the hit was its share, Interpretation 29)."""
    if s.tiers:  # round_left: units that let a hit of this tier go by (Light Wounds)
        units = [world.units[u] for u in s.order if not world.units[u].eliminated]
        for tier in range(3):
            due = [u for u in units if tier_of(u) == tier]
            fresh = [u for u in due if u.id not in s.round_left]
            if fresh:
                return fresh[0].id
            if due:
                s.round_left = [x for x in s.round_left if x not in {u.id for u in due}]
                return due[0].id
        return None
    if not s.round_left:
        s.round_left = [u for u in s.order if not world.units[u].eliminated]
    while s.round_left:
        uid = s.round_left.pop(0)
        if not world.units[uid].eliminated:
            return uid
    return None


def _peer(u: Counter) -> tuple[bool, bool]:
    """12, 21g, 22g: what the text fixes in the order (a Difficult Target last, a Hero
    after the others); among units alike in it the attacker chooses."""
    return u.has("difficult_target"), u.hero


def victim_choice(world: World, s: Strike) -> list[str]:
    """12, 21g, 22g (rules version 9): the units the attacker may give the next hit,
    the default first; empty when the text leaves no choice (one unit is due, or every
    unit alike is due a hit of this round or tier anyway)."""
    if s.tiers:
        units = [world.units[u] for u in s.order if not world.units[u].eliminated]
        for tier in range(3):
            due = [u for u in units if tier_of(u) == tier]
            fresh = [u for u in due if u.id not in s.round_left]
            if fresh:
                peers = [u.id for u in fresh if _peer(u) == _peer(fresh[0])]
                return peers if s.hits_left < len(peers) else []
            if due:
                return []
        return []
    _fill_round(world, s)
    left = [world.units[u] for u in s.round_left if not world.units[u].eliminated]
    if not left:
        return []
    peers = [u.id for u in left if _peer(u) == _peer(left[0])]
    return peers if s.hits_left < len(peers) else []


def _fill_round(world: World, s: Strike) -> None:
    """12: a new round of those still standing when one ends (as :func:`_next_victim`)."""
    if not s.round_left:
        s.round_left = [u for u in s.order if not world.units[u].eliminated]


def _take(world: World, s: Strike, unit_id: str) -> str:
    """The attacker's pick takes the next hit: in artillery's rounds it is served."""
    if not s.tiers:
        _fill_round(world, s)
        s.round_left.remove(unit_id)
    return unit_id


def hit_choice_refusal(world: World, seat: int, unit_id: str) -> str | None:
    """Why the attacker may not give the next hit to ``unit_id`` now, or None."""
    s = world.strike
    window = world.pending[-1] if world.pending else None
    if s is None or window is None or window.window is not Window.HIT_CHOICE:
        return "no choice of who takes a hit is open: '65 12, 21g, 22g"
    if seat != s.seat:
        return "the attacker chooses who takes an uneven hit: '65 12, 21g, 22g"
    choice = victim_choice(world, s)
    if unit_id not in choice:
        names = ", ".join(choice)
        return f"the next hit goes to one of {names} (non-Heroes first): '65 12, 21g, 22g"
    return None


def choose_victim(world: World, unit_id: str) -> None:
    """The attacker's pick (after ``hit_choice_refusal`` said None) takes the next hit."""
    s = world.strike
    assert s is not None
    world.pending.pop()
    s.pick = unit_id


def tier_of(u: Counter) -> int:
    """13b as :func:`assault.spread_hits` reads it: 0 for a unit not yet Shaken, 1 for a
    Shaken one not reduced, 2 for a Shaken, reduced one."""
    if not u.shaken:
        return 0
    return 1 if not u.reduced else 2


def strike_reaction_refusal(world: World, seat: int, card_id: str, block_id: str) -> str | None:
    """Why this card may not answer the strike's open window, or None."""
    s = world.strike
    assert s is not None and world.pending
    window = world.pending[-1]
    if card_id not in world.hands[seat]:
        return f"{card_id} is not in this player's hand: '65 20"
    if block_id not in world.card(card_id).blocks:
        return f"{card_id} has no {block_id} block: '65 3a"
    if block_id in (s.own_reactions if seat == s.seat else s.reactions):
        return "one reaction of each name per action: '65 20"
    if window.window is Window.STRIKE_COVER and block_id == "unexpected_cover":
        return None
    if window.window is Window.STRIKE_HIT and block_id == "light_wounds":
        return None
    return f"{block_id} cannot answer this moment of the strike: '65 20"


def strike_react(world: World, seat: int, card_id: str, block_id: str, events: list[Event]) -> None:
    """Play the reaction (after ``strike_reaction_refusal`` said None)."""
    s = world.strike
    assert s is not None
    window = world.pending.pop()
    world.discard_card(seat, card_id)
    if seat == s.seat:  # scenario 6's AC-47 hitting its own side (version 7)
        s.own_reactions = (*s.own_reactions, block_id)
    else:
        s.reactions = (*s.reactions, block_id)
    if window.window is Window.STRIKE_COVER:
        s.cover += world.data.blocks[block_id].cover_bonus
    elif s.held is not None:
        events.append(HitIgnored(unit=s.held, card=card_id))
        if s.tiers:  # the ignored hit was this unit's share of its tier
            s.round_left.append(s.held)
        s.held = None
