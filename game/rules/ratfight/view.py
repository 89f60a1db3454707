"""What one seat of RatFight may know: everything on the table and every card turned
over, but not the order of the decks."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, ClassVar

from game.core.api import Action, Outcome, Sealed
from game.core.board_rules import BoardRules, BoardSeatView
from game.rules.ratfight.board import Board, Pending, Setting
from game.rules.ratfight.candidates import candidate_actions
from game.rules.ratfight.contract import RULES
from game.rules.ratfight.model import Figure
from game.rules.ratfight.progress import progress_lines


@dataclass(frozen=True, kw_only=True)
class RatFightView(BoardSeatView):
    """The game as ``seat`` sees it (``None``: spectator). ``figures`` are copies."""

    seat: int | None
    current_player: int | None
    outcome: Outcome | None
    acting: bool = field(compare=False)
    """Whether ``seat`` is to act (only then are there candidate actions; not compared,
    as the candidates were not: two seats' views of one moment are equal)."""
    setting: Setting
    figures: dict[str, Figure]
    turn: int
    card: str | None
    used: tuple[str, ...]
    inspired: tuple[bool, bool]
    pending: Pending | None
    broken: tuple[str, ...]
    action_cards_left: int
    resolution_left: tuple[int, int]
    resolution_discards: tuple[tuple[str, ...], tuple[str, ...]]
    sealed: Sealed[Any] | None = field(default=None, repr=False, compare=False)
    board: Board = field(repr=False, compare=False)

    rules: ClassVar[BoardRules[Board]] = RULES

    @cached_property
    def candidate_actions(self) -> tuple[Action, ...]:
        """The seat's candidate actions (listed when first asked for: random play and
        many bots never need them)."""
        return tuple(candidate_actions(self.board)) if self.acting else ()

    def figure(self, figure_id: str) -> Figure | None:
        return self.figures.get(figure_id)

    def side_name(self, seat: int) -> str:
        return self.setting.scenario.sides[seat].name

    def progress(self) -> tuple[str, ...]:
        """Short lines for the side panel: the turn of how many, each objective and who
        stands at it, each force's casualties against its morale."""
        return progress_lines(self.board)


def make_view(
    board: Board,
    seat: int | None,
    acting: bool,
    sealed: Sealed[Any] | None,
    outcome: Outcome | None,
) -> RatFightView:
    copy = board.copy()
    return RatFightView(
        seat=seat,
        current_player=board.seat if board.winners is None else None,
        outcome=outcome,
        acting=acting,
        setting=board.setting,
        figures=copy.figures,
        turn=board.turn,
        card=board.card,
        used=tuple(board.used),
        inspired=(board.inspired[0], board.inspired[1]),
        pending=copy.pending,
        broken=tuple(board.broken),
        action_cards_left=len(board.action_deck),
        resolution_left=(len(board.resolution[0]), len(board.resolution[1])),
        resolution_discards=(
            tuple(str(c) for c in board.resolution[0].deck.discard_pile),
            tuple(str(c) for c in board.resolution[1].deck.discard_pile),
        ),
        sealed=sealed,
        board=_blind(copy),
    )


def _blind(board: Board) -> Board:
    """A copy whose deck orders are unknown (sorted): legality never reads them."""
    board.action_deck.draw_pile = sorted(board.action_deck.draw_pile)
    for deck in board.resolution:
        deck.deck.draw_pile = sorted(deck.deck.draw_pile)
    return board
