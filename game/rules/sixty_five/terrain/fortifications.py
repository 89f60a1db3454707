"""'65 fortifications (23) and the Scrape card (18s): foxholes, bunkers and wire.

Fortifications stand in any terrain but buildings and ponds. A **foxhole** redraws the
first Hit of a non-assault attack on a Leg unit in it. A **bunker** faces a hex corner
like a vehicle; Leg units in it fire and are fired on through its front only, get +1
CF, and may take a Second Wind with any card; the bunker itself is a hard target of
AF 4. **Wire** stops Leg units, costs tracked units 3 MP and gives CF -1.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from enum import StrEnum

from game.rules.sixty_five.data import CardFace, HitColour, Marker, MoveClass, UnitType
from game.rules.sixty_five.model import Counter, HitResult
from game.rules.sixty_five.terrain.field import Field
from game.rules.sixty_five.vehicles.data import FortificationRules
from game.rules.sixty_five.vehicles.facing import Arc, arc_of
from game.rules.sixty_five.vehicles.fire import Armour


def placement_refusal(terrain: str, rules: FortificationRules) -> str | None:
    """23: fortifications go in any terrain except buildings or ponds."""
    if terrain in rules.no_fortification_terrain:
        return f"no fortification in {terrain}: '65 23"
    return None


# -- foxholes (23a) ------------------------------------------------------------------------


def foxhole_applies(target: UnitType, *, assault: bool) -> bool:
    """23a: a Leg unit in a foxhole hex is in the foxhole; vehicles get nothing from it;
    assault attacks are not affected (every other attack is, artillery too)."""
    return target.move_class is MoveClass.LEG and not assault


def foxhole_draw(
    draw: Callable[[], CardFace | None], hits_on: tuple[HitColour, ...], redraws: int = 1
) -> tuple[Callable[[], CardFace | None], list[str]]:
    """23a: a draw function for a Damage Draw on a unit in a foxhole: the first card(s)
    showing a Hit of a colour in ``hits_on`` are set aside and the next card is dealt in
    their place, its result applied. Returns the function and the list of the card ids
    it redrew (filled as it draws). Use with :func:`combat.damage_draw`."""
    redrawn: list[str] = []

    def next_card() -> CardFace | None:
        card = draw()
        while card is not None and len(redrawn) < redraws and card.hit in hits_on:
            redrawn.append(card.id)
            card = draw()
        return card

    return next_card, redrawn


# -- bunkers (23b) -------------------------------------------------------------------------


class BunkerAttack(StrEnum):
    """How an attack reaches a bunker's occupants (23b)."""

    FIRE = "fire"  # any ranged HEF or APF fire
    ASSAULT = "assault"
    SATCHEL = "satchel"  # the Satchel Charge Power: any facing
    ARTILLERY = "artillery"  # from any facing desired


def occupant_refusal(unit: UnitType, barred: Collection[str] = ()) -> str | None:
    """23b: only Leg units may be in a bunker (vehicles may enter the hex without its
    benefit); a scenario may bar more (scenario 5: the M40)."""
    if unit.move_class is not MoveClass.LEG:
        return "only Leg units may be in a bunker: '65 23b"
    if unit.id in barred:
        return f"{unit.name} may not be in a bunker in this scenario: '65 24"
    return None


def bunker_fire_refusal(
    field: Field, bunker: str, facing: int, other: str, attack: BunkerAttack = BunkerAttack.FIRE
) -> str | None:
    """23b: units in a bunker fire only through its front; non-assault attacks on them
    come only through its front, except the Satchel Charge (any facing) and artillery
    (any facing it likes). The same check serves both directions: ``other`` is the hex
    fired at or fired from."""
    if attack in (BunkerAttack.ASSAULT, BunkerAttack.SATCHEL, BunkerAttack.ARTILLERY):
        return None
    if arc_of(field, bunker, facing, other) is Arc.FRONT:
        return None
    return "fire into or out of a bunker passes its front facing only: '65 23b"


def bunker_cover(unit: UnitType, rules: FortificationRules) -> int:
    """23b: +1 CF for a Leg unit in a bunker, on top of the terrain's."""
    return rules.bunker_cover if unit.move_class is MoveClass.LEG else 0


def bunker_second_wind_refusal(unit: Counter, in_bunker: bool) -> str | None:
    """23b: any action card gives one unit in a bunker the effect of Second Wind (18q):
    it removes a Moved or Fired marker."""
    if not in_bunker:
        return "only a unit in a bunker takes Second Wind with any card: '65 23b"
    if unit.marker not in (Marker.MOVED, Marker.FIRED):
        return "Second Wind removes a Moved or Fired marker: '65 18q"
    return None


@dataclass(frozen=True)
class BunkerResult:
    """What an AP attack on the bunker itself did (23b)."""

    destroyed: bool  # replaced by Rubble
    rubble: str | None  # the terrain id the hex turns into
    hits: dict[str, tuple[HitResult, ...]]  # per occupant


def bunker_hit(
    armour: Armour, occupants: Sequence[Counter], rules: FortificationRules
) -> BunkerResult:
    """23b: the bunker attacked as a hard target (AF 4, from any facing): Destroyed puts
    Rubble in its place and two Hits on each unit inside; Shaken Shakes them all; any
    other result does nothing. Artillery (12) never destroys a hard target, so
    :func:`vehicle_fire.artillery_armour_result` gives at most Shaken."""
    hits: dict[str, tuple[HitResult, ...]] = {}
    if armour.destroys:
        for unit in occupants:
            taken = []
            for _ in range(rules.bunker_hits_destroyed):
                if unit.eliminated:
                    break
                taken.append(unit.take_hit())
            hits[unit.id] = tuple(taken)
        return BunkerResult(True, rules.rubble_terrain, hits)
    if armour is Armour.SHAKEN:
        for unit in occupants:
            if not unit.shaken:
                unit.shaken = True
                hits[unit.id] = (HitResult.SHAKEN,)
    return BunkerResult(False, None, hits)


# -- wire (23c) ----------------------------------------------------------------------------


@dataclass(frozen=True)
class WireEntry:
    """23c: entering a wire hex: whether the unit must stop, and the MP it costs (None:
    the terrain's cost)."""

    stop: bool
    mp: int | None


def wire_entry(move_class: MoveClass, rules: FortificationRules) -> WireEntry:
    """23c: Leg units stop on entering; tracked units pay 3 MP (and so do wheeled and
    off-road ones, Interpretations); helicopters fly over it."""
    if move_class is MoveClass.LEG:
        return WireEntry(True, None)
    if move_class is MoveClass.FLYING:
        return WireEntry(False, None)
    return WireEntry(False, rules.wire_tracked_mp)


def wire_cover(terrain_cover: int, rules: FortificationRules) -> int:
    """23c: a wire hex's Cover Factor is 1 less (CF -1 added to the terrain's)."""
    return terrain_cover + rules.wire_cover


# -- Scrape (18s) --------------------------------------------------------------------------


def scrape_refusal(
    unit: Counter, terrain: str, rules: FortificationRules, *, foxhole_there: bool
) -> str | None:
    """18s: a non-Hero Leg unit that is an Eligible Unit digs a foxhole in its hex (not
    in a building or pond, 23; not where there is one already)."""
    if unit.hero or not unit.leg:
        return "only a non-Hero Leg unit may Scrape: '65 18s"
    if not unit.eligible:
        return f"{unit.id} is not an Eligible Unit: '65 4c"
    if foxhole_there:
        return "the hex has a foxhole already: '65 18s"
    return placement_refusal(terrain, rules)


def scrape(unit: Counter) -> bool:
    """18s: the unit is marked Ops Complete and the player may take another action (the
    return value: True)."""
    unit.marker = Marker.OPS_COMPLETE
    return True
