"""'65's dispatch table: the actions each decision takes, and for each action type the
rules functions that judge it, carry it out and list it.

A decision is an open window (the top of the world's pending stack: Opportunity Fire 11,
a withdrawal 18k, reactions 20, an assault's defence and result 13, a strike's hits 12,
AP fire 15, a booby trap 18u/18v) or, with none open, the phase of the sequence of play
(set-up 24, the initiative 5b, the impulse 6, the Reserve phase 5d, the clean-up 5e).
:data:`WINDOWS` and :data:`PHASES` give each decision its ``Decision``: per action type a
``Rule`` (``legal``: the rule that refuses it, or None; ``resolve``: carry it out), the
candidates a bot chooses from, and why any other action is refused. The rules themselves
are in ``decisions/`` (windows, impulse, other phases). ``legality.py`` (``why_not``,
``candidate_actions``) and ``state.py`` (``apply``) only look actions up here, so a new
action type is one row of a table.
"""

from __future__ import annotations

from game.core.api import Action, Event
from game.rules.sixty_five import actions as act
from game.rules.sixty_five.decisions import impulse, phases
from game.rules.sixty_five.decisions import windows as win
from game.rules.sixty_five.decisions.blocks import block_of
from game.rules.sixty_five.decisions.rule import Decision, always
from game.rules.sixty_five.turn import Phase, TurnFlow
from game.rules.sixty_five.vehicles.ap_fire import AP_WINDOWS
from game.rules.sixty_five.world import Window

__all__ = ["ENDS_FOLLOW_UPS", "PHASES", "WINDOWS", "block_of", "candidates", "resolve", "why_not"]

#: Actions of the phasing player that end a card's follow-ups (18h, Interpretation 8,
#: 8a, 17b): a second hex, a card's other routes, a carrier's half move, a walk on.
ENDS_FOLLOW_UPS = (act.Play, act.Exit, act.Discard, act.EndImpulse)

#: The open windows: the decision each asks for.
WINDOWS: dict[Window, Decision] = {
    Window.BEFORE_DRAW: win.react_window(win.REACT),  # 20
    Window.HIT: win.react_window(win.REACT),  # 20
    Window.WITHDRAW: win.window(
        act.Withdraw,
        win.WITHDRAW,
        win.or_reactions(lambda flow: bool(flow.world.second_shot), win.withdrawals),
        "the target of Punishing Fire may withdraw or stay: '65 18k",
    ),
    Window.RETREAT: win.window(
        act.Withdraw,
        win.RETREAT,
        win.or_reactions(lambda flow: flow.world.fight is not None, win.retreats),
        "choose where the defenders retreat (withdraw to a hex) or decline: '65 13c",
    ),
    Window.HIT_CHOICE: win.window(
        act.Hit,
        win.HIT_CHOICE,
        win.or_reactions(lambda flow: flow.world.strike is not None, win.victims),
        "name who takes the next hit, or decline for the default: '65 12, 21g",
    ),
    Window.OPPORTUNITY: win.window(
        act.Play,
        win.OPPORTUNITY_FIRE,
        win.opportunity_shots,
        "an enemy unit is moving: fire at it or decline: '65 11",
    ),
    Window.ASSAULT_RESULT: win.react_window(
        win.ASSAULT_ANSWER, "an assault was drawn: answer its result or decline: '65 19g, 20c"
    ),
    Window.ASSAULT: win.react_window(
        win.ASSAULT_DEFENCE, "an enemy assault is coming: answer it or decline: '65 13a"
    ),
    Window.PANIC: win.react_window(
        win.PANIC, "the target is Shaken and reduced: play Panic or decline: '65 19f"
    ),
    Window.REDRAW: win.window(
        act.Redraw,
        win.REDRAW,
        lambda _flow, _seat: [act.Redraw(), act.Decline()],
        "a Damage Draw card missed: redraw it or decline: '65 21h",
    ),
    Window.TRAP: win.react_window(
        win.TRAP, "an enemy unit entered a hex: spring a trap or decline: '65 18u, 18v"
    ),
    **{w: win.react_window(win.STRIKE_REACTION) for w in win.STRIKE_WINDOWS},  # 12, 20
    **{w: win.react_window(win.AP_REACTION) for w in AP_WINDOWS},  # 15, 20
}

#: The phases of the sequence of play, with no window open.
PHASES: dict[Phase, Decision] = {
    Phase.SETUP: Decision(
        {act.Fortify: phases.FORTIFY, act.Place: phases.PLACE},
        phases.setup_candidates,
        always("the scenario's units are set up first: '65 24"),
    ),
    Phase.INITIATIVE: Decision(
        {act.ChooseInitiative: phases.BID},
        lambda flow, seat: [act.ChooseInitiative(c) for c in flow.world.hands[seat]],
        always("each player first lays a card for the initiative: '65 5b"),
    ),
    Phase.INITIATIVE_DISCARD: Decision(
        {act.Discard: phases.LAID_DISCARD},
        lambda flow, seat: [act.Discard(c) for c in flow.bids[seat]],
        always(phases.LAID_DISCARD_REFUSAL),
    ),
    Phase.IMPULSE: Decision(
        {
            act.Pass: impulse.PASS,
            act.Draw: impulse.DRAW,
            act.EndImpulse: impulse.END,
            act.Follow: impulse.FOLLOW,
            act.Enter: impulse.ENTER,
            act.Exit: impulse.EXIT,
            act.Discard: impulse.DISCARD,
            act.Play: impulse.PLAY,
        },
        impulse.impulse_candidates,
        impulse.impulse_refusal,
    ),
    Phase.RESERVE: Decision(
        {
            act.Done: phases.DONE,
            act.Exit: phases.RESERVE_EXIT,
            act.Enter: phases.RESERVE_ENTER,
            act.ReserveMove: phases.RESERVE_MOVE,
        },
        phases.reserve_candidates_now,
        always("only Reserve moves now, no cards: '65 5d"),
    ),
    Phase.CLEAN_UP: Decision(
        {act.Keep: phases.KEEP},
        lambda flow, seat: [act.Keep(None), *(act.Keep(c) for c in flow.world.hands[seat])],
        always("each player keeps at most one card: '65 5e"),
    ),
}
#: Answers to a window, refused with no window open.
_ANSWERS = (act.React, act.Decline, act.Redraw)


def decision(flow: TurnFlow) -> Decision | None:
    """The decision the game waits for: the open window's, else the phase's (None once
    the game is over)."""
    if flow.world.pending:
        return WINDOWS[flow.world.pending[-1].window]
    return PHASES.get(flow.phase)


def why_not(flow: TurnFlow, seat: int, action: Action) -> str | None:
    """The rule that forbids ``seat``'s ``action`` now, or None."""
    if not flow.world.pending and isinstance(action, _ANSWERS):
        return "no reaction window is open: '65 20"
    found = decision(flow)
    if found is None:
        return "the game is over"
    rule = found.takes.get(type(action))
    return found.refusal(flow) if rule is None else rule.legal(flow, seat, action)


def resolve(flow: TurnFlow, seat: int, action: Action, events: list[Event]) -> bool:
    """Carry out ``seat``'s legal ``action``; False when it ends the step (nothing is
    settled after it)."""
    found = decision(flow)
    assert found is not None
    return found.takes[type(action)].resolve(flow, seat, action, events) is not False


def candidates(flow: TurnFlow, seat: int) -> list[Action]:
    """The candidate actions of the decision under way."""
    found = decision(flow)
    return [] if found is None else found.candidates(flow, seat)
