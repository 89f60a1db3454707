"""The '65 rules contract, its questions: whose move it is, why an action is refused (the
rule that forbids it) and the candidate actions, over the sequence of play (turn.py). The
actions each decision takes and their rules are looked up in ``dispatch.py``.
``state.SixtyFiveState`` adds applying actions, views, copies and the snapshot."""

from __future__ import annotations

from game.core.api import Action
from game.rules.sixty_five import dispatch
from game.rules.sixty_five.actions import Play
from game.rules.sixty_five.data import BlockDef
from game.rules.sixty_five.scenarios.exits import exit_edges
from game.rules.sixty_five.turn import Phase, TurnFlow


class Legality(TurnFlow):
    """Whose move, why not, and the candidates of a '65 game."""

    # -- whose move -------------------------------------------------------------------------
    def current_player(self) -> int | None:
        if self.world.pending:
            return self.world.pending[-1].seat
        phase = self.phase
        if phase == Phase.IMPULSE:  # asked several times an action: the usual phase first
            return self.phasing
        match phase:
            case Phase.SETUP:
                assert self.scenario is not None
                return self.scenario.setup[self.setup_step].seat
            case Phase.INITIATIVE:
                return 0 if self.bid_round[0] is None else 1
            case Phase.INITIATIVE_DISCARD:
                return self.initiative
            case Phase.RESERVE:
                return self.reserve_seat
            case Phase.CLEAN_UP:
                return self.keep_seat
        return None

    def exit_edges(self, seat: int) -> tuple[str, ...]:
        """The map edges ``seat`` may leave by (24, 24b)."""
        return exit_edges(self.scenario, seat, self.bonus)

    # -- legality ---------------------------------------------------------------------------
    def why_not(self, action: Action) -> str | None:
        """The rule that forbids ``action`` now, or None (``dispatch.why_not``)."""
        seat = self.current_player()
        if seat is None:
            return "the game is over"
        return dispatch.why_not(self, seat, action)

    def _block(self, seat: int, play: Play) -> BlockDef | str:
        """The block ``play`` uses, or the rule that refuses it (``dispatch.block_of``)."""
        return dispatch.block_of(self, seat, play)

    # -- candidates -------------------------------------------------------------------------
    def candidate_actions(self) -> list[Action]:
        """Every action a bot may choose now: all card choices, every single-unit fire and
        move (cheapest path to each reachable hex), rallies, discards, Reserve moves."""
        seat = self.current_player()
        if seat is None:
            return []
        return dispatch.candidates(self, seat)
