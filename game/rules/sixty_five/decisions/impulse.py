"""The rules of the '65 impulse (6): pass or draw (4f, 6a), play a card's block, leave
or enter the map, follow a card's second hex or routes, discard (6d) and end the impulse.
The table is ``dispatch.PHASES``; the Reserve phase shares leaving and entering."""

from __future__ import annotations

from typing import Any

from game.core.api import Action, Event
from game.rules.sixty_five.actions import (
    Discard,
    Draw,
    EndImpulse,
    Enter,
    Exit,
    Follow,
    Pass,
    Play,
)
from game.rules.sixty_five.candidates import (
    follow_candidates,
    play_candidates,
    set_down_candidates,
    split_candidates,
)
from game.rules.sixty_five.cards.effect_registry import EFFECTS
from game.rules.sixty_five.cards.effects import follow_refusal, follow_resolve
from game.rules.sixty_five.cards.powers import leadership_action_done, leadership_refusal
from game.rules.sixty_five.combat.artillery import artillery_candidates
from game.rules.sixty_five.data import BlockDef
from game.rules.sixty_five.decisions.blocks import block_of
from game.rules.sixty_five.decisions.rule import Legal, Rule
from game.rules.sixty_five.events import CardDiscarded, CardPlayed, Passed
from game.rules.sixty_five.helicopters.play import (
    declare_mode,
    mode_play_refusal,
)
from game.rules.sixty_five.scenarios.exits import (
    exit_candidates,
    exit_edges,
    exit_refusal,
    exit_units,
)
from game.rules.sixty_five.scenarios.puff import (
    puff_candidates,
)
from game.rules.sixty_five.scenarios.reinforcements import (
    enter_candidates,
    enter_refusal,
    enter_units,
    is_placement,
)
from game.rules.sixty_five.turn import Phase, TurnFlow


def started(legal: Legal) -> Legal:
    """An impulse action after the draw (6a)."""

    def check(flow: TurnFlow, seat: int, action: Any) -> str | None:
        if not flow.started:
            return "first draw up to four cards, or pass: '65 6a"
        return legal(flow, seat, action)

    return check


def pass_refusal(flow: TurnFlow, _seat: int, _action: Pass) -> str | None:
    return None if not flow.acted else "a player who acted this impulse cannot pass: '65 4f"


def pass_impulse(flow: TurnFlow, seat: int, _action: Pass, events: list[Event]) -> bool:
    events.append(Passed(seat=seat))
    flow.passes += 1
    if flow.passes >= 2:
        flow._to_reserve(events)
    else:
        flow._next_impulse(events)
    return False


def draw_refusal(flow: TurnFlow, _seat: int, _action: Draw) -> str | None:
    if flow.started:
        return "the draw comes once, at the start of the impulse: '65 6a"
    return None


def draw(flow: TurnFlow, seat: int, _action: Draw, events: list[Event]) -> bool:
    w = flow.world
    flow.started, flow.acted = True, True
    before = len(w.hands[seat])
    w.fill_hand(seat, events)
    # Interpretation 19: a draw that brings nothing does not reset the passes
    flow.idle = w.edition >= 2 and len(w.hands[seat]) == before
    if not flow.idle:
        flow.passes = 0
    return True


def end_refusal(flow: TurnFlow, _seat: int, _action: EndImpulse) -> str | None:
    return None if flow.acted else "with nothing done, pass instead: '65 4f"


def end(flow: TurnFlow, seat: int, _action: EndImpulse, events: list[Event]) -> bool:
    if flow.idle:  # Interpretation 19: an empty impulse counts as a pass
        events.append(Passed(seat=seat))
        flow.passes += 1
        if flow.passes >= 2:
            flow._to_reserve(events)
            return False
    flow._next_impulse(events)
    return True


def follow_refusal_now(flow: TurnFlow, seat: int, a: Follow) -> str | None:
    return follow_refusal(flow.world, seat, a.units, a.path, a.load, a.unload)


def follow(flow: TurnFlow, seat: int, a: Follow, _events: list[Event]) -> bool:
    follow_resolve(flow.world, seat, a.units, a.path, a.load, a.unload)
    return True


def impulse_enter_refusal(flow: TurnFlow, seat: int, action: Enter) -> str | None:
    """24a (Interpretation 34)."""
    w = flow.world
    if is_placement(flow.scenario, w, action):  # scenario 7: no action spent
        if flow.discards:
            return "the discards end the impulse: '65 6d"
        return enter_refusal(w, flow.scenario, flow.turn, seat, action, reserve=False)
    if flow.discards or flow.actions_left <= 0 or w.leadership is not None:
        return "reinforcements enter as the impulse's action, with a Move card: '65 24a"
    return enter_refusal(w, flow.scenario, flow.turn, seat, action, reserve=False)


def enter(flow: TurnFlow, seat: int, action: Enter, events: list[Event]) -> bool:
    w = flow.world
    placed = is_placement(flow.scenario, w, action)  # scenario 7: no action
    events.extend(enter_units(w, seat, action, placed=placed))  # 24a
    if flow.phase is Phase.IMPULSE and not placed:
        flow.actions_left -= 1
        flow.acted, flow.passes, flow.idle = True, 0, False
    return True


def impulse_exit_refusal(flow: TurnFlow, seat: int, action: Exit) -> str | None:
    """An exit as the impulse's action (24, 24b; 22e from version 4 under Leadership)."""
    w = flow.world
    if flow.discards:
        return "the discards end the impulse; no card is played after them: '65 6d"
    if flow.actions_left <= 0:
        return "one Action per impulse unless a card adds more: '65 6b"
    if w.leadership is not None:
        if w.edition < 4:
            return "Leadership's actions move and fire units near the Hero: '65 22e"
        near = leadership_refusal(w, Play(action.card or "", "", action.units))
        if near is not None:  # 22e: an exit is a move of units near the Hero
            return near
    edges = exit_edges(flow.scenario, seat, flow.bonus)
    return exit_refusal(w, seat, action, edges, reserve=False)


def exit_map(flow: TurnFlow, seat: int, action: Exit, events: list[Event]) -> bool:
    w = flow.world
    leading = w.leadership
    events.extend(exit_units(w, seat, action, exit_edges(flow.scenario, seat, flow.bonus)))
    if flow.phase is Phase.IMPULSE:
        flow.actions_left -= 1
        flow.acted, flow.passes = True, 0
        if w.edition >= 4:  # a card was played: not an empty impulse (Interp. 19)
            flow.idle = False
        if leading is not None:
            leadership_action_done(w)  # 22e, version 4: one of the two actions
    return True


def discard_refusal(flow: TurnFlow, seat: int, action: Discard) -> str | None:
    w = flow.world
    if action.card not in w.hands[seat]:
        return f"{action.card} is not in this player's hand: '65 6d"
    if flow.discards >= w.data.rules.discard_limit:
        return "at most two cards are discarded at the end of an impulse: '65 6d"
    return None


def discard(flow: TurnFlow, seat: int, action: Discard, events: list[Event]) -> bool:
    w = flow.world
    w.discard_card(seat, action.card)
    flow.discards += 1
    flow.acted, flow.idle = True, False
    if w.edition >= 2:
        flow.passes = 0
    events.append(CardDiscarded(seat=seat, card=action.card))
    return True


def play_refusal(flow: TurnFlow, seat: int, action: Play) -> str | None:
    w = flow.world
    if flow.discards:
        return "the discards end the impulse; no card is played after them: '65 6d"
    block = block_of(flow, seat, action)
    if isinstance(block, str):
        return block
    if flow.actions_left <= 0:
        return "one Action per impulse unless a card adds more: '65 6b"
    effect = EFFECTS.get(block.effect)
    if effect is None:
        return f"{block.name} is not available in this version yet: '65 18"
    reason = mode_play_refusal(w, seat, action)  # 17b: the mode comes first
    if reason is not None:
        return reason
    return effect.legal(w, seat, action, block) or leadership_refusal(w, action)


def play(flow: TurnFlow, seat: int, play: Play, events: list[Event]) -> bool:
    w = flow.world
    block = block_of(flow, seat, play)
    assert isinstance(block, BlockDef)
    w.discard_card(seat, play.card)
    events.append(CardPlayed(seat=seat, card=play.card, block=block.id))
    flow.actions_left += block.extra_actions - 1
    flow.acted, flow.passes, flow.idle = True, 0, False
    leading = w.leadership
    declare_mode(w, play, events)  # 17b: first thing on activation
    events.extend(EFFECTS[block.effect].resolve(w, seat, play, block))
    if leading is not None:
        leadership_action_done(w)
    elif w.leadership is not None:
        flow.actions_left += 2  # 22e: two additional actions
    return True


def impulse_candidates(flow: TurnFlow, seat: int) -> list[Action]:
    w = flow.world
    if not flow.started:
        return [Pass(), Draw()]
    out: list[Action] = []
    if not flow.acted:
        out.append(Pass())
    if not flow.discards and flow.actions_left > 0:
        plays = play_candidates(w, seat)  # legal by construction
        if w.leadership is not None:
            plays = [p for p in plays if leadership_refusal(w, p) is None]
        out.extend(plays)
        exits = exit_candidates(w, seat, exit_edges(flow.scenario, seat, flow.bonus), reserve=False)
        if w.leadership is None:  # 22e: its actions name units near the Hero
            strike = flow.scenario.fire_artillery if flow.scenario else None
            hef = strike.hef_for(seat) if strike else None
            out.extend(artillery_candidates(w, seat, hef))
            out.extend(puff_candidates(w, seat, flow.turn))
            out.extend(exits)
            out.extend(enter_candidates(w, flow.scenario, flow.turn, seat, reserve=False))
        elif w.edition >= 4:
            out.extend(e for e in exits if impulse_exit_refusal(flow, seat, e) is None)
    if flow.discards < w.data.rules.discard_limit:
        out.extend(Discard(c) for c in w.hands[seat])
    if w.follow_up is not None:
        out.extend(follow_candidates(w, seat))
    if w.split is not None:
        out.extend(split_candidates(w, seat))
    if w.set_down is not None:  # 17b, version 7
        out.extend(set_down_candidates(w, seat))
    if flow.acted:
        out.append(EndImpulse())
    return out


def impulse_refusal(flow: TurnFlow) -> str:
    if not flow.started:
        return "first draw up to four cards, or pass: '65 6a"
    return "not an action of the impulse: '65 6"


#: The phases of the sequence of play, with no window open.

PASS = Rule(pass_refusal, pass_impulse)  # 4f
DRAW = Rule(draw_refusal, draw)  # 6a
END = Rule(started(end_refusal), end)  # 4f, Interpretation 19
FOLLOW = Rule(started(follow_refusal_now), follow)  # 18e, 18h, 18i
ENTER = Rule(started(impulse_enter_refusal), enter)  # 24a
EXIT = Rule(started(impulse_exit_refusal), exit_map)  # 24, 24b
DISCARD = Rule(started(discard_refusal), discard)  # 6d
PLAY = Rule(started(play_refusal), play)  # 6b, 18-22
