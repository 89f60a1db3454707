"""5.56mm 7.9 heavy weapons (LAW, RPG): a character hit directly takes the weapon's full
Damage; everyone else within the blast takes damage by distance from the impact (7.91
LAW, 7.92 RPG: blast tables from the weapon data, rows as in ``grenades.BlastTable``).

Heavy weapons cannot Auto-Fire and need the Heavy Weapons skill (else +2 TN:
``fire.FireSituation.specialist_without_skill``). A rocket that misses does nothing
(Interpretation R12): the seed gives rockets no scatter.
"""

from __future__ import annotations

from game.rules.five_five_six.checks import Contest
from game.rules.five_five_six.combat.grenades import BlastTable, blast_bonus
from game.rules.five_five_six.combat.injury import damage_contest


def rocket_damage(
    *,
    hit: bool,
    direct: bool,
    distance_in: float,
    damage: int,
    table: BlastTable,
    strength: int,
    armour: int = 0,
    wound_penalty: int = 0,
) -> Contest | None:
    """7.9: the damage one character takes from a rocket. ``direct``: he was the target
    and was hit (D6 + the weapon's Damage); otherwise D6 + the blast row for his distance
    from the target (``None`` out of reach or when the rocket missed)."""
    if not hit:
        return None
    if direct:
        return damage_contest(
            damage, strength, damage_name="Direct hit", armour=armour, wound_penalty=wound_penalty
        )
    bonus = blast_bonus(table, distance_in)
    if bonus is None:
        return None
    return damage_contest(
        bonus, strength, damage_name="Blast", armour=armour, wound_penalty=wound_penalty
    )
