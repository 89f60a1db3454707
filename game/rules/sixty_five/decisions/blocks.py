"""The block a '65 play uses: an action block of the card (3a, 3b), the Power block,
a bunker's Second Wind (23b), Puff in scenario 6, the relics' search in scenario 8, or any
card for a helicopter (17a)."""

from __future__ import annotations

from game.rules.sixty_five.actions import (
    Play,
)
from game.rules.sixty_five.cards.effect_registry import POWER_BLOCK
from game.rules.sixty_five.combat.artillery import fire_strike_block
from game.rules.sixty_five.data import BlockDef, BlockKind
from game.rules.sixty_five.helicopters.play import (
    helicopter_block,
)
from game.rules.sixty_five.scenarios.puff import (
    PUFF,
    puff_block,
    puff_block_refusal,
)
from game.rules.sixty_five.scenarios.relics import SEARCH_BLOCK, search_block_refusal
from game.rules.sixty_five.terrain.fortified import BUNKER_BLOCK, bunker_block_refusal
from game.rules.sixty_five.turn import TurnFlow


def block_of(flow: TurnFlow, seat: int, play: Play) -> BlockDef | str:
    """The block ``play`` uses (3a, 3b; the Power block, a bunker's Second Wind 23b, Puff
    in scenario 6, the relics' search in scenario 8, any card for a helicopter 17a), or
    the rule that refuses it."""
    w = flow.world
    if play.card not in w.hands[seat]:
        return f"{play.card} is not in this player's hand: '65 6b"
    card = w.card(play.card)
    if play.block == "power":
        return POWER_BLOCK if card.power else f"{play.card} is not a Power card: '65 3b"
    if play.block == BUNKER_BLOCK.id:  # 23b: any Action card, for a Second Wind
        return bunker_block_refusal(w, play.card) or BUNKER_BLOCK
    if play.block == PUFF and w.puff is not None:  # scenario 6: a Fire card
        return puff_block_refusal(w, seat, play.card, flow.turn) or puff_block(w.puff)
    if play.block == SEARCH_BLOCK.id:  # scenario 8: a Power card searches for the relics
        return search_block_refusal(w, play.card) or SEARCH_BLOCK
    if play.block not in card.blocks:
        heli = helicopter_block(w, play)  # 17a: any card activates a helicopter
        return heli or f"{play.card} has no {play.block} block: '65 3a"
    block = w.data.blocks[play.block]
    strike = flow.scenario.fire_artillery if flow.scenario else None
    hef = strike.hef_for(seat) if strike else None
    if hef is not None and block.id == "fire" and play.path and not play.target:
        block = fire_strike_block(hef)  # 24 scenarios 2 and 5: two Fire blocks
    if block.kind is not BlockKind.ACTION:
        return f"{block.name} is a {block.kind.value} block, not an action: '65 3a"
    if play.supports and play.card in play.supports:
        return "a card is played for one block only: '65 18"
    return block
