"""What one seat of 5.56mm may know: every character on the table, every card drawn,
but not the order of the turn deck, and not whether an enemy is Hiding or using Stealth
(those are shown only to their own side)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, ClassVar

from game.core.api import Action, Outcome, Sealed
from game.core.board_rules import BoardRules, BoardSeatView
from game.maps.tabletop import Light
from game.rules.five_five_six.board import Board, GasCloud, Go, LiveGrenade, Setting
from game.rules.five_five_six.candidates import candidate_actions
from game.rules.five_five_six.contract import RULES
from game.rules.five_five_six.model import Character
from game.rules.five_five_six.scenarios.progress import progress_lines


@dataclass(frozen=True, kw_only=True)
class FiveFiveSixView(BoardSeatView):
    """The game as ``seat`` sees it (``None``: spectator). ``characters`` are copies;
    enemies' Hide and Stealth flags are cleared (unknown to this seat). ``go``: whose go
    it is and what he has done; ``asking``: watchers on Covering Fire to decide (3.6);
    ``live``: a grenade waiting to be thrown back or go off (3.2); ``drawn``: the cards
    drawn this turn, in order; ``cards_left``: how many are still face down; ``clouds``:
    the CS gas clouds lingering on the table (7.84: centre, radius in inches)."""

    seat: int | None
    current_player: int | None
    outcome: Outcome | None
    acting: bool = field(compare=False)
    """Whether ``seat`` is to act (only then are there candidate actions; not compared,
    as the candidates were not: two seats' views of one moment are equal)."""
    setting: Setting
    characters: dict[str, Character]
    turn: int
    light: Light
    go: Go | None
    asking: tuple[str, ...]
    live: LiveGrenade | None
    drawn: tuple[str, ...]
    removed: tuple[str, ...]
    cards_left: int
    drawer: int
    clouds: tuple[GasCloud, ...] = ()
    sealed: Sealed[Any] | None = field(default=None, repr=False, compare=False)
    board: Board = field(repr=False, compare=False)

    rules: ClassVar[BoardRules[Board]] = RULES

    @cached_property
    def candidate_actions(self) -> tuple[Action, ...]:
        """The seat's candidate actions, listed when first asked for (random play and
        many bots never need them) from the state the view was made of."""
        if not self.acting or self.sealed is None:
            return ()
        return tuple(candidate_actions(self.sealed.state.board))

    def character(self, character_id: str) -> Character | None:
        return self.characters.get(character_id)

    def side_name(self, seat: int) -> str:
        return self.setting.scenario.sides[seat].name

    def progress(self) -> tuple[str, ...]:
        """Short lines for the side panel: the turn against the deadline, each side's
        men fighting and dead (and the next Morale Test for losses), the objectives."""
        return progress_lines(self.board)


def blind(board: Board, seat: int | None) -> Board:
    """A copy with what ``seat`` cannot know made uniform: the draw pile sorted, and
    the Hide and Stealth of the other side's characters cleared."""
    copy = board.copy()
    copy.deck.deck.draw_pile = sorted(copy.deck.deck.draw_pile)
    for character in copy.characters.values():
        if seat is None or character.side != seat:
            character.hidden = False
            character.stealth = False
    return copy


def make_view(
    board: Board,
    seat: int | None,
    acting: bool,
    sealed: Sealed[Any] | None,
    outcome: Outcome | None,
) -> FiveFiveSixView:
    seen = blind(board, seat)
    return FiveFiveSixView(
        seat=seat,
        current_player=board.seat,
        outcome=outcome,
        acting=acting,
        setting=board.setting,
        characters=seen.characters,
        turn=board.turn,
        light=board.light,
        go=seen.go,
        asking=tuple(seen.asking),
        live=seen.live,
        drawn=tuple(board.deck.deck.discard_pile),
        removed=tuple(board.deck.removed),
        cards_left=board.deck.left(),
        drawer=board.deck.drawer,
        clouds=tuple(board.clouds),
        sealed=sealed,
        board=seen,
    )
