"""The rules calculator for Tunnel Rats (``python -m game explain tunnel_rats ...``): the
numbers a shot or a search uses and the exact chance of each result.

Rats firing: Firing + Accuracy (- wound penalty) + D20 >= 15 hits, then Power + D20 >= 15
wounds; range does not change the roll (docs/rules/tunnel_rats.md, interpretation 30).
Defenders firing: a D6 score by side, weapon and the rat's stance hits (the die minus the
defender's wound penalty, rules edition 3), then the rat avoids the wound by rolling
below his Agility on a D6.
Close combat: the one who starts it strikes first (rat: Close Combat + D20 >= 15; defender:
the D6 table, minus his close combat wound penalty); only if he fails does the other
strike back; the first to succeed wounds the other (no save).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from game.core.api import Action, Explanation
from game.rules.tunnel_rats.actions import (
    ChangeStance,
    Dress,
    Enter,
    Forfeit,
    Melee,
    Move,
    Reload,
    Search,
    Shoot,
)
from game.rules.tunnel_rats.combat import (
    d20_chance,
    d20_needed,
    enemy_strike_chance,
    enemy_strike_modifiers,
    enemy_to_hit,
    melee_modifiers,
    melee_round_odds,
    save_chance,
    search_odds,
    shot_hit_modifiers,
    shot_wound_modifiers,
    trap_odds,
)
from game.rules.tunnel_rats.state import TRModel


def explain(st: TRModel, action: Action) -> Explanation:
    """Numbers and exact outcome chances of a legal ``action`` (shots, close combat and
    searches; other actions roll nothing the mover chooses, and get their numbers only):
    its explainer in :data:`EXPLAINERS`."""
    explainer = EXPLAINERS.get(type(action), _no_roll)
    return explainer(st, action)


def _no_roll(_st: TRModel, action: Action) -> Explanation:
    return Explanation(numbers={"action": action.to_str(), "rolls": "none chosen by the mover"})


def _search(st: TRModel, action: Search) -> Explanation:
    if action.figure not in st.rats:
        return _no_roll(st, action)
    rat = st.rats[action.figure]
    if action.trap is None:
        odds = search_odds(rat, st.rules)
        return _two({"roll": "D20", "target": st.rules.target}, "finds", odds.chance, "nothing")
    trap = st.traps[action.trap]
    odds = trap_odds(rat, trap.hidden, st.rules)
    if st.edition < 2:
        return _two({"trap": trap.id}, "disarmed", odds.chance, "not disarmed")
    saved = (1 - odds.chance) * save_chance(rat)  # it goes off; the Agility save holds
    return _outcomes(
        {"trap": trap.id, "save_below": rat.card.agility},
        {
            "disarmed": odds.chance,
            "goes off, saved": saved,
            "goes off, wounded": 1 - odds.chance - saved,
        },
    )


def _shot(st: TRModel, action: Shoot) -> Explanation:
    if action.figure in st.rats:
        rat, enemy = st.rats[action.figure], st.enemies[action.target]
        hit_mods, wound_mods = shot_hit_modifiers(rat, st.rules), shot_wound_modifiers(rat)
        p_hit = d20_chance(hit_mods, st.rules.target)
        p_wound = d20_chance(wound_mods, st.rules.target)
        numbers: dict[str, Any] = {
            "range_inches": round(st.level(rat.level).distance(rat.cell, enemy.cell), 2),
            "to_hit": {
                "die": "D20",
                "target": st.rules.target,
                "modifiers": dict(hit_mods),
                "needs": d20_needed(hit_mods, st.rules.target),
            },
            "to_wound": {
                "die": "D20",
                "target": st.rules.target,
                "modifiers": dict(wound_mods),
                "needs": d20_needed(wound_mods, st.rules.target),
            },
        }
        return _outcomes(
            numbers,
            {
                "wounds": p_hit * p_wound,
                "hits, no wound": p_hit * (1 - p_wound),
                "misses": 1 - p_hit,
            },
        )
    enemy, target = st.enemies[action.figure], st.rats[action.target]
    score = enemy_to_hit(enemy, target.stance, st.tables)
    assert score is not None  # why_not refused the N/A shots
    mods = enemy_strike_modifiers(enemy, st.rules, gunfire=True, edition=st.edition)
    p_hit = enemy_strike_chance(score, mods)
    p_save = save_chance(target)
    to_hit: dict[str, Any] = {"die": "D6", "needs": score, "stance": target.stance.value}
    if mods:
        to_hit["modifiers"] = dict(mods)
    numbers = {
        "range_inches": round(st.level(enemy.level).distance(enemy.cell, target.cell), 2),
        "to_hit": to_hit,
        "save": {"die": "D6", "below": target.card.agility},
    }
    return _outcomes(
        numbers,
        {"wounds": p_hit * (1 - p_save), "hits, saved": p_hit * p_save, "misses": 1 - p_hit},
    )


def _melee(st: TRModel, action: Melee) -> Explanation:
    """One round of close combat: who strikes first, both strikes' numbers, and the
    exact chance that the defender is wounded, the rat is wounded, or nothing happens."""
    rat_first = action.figure in st.rats
    rid, eid = (action.figure, action.target) if rat_first else (action.target, action.figure)
    rat, enemy = st.rats[rid], st.enemies[eid]
    odds = melee_round_odds(
        rat, enemy, st.rules, st.tables, rat_first=rat_first, edition=st.edition
    )
    rat_mods = melee_modifiers(rat, st.rules)
    score = enemy_to_hit(enemy, rat.stance, st.tables)
    enemy_mods = enemy_strike_modifiers(enemy, st.rules, gunfire=False, edition=st.edition)
    enemy_strike: dict[str, Any] = {"die": "D6", "needs": score, "stance": rat.stance.value}
    if score is None:
        enemy_strike["needs"] = "N/A: cannot strike"
    elif enemy_mods:
        enemy_strike["modifiers"] = dict(enemy_mods)
    numbers: dict[str, Any] = {
        "first_strike": "rat" if rat_first else "defender",
        "rat_strike": {
            "die": "D20",
            "target": st.rules.target,
            "modifiers": dict(rat_mods),
            "needs": d20_needed(rat_mods, st.rules.target),
        },
        "defender_strike": enemy_strike,
    }
    return _outcomes(
        numbers,
        {
            "defender wounded": odds.enemy_wounded,
            "rat wounded": odds.rat_wounded,
            "nothing": odds.nothing,
        },
    )


def _two(numbers: dict[str, Any], yes: str, chance: Fraction, no: str) -> Explanation:
    return _outcomes(numbers, {yes: chance, no: 1 - chance})


def _outcomes(numbers: dict[str, Any], chances: dict[str, Fraction]) -> Explanation:
    return Explanation(numbers=numbers, outcomes={k: float(v) for k, v in chances.items() if v})


#: Each Tunnel Rats action type's explainer (the rules calculator), by the action types
#: of ``state.LEGALITY``.
EXPLAINERS: dict[type[Action], Callable[[TRModel, Any], Explanation]] = {
    Shoot: _shot,
    Melee: _melee,
    Search: _search,
    Move: _no_roll,
    ChangeStance: _no_roll,
    Enter: _no_roll,
    Dress: _no_roll,
    Reload: _no_roll,
    Forfeit: _no_roll,
}
