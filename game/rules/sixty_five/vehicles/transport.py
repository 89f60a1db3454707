"""'65 transport (8, 9): carriers (a circled MF) and their passengers.

A carrier takes one Leg unit plus one Hero. Loading and unloading cost half the unit's
Movement Factor, rounded up, with a Fast Move's extra points added before halving (8i).
A loaded passenger sits on top of its carrier, an unloaded one in the same hex below it
(8b); loaded passengers do not count against the hex's stacking (9 example).

Movement points (MP) are whole numbers; functions take plain values or the ``Counter``s
whose state the rules change (hits, Shaken).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from game.rules.sixty_five.data import MoveClass, RulesData, UnitType
from game.rules.sixty_five.model import Counter, HitResult
from game.rules.sixty_five.movement.rules import stacking_refusal
from game.rules.sixty_five.vehicles.data import VehicleType


def half_mf(mf: int, bonus: int = 0) -> int:
    """8a, 8i: half the MF, rounded up, after adding a Fast Move's extra points."""
    return (mf + bonus + 1) // 2


class TransportCase(StrEnum):
    """The loading and unloading cases of 8a."""

    MOVE_IN_AND_LOAD = "move in and load"  # apart: one moves half its MF to the other, loads
    LOAD_AND_MOVE = "load and move"  # same hex, unloaded: load, the carrier moves half
    MOVE_AND_UNLOAD = "move and unload"  # loaded: the carrier moves half, then unloads
    FULL_MOVE = "full move"  # loaded: the carrier moves its whole MF
    UNLOAD_AND_MOVE = "unload and move"  # loaded: unload, each moves half its MF


class Position(StrEnum):
    """8b: where a passenger counter sits."""

    ON_TOP = "on top"  # loaded
    BELOW = "below"  # unloaded, in the carrier's hex


def passenger_position(loaded: bool) -> Position:
    """8b: loaded passengers go on top of the carrier, unloaded ones under it."""
    return Position.ON_TOP if loaded else Position.BELOW


@dataclass(frozen=True)
class Allowance:
    """MP each may spend in one transport case (0: it does not move)."""

    carrier_mp: int
    passenger_mp: int
    loaded_after: bool


def transport_allowance(
    case: TransportCase,
    carrier_mf: int,
    passenger_mf: int,
    *,
    bonus: int = 0,
    mover: str = "carrier",
) -> Allowance:
    """8a, 8i: the MP of each unit in one case. ``bonus`` is a Fast Move's extra points,
    added before halving. In MOVE_IN_AND_LOAD ``mover`` ("carrier" or "passenger") is
    the one that moves; its move ends on loading. The M-113 (MF 6) moves up to 3 MP to
    pick up infantry."""
    carrier_half, passenger_half = half_mf(carrier_mf, bonus), half_mf(passenger_mf, bonus)
    if case is TransportCase.MOVE_IN_AND_LOAD:
        if mover not in ("carrier", "passenger"):
            raise ValueError(f"mover is 'carrier' or 'passenger', not {mover!r}")
        if mover == "carrier":
            return Allowance(carrier_half, 0, True)
        return Allowance(0, passenger_half, True)
    if case is TransportCase.LOAD_AND_MOVE:
        return Allowance(carrier_half, 0, True)
    if case is TransportCase.MOVE_AND_UNLOAD:
        return Allowance(carrier_half, 0, False)
    if case is TransportCase.FULL_MOVE:
        return Allowance(carrier_mf + bonus, 0, True)
    return Allowance(carrier_half, passenger_half, False)


LOADING = (TransportCase.MOVE_IN_AND_LOAD, TransportCase.LOAD_AND_MOVE)
UNLOADING = (TransportCase.MOVE_AND_UNLOAD, TransportCase.UNLOAD_AND_MOVE)


def transport_refusal(
    case: TransportCase,
    *,
    loaded: bool,
    same_hex: bool,
    carrier_shaken: bool,
    passenger_shaken: bool,
) -> str | None:
    """Why ``case`` is not open at the start of the impulse, or None.

    8a: the loading cases need an unloaded pair (apart, or in one hex); the others a
    loaded one. 8h: a Shaken carrier cannot be loaded, a Shaken passenger cannot load.
    8g: Shaken passengers may unload but neither unit does more that impulse (use
    :func:`shaken_unload`)."""
    if case in LOADING:
        if loaded:
            return "the passenger is loaded already: '65 8a"
        if (case is TransportCase.LOAD_AND_MOVE) != same_hex:
            where = "in the same hex" if case is TransportCase.LOAD_AND_MOVE else "apart"
            return f"{case.value} starts with carrier and passenger {where}: '65 8a"
        if carrier_shaken:
            return "a Shaken carrier cannot be loaded: '65 8h"
        if passenger_shaken:
            return "a Shaken passenger cannot load: '65 8h"
        return None
    if not loaded:
        return "the carrier has no passenger: '65 8a"
    if passenger_shaken or carrier_shaken:
        return "Shaken passengers may only unload, and nobody moves: '65 8f, 8g"
    return None


def shaken_unload() -> Allowance:
    """8g: a Shaken passenger unloads, and neither it nor the carrier moves."""
    return Allowance(0, 0, False)


def capacity_refusal(carrier: VehicleType, passengers: Sequence[UnitType]) -> str | None:
    """8a: a carrier (circled MF) takes one Leg unit plus one Hero."""
    if not carrier.carrier:
        return f"{carrier.name} has no circled MF and carries nobody: '65 8a"
    if any(p.move_class is not MoveClass.LEG for p in passengers):
        return "only Leg units ride as passengers: '65 8a"
    if sum(not p.hero for p in passengers) > 1 or sum(p.hero for p in passengers) > 1:
        return "a carrier takes one Leg unit plus one Hero: '65 8a"
    return None


def unload_refusal(
    rules: RulesData,
    unloading: Sequence[Counter],
    in_hex: Sequence[Counter],
    *,
    landed: bool = False,
) -> str | None:
    """8c, 9: passengers unload into the carrier's hex within the stacking limits.
    ``in_hex`` is the friendly units already counted there (the carrier and unloaded
    units; loaded passengers do not count); ``landed``: a Landed helicopter there counts
    as a ground vehicle (9, rules version 9)."""
    return stacking_refusal(rules, [*in_hex, *unloading], landed=landed)


def passenger_fire_refusal(loaded: bool, *, scenario_allows: bool = False) -> str | None:
    """8d: a loaded passenger neither fires nor assaults (a scenario may allow it, as
    scenarios 4 and 6 do for Rifles in M-113s, with HEF 1)."""
    if loaded and not scenario_allows:
        return "a loaded passenger may not fire or assault: '65 8d"
    return None


def lets_get_em_transport_refusal(passengers: int) -> str | None:
    """8j: Let's Get 'Em! moves and loads, moves, or moves and unloads up to two
    passengers (with their carriers)."""
    if passengers > 2:
        return "Let's Get 'Em! moves at most two passengers: '65 8j"
    return None


@dataclass(frozen=True)
class PassengerFate:
    """What a carrier's destruction did to one passenger."""

    unit: str
    hits: tuple[HitResult, ...]
    retreated_to: str | None
    eliminated: bool


def carrier_destroyed(
    passengers: Sequence[Counter],
    *,
    hits: int = 2,
    assault: bool = False,
    retreat_to: str | None = None,
) -> list[PassengerFate]:
    """8e: a carrier destroyed while loaded inflicts two hits on each passenger. In
    Assault Combat the survivors then retreat to ``retreat_to`` (an adjacent hex away from
    the assault), or are eliminated when there is none."""
    out = []
    for unit in passengers:
        taken = []
        for _ in range(hits):
            if unit.eliminated:
                break
            taken.append(unit.take_hit())
        moved_to = None
        if assault and not unit.eliminated:
            if retreat_to is None:
                unit.eliminated = True
            else:
                unit.hex = moved_to = retreat_to
        out.append(PassengerFate(unit.id, tuple(taken), moved_to, unit.eliminated))
    return out


def shake_carrier(carrier: Counter, passengers: Sequence[Counter]) -> None:
    """8f: if a carrier is Shaken, so are its passengers."""
    carrier.shaken = True
    for unit in passengers:
        unit.shaken = True


def rally_carrier(carrier: Counter, passengers: Sequence[Counter]) -> None:
    """8f: rallying a Shaken vehicle rallies its passengers too."""
    carrier.shaken = False
    for unit in passengers:
        unit.shaken = False


@dataclass(frozen=True)
class TransportPlan:
    """A legal load or unload: the case, who, whether it happens before the move
    (``at_start``) or once the mover has entered its last hex, and the mover's MP."""

    case: TransportCase
    carrier: str
    passengers: tuple[str, ...]
    at_start: bool
    mover_mp: int

    @property
    def loading(self) -> bool:
        return self.case in (TransportCase.MOVE_IN_AND_LOAD, TransportCase.LOAD_AND_MOVE)
