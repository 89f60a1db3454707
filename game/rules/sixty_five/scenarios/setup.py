"""'65 scenario set-up (24): the units of each side placed in their zones in the
scenario's order and control of hexes (victory points: scenarios/victory.py)."""

from __future__ import annotations

from collections.abc import Callable

from game.core.memo import forget_on_new_game
from game.rules.sixty_five.actions import Place
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.movement.rules import entry_cost, stacking_refusal
from game.rules.sixty_five.scenarios.highway import aboard_candidates, aboard_refusal, away_refusal
from game.rules.sixty_five.scenarios.scenario import Scenario, step_hexes
from game.rules.sixty_five.scenarios.victory import side_vp
from game.rules.sixty_five.world import World

IdGroups = tuple[tuple[str, ...], ...]
#: step_ids and reinforcement_ids by (which, scenario, unit data), the scenario and the
#: data kept so that their ids stay theirs
_IDS: dict[tuple[str, int, int], tuple[Scenario, object, IdGroups]] = {}
forget_on_new_game(_IDS.clear)


def _once(
    world: World, scenario: Scenario, number: Callable[[World, Scenario], list[list[str]]]
) -> IdGroups:
    """``number``'s ids, worked out once for a scenario and its unit data (both frozen)."""
    key = (number.__name__, id(scenario), id(world.data))
    known = _IDS.get(key)
    if known is None:
        ids = tuple(tuple(group) for group in number(world, scenario))
        known = _IDS[key] = (scenario, world.data, ids)
    return known[2]


def step_ids(world: World, scenario: Scenario) -> list[list[str]]:
    """The unit ids each set-up step places, in id order: ``us_rifle_3`` (numbered on
    across the steps of one side), a Hero by his name when there is only one of him."""
    return [list(ids) for ids in _step_ids(world, scenario)]


def _step_ids(world: World, scenario: Scenario) -> IdGroups:
    """step_ids, worked out once for a scenario and its unit data."""
    return _once(world, scenario, _number_units)


def _number_units(world: World, scenario: Scenario) -> list[list[str]]:
    totals: dict[str, int] = {}
    for step in scenario.setup:
        for type_id, count in step.units.items():
            totals[type_id] = totals.get(type_id, 0) + count
    seen: dict[str, int] = {}
    out: list[list[str]] = []
    for step in scenario.setup:
        ids = []
        for type_id, count in step.units.items():
            hero = world.data.units[type_id].hero
            for _ in range(count):
                seen[type_id] = seen.get(type_id, 0) + 1
                single = hero and totals[type_id] == 1
                ids.append(type_id if single else f"{type_id}_{seen[type_id]}")
        out.append(ids)
    return out


def reinforcement_ids(world: World, scenario: Scenario) -> IdGroups:
    """The unit ids of each reinforcement group (24a), numbered on after the set-up's
    (``us_rifle_8`` after seven set up), a Hero by his name when there is only one;
    worked out once for a scenario and its unit data."""
    return _once(world, scenario, _number_reinforcements)


def _number_reinforcements(world: World, scenario: Scenario) -> list[list[str]]:
    seen: dict[str, int] = {}
    for step in scenario.setup:
        for type_id, count in step.units.items():
            seen[type_id] = seen.get(type_id, 0) + count
    out: list[list[str]] = []
    for group in scenario.reinforcements:
        ids = []
        for type_id, count in group.units.items():
            hero = world.data.units[type_id].hero
            for _ in range(count):
                seen[type_id] = seen.get(type_id, 0) + 1
                single = hero and count == 1 and seen[type_id] == 1
                ids.append(type_id if single else f"{type_id}_{seen[type_id]}")
        out.append(ids)
    return out


def scenario_units(world: World, scenario: Scenario) -> dict[str, Counter]:
    """Every unit of the scenario, off the map (ids: :func:`step_ids`), reinforcements
    (24a) last."""
    units: dict[str, Counter] = {}
    for step, ids in zip(scenario.setup, step_ids(world, scenario), strict=True):
        for uid in ids:
            type_id = uid if uid in step.units else uid.rsplit("_", 1)[0]
            units[uid] = Counter(uid, world.data.units[type_id], step.seat, None)
    groups = scenario.reinforcements
    for group, group_ids in zip(groups, reinforcement_ids(world, scenario), strict=True):
        for uid in group_ids:
            type_id = uid if uid in group.units else uid.rsplit("_", 1)[0]
            units[uid] = Counter(uid, world.data.units[type_id], group.seat, None)
        if group.loaded:
            board_carriers([units[u] for u in group_ids])
    return units


def board_carriers(group: list[Counter]) -> None:
    """24a, 8b (scenario 7): a group's Leg units start loaded in its carriers: one
    non-Hero Leg unit in each carrier in order, then each Hero beside one of them from
    the first carrier on (8a: a carrier takes one Leg unit and one Hero)."""
    carriers = [u for u in group if getattr(u.type, "carrier", False)]
    legs = [u for u in group if u.leg and not u.hero]
    heroes = [u for u in group if u.leg and u.hero]
    for carrier, unit in zip(carriers, legs, strict=False):
        unit.carrier = carrier.id
    for carrier, hero in zip(carriers, heroes, strict=False):
        hero.carrier = carrier.id


def step_units(world: World, scenario: Scenario, index: int) -> list[Counter]:
    """The units set-up step ``index`` places, in id order (placed or not)."""
    return [world.units[u] for u in _step_ids(world, scenario)[index]]


def place_refusal(
    world: World,
    scenario: Scenario,
    index: int,
    unit_id: str,
    hex_id: str,
    version: int = 3,
    *,
    place: Place | None = None,
) -> str | None:
    """24: a unit of this step, not yet placed, into its zone, within stacking (9), and
    never into a hex held by the enemy; from rules version 3 never into prohibited
    terrain (versions 1 and 2 let a unit set up in a pond). Scenario 6: the loaded
    set-up (``place.aboard``; a passenger does not count for stacking) and the distance
    from the enemy (scenarios/highway.py)."""
    step = scenario.setup[index]
    unit = world.units.get(unit_id)
    if unit is None or unit not in step_units(world, scenario, index):
        return f"{unit_id} is not a unit set up now: '65 24"
    if unit.hex is not None:
        return f"{unit_id} is already on the map: '65 24"
    if hex_id not in step_hexes(world.field, step):
        return f"{hex_id} is not in this side's set-up zone: '65 24"
    if version >= 3 and entry_cost(world.field, hex_id) is None:
        return f"{hex_id} is prohibited terrain: '65 7"
    if hex_id in world.field.bunkers and unit.type.id in world.field.bunker_barred:
        return f"{hex_id} holds a bunker: {unit.type.name} may not set up in one: '65 24, 23b"
    here = [u for u in world.live() if u.hex == hex_id]
    if any(u.seat != unit.seat for u in here):
        return f"{hex_id} holds an enemy unit: '65 24"
    reason = away_refusal(world, step, unit, hex_id) or aboard_refusal(
        world, scenario, index, place or Place(unit_id, hex_id), step_units(world, scenario, index)
    )
    if reason is not None or (place is not None and place.aboard is not None):
        return reason  # 9: a loaded passenger does not count for stacking
    reason = stacking_refusal(world.data.rules, [*here, unit], landed=world.field.landed_stack)
    return None if reason is None else f"setting up in {hex_id}: {reason}"


def place_candidates(world: World, scenario: Scenario, index: int, version: int = 2) -> list[Place]:
    """The next unplaced unit of the step into each hex it may take."""
    waiting = [u for u in step_units(world, scenario, index) if u.hex is None]
    if not waiting:
        return []
    unit = waiting[0]
    aboard = aboard_candidates(world, scenario, index, unit, step_units(world, scenario, index))
    if aboard is not None:  # scenario 6: it sets up loaded
        return aboard
    return [
        Place(unit.id, h)
        for h in step_hexes(world.field, scenario.setup[index])
        if place_refusal(world, scenario, index, unit.id, h, version) is None
    ]


def initial_control(world: World, scenario: Scenario) -> dict[str, int]:
    """24: a side controls the hexes it may set up in (the first side's zone first)."""
    control: dict[str, int] = {}
    for step in scenario.setup:
        for h in step_hexes(world.field, step):
            control.setdefault(h, step.seat)
    return control


def update_control(world: World, control: dict[str, int]) -> None:
    """24: the last side to have a unit in a hex controls it (a hex both sides stand in
    keeps its controller)."""
    live = world.live()
    held = control.get
    for u in live:  # asked after every action: a plain loop, not a generator
        if u.hex is not None and held(u.hex) != u.seat:
            break
    else:
        return  # every unit stands in a hex its side controls: nothing changes
    seats: dict[str, int] = {}
    shared: set[str] = set()
    for u in live:
        hex_id = u.hex
        if hex_id is not None and seats.setdefault(hex_id, u.seat) != u.seat:
            shared.add(hex_id)
    for hex_id, seat in seats.items():
        if hex_id not in shared:
            control[hex_id] = seat


def victory_points(world: World, scenario: Scenario, control: dict[str, int]) -> int:
    """The Americans' victory points (seat 0), without Bonus Victory Conditions."""
    return side_vp(world, scenario, control, (), 0)
