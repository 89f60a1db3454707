"""Units moving hex by hex (7) with the Opportunity Fire window (11) at each hex entered.

A window opens for the other player whenever the hex just entered is in the line of
sight and range of one of his Eligible, unshaken units outside that hex (its HE range,
or, version 9, its AP range against a unit that takes AP fire): public facts, so the
window says nothing about his cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from game.core.api import Event
from game.rules.sixty_five.cards.traps import hidden_traps, trap_victim
from game.rules.sixty_five.combat.ranged import range_modifier
from game.rules.sixty_five.events import UnitMoved
from game.rules.sixty_five.helicopters.sight import airborne, unit_sight
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.movement.rules import entry_cost
from game.rules.sixty_five.vehicles.ap_fire import armour_factor
from game.rules.sixty_five.vehicles.events import VehicleTurned
from game.rules.sixty_five.vehicles.fire import ap_range_modifier
from game.rules.sixty_five.vehicles.moves import refresh_clutter
from game.rules.sixty_five.vehicles.transport_moves import carry_passengers, finish_transport
from game.rules.sixty_five.world import Movement, Pending, Window, World


def open_trap_window(world: World, move: Movement, hex_id: str) -> None:
    """18u, 18v (Kickstarter): the other side may spring Punji Stakes or Claymore on a
    unit that just entered ``hex_id`` when a trap fits it and the mover cannot know that
    card to be out of the other's hand (cards/traps.py: the window says nothing of his hand)."""
    other = 1 - move.seat
    for block in hidden_traps(world, move.seat):
        if trap_victim(world, other, block, hex_id) is not None:
            world.pending.append(Pending(other, Window.TRAP, hex_id))
            return


def start_movement(
    world: World,
    seat: int,
    units: tuple[str, ...],
    path: tuple[str, ...],
    then_fire: tuple[str, str, str, str] | None = None,
    facings: tuple[int, ...] | None = None,
    ammo: bool | None = None,
) -> None:
    world.movement = Movement(seat, units, path, 0, then_fire, facings=facings, ammo=ammo)


def _turn_vehicles(world: World, move: Movement, index: int, events: list[Event]) -> None:
    """7b, 15d: the vehicles of the move take the facing of the route's step ``index``
    (a hex entered, or the end)."""
    if move.facings is None:
        return
    for uid in move.units:
        unit = world.units[uid]
        if unit.type.facing and unit.facing != move.facings[index]:
            unit.facing = move.facings[index]
            events.append(VehicleTurned(unit=uid, facing=unit.facing))


def can_opportunity_fire(
    world: World,
    seat: int,
    hex_id: str,
    mover: Counter | None = None,
    movers: Sequence[Counter] = (),
) -> bool:
    """11: some Eligible, unshaken unit of ``seat`` outside ``hex_id`` sees it in range.
    ``movers``: the units entering it; from rules version 9 a unit with an AP weapon has
    the AP range table's reach (up to 12 hexes, 15c) when one of them takes AP fire (a
    hard target, a truck, a helicopter not Flying); version 8 counted the HE range only."""
    ap_target = world.edition >= 9 and any(armour_factor(m) is not None for m in movers)
    for unit in world.live():
        if unit.seat != seat or unit.hex is None or unit.hex == hex_id:
            continue
        if not unit.eligible or unit.shaken:
            continue
        distance = world.field.distance(unit.hex, hex_id)
        in_range = unit.has("sniper") or range_modifier(world.data.rules, distance) is not None
        if (
            not in_range
            and ap_target
            and unit.values.apf is not None
            and unit.values.tm is not None
        ):
            in_range = _in_ap_range(world, distance)
        if in_range and _sees(world, unit, hex_id, mover):
            return True
    return False


def _in_ap_range(world: World, distance: int) -> bool:
    """15c: ``distance`` is within the AP range table."""
    rules = world.data.vehicle_rules
    return rules is not None and ap_range_modifier(rules.ap_range, distance) is not None


def _sees(world: World, unit: Counter, hex_id: str, mover: Counter | None) -> bool:
    """14, 17d: ``unit`` sees ``hex_id``; when the mover is an airborne helicopter, by
    the helicopter's line of sight."""
    if mover is not None and airborne(mover):
        return unit_sight(world.field, unit, replace(mover, hex=hex_id))
    return world.field.los(unit.hex or "", hex_id)


def advance_movement(world: World, events: list[Event]) -> Movement | None:
    """Enter the next hexes until a window opens or the path ends; returns the finished
    movement (for Move & Fire's shot) once every hex is entered, else None."""
    move = world.movement
    while move is not None and not world.pending and world.attack is None:
        if not move.units or move.entered >= len(move.path):
            world.movement = None
            if move.units:
                _turn_vehicles(world, move, len(move.path), events)
                if move.transport is not None:
                    finish_transport(world, move.transport, events)  # 8a
            return move
        hex_id = move.path[move.entered]
        _turn_vehicles(world, move, move.entered, events)
        move.entered += 1
        cost = entry_cost(world.field, hex_id, flat=move.flat) or 0  # 18p, 21e: as paid
        for uid in move.units:
            world.units[uid].hex = hex_id
            events.append(UnitMoved(unit=uid, path=(hex_id,), points=cost))
        if move.facings is not None:
            for uid in move.units:
                carry_passengers(world, uid, hex_id)  # 8b: they ride along
            refresh_clutter(world)  # 14: the vehicle's new hex degrades LOS
        other = 1 - move.seat
        quiet = move.quiet and move.entered >= len(move.path)  # 18t: Sneak into cover
        first = world.units[move.units[0]]
        movers = [world.units[u] for u in move.units]
        if not quiet and can_opportunity_fire(world, other, hex_id, first, movers):
            world.pending.append(Pending(other, Window.OPPORTUNITY, hex_id))
        if world.kickstarter:
            open_trap_window(world, move, hex_id)  # 18u, 18v: on top, answered first
    return None
