"""What the table's terrain pieces mean to a 5.56mm character on foot, and moving across
them (6.1).

Every terrain class of ``maps/skirmish.tiled-project`` is read as one kind of ground:
even ground (3.1: grass, fields, light woodland, streets, the inside of a building),
difficult ground of 6.01 (rubble, a bog, water), or an obstacle crossed by its height
(walls, hedges, fences, wire, boulders; 6.1: "measure the vertical height ... and use
this number for the distance"). A piece's ``ground`` property, if set, overrides its
class (a key of ``movement.TERRAIN_TN``, ``obstacle`` or ``even``). The same pieces give
the Hide TN of 4.22 for a character standing in them.

:func:`travel` walks a straight move: even ground costs its length, each difficult
stretch needs a Movement roll (6.02: quarter, half or full pace by the margin; a failed
roll stops him before it) and the move ends where the allowance runs out.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from shapely.geometry import LineString
from shapely.geometry import Point as ShapelyPoint

from game.core.api import DieRolled, Event
from game.maps.tabletop import Point, TerrainPiece
from game.maps.tabletop_measure import RoundBase
from game.rules.five_five_six.board import Board
from game.rules.five_five_six.checks import Modifier
from game.rules.five_five_six.combat.injury import Cover
from game.rules.five_five_six.model import RADIUS, Character
from game.rules.five_five_six.movement.rules import (
    TERRAIN_TN,
    crossing_check,
    crossing_cost,
    obstacle_tn,
    pace,
)
from game.rules.five_five_six.squads.second_chances import lucky

#: Terrain classes that are difficult ground (6.01), by the 6.01 row they count as.
CLASS_GROUND: dict[str, str] = {
    "rubble": "dense_rubble",
    "ruins": "light_rubble",
    "marsh": "bog",
    "stream": "shallow_water",
    "pond": "deep_water",
}
#: Terrain classes crossed as obstacles, by their height (6.01).
OBSTACLE_CLASSES = frozenset({"wall", "hedge", "fence", "barbed_wire", "rocks", "high_wall"})

#: 4.22: the Hide ground of a terrain class (anything else is even ground).
HIDE_GROUND: dict[str, str] = {
    "brush": "brush",
    "crops": "light_undergrowth",
    "wood": "dense_undergrowth",
    "ruins": "light_rubble",
    "rubble": "dense_rubble",
    "rocks": "obstacles",
    "wall": "obstacles",
    "hedge": "obstacles",
    "building": "obstacles",
}
#: 4.22 from the easiest to the best ground to hide in.
HIDE_ORDER = (
    "even",
    "light_undergrowth",
    "brush",
    "light_rubble",
    "dense_undergrowth",
    "dense_rubble",
    "obstacles",
)


def ground_of(piece: TerrainPiece) -> str:
    """``even``, ``obstacle`` or a 6.01 ground key."""
    override = piece.properties.get("ground")
    if isinstance(override, str) and override:
        return override
    if piece.kind in OBSTACLE_CLASSES:
        return "obstacle"
    return CLASS_GROUND.get(piece.kind, "even")


def level_at(board: Board, at: Point) -> float:
    """3.71/3.72 higher ground: how far above the table a character standing at ``at``
    is, in inches. Standing on an area piece he had to climb onto (infantry movement
    ``climb``: boulders, car wrecks) he is at its height; an area piece's
    ``elevation_in`` property sets the level for any piece (a hillock, a roof, a
    loading bank); elsewhere he is on the table (0). The highest piece under the
    centre of his base counts (Interpretation S27)."""
    level = 0.0
    for piece in board.setting.geometry.pieces_at_point(at):
        if piece.linear:
            continue
        raised = piece.properties.get("elevation_in")
        if isinstance(raised, (int, float)) and not isinstance(raised, bool):
            level = max(level, float(raised))
        elif piece.move("infantry") == "climb":
            level = max(level, piece.height_in)
    return level


#: 8.03: what the table's cover is to a thermal imaging sight's round: soft cover (a
#: hedge, a wooden fence, brush) is light, hard cover (brick, stone) heavy; a piece's
#: ``thermal_cover`` property (light, medium, heavy) overrides it (a car is medium).
THERMAL_COVER: dict[str, Cover] = {"soft": "light", "hard": "heavy"}
COVER_ORDER: tuple[Cover, ...] = ("light", "medium", "heavy")


def thermal_cover_of(pieces: Iterable[TerrainPiece]) -> Cover | None:
    """8.03: the heaviest cover among the pieces hiding a target from a firer who shoots
    through them with a thermal sight (``None``: nothing in the way)."""
    found: list[Cover] = []
    for piece in pieces:
        named = piece.properties.get("thermal_cover")
        if isinstance(named, str) and named in COVER_ORDER:
            found.append(named)
        elif piece.cover in THERMAL_COVER:
            found.append(THERMAL_COVER[piece.cover])
    return max(found, key=COVER_ORDER.index) if found else None


def hide_ground(board: Board, at: Point) -> str:
    """4.22: the best Hide ground among the pieces a base at ``at`` stands in (the
    character picks his spot)."""
    pieces = board.setting.geometry.pieces_at(RoundBase(at, RADIUS))
    grounds = [HIDE_GROUND.get(p.kind, "even") for p in pieces]
    return max(grounds, key=HIDE_ORDER.index) if grounds else "even"


@dataclass(frozen=True, slots=True)
class Stretch:
    """A difficult part of a straight move: from ``start`` to ``end`` hundredths along
    it, the piece, its TN and the length that counts (an obstacle's height)."""

    start: float
    end: float
    piece: TerrainPiece
    tn: int | None
    counts_in: float


def stretches(board: Board, start: Point, to: Point) -> tuple[Stretch, ...]:
    """The difficult stretches of a straight move, in order along it."""
    key = (start, to)
    memo = board.setting.path_memo
    found = memo.get(key)
    if found is not None:
        return found  # type: ignore[no-any-return]
    line = LineString([start, to]) if start != to else None
    out: list[Stretch] = []
    if line is not None:
        geometry = board.setting.geometry
        lo_x, hi_x = min(start[0], to[0]), max(start[0], to[0])
        lo_y, hi_y = min(start[1], to[1]), max(start[1], to[1])
        for piece in board.setting.table.pieces:
            ground = ground_of(piece)
            if ground == "even":
                continue
            x0, y0, x1, y1 = geometry.bounds(piece)
            if x1 < lo_x or x0 > hi_x or y1 < lo_y or y0 > hi_y:
                continue  # the boxes are apart: the line cannot meet the piece
            shape = geometry.shape(piece)
            if not shape.intersects(line):
                continue
            part = shape.intersection(line)
            coords = [c for g in getattr(part, "geoms", [part]) for c in g.coords]
            along = [line.project(_point(c)) for c in coords]
            if not along:
                continue
            a, b = min(along), max(along)
            if ground == "obstacle":
                tn = obstacle_tn(piece.height_in) if piece.height_in > 0 else 1
                counts = piece.height_in
            else:
                tn = TERRAIN_TN.get(ground)
                counts = (b - a) / 100
            out.append(Stretch(a, b, piece, tn, counts))
    result = tuple(sorted(out, key=lambda s: (s.start, s.piece.id)))
    if len(memo) > 20_000:
        memo.clear()
    memo[key] = result
    return result


def _point(c: tuple[float, ...]) -> ShapelyPoint:
    return ShapelyPoint(c[0], c[1])


def along(start: Point, to: Point, length: float) -> Point:
    """The point ``length`` hundredths from ``start`` toward ``to`` (not past it)."""
    total = math.hypot(to[0] - start[0], to[1] - start[1])
    if total == 0 or length >= total:
        return to
    f = max(0.0, length) / total
    return (round(start[0] + (to[0] - start[0]) * f), round(start[1] + (to[1] - start[1]) * f))


def travel(
    board: Board,
    character: Character,
    to: Point,
    budget: float,
    *,
    extra: tuple[Modifier, ...] = (),
    rough: bool = True,
) -> tuple[Point, list[Event]]:
    """Move ``character`` straight toward ``to`` with ``budget`` hundredths of movement:
    even ground costs its length, each difficult stretch a 6.1 Movement roll (``extra``:
    wound and light penalties) and its length at the pace rolled. ``rough=False``
    (Hide's creeping, 4.2) crosses at full pace without rolling. Returns where he ends
    and the rolls made."""
    start = character.pos
    total = math.hypot(to[0] - start[0], to[1] - start[1])
    events: list[Event] = []
    spent = 0.0  # hundredths of movement used
    here = 0.0  # hundredths along the line
    for stretch in stretches(board, start, to) if rough else ():
        if stretch.start > here:
            step = stretch.start - here
            if spent + step > budget:
                return along(start, to, here + budget - spent), events
            spent += step
            here = stretch.start
        if stretch.tn is None:
            return along(start, to, max(0.0, here - RADIUS)), events
        check = crossing_check(
            stretch.tn, character.profile.movement, ground=stretch.piece.player_name, extra=extra
        )
        result, luck = lucky(board, character, check.roll(board.rng))
        events.append(
            DieRolled(
                who=character.name,
                purpose=f"crosses {stretch.piece.player_name}",
                die="D6",
                faces=(result.roll,),
                modifiers=tuple((m.name, m.value) for m in result.check.bonuses),
                target=check.tn.value,
                success=result.success,
            )
        )
        events += luck
        cost = crossing_cost(stretch.counts_in, result.margin)
        if cost is None:  # 6.02: not crossed; he stops before it
            back = RADIUS if ground_of(stretch.piece) == "obstacle" else 0
            return along(start, to, max(0.0, here - back)), events
        cost_h = cost * 100
        if spent + cost_h > budget:
            if ground_of(stretch.piece) == "obstacle":
                return along(start, to, max(0.0, here - RADIUS)), events
            p = pace(result.margin)
            assert p is not None
            return along(start, to, here + (budget - spent) * float(p)), events
        spent += cost_h
        here = max(here, stretch.end)
    left = budget - spent
    return along(start, to, min(total, here + left)), events
