"""The weapons a character carries, read from the catalogue (``catalog.py``): which of
his items can be fired, the range category of a target (3.23), and whether he has the
special skill a specialist weapon needs (9.2: +2 TN without it)."""

from __future__ import annotations

from game.rules.five_five_six.catalog import Firearm, RangeCategory, catalog
from game.rules.five_five_six.combat.weapons import range_category as weapon_range
from game.rules.five_five_six.model import Character
from game.rules.five_five_six.schema import RangeBands
from game.rules.five_five_six.squads.traits import missing_skill

#: Weapons fired with the Fire action at a character (grenades are thrown at a point).
AIMED = frozenset(
    {
        "handgun",
        "shotgun",
        "smg",
        "assault_rifle",
        "grenade_launcher",
        "sniper_rifle",
        "machinegun",
        "heavy",
    }
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
    """3.23/7.0: the weapon's range category at a distance (``combat/weapons.py``; ``None``:
    too close or beyond the Maximum Range)."""
    return weapon_range(weapon.ranges, distance_in)


def lacks_skill(character: Character, weapon_id: str) -> bool:
    """9.2: a specialist weapon used without its special skill (``squads/traits.py``)."""
    return missing_skill(weapon_id, character.profile.skills) is not None


def is_launcher(weapon_id: str) -> bool:
    """7.5: a grenade launcher (the M203) fires a grenade round at a character."""
    return firearm(weapon_id).category.value == "grenade_launcher"


def launcher_rounds(character: Character) -> tuple[str, ...]:
    """7.5: the grenades his launcher fires: those the scenario names, else the grenade
    kinds he carries, else frag (Interpretation D3)."""
    if character.profile.launcher_rounds:
        return character.profile.launcher_rounds
    carried = tuple(g for g in character.profile.gear if g in catalog().grenades)
    return carried or ("frag",)


def rounds_for(character: Character, weapon_id: str) -> tuple[str, ...]:
    """The rounds he may choose before a shot with this weapon (7.5 the M203's grenades,
    7.6 the M82's HEAP); empty for a weapon with one kind of round."""
    if is_launcher(weapon_id):
        return launcher_rounds(character)
    return tuple(firearm(weapon_id).rounds)


def round_of(character: Character, weapon_id: str, round_id: str | None) -> str | None:
    """The round a shot uses: the one chosen, an M203's first grenade, else the usual."""
    if round_id is None and is_launcher(weapon_id):
        return launcher_rounds(character)[0]
    return round_id


def bands_of(weapon: Firearm, round_id: str | None) -> RangeBands:
    """The range bands of a shot: an alternative round's own (the HEAP's), else the
    weapon's (an M203 fires every grenade on its own bands)."""
    if round_id is not None and round_id in weapon.rounds:
        return weapon.rounds[round_id].ranges
    return weapon.ranges


def shot_range(weapon: Firearm, round_id: str | None, distance_in: float) -> RangeCategory | None:
    """3.23/7.0 for a shot with this round (``None``: too close or out of range)."""
    return weapon_range(bands_of(weapon, round_id), distance_in)
