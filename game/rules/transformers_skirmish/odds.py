"""The rules calculator for Transformers Skirmish (``python -m game explain``).

From what the seat to act knows (its own hand, the board, the face-up discard pile):
for an attack, the card's range, the distance, the target's hits before and after, and
the exact chance that the defender holds a Defense card that fits the target (Fire
Phase: "a player may discard a Defense card to completely negate an attack"). Every
card the seat has not seen is equally likely to be in the defender's hand, so the chance
is hypergeometric: ``1 - C(N - K, h) / C(N, h)`` for ``N`` unseen cards, ``K`` of them
fitting Defense cards, ``h`` cards in the defender's hand. Other actions involve no
chance, or only the order of the deck (a draw), and are answered as certain.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from math import comb
from typing import Any

from game.core.api import Action, Explanation
from game.rules.transformers_skirmish.actions import Attack, Defend, Take
from game.rules.transformers_skirmish.board import distance
from game.rules.transformers_skirmish.cards import CardKind
from game.rules.transformers_skirmish.view import SkirmishView, UnitView


def unseen_cards(view: SkirmishView) -> Counter[str]:
    """The cards ``view.seat`` has not seen: the deck list less its hand and the discard
    pile (the other hand and the draw pile, in unknown order)."""
    unseen = Counter(view.catalog.full_deck())
    unseen.subtract(view.hand or ())
    unseen.subtract(view.discard)
    return +unseen


def chance_of_any(total: int, wanted: int, drawn: int) -> Fraction:
    """Chance that ``drawn`` cards dealt from ``total`` include at least one of ``wanted``."""
    if total == 0 or drawn == 0:
        return Fraction(0)
    return 1 - Fraction(comb(total - wanted, drawn), comb(total, drawn))


def _hit_outcome(target: UnitView, last_robot: bool) -> str:
    if target.hits > 1:
        return "hit"
    return "destroyed, last robot: game won" if last_robot else "destroyed"


def explain(view: SkirmishView, action: Action) -> Explanation:
    """The numbers and the exact odds of ``action`` (legal, for the seat ``view`` is of),
    from :data:`EXPLAIN` by its type; any other action is certain."""
    answer = EXPLAIN.get(type(action))
    return _certain(view, action) if answer is None else answer(view, action)


def _certain(_view: SkirmishView, _action: Action) -> Explanation:
    return Explanation(outcomes={"certain": 1.0})


def _take(view: SkirmishView, action: Take) -> Explanation:
    """Fire Phase: the target of an undefended attack loses a hit."""
    if view.pending is None:
        return _certain(view, action)
    target = view.unit(view.pending.target)
    last = len(view.living(target.seat)) == 1
    numbers = {"target": target.id, "hits": target.hits, "hits_after": target.hits - 1}
    return Explanation(numbers=numbers, outcomes={_hit_outcome(target, last): 1.0})


def _defend(_view: SkirmishView, action: Defend) -> Explanation:
    return Explanation(numbers={"card": action.card}, outcomes={"attack cancelled": 1.0})


def _attack(view: SkirmishView, action: Attack) -> Explanation:
    """The attack's numbers and the chance the defender holds a fitting Defense card."""
    spec = view.catalog.card(action.card)
    attacker, target = view.unit(action.attacker), view.unit(action.target)
    assert attacker.square is not None and target.square is not None
    unseen = unseen_cards(view)
    total = sum(unseen.values())
    fitting = sum(
        n
        for card, n in unseen.items()
        if (d := view.catalog.card(card)).kind is CardKind.DEFENSE and target.can_use(d)
    )
    held = view.hand_sizes[target.seat]
    cancel = chance_of_any(total, fitting, held)
    numbers = {
        "card": spec.id,
        "range": spec.range,
        "distance": distance(attacker.square, target.square),
        "target": target.id,
        "hits": target.hits,
        "hits_after": target.hits - 1,
        "defender_hand": held,
        "unseen_cards": total,
        "unseen_fitting_defense": fitting,
    }
    last = len(view.living(target.seat)) == 1
    outcomes = {"defender can cancel": float(cancel), _hit_outcome(target, last): float(1 - cancel)}
    return Explanation(numbers=numbers, outcomes={k: v for k, v in outcomes.items() if v})


#: The rules calculator's answer for each action type that involves a chance or a hit
#: (the Transformers Skirmish dispatch of ``explain``); the others are certain.
EXPLAIN: dict[type[Action], Callable[[SkirmishView, Any], Explanation]] = {
    Take: _take,
    Defend: _defend,
    Attack: _attack,
}
