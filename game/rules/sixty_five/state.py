"""The '65 rules contract (docs/architecture.md) over the sequence of play (turn.py):
whose move it is, why an action is refused, the candidate actions, applying an action
(and carrying attacks, movement and second shots as far as they go without a
decision), the outcome, views, copies, honest determinization and the snapshot.

Reaction windows, Opportunity Fire and withdrawals are pending decisions on the
world's stack; the seat on top of it is the one to act.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.core.api import Action, Event, Explanation, Outcome, Sealed
from game.core.rng import Rng
from game.rules.sixty_five import dispatch
from game.rules.sixty_five.actions import (
    Play,
)
from game.rules.sixty_five.assault.cards import open_defence_window
from game.rules.sixty_five.cards.effects import (
    fire_after_move,
    fire_second_shot,
)
from game.rules.sixty_five.combat import attack as attacks
from game.rules.sixty_five.combat.calculator import (
    explain_artillery,
    explain_fire,
    explain_fire_after_move,
    explain_satchel,
    explain_tactics,
)
from game.rules.sixty_five.combat.strike import continue_strike
from game.rules.sixty_five.data import BlockDef
from game.rules.sixty_five.helicopters.play import aftermath, depart
from game.rules.sixty_five.legality import Legality
from game.rules.sixty_five.movement.opportunity import advance_movement
from game.rules.sixty_five.names import Namer, named, side_words
from game.rules.sixty_five.sampling import sample_action
from game.rules.sixty_five.scenarios.bonus import draw_bonus_cards
from game.rules.sixty_five.scenarios.opening import opening_events
from game.rules.sixty_five.scenarios.relics import relics_aftermath
from game.rules.sixty_five.scenarios.scenario import SEATS, Scenario
from game.rules.sixty_five.scenarios.setup import (
    initial_control,
    scenario_units,
    update_control,
)
from game.rules.sixty_five.scenarios.victory import goal_text, margin, scores, winner
from game.rules.sixty_five.terrain.bunker_fire import bunker_hex
from game.rules.sixty_five.turn import Phase
from game.rules.sixty_five.vehicles.ap_explain import explain_ap, explain_satchel_at_bunker
from game.rules.sixty_five.vehicles.ap_fire import continue_ap, uses_ap
from game.rules.sixty_five.view import SixtyFiveView, seat_view
from game.rules.sixty_five.world import World


class SixtyFiveState(Legality):
    """One '65 game: the rules contract over the sequence of play (turn.py)."""

    # -- set-up -----------------------------------------------------------------------------
    @classmethod
    def begin(cls, world: World, turns: int) -> tuple[SixtyFiveState, list[Event]]:
        """A game whose units stand where ``world`` has them; turn 1 is dealt."""
        state = cls(world=world, turns=turns)
        events: list[Event] = []
        state._start_turn(events)
        return state, state.named(events)

    @classmethod
    def for_scenario(cls, world: World, scenario: Scenario) -> SixtyFiveState:
        """A scenario game (24): its units off the map, to be set up side by side; from
        rules version 3 each player first draws a Bonus Victory Condition card (24b)
        from the game's own generator."""
        world.units = scenario_units(world, scenario)
        state = cls(world=world, turns=scenario.turns, phase=Phase.SETUP, scenario=scenario)
        state.control = initial_control(world, scenario)
        if world.edition >= 3 and scenario.bonus_cards:
            edges = tuple(SEATS[1 - s] in scenario.friendly_edges for s in (0, 1))
            state.bonus = draw_bonus_cards(
                world.rng, list(world.units.values()), (edges[0], edges[1])
            )
        opening = opening_events(scenario, state.bonus, goal_text(scenario))
        state.opening = tuple(state.named(opening))
        return state

    def opening_events(self) -> list[Event]:
        """The events of the set-up before any action: the scenario, the Bonus cards,
        the fortifications laid and the set-up order (scenarios/opening.py)."""
        return list(self.opening)

    def victory_points(self) -> tuple[int, int]:
        """Both sides' victory points now, the Americans first (24, 24b); (0, 0) without
        a scenario."""
        if self.scenario is None:
            return (0, 0)
        return scores(self.world, self.scenario, self.control, self.bonus)

    def margin(self) -> float:
        """How far the scenario's side to win is past (> 0) or short of its condition, in
        VP, from the Americans' side: > 0 when the Americans would win now."""
        if self.scenario is None:
            return 0.0
        m = margin(self.world, self.scenario, self.control, self.bonus)
        return m if self.scenario.victory.win.seat == 0 else -m

    def outcome(self) -> Outcome | None:
        """After the last turn: the scenario's victory points decide (24); a game without
        a scenario has no winner."""
        if self.phase is not Phase.OVER:
            return None
        if self.scenario is None:
            return Outcome(winners=(), reason="last turn played (no scenario)")
        us, them = self.victory_points()
        won = winner(self.world, self.scenario, self.control, self.bonus)
        names = side_words(self.scenario.names)
        needed = goal_text(self.scenario).replace(" win with ", " needed ", 1)
        needed = needed.replace(", or with ", ", or ")
        return Outcome(
            winners=(won,),
            reason=f"{names[0]} {us} VP, {names[1]} {them} VP; {needed[0].lower()}{needed[1:]}",
            scores=(float(us), float(them)),
        )

    def random_action(self, rng: Rng) -> Action:
        """A random legal action drawn the way a player decides, without listing every
        candidate (sampling.py; ``game.core.random_play``)."""
        return sample_action(self, rng)

    # -- applying ---------------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Carry out ``action`` (``why_not(action)`` must be None); the events name their
        units, cards and sides (names.py)."""
        return self.named(self._apply(action))

    def named(self, events: list[Event]) -> list[Event]:
        """``events``, each given this game's words for its ids (names.py)."""
        namer = self.__dict__.get("_namer")
        if namer is None or namer.units is not self.world.units:
            short = self.scenario.names if self.scenario is not None else ("US", "VC")
            namer = self.__dict__["_namer"] = Namer(self.world.data, self.world.units, short)
        return named(events, namer)

    def _apply(self, action: Action) -> list[Event]:
        seat = self.current_player()
        assert seat is not None
        w = self.world
        events: list[Event] = []
        if isinstance(action, dispatch.ENDS_FOLLOW_UPS) and seat == self.phasing:
            w.follow_up = None  # 18h: the second hex moves next or not at all
            w.split = None  # Interpretation 8: the card's other routes come next or never
            w.carrier_half = None  # 8a: the carrier's half move comes next or never
            w.set_down = None  # 17b: so do the walks of passengers set down
        if not dispatch.resolve(self, seat, action, events):
            return events  # a pass: the impulse or the turn moved on
        self._settle(events)
        aftermath(
            w, events
        )  # 17c, 8e, 8f, 9, 14 (helicopters/play.py, vehicles/transport_moves.py)
        if self.scenario is not None and self.scenario.departing is not None:
            depart(w, self.scenario.departing, events, turn_over=None)  # scenario 7
        if w.relics is not None:
            relics_aftermath(w, events)  # scenario 8: a carrier eliminated or gone off
        if self.scenario is not None and self.phase is not Phase.SETUP:
            update_control(w, self.control)
        busy = w.attack is not None or w.strike is not None or w.ap_attack is not None
        if self.phase is Phase.IMPULSE and w.turn_ending and not busy:
            if w.movement is None and not w.pending:
                self._to_reserve(events)
        return events

    def _settle(self, events: list[Event]) -> None:
        """Carry the attack and the movement under way as far as they go without a
        decision (10b4, 7, 11); Move & Fire shoots once its move is done (18j)."""
        w = self.world
        self._after_fights(events)  # 13: the impulse ends once its assaults are answered
        while True:
            attacks.continue_attack(w, events)
            continue_strike(w, events)  # 12, 22g, 21g (version 4): hits answered one by one
            continue_ap(w, events)  # 15: AP fire at a hard target (vehicles/ap_fire.py)
            if w.pending or w.attack is not None or w.strike is not None or w.ap_attack:
                return
            if w.second_shot is not None:
                fire_second_shot(w, events)
                continue
            if w.movement is None:
                return
            done = advance_movement(w, events)
            if done is not None:
                open_defence_window(w)  # 13, version 2: the defender answers the assault
            if done is not None and done.then_fire is not None:
                events.extend(
                    fire_after_move(w, done.seat, done.then_fire, done.ammo, done.supports)
                )

    def explain(self, action: Action) -> Explanation:
        """The rules calculator: a fire action's numbers and the chance of each result
        (combat/calculator.py); other actions have one sure result."""
        seat = self.current_player()
        if isinstance(action, Play) and seat is not None:
            block = self._block(seat, action)
            fires = ("fire", "reload_and_fire", "power", "move_and_fire")
            lead = self.world.units.get((action.units or ("",))[0])
            satchel = lead is not None and "satchel_charge" in lead.values.powers
            if isinstance(block, BlockDef) and block.effect in ("artillery", "puff"):
                return explain_artillery(self.world, seat, action, block)
            if (
                isinstance(block, BlockDef)
                and block.effect == "tactics"
                and len(action.units or ()) == 2
            ):
                return explain_tactics(self.world, seat, action, block)
            if isinstance(block, BlockDef) and block.effect in fires and action.target:
                charge = block.effect == "power" and satchel
                if charge and bunker_hex(action.target) is not None:
                    return explain_satchel_at_bunker(self.world, seat, action)  # 22g, 23b
                if charge:
                    return explain_satchel(self.world, seat, action)  # 22g: the hex's draw
                if not charge and uses_ap(self.world, action):
                    return explain_ap(self.world, seat, action)  # 15, 18j: from the path's end
                if action.path and block.effect == "move_and_fire":
                    return explain_fire_after_move(self.world, seat, action, block)  # 18j
                if (
                    not action.path
                    and not action.spread
                    and not (block.effect == "power" and satchel)
                ):
                    return explain_fire(self.world, seat, action, block)
        return Explanation(numbers={"phase": self.phase.value}, outcomes={"done": 1.0})

    # -- views ------------------------------------------------------------------------------
    def view(self, seat: int | None) -> SixtyFiveView:
        """What ``seat`` may know (``None``: a spectator, who sees no hand)."""
        return seat_view(
            self.world,
            seat,
            current_player=self.current_player(),
            outcome=self.outcome(),
            sealed=Sealed(self.clone(), seat) if seat is not None else None,
            phase=self.phase.value,
            turn=(self.turn, self.turns),
            scenario=self.scenario.id if self.scenario else None,
            order=(self.initiative, self.phasing),
            my_bids=tuple(self.bids[seat]) if seat is not None else (),
            control=tuple(sorted(self.control.items())),
            victory=self.victory_points(),
            goal=goal_text(self.scenario) if self.scenario else "",
            bonus=self.bonus,
            edges=self._edges(),
        )

    def _edges(self) -> tuple[tuple[str, str], ...]:
        """(side, edge) of each friendly edge, and "exit:side" for each exit edge."""
        if self.scenario is None:
            return ()
        out: list[tuple[str, str]] = list(sorted(self.scenario.friendly_edges.items()))
        for seat in (0, 1):
            out.extend((f"exit:{SEATS[seat]}", e) for e in self.exit_edges(seat))
        return tuple(out)

    # -- copies -----------------------------------------------------------------------------
    def clone(self) -> SixtyFiveState:
        return replace(self, world=self.world.copy(), control=dict(self.control))

    def determinize(self, seat: int, rng: Rng) -> SixtyFiveState:
        """Deal again what ``seat`` cannot know: the other hand, the draw pile and the
        other player's face-down initiative card are redealt from everything unseen,
        sorted first; the generator is reseeded."""
        copy = self.clone()
        other = 1 - seat
        hidden_bid = copy.bid_round[other]
        new_bid = copy.world.redeal_hidden(other, hidden_bid, rng)
        if hidden_bid is not None and new_bid is not None:
            rnd = list(copy.bid_round)
            rnd[other] = new_bid
            copy.bid_round = (rnd[0], rnd[1])
            bids = list(copy.bids)
            bids[other] = (*bids[other][:-1], new_bid)
            copy.bids = (bids[0], bids[1])
        return copy

    def snapshot(self) -> Any:
        return {
            "world": self.world.snapshot(),
            "turns": self.turns,
            "turn": self.turn,
            "phase": self.phase.value,
            "bids": [list(b) for b in self.bids],
            "bid_round": list(self.bid_round),
            "initiative": self.initiative,
            "phasing": self.phasing,
            "started": self.started,
            "acted": self.acted,
            "actions_left": self.actions_left,
            "discards": self.discards,
            "passes": self.passes,
            "reserve_seat": self.reserve_seat,
            "keep_seat": self.keep_seat,
            "smoke": dict(sorted(self.world.field.smoke.items())),
            "scenario": self.scenario.id if self.scenario else None,
            "setup_step": self.setup_step,
            "control": dict(sorted(self.control.items())),
            **({"idle": True} if self.idle else {}),
            **({"after_fights": self.after_fights} if self.after_fights else {}),
            **({"bonus": list(self.bonus)} if self.bonus else {}),
        }
