"""'65 scenario 6, Horror on Highway 1 (24): its set-up and road rules, each named by
the scenario's data (``scenario.Aboard``, ``scenario.Highway``,
``scenario.FirstInitiative``) so that any scenario may use them.

- *Loaded set-up*: the step's Leg units of the named types set up aboard one of the
  step's carriers already set up (8a's load: one Leg unit plus one Hero), every carrier
  of the ``carrying`` types ends up with a passenger, one vehicle a hex.
- *No closer than two hexes* to the nearest enemy unit (``SetupStep.away_from_enemy``).
- *Road-bound units* never enter a hex that is not road.
- *A crowded road*: a road hex beside kunai or jungle that holds a vehicle or a wreck
  costs ``clutter_mp`` more to enter (Interpretation 72).
- *RPG on a truck*: an AP hit destroys it outright (vehicles/ap_fire.py asks
  :func:`destroyed_outright`); HE hits Shake it, then destroy it (a one-step unit).
- *First turn*: the named side has the initiative; lacking a Fire card it draws until it
  holds one, discarding the other cards drawn (turn.py asks :func:`first_initiative`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from game.core.api import Event, Tone
from game.rules.sixty_five.actions import Place
from game.rules.sixty_five.events import CardDiscarded, CardsDrawn, Named
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.scenarios.scenario import FirstInitiative, Highway, Scenario, SetupStep
from game.rules.sixty_five.vehicles.transport import capacity_refusal
from game.rules.sixty_five.world import World

GROWTH = ("kunai", "jungle")  # the road "in kunai or jungle" runs beside these


def _is_vehicle(unit: Counter) -> bool:
    return unit.type.move_class.value != "L"


def _is_carrier(unit: Counter) -> bool:
    return _is_vehicle(unit) and bool(getattr(unit.type, "carrier", False))


def aboard_refusal(
    world: World, scenario: Scenario, index: int, place: Place, mine: Sequence[Counter]
) -> str | None:
    """Why this set-up breaks the step's loaded set-up (scenario 6), or None (``mine``:
    the step's units, setup.step_units): a unit of
    the ``aboard`` types names a carrier of the step set up in that hex with room for it
    (8a), every other unit names none; a unit that takes a carrying-type carrier's last
    chance of a non-Hero Leg passenger is refused (Interpretation 74: the Hero rides in
    addition); no second vehicle in a hex."""
    step = scenario.setup[index]
    rule = step.aboard
    unit = world.units[place.unit]
    if rule is None or unit.type.id not in rule.units:
        if place.aboard is not None:
            return f"{unit.id} does not set up aboard a carrier here: '65 24"
        if rule is not None and rule.one_vehicle_a_hex and _is_vehicle(unit):
            if any(_is_vehicle(u) and u.carrier is None for u in _here(world, place.hex)):
                return f"{place.hex} already holds a vehicle: one vehicle a hex ('65 24 scenario 6)"
        return None
    if place.aboard is None:
        return (
            f"{unit.id} sets up loaded in a vehicle: place {unit.id} at HEX aboard CARRIER "
            "('65 24 scenario 6)"
        )
    carrier = world.units.get(place.aboard)
    if carrier is None or carrier not in mine or carrier.hex is None or not _is_carrier(carrier):
        return f"{place.aboard} is not a carrier of this side set up on the map: '65 8a, 24"
    if carrier.hex != place.hex:
        return f"{carrier.id} stands in {carrier.hex}, not {place.hex}: '65 8a"
    riders = [u.type for u in world.units.values() if u.carrier == carrier.id]
    reason = capacity_refusal(carrier.type, [*riders, unit.type])  # type: ignore[arg-type]
    if reason is not None:
        return reason
    waiting = [
        u for u in mine if u.hex is None and u.type.id in rule.units and u is not unit
        and not u.hero
    ]  # fmt: skip
    filled = carrier.id if not unit.hero else None
    empty = [
        c
        for c in mine
        if c.type.id in rule.carrying and c.id != filled and c.hex is not None
        and not any(u.carrier == c.id and not u.hero for u in world.units.values())
    ]  # fmt: skip
    if len(empty) > len(waiting):
        return (
            f"each {empty[0].type.name} must carry a Leg unit and too few are left: "
            "'65 24 scenario 6"
        )
    return None


def _here(world: World, hex_id: str) -> list[Counter]:
    return [u for u in world.live() if u.hex == hex_id]


def away_refusal(world: World, step: SetupStep, unit: Counter, hex_id: str) -> str | None:
    """Scenario 6: no closer than ``away_from_enemy`` hexes to the nearest enemy unit."""
    if step.away_from_enemy is None:
        return None
    near = step.away_from_enemy
    for e in world.live():
        if e.seat != unit.seat and e.hex is not None:
            if world.field.distance(hex_id, e.hex) < near:
                return (
                    f"{hex_id} is closer than {near} hexes to {e.id} in {e.hex}: '65 24 scenario 6"
                )
    return None


def aboard_candidates(
    world: World, scenario: Scenario, index: int, unit: Counter, mine: Sequence[Counter]
) -> list[Place] | None:
    """The places of a unit that sets up aboard (each carrier of the step's units
    ``mine`` it may board), or None when the unit does not set up aboard."""
    rule = scenario.setup[index].aboard
    if rule is None or unit.type.id not in rule.units:
        return None
    out = []
    for c in mine:
        if c.hex is not None and _is_carrier(c):
            place = Place(unit.id, c.hex, aboard=c.id)
            if aboard_refusal(world, scenario, index, place, mine) is None:
                out.append(place)
    return out


# -- the road ------------------------------------------------------------------------------
def growth_roads(world: World) -> frozenset[str]:
    """The road hexes "in kunai or jungle": those next to a kunai or jungle hex
    (Interpretation 72; our road hexes are a terrain of their own)."""
    f = world.field
    known = f.zones.get("growth_roads")
    if known is None:
        known = f.zones["growth_roads"] = tuple(
            h
            for h in f.hexes()
            if f.terrain(h).id == "road" and any(f.terrain(n).id in GROWTH for n in f.neighbours(h))
        )
    return frozenset(known)


def road_hexes(world: World, unit: Counter) -> frozenset[str] | None:
    """Scenario 6: the only hexes a road-bound unit (a truck) may enter, or None for a
    unit free to leave the road (so that move candidates follow the road, not a
    cheaper way across country the rules would refuse)."""
    rule = world.highway
    if rule is None or unit.type.id not in rule.road_only:
        return None
    f = world.field
    known = f.zones.get("road_hexes")
    if known is None:
        known = f.zones["road_hexes"] = tuple(h for h in f.hexes() if f.terrain(h).id == "road")
    return frozenset(known)


def road_refusal(world: World, unit: Counter, path: Sequence[str]) -> str | None:
    """Scenario 6: a road-bound unit (the trucks) never enters a hex that is not road."""
    rule = world.highway
    if rule is None or unit.type.id not in rule.road_only:
        return None
    for h in path:
        if h in world.field and world.field.terrain(h).id != "road":
            return f"{unit.type.name}s may not leave the road ({h} is not road): '65 24 scenario 6"
    return None


def crowd_the_roads(world: World) -> None:
    """Scenario 6: tell the ground which road hexes are in kunai or jungle and what a
    vehicle or wreck there adds to the cost of entering (``Field.crowding``)."""
    rule = world.highway
    if rule is not None and rule.clutter_mp:
        world.field.crowded_roads = growth_roads(world)
        world.field.crowded_mp = rule.clutter_mp


def destroyed_outright(highway: Highway | None, shooter: Counter, target: Counter) -> bool:
    """Scenario 6: an AP hit by one of ``destroyed_by``'s weapons destroys the target
    (an RPG on a truck) without the armour draw."""
    if highway is None:
        return False
    return shooter.type.id in highway.destroyed_by.get(target.type.id, ())


# -- the first turn --------------------------------------------------------------------------
@dataclass(frozen=True, kw_only=True)
class InitiativeGiven(Named):
    """Scenario 6: a side has the turn's initiative without bidding."""

    tone: ClassVar[Tone] = Tone.TURN
    seat: int

    def text(self) -> str:
        return f"{self.side_start(self.seat)} have the initiative this turn (scenario rule)."


def first_initiative(rule: FirstInitiative | None, turn: int) -> int | None:
    """The seat that has the initiative this turn without bidding, or None."""
    if rule is None or rule.turn != turn:
        return None
    return rule.seat


def draw_for_block(world: World, seat: int, block: str, events: list[Event]) -> None:
    """Scenario 6: lacking a card with ``block``, the side draws one card at a time
    until it gets one (kept in the hand), discarding each other card drawn; End Turn
    cards are set aside as ever (5a). Stops when no card is left."""
    hand = world.hands[seat]
    if any(block in world.card(c).blocks for c in hand):
        return
    while True:
        card = world.draw(events)
        if card is None:
            return
        if card.end_turn:
            continue
        if block in card.blocks:
            hand.append(card.id)
            events.append(CardsDrawn(seat=seat, cards=(card.id,), visible_to=frozenset({seat})))
            return
        world.discard.append(card.id)
        events.append(CardDiscarded(seat=seat, card=card.id))
