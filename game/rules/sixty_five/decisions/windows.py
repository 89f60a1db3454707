"""The rules of the '65 windows (the decisions on the world's pending stack): Opportunity
Fire (11), a withdrawal (18k), reactions (20), an assault's defence and result (13), a
retreat and a hit's victim (version 9), Panic (19f), a redraw (21h), booby traps (18u,
18v), a strike's hits (12) and AP fire (15). The table is ``dispatch.WINDOWS``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.core.api import Action, Event
from game.rules.sixty_five.actions import (
    Decline,
    Hit,
    Play,
    React,
    Redraw,
    Withdraw,
)
from game.rules.sixty_five.assault.cards import defence_refusal, defend
from game.rules.sixty_five.assault.fight import (
    answer,
    answer_refusal,
    choose_retreat,
    retreat_options,
    retreat_refusal,
)
from game.rules.sixty_five.assault.steps import assault_redraw
from game.rules.sixty_five.candidates import (
    play_candidates,
)
from game.rules.sixty_five.cards.effect_registry import EFFECTS
from game.rules.sixty_five.cards.supports import panic, panic_refusal
from game.rules.sixty_five.cards.traps import spring_trap, trap_refusal
from game.rules.sixty_five.combat import attack as attacks
from game.rules.sixty_five.combat.strike import (
    choose_victim,
    hit_choice_refusal,
    strike_react,
    strike_reaction_refusal,
    victim_choice,
)
from game.rules.sixty_five.data import BlockDef
from game.rules.sixty_five.decisions.blocks import block_of
from game.rules.sixty_five.decisions.rule import Candidates, Decision, Rule, always, free
from game.rules.sixty_five.events import CardPlayed
from game.rules.sixty_five.helicopters.play import (
    declare_mode,
    mode_play_refusal,
)
from game.rules.sixty_five.turn import TurnFlow
from game.rules.sixty_five.vehicles.ap_fire import ap_react, ap_reaction_refusal
from game.rules.sixty_five.world import Window


def opportunity_refusal(flow: TurnFlow, seat: int, play: Play) -> str | None:
    """11: a Fire action or a firing Power, at a moving unit in the hex it entered."""
    w = flow.world
    block = block_of(flow, seat, play)
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


def opportunity_fire(flow: TurnFlow, seat: int, play: Play, events: list[Event]) -> bool:
    w = flow.world
    w.pending.pop()  # 11: the opportunity window closes with this shot
    block = block_of(flow, seat, play)
    assert isinstance(block, BlockDef)
    w.discard_card(seat, play.card)
    events.append(CardPlayed(seat=seat, card=play.card, block=block.id))
    declare_mode(w, play, events)  # 17b
    events.extend(EFFECTS[block.effect].resolve(w, seat, play, block))
    if w.attack is not None:
        w.attack.opportunity = True
    if w.ap_attack is not None:
        w.ap_attack.opportunity = True
    return True


ReactionRefusal = Callable[[Any, int, str, str], str | None]
ReactionResolve = Callable[[Any, int, React, list[Event]], None]


def reaction(refusal: ReactionRefusal, resolve: ReactionResolve) -> Rule:
    """A React window (20 and the windows like it): a card's block played in answer."""

    def legal(flow: TurnFlow, seat: int, action: React) -> str | None:
        return refusal(flow.world, seat, action.card, action.block)

    def carry_out(flow: TurnFlow, seat: int, action: React, events: list[Event]) -> bool:
        events.append(CardPlayed(seat=seat, card=action.card, block=action.block))
        resolve(flow.world, seat, action, events)
        return True

    return Rule(legal, carry_out)


def reactions(rule: Rule) -> Candidates:
    """Every card block in the hand that ``rule`` allows, and declining."""

    def candidates(flow: TurnFlow, seat: int) -> list[Action]:
        w = flow.world
        out: list[Action] = [
            React(cid, block)
            for cid in w.hands[seat]
            for block in w.card(cid).blocks
            if rule.legal(flow, seat, React(cid, block)) is None
        ]
        return [*out, Decline()]

    return candidates


REACT = reaction(
    attacks.reaction_refusal,
    lambda w, seat, a, events: attacks.react(w, seat, a.card, a.block, events),
)
DECLINE = Rule(free, lambda flow, _seat, _a, _events: attacks.decline(flow.world))


def withdrawals(flow: TurnFlow, seat: int) -> list[Action]:
    w = flow.world
    assert w.second_shot is not None
    target = w.units[w.second_shot[3]]
    steps = w.field.neighbours(target.hex) if target.hex else ()
    out: list[Action] = [Withdraw(h) for h in steps if attacks.withdraw_refusal(w, seat, h) is None]
    return [*out, Decline()]


def retreats(flow: TurnFlow, _seat: int) -> list[Action]:
    assert flow.world.fight is not None
    return [*(Withdraw(h) for h in retreat_options(flow.world, flow.world.fight)), Decline()]


def victims(flow: TurnFlow, _seat: int) -> list[Action]:
    assert flow.world.strike is not None
    return [*(Hit(u) for u in victim_choice(flow.world, flow.world.strike)), Decline()]


def opportunity_shots(flow: TurnFlow, seat: int) -> list[Action]:
    plays = play_candidates(flow.world, seat, fire_only=True)
    out: list[Action] = [p for p in plays if opportunity_refusal(flow, seat, p) is None]
    return [*out, Decline()]


def redraw(flow: TurnFlow, _seat: int, _action: Redraw, events: list[Event]) -> bool:
    w = flow.world
    if w.attack is None and w.fight is not None:
        assault_redraw(w, events)  # 21h in an assault (version 4)
    else:
        attacks.redraw(w, events)
    return True


STRIKE_REACTION = reaction(
    strike_reaction_refusal,
    lambda w, seat, a, events: strike_react(w, seat, a.card, a.block, events),
)
AP_REACTION = reaction(
    ap_reaction_refusal, lambda w, seat, a, _events: ap_react(w, seat, a.card, a.block)
)

STRIKE_WINDOWS = (Window.STRIKE_COVER, Window.STRIKE_HIT)


def window(kind: type[Action], rule: Rule, candidates: Candidates, refusal: str) -> Decision:
    """A window that takes one kind of answer, or declining."""
    return Decision({Decline: DECLINE, kind: rule}, candidates, always(refusal))


def react_window(rule: Rule, refusal: str = "") -> Decision:
    """A window answered with a card's block (``React``), or declining."""
    reason = refusal or "a reaction window is open: react or decline first: '65 20"
    return window(React, rule, reactions(rule), reason)


def or_reactions(ready: Callable[[TurnFlow], bool], candidates: Candidates) -> Candidates:
    """``candidates`` when the window's decision is under way, else the reactions."""
    return lambda flow, seat: (
        candidates(flow, seat) if ready(flow) else reactions(REACT)(flow, seat)
    )


WITHDRAW = Rule(  # 18k
    lambda flow, seat, a: attacks.withdraw_refusal(flow.world, seat, a.hex),
    lambda flow, _seat, a, events: attacks.withdraw(flow.world, a.hex, events),
)
RETREAT = Rule(  # 13c, version 9
    lambda flow, seat, a: retreat_refusal(flow.world, seat, a.hex),
    lambda flow, _seat, a, _events: choose_retreat(flow.world, a.hex),
)
HIT_CHOICE = Rule(  # 12, 21g, 22g, version 9
    lambda flow, seat, a: hit_choice_refusal(flow.world, seat, a.unit),
    lambda flow, _seat, a, _events: choose_victim(flow.world, a.unit),
)
OPPORTUNITY_FIRE = Rule(opportunity_refusal, opportunity_fire)  # 11
ASSAULT_ANSWER = reaction(  # 13, 19g, 20c
    answer_refusal, lambda w, seat, a, events: answer(w, seat, a.card, a.block, events)
)
ASSAULT_DEFENCE = reaction(  # 13a
    defence_refusal, lambda w, seat, a, _events: defend(w, seat, a.card, a.block)
)
PANIC = reaction(panic_refusal, lambda w, seat, a, events: panic(w, seat, a.card, events))
REDRAW = Rule(free, redraw)  # 21h
TRAP = reaction(  # 18u, 18v
    trap_refusal, lambda w, seat, a, events: spring_trap(w, seat, a.card, a.block, events)
)
