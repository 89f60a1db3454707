"""'65 candidate plays of vehicles and passengers beyond the cheapest paths that every
unit gets (candidates.py): turning in place, backing into a flank hex (7b, 15d), loading
and unloading (8a), AP fire at a truck (10b) and at a bunker itself (23b), a Fixed
Weapon's pivot to bear on Move & Fire (15d). The caller keeps the legal ones."""

from __future__ import annotations

from game.rules.sixty_five.actions import Play
from game.rules.sixty_five.data import BlockDef
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.terrain.bunker_fire import target_name
from game.rules.sixty_five.terrain.fortified import bunker_facing
from game.rules.sixty_five.vehicles.facing import Arc, arc_of, bearing_pivot, flank_hexes
from game.rules.sixty_five.vehicles.moves import facing_of, has_vehicles, is_vehicle
from game.rules.sixty_five.vehicles.transport_moves import is_carrier, passengers_of
from game.rules.sixty_five.world import World


def vehicle_move_plays(world: World, cid: str, block: BlockDef, unit: Counter) -> list[Play]:
    """A vehicle's pivots in place and reverses into each flank hex; a carrier's loading
    of each Leg unit of its hex and unloading of its passengers; a Leg unit boarding a
    carrier of its hex or leaving its own."""
    if unit.hex is None or unit.eliminated or not (has_vehicles(world) or unit.carrier):
        return []  # a Leg unit loaded in a helicopter may get off (17b)
    out: list[Play] = []
    if is_vehicle(unit):
        face = facing_of(unit)
        out += [Play(cid, block.id, (unit.id,), facings=(f,)) for f in range(6) if f != face]
        out += [
            Play(cid, block.id, (unit.id,), path=(h,), facings=(face, face))
            for h in flank_hexes(world.field, unit.hex, face)
        ]
    if is_carrier(unit):
        legs = [
            u
            for u in world.live()
            if u.hex == unit.hex and u.seat == unit.seat and u.leg and u.carrier is None
        ]
        out += [Play(cid, block.id, (unit.id,), load=(u.id,)) for u in legs]
        riders = passengers_of(world, unit.id)
        if riders:
            out.append(Play(cid, block.id, (unit.id,), unload=tuple(u.id for u in riders)))
    elif unit.leg:
        if unit.carrier is not None:
            out.append(Play(cid, block.id, (unit.id,), unload=(unit.carrier,)))
        else:
            out += [
                Play(cid, block.id, (unit.id,), load=(c.id,))
                for c in world.live()
                if c.hex == unit.hex and c.seat == unit.seat and is_carrier(c)
            ]
    return out


def truck_ap_plays(cid: str, block: BlockDef, lead: Counter, target: Counter) -> list[Play]:
    """10b: AP fire at a truck (a soft target with an armour factor for AP)."""
    if lead.values.apf is None or getattr(target.type, "soft_af", None) is None:
        return []
    return [Play(cid, block.id, (lead.id,), target.id, ammo=True)]


def bunker_ap_plays(
    world: World, cid: str, block: BlockDef, lead: Counter, target: Counter
) -> list[Play]:
    """23b: AP fire (or a Satchel Charge) at the bunker a Leg unit fired at stands in
    (``bunker_HEX``)."""
    armed = lead.values.apf is not None or "satchel_charge" in lead.values.powers
    if not armed or not world.fortifications or target.hex is None:
        return []
    if not target.leg or bunker_facing(world, target.hex) is None:
        return []
    return [Play(cid, block.id, (lead.id,), target_name(target.hex))]


def bearing_plays(
    world: World, cid: str, block: BlockDef, unit: Counter, target: Counter
) -> list[Play]:
    """15d: Move & Fire lets a Fixed Weapon pivot in its hex: the least turn that brings
    ``target`` into its front arc, then the shot."""
    if not getattr(unit.type, "fixed_weapon", False) or unit.hex is None or target.hex is None:
        return []
    face = facing_of(unit)
    if arc_of(world.field, unit.hex, face, target.hex) is Arc.FRONT:
        return []
    facing, _ = bearing_pivot(world.field, unit.hex, face, target.hex)
    return [Play(cid, block.id, (unit.id,), target.id, facings=(facing,))]
