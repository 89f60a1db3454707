"""'65 Kickstarter's Sudden Downpour (18r): played the moment it is drawn into a hand;
the next card decides whether the rain begins (Interpretation 31). While it rains, line
of sight reaches ``DOWNPOUR_SIGHT`` hexes (``Field.visibility``) and the range bonus
counts only against an adjacent hex (combat.plan_fire), until the turn ends (turn.py).
"""

from __future__ import annotations

from game.core.api import Event
from game.rules.sixty_five.events import WeatherDrawn
from game.rules.sixty_five.world import World

DOWNPOUR_SIGHT = 3  # 18r: hexes one sees in the rain


def is_downpour(world: World, card_id: str) -> bool:
    """Whether a card just drawn into a hand is a Sudden Downpour to play at once."""
    return world.kickstarter and "sudden_downpour" in world.card(card_id).blocks


def downpour_drawn(world: World, card_id: str, events: list[Event]) -> None:
    """18r, Interpretation 31: a Sudden Downpour drawn into a hand is played at once
    (it is no card play of the impulse) and discarded without a replacement; the next
    card is turned to see whether it rains: any Hit word starts the downpour. That card
    is discarded (an End Turn card is set aside and counted as ever)."""
    world.discard.append(card_id)
    check = world.draw(events)
    if check is None:
        return
    if not check.end_turn:
        world.discard.append(check.id)
    rains = check.hit is not None
    events.append(WeatherDrawn(card=card_id, check=check.id, rains=rains))
    if rains:
        world.downpour = True
        world.field.visibility = DOWNPOUR_SIGHT
