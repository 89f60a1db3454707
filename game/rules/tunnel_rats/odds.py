"""Odds of a proposed action, for the UI ("needs 8+ on D20: 65%"), from a seat's view.

Pure and exact (fractions from ``game.core.dice``); ``None`` for actions without a roll.
"""

from __future__ import annotations

from game.core.api import Action
from game.rules.tunnel_rats.actions import Melee, Search, Shoot
from game.rules.tunnel_rats.combat import (
    Odds,
    enemy_attack_odds,
    melee_odds,
    search_odds,
    shot_odds,
    trap_odds,
)
from game.rules.tunnel_rats.view import TRView


def action_odds(view: TRView, action: Action) -> Odds | None:
    """Chance that ``action`` succeeds (a shot wounds, a strike wounds, a search finds
    or disarms), or None when the action rolls nothing or names an unknown figure."""
    if isinstance(action, (Shoot, Melee)):
        rat = view.rat(action.figure)
        if rat is not None:
            return (
                shot_odds(rat, view.rules)
                if isinstance(action, Shoot)
                else melee_odds(rat, view.rules)
            )
        enemy, target = view.enemy(action.figure), view.rat(action.target)
        if enemy is None or target is None:
            return None
        return enemy_attack_odds(
            enemy,
            target,
            view.tables,
            gunfire=isinstance(action, Shoot),
            rules=view.rules,
            edition=view.edition,
        )
    if isinstance(action, Search):
        rat = view.rat(action.figure)
        if rat is None:
            return None
        if action.trap is None:
            return search_odds(rat, view.rules)
        trap = next((t for t in view.traps if t.id == action.trap), None)
        return trap_odds(rat, trap.hidden if trap else False, view.rules)
    return None
