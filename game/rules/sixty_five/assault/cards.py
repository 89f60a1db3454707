"""Cards in '65 Assault Combat (13), rules version 2: Ambush (19b), Bullet Storm (19c),
Retreat (19g), Unexpected Cover (20d), Charge (22b) and the Tactical redraw (21h).

The attacker plays his supports with the move that enters the enemy hex (``play CARD
move UNITS to PATH with AMBUSH,BULLET_STORM``); Charge is a Power. When the attackers
stand in the hex the defender gets one window to answer (Interpretation 21): Ambush if
one of his units could start an assault, Bullet Storm, Unexpected Cover (one card fewer
for the attacker), or Retreat (his units leave, no fight). The cards are kept per hex in
``world.assault_cards`` as (seat, block) pairs until the assault is fought at the end of
the impulse (assault/combat.py).
"""

from __future__ import annotations

from game.core.api import Event
from game.rules.sixty_five.data import BlockKind
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.world import Pending, Window, World

#: Blocks that can back an assault, for the attacker (with the move) or the defender.
ATTACK_SUPPORTS = ("ambush", "bullet_storm")
DEFENCE_BLOCKS = ("ambush", "bullet_storm", "unexpected_cover", "retreat")
ASKED = "asked"  # the defender's window has been opened for the hex


def assault_support_refusal(
    world: World, seat: int, movers: list[Counter], end: str, supports: tuple[str, ...]
) -> str | None:
    """19b, 19c: the supports a move into an enemy hex may carry, or the rule broken."""
    if world.edition < 2:
        return "a move action names no target and no support card: '65 18i"
    names: set[str] = set()
    for cid in supports:
        if cid not in world.hands[seat]:
            return f"support card {cid} is not in this player's hand: '65 6b"
        blocks = [b for b in world.card(cid).blocks if b in ATTACK_SUPPORTS]
        if not blocks:
            return f"{cid} has no Ambush or Bullet Storm block to back an assault: '65 19"
        if blocks[0] in names or any(
            s == seat and b == blocks[0] for s, b in world.assault_cards.get(end, ())
        ):
            return "only one support card of each name per action: '65 3a, 19"
        names.add(blocks[0])
        if blocks[0] == "bullet_storm" and not any(m.leg and not m.has("sniper") for m in movers):
            return "Bullet Storm backs an attacking Leg unit, never a Sniper: '65 19c, 21g"
    return None


def record_attack_supports(
    world: World, seat: int, end: str, supports: tuple[str, ...], events: list[Event]
) -> None:
    """Discard the supports of a move into an enemy hex and remember them for the fight."""
    from game.rules.sixty_five.events import CardDiscarded

    for cid in supports:
        block = next(b for b in world.card(cid).blocks if b in ATTACK_SUPPORTS)
        world.discard_card(seat, cid)
        events.append(CardDiscarded(seat=seat, card=cid))
        world.assault_cards.setdefault(end, []).append((seat, block))


def open_defence_window(world: World) -> None:
    """After a move: for each assaulted hex the attackers now stand in whose defender has
    not been asked yet, the defender's window (Interpretation 21)."""
    if world.edition < 2:
        return
    for hex_id, entries in sorted(world.assaults.items()):
        here = [world.units[u] for u, _ in entries]
        if not any(u.hex == hex_id and not u.eliminated for u in here):
            continue
        defender = 1 - here[0].seat
        cards = world.assault_cards.setdefault(hex_id, [])
        if (defender, ASKED) in cards:
            continue
        if not any(u.hex == hex_id and u.seat == defender for u in world.live()):
            continue
        cards.append((defender, ASKED))
        world.pending.append(Pending(defender, Window.ASSAULT, hex_id))


def defence_refusal(world: World, seat: int, card_id: str, block_id: str) -> str | None:
    """Why the defender may not answer the assault with this block, or None."""
    hex_id = world.pending[-1].unit
    if card_id not in world.hands[seat]:
        return f"{card_id} is not in this player's hand: '65 20"
    if block_id not in world.card(card_id).blocks:
        return f"{card_id} has no {block_id} block: '65 3a"
    if block_id not in DEFENCE_BLOCKS:
        return "answer an assault with Ambush, Bullet Storm, Unexpected Cover or Retreat: '65 13"
    if (seat, block_id) in world.assault_cards.get(hex_id, ()):
        return "one card of each name per assault: '65 19, 20"
    defenders = [u for u in world.live() if u.hex == hex_id and u.seat == seat]
    if block_id == "ambush" and not any(
        (u.has("assault") or u.has("assault_plus")) and not u.shaken for u in defenders
    ):
        return "Ambush needs an unshaken unit with Assault or Assault+: '65 19b"
    if block_id == "bullet_storm" and not any(u.leg and not u.has("sniper") for u in defenders):
        return "Bullet Storm backs a Leg unit, never a Sniper: '65 19c, 21g"
    kind = world.data.blocks[block_id].kind
    assert kind in (BlockKind.SUPPORT, BlockKind.REACTION)
    return None


def defend(world: World, seat: int, card_id: str, block_id: str) -> None:
    """Play a defender's card; the window stays open for another of a different name."""
    hex_id = world.pending[-1].unit
    world.discard_card(seat, card_id)
    world.assault_cards.setdefault(hex_id, []).append((seat, block_id))
    if block_id == "retreat":
        world.pending.pop()  # the defenders leave: nothing more to answer


def played(world: World, hex_id: str, seat: int, block: str) -> bool:
    return (seat, block) in world.assault_cards.get(hex_id, ())


def charge(world: World, seat: int, hex_id: str) -> None:
    """22b: a Charge that ends in an assault adds 2 to the side's total HEF."""
    world.assault_cards.setdefault(hex_id, []).append((seat, "charge"))
