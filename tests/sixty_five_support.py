"""Shared helpers for the '65 rules tests: a one-map board with chosen terrain."""

from __future__ import annotations

from collections.abc import Callable

from game.maps.board import Board, BoardMap
from game.maps.hexgrid import HexGrid
from game.rules.sixty_five.data import CardFace, load_data
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.terrain.field import Field

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


def new_state(
    units: list[Counter], seed: int = 1, *, limit: int = 3, turns: int = 2, **terrain: str
):  # type: ignore[no-untyped-def]
    """A game on a one-map field with ``units`` placed, turn 1 dealt (state, events)."""
    from game.core.rng import Rng
    from game.rules.sixty_five.state import SixtyFiveState
    from game.rules.sixty_five.world import World

    world = World(
        data=DATA,
        field=field({"1" + k.upper(): v for k, v in terrain.items()}),
        rng=Rng(seed),
        units={u.id: u for u in units},
        end_turn_limit=limit,
        draw_pile=[c.id for c in DATA.cards],
    )
    return SixtyFiveState.begin(world, turns)


def all_cards(state) -> list[str]:  # type: ignore[no-untyped-def]
    """Every card id wherever it is: piles, hands, initiative cards on the table."""
    w = state.world
    laid = [c for bid in state.bids for c in bid]
    return sorted([*w.draw_pile, *w.discard, *w.set_aside, *w.hands[0], *w.hands[1], *laid])


def play_random_to_end(scenario: str, seed: int, cap: int = 8000):  # type: ignore[no-untyped-def]
    """A random game of ``scenario`` (seed ``seed``) played to its end or ``cap`` actions,
    each drawn action checked legal by ``why_not`` first; the final state."""
    from game.core.rng import Rng
    from game.rules.sixty_five.scenarios.new_game import new_scenario_game

    state = new_scenario_game(scenario, seed)
    rng = Rng(seed)
    for _ in range(cap):
        if state.current_player() is None:
            break
        action = state.random_action(rng)
        assert state.why_not(action) is None
        state.apply(action)
    return state
