"""Why a card in hand cannot be played now: short player-facing explanations.

PURE (no pygame). The table greys out every card that no legal action uses and shows the
sentence from :func:`card_reason` when the player points at it. Playability itself comes
only from ``view.legal_actions`` (:func:`playable_cards`); the reasons re-derive the cause
from the public board and the viewer's own hand, so they never reveal anything hidden.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.core.api import Action
from game.rules.transformers_skirmish.actions import (
    Attack,
    Defend,
    Discard,
    Mass,
    Move,
    Play,
)
from game.rules.transformers_skirmish.board import move_destinations
from game.rules.transformers_skirmish.cards import CardKind, CardSpec, Effect, Only
from game.rules.transformers_skirmish.events import SIDE_NAMES, Phase
from game.rules.transformers_skirmish.view import SkirmishView, UnitView

_ONLY_UNITS = {Only.AIR: "air units", Only.GROUND: "ground units", Only.MINICON: "a Minicon"}


def action_card(action: Action) -> str | None:
    """The card an action spends (``None`` for pass, take and setup actions)."""
    if isinstance(action, (Move, Mass, Attack, Defend, Play, Discard)):
        return action.card
    return None


def playable_cards(legal: Iterable[Action]) -> set[str]:
    """Card ids used by at least one legal action: exactly the cards that may be played."""
    return {c for c in (action_card(a) for a in legal) if c is not None}


def _users(view: SkirmishView, seat: int, spec: CardSpec) -> tuple[UnitView, ...]:
    return tuple(u for u in view.living(seat) if u.can_use(spec))


def _only_words(spec: CardSpec) -> str:
    assert spec.only is not None
    if spec.only is Only.MINICON:
        return f"{spec.name} needs a unit with a Minicon"
    return f"{spec.name} is for {_ONLY_UNITS[spec.only]} only"


def _phase_word(kind: CardKind) -> str:
    return {
        CardKind.MOVE: "Move cards are played in your move phase",
        CardKind.ATTACK: "Attack cards are played in your fire phase",
        CardKind.DEFENSE: "Defense cards are kept to cancel an attack on one of your units",
        CardKind.SPECIAL: "Special cards are played in your orders phase",
    }[kind]


def _move_reason(view: SkirmishView, seat: int, spec: CardSpec) -> str:
    users = _users(view, seat, spec)
    if not users:
        return f"{_only_words(spec)}, and you have none left."
    assert spec.range is not None
    occupied = view.occupied()
    size = view.catalog.numbers.board_size
    for u in users:
        assert u.square is not None
        if move_destinations(u.square, spec.range, occupied, size, u.flying):
            return f"{spec.name} cannot be played now."  # legal elsewhere; should not happen
    return f"None of your units that can use {spec.name} has room to move."


def _attack_reason(view: SkirmishView, seat: int, spec: CardSpec) -> str:
    users = _users(view, seat, spec)
    if not users:
        return f"{_only_words(spec)}, and you have none left."
    assert spec.range is not None
    who = "a unit with a Minicon" if spec.only is Only.MINICON else "any of your units"
    if spec.only in (Only.AIR, Only.GROUND):
        who = f"any of your {spec.only.value} units"
    squares = "square" if spec.range == 1 else "squares"
    return (
        f"No enemy within {spec.range} {squares} of {who} on a clear straight line "
        f"(range {spec.range})."
    )


def _defend_reason(view: SkirmishView, spec: CardSpec) -> str:
    if spec.kind is not CardKind.DEFENSE:
        return "Only a Defense card can answer the attack."
    pending = view.pending
    if pending is None:
        return f"{spec.name} cannot be played now."
    target = view.unit(pending.target)
    if spec.only is not None and not target.can_use(spec):
        kind = target.kind or "undecided"
        return f"{_only_words(spec)}; {target.name} is a{'n' * (kind == 'air')} {kind} unit."
    return f"{spec.name} cannot be played now."


def card_reason(view: SkirmishView, card: str) -> str | None:
    """Why the viewer may not play ``card`` now, or ``None`` if a legal action uses it.

    The checks follow the turn: game over, someone else to act, setup, the hand limit,
    the defender's answer, then the card's kind against the phase and finally what the
    board allows (air-only cards without an air unit, Minicon Attack without a Minicon,
    no room to move, no enemy in range on a clear line, nothing to repair).
    """
    if card in playable_cards(view.legal_actions):
        return None
    if view.outcome is not None or view.phase is Phase.OVER:
        return "The game is over."
    seat = view.seat
    if seat is None:
        return "You are watching this game."
    spec = view.catalog.card(card)
    if view.current_player != seat:
        if view.phase is Phase.DEFEND and view.current_player is not None:
            side = SIDE_NAMES[view.current_player]
            return f"The {side} are answering your attack."
        if view.current_player is None:
            return "Nobody is to act."
        return f"It is the {SIDE_NAMES[view.current_player]}' turn."
    if view.phase is Phase.SETUP:
        return "Cards are played once both sides have set up."
    if view.phase is Phase.DEFEND:
        return _defend_reason(view, spec)
    if view.phase is Phase.DISCARD:
        return f"{spec.name} cannot be discarded now."
    wanted = {
        Phase.ORDERS: CardKind.SPECIAL,
        Phase.MOVE: CardKind.MOVE,
        Phase.FIRE: CardKind.ATTACK,
    }.get(view.phase)
    if spec.kind is not wanted:
        now = view.phase.label.lower()
        return f"{_phase_word(spec.kind)} (now: {now})."
    if spec.kind is CardKind.SPECIAL:
        if spec.effect is Effect.REPAIR:
            return "None of your units is damaged."
        return f"{spec.name} cannot be played now."
    if spec.kind is CardKind.MOVE:
        return _move_reason(view, seat, spec)
    return _attack_reason(view, seat, spec)
