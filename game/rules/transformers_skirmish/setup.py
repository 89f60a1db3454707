"""Setup: each side places its units on its back row and makes its designations.

A side puts one unit on each square of its back row, attaches its four Minicons (each to
a different unit) and names four air and four ground types; as soon as one type is full,
the remaining units get the other. The Autobots set up first, then the Deceptacons.
``autosetup`` finishes whatever is left of the acting side's setup at random.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from game.core.api import Action, Event
from game.core.errors import IllegalAction
from game.core.rng import Rng
from game.rules.transformers_skirmish.actions import AutoSetup, Designate, Place, Role
from game.rules.transformers_skirmish.board import Square, back_rank, square_name
from game.rules.transformers_skirmish.cards import Catalog
from game.rules.transformers_skirmish.events import (
    Phase,
    SetupByHand,
    SideSetUp,
    UnitDesignated,
    UnitPlaced,
)
from game.rules.transformers_skirmish.view import Unit


class SetupTable(Protocol):
    """What setup reads and changes of a game: the units, whose setup it is, the phase,
    the dice (for ``autosetup``) and the data. The game state is one (this module sits
    below it, so the import goes one way)."""

    units: dict[str, Unit]
    active: int
    phase: Phase
    rng: Rng

    @property
    def size(self) -> int: ...

    @property
    def catalog(self) -> Catalog: ...


GAME = "Transformers Skirmish"


def _side(state: SetupTable, seat: int) -> list[Unit]:
    return [u for u in state.units.values() if u.seat == seat]


def free_back_squares(state: SetupTable, seat: int) -> list[Square]:
    rank = back_rank(seat, state.size)
    taken = {u.square for u in state.units.values() if u.square is not None}
    return [(f, rank) for f in range(state.size) if (f, rank) not in taken]


def _counts(state: SetupTable, seat: int) -> tuple[int, int, int]:
    units = _side(state, seat)
    return (
        sum(u.minicon for u in units),
        sum(u.kind == "air" for u in units),
        sum(u.kind == "ground" for u in units),
    )


def seat_done(state: SetupTable, seat: int) -> bool:
    units = _side(state, seat)
    minicons, _, _ = _counts(state, seat)
    return (
        all(u.square is not None for u in units)
        and minicons == state.catalog.numbers.minicons
        and all(u.kind is not None for u in units)
    )


def legal_setup(state: SetupTable) -> tuple[Action, ...]:
    seat = state.active
    n = state.catalog.numbers
    units = _side(state, seat)
    out: list[Action] = []
    free = free_back_squares(state, seat)
    for u in units:
        if u.square is None:
            out.extend(Place(u.id, sq) for sq in free)
    minicons, air, ground = _counts(state, seat)
    if minicons < n.minicons:
        out.extend(Designate(Role.MINICON, u.id) for u in units if not u.minicon)
    if air < n.air_units:
        out.extend(Designate(Role.AIR, u.id) for u in units if u.kind is None)
    if ground < n.ground_units:
        out.extend(Designate(Role.GROUND, u.id) for u in units if u.kind is None)
    out.append(AutoSetup())
    return tuple(out)


def _fill_kinds(state: SetupTable, seat: int) -> list[Event]:
    """Once one type has its four units, the units left get the other type."""
    n = state.catalog.numbers
    _, air, ground = _counts(state, seat)
    rest = None
    if air >= n.air_units:
        rest = "ground"
    elif ground >= n.ground_units:
        rest = "air"
    events: list[Event] = []
    if rest is not None:
        for u in _side(state, seat):
            if u.kind is None:
                u.kind = rest
                events.append(UnitDesignated(unit=u.id, name=u.name, role=rest))
    return events


def auto_setup(state: SetupTable, seat: int) -> list[Event]:
    """Finish ``seat``'s setup at random (placement, Minicons, air/ground types)."""
    n = state.catalog.numbers
    events: list[Event] = []
    units = _side(state, seat)
    free = state.rng.shuffled(free_back_squares(state, seat))
    for u in units:
        if u.square is None:
            u.square = free.pop()
            events.append(UnitPlaced(unit=u.id, name=u.name, square=u.square))
    minicons, air, _ = _counts(state, seat)
    without = state.rng.shuffled([u for u in units if not u.minicon])
    for u in without[: n.minicons - minicons]:
        u.minicon = True
        events.append(UnitDesignated(unit=u.id, name=u.name, role="minicon"))
    undecided = state.rng.shuffled([u for u in units if u.kind is None])
    for u in undecided[: max(0, n.air_units - air)]:
        u.kind = "air"
        events.append(UnitDesignated(unit=u.id, name=u.name, role="air"))
    events.extend(_fill_kinds(state, seat))
    return events


def side_summary(state: SetupTable, seat: int) -> SideSetUp:
    """One line for the log on a finished set-up of ``seat``: its back row, Minicons
    and air types, in roster order."""
    units = _side(state, seat)
    minicons = tuple(u for u in units if u.minicon)
    air = tuple(u for u in units if u.kind == "air")
    return SideSetUp(
        seat=seat,
        rank=back_rank(seat, state.size) + 1,
        minicons=tuple(u.id for u in minicons),
        minicon_names=tuple(u.name for u in minicons),
        air=tuple(u.id for u in air),
        air_names=tuple(u.name for u in air),
    )


def by_hand(state: SetupTable) -> SetupByHand:
    """The opening line of a set-up left to the players: who sets up first, and where."""
    return SetupByHand(
        first=0, first_rank=back_rank(0, state.size) + 1, second_rank=back_rank(1, state.size) + 1
    )


def _setup_unit(state: SetupTable, seat: int, unit_id: str) -> Unit:
    unit = state.units.get(unit_id)
    if unit is None:
        raise IllegalAction(f"there is no unit {unit_id!r}: {GAME}, The Mechs")
    if unit.seat != seat:
        raise IllegalAction(f"{unit.name} is not yours to set up: {GAME}, Setup")
    return unit


def _place(state: SetupTable, seat: int, action: Place) -> list[Event]:
    """Setup: a robot goes on a free square of its side's back row (no stacking)."""
    unit = _setup_unit(state, seat, action.unit)
    if unit.square is not None:
        raise IllegalAction(f"{unit.name} is already placed: {GAME}, Setup")
    if action.square not in free_back_squares(state, seat):
        raise IllegalAction(
            f"{square_name(action.square)} is not a free square of your back row "
            f"(units may not stack): {GAME}, Setup"
        )
    unit.square = action.square
    return [UnitPlaced(unit=unit.id, name=unit.name, square=action.square)]


def _designate(state: SetupTable, seat: int, action: Designate) -> list[Event]:
    """Minicons; Ground & Air: a robot gets a Minicon or its type, within the side's counts."""
    unit = _setup_unit(state, seat, action.unit)
    n = state.catalog.numbers
    minicons, air, ground = _counts(state, seat)
    if action.role is Role.MINICON:
        if unit.minicon:
            raise IllegalAction(f"{unit.name} already has a Minicon: {GAME}, Minicons")
        if minicons >= n.minicons:
            raise IllegalAction(f"a side has only {n.minicons} Minicons: {GAME}, Minicons")
        unit.minicon = True
        return [UnitDesignated(unit=unit.id, name=unit.name, role="minicon")]
    if unit.kind is not None:
        raise IllegalAction(f"{unit.name} is already a {unit.kind} type: {GAME}, Ground & Air")
    limit, have = (n.air_units, air) if action.role is Role.AIR else (n.ground_units, ground)
    if have >= limit:
        raise IllegalAction(
            f"a side has only {limit} {action.role.value} types: {GAME}, Ground & Air"
        )
    unit.kind = action.role.value
    events: list[Event] = [UnitDesignated(unit=unit.id, name=unit.name, role=unit.kind)]
    events.extend(_fill_kinds(state, seat))
    return events


#: Each setup action, by its type: ``(state, acting seat, action) -> events``.
SETUP_STEPS: dict[type[Action], Callable[[SetupTable, int, Any], list[Event]]] = {
    Place: _place,
    Designate: _designate,
    AutoSetup: lambda state, seat, _action: auto_setup(state, seat),
}


def apply_setup(state: SetupTable, action: Action) -> list[Event]:
    """Apply one setup action of the acting side; hand over or finish setup when done."""
    seat = state.active
    events = SETUP_STEPS[type(action)](state, seat, action)
    if seat_done(state, seat):
        if seat == 0:
            state.active = 1
        else:
            state.active = 0
            state.phase = Phase.ORDERS  # the caller starts the first turn
    return events
