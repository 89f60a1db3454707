"""The whole Tunnel Rats game state: the model of :mod:`state` plus what an action does
(:mod:`resolve`), the umpire's duties after it (:mod:`umpire`) and the views
(:mod:`view`). Kept apart so that the package's imports go one way."""

from __future__ import annotations

from game.core.api import Action, Event, Explanation, Note
from game.core.errors import IllegalAction
from game.core.rng import Rng
from game.rules.tunnel_rats import resolve, umpire
from game.rules.tunnel_rats.data import Scenario
from game.rules.tunnel_rats.events import ONLY_DEFENDERS, ONLY_RATS, RATS
from game.rules.tunnel_rats.explain import explain
from game.rules.tunnel_rats.state import TRModel
from game.rules.tunnel_rats.view import TRView, make_view
from game.rules.tunnel_rats.world import World


class TRState(TRModel):
    """A game in progress, on the rules contract."""

    def apply(self, action: Action) -> list[Event]:
        reason = self.why_not(action)
        if reason is not None:
            raise IllegalAction(reason)
        seen = self.visible_enemy_ids()
        explored = sum(len(cells) for cells in self.explored)
        spotted = {r.id for r in self.rats.values() if r.spotted}
        unseen_actor = self._acts_unseen(action, seen)
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
        if unseen_actor:
            # Interpretation 28: the other side cannot check a take-back of what it never
            # saw (its own picture of the board puts that figure elsewhere).
            audience = ONLY_RATS if self.figure_side(unseen_actor) == RATS else ONLY_DEFENDERS
            events.append(
                Note(
                    message=f"{self.name_of(unseen_actor)} acted unseen.",
                    visible_to=audience,
                    reveals=True,
                )
            )
        return events

    def _acts_unseen(self, action: Action, seen: frozenset[str]) -> str | None:
        """The acting figure's id if the other side cannot check the action: he, or a
        comrade on his level whose cell could block his way, is hidden from it."""
        fid = getattr(action, "figure", None)
        if fid in self.rats:
            level = self.rats[fid].level
            hidden = [r for r in self.living_rats() if r.level == level and not r.spotted]
            return fid if hidden else None
        if fid in self.enemies:
            level = self.enemies[fid].level
            hidden_e = [e for e in self.living_enemies() if e.level == level and e.id not in seen]
            return fid if hidden_e else None
        return None

    def opening_events(self) -> list[Event]:
        """The events of setting up, for the log's first lines: the rats and their guns,
        the defenders' places (their side only), what the first flashlights show and the
        first round's dice."""
        return list(self.opening)

    def explain(self, action: Action) -> Explanation:
        """The rules calculator: numbers and exact odds of a legal ``action``."""
        return explain(self, action)

    def view(self, seat: int | None) -> TRView:
        return make_view(self, seat)

    def determinize(self, seat: int, rng: Rng) -> TRState:
        return umpire.determinize(self, seat, rng)


def new_state(world: World, scenario: Scenario, seed: int, edition: int = 3) -> TRState:
    """Deal character and gun cards, place both sides, and start round 1 (``edition``:
    the rules edition, an older one for games saved under it)."""
    return umpire.set_up(TRState, world, scenario, seed, edition)
