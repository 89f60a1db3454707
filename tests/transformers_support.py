"""Hand-made Transformers Skirmish positions shared by the rules and hint tests."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from game.rules.transformers_skirmish.board import parse_square
from game.rules.transformers_skirmish.events import Phase
from game.rules.transformers_skirmish.state import SkirmishState


def position(
    placements: Mapping[str, str],
    *,
    air: Iterable[str] = (),
    minicons: Iterable[str] = (),
    hands: tuple[list[str], list[str]] = ([], []),
    phase: Phase = Phase.MOVE,
    active: int = 0,
    damage: Mapping[str, int] | None = None,
) -> SkirmishState:
    """A hand-made position: only the named units are on the board (others destroyed);
    the hands' cards are taken out of the deck so all 74 cards stay accounted for."""
    state = SkirmishState.new(1, {"setup": "manual"})
    air, minicons = set(air), set(minicons)
    for u in state.units.values():
        if u.id in placements:
            u.square = parse_square(placements[u.id])
            u.kind = "air" if u.id in air else "ground"
            u.minicon = u.id in minicons
            u.damage = (damage or {}).get(u.id, 0)
        else:
            u.destroyed, u.square, u.kind = True, None, "ground"
    for seat, hand in enumerate(hands):
        for card in hand:
            state.deck.draw_pile.remove(card)
        state.hands[seat] = sorted(hand, key=state.catalog.card_order().__getitem__)
    state.phase, state.active, state.turn = phase, active, 1
    return state
