"""Building 5.56mm positions for rule tests: a scenario's game, characters placed, a
go given to a character, lines of sight pinned, and dice loaded."""

from __future__ import annotations

from functools import cache

from game.core.rng import Rng
from game.maps.tabletop import to_point
from game.maps.tabletop_geometry import Sight
from game.rules.five_five_six.board import Board, Go
from game.rules.five_five_six.model import Status
from game.rules.five_five_six.ruleset import FiveFiveSix
from game.rules.five_five_six.state import FiveFiveSixState


def new_game(scenario: str = "crash_site", seed: int = 1) -> FiveFiveSixState:
    state = FiveFiveSix().new_game(seed, {"scenario": scenario})
    assert isinstance(state, FiveFiveSixState)
    return state


def only(board: Board, *keep: str) -> None:
    """Take every character but ``keep`` off the table (reserves play no part)."""
    for character in board.characters.values():
        if character.id not in keep:
            character.status = Status.RESERVE


def place(board: Board, character_id: str, x_in: float, y_in: float, facing: int = 270) -> None:
    character = board.characters[character_id]
    character.pos = to_point(x_in, y_in)
    character.facing = facing
    if character.status is Status.RESERVE:
        character.status = Status.ACTIVE


def give_go(board: Board, character_id: str, *, single: bool = False) -> Go:
    """``character_id``'s card has just been drawn."""
    board.asking = []
    board.go = Go(character_id, "AS", 1 if single else 2, not single)
    return board.go


def see(board: Board, viewer: str, target: str, share: float) -> None:
    """Pin what ``viewer`` sees of ``target`` (the share of him in sight)."""
    a, b = board.characters[viewer], board.characters[target]
    board.setting.sight_memo[(a.pos, b.pos)] = Sight(
        clear=share > 0,
        visible_share=share,
        in_terrain=share < 1,
        cover="none",
        blockers=(),
        viewer_in=(),
        target_in=(),
        lines_blocked=0,
        lines=5,
    )


@cache
def _seed_for(faces: tuple[int, ...]) -> int:
    for seed in range(2_000_000):
        rng = Rng(seed)
        if all(rng.roll(6) == f for f in faces):
            return seed
    raise AssertionError(f"no seed rolls {faces}")


def load_dice(board: Board, *faces: int) -> None:
    """The next D6 rolls of the game are ``faces`` (a generator found to roll them)."""
    board.rng = Rng(_seed_for(tuple(faces)))


def stack(board: Board, *cards: str) -> None:
    """Put ``cards`` on top of the turn deck's draw pile, first drawn first."""
    pile = [c for c in board.deck.deck.draw_pile if c not in cards]
    board.deck.deck.draw_pile = pile + list(reversed(cards))
