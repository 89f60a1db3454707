"""Building RatFight positions for rule tests: a scenario's game with models placed,
cards stacked on top of the decks, and an action card in a player's hand."""

from __future__ import annotations

from game.core.playing_cards import PlayingCard
from game.maps.tabletop import to_point
from game.rules.ratfight import RatFight
from game.rules.ratfight.board import Board
from game.rules.ratfight.data import units
from game.rules.ratfight.model import Status
from game.rules.ratfight.state import RatFightState


def new_game(scenario: str = "farm_raid", seed: int = 1) -> RatFightState:
    state = RatFight().new_game(seed, {"scenario": scenario})
    assert isinstance(state, RatFightState)
    return state


def only(board: Board, *keep: str) -> None:
    """Take every model but ``keep`` off the table (they play no part in the test)."""
    for figure in board.figures.values():
        if figure.id not in keep:
            figure.status = Status.FLED
            figure.aboard = None


def place(
    board: Board, figure_id: str, x_in: float, y_in: float, facing: int | None = None
) -> None:
    figure = board.figures[figure_id]
    figure.pos = to_point(x_in, y_in)
    if figure.status in (Status.FLED, Status.ABOARD):
        figure.status = Status.UP
        figure.aboard = None
    if facing is not None:
        figure.facing = facing
    for rider in board.passengers(figure):
        rider.pos = figure.pos


def become(board: Board, figure_id: str, unit_id: str) -> None:
    """Give a model another profile (a lorry, a sniper...)."""
    board.figures[figure_id].retype(unit_id, units()[unit_id])


def stack(board: Board, seat: int, *cards: str) -> None:
    """Put ``cards`` on top of ``seat``'s resolution deck, first drawn first."""
    deck = board.resolution[seat].deck
    wanted = [PlayingCard.parse(c) for c in cards]
    rest = [c for c in deck.draw_pile + deck.discard_pile if c not in wanted]
    deck.discard_pile = []
    deck.draw_pile = rest + list(reversed(wanted))


def hand(board: Board, seat: int, card: str) -> None:
    """``seat`` has just turned over action card ``card``."""
    board.seat, board.card, board.used, board.pending = seat, card, [], None


def stack_actions(board: Board, *cards: str) -> None:
    """The next action cards turned over, first drawn first."""
    pile = list(board.action_deck.draw_pile)
    for card in cards:
        pile.remove(card)
    board.action_deck.draw_pile = pile + list(reversed(cards))
