"""The whole Tunnel Rats game state: the model of :mod:`state` plus what an action does
(:mod:`resolve`), the umpire's duties after it (:mod:`umpire`) and the views
(:mod:`view`). Kept apart so that the package's imports go one way."""

from __future__ import annotations

from game.core.api import Action, Event, Note
from game.core.errors import IllegalAction
from game.core.rng import Rng
from game.rules.tunnel_rats import resolve, umpire
from game.rules.tunnel_rats.data import Scenario
from game.rules.tunnel_rats.events import ONLY_DEFENDERS, ONLY_RATS
from game.rules.tunnel_rats.state import TRModel
from game.rules.tunnel_rats.view import TRView, make_view
from game.rules.tunnel_rats.world import World


class TRState(TRModel):
    """A game in progress, on the rules contract."""

    def apply(self, action: Action) -> list[Event]:
        if self.winner is not None:
            raise IllegalAction("the game is over: Tunnel Rats, Victory")
        self.check_legal(action)
        self.touch()
        seen = self.visible_enemy_ids()
        explored = sum(len(cells) for cells in self.explored)
        spotted = {r.id for r in self.rats.values() if r.spotted}
        events = resolve.resolve(self, action)
        events.extend(umpire.after_action(self, action))
        # New ground or a new enemy in the flashlight, or a rat newly spotted, is
        # information the other side did not have: such an action cannot be taken back.
        if self.visible_enemy_ids() - seen or sum(len(c) for c in self.explored) > explored:
            events.append(
                Note(message="New ground comes into view.", visible_to=ONLY_RATS, reveals=True)
            )
        if {r.id for r in self.rats.values() if r.spotted} - spotted:
            events.append(
                Note(message="A rat has been spotted.", visible_to=ONLY_DEFENDERS, reveals=True)
            )
        return events

    def view(self, seat: int | None) -> TRView:
        return make_view(self, seat)

    def determinize(self, seat: int, rng: Rng) -> TRState:
        return umpire.determinize(self, seat, rng)


def new_state(world: World, scenario: Scenario, seed: int) -> TRState:
    """Deal character and gun cards, place both sides, and start round 1."""
    return umpire.set_up(TRState, world, scenario, seed)
