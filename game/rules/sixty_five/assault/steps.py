"""'65 Assault Combat draws of rules version 4, step by step, so that the players decide
what the rules leave to them while the fight is drawn (assault/fight.py fights it).

The order of the draws is 13a's with the cards of Interpretation 21: without Ambush the
attackers and the unshaken defenders draw, then both sides' hits apply, then the Shaken
defenders answer if any attacker is left; with the attacker's Ambush he draws and
applies first and every defender answers; with the defender's Ambush his unshaken units
draw and apply first, then the attackers, then his Shaken units.

**Tactical** (21h) is the drawing side's choice: after a side's draw in which a card
missed, if a Tactical hero of that side stands in the fight unshaken and not Ops
Complete, its player may draw one more card in place of a miss (``redraw``) or decline;
once per side and fight (Interpretation 22). All of a side's cards are drawn whatever
they show, so a miss redrawn at the end of the draw is the same as at its turn.

**Panic** (19f) after the fight: once its results stand (no Retreat card played), the
attacker may play Panic on a defending Leg unit left Shaken and reduced by an assault in
which his side drew cards; one window per such unit, one Panic per assault
(Interpretation 20).
"""

from __future__ import annotations

from game.core.api import Event
from game.rules.sixty_five.assault.cards import played
from game.rules.sixty_five.assault.combat import _draw_hits, assault_hef, spread_hits
from game.rules.sixty_five.cards.supports import CardRedrawn, panicky
from game.rules.sixty_five.data import Marker
from game.rules.sixty_five.events import AssaultFought, DamageCard
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.vehicles.transport_moves import as_firing
from game.rules.sixty_five.world import Fight, Pending, Window, World

#: A: the attackers draw; Ds / Dl / Dall: the defenders unshaken at the start / Shaken at
#: the start (if an attacker is left) / all draw; a, d: the attackers' / defenders'
#: drawn hits apply; end: the result, for the answers (assault/fight.py).
PLAIN = ("A", "Ds", "a", "d", "Dl", "d", "end")
ATTACKER_AMBUSH = ("A", "a", "Dall", "d", "end")
DEFENDER_AMBUSH = ("Ds", "d", "A", "a", "Dl", "d", "end")


def plan_steps(a_ambush: bool, d_ambush: bool) -> list[str]:
    """The draw steps of a fight; Ambushes on both sides cancel (Interpretation 21)."""
    if a_ambush and not d_ambush:
        return list(ATTACKER_AMBUSH)
    if d_ambush and not a_ambush:
        return list(DEFENDER_AMBUSH)
    return list(PLAIN)


def side_cards(
    world: World, hex_id: str, seat: int, units: list[Counter], *, cards_too: bool = True
) -> int:
    """The Damage Draw of one side: assault HEF, and with ``cards_too`` (the side's
    first draw) + Bullet Storm + Charge - the other side's Unexpected Cover."""
    live = [u for u in units if not u.eliminated]
    if not live:
        return 0
    cards = assault_hef([as_firing(world, u) for u in live])  # scenarios 4, 6: riders HEF 1
    if cards_too:
        cards += 1 if played(world, hex_id, seat, "bullet_storm") else 0
        cards += 2 if played(world, hex_id, seat, "charge") else 0
        cards -= 1 if played(world, hex_id, 1 - seat, "unexpected_cover") else 0
    return max(0, cards)


def tactical_in(units: list[Counter]) -> Counter | None:
    """21h: a Tactical hero among ``units``, in play, unshaken and not Ops Complete."""
    for u in units:
        if u.has("tactical") and not u.eliminated and not u.shaken:
            if u.marker is not Marker.OPS_COMPLETE:
                return u
    return None


def run_steps(world: World, events: list[Event]) -> None:
    """Carry the fight's draws on until a decision waits or the draws are done."""
    fight = world.fight
    assert fight is not None
    while fight.steps and not world.pending:
        step = fight.steps.pop(0)
        attackers = [world.units[u] for u in fight.attackers]
        defenders = [world.units[u] for u in fight.defenders]
        if step == "a":
            spread_hits(defenders, fight.held[0], events)
            fight.a_hits, fight.held[0] = fight.a_hits + fight.held[0], 0
        elif step == "d":
            spread_hits(attackers, fight.held[1], events)
            fight.d_hits, fight.held[1] = fight.d_hits + fight.held[1], 0
        elif step == "A":
            cards = side_cards(world, fight.hex, fight.seat, attackers)
            _side_draw(world, fight, 0, attackers, cards, events)
        elif step == "end":
            events.append(
                AssaultFought(hex=fight.hex, attacker_hits=fight.d_hits, defender_hits=fight.a_hits)
            )
            world.pending.append(Pending(fight.seat, Window.ASSAULT_RESULT, fight.hex))
            world.pending.append(Pending(1 - fight.seat, Window.ASSAULT_RESULT, fight.hex))
        else:
            if step == "Dl" and all(a.eliminated for a in attackers):
                continue
            was_shaken = {u.id: fight.before[u.id][1] for u in defenders}
            group = [
                d for d in defenders
                if step == "Dall" or was_shaken[d.id] == (step == "Dl")
            ]  # fmt: skip
            first = not fight.drew[1]
            cards = side_cards(world, fight.hex, 1 - fight.seat, group, cards_too=first)
            _side_draw(world, fight, 1, group, cards, events)


def _side_draw(
    world: World, fight: Fight, side: int, group: list[Counter], cards: int, events: list[Event]
) -> None:
    """One side's Damage Draw (0: the attackers, 1: the defenders), its hits held until
    its apply step; the Tactical window if a card missed (21h)."""
    if cards <= 0:
        return
    fight.drew[side] = True
    start = len(events)
    hits = _draw_hits(world, cards, "defenders" if side == 0 else "attackers", events)
    fight.held[side] += hits
    drawn = sum(1 for e in events[start:] if isinstance(e, DamageCard))
    hero = tactical_in(group)
    if drawn > hits and hero is not None and side not in fight.redraws:
        fight.redraws.append(side)
        seat = fight.seat if side == 0 else 1 - fight.seat
        world.pending.append(Pending(seat, Window.REDRAW, hero.id))


def assault_redraw(world: World, events: list[Event]) -> None:
    """21h in an assault: one more card for the side whose window is open."""
    window = world.pending.pop()
    fight = world.fight
    assert fight is not None and window.window is Window.REDRAW
    side = 0 if window.seat == fight.seat else 1
    events.append(CardRedrawn(hero=window.unit))
    fight.held[side] += _draw_hits(world, 1, "defenders" if side == 0 else "attackers", events)


def offer_panic(world: World) -> bool:
    """19f after the fight (version 4): the attacker's Panic windows, one per defending
    Leg unit left Shaken and reduced, if his side drew cards and no Retreat undid the
    fight; True while they are open."""
    fight = world.fight
    assert fight is not None
    if world.edition < 4 or fight.panic_offered:
        return False
    fight.panic_offered = True
    if not fight.drew[0] or any(b == "retreat" for _, b in fight.answers):
        return False
    victims = [d for d in fight.defenders if panicky(world.units[d])]
    for d in reversed(victims):
        world.pending.append(Pending(fight.seat, Window.PANIC, d))
    return bool(victims)
