"""'65 scenario set-up (24): the units of each side placed in their zones in the
scenario's order, control of hexes, and the Americans' victory points at the end."""

from __future__ import annotations

from game.rules.sixty_five.actions import Place
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.movement import stacking_refusal
from game.rules.sixty_five.scenario import Scenario, SetupStep, zone_hexes
from game.rules.sixty_five.world import World


def scenario_units(world: World, scenario: Scenario) -> dict[str, Counter]:
    """Every unit of the scenario, off the map, ids like ``us_rifle_3`` (heroes by name)."""
    units: dict[str, Counter] = {}
    for step in scenario.setup:
        for type_id, count in step.units.items():
            utype = world.data.units[type_id]
            for n in range(1, count + 1):
                uid = type_id if utype.hero and count == 1 else f"{type_id}_{n}"
                units[uid] = Counter(uid, utype, step.seat, None)
    return units


def step_units(world: World, step: SetupStep) -> list[Counter]:
    """The units a set-up step places, in id order (placed or not)."""
    return [u for u in world.units.values() if u.type.id in step.units and u.seat == step.seat]


def place_refusal(world: World, step: SetupStep, unit_id: str, hex_id: str) -> str | None:
    """24: a unit of this step, not yet placed, into its zone, within stacking (9), and
    never into a hex held by the enemy."""
    unit = world.units.get(unit_id)
    if unit is None or unit not in step_units(world, step):
        return f"{unit_id} is not a unit set up now: '65 24"
    if unit.hex is not None:
        return f"{unit_id} is already on the map: '65 24"
    if hex_id not in zone_hexes(world.field, step.zone):
        return f"{hex_id} is not in this side's set-up zone: '65 24"
    here = [u for u in world.live() if u.hex == hex_id]
    if any(u.seat != unit.seat for u in here):
        return f"{hex_id} holds an enemy unit: '65 24"
    reason = stacking_refusal(world.data.rules, [*here, unit])
    return None if reason is None else f"setting up in {hex_id}: {reason}"


def place_candidates(world: World, step: SetupStep) -> list[Place]:
    """The next unplaced unit of the step into each hex it may take."""
    waiting = [u for u in step_units(world, step) if u.hex is None]
    if not waiting:
        return []
    unit = waiting[0]
    return [
        Place(unit.id, h)
        for h in zone_hexes(world.field, step.zone)
        if place_refusal(world, step, unit.id, h) is None
    ]


def initial_control(world: World, scenario: Scenario) -> dict[str, int]:
    """24: a side controls the hexes it may set up in (the first side's zone first)."""
    control: dict[str, int] = {}
    for step in scenario.setup:
        for h in zone_hexes(world.field, step.zone):
            control.setdefault(h, step.seat)
    return control


def update_control(world: World, control: dict[str, int]) -> None:
    """24: the last side to have a unit in a hex controls it."""
    seats: dict[str, set[int]] = {}
    for u in world.live():
        if u.hex is not None:
            seats.setdefault(u.hex, set()).add(u.seat)
    for hex_id, present in seats.items():
        if len(present) == 1:
            control[hex_id] = next(iter(present))


def victory_points(world: World, scenario: Scenario, control: dict[str, int]) -> int:
    """The Americans' victory points (seat 0) under the scenario's victory rules."""
    v = scenario.victory
    vp = 0
    if v.controlled is not None:
        wanted = v.controlled.terrain
        vp += v.controlled.vp * sum(
            1 for h, seat in control.items() if seat == 0 and world.field.terrain(h).id == wanted
        )
    gone = [u for u in world.units.values() if u.eliminated]
    vp += v.enemy_eliminated * sum(1 for u in gone if u.seat == 1)
    vp += v.own_eliminated * sum(1 for u in gone if u.seat == 0)
    return vp
