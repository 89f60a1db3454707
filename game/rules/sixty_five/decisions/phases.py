"""The rules of the '65 phases other than the impulse: set-up (23, 24), the initiative
(5b), the Reserve phase (5d) and the clean-up (5e). The table is ``dispatch.PHASES``."""

from __future__ import annotations

from game.core.api import Action, Event
from game.rules.sixty_five.actions import (
    ChooseInitiative,
    Discard,
    Done,
    Enter,
    Exit,
    Fortify,
    Keep,
    Place,
    ReserveMove,
)
from game.rules.sixty_five.candidates import (
    reserve_candidates,
)
from game.rules.sixty_five.data import Marker
from game.rules.sixty_five.decisions.impulse import enter, exit_map
from game.rules.sixty_five.decisions.rule import Rule
from game.rules.sixty_five.events import UnitMoved
from game.rules.sixty_five.helicopters.play import (
    is_helicopter,
)
from game.rules.sixty_five.movement.rules import pathfinding, reserve_refusal
from game.rules.sixty_five.scenarios.exits import (
    exit_candidates,
    exit_edges,
    exit_refusal,
)
from game.rules.sixty_five.scenarios.reinforcements import (
    enter_candidates,
    enter_refusal,
    must_enter_refusal,
)
from game.rules.sixty_five.scenarios.setup import place_candidates, place_refusal
from game.rules.sixty_five.terrain.fortify_setup import (
    fortifications_left,
    fortify_candidates,
    fortify_refusal,
)
from game.rules.sixty_five.turn import TurnFlow
from game.rules.sixty_five.vehicles.moves import (
    reserve_vehicle_refusal,
    reserve_vehicle_turn,
    vehicle_place_refusal,
)
from game.rules.sixty_five.vehicles.transport_moves import carry_passengers


def place_refusal_now(flow: TurnFlow, seat: int, action: Place) -> str | None:
    w = flow.world
    assert flow.scenario is not None
    step = flow.setup_step
    if fortifications_left(w, flow.scenario, step):
        return "the side's fortifications are set up before its units: '65 23, 24"
    reason = place_refusal(w, flow.scenario, step, action.unit, action.hex, w.edition, place=action)
    return reason or vehicle_place_refusal(w, action)


def fortify_refusal_now(flow: TurnFlow, _seat: int, action: Fortify) -> str | None:
    assert flow.scenario is not None
    return fortify_refusal(flow.world, flow.scenario, flow.setup_step, action)  # 23, 24


def set_up(flow: TurnFlow, _seat: int, action: Place | Fortify, events: list[Event]) -> bool:
    flow._place(action, events)
    return True


def setup_candidates(flow: TurnFlow, _seat: int) -> list[Action]:
    w = flow.world
    assert flow.scenario is not None
    if fortifications_left(w, flow.scenario, flow.setup_step):
        return list(fortify_candidates(w, flow.scenario, flow.setup_step))
    return list(place_candidates(w, flow.scenario, flow.setup_step, w.edition))


def bid_refusal(flow: TurnFlow, seat: int, action: ChooseInitiative) -> str | None:
    if action.card not in flow.world.hands[seat]:
        return f"{action.card} is not in this player's hand: '65 5b"
    return None


def bid(flow: TurnFlow, seat: int, action: ChooseInitiative, events: list[Event]) -> bool:
    flow._bid(seat, action.card, events)
    return True


LAID_DISCARD_REFUSAL = "the initiative winner discards one of the cards laid: '65 5b"


def laid_discard_refusal(flow: TurnFlow, seat: int, action: Discard) -> str | None:
    return None if action.card in flow.bids[seat] else LAID_DISCARD_REFUSAL


def laid_discard(flow: TurnFlow, seat: int, action: Discard, events: list[Event]) -> bool:
    flow._initiative_discard(seat, action.card, events)
    return True


def reserve_move_refusal(flow: TurnFlow, seat: int, action: ReserveMove) -> str | None:
    w = flow.world
    unit = w.units.get(action.unit)
    if unit is None or unit.seat != seat or unit.eliminated:
        return f"{action.unit} is not a unit of this player: '65 5d"
    if is_helicopter(unit):
        return "helicopters do not activate in the Reserve phase: '65 17b"
    flat = w.edition >= 9 and pathfinding(unit)  # 21e
    reason = reserve_refusal(w.field, w.data.rules, unit, action.path, w.live(), flat=flat)
    return reason or reserve_vehicle_refusal(w, unit, action.path)


def reserve_move(flow: TurnFlow, _seat: int, action: ReserveMove, events: list[Event]) -> bool:
    w = flow.world
    unit = w.units[action.unit]
    reserve_vehicle_turn(w, unit, action.path, events)  # 7b, 15d
    unit.hex = action.path[-1]
    carry_passengers(w, unit.id, unit.hex)  # 8b
    unit.marker = Marker.MOVED
    events.append(UnitMoved(unit=unit.id, path=action.path, points=len(action.path)))
    return True


def done_refusal(flow: TurnFlow, seat: int, _action: Done) -> str | None:
    # scenario 4: due units must enter this turn
    return must_enter_refusal(flow.world, flow.scenario, flow.turn, seat)


def done(flow: TurnFlow, _seat: int, _action: Done, events: list[Event]) -> bool:
    flow._reserve_done(events)
    return True


def reserve_exit_refusal(flow: TurnFlow, seat: int, action: Exit) -> str | None:
    edges = exit_edges(flow.scenario, seat, flow.bonus)
    return exit_refusal(flow.world, seat, action, edges, reserve=True)


def reserve_enter_refusal(flow: TurnFlow, seat: int, action: Enter) -> str | None:
    return enter_refusal(flow.world, flow.scenario, flow.turn, seat, action, reserve=True)


def reserve_candidates_now(flow: TurnFlow, seat: int) -> list[Action]:
    w = flow.world
    edges = exit_edges(flow.scenario, seat, flow.bonus)
    exits = exit_candidates(w, seat, edges, reserve=True)
    enters = enter_candidates(w, flow.scenario, flow.turn, seat, reserve=True)
    done = [] if must_enter_refusal(w, flow.scenario, flow.turn, seat) else [Done()]
    return [*reserve_candidates(w, seat), *exits, *enters, *done]


def keep_refusal(flow: TurnFlow, seat: int, action: Keep) -> str | None:
    if action.card is not None and action.card not in flow.world.hands[seat]:
        return f"{action.card} is not in this player's hand: '65 5e"
    return None


def keep(flow: TurnFlow, seat: int, action: Keep, events: list[Event]) -> bool:
    flow._keep(seat, action.card, events)
    return True


PLACE = Rule(place_refusal_now, set_up)  # 24
FORTIFY = Rule(fortify_refusal_now, set_up)  # 23, 24
BID = Rule(bid_refusal, bid)  # 5b
LAID_DISCARD = Rule(laid_discard_refusal, laid_discard)  # 5b
RESERVE_MOVE = Rule(reserve_move_refusal, reserve_move)  # 5d
DONE = Rule(done_refusal, done)  # 5d, scenario 4
KEEP = Rule(keep_refusal, keep)  # 5e
RESERVE_EXIT = Rule(reserve_exit_refusal, exit_map)  # 24, 24b: no action spent
RESERVE_ENTER = Rule(reserve_enter_refusal, enter)  # 24a
