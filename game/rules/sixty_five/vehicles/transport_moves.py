"""'65 transport in play (8): a move action that loads or unloads (``load IDS`` /
``unload IDS`` in its text), passengers riding with their carrier, and what befalls
passengers when their carrier is hit (8e, 8f).

Who names whom: a carrier that moves names the passengers it loads or unloads; a Leg
unit that moves names the carrier it boards (``load``) or leaves (``unload``). The case
of 8a follows from where everybody stands (vehicles/transport.py has the allowances):

- carrier moving, ``load`` of passengers in its hex: they board, then it moves half its MF;
- carrier moving, ``load`` of passengers in the hex it moves to: it moves half, they board;
- Leg unit moving, ``load`` of a carrier in the hex it moves to (or in its own hex with
  no path): it moves half its MF and boards;
- carrier moving, ``unload`` of its passengers: it moves half its MF, they get off;
- passenger moving, ``unload`` of its carrier: it gets off and moves half its MF;
- a loaded carrier moving without either word moves its whole MF, the passengers riding.

A Fast Move's extra point is added before halving (8i); a Shaken carrier cannot be
loaded and a Shaken passenger cannot load (8h); Shaken passengers may unload, and then
nobody moves (8g).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from game.core.api import Event
from game.rules.sixty_five.actions import Play
from game.rules.sixty_five.data import BlockDef, Marker
from game.rules.sixty_five.events import HitApplied
from game.rules.sixty_five.helicopters.sight import has_helicopters, is_helicopter
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.vehicles.data import VehicleType
from game.rules.sixty_five.vehicles.events import PassengersLoaded, PassengersUnloaded
from game.rules.sixty_five.vehicles.moves import (
    has_vehicles,
    is_vehicle,
    machines,
    refresh_clutter,
)
from game.rules.sixty_five.vehicles.transport import (
    TransportCase,
    TransportPlan,
    capacity_refusal,
    half_mf,
    rally_carrier,
    unload_refusal,
)
from game.rules.sixty_five.world import World


def is_carrier(unit: Counter) -> bool:
    """8a: a vehicle (17b: or a helicopter) with a circled MF."""
    carries = bool(getattr(unit.type, "carrier", False))
    return carries and (is_vehicle(unit) or is_helicopter(unit))


def passengers_of(world: World, carrier_id: str) -> list[Counter]:
    """8b: the units loaded in ``carrier_id`` (on top of it)."""
    return [u for u in world.live() if u.carrier == carrier_id]


def transport_plan(
    world: World, seat: int, play: Play, block: BlockDef, movers: Sequence[Counter]
) -> TransportPlan | str | None:
    """The load or unload ``play`` asks for (None: neither), or the rule it breaks."""
    if play.load is None and play.unload is None:
        riders = [m for m in movers if m.carrier is not None]
        if riders:
            return f"{riders[0].id} is loaded: it moves with its carrier or unloads: '65 8a"
        return None
    if play.load is not None and play.unload is not None:
        return "a move loads or unloads, not both: '65 8a"
    if block.effect != "move" or block.flat_cost:
        return f"{block.name} neither loads nor unloads: '65 8a, 8j"
    if len(movers) != 1:
        return "loading or unloading activates one carrier or one passenger: '65 8a"
    mover = movers[0]
    named = play.load if play.load is not None else play.unload
    assert named is not None
    others = [world.units.get(u) for u in named]
    if not named or any(o is None or o.eliminated or o.seat != seat for o in others):
        return "name your own units to load or unload: '65 8a"
    if len(set(named)) != len(named):
        return "a unit is named twice: '65 6c"
    parties = [o for o in others if o is not None]
    path = play.path or ()
    end = path[-1] if path else mover.hex
    if play.load is not None:
        plan = _load_plan(world, mover, parties, path, end, block.mf_bonus)
    else:
        plan = _unload_plan(world, mover, parties, path, end, block.mf_bonus)
    if isinstance(plan, str):
        return plan
    return _landed_refusal(world, plan, mover, play) or plan


def _landed_refusal(world: World, plan: TransportPlan, mover: Counter, play: Play) -> str | None:
    """17b: only a Landed helicopter loads or unloads passengers (the mode it declares
    first thing when it is the one activated)."""
    carrier = world.units[plan.carrier]
    if not is_helicopter(carrier):
        return None
    mode = play.mode if mover is carrier and play.mode is not None else carrier.mode
    if mode != "landed":
        return "only a Landed helicopter loads or unloads passengers: '65 17b"
    return None


def _load_plan(
    world: World,
    mover: Counter,
    parties: list[Counter],
    path: Sequence[str],
    end: str | None,
    bonus: int,
) -> TransportPlan | str:
    if is_carrier(mover):
        carrier, passengers = mover, parties
    elif mover.leg and len(parties) == 1 and is_carrier(parties[0]):
        carrier, passengers = parties[0], [mover]
    else:
        return "a carrier (circled MF) loads Leg units: '65 8a"
    if carrier.shaken:
        return f"{carrier.id} is Shaken and cannot be loaded: '65 8h"
    for p in passengers:
        if not p.leg:
            return f"{p.id} is no Leg unit: only Leg units ride: '65 8a"
        if p.carrier is not None:
            return f"{p.id} is loaded already: '65 8a"
        if p.shaken:
            return f"{p.id} is Shaken and cannot load: '65 8h"
        if not p.eligible:
            return f"{p.id} is not an Eligible Unit: '65 4c, 8a"
    riding = [u.type for u in passengers_of(world, carrier.id)]
    kind = carrier.type
    assert isinstance(kind, VehicleType)  # is_carrier: a vehicle counter of vehicles.yaml
    reason = capacity_refusal(kind, [*riding, *(p.type for p in passengers)])
    if reason is not None:
        return reason
    ids = tuple(p.id for p in passengers)
    if mover is carrier:
        mp = half_mf(carrier.values.mf, bonus)
        if all(p.hex == carrier.hex for p in passengers):
            return TransportPlan(TransportCase.LOAD_AND_MOVE, carrier.id, ids, True, mp)
        if path and all(p.hex == end for p in passengers):
            return TransportPlan(TransportCase.MOVE_IN_AND_LOAD, carrier.id, ids, False, mp)
        return "the passengers stand in the carrier's hex or in the hex it moves to: '65 8a"
    mp = half_mf(mover.values.mf, bonus)
    if carrier.hex != end:
        return f"{carrier.id} is not in the hex the passenger moves to: '65 8a"
    return TransportPlan(TransportCase.MOVE_IN_AND_LOAD, carrier.id, ids, False, mp)


def _unload_plan(
    world: World,
    mover: Counter,
    parties: list[Counter],
    path: Sequence[str],
    end: str | None,
    bonus: int,
) -> TransportPlan | str:
    if is_carrier(mover):
        carrier, passengers = mover, parties
    elif mover.carrier is not None and [p.id for p in parties] == [mover.carrier]:
        carrier, passengers = world.units[mover.carrier], [mover]
    else:
        return "a carrier unloads its passengers, or a passenger leaves its carrier: '65 8a"
    for p in passengers:
        if p.carrier != carrier.id:
            return f"{p.id} is not loaded in {carrier.id}: '65 8a"
    shaken = any(p.shaken for p in passengers) or carrier.shaken
    if shaken and path:
        return "Shaken passengers may unload, but then nobody moves: '65 8g"
    ids = tuple(p.id for p in passengers)
    off = [replace(p, carrier=None) for p in passengers]  # counted once they get off
    if mover is carrier:
        stay = [u for u in world.live() if u.hex == end and u.seat == carrier.seat]
        stay = [u for u in stay if u.carrier is None and u is not carrier]
        reason = unload_refusal(
            world.data.rules, off, [*stay, carrier], landed=world.field.landed_stack
        )
        if reason is not None:
            return f"unloading in {end}: {reason}"
        mp = half_mf(carrier.values.mf, bonus)
        return TransportPlan(TransportCase.MOVE_AND_UNLOAD, carrier.id, ids, False, mp)
    if not path:
        stay = [u for u in world.live() if u.hex == mover.hex and u.carrier is None]
        stay = [u for u in stay if u.seat == mover.seat]
        reason = unload_refusal(world.data.rules, off, stay, landed=world.field.landed_stack)
        if reason is not None:
            return f"unloading in {mover.hex}: {reason}"
    mp = half_mf(mover.values.mf, bonus)
    return TransportPlan(TransportCase.UNLOAD_AND_MOVE, carrier.id, ids, True, mp)


def start_transport(world: World, plan: TransportPlan, events: list[Event]) -> None:
    """The part of a legal load or unload that comes before the move."""
    if plan.at_start:
        _transfer(world, plan, events)


def finish_transport(world: World, plan: TransportPlan, events: list[Event]) -> None:
    """The part that comes once the mover has entered its last hex (not if Opportunity
    Fire halted it, 11)."""
    if not plan.at_start:
        _transfer(world, plan, events)


def _transfer(world: World, plan: TransportPlan, events: list[Event]) -> None:
    carrier = world.units[plan.carrier]
    for pid in plan.passengers:
        p = world.units[pid]
        if p.eliminated:
            continue
        if p.marker is None:
            p.marker = Marker.MOVED
        if plan.loading:
            p.carrier, p.hex = carrier.id, carrier.hex
        else:
            p.carrier = None
    if plan.case is TransportCase.UNLOAD_AND_MOVE:  # 8a case 3: the carrier may move half
        shaken = carrier.shaken or any(world.units[p].shaken for p in plan.passengers)
        world.carrier_half = (carrier.id, 0 if shaken else half_mf(carrier.values.mf))
    kind = PassengersLoaded if plan.loading else PassengersUnloaded
    events.append(kind(carrier=carrier.id, passengers=plan.passengers))


def carry_passengers(world: World, carrier_id: str, hex_id: str | None) -> None:
    """8b: loaded passengers ride along with their carrier."""
    for p in world.units.values():
        if p.carrier == carrier_id and not p.eliminated:
            p.hex = hex_id


def passenger_aftermath(world: World, events: list[Event]) -> None:
    """8e: a carrier destroyed (by any attack) puts two hits on each passenger, who is
    then unloaded in the wreck's hex; 8f: a Shaken carrier Shakes its passengers."""
    for p in list(world.units.values()):
        if p.carrier is None or p.eliminated:
            continue
        carrier = world.units[p.carrier]
        fighting = world.fight is not None and carrier.id in world.fight.defenders
        if carrier.eliminated and fighting:
            continue  # 8e: the assault's end hits them and sends them back
        if carrier.eliminated:
            p.carrier = None
            for _ in range(2):
                if not p.eliminated:
                    events.append(HitApplied(unit=p.id, result=p.take_hit().value))
        elif carrier.shaken and not p.shaken:
            p.shaken = True
            events.append(HitApplied(unit=p.id, result="shaken"))


def rally_passengers(world: World, carrier: Counter) -> None:
    """8f: rallying a Shaken carrier rallies its passengers."""
    rally_carrier(carrier, passengers_of(world, carrier.id))


def vehicle_aftermath(world: World, events: list[Event]) -> None:
    """After every action: passengers share their carrier's fate (8e, 8f), a vehicle
    destroyed by any attack (HE on a truck, an assault, 13e) leaves its wreck (9: one a
    hex), and the hexes of vehicles and wrecks degrade LOS (14)."""
    if not (has_vehicles(world) or has_helicopters(world)):
        return
    passenger_aftermath(world, events)
    for uid in machines(world):
        u = world.units[uid]
        if u.eliminated and is_vehicle(u) and u.hex is not None and u.hex not in world.wrecks:
            world.wrecks.append(u.hex)
    refresh_clutter(world)


def passengers_may_fire(world: World, units: Sequence[Counter]) -> bool:
    """Scenarios 4 and 6: every loaded unit among ``units`` is of a kind the scenario
    lets fire from a carrier of the kinds it names (8d forbids it otherwise)."""
    rule = world.passengers_fire
    if rule is None:
        return False
    for u in units:
        if u.carrier is None:
            continue
        carrier = world.units[u.carrier]
        if u.type.id not in rule.units or carrier.type.id not in rule.carriers:
            return False
    return True


def as_firing(world: World, unit: Counter) -> Counter:
    """The unit as it fires: a loaded passenger allowed to fire by the scenario fires
    with the scenario's HEF (scenarios 4 and 6: HEF 1)."""
    rule = world.passengers_fire
    if rule is None or unit.carrier is None:
        return unit
    hef = rule.hef
    kind = unit.type.model_copy(update={"hef": hef, "reduced": None})
    return replace(unit, type=kind, reduced=False)


def engages(world: World, unit: Counter) -> bool:
    """8d: a loaded passenger takes no part in an assault on its hex, unless the
    scenario lets it fight from its carrier (scenarios 4 and 6: with HEF 1)."""
    return unit.carrier is None or passengers_may_fire(world, [unit])


def carriers_lost_in_assault(
    world: World, defenders: Sequence[Counter], away: str | None, events: list[Event]
) -> None:
    """8e: the passengers of a carrier destroyed in an assault take two hits; the
    survivors retreat to the adjacent hex away from the assault, or are eliminated
    where they cannot (13c)."""
    from game.rules.sixty_five.assault.combat import _retreat

    for carrier in defenders:
        if not carrier.eliminated or not is_carrier(carrier):
            continue
        for p in [u for u in world.units.values() if u.carrier == carrier.id]:
            p.carrier = None
            for _ in range(2):
                if not p.eliminated:
                    events.append(HitApplied(unit=p.id, result=p.take_hit().value))
            if not p.eliminated:
                _retreat(world, p, away, events)


def carrier_half_points(world: World, unit: Counter, points: int) -> int:
    """8a case 3: after its passenger got off, the carrier moves at most half its MF
    under the same card; 8g: none at all after Shaken passengers got off."""
    if world.carrier_half is not None and world.carrier_half[0] == unit.id:
        return min(points, world.carrier_half[1])
    return points


def riding(world: World, movers: Sequence[Counter], play: Play) -> bool:
    """8j: Let's Get 'Em! moves carriers too when they carry, load or unload Leg units:
    the move loads or unloads, or every vehicle moving has a passenger aboard."""
    if play.load is not None or play.unload is not None:
        return True
    vehicles = [m for m in movers if not m.leg]
    return bool(vehicles) and all(passengers_of(world, v.id) for v in vehicles)
