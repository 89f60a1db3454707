"""'65 fortifications in play (23): where they stand in a game and what they do there.

The rules are the pure functions of ``terrain/fortifications.py``; this module reads the world
for them. **Foxholes** are ``World.foxholes`` (the scenario's and those dug by Scrape,
18s, alike: Interpretation 19); **bunkers**, **wire** and **rubble** are
``World.fortifications`` (hex id -> :class:`Fortification`). Wire never moves, so the
ground knows it too (``Field.wire``: the Leg units' stop, 23c, in ``movement/rules.py`` and the
Cover Factor -1 in ``Field.cover``). Both are empty, and absent from the snapshot, in a
game without fortifications, so older saves load and replay unchanged.

Hexes are board hex ids (``"2K3"``); a bunker's facing is a hex corner 0-5 as a
vehicle's (``vehicles/facing.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from game.core.errors import DataError
from game.rules.sixty_five.actions import Play
from game.rules.sixty_five.data import BlockDef, BlockKind, MoveClass
from game.rules.sixty_five.model import Counter, Fortification
from game.rules.sixty_five.scenarios.scenario import Fortify
from game.rules.sixty_five.terrain.field import Field
from game.rules.sixty_five.terrain.fortifications import (
    BunkerAttack,
    bunker_cover,
    bunker_fire_refusal,
    bunker_second_wind_refusal,
    placement_refusal,
)
from game.rules.sixty_five.vehicles.data import FortificationRules, load_vehicle_data
from game.rules.sixty_five.vehicles.facing import hex_entry_cost
from game.rules.sixty_five.world import World


def rules() -> FortificationRules:
    """The constants of 23 (``data/vehicle_rules.yaml``)."""
    return load_vehicle_data().rules.fortifications


# -- placing them ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Placed:
    """One fortification put in a hex before the scenario starts (23): by the scenario's
    data, or by a side in its set-up (terrain/fortify_setup.py)."""

    hex: str
    kind: str  # foxhole, bunker, wire, rubble
    facing: int | None = None


def place(world: World, placed: Sequence[Placed]) -> None:
    """Put ``placed`` on the board: foxholes into ``World.foxholes``, bunkers, wire and
    rubble markers into ``World.fortifications``; the wire hexes and their CF change onto
    the ground."""
    for p in placed:
        if p.kind == "foxhole":
            if p.hex not in world.foxholes:
                world.foxholes.append(p.hex)
            continue
        old = world.fortifications.get(p.hex, Fortification())
        if p.kind == "bunker":
            new = Fortification(p.facing, old.wire, old.rubble)
        elif p.kind == "rubble":  # scenario 8's markers (what rubble does: 23b, 14)
            new = Fortification(old.bunker, old.wire, True)
        else:
            new = Fortification(old.bunker, True, old.rubble)
        world.fortifications[p.hex] = new
    wire = frozenset(h for h, f in world.fortifications.items() if f.wire)
    if wire:
        world.field.wire = wire
        world.field.wire_cover = rules().wire_cover
    note_bunkers(world)


def note_bunkers(world: World) -> None:
    """Let the ground know the standing bunkers when a scenario bars a unit type from
    them (``Field.bunkers``: movement/rules.py refuses it the hex)."""
    if world.field.bunker_barred:
        world.field.bunkers = frozenset(
            h for h, f in world.fortifications.items() if f.bunker is not None
        )


def check_placements(
    path: Path, where: str, field: Field, maps: Sequence[str], entries: Sequence[Fortify]
) -> list[Placed]:
    """The scenario's fortifications (``entries``: its ``fortifications`` list, each with
    kind, map, hexes and facing) as board hexes; a ``DataError`` naming
    the file, the key path and what was expected for a map the scenario does not use, a
    hex not on that map, or a building or pond hex (23)."""
    out: list[Placed] = []
    for j, entry in enumerate(entries):
        kind, map_id, hexes, facing = entry.kind, entry.map, entry.hexes, entry.facing
        key = f"{path}: {where}.fortifications[{j}]"
        if map_id not in maps:
            raise DataError(
                f"{key}.map: map {map_id!r} is not one of this scenario's maps "
                f"(expected one of {', '.join(maps)})"
            )
        for k, label in enumerate(hexes):
            hex_id = f"{map_id}{label}"
            if hex_id not in field:
                raise DataError(
                    f"{key}.hexes[{k}]: {label!r} is not a hex of map {map_id} "
                    "(expected a hex label such as K3)"
                )
            refusal = placement_refusal(field.terrain(hex_id).id, rules())
            if kind == "wire" and field.terrain(hex_id).passable:
                refusal = None  # Interpretation 62: the scenario names its Wire's hexes
            if refusal is not None:
                raise DataError(f"{key}.hexes[{k}]: {label}: {refusal}")
            out.append(Placed(hex_id, kind, facing))
    return out


# -- where a unit is -------------------------------------------------------------------------
def bunker_facing(world: World, hex_id: str | None) -> int | None:
    """The facing of the bunker in ``hex_id`` (None: no bunker there, or only rubble)."""
    if hex_id is None or not world.fortifications:
        return None
    fort = world.fortifications.get(hex_id)
    return None if fort is None else fort.bunker


def in_bunker(world: World, unit: Counter) -> bool:
    """23b: every Leg unit in a bunker hex is in the bunker; vehicles never are."""
    return unit.leg and bunker_facing(world, unit.hex) is not None


def in_foxhole(world: World, unit: Counter) -> bool:
    """23a: a Leg unit in a hex with a foxhole is in it (vehicles get nothing from it)."""
    return unit.leg and unit.hex in world.foxholes


def foxhole_in_hex(world: World, units: Sequence[Counter]) -> bool:
    """23a, Interpretation 20: an attack on a whole hex (artillery, a Satchel Charge)
    targets a Leg unit in a foxhole when any of the hex's units is one."""
    return bool(world.foxholes) and any(in_foxhole(world, u) for u in units)


# -- fire ------------------------------------------------------------------------------------
def bunker_cover_bonus(world: World, target: Counter) -> int:
    """23b: +1 CF for a Leg unit in a bunker, on top of the terrain's (and Wire's)."""
    return bunker_cover(target.type, rules()) if in_bunker(world, target) else 0


def hex_bunker_bonus(world: World, hex_id: str, units: Sequence[Counter]) -> int:
    """23b, Interpretation 21: an artillery strike or Satchel Charge on a bunker hex
    draws against the bunker's +1 CF when a Leg unit (in the bunker) is among its
    targets."""
    if bunker_facing(world, hex_id) is None:
        return 0
    return rules().bunker_cover if any(u.leg for u in units) else 0


def bunker_line_refusal(
    world: World,
    firers: Sequence[Counter],
    target: Counter,
    attack: BunkerAttack = BunkerAttack.FIRE,
) -> str | None:
    """23b: a unit in a bunker fires only through its front; a unit in a bunker is fired
    on only through its front (each firing unit's line, Interpretation 22), except by a
    Satchel Charge or artillery."""
    if not world.fortifications:
        return None
    for unit in firers:
        facing = bunker_facing(world, unit.hex) if unit.leg else None
        if facing is not None and unit.hex is not None and target.hex is not None:
            reason = bunker_fire_refusal(world.field, unit.hex, facing, target.hex, attack)
            if reason is not None:
                return f"{unit.id} fires out of its bunker: {reason}"
    facing = bunker_facing(world, target.hex) if target.leg else None
    if facing is None or target.hex is None:
        return None
    for unit in firers:
        if unit.hex is None:
            continue
        reason = bunker_fire_refusal(world.field, target.hex, facing, unit.hex, attack)
        if reason is not None:
            return f"{target.id} is in a bunker: {reason}"
    return None


def out_of_bunker_refusal(
    world: World, firers: Sequence[Counter], from_hex: str, target_hex: str
) -> str | None:
    """23b: Leg units in a bunker make their AP attacks (as their HE ones) through its
    front only; ``from_hex``: where they fire from (Move & Fire: where the move ends)."""
    facing = bunker_facing(world, from_hex)
    if facing is None or not any(u.leg for u in firers):
        return None
    reason = bunker_fire_refusal(world.field, from_hex, facing, target_hex)
    return None if reason is None else f"fire out of the bunker in {from_hex}: {reason}"


def vehicle_entry_mp(world: World, hex_id: str, move_class: MoveClass) -> int | None:
    """23c: the MP a vehicle pays to enter ``hex_id``: Wire costs tracked units (and
    every ground vehicle, Interpretation 10) 3 MP or the terrain's cost if higher; None
    if prohibited. The hook the vehicle mover calls."""
    return hex_entry_cost(
        world.field, hex_id, move_class, wire=world.field.wire, wire_mp=rules().wire_tracked_mp
    )


# -- Second Wind by any card (23b) ------------------------------------------------------------
#: The pseudo-block of any Action card played for a bunker's Second Wind (23b, 18q).
BUNKER_BLOCK = BlockDef(
    id="bunker", name="Second Wind (bunker)", kind=BlockKind.ACTION, effect="bunker_second_wind"
)


def bunker_block_refusal(world: World, card_id: str) -> str | None:
    """23b: any Action card (one with an action block) may be played so."""
    if not any(world.data.blocks[b].kind is BlockKind.ACTION for b in world.card(card_id).blocks):
        return f"{card_id} is not an Action card: '65 23b"
    return None


def bunker_second_wind_legal(world: World, seat: int, play: Play, block: BlockDef) -> str | None:
    """23b, 18q: one unit of this side in a bunker loses its Moved or Fired marker."""
    if not play.units or len(play.units) != 1 or play.target or play.path or play.supports:
        return "Second Wind names one unit: '65 18q"
    unit = world.units.get(play.units[0])
    if unit is None or unit.eliminated or unit.seat != seat:
        return f"{play.units[0]} is not a unit of this player in play: '65 6c"
    return bunker_second_wind_refusal(unit, in_bunker(world, unit))


def bunker_plays(world: World, card_id: str, own: Sequence[Counter]) -> list[Play]:
    """The bunker's Second Wind for each unit of ``own`` that may take it."""
    return [
        Play(card_id, BUNKER_BLOCK.id, (u.id,))
        for u in own
        if in_bunker(world, u) and bunker_second_wind_refusal(u, True) is None
    ]


def has_bunkers(world: World) -> bool:
    """Whether any bunker stands (the candidates offer its Second Wind only then)."""
    return any(f.bunker is not None for f in world.fortifications.values())
