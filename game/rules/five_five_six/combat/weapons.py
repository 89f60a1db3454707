"""5.56mm weapons in play: range categories (3.23), damage by range (7.31), what a
character can swing in hand-to-hand (7.1), Aim and body armour bonuses that come from
items (3.4, 7.6, 8.0), and ammunition (7.0, 7.8, 7.9).

Distances are inches (floats; the state keeps hundredths). Pure functions over the
data of :mod:`game.rules.five_five_six.catalog`; no dice are rolled here: die faces
come in as arguments so the rules layer decides when to roll.

Range boundaries (Interpretation D1 in docs/rules/five_five_six.md): each category
*starts* at its number, "12 or further is Medium until Long is reached", so a distance
equal to a start is in the new category; a target nearer than the first start is too
close to shoot; the Maximum Range itself is still Extreme, anything beyond it is out
of range.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from game.rules.five_five_six.catalog import (
    RANGE_ORDER,
    Catalog,
    Firearm,
    RangeBands,
    RangeCategory,
    WeaponCategory,
    band_at,
    catalog,
)


@dataclass(frozen=True, slots=True)
class RangeReading:
    """A weapon's range category at a distance; ``category`` is ``None`` when the target
    is out of reach, with ``reason`` saying which way."""

    distance_in: float
    category: RangeCategory | None
    reason: str = ""

    @property
    def in_range(self) -> bool:
        return self.category is not None


def read_range(bands: RangeBands, distance_in: float) -> RangeReading:
    """The range category of a target ``distance_in`` inches away (3.23).

    The M16 (Long 20", Extreme 30") puts a target 22" away at Long range. Below the
    first category's start the target is "too close" (7.0; a Close range of 0" can
    fire at adjacent targets); beyond the Maximum Range it is "beyond maximum range".
    """
    if distance_in < 0:
        raise ValueError(f"a distance cannot be negative ({distance_in})")
    if distance_in > bands.max_in:
        return RangeReading(distance_in, None, f"beyond maximum range ({bands.max_in:g}in)")
    found: RangeCategory | None = None
    for category, start in bands.bands():
        if distance_in >= start:
            found = category
    if found is None:
        first = bands.bands()[0][1]
        return RangeReading(distance_in, None, f"too close (nearer than {first:g}in)")
    return RangeReading(distance_in, found)


def range_category(bands: RangeBands, distance_in: float) -> RangeCategory | None:
    """Just the category of :func:`read_range` (``None``: cannot be shot at), worked out
    without building the reading: every Fire candidate a bot lists asks."""
    if distance_in < 0:
        raise ValueError(f"a distance cannot be negative ({distance_in})")
    if distance_in > bands.max_in:
        return None
    found: RangeCategory | None = None
    for category, name in _BAND_NAMES:
        start = getattr(bands, name)
        if start is not None and distance_in >= start:
            found = category
    return found


_BAND_NAMES = tuple((c, c.value) for c in RANGE_ORDER)


def range_tn(category: RangeCategory, cat: Catalog | None = None) -> int:
    """The base TN of a range category (3.23): Close 2 ... Extreme 6."""
    return (cat or catalog()).weapons.range_tn[category]


def ranges_of(item_id: str, round_id: str | None = None, cat: Catalog | None = None) -> RangeBands:
    """The range bands of a firearm (or one of its alternative rounds) or a grenade."""
    c = cat or catalog()
    if c.item_kind(item_id) == "grenade":
        return c.grenades[item_id].ranges
    weapon = c.firearm(item_id)
    return weapon.rounds[round_id].ranges if round_id else weapon.ranges


def damage_at(
    weapon: Firearm,
    category: RangeCategory,
    *,
    round_id: str | None = None,
    against_vehicle: bool = False,
    cat: Catalog | None = None,
) -> int | None:
    """The DMG added to the attacker's D6 (5.0) for a hit at ``category``.

    Shotguns add 7.31 to their DMG: Close +2, Short +1, Medium +0, Long -1, Extreme -2.
    An alternative round uses its own DMG against vehicles and, if it says so, another
    against characters (the M82's HEAP hits a man like the .50 round). ``None``: the
    weapon has no damage of its own (the M203 uses its grenade round's)."""
    c = cat or catalog()
    if round_id is not None:
        rnd = weapon.rounds[round_id]
        if not against_vehicle and rnd.damage_vs_characters is not None:
            return rnd.damage_vs_characters
        return rnd.damage
    if weapon.damage is None:
        return None
    if weapon.category is WeaponCategory.SHOTGUN:
        return weapon.damage + c.weapons.shotgun_damage[category]
    return weapon.damage


def melee_bonus(carried: Iterable[str], cat: Catalog | None = None) -> tuple[str, int]:
    """The best melee weapon a character carrying ``carried`` can use and its Strength
    bonus (7.1): a knife +2; a rifle butt +1 with an assault or sniper rifle; else
    unarmed +0. Returns (melee id, bonus)."""
    c = cat or catalog()
    items = list(carried)
    categories = {c.category(i) for i in items if c.item_kind(i) is not None}
    best = ("unarmed", c.weapons.melee["unarmed"].strength_bonus)
    for melee_id, melee in c.weapons.melee.items():
        usable = melee_id in items or (
            bool(melee.with_categories) and bool(categories & set(melee.with_categories))
        )
        if usable and melee.strength_bonus > best[1]:
            best = (melee_id, melee.strength_bonus)
    return best


def aim_bonus(
    weapon: Firearm,
    category: RangeCategory,
    *,
    telescopic_sight: bool = False,
    cat: Catalog | None = None,
) -> int:
    """The Fire bonus of an Aim action taken first (3.4: +1). A sniper rifle's own
    telescopic sight makes it +2 (7.6); a telescopic sight item +2, or +3 on a sniper
    rifle at Extreme range (8.0). No telescopic sight helps at Close or Short range
    (8.0; Interpretation D8: the sniper rifle's built-in one neither), so there Aim is
    the plain +1."""
    c = cat or catalog()
    sight = c.equipment["telescopic_sight"]
    if category in sight.no_aim_benefit_at:
        return 1
    bonus = max(1, weapon.aim_bonus or 1)
    if telescopic_sight:
        item = sight.aim_bonus or 1
        if (
            weapon.category is WeaponCategory.SNIPER_RIFLE
            and category is RangeCategory.EXTREME
            and sight.sniper_extreme_aim_bonus is not None
        ):
            item = sight.sniper_extreme_aim_bonus
        bonus = max(bonus, item)
    return bonus


def armour_bonus(item_id: str, cat: Catalog | None = None) -> int:
    """Body armour's bonus to the wearer's Strength roll against damage from
    ``item_id`` (8.0): +1 against melee weapons, grenades, heavy weapons, rifles and
    machineguns; +2 against handguns, shotguns and SMGs; the P90 only +1; nothing
    against white phosphorus."""
    c = cat or catalog()
    table = c.equipment["body_armour"].armour_bonus
    kind = c.item_kind(item_id)
    if kind == "grenade":
        if not c.grenades[item_id].body_armour:
            return 0
        return table.get(WeaponCategory.GRENADE, 0)
    if kind == "firearm":
        weapon = c.firearm(item_id)
        base = table.get(weapon.category, 0)
        return base if weapon.body_armour_bonus is None else min(base, weapon.body_armour_bonus)
    if kind == "melee":
        return table.get(WeaponCategory.MELEE, 0)
    raise KeyError(item_id)


def carried_slots(items: Iterable[str], cat: Catalog | None = None) -> int:
    """How many of the 4 weapons a character may carry these use (7.0)."""
    c = cat or catalog()
    return sum(c.slots(i) for i in items)


# -- ammunition -------------------------------------------------------------------


class AmmoStatus(StrEnum):
    """A carried weapon's ammunition (7.0).

    ``supplied``: plenty, never rolls. ``low``: Ammo-Low, rolls after a 1 to hit.
    ``checking``: rolls after every shot (after an Ammo roll equal to AMMO, and the RPG
    always). ``empty``: out of rounds (or a fired LAW): it cannot fire again."""

    SUPPLIED = "supplied"
    LOW = "low"
    CHECKING = "checking"
    EMPTY = "empty"


def ammo_value(item_id: str, launcher_round: str | None = None, cat: Catalog | None = None) -> int:
    """The AMMO characteristic an Ammo roll is made against. The M203 has none of its
    own and uses its grenade round's (Interpretation)."""
    c = cat or catalog()
    if c.item_kind(item_id) == "grenade":
        return c.grenades[item_id].ammo
    weapon = c.firearm(item_id)
    if weapon.ammo is not None:
        return weapon.ammo
    if launcher_round is not None:
        return c.grenades[launcher_round].ammo
    raise ValueError(f"{item_id} has no AMMO of its own (name its grenade round)")


def starting_ammo(item_id: str, ammo_low: bool, cat: Catalog | None = None) -> AmmoStatus:
    """The status a weapon starts the battle with: grenades (and the M203's grenade
    rounds) are always Ammo-Low (7.8); the RPG rolls after every shot (7.9); other
    weapons are Ammo-Low only if the scenario makes them so."""
    c = cat or catalog()
    kind = c.item_kind(item_id)
    if kind == "grenade":
        return AmmoStatus.LOW
    if kind == "firearm":
        weapon = c.firearm(item_id)
        if weapon.ammo_rule == "every_shot":
            return AmmoStatus.CHECKING
        if weapon.category is WeaponCategory.GRENADE_LAUNCHER:
            return AmmoStatus.LOW
    return AmmoStatus.LOW if ammo_low else AmmoStatus.SUPPLIED


def needs_ammo_roll(status: AmmoStatus, to_hit_die: int) -> bool:
    """Whether a Fire action whose to-hit D6 showed ``to_hit_die`` is followed by an
    Ammo roll (7.0): always when checking, on a 1 when Ammo-Low."""
    if status is AmmoStatus.CHECKING:
        return True
    return status is AmmoStatus.LOW and to_hit_die == 1


def after_ammo_roll(
    status: AmmoStatus, ammo: int, ammo_die: int, *, every_shot: bool = False
) -> AmmoStatus:
    """The result of an Ammo roll of ``ammo_die`` against AMMO ``ammo`` (7.0): below it
    the last round is gone; equal, rounds are left but every later shot is followed by
    another Ammo roll; above it, back to rolling only after a 1 (unless the weapon
    rolls after every shot anyway, the RPG)."""
    if status is AmmoStatus.EMPTY:
        raise ValueError("an empty weapon does not fire, so it makes no Ammo roll")
    if not 1 <= ammo_die <= 6:
        raise ValueError(f"an Ammo roll is one D6, not {ammo_die}")
    if ammo_die < ammo:
        return AmmoStatus.EMPTY
    if ammo_die == ammo or every_shot:
        return AmmoStatus.CHECKING
    return AmmoStatus.LOW


def after_shot(
    item_id: str,
    status: AmmoStatus,
    to_hit_die: int,
    ammo_die: int | None,
    *,
    launcher_round: str | None = None,
    cat: Catalog | None = None,
) -> AmmoStatus:
    """A weapon's ammunition after one shot (or throw) with it. A single-use weapon
    (the LAW) is spent; otherwise :func:`needs_ammo_roll` says whether ``ammo_die``
    is needed, and :func:`after_ammo_roll` reads it."""
    c = cat or catalog()
    if status is AmmoStatus.EMPTY:
        raise ValueError(f"{item_id} is out of ammunition and cannot fire")
    single = c.item_kind(item_id) == "firearm" and c.firearm(item_id).ammo_rule == "single_use"
    if single:
        return AmmoStatus.EMPTY
    if not needs_ammo_roll(status, to_hit_die):
        return status
    if ammo_die is None:
        raise ValueError(f"{item_id}: this shot needs an Ammo roll")
    every = c.item_kind(item_id) == "firearm" and c.firearm(item_id).ammo_rule == "every_shot"
    ammo = ammo_value(item_id, launcher_round, c)
    return after_ammo_roll(status, ammo, ammo_die, every_shot=every)


def chance_runs_dry(ammo: int) -> Fraction:
    """Exact chance that one Ammo roll empties a weapon of AMMO ``ammo``: a D6 below it."""
    return Fraction(max(0, min(6, ammo - 1)), 6)


def blast_bonus(item_id: str, distance_in: float, cat: Catalog | None = None) -> int | None:
    """The D6 bonus of the damage (or test) TN for a character ``distance_in`` inches
    from where a grenade, LAW or RPG went off (7.81-7.86, 7.91, 7.92); ``None`` if the
    blast does not reach him. Exactly 1" is in the "0 to 1" row."""
    c = cat or catalog()
    rows = (
        c.grenades[item_id].blast if c.item_kind(item_id) == "grenade" else c.firearm(item_id).blast
    )
    row = band_at(rows, distance_in)
    return None if row is None else row.bonus
