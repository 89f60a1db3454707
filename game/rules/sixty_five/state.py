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
from game.rules.sixty_five import attack as attacks
from game.rules.sixty_five.actions import (
    ChooseInitiative,
    Decline,
    Discard,
    Done,
    Draw,
    EndImpulse,
    Enter,
    Exit,
    Follow,
    Keep,
    Pass,
    Place,
    Play,
    React,
    Redraw,
    ReserveMove,
    Withdraw,
)
from game.rules.sixty_five.artillery import artillery_candidates, fire_strike_block
from game.rules.sixty_five.assault_cards import defence_refusal, defend, open_defence_window
from game.rules.sixty_five.assault_fight import answer, answer_refusal
from game.rules.sixty_five.assault_steps import assault_redraw
from game.rules.sixty_five.bonus import draw_bonus_cards
from game.rules.sixty_five.calculator import explain_artillery, explain_fire
from game.rules.sixty_five.candidates import (
    follow_candidates,
    play_candidates,
    reserve_candidates,
    split_candidates,
)
from game.rules.sixty_five.data import BlockDef, BlockKind, Marker
from game.rules.sixty_five.effects import (
    fire_after_move,
    fire_second_shot,
    follow_refusal,
    follow_resolve,
)
from game.rules.sixty_five.events import (
    CardDiscarded,
    CardPlayed,
    Passed,
    UnitMoved,
)
from game.rules.sixty_five.exits import exit_candidates, exit_edges, exit_refusal, exit_units
from game.rules.sixty_five.movement import reserve_refusal
from game.rules.sixty_five.moving import advance_movement
from game.rules.sixty_five.powers import leadership_action_done, leadership_refusal
from game.rules.sixty_five.registry import EFFECTS, POWER_BLOCK
from game.rules.sixty_five.reinforcements import enter_candidates, enter_refusal, enter_units
from game.rules.sixty_five.sampling import sample_action
from game.rules.sixty_five.scenario import SEATS, Scenario
from game.rules.sixty_five.setup import (
    initial_control,
    place_candidates,
    place_refusal,
    scenario_units,
    update_control,
)
from game.rules.sixty_five.strike import continue_strike, strike_react, strike_reaction_refusal
from game.rules.sixty_five.supports import panic, panic_refusal
from game.rules.sixty_five.traps import spring_trap, trap_refusal
from game.rules.sixty_five.turn import Phase, TurnFlow
from game.rules.sixty_five.victory import goal_text, margin, scores, winner
from game.rules.sixty_five.view import SixtyFiveView, seat_view
from game.rules.sixty_five.world import Window, World

STRIKE_WINDOWS = (Window.STRIKE_COVER, Window.STRIKE_HIT)


class SixtyFiveState(TurnFlow):
    """One '65 game: the rules contract over the sequence of play (turn.py)."""

    # -- set-up -----------------------------------------------------------------------------
    @classmethod
    def begin(cls, world: World, turns: int) -> tuple[SixtyFiveState, list[Event]]:
        """A game whose units stand where ``world`` has them; turn 1 is dealt."""
        state = cls(world=world, turns=turns)
        events: list[Event] = []
        state._start_turn(events)
        return state, events

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
        return state

    # -- whose move -------------------------------------------------------------------------
    def current_player(self) -> int | None:
        if self.world.pending:
            return self.world.pending[-1].seat
        match self.phase:
            case Phase.SETUP:
                assert self.scenario is not None
                return self.scenario.setup[self.setup_step].seat
            case Phase.INITIATIVE:
                return 0 if self.bid_round[0] is None else 1
            case Phase.INITIATIVE_DISCARD:
                return self.initiative
            case Phase.IMPULSE:
                return self.phasing
            case Phase.RESERVE:
                return self.reserve_seat
            case Phase.CLEAN_UP:
                return self.keep_seat
        return None

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

    def exit_edges(self, seat: int) -> tuple[str, ...]:
        """The map edges ``seat`` may leave by (24, 24b)."""
        return exit_edges(self.scenario, seat, self.bonus)

    def outcome(self) -> Outcome | None:
        """After the last turn: the scenario's victory points decide (24); a game without
        a scenario has no winner."""
        if self.phase is not Phase.OVER:
            return None
        if self.scenario is None:
            return Outcome(winners=(), reason="last turn played (no scenario)")
        us, them = self.victory_points()
        won = winner(self.world, self.scenario, self.control, self.bonus)
        names = self.scenario.names
        return Outcome(
            winners=(won,),
            reason=(
                f"{names[0]} {us} VP, {names[1]} {them} VP "
                f"({goal_text(self.scenario)}): {names[won]} win"
            ),
            scores=(float(us), float(them)),
        )

    # -- legality ---------------------------------------------------------------------------
    def why_not(self, action: Action) -> str | None:
        """The rule that forbids ``action`` now, or None."""
        seat = self.current_player()
        if seat is None:
            return "the game is over"
        w = self.world
        if w.pending:
            if isinstance(action, Decline):
                return None
            if w.pending[-1].window is Window.WITHDRAW:
                if isinstance(action, Withdraw):
                    return attacks.withdraw_refusal(w, seat, action.hex)
                return "the target of Punishing Fire may withdraw or stay: '65 18k"
            if w.pending[-1].window is Window.OPPORTUNITY:
                if isinstance(action, Play):
                    return self._opportunity_refusal(seat, action)
                return "an enemy unit is moving: fire at it or decline: '65 11"
            if w.pending[-1].window is Window.ASSAULT_RESULT:
                if isinstance(action, React):
                    return answer_refusal(w, seat, action.card, action.block)
                return "an assault was drawn: answer its result or decline: '65 19g, 20c"
            if w.pending[-1].window is Window.ASSAULT:
                if isinstance(action, React):
                    return defence_refusal(w, seat, action.card, action.block)
                return "an enemy assault is coming: answer it or decline: '65 13a"
            if w.pending[-1].window is Window.PANIC:
                if isinstance(action, React):
                    return panic_refusal(w, seat, action.card, action.block)
                return "the target is Shaken and reduced: play Panic or decline: '65 19f"
            if w.pending[-1].window is Window.REDRAW:
                if isinstance(action, Redraw):
                    return None
                return "a Damage Draw card missed: redraw it or decline: '65 21h"
            if w.pending[-1].window is Window.TRAP:
                if isinstance(action, React):
                    return trap_refusal(w, seat, action.card, action.block)
                return "an enemy unit entered a hex: spring a trap or decline: '65 18u, 18v"
            if isinstance(action, React):
                if w.pending[-1].window in STRIKE_WINDOWS:
                    return strike_reaction_refusal(w, seat, action.card, action.block)
                return attacks.reaction_refusal(w, seat, action.card, action.block)
            return "a reaction window is open: react or decline first: '65 20"
        if isinstance(action, (React, Decline, Redraw)):
            return "no reaction window is open: '65 20"
        match self.phase:
            case Phase.SETUP:
                if not isinstance(action, Place):
                    return "the scenario's units are set up first: '65 24"
                assert self.scenario is not None
                step = self.setup_step
                return place_refusal(w, self.scenario, step, action.unit, action.hex, w.edition)
            case Phase.INITIATIVE:
                if not isinstance(action, ChooseInitiative):
                    return "each player first lays a card for the initiative: '65 5b"
                if action.card not in w.hands[seat]:
                    return f"{action.card} is not in this player's hand: '65 5b"
                return None
            case Phase.INITIATIVE_DISCARD:
                if not isinstance(action, Discard) or action.card not in self.bids[seat]:
                    return "the initiative winner discards one of the cards laid: '65 5b"
                return None
            case Phase.IMPULSE:
                return self._impulse_refusal(seat, action)
            case Phase.RESERVE:
                if isinstance(action, Done):
                    return None
                if isinstance(action, Exit):
                    return exit_refusal(w, seat, action, self.exit_edges(seat), reserve=True)
                if isinstance(action, Enter):  # 24a
                    return enter_refusal(w, self.scenario, self.turn, seat, action, reserve=True)
                if not isinstance(action, ReserveMove):
                    return "only Reserve moves now, no cards: '65 5d"
                unit = w.units.get(action.unit)
                if unit is None or unit.seat != seat or unit.eliminated:
                    return f"{action.unit} is not a unit of this player: '65 5d"
                return reserve_refusal(w.field, w.data.rules, unit, action.path, w.live())
            case Phase.CLEAN_UP:
                if not isinstance(action, Keep):
                    return "each player keeps at most one card: '65 5e"
                if action.card is not None and action.card not in w.hands[seat]:
                    return f"{action.card} is not in this player's hand: '65 5e"
                return None
        return "the game is over"

    def _impulse_refusal(self, seat: int, action: Action) -> str | None:
        w = self.world
        if isinstance(action, Pass):
            return None if not self.acted else "a player who acted this impulse cannot pass: '65 4f"
        if isinstance(action, Draw):
            if self.started:
                return "the draw comes once, at the start of the impulse: '65 6a"
            return None
        if not self.started:
            return "first draw up to four cards, or pass: '65 6a"
        if isinstance(action, EndImpulse):
            return None if self.acted else "with nothing done, pass instead: '65 4f"
        if isinstance(action, Follow):
            return follow_refusal(w, seat, action.units, action.path)
        if isinstance(action, Enter):  # 24a (Interpretation 34)
            if self.discards or self.actions_left <= 0 or w.leadership is not None:
                return "reinforcements enter as the impulse's action, with a Move card: '65 24a"
            return enter_refusal(w, self.scenario, self.turn, seat, action, reserve=False)
        if isinstance(action, Exit):
            if self.discards:
                return "the discards end the impulse; no card is played after them: '65 6d"
            if self.actions_left <= 0:
                return "one Action per impulse unless a card adds more: '65 6b"
            if w.leadership is not None:
                if w.edition < 4:
                    return "Leadership's actions move and fire units near the Hero: '65 22e"
                near = leadership_refusal(w, Play(action.card or "", "", action.units))
                if near is not None:  # 22e: an exit is a move of units near the Hero
                    return near
            return exit_refusal(w, seat, action, self.exit_edges(seat), reserve=False)
        if isinstance(action, Discard):
            if action.card not in w.hands[seat]:
                return f"{action.card} is not in this player's hand: '65 6d"
            if self.discards >= w.data.rules.discard_limit:
                return "at most two cards are discarded at the end of an impulse: '65 6d"
            return None
        if isinstance(action, Play):
            if self.discards:
                return "the discards end the impulse; no card is played after them: '65 6d"
            block = self._block(seat, action)
            if isinstance(block, str):
                return block
            if self.actions_left <= 0:
                return "one Action per impulse unless a card adds more: '65 6b"
            effect = EFFECTS.get(block.effect)
            if effect is None:
                return f"{block.name} is not available in this version yet: '65 18"
            return effect.legal(w, seat, action, block) or leadership_refusal(w, action)
        return "not an action of the impulse: '65 6"

    def _opportunity_refusal(self, seat: int, play: Play) -> str | None:
        """11: a Fire action or a firing Power, at a moving unit in the hex it entered."""
        w = self.world
        block = self._block(seat, play)
        if isinstance(block, str):
            return block
        if block.id not in ("fire", "power"):
            return "Opportunity Fire takes a Fire action or a Power that fires: '65 11"
        move = w.movement
        assert move is not None
        if play.target not in move.units or play.spread:
            return "Opportunity Fire targets the moving unit: '65 11"
        return EFFECTS[block.effect].legal(w, seat, play, block)

    def _block(self, seat: int, play: Play) -> BlockDef | str:
        w = self.world
        if play.card not in w.hands[seat]:
            return f"{play.card} is not in this player's hand: '65 6b"
        card = w.card(play.card)
        if play.block == "power":
            return POWER_BLOCK if card.power else f"{play.card} is not a Power card: '65 3b"
        if play.block not in card.blocks:
            return f"{play.card} has no {play.block} block: '65 3a"
        block = w.data.blocks[play.block]
        strike = self.scenario.fire_artillery if self.scenario else None
        if strike and seat == strike.seat and block.id == "fire" and play.path and not play.target:
            block = fire_strike_block(strike.hef)  # 24 scenario 2: two Fire blocks
        if block.kind is not BlockKind.ACTION:
            return f"{block.name} is a {block.kind.value} block, not an action: '65 3a"
        if play.supports and play.card in play.supports:
            return "a card is played for one block only: '65 18"
        return block

    # -- candidates -------------------------------------------------------------------------
    def candidate_actions(self) -> list[Action]:
        """Every action a bot may choose now: all card choices, every single-unit fire and
        move (cheapest path to each reachable hex), rallies, discards, Reserve moves."""
        seat = self.current_player()
        if seat is None:
            return []
        w = self.world
        out: list[Action] = []
        if w.pending and w.pending[-1].window is Window.WITHDRAW and w.second_shot:
            target = w.units[w.second_shot[3]]
            steps = w.field.neighbours(target.hex) if target.hex else ()
            out = [Withdraw(h) for h in steps if attacks.withdraw_refusal(w, seat, h) is None]
            return [*out, Decline()]
        if w.pending and w.pending[-1].window is Window.ASSAULT_RESULT:
            for cid in w.hands[seat]:
                for block in w.card(cid).blocks:
                    if answer_refusal(w, seat, cid, block) is None:
                        out.append(React(cid, block))
            return [*out, Decline()]
        if w.pending and w.pending[-1].window is Window.ASSAULT:
            for cid in w.hands[seat]:
                for block in w.card(cid).blocks:
                    if defence_refusal(w, seat, cid, block) is None:
                        out.append(React(cid, block))
            return [*out, Decline()]
        if w.pending and w.pending[-1].window is Window.PANIC:
            for cid in w.hands[seat]:
                for block in w.card(cid).blocks:
                    if panic_refusal(w, seat, cid, block) is None:
                        out.append(React(cid, block))
            return [*out, Decline()]
        if w.pending and w.pending[-1].window is Window.REDRAW:
            return [Redraw(), Decline()]
        if w.pending and w.pending[-1].window is Window.OPPORTUNITY:
            plays = play_candidates(w, seat, fire_only=True)
            out = [p for p in plays if self._opportunity_refusal(seat, p) is None]
            return [*out, Decline()]
        if w.pending:
            window = w.pending[-1].window
            refusal = (
                strike_reaction_refusal
                if window in STRIKE_WINDOWS
                else trap_refusal
                if window is Window.TRAP
                else attacks.reaction_refusal
            )
            for cid in w.hands[seat]:
                for block in w.card(cid).blocks:
                    if refusal(w, seat, cid, block) is None:
                        out.append(React(cid, block))
            return [*out, Decline()]
        match self.phase:
            case Phase.SETUP:
                assert self.scenario is not None
                return list(place_candidates(w, self.scenario, self.setup_step, w.edition))
            case Phase.INITIATIVE:
                return [ChooseInitiative(c) for c in w.hands[seat]]
            case Phase.INITIATIVE_DISCARD:
                return [Discard(c) for c in self.bids[seat]]
            case Phase.RESERVE:
                exits = exit_candidates(w, seat, self.exit_edges(seat), reserve=True)
                enters = enter_candidates(w, self.scenario, self.turn, seat, reserve=True)
                return [*reserve_candidates(w, seat), *exits, *enters, Done()]
            case Phase.CLEAN_UP:
                return [Keep(None), *(Keep(c) for c in w.hands[seat])]
            case Phase.IMPULSE:
                if not self.started:
                    return [Pass(), Draw()]
                if not self.acted:
                    out.append(Pass())
                if not self.discards and self.actions_left > 0:
                    plays = play_candidates(w, seat)  # legal by construction
                    if w.leadership is not None:
                        plays = [p for p in plays if leadership_refusal(w, p) is None]
                    out.extend(plays)
                    exits = exit_candidates(w, seat, self.exit_edges(seat), reserve=False)
                    if w.leadership is None:  # 22e: its actions name units near the Hero
                        strike = self.scenario.fire_artillery if self.scenario else None
                        hef = strike.hef if strike and strike.seat == seat else None
                        out.extend(artillery_candidates(w, seat, hef))
                        out.extend(exits)
                        out.extend(
                            enter_candidates(w, self.scenario, self.turn, seat, reserve=False)
                        )
                    elif w.edition >= 4:
                        out.extend(e for e in exits if self._impulse_refusal(seat, e) is None)
                if self.discards < w.data.rules.discard_limit:
                    out.extend(Discard(c) for c in w.hands[seat])
                if w.follow_up is not None:
                    out.extend(follow_candidates(w, seat))
                if w.split is not None:
                    out.extend(split_candidates(w, seat))
                if self.acted:
                    out.append(EndImpulse())
        return out

    def random_action(self, rng: Rng) -> Action:
        """A random legal action drawn the way a player decides, without listing every
        candidate (sampling.py; ``game.core.random_play``)."""
        return sample_action(self, rng)

    # -- applying ---------------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Carry out ``action`` (``why_not(action)`` must be None)."""
        seat = self.current_player()
        assert seat is not None
        w = self.world
        events: list[Event] = []
        if isinstance(action, (Play, Exit, Discard, EndImpulse)) and seat == self.phasing:
            w.follow_up = None  # 18h: the second hex moves next or not at all
            w.split = None  # Interpretation 8: the card's other routes come next or never
        if isinstance(action, Play) and w.pending:
            w.pending.pop()  # 11: the opportunity window closes with this shot
            block = self._block(seat, action)
            assert isinstance(block, BlockDef)
            w.discard_card(seat, action.card)
            events.append(CardPlayed(seat=seat, card=action.card, block=block.id))
            events.extend(EFFECTS[block.effect].resolve(w, seat, action, block))
            if w.attack is not None:
                w.attack.opportunity = True
        elif isinstance(action, Withdraw):
            attacks.withdraw(w, action.hex, events)
        elif isinstance(action, React):
            events.append(CardPlayed(seat=seat, card=action.card, block=action.block))
            if w.pending[-1].window is Window.PANIC:
                panic(w, seat, action.card, events)
            elif w.pending[-1].window is Window.ASSAULT:
                defend(w, seat, action.card, action.block)
            elif w.pending[-1].window is Window.ASSAULT_RESULT:
                answer(w, seat, action.card, action.block, events)
            elif w.pending[-1].window in STRIKE_WINDOWS:
                strike_react(w, seat, action.card, action.block, events)
            elif w.pending[-1].window is Window.TRAP:
                spring_trap(w, seat, action.card, action.block, events)
            else:
                attacks.react(w, seat, action.card, action.block, events)
        elif isinstance(action, Redraw):
            if w.attack is None and w.fight is not None:
                assault_redraw(w, events)  # 21h in an assault (version 4)
            else:
                attacks.redraw(w, events)
        elif isinstance(action, Decline):
            attacks.decline(w)
        elif isinstance(action, Place):
            self._place(action, events)
        elif isinstance(action, ChooseInitiative):
            self._bid(seat, action.card, events)
        elif isinstance(action, Discard) and self.phase is Phase.INITIATIVE_DISCARD:
            self._initiative_discard(seat, action.card, events)
        elif isinstance(action, Pass):
            events.append(Passed(seat=seat))
            self.passes += 1
            if self.passes >= 2:
                self._to_reserve(events)
            else:
                self._next_impulse(events)
            return events
        elif isinstance(action, Draw):
            self.started, self.acted = True, True
            before = len(w.hands[seat])
            w.fill_hand(seat, events)
            # Interpretation 19: a draw that brings nothing does not reset the passes
            self.idle = w.edition >= 2 and len(w.hands[seat]) == before
            if not self.idle:
                self.passes = 0
        elif isinstance(action, Play):
            self._play(seat, action, events)
        elif isinstance(action, Discard):
            w.discard_card(seat, action.card)
            self.discards += 1
            self.acted, self.idle = True, False
            if w.edition >= 2:
                self.passes = 0
            events.append(CardDiscarded(seat=seat, card=action.card))
        elif isinstance(action, EndImpulse):
            if self.idle:  # Interpretation 19: an empty impulse counts as a pass
                events.append(Passed(seat=seat))
                self.passes += 1
                if self.passes >= 2:
                    self._to_reserve(events)
                    return events
            self._next_impulse(events)
        elif isinstance(action, Follow):
            follow_resolve(w, seat, action.units, action.path)
        elif isinstance(action, Exit):
            leading = w.leadership
            events.extend(exit_units(w, seat, action, self.exit_edges(seat)))
            if self.phase is Phase.IMPULSE:
                self.actions_left -= 1
                self.acted, self.passes = True, 0
                if w.edition >= 4:  # a card was played: not an empty impulse (Interp. 19)
                    self.idle = False
                if leading is not None:
                    leadership_action_done(w)  # 22e, version 4: one of the two actions
        elif isinstance(action, Enter):  # 24a
            events.extend(enter_units(w, seat, action))
            if self.phase is Phase.IMPULSE:
                self.actions_left -= 1
                self.acted, self.passes, self.idle = True, 0, False
        elif isinstance(action, ReserveMove):
            unit = w.units[action.unit]
            unit.hex = action.path[-1]
            unit.marker = Marker.MOVED
            events.append(UnitMoved(unit=unit.id, path=action.path, points=len(action.path)))
        elif isinstance(action, Done):
            self._reserve_done(events)
        elif isinstance(action, Keep):
            self._keep(seat, action.card, events)
        self._settle(events)
        if self.scenario is not None and self.phase is not Phase.SETUP:
            update_control(w, self.control)
        if self.phase is Phase.IMPULSE and w.turn_ending and w.attack is None and not w.strike:
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
            if w.pending or w.attack is not None or w.strike is not None:
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
                events.extend(fire_after_move(w, done.seat, done.then_fire))

    def _play(self, seat: int, play: Play, events: list[Event]) -> None:
        w = self.world
        block = self._block(seat, play)
        assert isinstance(block, BlockDef)
        w.discard_card(seat, play.card)
        events.append(CardPlayed(seat=seat, card=play.card, block=block.id))
        self.actions_left += block.extra_actions - 1
        self.acted, self.passes, self.idle = True, 0, False
        leading = w.leadership
        events.extend(EFFECTS[block.effect].resolve(w, seat, play, block))
        if leading is not None:
            leadership_action_done(w)
        elif w.leadership is not None:
            self.actions_left += 2  # 22e: two additional actions

    def explain(self, action: Action) -> Explanation:
        """The rules calculator: a fire action's numbers and the chance of each result
        (calculator.py); other actions have one sure result."""
        seat = self.current_player()
        if isinstance(action, Play) and seat is not None:
            block = self._block(seat, action)
            fires = ("fire", "reload_and_fire", "power", "move_and_fire")
            lead = self.world.units.get((action.units or ("",))[0])
            satchel = lead is not None and "satchel_charge" in lead.values.powers
            if isinstance(block, BlockDef) and block.effect == "artillery":
                return explain_artillery(self.world, seat, action, block)
            if isinstance(block, BlockDef) and block.effect in fires and action.target:
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
