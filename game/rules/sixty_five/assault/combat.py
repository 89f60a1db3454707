"""'65 Assault Combat (13), resolved as the last thing of the phasing player's impulse.

Units with the Assault or Assault+ ability that move into an enemy hex are recorded with
the hex they came from; when the impulse ends (or the turn ends inside it) each such hex
is fought out: both sides total their HEF (units without Assault defend with 1; Assault+
adds 1; no range or terrain), draw that many cards and hit on the yellow and red Hits
(10c). Attackers and unshaken defenders draw and apply at the same time; Shaken
defenders fire back after, if they survive (10c, 13a). Hits are spread so that every
unit of a side is Shaken before any is reduced and reduced before any is eliminated
(13b). If neither side is wiped out, the side with more hits retreats (the attacker on
a tie): attackers to the hex they came from, defenders straight away from the attack; a
unit that cannot retreat is eliminated (13c). Everyone who took part is Ops Complete.
"""

from __future__ import annotations

from game.core.api import Event
from game.rules.sixty_five.data import HitColour, Marker
from game.rules.sixty_five.events import AssaultFought, DamageCard, HitApplied, UnitMoved
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.movement.rules import entry_cost, stacking_refusal
from game.rules.sixty_five.world import World

ASSAULT_HITS = (HitColour.YELLOW, HitColour.RED)


def can_assault(unit: Counter) -> bool:
    """13a, 21a, 21b: only units with Assault or Assault+ start an assault; not Shaken."""
    return (unit.has("assault") or unit.has("assault_plus")) and not unit.shaken


def assault_hef(units: list[Counter]) -> int:
    """13a: printed HEF for units with Assault, 1 for the others; +1 for Assault+."""
    total = 0
    for u in units:
        able = u.has("assault") or u.has("assault_plus")
        total += (u.hef if able else 1) + (1 if u.has("assault_plus") else 0)
    return total


def _draw_hits(
    world: World, cards: int, side: str, events: list[Event], redraw: bool = False
) -> int:
    """Draw ``cards`` cards and count the yellow and red Hits; ``redraw``: the first miss
    is drawn again (21h Tactical, Interpretation 22)."""
    hits = 0
    left = cards
    while left > 0:
        left -= 1
        card = world.draw_spent(events)
        if card is None:
            break
        hit = card.hit in ASSAULT_HITS
        colour = card.hit.value if card.hit else None
        events.append(DamageCard(card=card.id, hit_colour=colour, hit=hit, target=side))
        hits += hit
        if not hit and redraw:
            redraw, left = False, left + 1
    return hits


def spread_hits(units: list[Counter], hits: int, events: list[Event]) -> None:
    """13b: Shake all before reducing any, reduce all before eliminating any; within a
    tier non-Heroes first, then by id (Interpretation 15). A one-step unit's second hit
    counts as its reduction."""
    order = sorted(units, key=lambda u: (u.hero, u.id))
    for tier in ("shake", "reduce", "eliminate"):
        for u in order:
            if hits <= 0:
                return
            if u.eliminated:
                continue
            due = (
                (tier == "shake" and not u.shaken)
                or (tier == "reduce" and u.shaken and not u.reduced)
                or (tier == "eliminate" and u.shaken and (u.reduced or u.type.steps == 1))
            )
            if due:
                result = u.take_hit()
                events.append(HitApplied(unit=u.id, result=result.value))
                hits -= 1


def _retreat(world: World, unit: Counter, to: str | None, events: list[Event]) -> None:
    """Move ``unit`` to ``to`` if it may stand there, else eliminate it (13c). From rules
    version 7 a carrier's loaded passengers go with it (8b: they ride on top of it;
    Interpretation 87); a carrier that cannot retreat is destroyed, and 8e deals with
    its passengers."""
    if to is not None and to in world.field and entry_cost(world.field, to) is not None:
        here = [u for u in world.live() if u.hex == to and u is not unit]
        if not any(u.seat != unit.seat for u in here):
            if (
                stacking_refusal(world.data.rules, [*here, unit], landed=world.field.landed_stack)
                is None
            ):
                unit.hex = to
                events.append(UnitMoved(unit=unit.id, path=(to,), points=0))
                if world.edition >= 7:
                    for rider in world.live():
                        if rider.carrier == unit.id:
                            rider.hex = to
                return
    unit.eliminated = True
    events.append(HitApplied(unit=unit.id, result="eliminated"))


def resolve_assaults(world: World, events: list[Event]) -> None:
    """Fight every assault recorded this impulse, hex by hex in id order (rules version
    1; version 2 fights with the cards, assault/fight.py)."""
    for hex_id in sorted(world.assaults):
        entries = world.assaults[hex_id]
        attackers = [world.units[u] for u, _ in entries if world.units[u].hex == hex_id]
        attackers = [u for u in attackers if not u.eliminated]
        came = dict(entries)
        if not attackers:
            continue
        seat = attackers[0].seat
        defenders = [u for u in world.live() if u.hex == hex_id and u.seat != seat]
        if not defenders:
            continue
        # 13 note: an attacker Shaken before the draws does not attack; it goes back
        for u in [a for a in attackers if a.shaken]:
            _retreat(world, u, came.get(u.id), events)
            u.marker = Marker.OPS_COMPLETE
        attackers = [a for a in attackers if not a.shaken and not a.eliminated]
        if not attackers:
            continue
        steady = [d for d in defenders if not d.shaken]
        shaken = [d for d in defenders if d.shaken]
        a_hits = _draw_hits(world, assault_hef(attackers), "defenders", events)
        d_hits = _draw_hits(world, assault_hef(steady), "attackers", events) if steady else 0
        spread_hits(defenders, a_hits, events)
        spread_hits(attackers, d_hits, events)
        survivors = [d for d in shaken if not d.eliminated]
        if survivors and any(not a.eliminated for a in attackers):
            late = _draw_hits(world, assault_hef(survivors), "attackers", events)
            spread_hits(attackers, late, events)
            d_hits += late
        events.append(AssaultFought(hex=hex_id, attacker_hits=d_hits, defender_hits=a_hits))
        live_att = [a for a in attackers if not a.eliminated]
        live_def = [d for d in defenders if not d.eliminated]
        if live_att and live_def:
            if a_hits > d_hits:  # the defenders took more hits
                away = world.field.beyond(came[attackers[0].id], hex_id)
                for d in live_def:
                    _retreat(world, d, away, events)
            else:
                for a in live_att:
                    _retreat(world, a, came.get(a.id), events)
        for u in [*attackers, *defenders]:
            if not u.eliminated:
                u.marker = Marker.OPS_COMPLETE
    world.assaults.clear()
