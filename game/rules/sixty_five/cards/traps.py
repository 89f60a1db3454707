"""'65 Kickstarter booby traps, Punji Stakes (18u) and Claymore (18v), played as
Reaction cards (Interpretation 32) in a window that opens when a moving enemy unit
enters a hex (``Window.TRAP``, opened by movement/opportunity.py in Kickstarter games only).

* Punji Stakes: the Viet Cong / NVA side, when an American Leg unit enters jungle,
  kunai or brush.
* Claymore: the Americans, when a Viet Cong / NVA unit enters a hex adjacent to an
  American Leg unit.

Either draws one card: a green Hit is one hit on the unit that sprang it (the first of
the moving units there that qualifies, by id). The hit applies at once and does not
halt the move (Interpretation 32).

Like the attack's windows, the trap window tells the mover nothing about the other
hand: it opens whenever a trap fits the hex and its card is not where the mover sees it
(his own hand, the discards), whether or not the other player holds it.
"""

from __future__ import annotations

from game.core.api import Event
from game.rules.sixty_five.data import HitColour
from game.rules.sixty_five.events import DamageCard, HitApplied
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.world import World

TRAPS = ("punji_stakes", "claymore")
PUNJI_TERRAIN = ("jungle", "kunai", "brush")  # 18u
US, VC = 0, 1  # the seats (scenario.SEATS)


def hidden_traps(world: World, mover: int) -> list[str]:
    """The trap blocks whose card the mover cannot know to be out of the other hand (in
    the other hand or the draw pile): a window for them reveals nothing."""
    seen = {*world.hands[mover], *world.discard, *world.set_aside}
    out: list[str] = []
    for card in world.data.kickstarter_cards:
        if card.id not in seen:
            out.extend(b for b in card.blocks if b in TRAPS and b not in out)
    return out


def trap_victim(world: World, seat: int, block: str, hex_id: str) -> Counter | None:
    """The moving unit in ``hex_id`` that ``seat``'s ``block`` would strike, or None."""
    move = world.movement
    if move is None or move.seat == seat:
        return None
    movers = sorted(
        (world.units[u] for u in move.units if world.units[u].hex == hex_id),
        key=lambda u: u.id,
    )
    movers = [u for u in movers if not u.eliminated]
    if block == "punji_stakes" and seat == VC:
        if world.field.terrain(hex_id).id in PUNJI_TERRAIN:
            return next((u for u in movers if u.leg), None)
    if block == "claymore" and seat == US:
        near = set(world.field.neighbours(hex_id))
        if any(u.seat == US and u.leg and u.hex in near for u in world.live()):
            return movers[0] if movers else None
    return None


def trap_refusal(world: World, seat: int, card_id: str, block_id: str) -> str | None:
    """Why the trap card may not be sprung in the open window, or None."""
    if card_id not in world.hands[seat]:
        return f"{card_id} is not in this player's hand: '65 20"
    if block_id not in world.card(card_id).blocks:
        return f"{card_id} has no {block_id} block: '65 3a"
    if block_id not in TRAPS:
        return "only Punji Stakes or Claymore answer a unit entering a hex: '65 18u, 18v"
    hex_id = world.pending[-1].unit
    if trap_victim(world, seat, block_id, hex_id) is None:
        if block_id == "punji_stakes":
            return "Punji Stakes wait for an American Leg unit in jungle, kunai or brush: '65 18u"
        return "Claymore fires at a VC/NVA unit entering a hex next to American Leg: '65 18v"
    return None


def spring_trap(world: World, seat: int, card_id: str, block_id: str, events: list[Event]) -> None:
    """Play the trap (after ``trap_refusal`` said None): one card is drawn, a green Hit
    is one hit on the victim."""
    hex_id = world.pending.pop().unit
    victim = trap_victim(world, seat, block_id, hex_id)
    assert victim is not None
    world.discard_card(seat, card_id)
    card = world.draw_spent(events)
    if card is None:
        return
    hit = card.hit is HitColour.GREEN
    colour = card.hit.value if card.hit else None
    events.append(DamageCard(card=card.id, hit_colour=colour, hit=hit, target=victim.id))
    if hit:
        events.append(HitApplied(unit=victim.id, result=victim.take_hit().value))
