"""The RatFight bot: a one-model-at-a-time heuristic over the seat's view.

It sees what a player at the table sees (every model, every card turned over, never the
order of a deck) and scores its choices in "models" (1.0 = one enemy trooper taken out):

- **Firing:** every legal shot is worth the chance of putting the target Down (exact,
  from the cards each side turns over, best of k against best of d, and the cards still
  to come in both decks, the discards reshuffled when a deck runs short: the shared
  ``game.rules.ratfight.odds``) times the target's worth (leaders, heroes, support
  weapons and vehicles count more); a multi-shot mode's shots are counted together
  against the one defence card, a blast every enemy under the template. It
  fires the best shot first and keeps firing while the card allows; leftover shots go
  to the easiest target within 3".
- **Moving:** each model's possible destinations are scored by progress toward the
  scenario's objective (for the side that must reach it, more as the turns run out), the
  cover there, the enemies that could shoot at it there (range, line of sight and the
  cover it would have), and the enemies it could shoot from there. It moves the model
  that gains most, one at a time, and ends the card when no move gains enough.
- **Close assault:** 2 cards against 1 (Bruiser: one more), the loser dies (the same
  exact odds); a Downed enemy within reach is a sure kill and is always taken.
- **Danger and opportunity of a place** (moving) are future shots, weighed with full
  decks (``win_chance``).
- **Inspiring redraw:** turns away a Turn End while its side has the worse of the
  casualties and Downed models, and a card it cannot use.

Only the three best destinations of each model (by the cheap terms) get the line of
sight checks, which keeps a decision near 10-60 ms.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon

from game.ai.registry import register_ai
from game.core.api import Action
from game.core.playing_cards import best_card_odds, full_deck
from game.core.rng import Rng
from game.maps.tabletop import HUNDREDTHS, Point, hundredths
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
from game.rules.ratfight.data import Ability, CardKind, FireMode, WeaponSpec
from game.rules.ratfight.flow import casualties
from game.rules.ratfight.model import Figure, Status
from game.rules.ratfight.odds import stream, volley_win
from game.rules.ratfight.view import RatFightView

WIN = 100.0  # what ending a move on the objective is worth (the game)
SHORTLIST = 3  # destinations per model that get the line-of-sight terms
MOVE_THRESHOLD = 0.05  # a move must gain this much (in models) to be made
OBJECTIVE_PER_INCH = 0.06  # the reaching side: worth of an inch nearer the objective
HOLD_RADIUS_IN = 12.0  # defenders like to stay this near the objective
HOLD_PER_INCH = 0.04  # and lose this much an inch farther out
URGENT_IN = 12.0  # attackers nearer their objective than this are shot first
DANGER_WEIGHT = 0.7
OFFENCE_WEIGHT = 0.25
COVER_BONUS = {"none": 0.0, "soft": 0.12, "hard": 0.2}
SUPPORT_WEAPONS = ("machine_gun", "hmg", "sniper_rifle", "rocket_launcher", "bazooka")


@cache
def win_chance(k: int, d: int) -> float:
    """P(best of ``k`` cards beats best of ``d``), both from a full deck."""
    deck = full_deck()
    win, _same, _lose = best_card_odds(deck, k, deck, d)
    return float(win)


@cache
def beat_with_bonus(bonus: int) -> float:
    """P(bonus + card > card'), two cards from two full decks: an equal total does no
    damage, nor does the very same card on both sides (it ends the turn)."""
    deck = full_deck()
    wins = sum(1 for a in deck for b in deck if a.value + bonus > b.value and a != b)
    return wins / (len(deck) * len(deck))


def draw_win(board: Board, seat: int, k: int, shots: int, other: int, d: int) -> float:
    """The exact chance that ``seat``'s ``shots`` draws of ``k`` cards win one against
    ``other``'s best of ``d`` (one card for a vehicle), from the cards left in both
    decks (the shared odds of the rules calculator)."""
    return volley_win(stream(board, seat), k, shots, stream(board, other), d)


def worth(figure: Figure) -> float:
    """What losing this model costs its side, in troopers."""
    if figure.vehicle:
        return 2.5 + 0.3 * figure.unit.transport
    value = 1.0 + 0.4 * figure.leader + 0.3 * len(figure.heroics)
    if any(w in SUPPORT_WEAPONS or "gun" in w for w in figure.unit.weapons):
        value += 0.3
    return value


@dataclass
class Plan:
    """What one decision sees: the board, the seat, and its memoized objective shapes."""

    board: Board
    seat: int
    objective: Polygon | ShapelyPoint | None
    reach_kind: str | None
    defending: Polygon | ShapelyPoint | None


def make_plan(board: Board, seat: int) -> Plan:
    reach: Polygon | ShapelyPoint | None = None
    kind: str | None = None
    defend: Polygon | ShapelyPoint | None = None
    for event in board.setting.scenario.events:
        if event.kind != "reach" or event.objective is None:
            continue
        feature = board.setting.objective(event.objective)
        shape = Polygon(feature.outline) if feature.area else ShapelyPoint(feature.outline[0])
        if event.side == seat:
            reach, kind = shape, event.unit_kind
        else:
            defend = shape
    return Plan(board, seat, reach, kind, defend)


class RatFightBot:
    """The heuristic described in the module docstring."""

    name = "ai"

    def __init__(self, seat: int, rng: Rng) -> None:
        self.seat = seat
        self.rng = rng

    def choose(self, view: RatFightView) -> Action:
        return self.ranked(view, 1)[0]

    def ranked(self, view: RatFightView, k: int) -> list[Action]:
        """Its ``k`` best choices, best first (the first is what ``choose`` plays): shots
        and moves by their value, ending the card where it ranks; a retarget, a redraw
        and a Turn End are single choices."""
        actions = tuple(view.candidate_actions)
        if not actions:
            raise ValueError(f"seat {self.seat} was asked to choose with no legal action")
        board = view.board
        plan = make_plan(board, self.seat)
        if board.pending is not None:
            return [_retarget(plan, actions)]
        if any(isinstance(a, Redraw) for a in actions) and _wants_redraw(plan, actions):
            return [Redraw()]
        spec = board.card_spec()
        if spec is None or spec.kind is CardKind.TURN_END:
            return [End()]
        if spec.kind is CardKind.FIRE:
            return _ranked_shots(plan, actions)[: max(1, k)]
        return _ranked_moves(plan, actions)[: max(1, k)]


register_ai("ratfight")(RatFightBot)


# -- firing --------------------------------------------------------------------------------


def urgency(plan: Plan | None, target: Figure) -> float:
    """How much more a target counts for being near the objective its side must reach:
    up to three times as much on the objective itself, fading out 12" away."""
    if plan is None or plan.defending is None:
        return 1.0
    inches = float(plan.defending.distance(ShapelyPoint(target.pos))) / HUNDREDTHS
    return 1.0 + 2.0 * max(0.0, 1.0 - inches / URGENT_IN)


def shot_value(board: Board, shooter: Figure, action: Fire, plan: Plan | None = None) -> float:
    """Expected worth of a shot: the chance at least one try puts the target Down (or
    damages a vehicle) times what the target is worth (more near the objective it must
    reach, when ``plan`` says which that is)."""
    weapon = board.setting.weapons[action.weapon]
    mode = weapon.modes[action.mode_index]
    target = board.figures[action.target]
    return _shot_value(board, shooter, weapon, mode, target) * urgency(plan, target)


def _shot_value(
    board: Board, shooter: Figure, weapon: WeaponSpec, mode: FireMode, target: Figure
) -> float:
    k = shooting_cards(board, shooter, weapon)
    tries = mode.shots * weapon.barrels
    seat, them = shooter.side, target.side
    if target.vehicle:
        hit = draw_win(board, seat, k, 1, them, 1)  # the vehicle's one card, each shot
        armour = armour_against(target, shooter.pos) if is_armoured(target) else 0
        damages = beat_with_bonus(mode.ap - armour)
        return (1 - (1 - hit * damages) ** tries) * worth(target) * 0.6
    d, _cover = defence_cards(board, shooter, target)
    if mode.blast_in is not None:
        tries = 1  # a blast attacks each model under it once
    value = draw_win(board, seat, k, tries, them, d) * worth(target)
    if mode.blast_in is not None:
        radius = hundredths(mode.blast_in / 2)
        for other in board.enemies_of(shooter.side):
            if other is not target and other.status is Status.UP and other.infantry:
                if math.dist(other.pos, target.pos) <= radius + other.radius:
                    value += draw_win(board, seat, k, 1, them, 1) * worth(other)
    return value


def _ranked_shots(plan: Plan, actions: tuple[Action, ...]) -> list[Action]:
    """The legal shots, best first (ties to the one listed first), then ending the card."""
    scored: list[tuple[float, int, Action]] = []
    for i, action in enumerate(actions):
        weighing = WEIGHINGS.get(type(action))
        if weighing is None or weighing.pick != "shot" or weighing.value is None:
            continue
        scored.append((weighing.value(plan, action), -i, action))
    scored.sort(key=lambda t: (t[0], t[1]), reverse=True)
    return [a for _v, _i, a in scored] + [End()]


def _retarget(plan: Plan, actions: tuple[Action, ...]) -> Action:
    best: tuple[float, Action] | None = None
    for action in actions:
        weighing = WEIGHINGS.get(type(action))
        if weighing is not None and weighing.pick == "retarget" and weighing.value is not None:
            value = weighing.value(plan, action)
            if best is None or value > best[0]:
                best = (value, action)
    return best[1] if best is not None else Hold()


def retarget_value(plan: Plan, action: Retarget) -> float:
    """Expected worth of putting the shots left over on ``action.target``: the chance
    they put it Down times its worth (more near the objective it must reach)."""
    board = plan.board
    pending = board.pending
    assert pending is not None
    shooter = board.figures[pending.shooter]
    k = shooting_cards(board, shooter, board.setting.weapons[pending.weapon])
    target = board.figures[action.target]
    d, _cover = defence_cards(board, shooter, target)
    value = draw_win(board, shooter.side, k, pending.shots, target.side, d)
    value *= worth(target)
    value *= urgency(plan, target)
    return value


# -- moving --------------------------------------------------------------------------------


def objective_term(plan: Plan, figure: Figure, at: Point) -> float:
    """Progress toward the objective (negative inches, weighted): the reaching side's
    models of the right kind pull hard, the rest lightly; defenders stay near it."""
    here = ShapelyPoint(at)
    turn_push = 1.0 + plan.board.turn / 4
    if plan.objective is not None:
        inches = float(plan.objective.distance(here)) / HUNDREDTHS
        right_kind = plan.reach_kind is None or plan.reach_kind == figure.unit.kind
        if right_kind and inches * HUNDREDTHS <= figure.radius:
            return WIN  # touching the objective wins the game
        weight = OBJECTIVE_PER_INCH * turn_push * (1.0 if right_kind else 0.35)
        return -weight * inches
    if plan.defending is not None:
        inches = float(plan.defending.distance(here)) / HUNDREDTHS
        return -HOLD_PER_INCH * max(0.0, inches - HOLD_RADIUS_IN)
    return 0.0


def _standing_at(figure: Figure, at: Point, facing: int | None = None) -> Figure:
    moved = figure.copy()
    moved.pos = at
    moved.status = Status.UP
    moved.aboard = None
    if facing is not None:
        moved.facing = facing
    return moved


def cheap_score(plan: Plan, figure: Figure, at: Point) -> float:
    """Objective progress and the cover at ``at``: no line of sight needed."""
    board = plan.board
    score = objective_term(plan, figure, at)
    if figure.infantry:
        cover = board.setting.geometry.cover_at(figure.shape(at=at))
        score += COVER_BONUS[cover]
    return score


def exposure(plan: Plan, figure: Figure, at: Point, facing: int | None = None) -> float:
    """Danger minus opportunity of standing at ``at``: enemies in range and sight that
    could shoot it (by the cover it would count), and the best shot it would have."""
    board = plan.board
    me = _standing_at(figure, at, facing)
    my_worth = worth(figure)
    danger = 0.0
    offence = 0.0
    my_range = _longest_range(board, me)
    for enemy in board.enemies_of(plan.seat):
        if enemy.status is not Status.UP:
            continue
        reach = _longest_range(board, enemy)
        gap = board.gap(me, enemy)
        if gap > max(reach, my_range):
            continue
        sight = board.sight(enemy, me)
        if not sight.clear:
            continue
        if gap <= reach and not (me.vehicle and is_armoured(me) and not _has_ap(board, enemy)):
            cover = (
                "none"
                if not sight.in_terrain
                else (sight.cover if sight.cover != "none" else "soft")
            )
            d = board.setting.rules.cover_cards[cover]
            danger += win_chance(1, d) * my_worth
        if gap <= my_range and not me.vehicle:
            cover = board.setting.geometry.cover_at(enemy.shape())
            p = win_chance(1, board.setting.rules.cover_cards[cover]) * worth(enemy)
            offence = max(offence, p)
    return DANGER_WEIGHT * danger / 3 - OFFENCE_WEIGHT * offence


def _longest_range(board: Board, figure: Figure) -> float:
    weapons = board.setting.weapons
    return max(
        (hundredths(m.range_in) for w in figure.unit.weapons for m in weapons[w].modes),
        default=0,
    )


def _has_ap(board: Board, figure: Figure) -> bool:
    weapons = board.setting.weapons
    return any(m.ap > 0 for w in figure.unit.weapons for m in weapons[w].modes)


def assault_value(board: Board, figure: Figure, target: Figure) -> float:
    """Close combat: a Downed target is a sure kill; otherwise best of 2 (Bruiser 3)
    against 1 (Bruiser 2), the loser dies. Vehicles: hit, then damage at AP 0."""
    rules = board.setting.rules
    if target.status is Status.DOWN:
        return worth(target)
    a = rules.assault_cards + (rules.bruiser_cards if figure.has(Ability.BRUISER) else 0)
    d = rules.defend_cards + (rules.bruiser_cards if target.has(Ability.BRUISER) else 0)
    p = draw_win(board, figure.side, a, 1, target.side, d)
    if target.vehicle:
        armour = armour_against(target, figure.pos) if is_armoured(target) else 0
        return p * beat_with_bonus(-armour) * worth(target) * 0.6
    return p * worth(target) - (1 - p) * worth(figure)


def _ranked_moves(plan: Plan, actions: tuple[Action, ...]) -> list[Action]:
    """Assaults and each model's shortlisted moves by their gain, best first (ties to the
    one scored first); ending the card ranks at ``MOVE_THRESHOLD`` and wins its ties."""
    board = plan.board
    by_figure: dict[str, list[Action]] = {}
    scored: list[tuple[float, Action]] = [(MOVE_THRESHOLD, End())]
    for action in actions:
        weighing = WEIGHINGS.get(type(action))
        if weighing is None:
            continue
        if weighing.pick == "assault" and weighing.value is not None:
            scored.append((weighing.value(plan, action), action))
        elif weighing.pick == "move":
            by_figure.setdefault(getattr(action, "figure", ""), []).append(action)
    for figure_id, moves in by_figure.items():
        figure = board.figures[figure_id]
        origin = figure.pos
        aboard = figure.status is Status.ABOARD
        stay = cheap_score(plan, figure, origin) - (
            0.0 if aboard else exposure(plan, figure, origin)
        )
        if aboard:
            stay += 0.15  # riding is safe and fast: get out only for a real gain
        ranked = sorted(moves, key=lambda a: -cheap_score(plan, figure, _end(figure, a)[0]))
        for action in ranked[:SHORTLIST]:
            to, facing = _end(figure, action)
            value = cheap_score(plan, figure, to) - exposure(plan, figure, to, facing) - stay
            scored.append((value, action))
    order = sorted(range(len(scored)), key=lambda i: (-scored[i][0], i))  # stable
    return [scored[i][1] for i in order]


def _heading(start: Point, end: Point) -> int:
    return round(math.degrees(math.atan2(end[1] - start[1], end[0] - start[0]))) % 360


# -- redrawing ----------------------------------------------------------------------------


def _wants_redraw(plan: Plan, actions: tuple[Action, ...]) -> bool:
    """Turn away a Turn End while our side is worse off (morale and recovery favour the
    other side), and any card that offers nothing but ending it."""
    board = plan.board
    spec = board.card_spec()
    if spec is None:
        return False
    if spec.kind is CardKind.TURN_END:
        return _losses(board, plan.seat) > _losses(board, 1 - plan.seat)
    return all(WEIGHINGS[type(a)].pick == "card" for a in actions)


def _losses(board: Board, seat: int) -> float:
    lost = sum(casualties(board, force) for force in board.forces(seat))
    down = sum(1 for f in board.figures.values() if f.side == seat and f.status is Status.DOWN)
    return lost + 0.5 * down


def _end(figure: Figure, action: Action) -> tuple[Point, int | None]:
    """Where a move, reverse or pivot leaves ``figure`` and which way it then faces
    (None: as it faces now, or it does not matter)."""
    weighing = WEIGHINGS[type(action)]
    assert weighing.end is not None
    return weighing.end(figure, action)


@dataclass(frozen=True)
class Weighing:
    """How the bot weighs one RatFight action type. ``pick``: the choice it competes in
    (``shot`` on a firing card, ``retarget`` for shots left over, ``assault`` and
    ``move`` on a movement card, ``hold`` and ``card``: what the bot falls back on);
    ``value``: its worth on its own (a shot, a retarget, an assault); ``end``: where a
    move leaves the model and its facing, which the bot scores as a position."""

    pick: str
    value: Callable[[Plan, Any], float] | None = None
    end: Callable[[Figure, Any], tuple[Point, int | None]] | None = None


#: The AI half of RatFight's dispatch table, by the action types of the rules' half
#: (``game.rules.ratfight.dispatch.PROBLEMS``).
WEIGHINGS: dict[type[Action], Weighing] = {
    Fire: Weighing(
        "shot", value=lambda plan, a: shot_value(plan.board, plan.board.figures[a.figure], a, plan)
    ),
    Retarget: Weighing("retarget", value=retarget_value),
    Hold: Weighing("hold"),
    Assault: Weighing(
        "assault",
        value=lambda plan, a: assault_value(
            plan.board, plan.board.figures[a.figure], plan.board.figures[a.target]
        ),
    ),
    Move: Weighing("move", end=lambda f, a: (a.to, _heading(f.pos, a.to) if f.vehicle else None)),
    Reverse: Weighing("move", end=lambda _f, a: (a.to, None)),
    Pivot: Weighing("move", end=lambda f, a: (f.pos, a.facing)),
    End: Weighing("card"),
    Redraw: Weighing("card"),
}
