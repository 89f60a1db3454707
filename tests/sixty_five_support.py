"""Shared helpers for the '65 rules tests: a one-map board with chosen terrain."""

from __future__ import annotations

from collections.abc import Callable

from game.maps.board import Board, BoardMap
from game.maps.hexgrid import HexGrid
from game.rules.sixty_five.data import CardFace, load_data
from game.rules.sixty_five.field import Field
from game.rules.sixty_five.model import Counter

DATA = load_data()


def field(terrain: dict[str, str] | None = None, width: int = 11, height: int = 6) -> Field:
    """Map 1 of ``width`` x ``height`` flat-topped hexes, clear unless named:
    ``{"1F3": "kunai"}``."""
    board = Board(HexGrid("x", "odd"), [BoardMap("1", width, height)])
    return Field(board, terrain or {}, DATA.terrain)


def unit(uid: str, type_id: str, seat: int, hex_id: str | None, **state: object) -> Counter:
    counter = Counter(uid, DATA.units[type_id], seat, hex_id)
    for key, value in state.items():
        setattr(counter, key, value)
    return counter


def card_with(**wanted: object) -> CardFace:
    """The first card of the shipped deck whose fields equal ``wanted``."""
    for card in DATA.cards:
        if all(getattr(card, k) == v for k, v in wanted.items()):
            return card
    raise AssertionError(f"no card with {wanted}")


def drawing(cards: list[CardFace]) -> Callable[[], CardFace | None]:
    """A draw function over a fixed list (top first); None when empty."""
    pile = list(cards)
    return lambda: pile.pop(0) if pile else None
