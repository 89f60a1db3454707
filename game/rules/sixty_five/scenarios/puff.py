"""'65 scenario 6: the AC-47 gunship, "Puff the Magic Dragon" (24, scenario.Puff).

From the scenario's turn on, its side may play one card with a Fire block as
``play CARD puff to HEX``, once a turn: a strike of the scenario's HEF (5) on that one
hex, which a non-Shaken friendly unit on the map must see (14) and which holds no
friendly unit. It is an artillery strike on one hex (12, combat/artillery.py and combat/strike.py
resolve it): HEF + 1 with more than one soft target - the hex's Cover Factor cards, green
Hits hitting, spread evenly, with the defender's reactions; the AP draw on each hard
target Shakes at most (12). Every card of its Damage Draw whose Hit colour the scenario
names for a distance also hits each friendly hex that close to the struck hex (the
nearest band that applies: red within two hexes, red or yellow within one,
Interpretation 73); those hits spread evenly over the soft units there
(``artillery.even_hits``). From rules version 7 they strike one by one after the
target hex's, each open to the striking side's Light Wounds (20c) as any hit is
(``combat/strike.py``, Interpretation 93).
"""

from __future__ import annotations

from game.core.api import Event
from game.rules.sixty_five.actions import Play
from game.rules.sixty_five.combat.artillery import ArtilleryStrike, artillery_plan
from game.rules.sixty_five.combat.strike_state import Strike
from game.rules.sixty_five.data import BlockDef, BlockKind, HitColour
from game.rules.sixty_five.scenarios.scenario import Puff
from game.rules.sixty_five.vehicles.ap_fire import artillery_on_hard_targets
from game.rules.sixty_five.world import World

PUFF = "puff"  # the pseudo-block a Fire card is played as


def puff_block(rule: Puff) -> BlockDef:
    """The strike a Fire card calls (scenario 6)."""
    return BlockDef(
        id=PUFF, name="AC-47 strike", kind=BlockKind.ACTION, effect=PUFF,
        hits_on=(HitColour.GREEN,), hef=rule.hef,
    )  # fmt: skip


def puff_block_refusal(world: World, seat: int, card_id: str, turn: int) -> str | None:
    """Why the card may not call the AC-47 now (the scenario's rule), or None."""
    rule = world.puff
    if rule is None or rule.seat != seat:
        return "no AC-47 strike for this side in this scenario: '65 24"
    if turn < rule.from_turn:
        return f"the AC-47 comes from turn {rule.from_turn}: '65 24 scenario 6"
    if world.puff_used:
        return "one AC-47 strike a turn: '65 24 scenario 6"
    if not any(b in rule.blocks for b in world.card(card_id).blocks):
        return f"{card_id} has no Fire block to call the AC-47: '65 24 scenario 6"
    return None


def puff_legal(world: World, seat: int, play: Play, block: BlockDef) -> str | None:
    """One hex of the board, seen by a non-Shaken friendly unit on the map, holding no
    friendly unit; no units, target or support cards named."""
    if play.units or play.target or play.spread or play.supports:
        return "the AC-47 strike names one hex: play CARD puff to HEX: '65 24 scenario 6"
    hexes = play.path or ()
    if len(hexes) != 1 or hexes[0] not in world.field:
        return "the AC-47 strikes one hex of the board: '65 24 scenario 6"
    target = hexes[0]
    own = [u for u in world.live() if u.seat == seat and u.hex is not None]
    if any(u.hex == target for u in own):
        return f"{target} holds a friendly unit: '65 24 scenario 6"
    if not any(not u.shaken and world.field.los(u.hex, target) for u in own if u.hex):
        return f"no non-Shaken friendly unit sees {target}: '65 24 scenario 6"
    return None


def friendly_bands(world: World, seat: int, target: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Each friendly hex near ``target`` and the Hit colours that hit it: the band of the
    smallest distance in the scenario's ``near`` that reaches it."""
    rule = world.puff
    assert rule is not None
    out = []
    hexes = sorted({u.hex for u in world.live() if u.seat == seat and u.hex is not None})
    for h in hexes:
        d = world.field.distance(h, target)
        bands = [n for n in sorted(rule.near) if d <= n]
        if bands:
            out.append((h, tuple(rule.near[bands[0]])))
    return tuple(out)


def puff_resolve(world: World, seat: int, play: Play, block: BlockDef) -> list[Event]:
    """Call the strike: the AP draw on each hard target, then the hex's Damage Draw as
    an artillery strike (combat/strike.py), remembering the friendly hexes in reach."""
    plan = artillery_plan(world, seat, play, block)[0]
    world.puff_used = True
    events: list[Event] = [
        ArtilleryStrike(seat=seat, hexes=(plan.hex,), draws=(plan.draws,), puff=True)
    ]
    artillery_on_hard_targets(world, seat, plan.hex, plan.hef, events)
    if plan.units and plan.draws > 0:
        world.strike = Strike(
            seat, [(plan.hex, plan.draws)], (HitColour.GREEN,),
            friendly=friendly_bands(world, seat, plan.hex),
        )  # fmt: skip
    return events


def puff_candidates(world: World, seat: int, turn: int) -> list[Play]:
    """One AC-47 strike on each hex holding enemy units that may be struck, with the
    first card in hand that may call it."""
    if world.puff is None or world.puff.seat != seat:
        return []
    card = next(
        (c for c in world.hands[seat] if puff_block_refusal(world, seat, c, turn) is None), None
    )
    if card is None:
        return []
    block = puff_block(world.puff)
    held = sorted({u.hex for u in world.live() if u.seat != seat and u.hex is not None})
    out = []
    for h in held:
        play = Play(card, PUFF, path=(h,))
        if puff_legal(world, seat, play, block) is None:
            out.append(play)
    return out
