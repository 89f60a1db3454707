"""The '65 rules contract, its questions: whose move it is, why an action is refused (the
rule that forbids it) and the candidate actions, over the sequence of play (turn.py).
``state.SixtyFiveState`` adds applying actions, views, copies and the snapshot."""

from __future__ import annotations

from game.core.api import Action
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
    Fortify,
    Hit,
    Keep,
    Pass,
    Place,
    Play,
    React,
    Redraw,
    ReserveMove,
    Withdraw,
)
from game.rules.sixty_five.assault.cards import defence_refusal
from game.rules.sixty_five.assault.fight import answer_refusal, retreat_options, retreat_refusal
from game.rules.sixty_five.candidates import (
    follow_candidates,
    play_candidates,
    reserve_candidates,
    set_down_candidates,
    split_candidates,
)
from game.rules.sixty_five.cards.effect_registry import EFFECTS, POWER_BLOCK
from game.rules.sixty_five.cards.effects import follow_refusal
from game.rules.sixty_five.cards.powers import leadership_refusal
from game.rules.sixty_five.cards.supports import panic_refusal
from game.rules.sixty_five.cards.traps import trap_refusal
from game.rules.sixty_five.combat import attack as attacks
from game.rules.sixty_five.combat.artillery import artillery_candidates, fire_strike_block
from game.rules.sixty_five.combat.strike import (
    hit_choice_refusal,
    strike_reaction_refusal,
    victim_choice,
)
from game.rules.sixty_five.data import BlockDef, BlockKind
from game.rules.sixty_five.helicopters.play import (
    helicopter_block,
    is_helicopter,
    mode_play_refusal,
)
from game.rules.sixty_five.movement.rules import pathfinding, reserve_refusal
from game.rules.sixty_five.scenarios.exits import exit_candidates, exit_edges, exit_refusal
from game.rules.sixty_five.scenarios.puff import (
    PUFF,
    puff_block,
    puff_block_refusal,
    puff_candidates,
)
from game.rules.sixty_five.scenarios.reinforcements import (
    enter_candidates,
    enter_refusal,
    is_placement,
    must_enter_refusal,
)
from game.rules.sixty_five.scenarios.relics import SEARCH_BLOCK, search_block_refusal
from game.rules.sixty_five.scenarios.setup import (
    place_candidates,
    place_refusal,
)
from game.rules.sixty_five.terrain.fortified import BUNKER_BLOCK, bunker_block_refusal
from game.rules.sixty_five.terrain.fortify_setup import (
    fortifications_left,
    fortify_candidates,
    fortify_refusal,
)
from game.rules.sixty_five.turn import Phase, TurnFlow
from game.rules.sixty_five.vehicles.ap_fire import AP_WINDOWS, ap_reaction_refusal
from game.rules.sixty_five.vehicles.moves import reserve_vehicle_refusal, vehicle_place_refusal
from game.rules.sixty_five.world import Window

STRIKE_WINDOWS = (Window.STRIKE_COVER, Window.STRIKE_HIT)


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
            if w.pending[-1].window is Window.RETREAT:  # version 9
                if isinstance(action, Withdraw):
                    return retreat_refusal(w, seat, action.hex)
                return "choose where the defenders retreat (withdraw to a hex) or decline: '65 13c"
            if w.pending[-1].window is Window.HIT_CHOICE:  # version 9
                if isinstance(action, Hit):
                    return hit_choice_refusal(w, seat, action.unit)
                return "name who takes the next hit, or decline for the default: '65 12, 21g"
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
                if w.pending[-1].window in AP_WINDOWS:
                    return ap_reaction_refusal(w, seat, action.card, action.block)
                return attacks.reaction_refusal(w, seat, action.card, action.block)
            return "a reaction window is open: react or decline first: '65 20"
        if isinstance(action, (React, Decline, Redraw)):
            return "no reaction window is open: '65 20"
        match self.phase:
            case Phase.SETUP:
                assert self.scenario is not None
                step = self.setup_step
                if isinstance(action, Fortify):  # 23, 24
                    return fortify_refusal(w, self.scenario, step, action)
                if not isinstance(action, Place):
                    return "the scenario's units are set up first: '65 24"
                if fortifications_left(w, self.scenario, step):
                    return "the side's fortifications are set up before its units: '65 23, 24"
                reason = place_refusal(
                    w, self.scenario, step, action.unit, action.hex, w.edition, place=action
                )
                return reason or vehicle_place_refusal(w, action)
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
                if isinstance(action, Done):  # scenario 4: due units must enter this turn
                    return must_enter_refusal(w, self.scenario, self.turn, seat)
                if isinstance(action, Exit):
                    return exit_refusal(w, seat, action, self.exit_edges(seat), reserve=True)
                if isinstance(action, Enter):  # 24a
                    return enter_refusal(w, self.scenario, self.turn, seat, action, reserve=True)
                if not isinstance(action, ReserveMove):
                    return "only Reserve moves now, no cards: '65 5d"
                unit = w.units.get(action.unit)
                if unit is None or unit.seat != seat or unit.eliminated:
                    return f"{action.unit} is not a unit of this player: '65 5d"
                if is_helicopter(unit):
                    return "helicopters do not activate in the Reserve phase: '65 17b"
                flat = w.edition >= 9 and pathfinding(unit)  # 21e
                reason = reserve_refusal(
                    w.field, w.data.rules, unit, action.path, w.live(), flat=flat
                )
                return reason or reserve_vehicle_refusal(w, unit, action.path)
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
            return follow_refusal(w, seat, action.units, action.path, action.load, action.unload)
        if isinstance(action, Enter):  # 24a (Interpretation 34)
            if is_placement(self.scenario, w, action):  # scenario 7: no action spent
                if self.discards:
                    return "the discards end the impulse: '65 6d"
                return enter_refusal(w, self.scenario, self.turn, seat, action, reserve=False)
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
            reason = mode_play_refusal(w, seat, action)  # 17b: the mode comes first
            if reason is not None:
                return reason
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
        if play.target not in move.units:
            return "Opportunity Fire targets the moving unit: '65 11"
        if play.spread and (w.edition < 9 or len(move.units) < 2):
            return "Opportunity Fire spreads its hits over a moving stack only: '65 11, 18i, 21g"
        if w.edition >= 7:  # 17b: a helicopter's declared mode must be a legal change
            reason = mode_play_refusal(w, seat, play)
            if reason is not None:
                return reason
        return EFFECTS[block.effect].legal(w, seat, play, block)

    def _block(self, seat: int, play: Play) -> BlockDef | str:
        w = self.world
        if play.card not in w.hands[seat]:
            return f"{play.card} is not in this player's hand: '65 6b"
        card = w.card(play.card)
        if play.block == "power":
            return POWER_BLOCK if card.power else f"{play.card} is not a Power card: '65 3b"
        if play.block == BUNKER_BLOCK.id:  # 23b: any Action card, for a Second Wind
            return bunker_block_refusal(w, play.card) or BUNKER_BLOCK
        if play.block == PUFF and w.puff is not None:  # scenario 6: a Fire card
            return puff_block_refusal(w, seat, play.card, self.turn) or puff_block(w.puff)
        if play.block == SEARCH_BLOCK.id:  # scenario 8: a Power card searches for the relics
            return search_block_refusal(w, play.card) or SEARCH_BLOCK
        if play.block not in card.blocks:
            heli = helicopter_block(w, play)  # 17a: any card activates a helicopter
            return heli or f"{play.card} has no {play.block} block: '65 3a"
        block = w.data.blocks[play.block]
        strike = self.scenario.fire_artillery if self.scenario else None
        hef = strike.hef_for(seat) if strike else None
        if hef is not None and block.id == "fire" and play.path and not play.target:
            block = fire_strike_block(hef)  # 24 scenarios 2 and 5: two Fire blocks
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
        if w.pending and w.pending[-1].window is Window.RETREAT and w.fight is not None:
            return [*(Withdraw(h) for h in retreat_options(w, w.fight)), Decline()]  # 13c
        if w.pending and w.pending[-1].window is Window.HIT_CHOICE and w.strike is not None:
            return [*(Hit(u) for u in victim_choice(w, w.strike)), Decline()]  # 12, 21g, 22g
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
                ap_reaction_refusal
                if window in AP_WINDOWS
                else strike_reaction_refusal
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
                if fortifications_left(w, self.scenario, self.setup_step):
                    return list(fortify_candidates(w, self.scenario, self.setup_step))
                return list(place_candidates(w, self.scenario, self.setup_step, w.edition))
            case Phase.INITIATIVE:
                return [ChooseInitiative(c) for c in w.hands[seat]]
            case Phase.INITIATIVE_DISCARD:
                return [Discard(c) for c in self.bids[seat]]
            case Phase.RESERVE:
                exits = exit_candidates(w, seat, self.exit_edges(seat), reserve=True)
                enters = enter_candidates(w, self.scenario, self.turn, seat, reserve=True)
                done = [] if must_enter_refusal(w, self.scenario, self.turn, seat) else [Done()]
                return [*reserve_candidates(w, seat), *exits, *enters, *done]
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
                        hef = strike.hef_for(seat) if strike else None
                        out.extend(artillery_candidates(w, seat, hef))
                        out.extend(puff_candidates(w, seat, self.turn))
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
                if w.set_down is not None:  # 17b, version 7
                    out.extend(set_down_candidates(w, seat))
                if self.acted:
                    out.append(EndImpulse())
        return out
