"""The '65 computer opponent with vehicles (15, 8, 13e): values for the plays only
vehicles and passengers make. Tanks keep out of the enemy infantry's assault reach,
carriers take their infantry forward while the enemy is far and set them down near it,
and turning in place is worth a little when it brings an enemy vehicle into the front
armour's arc.
"""

from __future__ import annotations

from game.ai.sixty_five.convoy import convoy_move_value, riders_out
from game.ai.sixty_five.plays import Judge
from game.rules.sixty_five.actions import Play
from game.rules.sixty_five.assault.combat import can_assault
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.vehicles.facing import Arc, arc_of
from game.rules.sixty_five.vehicles.moves import facing_of, is_vehicle

#: 13e: a vehicle ending within this many hexes of an enemy that can assault risks it
ASSAULT_REACH = 2
ASSAULT_RISK = 0.35  # value lost for each enemy assaulter within reach
DISMOUNT_NEAR = 3  # hexes: closer than this to the enemy, passengers want out
SOFT_DISMOUNT = 0.4  # scenario 6: riders get out of a soft carrier (a truck) near the enemy
TURN_GAIN = 0.04  # each enemy vehicle brought onto the front armour
PARKED = 2.0  # scenario 6: what a truck's moving costs (see ``soft_risk``)
KILLER_REACH = 5  # hexes: an RPG this near where a truck would stop keeps it parked


def nearest_enemy(judge: Judge, hex_id: str, *, assaulters: bool = False) -> int:
    """Hexes from ``hex_id`` to the nearest enemy on the map (99: none), or to the
    nearest that can assault."""
    field = judge.look.state.world.field
    found = [
        field.distance(hex_id, e.hex)
        for e in judge.look.enemies()
        if e.hex is not None and (not assaulters or can_assault(e))
    ]
    return min(found, default=99)


def assault_risk(judge: Judge, unit: Counter, hex_id: str) -> float:
    """13e: a vehicle defends an assault with HEF 1 and dies on the second hit; each
    enemy that can assault within ``ASSAULT_REACH`` of ``hex_id`` costs value."""
    if not is_vehicle(unit):
        return 0.0
    field = judge.look.state.world.field
    near = sum(
        1
        for e in judge.look.enemies()
        if e.hex is not None and can_assault(e) and field.distance(hex_id, e.hex) <= ASSAULT_REACH
    )
    return ASSAULT_RISK * near


def vehicle_move_value(judge: Judge, play: Play, units: list[Counter]) -> float | None:
    """The value of a move play involving a vehicle or a passenger, None for the plain
    moves of Leg units (the general judge scores them)."""
    w = judge.look.state.world
    if not any(is_vehicle(u) or u.carrier is not None for u in units) and play.load is None:
        return None
    unit = units[0]
    start = unit.hex
    assert start is not None
    path = play.path or ()
    end = path[-1] if path else start
    value = judge.move_value(units, path, True) if path else 0.0
    if not path and play.facings:  # a pivot in place
        before = _front_on(judge, unit, start, facing_of(unit))
        after = _front_on(judge, unit, start, play.facings[-1])
        value += TURN_GAIN * (after - before) - 0.03
    value -= assault_risk(judge, unit, end) - assault_risk(judge, unit, start)
    value -= soft_risk(unit, start, end, judge)
    value += convoy_move_value(judge, unit, path)  # scenario 6: AP fire at the convoy
    near = nearest_enemy(judge, end)
    if play.load is not None:
        value += 0.15 if near > DISMOUNT_NEAR + 2 else -0.2
    if play.unload is not None:
        value += 0.2 if near <= DISMOUNT_NEAR + 1 else -0.15
        if unit.values.af is None and near <= DISMOUNT_NEAR + 2:
            value += SOFT_DISMOUNT  # a truck dies of two hits and its riders with it (8e)
        carrier = unit if is_vehicle(unit) else w.units[play.unload[0]]
        value += riders_out(judge, carrier)  # scenario 6: out of a truck, not an M-113
    if any(p.carrier == unit.id for p in w.live()) and near <= DISMOUNT_NEAR:
        value -= 0.1  # riders so close to the enemy would rather be on foot
    return value


def soft_risk(unit: Counter, start: str, end: str, judge: Judge | None = None) -> float:
    """Scenario 6: a soft vehicle (a truck) stays parked, in the impulse and in the
    Reserve phase alike, while an enemy that destroys it outright (an RPG) is left
    within ``KILLER_REACH`` hexes of where it would stop. Bound to the road, it cannot
    get round the ambush; one RPG hit destroys it with its riders (3 VP to the enemy,
    8e); and each vehicle on a road in kunai or jungle costs the carriers behind it a
    movement point more. Measured (20 games against random, seed 301): trucks always
    driving on won 7-10, always parked 13. Once the RPGs near the road ahead are gone
    (the carriers fight through), it drives for the exit (2 VP each)."""
    if start == end or not is_vehicle(unit) or unit.values.af is not None:
        return 0.0
    if judge is not None and not _killers_near(judge, unit, end):
        return 0.0
    return PARKED


def _killers_near(judge: Judge, unit: Counter, hex_id: str) -> bool:
    """Whether an enemy of a type that destroys ``unit`` outright (scenario 6's
    ``highway.destroyed_by``) stands within ``KILLER_REACH`` of ``hex_id``; without such
    a rule every enemy counts."""
    sc = judge.look.state.scenario
    rule = sc.highway if sc is not None else None
    killers = rule.destroyed_by.get(unit.type.id) if rule is not None else None
    field = judge.look.state.world.field
    return any(
        e.hex is not None
        and (killers is None or e.type.id in killers)
        and field.distance(hex_id, e.hex) <= KILLER_REACH
        for e in judge.look.enemies()
    )


def _front_on(judge: Judge, unit: Counter, hex_id: str, facing: int) -> int:
    """Enemy vehicles that would hit this vehicle's front armour from where they are."""
    field = judge.look.state.world.field
    return sum(
        1
        for e in judge.look.enemies()
        if e.hex is not None
        and e.hex != hex_id
        and is_vehicle(e)
        and arc_of(field, hex_id, facing, e.hex) is Arc.FRONT
    )
