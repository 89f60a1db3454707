"""'65 helicopters in play (17): activation by any card, the mode declared first, flying
moves, landing, fire and hits by mode, and what a destroyed helicopter does. The pure
rules are helicopters/rules.py's; here they meet the world, the cards and the flow.

- 17a: any card activates a helicopter as Move, Fire, Move & Fire or Rally (the
  card's own blocks need not say so); Explosive Rounds need a Power card (22c), and a
  Bloodlust block rallies it like any unit (16b).
- 17b: ``mode`` in the play is the mode the helicopter takes first thing (a legal
  change; landing in clear or brush free of enemies, as the ground's one vehicle); only
  a Flying helicopter moves, as far as it likes and whatever the terrain costs, hex to
  hex over the maps; no helicopter acts in the Reserve phase; one entering from off
  the board flies.
- 17c: fire by mode (hits_on), hard targets only from the air, the crash.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core.api import Event
from game.rules.sixty_five.actions import Play
from game.rules.sixty_five.data import BlockDef, CardFace, HitColour
from game.rules.sixty_five.events import HitApplied
from game.rules.sixty_five.helicopters.rules import (
    Mode,
    crash,
    mode_refusal,
    passengers_lost,
    resolve_crash_attack,
)
from game.rules.sixty_five.helicopters.rules import attack_refusal as mode_attack_refusal
from game.rules.sixty_five.helicopters.rules import hits_on as mode_hits_on
from game.rules.sixty_five.helicopters.rules import stacking_refusal as air_stacking_refusal
from game.rules.sixty_five.helicopters.sight import airborne
from game.rules.sixty_five.helicopters.sight import has_helicopters as has_helicopters
from game.rules.sixty_five.helicopters.sight import is_helicopter as is_helicopter
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.scenarios.scenario import Departing
from game.rules.sixty_five.vehicles.data import HelicopterRules
from game.rules.sixty_five.vehicles.events import HelicopterDeparted, HelicopterDown, ModeDeclared
from game.rules.sixty_five.vehicles.moves import drive_facing
from game.rules.sixty_five.vehicles.transport_moves import transport_plan, vehicle_aftermath
from game.rules.sixty_five.world import World

#: 17a: the actions any card gives a helicopter.
HELICOPTER_BLOCKS = ("move", "fire", "move_and_fire", "rally")


def heli_rules(world: World) -> HelicopterRules:
    rules = world.data.vehicle_rules
    assert rules is not None
    return rules.helicopter


def mode_of(unit: Counter) -> Mode:
    """The helicopter's mode now (Flying until it has been given one, 17b)."""
    return Mode(unit.mode) if unit.mode is not None else Mode.FLYING


def declared_mode(unit: Counter, play: Play) -> Mode:
    """17b: the mode the play gives the helicopter, else the one it has."""
    return Mode(play.mode) if play.mode is not None else mode_of(unit)


def helicopter_block(world: World, play: Play) -> BlockDef | None:
    """17a: a Move, Fire, Move & Fire or Rally block played with any card for units that
    are all helicopters; None when the play is not one."""
    if play.block not in HELICOPTER_BLOCKS or not play.units:
        return None
    units = [world.units.get(u) for u in play.units]
    if not all(u is not None and is_helicopter(u) for u in units):
        return None
    return world.data.blocks[play.block]


def soft_targets_in(world: World, hex_id: str, *, strike: bool = False) -> list[Counter]:
    """The soft targets of a hex: units without armour, and helicopters in any mode
    (17c); for artillery (``strike``) only Landed ones (17c). Loaded passengers are
    hit through their carrier (8e)."""
    out = []
    for u in world.live():
        if u.hex != hex_id or u.carrier is not None:
            continue
        if is_helicopter(u):
            if not strike or mode_of(u) is Mode.LANDED:
                out.append(u)
        elif u.values.af is None:
            out.append(u)
    return out


def mode_play_refusal(world: World, seat: int, play: Play) -> str | None:
    """17b: a mode is declared only for one helicopter of the play's units; the change
    must be legal: landing in clear or brush free of enemy units, as the hex's one
    ground vehicle (9); only one Air unit a hex. 5d: never in the Reserve phase (the
    flow has no play there)."""
    if play.mode is None:
        return None
    units = [world.units.get(u) for u in play.units or ()]
    if len(units) != 1 or units[0] is None or not is_helicopter(units[0]):
        return "only a helicopter declares a movement mode: '65 17b"
    unit = units[0]
    if unit.hex is None:
        return f"{unit.id} is not on the map: '65 17b"
    new = Mode(play.mode)
    hex_id = unit.hex
    enemies = [u for u in world.live() if u.hex == hex_id and u.seat != unit.seat]
    reason = mode_refusal(
        new,
        heli_rules(world),
        world.field.terrain(hex_id).id,
        enemy_in_hex=any(not airborne(u) for u in enemies),
        current=mode_of(unit),
    )
    if reason is not None or new is mode_of(unit):
        return reason
    return hex_stacking_refusal(world, hex_id, unit, new)


def hex_stacking_refusal(world: World, hex_id: str, unit: Counter, mode: Mode) -> str | None:
    """9, 17b: ``unit`` in ``hex_id`` with ``mode``: one Air unit a hex; a Landed one is
    the hex's ground vehicle."""
    here = [u for u in world.live() if u.hex == hex_id and u.seat == unit.seat]
    here = [u for u in here if u is not unit and u.carrier is None]
    ground = [u for u in here if not is_helicopter(u)]
    helis = [(u, mode_of(u)) for u in here if is_helicopter(u)] + [(unit, mode)]
    return air_stacking_refusal(world.data.rules, ground, helis)


def helicopter_move_legal(
    world: World, seat: int, play: Play, block: BlockDef, movers: Sequence[Counter]
) -> str | None:
    """17a, 17b: a helicopter's Move (any card): its mode first, then a flight when
    Flying, or loading and unloading when Landed (in place)."""
    if play.target or play.supports:
        return "a helicopter's move names no target and starts no assault: '65 17b"
    if play.facings is not None:
        return "a helicopter turns as it flies: name no facings: '65 17b"
    if len(movers) != 1:
        return "a helicopter moves alone: '65 17b"
    unit = movers[0]
    if not unit.eligible or unit.hex is None:
        return f"{unit.id} is not an Eligible Unit on the map: '65 4c"
    reason = mode_play_refusal(world, seat, play)
    if reason is not None:
        return reason
    plan = transport_plan(world, seat, play, block, movers)  # 8a, 17b
    if isinstance(plan, str):
        return plan
    if plan is not None and play.path:
        return "a helicopter loads or unloads only Landed, and then it does not move: '65 17b"
    if not play.path and plan is None and play.mode is None:
        return "give the path of hexes flown, or a mode: '65 7, 17b"
    return flight_refusal(world, unit, play, movers)


def flight_refusal(
    world: World, unit: Counter, play: Play, movers: Sequence[Counter]
) -> str | None:
    """17b: a helicopter moves alone; only when Flying, as far as it likes and over any
    terrain, hex to hex across the maps (never over a gap: scenario 7's mountain); it
    flies over enemy units but ends in no hex an enemy holds (Interpretation 48) nor
    where another Air unit is (9)."""
    if len(movers) != 1:
        return "a helicopter moves alone: '65 17b"
    mode = declared_mode(unit, play)
    path = play.path or ()
    if not path:
        return None
    if mode is not Mode.FLYING:
        return f"a {mode.value} helicopter does not move: '65 17b"
    here = unit.hex
    assert here is not None
    for hex_id in path:
        if hex_id not in world.field or hex_id not in world.field.neighbours(here):
            return f"{hex_id} is not next to {here}: '65 7, hex to hex"
        here = hex_id
    if len(set(path)) != len(path):
        return "a helicopter's path enters each hex once: '65 17b"
    if any(u.hex == here and u.seat != unit.seat for u in world.live()):
        return f"a helicopter does not end its flight over enemy units ({here}): '65 17b"
    return hex_stacking_refusal(world, here, unit, mode)


def flight_facings(world: World, unit: Counter, path: Sequence[str]) -> tuple[int, ...]:
    """The facing a flying helicopter holds entering each hex and ends with: it turns
    freely to fly forward (17b ignores costs; Interpretation 13: it faces a corner)."""
    face = unit.facing or 0
    here = unit.hex
    assert here is not None
    out = []
    for hex_id in path:
        face = drive_facing(world.field, here, face, hex_id)
        out.append(face)
        here = hex_id
    return (*out, face)


def fire_mode_refusal(world: World, play: Play, target_hard: bool) -> str | None:
    """17b: a Landed helicopter attacks no hard target and uses no Explosive Rounds."""
    lead = world.units.get((play.units or ("",))[0])
    if lead is None or not is_helicopter(lead):
        return None
    power = "explosive_rounds" if play.block == "power" else None
    return mode_attack_refusal(declared_mode(lead, play), target_hard=target_hard, power=power)


def fire_hits_on(
    world: World, lead: Counter, block_hits: tuple[HitColour, ...], play: Play | None = None
) -> tuple[HitColour, ...]:
    """17b: a helicopter's fire hits soft targets by its mode (Hovering on green, Flying
    and Landed on yellow or red): the one ``play`` declares, else the one it has; any
    other unit by the block."""
    if is_helicopter(lead):
        return mode_hits_on(declared_mode(lead, play) if play is not None else mode_of(lead))
    return block_hits


def declare_mode(world: World, play: Play, events: list[Event]) -> None:
    """17b: the helicopter takes the declared mode before its action."""
    if play.mode is None or not play.units:
        return
    unit = world.units[play.units[0]]
    if unit.mode != play.mode:
        unit.mode = play.mode
        events.append(ModeDeclared(unit=unit.id, mode=play.mode))


def aftermath(world: World, events: list[Event]) -> None:
    """After every action: helicopters come down (17c), then the vehicles' aftermath
    (8e, 8f, 9, 14: transport_moves.vehicle_aftermath)."""
    if has_helicopters(world):
        helicopter_aftermath(world, events)
    vehicle_aftermath(world, events)


def helicopter_aftermath(world: World, events: list[Event]) -> None:
    """17c: a destroyed helicopter (its mode still set: not yet come down) loses its
    passengers when Flying or Hovering, then comes down (helicopters.crash): a wreck in
    its hex when Hovering or Landed; a Flying one into one of its two facing hexes,
    drawn with the game's generator; a crash attacks that hex (2 HEF on soft targets,
    -2 AP on hard ones). Its passengers of a Landed one fare as 8e says (the carrier's
    aftermath)."""
    for unit in list(world.units.values()):
        if not (unit.eliminated and is_helicopter(unit) and unit.mode is not None):
            continue
        if unit.hex is None:
            unit.mode = None
            continue
        mode = mode_of(unit)
        unit.mode = None  # come down once
        if passengers_lost(mode):
            for p in world.units.values():
                if p.carrier == unit.id and not p.eliminated:
                    p.eliminated, p.carrier = True, None
                    events.append(HitApplied(unit=p.id, result="eliminated"))
        fall = crash(world.field, unit.hex, unit.facing or 0, mode, heli_rules(world), world.rng)
        events.append(HelicopterDown(unit=unit.id, hex=fall.hex or "", mode=mode.value))
        if fall.hex is None:
            continue
        if fall.wreck and fall.hex not in world.wrecks:
            world.wrecks.append(fall.hex)
        if fall.hef == 0 and fall.apf == 0:
            continue
        soft = [u for u in soft_targets_in(world, fall.hex) if u is not unit]
        hard = [
            (u, u.values.af)
            for u in world.live()
            if u.hex == fall.hex and u.carrier is None and u.values.af is not None
            and (not is_helicopter(u) or mode_of(u) is not Mode.FLYING) and u is not unit
        ]  # fmt: skip

        def draw() -> CardFace | None:
            card = world.draw_spent(events)
            return card

        armoured = [(u, a) for u, a in hard if a is not None]
        resolve_crash_attack(fall, world.field.cover(fall.hex), soft, armoured, draw, events)


def depart(
    world: World, departing: Departing, events: list[Event], *, turn_over: int | None
) -> None:
    """Scenario 7: a helicopter of the departing types that is on the map with nobody
    aboard has unloaded and leaves (``after_unloading``); when turn ``by_turn`` is over
    (``turn_over``), every one still on the map leaves with its passengers. They leave
    play as if by an exit (not eliminated: no VP for the enemy)."""
    for unit in list(world.live()):
        if unit.type.id not in departing.units or unit.hex is None:
            continue
        riders = [p for p in world.live() if p.carrier == unit.id]
        ending = departing.by_turn is not None and turn_over == departing.by_turn
        if not ending and (riders or not departing.after_unloading):
            continue
        for u in (unit, *riders):
            world.exited[u.id] = "air"
            u.hex, u.marker = None, None
        unit.mode = None
        events.append(HelicopterDeparted(unit=unit.id))
