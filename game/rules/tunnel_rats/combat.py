"""Combat, search and movement maths of Tunnel Rats (pure; no map needed).

Rats test with a D20: a total (die + modifiers) of ``target`` (15) or more succeeds.
Defenders use the D6 tables of ``data/enemies.yaml``. This module builds the named
modifier lists that the rules roll with and the exact odds the UI shows.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from game.core.dice import D6, D20, percent
from game.core.wounds import WoundLevel
from game.rules.tunnel_rats.data import (
    STANCES,
    EnemyTables,
    RulesNumbers,
    Stance,
)
from game.rules.tunnel_rats.figures import Enemy, Rat

Modifiers = tuple[tuple[str, int], ...]


def allowed_stances(wounds: WoundLevel, rules: RulesNumbers) -> tuple[Stance, ...]:
    """Stances a figure may take with its wounds: yellow forbids running, red forbids
    running and crouching (Wounds table)."""
    effect = rules.wound_effect(wounds)
    if effect is None:
        return STANCES
    return tuple(s for s in STANCES if s.rank <= effect.max_stance.rank)


def capped_stance(stance: Stance, wounds: WoundLevel, rules: RulesNumbers) -> Stance:
    """``stance`` lowered as far as the wounds require."""
    allowed = allowed_stances(wounds, rules)
    return stance if stance in allowed else allowed[0]


def _wound_mod(wounds: WoundLevel, rules: RulesNumbers, stat: str) -> Modifiers:
    effect = rules.wound_effect(wounds)
    if effect is None:
        return ()
    value = int(getattr(effect, stat))
    return ((f"{wounds.label}", value),) if value else ()


def shot_hit_modifiers(rat: Rat, rules: RulesNumbers) -> Modifiers:
    """Firing + Accuracy, minus the wound penalty (Rats firing)."""
    return (
        ("firing", rat.card.firing),
        ("accuracy", rat.gun_card.accuracy),
        *_wound_mod(rat.wounds, rules, "firing"),
    )


def shot_wound_modifiers(rat: Rat) -> Modifiers:
    """Power of the gun (Rats firing: to wound)."""
    return (("power", rat.gun_card.power),)


def melee_modifiers(rat: Rat, rules: RulesNumbers) -> Modifiers:
    """Close Combat minus the wound penalty (Close combat)."""
    return (("close combat", rat.card.close_combat), *_wound_mod(rat.wounds, rules, "close_combat"))


def search_modifiers(rat: Rat, rules: RulesNumbers) -> Modifiers:
    """Awareness minus the wound penalty (Searching for entrances)."""
    return (("awareness", rat.card.awareness), *_wound_mod(rat.wounds, rules, "awareness"))


def trap_modifiers(rat: Rat, hidden: bool, rules: RulesNumbers) -> Modifiers:
    """Awareness, the stance modifier of the trap kind, minus the wound penalty
    (Booby traps: obvious R+0/O+2/A+4, hidden R-4/O-2/A+0)."""
    table = rules.trap_modifiers.hidden if hidden else rules.trap_modifiers.obvious
    stance_mod = table.get(rat.stance)
    mods: list[tuple[str, int]] = [("awareness", rat.card.awareness)]
    if stance_mod:
        mods.append((rat.stance.value, stance_mod))
    mods.extend(_wound_mod(rat.wounds, rules, "awareness"))
    return tuple(mods)


def d20_chance(modifiers: Modifiers, target: int) -> Fraction:
    """Exact chance that D20 + modifiers >= target."""
    return D20.chance_at_least(target - sum(v for _, v in modifiers))


def d20_needed(modifiers: Modifiers, target: int) -> int:
    """The face the D20 must show (may be below 1 = always, above 20 = never)."""
    return target - sum(v for _, v in modifiers)


def enemy_to_hit(enemy: Enemy, target_stance: Stance, tables: EnemyTables) -> int | None:
    """D6 score an enemy needs to hit a rat of that stance, or None when N/A."""
    return tables.to_hit(enemy.side, enemy.weapon, target_stance)


def enemy_strike_modifiers(
    enemy: Enemy, rules: RulesNumbers, *, gunfire: bool, edition: int
) -> Modifiers:
    """A defender's own wound penalty on his D6 (rules edition 3, Interpretation 16):
    the wound table's firing column (-1 yellow, -2 red) on a shot, its close combat
    column (-2, -4) on a blow. The die plus these must reach the table's score.
    Earlier editions: none."""
    if edition < 3:
        return ()
    return _wound_mod(enemy.wounds, rules, "firing" if gunfire else "close_combat")


def enemy_strike_chance(score: int | None, modifiers: Modifiers) -> Fraction:
    """Exact chance that D6 + ``modifiers`` reaches ``score`` (0 where the table says
    N/A, ``score`` None)."""
    if score is None:
        return Fraction(0)
    return D6.chance_at_least(score - sum(v for _, v in modifiers))


def enemy_spot_score(enemy: Enemy, target_stance: Stance, tables: EnemyTables) -> int:
    """D6 score an enemy needs to spot a rat of that stance (Spotting tunnel rats)."""
    return tables.spot(enemy.side, target_stance)


def save_chance(rat: Rat) -> Fraction:
    """Agility save: a D6 roll below Agility avoids the wound."""
    return D6.chance_below(rat.card.agility)


@dataclass(frozen=True)
class Odds:
    """Chance of success of a proposed action and how to read it."""

    chance: Fraction
    text: str

    @property
    def percent(self) -> str:
        return percent(self.chance)


def _needs(face: int, die_name: str, sides: int) -> str:
    if face <= 1:
        return f"any roll on {die_name}"
    if face > sides:
        return f"impossible on {die_name}"
    return f"needs {face}+ on {die_name}"


def shot_odds(rat: Rat, rules: RulesNumbers) -> Odds:
    """A rat's shot: hit (Firing + Accuracy + D20 >= 15), then wound (Power + D20 >= 15)."""
    hit_mods = shot_hit_modifiers(rat, rules)
    wound_mods = shot_wound_modifiers(rat)
    p_hit = d20_chance(hit_mods, rules.target)
    p_wound = d20_chance(wound_mods, rules.target)
    chance = p_hit * p_wound
    text = (
        f"hit {_needs(d20_needed(hit_mods, rules.target), 'D20', 20)}: {percent(p_hit)}, "
        f"wound {_needs(d20_needed(wound_mods, rules.target), 'D20', 20)}: "
        f"{percent(p_wound)}; together {percent(chance)}"
    )
    return Odds(chance, text)


def melee_odds(rat: Rat, rules: RulesNumbers) -> Odds:
    """A rat's close combat strike: Close Combat + D20 >= 15."""
    mods = melee_modifiers(rat, rules)
    p = d20_chance(mods, rules.target)
    return Odds(p, f"{_needs(d20_needed(mods, rules.target), 'D20', 20)}: {percent(p)}")


def search_odds(rat: Rat, rules: RulesNumbers) -> Odds:
    """Finding an entrance: Awareness + D20 >= 15."""
    mods = search_modifiers(rat, rules)
    p = d20_chance(mods, rules.target)
    return Odds(p, f"{_needs(d20_needed(mods, rules.target), 'D20', 20)}: {percent(p)}")


def trap_odds(rat: Rat, hidden: bool, rules: RulesNumbers) -> Odds:
    """Finding and disarming a booby trap at the rat's current stance."""
    mods = trap_modifiers(rat, hidden, rules)
    p = d20_chance(mods, rules.target)
    return Odds(p, f"{_needs(d20_needed(mods, rules.target), 'D20', 20)}: {percent(p)}")


def enemy_attack_odds(
    enemy: Enemy,
    rat: Rat,
    tables: EnemyTables,
    gunfire: bool,
    rules: RulesNumbers | None = None,
    edition: int = 2,
) -> Odds:
    """A defender's attack: D6 to hit by the table (minus his own wound penalty from
    rules edition 3 on, when ``rules`` are given); gunfire wounds unless the rat saves."""
    score = enemy_to_hit(enemy, rat.stance, tables)
    if score is None:
        return Odds(Fraction(0), "not possible (N/A in the table)")
    mods = (
        enemy_strike_modifiers(enemy, rules, gunfire=gunfire, edition=edition)
        if rules is not None
        else ()
    )
    p_hit = enemy_strike_chance(score, mods)
    chance = p_hit * (1 - save_chance(rat)) if gunfire else p_hit
    text = f"{_needs(score - sum(v for _, v in mods), 'D6', 6)}: {percent(p_hit)}"
    if gunfire:
        text += f"; save below {rat.card.agility} on D6; wound {percent(chance)}"
    return Odds(chance, text)


@dataclass(frozen=True)
class MeleeOdds:
    """The exact outcome of one round of close combat (Interpretation 6): the attacker
    strikes first, and only if he fails does the defender strike back."""

    rat_strikes: Fraction  # the rat's Close Combat + D20 >= 15
    enemy_strikes: Fraction  # the defender's D6 by the table (0 where N/A)
    rat_first: bool

    @property
    def enemy_wounded(self) -> Fraction:
        first = self.rat_strikes
        return first if self.rat_first else (1 - self.enemy_strikes) * first

    @property
    def rat_wounded(self) -> Fraction:
        first = self.enemy_strikes
        return (1 - self.rat_strikes) * first if self.rat_first else first

    @property
    def nothing(self) -> Fraction:
        return 1 - self.enemy_wounded - self.rat_wounded


def melee_round_odds(
    rat: Rat,
    enemy: Enemy,
    rules: RulesNumbers,
    tables: EnemyTables,
    *,
    rat_first: bool,
    edition: int,
) -> MeleeOdds:
    """Both strikes of a close combat round between ``rat`` and ``enemy`` and who
    strikes first (the one who started it)."""
    rat_p = d20_chance(melee_modifiers(rat, rules), rules.target)
    score = enemy_to_hit(enemy, rat.stance, tables)
    mods = enemy_strike_modifiers(enemy, rules, gunfire=False, edition=edition)
    return MeleeOdds(rat_p, enemy_strike_chance(score, mods), rat_first)
