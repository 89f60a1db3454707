"""'65 ranged combat against soft targets (10): the firepower sum and the Damage Draw.

``plan_fire`` derives every number of an attack (range, HEF of the lead unit and of the
supporting units, range modifier, card bonuses, moving target, cover) or names the rule
that forbids it; ``damage_draw`` resolves the draw card by card. Both are plain
functions on plain values so each rule is tested alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.rules.sixty_five.data import CardFace, HitColour, Marker, RulesData, SixtyFiveData
from game.rules.sixty_five.helicopters.sight import is_helicopter, unit_sight
from game.rules.sixty_five.model import Counter, HitResult
from game.rules.sixty_five.terrain.field import Field
from game.rules.sixty_five.vehicles.data import load_vehicle_data
from game.rules.sixty_five.vehicles.facing import fixed_weapon_refusal


@dataclass(frozen=True)
class FirePlan:
    """The numbers of one attack on a soft target (10b3). ``damage_draw`` is how many
    cards are drawn; at zero or less the attack is aborted (it still was the action)."""

    range: int
    lead_hef: int
    range_modifier: int
    smoke: int
    supporting_hef: int
    card_bonus: int
    moving_target: int
    difficult_target: int
    cover_factor: int

    @property
    def damage_draw(self) -> int:
        return (
            self.lead_hef
            + self.range_modifier
            - self.smoke
            + self.supporting_hef
            + self.card_bonus
            + self.moving_target
            - self.difficult_target
            - self.cover_factor
        )

    @property
    def aborted(self) -> bool:
        return self.damage_draw <= 0

    def numbers(self) -> dict[str, int]:
        """The named numbers, for the rules calculator and the log."""
        return {
            "range": self.range,
            "hef": self.lead_hef,
            "range_modifier": self.range_modifier,
            "smoke": self.smoke,
            "supporting_hef": self.supporting_hef,
            "card_bonus": self.card_bonus,
            "moving_target": self.moving_target,
            "difficult_target": self.difficult_target,
            "cover_factor": self.cover_factor,
            "damage_draw": self.damage_draw,
        }


def range_modifier(rules: RulesData, distance: int) -> int | None:
    """HE range modifier (10b3); None beyond the longest band (out of range)."""
    for band in rules.he_range:
        if distance <= band.max_range:
            return band.hef
    return None


def fire_reach(data: SixtyFiveData, unit: Counter) -> int | None:
    """The longest range in hexes at which ``unit`` may fire at a unit at all: the end
    of the HE range table (10b1) or, longer, of the AP range table (15c); None for a
    Sniper, whose lone fire ignores the range (22)."""
    if unit.has("sniper"):
        return None
    longest = max(band.max_range for band in data.rules.he_range)
    if data.vehicle_rules is not None:
        longest = max(longest, *(band.max_range for band in data.vehicle_rules.ap_range))
    return longest


def fire_refusal(
    field: Field,
    rules: RulesData,
    lead: Counter,
    supporters: Sequence[Counter],
    target: Counter,
    counters: Sequence[Counter],
    *,
    reloading: bool = False,
    max_range: int | None = None,
    flanking: bool = False,
    passengers_fire: bool = False,
) -> str | None:
    """Why this fire may not happen (the rule), or None. ``counters`` is every unit.

    Supporting units stand in the lead unit's hex (10d2), except one: from any other hex
    with Flanking Fire (18g), or from an adjacent hex when an unshaken unit with the
    Inspirational ability, not Ops Complete, is in the lead unit's hex (21d)."""
    if lead.hex is None or target.hex is None or target.eliminated:
        return "both the firer and the target must be on the map: '65 10a"
    if lead.seat == target.seat:
        return "the target must be an enemy unit: '65 10a"
    if target.values.af is not None and not is_helicopter(target):  # 17c: soft in any mode
        return "HE fire does not harm a hard target; it takes AP fire: '65 10b, 15"
    if target.carrier is not None:
        return "a loaded passenger is hit only through its carrier: '65 8b, 8e"
    if any(u.carrier is not None and not passengers_fire for u in (lead, *supporters)):
        return "a loaded passenger may not fire: '65 8d"
    for unit in (lead, *supporters):
        if reloading:
            if unit.marker is not Marker.FIRED or unit.eliminated:
                return f"{unit.id} is not marked Fired: '65 18o, Reload & Fire"
        elif not unit.eligible:
            return f"{unit.id} is not an Eligible Unit (marked or gone): '65 4c"
        if unit.shaken:
            return f"{unit.id} is Shaken and cannot fire: '65 10c"
        if unit.seat != lead.seat:
            return f"{unit.id} is not a friendly unit: '65 10d2"
    if reloading and supporters:
        return "Reload & Fire activates one unit: '65 10d2 note"
    outside = [u for u in supporters if u.hex != lead.hex]
    if outside:
        reason = _outsider_refusal(field, rules, lead, outside, target, counters, flanking)
        if reason is not None:
            return reason
    if len({u.id for u in (lead, *supporters)}) != 1 + len(supporters):
        return "a unit is named twice: '65 10d2"
    enemies = [c for c in counters if c.seat != lead.seat and not c.eliminated]
    if any(c.hex == lead.hex for c in enemies):
        return "units cannot fire out of a hex they share with an enemy: '65 10a"
    if target.hex == lead.hex:
        return "ranged combat is against a unit in another hex: '65 10"
    distance = field.distance(lead.hex, target.hex)
    sniper = lead.has("sniper") and not supporters
    if not sniper:
        if range_modifier(rules, distance) is None:
            return f"range {distance} is beyond the HE range table: '65 10b1"
        if max_range is not None and distance > max_range:
            return f"range {distance} is over this action's {max_range} hexes: '65 18"
    for unit in (lead, *supporters):  # 15d: a Fixed Weapon fires through its front arc
        reason = fixed_weapon_refusal(field, unit, target.hex)
        if reason is not None:
            return reason
    if not unit_sight(field, lead, target):  # 14, 17d
        return f"no line of sight from {lead.hex} to {target.hex}: '65 14"
    if target.hero and not sniper:
        others = [c for c in enemies if c.hex == target.hex and c is not target]
        if others:
            return "a Hero cannot be the target while another unit shares his hex: '65 10d1"
    for unit in supporters:
        assert unit.hex is not None
        reach = field.distance(unit.hex, target.hex)
        if unit.hef + (range_modifier(rules, reach) or 0) < 1:
            return f"{unit.id} has no HEF at range {reach}: '65 10d2"
    return None


def _outsider_refusal(
    field: Field,
    rules: RulesData,
    lead: Counter,
    outside: Sequence[Counter],
    target: Counter,
    counters: Sequence[Counter],
    flanking: bool,
) -> str | None:
    """18g, 21d: the one supporting unit from another hex."""
    assert lead.hex is not None and target.hex is not None
    if len(outside) > 1:
        return "only one unit from another hex may join the fire: '65 18g, 21d"
    unit = outside[0]
    assert unit.hex is not None
    if not flanking:
        inspiring = [
            c
            for c in counters
            if c.hex == lead.hex and c.seat == lead.seat and c.has("inspirational")
            and not c.shaken and c.marker is not Marker.OPS_COMPLETE and not c.eliminated
        ]  # fmt: skip
        if not inspiring:
            return f"{unit.id} is not in the lead unit's hex: '65 10d2, multiple attackers"
        if field.distance(unit.hex, lead.hex) != 1:
            return f"{unit.id} must be next to the Inspirational unit's hex: '65 21d"
    if any(c.hex == unit.hex and c.seat != unit.seat and not c.eliminated for c in counters):
        return f"{unit.id} shares its hex with an enemy: '65 10a"
    if range_modifier(rules, field.distance(unit.hex, target.hex)) is None:
        return f"{unit.id} is out of range of the target: '65 10d2"
    if not unit_sight(field, unit, target):  # 14, 17d
        return f"{unit.id} has no line of sight to the target: '65 14"
    return None


def flank_bonus(field: Field, lead: Counter, supporters: Sequence[Counter], target: Counter) -> int:
    """18g: +1 when the fire enters the target's hex from different hex sides (a line
    along a corner enters by both sides beside it)."""
    assert lead.hex is not None and target.hex is not None
    outside = [u for u in supporters if u.hex != lead.hex]
    if not outside or outside[0].hex is None:
        return 0
    a = field.entry_sides(lead.hex, target.hex)
    b = field.entry_sides(outside[0].hex, target.hex)
    return 1 if not a & b else 0


def plan_fire(
    field: Field,
    rules: RulesData,
    lead: Counter,
    supporters: Sequence[Counter],
    target: Counter,
    counters: Sequence[Counter],
    *,
    card_bonus: int = 0,
    cover_bonus: int = 0,
    flanking: bool = False,
) -> FirePlan:
    """The firepower of a legal attack (10b3, 10d2, 10d3, 21c, 21g).

    The lead unit brings its HEF with the range modifier and every card bonus; each
    supporting unit adds only its printed HEF. A target marked Moved gives +1 unless its
    terrain hides movement. A lone Difficult Target is -1. The target hex's Cover Factor
    (plus ``cover_bonus`` from cards such as Unexpected Cover; Smoke adds 1) is subtracted,
    and firing out of a Smoke hex costs 1 HEF (22f); a Sniper
    firing alone has no range modifier and ignores cover and the Difficult Target.
    """
    assert lead.hex is not None and target.hex is not None
    distance = field.distance(lead.hex, target.hex)
    sniper = lead.has("sniper") and not supporters
    modifier = 0 if sniper else (range_modifier(rules, distance) or 0)
    if field.visibility is not None and distance > 1 and modifier > 0:
        modifier = 0  # 18r Sudden Downpour: the range bonus only against an adjacent hex
    hides = field.terrain(target.hex).id in rules.hides_movement
    moving = rules.moving_target_hef if target.marker is Marker.MOVED and not hides else 0
    if is_helicopter(target):
        moving = 0  # 17c: no helicopter gives the moving-target bonus
    alone = not any(
        c.hex == target.hex and c is not target and not c.eliminated and c.seat == target.seat
        for c in counters
    )
    difficult = 1 if target.has("difficult_target") and alone and not sniper else 0
    cover = 0 if sniper else field.cover(target.hex) + cover_bonus
    if target.mode == "flying" and not sniper:
        cover = load_vehicle_data().rules.helicopter.flying_cover + cover_bonus  # 17c
    return FirePlan(
        range=distance,
        lead_hef=lead.hef,
        range_modifier=modifier,
        smoke=1 if lead.hex in field.smoke else 0,
        supporting_hef=sum(u.hef for u in supporters),
        card_bonus=card_bonus + (flank_bonus(field, lead, supporters, target) if flanking else 0),
        moving_target=moving,
        difficult_target=difficult,
        cover_factor=cover,
    )


@dataclass(frozen=True)
class DrawnCard:
    """One card of a Damage Draw and what it did (None: no hit)."""

    card: str
    hit: bool
    result: HitResult | None


def damage_draw(
    cards: int,
    hits_on: tuple[HitColour, ...],
    target: Counter,
    draw: Callable[[], CardFace | None],
) -> list[DrawnCard]:
    """The Damage Draw (10b4, 10c): draw ``cards`` cards one at a time; each whose HE
    result is a Hit of a colour in ``hits_on`` hits the target. Drawing stops as soon as
    the target is eliminated, or when ``draw`` has nothing left. End Turn cards count
    like any other here; ``draw`` sets them aside."""
    out: list[DrawnCard] = []
    for _ in range(cards):
        if target.eliminated:
            break
        card = draw()
        if card is None:
            break
        if card.hit is not None and card.hit in hits_on:
            out.append(DrawnCard(card.id, True, target.take_hit()))
        else:
            out.append(DrawnCard(card.id, False, None))
    return out
