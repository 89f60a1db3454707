"""RatFight's leaf evaluation: fighting strength, morale margin and the race to an
objective.

A side loses when every one of its forces breaks (a morale test at turn end fails when
the kept card is not above the force's casualties), so each force's casualties are
read against the ten or so points a kept card gives on average; standing models count
by their worth to the side (``game.ai.ratfight.bot.worth``), Downed ones at half. A side
with a ``reach`` objective gains as its nearest standing model closes on it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from game.ai.evaluation import logistic, register_evaluation, two_sided
from game.ai.hard import HardConfig
from game.ai.mcts import SearchConfig
from game.ai.ratfight.bot import worth
from game.ai.search_hints import SearchHints, register_search_hints
from game.rules.ratfight.flow import casualties
from game.rules.ratfight.model import Status
from game.rules.ratfight.state import RatFightState

MORALE_CARD = 7.0  # what a kept card is worth on average against casualties
REACH_SCALE_IN = 24.0  # inches over which the reach term fades
HUNDREDTHS = 100.0  # positions are in hundredths of an inch


def _strength(state: RatFightState, seat: int) -> float:
    board = state.board
    total = 0.0
    for figure in board.figures.values():
        if figure.side != seat or not figure.fighting:
            continue
        total += worth(figure) * (0.5 if figure.status is Status.DOWN else 1.0)
    return total


def _morale(state: RatFightState, seat: int) -> float:
    """How safe the side's forces are from breaking: the mean over unbroken forces of
    (average card - casualties) / average card; a broken force counts -1."""
    board = state.board
    forces = board.forces(seat)
    if not forces:
        return 0.0
    total = 0.0
    for force in forces:
        if force in board.broken:
            total -= 1.0
        else:
            total += (MORALE_CARD - casualties(board, force)) / MORALE_CARD
    return total / len(forces)


def _reach(state: RatFightState, seat: int) -> float:
    """1 at the objective, fading with the nearest standing model's distance."""
    board = state.board
    best = 0.0
    for event in board.setting.scenario.events:
        if event.kind != "reach" or event.side != seat or event.objective is None:
            continue
        outline = board.setting.objective(event.objective).outline
        cx = sum(p[0] for p in outline) / len(outline)
        cy = sum(p[1] for p in outline) / len(outline)
        for figure in board.figures.values():
            if figure.side != seat or figure.status is not Status.UP:
                continue
            d = math.hypot(figure.pos[0] - cx, figure.pos[1] - cy) / HUNDREDTHS
            best = max(best, math.exp(-d / REACH_SCALE_IN))
    return best


@register_evaluation("ratfight")
def ratfight_evaluation(state: RatFightState) -> Sequence[float]:
    """Seat 0's chance from the strength share, morale margin and reach terms."""
    s0, s1 = _strength(state, 0), _strength(state, 1)
    share = (s0 - s1) / max(1.0, s0 + s1)
    morale = _morale(state, 0) - _morale(state, 1)
    reach = _reach(state, 0) - _reach(state, 1)
    return two_sided(logistic(3.0 * share + 1.5 * morale + 1.5 * reach))


# RatFight's random play runs at a few hundred actions a second (shapely geometry in every
# legality check): a small budget keeps a decision near a second.
# hard: the bot ranks its shots and moves (``RatFightBot.ranked``); its next three are the
# challengers, held to one standard error of paired gain. Each is judged by a rollout the
# heuristic plays for both sides (``guide=1.0``: the rollout/policy-improvement scheme, the
# opponent modelled as ``normal`` plays) until the opponent's reply is over
# (``rollout_turns=2``, at most 30 actions). Cut after 8 actions instead, it cannot see the
# reply to an exposed move: it scored 6 of 16 against ``normal``, and 19 of 32 with the cut
# after the reply (convoy 7 of 16 of those; docs/rules/ratfight.md "Computer levels"). 64
# playouts (16 rounds of four moves) are 0.3-0.6 CPU s a decision; the clock stops it at
# 0.8 s.
register_search_hints(
    "ratfight",
    SearchHints(
        config=SearchConfig(playouts=12, rollout_depth=6),
        evaluate=ratfight_evaluation,
        hard=HardConfig(
            ranked=3,
            confidence=1.0,
            guide=1.0,
            rollout_turns=2,
            rollout_depth=30,
            playouts=64,
        ),
    ),
)
