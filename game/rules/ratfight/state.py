"""The RatFight game state: the rules contract over a :class:`Board`."""

from __future__ import annotations

from typing import Any

from game.core.api import Event, Sealed
from game.core.board_rules import BoardState
from game.core.deck import Deck
from game.core.playing_cards import PlayingDeck
from game.core.rng import Rng, derive_seed
from game.rules.ratfight.board import Board, make_setting, place_figures
from game.rules.ratfight.contract import RULES
from game.rules.ratfight.data import Scenario
from game.rules.ratfight.flow import begin_turn, casualties
from game.rules.ratfight.progress import opening_setup
from game.rules.ratfight.view import RatFightView, make_view


class RatFightState(BoardState[Board]):
    """A game in progress; ``board`` holds everything play changes."""

    rules = RULES

    def __init__(self, board: Board, opening: list[Event] | None = None) -> None:
        self.board = board
        self.opening = opening or []

    @classmethod
    def new(cls, seed: int, scenario: Scenario, edition: int = 3) -> RatFightState:
        rng = Rng(seed)
        setting = make_setting(scenario, edition)
        board = Board(
            rng=rng,
            setting=setting,
            figures=place_figures(scenario),
            action_deck=Deck(),
            resolution=(PlayingDeck.shuffled(rng), PlayingDeck.shuffled(rng)),
            edition=edition,
        )
        opening: list[Event] = list(opening_setup(scenario))
        return cls(board, opening + begin_turn(board))

    def opening_events(self) -> list[Event]:
        """The set-up: each force placed, then the first turn's shuffle, the initiative
        draw(s) and the first card turned over (kept out of ``snapshot``)."""
        return list(self.opening)

    # -- the contract (the rest: game.core.board_rules) -----------------------------------
    def current_player(self) -> int | None:
        return None if self.board.winners is not None else self.board.seat

    def scores(self) -> tuple[float, ...]:
        inflicted = [0, 0]
        for seat in (0, 1):
            for force in self.board.forces(seat):
                inflicted[1 - seat] += casualties(self.board, force)
        return (float(inflicted[0]), float(inflicted[1]))

    def view(self, seat: int | None) -> RatFightView:
        acting = seat is not None and seat == self.current_player()
        return make_view(
            self.board,
            seat,
            acting,
            Sealed(self.clone(), seat) if seat is not None else None,
            self.outcome(),
        )

    def clone(self) -> RatFightState:
        return RatFightState(self.board.copy())

    def determinize(self, seat: int, rng: Rng) -> RatFightState:
        """The order of every deck is what nobody knows: deal them again (sorted first,
        so the result does not depend on the true order) with a fresh generator."""
        copy = self.clone()
        b = copy.board
        b.rng = Rng(derive_seed(rng.next_u64(), 0))
        b.action_deck.draw_pile = rng.shuffled(sorted(b.action_deck.draw_pile))
        for deck in b.resolution:
            deck.redeal(rng)
        return copy

    def snapshot(self) -> dict[str, Any]:
        b = self.board
        return {
            "rng": b.rng,
            "turn": b.turn,
            "seat": b.seat,
            "card": b.card,
            "used": b.used,
            "inspired": b.inspired,
            "pending": None
            if b.pending is None
            else [
                b.pending.shooter,
                b.pending.weapon,
                b.pending.mode,
                b.pending.shots,
                b.pending.around,
            ],
            "broken": b.broken,
            "winners": b.winners,
            "action_deck": [b.action_deck.draw_pile, b.action_deck.discard_pile],
            "resolution": [
                [[str(c) for c in d.deck.draw_pile], [str(c) for c in d.deck.discard_pile]]
                for d in b.resolution
            ],
            "figures": [
                [f.id, f.status, list(f.pos), f.facing, f.damage, f.aboard]
                for f in b.figures.values()
            ],
        }
