"""The weapons a character carries, read from the catalogue (``catalog.py``): which of
his items can be fired, the range category of a target (3.23), and whether he has the
special skill a specialist weapon needs (9.2: +2 TN without it)."""

from __future__ import annotations

from game.rules.five_five_six.catalog import Firearm, RangeCategory, catalog
from game.rules.five_five_six.model import Character
from game.rules.five_five_six.traits import missing_skill
from game.rules.five_five_six.weapons import range_category as weapon_range

#: Weapons fired with the Fire action at a character (grenades are thrown at a point;
#: the M203 launcher is not in play yet).
AIMED = frozenset(
    {"handgun", "shotgun", "smg", "assault_rifle", "sniper_rifle", "machinegun", "heavy"}
)


def firearms_of(character: Character) -> tuple[str, ...]:
    """His weapons that fire at a character with the Fire action, in carried order."""
    table = catalog().weapons.firearms
    return tuple(
        w for w in character.profile.gear if w in table and table[w].category.value in AIMED
    )


def firearm(weapon_id: str) -> Firearm:
    return catalog().firearm(weapon_id)


def range_category(weapon: Firearm, distance_in: float) -> RangeCategory | None:
    """3.23/7.0: the weapon's range category at a distance (``weapons.py``; ``None``:
    too close or beyond the Maximum Range)."""
    return weapon_range(weapon.ranges, distance_in)


def lacks_skill(character: Character, weapon_id: str) -> bool:
    """9.2: a specialist weapon used without its special skill (``traits.py``)."""
    return missing_skill(weapon_id, character.profile.skills) is not None
