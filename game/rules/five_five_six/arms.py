"""The weapons a character carries, read from the catalogue (``catalog.py``): which of
his items can be fired, the range category of a target (3.23), and whether he has the
special skill a specialist weapon needs (9.2: +2 TN without it)."""

from __future__ import annotations

from game.rules.five_five_six.catalog import Firearm, RangeCategory, catalog
from game.rules.five_five_six.model import Character

#: Weapons fired with the Fire action at a character (grenades are thrown at a point,
#: launchers and rockets come with their own actions).
AIMED = frozenset({"handgun", "shotgun", "smg", "assault_rifle", "sniper_rifle", "machinegun"})


def firearms_of(character: Character) -> tuple[str, ...]:
    """His weapons that fire at a character with the Fire action, in carried order."""
    table = catalog().weapons.firearms
    return tuple(
        w for w in character.profile.gear if w in table and table[w].category.value in AIMED
    )


def firearm(weapon_id: str) -> Firearm:
    return catalog().firearm(weapon_id)


def range_category(weapon: Firearm, distance_in: float) -> RangeCategory | None:
    """3.23/7.0: the category whose start the distance has reached (a distance on a
    boundary is in the farther category); ``None`` nearer than the first category's
    start (too close to shoot) or at or beyond the Maximum Range."""
    if distance_in >= weapon.ranges.max_in:
        return None
    found: RangeCategory | None = None
    for category, start in weapon.ranges.bands():
        if distance_in >= start:
            found = category
    return found


def lacks_skill(character: Character, weapon: Firearm) -> bool:
    """9.2: a specialist weapon used without its special skill."""
    return weapon.skill is not None and weapon.skill not in character.profile.skills
