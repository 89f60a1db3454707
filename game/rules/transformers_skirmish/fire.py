"""Transformers Skirmish, Fire Phase: an attack along a straight line within the card's
range, and the defender's answer (a Defense card, or taking the hit)."""

from __future__ import annotations

from game.core.api import Event
from game.core.errors import IllegalAction
from game.rules.transformers_skirmish.actions import Attack, Defend, Take
from game.rules.transformers_skirmish.board import aligned, between, distance
from game.rules.transformers_skirmish.cards import CardKind
from game.rules.transformers_skirmish.events import (
    AttackDeclared,
    AttackNegated,
    Phase,
    PhaseStarted,
)
from game.rules.transformers_skirmish.model import GAME, SkirmishModel
from game.rules.transformers_skirmish.view import PendingAttack


def attack(st: SkirmishModel, action: Attack) -> list[Event]:
    st.in_phase(Phase.FIRE, "units attack", "Fire Phase")
    seat = st.active
    spec = st.require_card(seat, action.card, CardKind.ATTACK, "Fire Phase")
    unit = st.own_unit(seat, action.attacker, "Fire Phase")
    st.check_use(unit, spec)
    target = st.units.get(action.target)
    if target is None:
        raise IllegalAction(f"there is no unit {action.target!r}: {GAME}, The Mechs")
    if not target.alive or target.seat == seat:
        raise IllegalAction(f"{target.name} is not an enemy unit on the board: {GAME}, Fire Phase")
    assert unit.square is not None and target.square is not None and spec.range is not None
    if not aligned(unit.square, target.square):
        raise IllegalAction(
            f"attacks go in straight orthogonal or diagonal lines: {GAME}, Fire Phase"
        )
    if distance(unit.square, target.square) > spec.range:
        raise IllegalAction(f"{spec.name} has range {spec.range}: {GAME}, Fire Phase")
    occupied = st.occupied()
    if any(sq in occupied for sq in between(unit.square, target.square)):
        raise IllegalAction(f"units cannot attack through other units: {GAME}, Fire Phase")
    events: list[Event] = [st.spend(seat, spec.id, "play")]
    events.append(
        AttackDeclared(
            attacker=unit.id,
            attacker_name=unit.name,
            target=target.id,
            target_name=target.name,
            card_name=spec.name,
        )
    )
    st.pending = PendingAttack(spec.id, unit.id, target.id)
    if st.hands[1 - seat]:
        st.phase = Phase.DEFEND
        events.append(PhaseStarted(seat=1 - seat, phase=Phase.DEFEND, turn=st.turn))
        return events
    events.extend(st.hit(target))
    return events


def defend(st: SkirmishModel, action: Defend | Take) -> list[Event]:
    st.in_phase(Phase.DEFEND, "attacks are answered", "Fire Phase")
    assert st.pending is not None
    defender = 1 - st.active
    target = st.units[st.pending.target]
    if isinstance(action, Take):
        return st.hit(target)
    spec = st.require_card(defender, action.card, CardKind.DEFENSE, "Fire Phase")
    st.check_use(target, spec)
    events = [st.spend(defender, spec.id, "defend with")]
    events.append(AttackNegated(target_name=target.name, card_name=spec.name))
    events.extend(st.end_turn())
    return events
