"""Where a 5.56mm character would rather stand: the objective and the danger there.

:class:`Places` answers, for one decision, what a place is worth to the acting
character in "men" (see ``five_five_six_values``):

- **The objective.** The side that must reach one (a ``reach`` victory) is pulled
  toward it along the way around what is in the way (``five_five_six_routes``), harder
  as the turns run out, and touching it is the game; the side holding
  it (a ``hold`` victory) likes to stay within a few inches of it. Everyone is drawn
  (lightly) toward the nearest enemy when none is within a rifle's reach.
- **The holders' alarm.** An enemy who could reach the objective in his next go (two
  Moves, 3.1) is the whole game to the side holding it: a shot at him counts up to four
  times (``urgency``), a place is worth the holders' best shot at him from there, and
  while such a man is on the table the holders mind their own danger less.
- **The danger.** Every enemy able to act takes his best Fire action at him there: the
  exact spotting and hit chances of the rules (range, concealment by the share in
  sight, Stealth, Hiding, Sprinting, the light level and night vision gear) and the
  expected wound. Enemies whose card is still to come this turn count whole, the rest
  half (they may move before they act again). A shaken or withdrawing man weighs the
  danger more.

The board is the bot's own copy of its view (enemies' Hide and Stealth unknown); a
place is tried by moving the character there and back.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from game.ai.five_five_six.routes import RouteField, route_field
from game.ai.five_five_six.values import best_shot, threat
from game.maps.tabletop import Point
from game.maps.tabletop_measure import RoundBase, bearing
from game.maps.tabletop_sight import SightQuery
from game.rules.five_five_six.board import MEMO_LIMIT, Board
from game.rules.five_five_six.model import HEIGHT_IN, RADIUS, Character

WIN = 50.0  # ending a go on the objective wins the game
OBJECTIVE_PER_INCH = 0.035  # the reaching side: an inch nearer, early in the game
HOLD_RADIUS_IN = 8.0  # the holding side likes to stay this near the objective
HOLD_PER_INCH = 0.02
APPROACH_FROM_IN = 22.0  # beyond this from the nearest enemy, close in
APPROACH_PER_INCH = 0.01
DANGER_WEIGHT = 0.8
LATER_WEIGHT = 0.5  # an enemy who has had his go this turn
SHAKEN_WEIGHT = 1.5  # a man not steady minds the danger more
URGENT_IN = 10.0  # the holders shoot first at enemies this near the objective
ALARM_FROM_IN = 12.0  # an enemy this near the objective starts to alarm the holders
ALARM_FULL_IN = 6.0  # ...and fully this near (two Moves of 3.1 and a little more)
ALARM_URGENCY = 2.0  # what a shot at a fully alarming enemy adds to his urgency
ALARM_DANGER_CUT = 0.5  # the share of their own danger the holders stop minding


@dataclass
class Stance:
    """How he stands at a place: the facing, and the flags that change the odds of
    hitting him (3.3 Stealth, 4.2 Hiding, 4.1 Sprinting)."""

    facing: int
    stealth: bool = False
    hidden: bool = False
    sprinting: bool = False


@dataclass(frozen=True)
class Objectives:
    """What the scenario asks of a side: the objective it must ``reach`` (and the
    ``route`` field to it), the one it must ``hold``, and the turn the game ends."""

    reach: BaseGeometry | None
    route: RouteField | None
    hold: BaseGeometry | None
    turns: int


def objectives(board: Board, seat: int) -> Objectives:
    """The scenario's victory conditions as seen by ``seat``."""
    reach = hold = None
    route = None
    turns = 8
    scenario = board.setting.scenario
    for victory in scenario.victory:
        if victory.kind == "hold" and victory.turns is not None:
            turns = victory.turns
        if victory.kind != "reach" or victory.objective is None:
            continue
        outline = board.setting.objective(victory.objective).outline
        shape: BaseGeometry = (
            Polygon(outline) if len(outline) >= 3 else ShapelyPoint(outline[0]).buffer(1)
        )
        if victory.side == seat:
            reach = shape
            route = route_field(board.setting.geometry, scenario.map_path, victory.objective, shape)
        else:
            hold = shape
    return Objectives(reach, route, hold, turns)


@dataclass
class Places:
    """One decision's place values for the acting character ``me`` on ``board``."""

    board: Board
    me: Character
    aims: Objectives
    still_to_act: frozenset[str]
    memo: dict[tuple[Point, int, bool, bool, bool], float] = field(default_factory=dict)
    _alarm: float | None = None

    # -- the holders' alarm -----------------------------------------------------------------
    def inches_to_hold(self, at: Point) -> float:
        """Inches from the edge of a base at ``at`` to the objective this side holds
        (``inf`` for a side that holds none)."""
        if self.aims.hold is None:
            return math.inf
        return max(0.0, float(self.aims.hold.distance(ShapelyPoint(at))) - RADIUS) / 100

    def alarm_of(self, at: Point) -> float:
        """0-1: how near an enemy at ``at`` is to reaching the objective this side holds
        in his next go (1 within :data:`ALARM_FULL_IN`, none beyond
        :data:`ALARM_FROM_IN`)."""
        inches = self.inches_to_hold(at)
        span = ALARM_FROM_IN - ALARM_FULL_IN
        return min(1.0, max(0.0, (ALARM_FROM_IN - inches) / span))

    def urgency(self, target: Character) -> float:
        """What a shot at ``target`` counts, times: 1 for the side that must reach, and
        for the holders more the nearer he is to the objective (up to twice within
        :data:`URGENT_IN`, plus :data:`ALARM_URGENCY` when he could reach it next go)."""
        if self.aims.hold is None:
            return 1.0
        inches = self.inches_to_hold(target.pos)
        near = max(0.0, 1.0 - inches / URGENT_IN)
        return 1.0 + near + ALARM_URGENCY * self.alarm_of(target.pos)

    def alarm(self) -> float:
        """The holders' alarm: the greatest :meth:`alarm_of` over the enemies still in
        the fight (0 for the side that must reach)."""
        if self._alarm is None:
            self._alarm = 0.0
            if self.aims.hold is not None:
                for enemy in self.board.enemies_of(self.me.side):
                    if enemy.can_act:
                        self._alarm = max(self._alarm, self.alarm_of(enemy.pos))
        return self._alarm

    # -- the objective ---------------------------------------------------------------------
    def objective_term(self, at: Point) -> float:
        """Progress toward (or staying near) the scenario's objective, and closing in."""
        here = ShapelyPoint(at)
        score = 0.0
        aims = self.aims
        if aims.reach is not None:
            inches = max(0.0, float(aims.reach.distance(here)) - RADIUS) / 100
            if inches <= 0.0:
                return WIN
            if aims.route is not None:
                around = aims.route.inches_from(at)
                inches = around if around < math.inf else inches
            push = 1.0 + 2.0 * min(1.0, self.board.turn / max(1, aims.turns))
            score -= OBJECTIVE_PER_INCH * push * inches
        elif aims.hold is not None:
            inches = float(aims.hold.distance(here)) / 100
            score -= HOLD_PER_INCH * max(0.0, inches - HOLD_RADIUS_IN)
        enemies = self.board.enemies_of(self.me.side)
        if enemies:
            nearest = min(math.dist(at, e.pos) for e in enemies) / 100
            score -= APPROACH_PER_INCH * max(0.0, nearest - APPROACH_FROM_IN)
        return score

    # -- danger -----------------------------------------------------------------------------
    def danger(self, at: Point, stance: Stance) -> float:
        """The expected loss from the enemies' next shots at him standing at ``at``."""
        key = (at, stance.facing, stance.stealth, stance.hidden, stance.sprinting)
        found = self.memo.get(key)
        if found is not None:
            return found
        me = self.me
        saved = (me.pos, me.facing, me.stealth, me.hidden, me.sprinting)
        me.pos, me.facing = at, stance.facing
        me.stealth, me.hidden, me.sprinting = stance.stealth, stance.hidden, stance.sprinting
        try:
            enemies = [e for e in self.board.enemies_of(me.side) if e.can_act]
            prime_sight(self.board, sight_pairs([at], enemies))
            total = 0.0
            for enemy in enemies:
                weight = 1.0 if enemy.id in self.still_to_act else LATER_WEIGHT
                total += weight * threat(self.board, enemy, me)
        finally:
            me.pos, me.facing, me.stealth, me.hidden, me.sprinting = saved
        if me.morale != "steady":
            total *= SHAKEN_WEIGHT
        self.memo[key] = total
        return total

    def value(self, at: Point, stance: Stance) -> float:
        """The objective term less the weighted danger (less of it for alarmed holders)."""
        weight = DANGER_WEIGHT * (1.0 - ALARM_DANGER_CUT * self.alarm())
        return self.objective_term(at) - weight * self.danger(at, stance)

    def offence(self, at: Point, facing: int) -> float:
        """His best Fire action from ``at`` facing ``facing`` (before any Aim), each
        target's worth times his :meth:`urgency`."""
        me = self.me
        go = self.board.go
        saved = (me.pos, me.facing)
        saved_go = None if go is None else (go.aimed, go.fired_at)
        me.pos, me.facing = at, facing
        if go is not None:
            go.aimed, go.fired_at = False, None
        try:
            return best_shot(self.board, me, self.urgency)
        finally:
            me.pos, me.facing = saved
            if go is not None and saved_go is not None:
                go.aimed, go.fired_at = saved_go


def facing_after_move(start: Point, end: Point, facing: int | None, current: int) -> int:
    """3.1: he ends a Move facing the way he went (or as told; on the spot: as told)."""
    if facing is not None:
        return facing
    if start == end:
        return current
    return round(bearing(start, end)) % 360


def prime_sight(board: Board, pairs: list[tuple[Point, Point]]) -> None:
    """Fill the board's line-of-sight memo for these (viewer, target) places in one
    batch (``sight_many`` answers exactly as :meth:`Board.sight` one pair at a time, for
    two characters on standard bases, only faster)."""
    if board.vehicles:  # vehicles in the way: Board.sight keys its memo by them too
        return
    memo = board.setting.sight_memo
    todo = list(dict.fromkeys(p for p in pairs if p not in memo and p[0] != p[1]))
    if not todo:
        return
    if len(memo) + len(todo) > MEMO_LIMIT:
        memo.clear()
    queries = [
        SightQuery(
            RoundBase(v, RADIUS),
            RoundBase(t, RADIUS),
            viewer_height=HEIGHT_IN,
            target_height=HEIGHT_IN,
        )
        for v, t in todo
    ]
    for pair, sight in zip(todo, board.setting.geometry.sight_many(queries), strict=True):
        memo[pair] = sight


def sight_pairs(places: list[Point], others: list[Character]) -> list[tuple[Point, Point]]:
    """Both ways between each place and each character."""
    return [pair for at in places for o in others for pair in ((o.pos, at), (at, o.pos))]
