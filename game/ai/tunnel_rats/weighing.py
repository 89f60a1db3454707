"""The bots' half of Tunnel Rats' dispatch table: how each action type is weighed in a
fight (the rules' halves are ``game.rules.tunnel_rats.state.LEGALITY`` and
``resolve.HANDLERS``, the table's ``game.ui.tables.tunnel_rats.text.CHOICES``, by the
same action types). Chances come from the rules' own odds (``combat``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.core.api import Action
from game.core.wounds import WoundLevel
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
    enemy_attack_odds,
    melee_odds,
    melee_round_odds,
    shot_odds,
)
from game.rules.tunnel_rats.data import RulesNumbers
from game.rules.tunnel_rats.figures import Enemy, Rat
from game.rules.tunnel_rats.view import TRView

#: Worth of a defender's own wound in close combat, by his wounds so far.
SELF_WORTH = {WoundLevel.NONE: 1.0, WoundLevel.YELLOW: 1.3, WoundLevel.RED: 1.8}


@dataclass(frozen=True)
class Weighing:
    """How the bots weigh one action type as an attack. ``rats``: the chance the rats'
    bot counts for a rat's attack (it fights when the best is at least 0.12; close
    combat counts 0.9 of its chance); ``defenders``: the value of a defender's attack on
    a rat worth ``worth`` (his chance to wound times the worth; in close combat less the
    chance of the strike back times the defender's own worth). None for both: not an
    attack; the bots take it in their other steps (moving, dressing, reloading...)."""

    rats: Callable[[Rat, RulesNumbers], float] | None = None
    defenders: Callable[[TRView, Enemy, Rat, float], float] | None = None


def _defender_shot(view: TRView, enemy: Enemy, rat: Rat, worth: float) -> float:
    p = enemy_attack_odds(enemy, rat, view.tables, True, view.rules, view.edition)
    return float(p.chance) * worth


def _defender_melee(view: TRView, enemy: Enemy, rat: Rat, worth: float) -> float:
    odds = melee_round_odds(
        rat, enemy, view.rules, view.tables, rat_first=False, edition=view.edition
    )
    own = SELF_WORTH.get(enemy.wounds, 1.0)
    return float(odds.rat_wounded) * worth - float(odds.enemy_wounded) * own


#: Each Tunnel Rats action type's weighing.
WEIGHINGS: dict[type[Action], Weighing] = {
    Shoot: Weighing(
        rats=lambda rat, rules: float(shot_odds(rat, rules).chance), defenders=_defender_shot
    ),
    Melee: Weighing(
        rats=lambda rat, rules: float(melee_odds(rat, rules).chance) * 0.9,
        defenders=_defender_melee,
    ),
    Move: Weighing(),
    ChangeStance: Weighing(),
    Enter: Weighing(),
    Search: Weighing(),
    Dress: Weighing(),
    Reload: Weighing(),
    Forfeit: Weighing(),
}
