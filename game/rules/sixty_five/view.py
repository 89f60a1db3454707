"""What one seat of '65 may know: the map and every unit (nothing is hidden on the board
in the rules we have), its own hand, the size of the other hand and of the draw pile,
the discards, the End Turn count; never the other hand or the deck's order."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.api import SeatView
from game.rules.sixty_five.model import Counter


@dataclass(frozen=True, kw_only=True)
class SixtyFiveView(SeatView):
    phase: str
    turn: int
    turns: int
    scenario: str | None
    units: tuple[Counter, ...]
    hand: tuple[str, ...]
    hand_sizes: tuple[int, int]
    draw_pile_size: int
    discard: tuple[str, ...]
    set_aside: tuple[str, ...]
    end_turns: int
    end_turn_limit: int
    initiative: int
    phasing: int
    my_bids: tuple[str, ...]
    window: tuple[int, str, str] | None  # (seat, window, unit or hex) of an open decision
    control: tuple[tuple[str, int], ...]
