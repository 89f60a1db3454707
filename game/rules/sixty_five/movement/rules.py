"""'65 movement (7), stacking (9) and the Reserve phase moves (5d).

A path is the list of hexes a unit enters, in order, starting next to its hex. Entering
a hex costs the terrain's movement points (data/terrain.yaml); ponds are prohibited.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from game.rules.sixty_five.data import Marker, MoveClass, RulesData
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.terrain.field import Field

#: 17b: the mode of a grounded helicopter (helicopters.Mode.LANDED, which imports this)
LANDED = "landed"


def pathfinding(unit: Counter) -> bool:
    """21e: a Pathfinder who is neither Shaken nor Ops Complete pays 1 MP per hex (and so
    do the units moving with him)."""
    return unit.has("pathfinder") and not unit.shaken and unit.marker is not Marker.OPS_COMPLETE


def stacking_refusal(
    rules: RulesData, units: Sequence[Counter], *, landed: bool = False
) -> str | None:
    """9: at most three ground units, one Hero and two non-Hero Leg units, and one ground
    vehicle, of one side in a hex. Two Rifles and a Hero stack; three Rifles do not.
    ``landed`` (rules version 9): a Landed helicopter counts as a ground vehicle (9: "a
    grounded Air unit counts as a ground vehicle"); before, every helicopter was left out."""
    limits = rules.stacking
    ground = heroes = legs = vehicles = 0
    for u in units:
        kind = u.type
        if u.carrier is not None:
            continue  # 8b, 9: loaded passengers do not count
        if kind.move_class is MoveClass.FLYING and not (landed and u.mode == LANDED):
            continue  # 9: an Air unit in the air has its own limit (helicopters/rules.py)
        ground += 1
        heroes += kind.hero
        if kind.move_class is not MoveClass.LEG:
            vehicles += 1
        elif not kind.hero:
            legs += 1
    if ground > limits.ground_units:
        return f"more than {limits.ground_units} ground units in a hex: '65 9"
    if heroes > limits.heroes:
        return f"more than {limits.heroes} Hero in a hex: '65 9"
    if legs > limits.leg_non_heroes:
        return f"more than {limits.leg_non_heroes} non-Hero Leg units in a hex: '65 9"
    if vehicles > limits.ground_vehicles:
        return f"more than {limits.ground_vehicles} ground vehicle in a hex: '65 9"
    return None


def entry_cost(field: Field, hex_id: str, *, flat: bool = False) -> int | None:
    """Movement points to enter a hex (7), None if prohibited. ``flat``: Scout (18p) and
    Pathfinder (21e) pay one point per hex. Scenario 6: a vehicle or wreck on a road in
    kunai or jungle costs more (``Field.crowding``)."""
    terrain = field.terrain(hex_id)
    if not terrain.passable:
        return None
    return (1 if flat else math.ceil(terrain.move_cost)) + field.crowding(hex_id)


def terrain_costs(field: Field, *, flat: bool = False) -> dict[str, int | None]:
    """:func:`entry_cost` of every hex of the board without scenario 6's crowding (add
    ``field.crowded_mp`` in a hex of ``field.crowded()``); the terrain never changes, so
    the field keeps the table."""
    memo: dict[bool, dict[str, int | None]] = field.__dict__.setdefault("_terrain_costs", {})
    known = memo.get(flat)
    if known is None:
        known = memo[flat] = {}
        for h in field.hexes():
            terrain = field.terrain(h)
            known[h] = (1 if flat else math.ceil(terrain.move_cost)) if terrain.passable else None
    return known


def path_refusal(
    field: Field,
    rules: RulesData,
    unit: Counter,
    path: Sequence[str],
    points: int,
    counters: Sequence[Counter],
    *,
    flat: bool = False,
    moving_with: Sequence[Counter] = (),
    assault: bool = False,
) -> str | None:
    """Why ``unit`` may not walk ``path`` with ``points`` movement points, or None.

    7: hex to hex, paying each hex's cost; through friendly hexes but never breaking the
    stacking limits (9, at all times: every hex entered is checked with the units that
    stand there); never into an enemy hex (entering one is Assault Combat, 13, which this
    foundation does not resolve yet). 7c: an Eligible unit may always move one hex.
    ``moving_with``: friendly units moving along with it (they do not count in the hexes
    it leaves behind). ``assault``: the path may end in an enemy hex (13a)."""
    if unit.hex is None:
        return f"{unit.id} is not on the map: '65 7"
    if not path:
        return "a move enters at least one hex: '65 7"
    spent = 0
    here = unit.hex
    entered = set(path)
    standing: dict[str, list[Counter]] = {}  # the other units in each hex of the path
    for c in counters:
        if c.hex in entered and not c.eliminated and c is not unit:
            standing.setdefault(c.hex, []).append(c)
    for i, step in enumerate(path):
        if step not in field:
            return f"{step} is not a hex of this board: '65 7"
        if step not in field.neighbours(here):
            return f"{step} is not next to {here}: '65 7, hex to hex"
        cost = entry_cost(field, step, flat=flat)
        if cost is None:
            return f"{step} is prohibited terrain ({field.terrain(step).name}): '65 7"
        others = standing.get(step, [])
        if any(c.seat != unit.seat for c in others):
            if not assault:
                return f"{step} holds an enemy unit: only an assault may enter it: '65 7, 13a"
            if i != len(path) - 1:
                return f"an assault ends the move in the enemy hex {step}: '65 13a"
        stay = [c for c in others if c not in moving_with and c.seat == unit.seat]
        reason = stacking_refusal(rules, [*stay, unit], landed=field.landed_stack)
        if reason is not None:
            return f"entering {step}: {reason}"
        if step in field.bunkers and unit.type.id in field.bunker_barred:
            return f"{step} holds a bunker: {unit.type.name} may not enter one: '65 24, 23b"
        if step in field.wire and unit.leg and i != len(path) - 1:
            return f"{step} holds Wire: a Leg unit stops on entering it: '65 23c"
        spent += cost
        if spent > points and not (i == 0 and len(path) == 1):
            return f"the path costs {spent} movement points, more than {points}: '65 7"
        here = step
    return None


def reserve_refusal(
    field: Field,
    rules: RulesData,
    unit: Counter,
    path: Sequence[str],
    counters: Sequence[Counter],
    *,
    flat: bool = False,
) -> str | None:
    """Reserve phase (5d). A unit beginning more than three hexes from every enemy may
    spend 2 MP (Leg), 3 MP (vehicles) or 1 MP (Shaken), and stops on entering a hex within
    three hexes of an enemy; it may always move one hex. A unit beginning within three
    hexes may move one hex but not into an enemy hex; Shaken, it may not move. Flying units
    do not move in the Reserve phase. ``flat``: a Pathfinder pays 1 MP per hex (21e,
    rules version 9)."""
    if not unit.eligible:
        return f"{unit.id} is not an Eligible Unit: '65 5d"
    if unit.type.move_class is MoveClass.FLYING:
        return "flying units do not move in the Reserve phase: '65 5d"
    if unit.hex is None:
        return f"{unit.id} is off the map; entering the map is not available yet: '65 24a"
    reserve = rules.reserve
    enemies = {c.hex for c in counters if c.seat != unit.seat and c.hex and not c.eliminated}

    def near(hex_id: str) -> bool:
        return near_enemy(field, rules, hex_id, enemies)

    if near(unit.hex):
        if unit.shaken:
            return "a Shaken unit within three hexes of an enemy may not move: '65 5d"
        if len(path) != 1:
            return "within three hexes of an enemy a unit moves one hex: '65 5d"
        return path_refusal(field, rules, unit, path, 1, counters, flat=flat)
    if unit.shaken:
        points = reserve.shaken_mp
    else:
        points = reserve.leg_mp if unit.leg else reserve.vehicle_mp
    for step in path[:-1]:
        if step in field and near(step):
            return f"{step} is within three hexes of an enemy: the move stops there: '65 5d"
    return path_refusal(field, rules, unit, path, points, counters, flat=flat)


def near_enemy(field: Field, rules: RulesData, hex_id: str, enemy_hexes: Iterable[str]) -> bool:
    """5d: whether ``hex_id`` is within three hexes (``reserve.near_enemy``) of one of
    ``enemy_hexes``: a unit starting there moves one hex at most in the Reserve phase
    (none if Shaken), and one starting farther stops on entering such a hex. Read from
    the field's remembered ring round ``hex_id`` (Field.within), not a range per enemy."""
    return not field.within(hex_id, 0, rules.reserve.near_enemy).isdisjoint(enemy_hexes)
