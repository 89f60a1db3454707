"""The RatFight rules calculator (``python -m game explain ratfight ...``): the numbers a
shot, an assault or a move uses and the exact chance of each result of its draw.

Chances come from what the acting seat may know: which cards are still to come in each
resolution deck and which lie in its discards (never their order). A draw needing more
cards than a deck has left takes them all and the rest from the reshuffled discards
(``odds.Stream``). A volley's shots draw one after another from the firer's deck
against the one defence card the target kept (Firing 5), so they are computed together,
not as independent tries.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.core.api import Action, Explanation
from game.maps.tabletop import HUNDREDTHS, hundredths
from game.maps.tabletop_measure import under_template
from game.rules.ratfight.actions import (
    Assault,
    End,
    Fire,
    Hold,
    Move,
    Pivot,
    Redraw,
    Retarget,
    Reverse,
)
from game.rules.ratfight.board import Board, armour_against, is_armoured
from game.rules.ratfight.combat import defence_cards, shooting_cards
from game.rules.ratfight.data import Ability, FireMode, WeaponSpec
from game.rules.ratfight.legal import allowance
from game.rules.ratfight.model import Figure, Status
from game.rules.ratfight.odds import damage_after_hit, stream, volley_chances

DOWN = "target Down"
HIT = "hit: the damage draw follows"
SAME = "identical cards: the turn ends"
MISS = "no effect"


def explain(board: Board, action: Action) -> Explanation:
    """Numbers and outcome chances of a legal ``action``: its explainer in
    :data:`EXPLAINERS` (none: nothing to explain)."""
    explainer = EXPLAINERS.get(type(action))
    return explainer(board, action) if explainer is not None else _nothing(board, action)


def _fire(board: Board, action: Fire) -> Explanation:
    shooter = board.figures[action.figure]
    weapon = board.setting.weapons[action.weapon]
    mode = weapon.modes[action.mode_index]
    target = board.figures[action.target]
    shots = 1 if mode.blast_in is not None else mode.shots * weapon.barrels
    numbers: dict[str, Any] = {
        "weapon": action.weapon,
        "range_in": _inches(board.gap(shooter, target)),
        "max_range_in": mode.range_in,
        "shots": shots,
        "ap": mode.ap,
    }
    if mode.blast_in is not None:
        numbers["blast_in"] = mode.blast_in
        numbers["blast_models"] = _blast(board, shooter, weapon, mode, target)
    return _volley(board, shooter, weapon.extra_cards, shots, target, numbers)


def _retarget(board: Board, action: Retarget) -> Explanation:
    pending = board.pending
    assert pending is not None
    shooter = board.figures[pending.shooter]
    weapon = board.setting.weapons[pending.weapon]
    target = board.figures[action.target]
    numbers: dict[str, Any] = {
        "weapon": pending.weapon,
        "range_in": _inches(board.gap(shooter, target)),
        "from_downed_in": _inches(board.gap(board.figures[pending.around], target)),
        "shots": pending.shots,
    }
    return _volley(board, shooter, weapon.extra_cards, pending.shots, target, numbers)


def _nothing(_board: Board, _action: Action) -> Explanation:
    """An action with no draw of its own to explain (a pivot, hold, end, redraw)."""
    return Explanation(numbers={}, outcomes={})


def _blast(
    board: Board, shooter: Figure, weapon: WeaponSpec, mode: FireMode, target: Figure
) -> dict[str, float]:
    """A grenade's template (Grenades): every other standing model with its base under
    or partly under it, friend or foe, is attacked by one shot of its own: infantry
    defends with its cover's cards, an unarmoured vehicle with one card and then the
    damage draw (an armoured one shrugs it off). Each model's chance of going Down (of
    being damaged, for a vehicle), each draw counted as if it were the first: the
    draws come one after another from the same decks, so these are close, not exact,
    once the decks run low."""
    radius = hundredths((mode.blast_in or 3.0) / 2)
    standing = [f for f in board.on_table() if f.status is Status.UP]
    under = under_template(target.pos, [f.shape() for f in standing], radius)
    k = shooting_cards(board, shooter, weapon)
    mine = stream(board, shooter.side)
    out: dict[str, float] = {}
    for fig in (standing[i] for i in under):
        if fig is target or (fig.vehicle and is_armoured(fig)):
            continue
        theirs = stream(board, fig.side)
        if fig.vehicle:
            hit = volley_chances(mine, k, 1, theirs, 1)[0]
            chance = hit * damage_after_hit(mine, k, theirs, mode.ap, 0)
        else:
            chance = volley_chances(mine, k, 1, theirs, defence_cards(board, shooter, fig)[0])[0]
        out[fig.id] = round(float(chance), 4)
    return out


def _inches(hundredths: float) -> float:
    return round(hundredths / HUNDREDTHS, 2)


def _volley(
    board: Board,
    shooter: Figure,
    extra_cards: int,
    shots: int,
    target: Figure,
    numbers: dict[str, Any],
) -> Explanation:
    sight = board.sight(shooter, target)
    numbers["line_of_sight"] = sight.clear
    numbers["in_terrain"] = sight.in_terrain
    k = 1 + extra_cards
    if shooter.has(Ability.DEAD_SHOT):
        k += board.setting.rules.dead_shot_cards
    mine, theirs = stream(board, shooter.side), stream(board, target.side)
    if target.vehicle:
        d, cover = 1, "none"
        armour = armour_against(target, shooter.pos) if is_armoured(target) else 0
        numbers["armour"] = armour
        chance = damage_after_hit(mine, k, theirs, numbers.get("ap", 0), armour)
        numbers["damage_chance_per_hit"] = round(float(chance), 4)
    else:
        d, cover = defence_cards(board, shooter, target)
    numbers["cover"] = cover
    numbers["attacker_cards"] = k
    numbers["defender_cards"] = d
    win, cut, miss = volley_chances(mine, k, shots, theirs, d)
    first = HIT if target.vehicle else DOWN
    return Explanation(
        numbers=numbers, outcomes={first: float(win), SAME: float(cut), MISS: float(miss)}
    )


def _assault(board: Board, attacker: Figure, target: Figure) -> Explanation:
    rules = board.setting.rules
    numbers: dict[str, Any] = {"range_in": _inches(board.gap(attacker, target))}
    if target.status is Status.DOWN:
        numbers.update(attacker_cards=0, defender_cards=0)
        return Explanation(numbers=numbers, outcomes={"target casualty": 1.0})
    k = rules.assault_cards + (rules.bruiser_cards if attacker.has(Ability.BRUISER) else 0)
    d = rules.defend_cards
    if not target.vehicle and target.has(Ability.BRUISER):
        d += rules.bruiser_cards
    numbers.update(attacker_cards=k, defender_cards=d)
    mine, theirs = stream(board, attacker.side), stream(board, target.side)
    win, same, lose = volley_chances(mine, k, 1, theirs, d)
    if target.vehicle:
        armour = armour_against(target, attacker.pos) if is_armoured(target) else 0
        numbers["ap"] = 0
        numbers["armour"] = armour
        chance = damage_after_hit(mine, k, theirs, 0, armour)
        numbers["damage_chance_per_hit"] = round(float(chance), 4)
        outcomes = {HIT: float(win), SAME: float(same), MISS: float(lose)}
    else:
        outcomes = {
            "target casualty": float(win),
            SAME: float(same),
            "attacker casualty": float(lose),
        }
    return Explanation(numbers=numbers, outcomes=outcomes)


def _move(board: Board, figure: Figure, action: Move | Reverse) -> Explanation:
    rate = board.setting.rules.movement[figure.unit.movement]
    start = figure.pos
    if figure.status is Status.ABOARD and figure.aboard is not None:
        start = board.figures[figure.aboard].pos
    check = board.setting.geometry.move(
        start, action.to, radius=figure.radius, movement=rate.ground
    )
    used = allowance(board, figure, check.road_share, check.length)
    if isinstance(action, Reverse):
        used *= 2
    numbers = {
        "length_in": _inches(check.length),
        "allowance_in": rate.off_road,
        "road_allowance_in": rate.road,
        "road_share": round(check.road_share, 3),
        "allowance_used": round(used, 3),
        "crossings": [p.label for p in check.crossings],
        "cover_at_end": board.setting.geometry.cover_at(figure.shape(at=action.to)),
    }
    return Explanation(numbers=numbers, outcomes={"moves": 1.0})


#: Each RatFight action type's explainer (the rules calculator), by the action types of
#: ``dispatch.PROBLEMS``.
EXPLAINERS: dict[type[Action], Callable[[Board, Any], Explanation]] = {
    Fire: _fire,
    Retarget: _retarget,
    Assault: lambda board, a: _assault(board, board.figures[a.figure], board.figures[a.target]),
    Move: lambda board, a: _move(board, board.figures[a.figure], a),
    Reverse: lambda board, a: _move(board, board.figures[a.figure], a),
    Pivot: _nothing,
    Hold: _nothing,
    End: _nothing,
    Redraw: _nothing,
}
