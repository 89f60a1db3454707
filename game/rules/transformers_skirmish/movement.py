"""Transformers Skirmish, Move Phase: one robot along a straight line, or a mass move
of robots straight forward (every one that can, or a named group). Each handler checks
the rule first (``IllegalAction`` naming it), then changes the state and returns the
events."""

from __future__ import annotations

from game.core.api import Event
from game.core.errors import IllegalAction
from game.rules.transformers_skirmish.actions import Mass, Move
from game.rules.transformers_skirmish.board import (
    Square,
    aligned,
    between,
    distance,
    forward,
    mass_advance,
    mass_groups,
    square_name,
)
from game.rules.transformers_skirmish.cards import CardKind, CardSpec
from game.rules.transformers_skirmish.events import Phase, UnitMoved
from game.rules.transformers_skirmish.model import GAME, SkirmishModel


def move(st: SkirmishModel, action: Move) -> list[Event]:
    st.in_phase(Phase.MOVE, "units move", "Move Phase")
    seat = st.active
    spec = st.require_card(seat, action.card, CardKind.MOVE, "Move Phase")
    unit = st.own_unit(seat, action.unit, "Move Phase")
    st.check_use(unit, spec)
    assert unit.square is not None and spec.range is not None
    if unit.square != action.origin:
        raise IllegalAction(
            f"{unit.name} is on {square_name(unit.square)}, not "
            f"{square_name(action.origin)}: {GAME}, Move Phase"
        )
    dest = action.dest
    if not aligned(unit.square, dest):
        raise IllegalAction(
            f"moves go in a straight orthogonal or diagonal line: {GAME}, Move Phase"
        )
    if distance(unit.square, dest) > spec.range:
        raise IllegalAction(
            f"{spec.name} moves at most {spec.range} square{'s' * (spec.range > 1)}: "
            f"{GAME}, Move Phase"
        )
    occupied = st.occupied()
    if not (0 <= dest[0] < st.size and 0 <= dest[1] < st.size):
        raise IllegalAction(f"{square_name(dest)} is off the board: {GAME}, The Map")
    if dest in occupied:
        raise IllegalAction(f"units may not stack on {square_name(dest)}: {GAME}, Setup")
    if not unit.flying and any(sq in occupied for sq in between(unit.square, dest)):
        raise IllegalAction(f"only flying units move through other units: {GAME}, Move Phase")
    events = [st.spend(seat, spec.id, "play")]
    origin = unit.square
    unit.square = dest
    events.append(UnitMoved(unit=unit.id, name=unit.name, origin=origin, dest=dest))
    events.extend(st.begin_phase(Phase.FIRE))
    return events


def mass_result(
    st: SkirmishModel, seat: int, spec: CardSpec, chosen: tuple[str, ...] | None = None
) -> dict[str, Square]:
    """Where each robot of a mass move ends (only those that actually move): the
    ``chosen`` robots, or every robot of ``seat`` that may use the card."""
    assert spec.range is not None
    movers = [
        (u.id, u.square, u.flying)
        for u in st.living(seat)
        if u.can_use(spec) and u.square and (chosen is None or u.id in chosen)
    ]
    return mass_advance(movers, st.occupied(), spec.range, forward(seat), st.size)


def mass_choices(st: SkirmishModel, seat: int, spec: CardSpec) -> list[tuple[str, ...]]:
    """Every group of robots a mass move may name (issue 17), in roster order."""
    assert spec.range is not None
    movers = [
        (u.id, u.square, u.flying)
        for u in st.living(seat)
        if u.can_use(spec) and u.square is not None
    ]
    return mass_groups(movers, st.occupied(), spec.range, forward(seat), st.size)


def check_mass_group(st: SkirmishModel, seat: int, spec: CardSpec, chosen: tuple[str, ...]) -> None:
    """Move Phase (issue 17): the named robots are yours, may use the card, are named
    once each in roster order, and each of them moves."""
    for uid in chosen:
        unit = st.own_unit(seat, uid, "Move Phase")
        st.check_use(unit, spec)
    roster = {uid: i for i, uid in enumerate(st.units)}
    if list(chosen) != sorted(set(chosen), key=roster.__getitem__):
        raise IllegalAction(f"name each robot once, in roster order: {GAME}, Move Phase")
    ends = mass_result(st, seat, spec, chosen)
    for uid in chosen:
        if uid not in ends:
            raise IllegalAction(
                f"{st.units[uid].name} cannot move forward with {spec.name}: {GAME}, Move Phase"
            )


def mass_checks(st: SkirmishModel, action: Mass) -> tuple[CardSpec, dict[str, Square]]:
    """Move Phase: ``IllegalAction`` naming the rule, or the card and where each robot
    of the mass move ends."""
    st.in_phase(Phase.MOVE, "units move", "Move Phase")
    seat = st.active
    spec = st.require_card(seat, action.card, CardKind.MOVE, "Move Phase")
    if not mass_result(st, seat, spec):
        raise IllegalAction(f"no unit can move forward with {spec.name}: {GAME}, Move Phase")
    if action.units is None:
        return spec, mass_result(st, seat, spec)
    check_mass_group(st, seat, spec, action.units)
    return spec, mass_result(st, seat, spec, action.units)


def mass(st: SkirmishModel, action: Mass) -> list[Event]:
    seat = st.active
    spec, result = mass_checks(st, action)
    events = [st.spend(seat, spec.id, "play")]
    for uid in st.units:
        if uid in result:
            unit = st.units[uid]
            assert unit.square is not None
            events.append(UnitMoved(unit=uid, name=unit.name, origin=unit.square, dest=result[uid]))
            unit.square = result[uid]
    events.extend(st.begin_phase(Phase.FIRE))
    return events
