"""The 5.56mm game state: the rules contract over a :class:`Board`."""

from __future__ import annotations

from typing import Any

from game.core.api import Event, Sealed
from game.core.board_rules import BoardState
from game.core.rng import Rng, derive_seed
from game.rules.five_five_six.board import (
    Board,
    make_setting,
    new_profile_cards,
    place_characters,
    place_vehicles,
)
from game.rules.five_five_six.contract import RULES
from game.rules.five_five_six.model import Status
from game.rules.five_five_six.scenarios.scenarios import Scenario
from game.rules.five_five_six.squads.second_chances import roll_luck
from game.rules.five_five_six.turn.deck import TurnDeck
from game.rules.five_five_six.turn.flow import begin_turn, set_up
from game.rules.five_five_six.view import FiveFiveSixView, blind, make_view


class FiveFiveSixState(BoardState[Board]):
    """A game in progress; ``board`` holds everything play changes; ``opening`` the
    events of setting up (the first turn's shuffle and draws)."""

    rules = RULES

    def __init__(self, board: Board, opening: list[Event] | None = None) -> None:
        self.board = board
        self.opening = opening or []

    @classmethod
    def new(cls, seed: int, scenario: Scenario, version: int = 3) -> FiveFiveSixState:
        """A new game; ``version`` is the rules version it plays by (1: as saved before
        rules version 2, see ``board.Setting``; 3 brought the vehicles)."""
        setting = make_setting(scenario, version)
        characters = place_characters(scenario)
        vehicles = place_vehicles(scenario, characters)
        board = Board(
            rng=Rng(seed),
            setting=setting,
            characters=characters,
            deck=TurnDeck.build(new_profile_cards(characters), scenario.jokers),
            light=setting.table.light,
            vehicles=vehicles,
        )
        return cls(board, set_up(board) + roll_luck(board) + begin_turn(board))

    def opening_events(self) -> list[Event]:
        """The events of setting up, logged first: each squad placed, the night (6.2),
        Lucky Bastard rolls, the first turn's shuffle and the cards drawn until the first
        go (a Joker's flare among them)."""
        return list(self.opening)

    # -- the contract (the rest: game.core.board_rules) -----------------------------------
    def current_player(self) -> int | None:
        return self.board.seat

    def scores(self) -> tuple[float, float]:
        """5.1: the more characters who survive, the better: each side's characters
        not dead."""
        alive = [0.0, 0.0]
        for c in self.board.characters.values():
            if c.status is not Status.DEAD:
                alive[c.side] += 1
        return (alive[0], alive[1])

    def view(self, seat: int | None) -> FiveFiveSixView:
        acting = seat is not None and seat == self.current_player()
        return make_view(
            self.board,
            seat,
            acting,
            Sealed(self.clone(), seat) if seat is not None else None,
            self.outcome(),
        )

    def clone(self) -> FiveFiveSixState:
        return FiveFiveSixState(self.board.copy())

    def determinize(self, seat: int, rng: Rng) -> FiveFiveSixState:
        """What ``seat`` cannot know is dealt again from ``rng``: the order of the turn
        deck (sorted first, then shuffled), and the other side's Hide and Stealth
        (assumed off); the generator is reseeded so no future roll is known."""
        board = blind(self.board, seat)
        board.rng = Rng(derive_seed(rng.next_u64(), 0))
        board.deck.redeal(rng)
        return FiveFiveSixState(board)

    def snapshot(self) -> dict[str, Any]:
        b = self.board
        extra: dict[str, Any] = {}
        if b.clouds:  # rules version 2 only: version 1 digests stay as they were
            extra["clouds"] = [cloud.snapshot() for cloud in b.clouds]
        if b.vehicles:  # rules version 3, scenarios with vehicles only
            extra["vehicles"] = [v.snapshot() for v in b.vehicles.values()]
        return extra | {
            "rng": b.rng,
            "turn": b.turn,
            "light": b.light,
            "go": None if b.go is None else b.go.snapshot(),
            "asking": list(b.asking),
            "live": None if b.live is None else b.live.snapshot(),
            "radio_used": b.radio_used,
            "deck": b.deck.snapshot(),
            "winners": b.winners,
            "characters": [c.snapshot() for c in b.characters.values()],
        }
