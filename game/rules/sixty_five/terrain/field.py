"""The ground the '65 rules play on: a board of hex maps, the terrain of each hex and the
Smoke on it, with range (10b1) and line of sight (14).

Hexes are board hex ids (``"1E3"``); terrain classes come from ``data/terrain.yaml``.
Buildings block LOS by their silhouettes (Tiled objects, game/maps/silhouette.py) in
rules version 2; version 1 (``silhouettes`` off) blocked with the whole building hex.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterable, Iterator, Mapping

from game.core.errors import MapError
from game.core.memo import forget_on_new_game
from game.maps.board import Board
from game.maps.hexgrid import Cube, cube_line
from game.maps.silhouette import Outline, board_silhouettes, line_meets_outline
from game.maps.terrain import TerrainClass, TerrainTable

#: line_shape's answers by offset (as many as a board has hex-to-hex offsets)
_SHAPES: dict[Cube, tuple[tuple[Cube, ...], ...]] = {}

_BLOCKS, _DEGRADES = 1, 2  # Field._hex_flags: a hex blocks LOS / degrades it (14)

#: A cube (q, r, s) coded as one number, q * _K + r, so that a hex plus an offset is the
#: sum of their codes (Field._trace); one-to-one while |r| < _K / 2, far beyond a board.
_K = 1 << 20
#: line_shape's steps between the ends (not the first or last), as codes
_CODED: dict[Cube, tuple[tuple[int, ...], ...]] = {}
forget_on_new_game(_SHAPES.clear)  # a bigger board's offsets come with its game
forget_on_new_game(_CODED.clear)


def _coded_inner(offset: Cube) -> tuple[tuple[int, ...], ...]:
    known = _CODED.get(offset)
    if known is None:
        steps = line_shape(offset)[1:-1]
        known = _CODED[offset] = tuple(tuple(q * _K + r for q, r, _ in step) for step in steps)
    return known


def line_shape(offset: Cube) -> tuple[tuple[Cube, ...], ...]:
    """``cube_line`` from the origin to ``offset``, remembered: a line from any hex ``a``
    to ``a + offset`` passes the same steps moved by ``a`` (the nudges that break ties
    are a millionth of a hex, far above the float error of the move; tested)."""
    known = _SHAPES.get(offset)
    if known is None:
        known = _SHAPES[offset] = tuple(cube_line((0, 0, 0), offset))
    return known


class Field:
    """A board plus the terrain id of each hex (hexes not named are ``default``)."""

    def __init__(
        self,
        board: Board,
        terrain: Mapping[str, str],
        table: TerrainTable,
        default: str = "clear",
        silhouettes: Mapping[str, tuple[Outline, ...]] | None = None,
    ) -> None:
        self.board = board
        self.table = table
        self._terrain = dict(terrain)
        self._default = default
        self._hexes = {board.hex_id(h): h for h in board.hexes()}
        for hex_id, terrain_id in self._terrain.items():
            if hex_id not in self._hexes:
                raise MapError(f"terrain given for {hex_id!r}, which is not a hex of the board")
            if terrain_id not in table:
                raise MapError(f"hex {hex_id}: unknown terrain {terrain_id!r}")
        self.smoke: dict[str, int] = {}  # hex id -> 2 or 1 (22f); cleaned up in 5e
        #: 18r Sudden Downpour (Kickstarter): LOS reaches this many hexes; None: no limit
        self.visibility: int | None = None
        #: 23c: Wire hexes (fixed for the game: fortified.place_fortifications) and the
        #: Cover Factor change they give; Leg units stop on entering one (movement/rules.py)
        self.wire: frozenset[str] = frozenset()
        self.wire_cover = 0
        #: 23b, scenario 5: the hexes with a standing bunker and the unit types that may
        #: not be in one (the M40s); such a unit never enters a bunker hex (movement/rules.py)
        self.bunkers: frozenset[str] = frozenset()
        self.bunker_barred: frozenset[str] = frozenset()
        #: 9 (rules version 9): a Landed helicopter counts as a ground vehicle in the
        #: stacking limits of the hexes units move into (movement.stacking_refusal)
        self.landed_stack = False
        #: 14: hexes holding a ground vehicle or a wreck, degrading terrain for LOS
        #: (kept up to date by vehicle_moves.refresh_clutter); empty without vehicles
        self.clutter: frozenset[str] = frozenset()
        #: scenario 6 (scenarios/highway.py): road hexes in kunai or jungle, and the MP more it
        #: costs to enter one of them while it holds a vehicle or a wreck (``clutter``)
        self.crowded_roads: frozenset[str] = frozenset()
        self.crowded_mp = 0
        #: Scenario 7's mountain: the gaps between the maps block LOS (a line step off
        #: the maps; along an edge when the hex beside it blocks too). Set before any
        #: LOS is asked (scenario_ground); False: gaps never block (14).
        self.gaps_block = False
        self._terrain_of = {h: table[self._terrain.get(h, default)] for h in self._hexes}
        self._distances: dict[str, dict[str, int]] = {}  # hex -> every hex's range from it
        self._cube = {hex_id: board.cube(h) for hex_id, h in self._hexes.items()}
        self._by_cube = {cube: hex_id for hex_id, cube in self._cube.items()}
        self._code = {hex_id: q * _K + r for hex_id, (q, r, _) in self._cube.items()}
        self._by_code = {code: hex_id for hex_id, code in self._code.items()}
        self._near: dict[str, tuple[str, ...]] = {}
        self._rings: dict[tuple[str, int, int], frozenset[str]] = {}  # within
        self._trees: dict[str, dict[str, str | None]] = {}  # tree
        self._los: dict[tuple[str, str], bool] = {}  # without Smoke; shared by copies
        #: the same lines from each hex as two sets, the hexes seen and those not, kept
        #: with the ``_los`` table they mirror (:meth:`_row`)
        self._rows: tuple[dict[tuple[str, str], bool], dict[str, tuple[set[str], set[str]]]]
        self._rows = (self._los, {})
        self._lasting: dict[tuple[str, str], bool] = {}  # blocked by what Smoke never changes
        #: the steps between two hexes a line of sight passes (hexes on the board only)
        self._steps: dict[tuple[str, str], tuple[tuple[str, ...], ...]] = {}
        self._passed: dict[tuple[str, str], frozenset[str]] = {}  # the hexes of those steps
        self._boxes: dict[str, list[tuple[Outline, tuple[float, float, float, float]]]] = {}
        self._lines: dict[tuple[str, str], tuple[tuple[str | None, ...], ...]] = {}
        self._flags: tuple[bool, dict[str, int]] | None = None  # _hex_flags, by its rule
        self.zones: dict[str, tuple[str, ...]] = {}  # set-up zones (scenario.zone_hexes)
        #: hex id -> building outlines in board pixels (14: LOS "intersects a silhouette")
        self.silhouettes: dict[str, tuple[Outline, ...]] = dict(silhouettes or {})
        self.by_silhouette = True  # False: a building hex blocks as a whole (version 1)
        self._edges: dict[str, frozenset[str]] = {}  # board edges (edge_hexes)
        #: (start hex, movement points, flat[, the Wire hexes a Leg unit stops in]) ->
        #: cheapest path to each hex reached (candidates.cheapest_paths; terrain only,
        #: so shared by copies)
        self.reach: dict[tuple[object, ...], dict[str, tuple[str, ...]]] = {}

    def copy(self, *, silhouettes: bool | None = None) -> Field:
        """The same ground with its own Smoke markers; ``silhouettes`` False: buildings
        block LOS as whole hexes (rules version 1), True: by their silhouettes."""
        twin = Field.__new__(Field)
        twin.__dict__.update(self.__dict__)
        twin.smoke = dict(self.smoke)  # the caches stay shared: terrain never changes
        if silhouettes is not None and silhouettes != self.by_silhouette:
            twin.by_silhouette = silhouettes
            # another LOS rule: its own caches (the steps a line keeps differ where
            # the mountain meets a building hex, which only version 1 finds solid)
            twin._los, twin._lasting, twin._steps, twin._passed = {}, {}, {}, {}
        return twin

    @classmethod
    def from_board(cls, board: Board, table: TerrainTable) -> Field:
        """A field whose terrain is read from the board's loaded maps."""
        terrain: dict[str, str] = {}
        for h in board.hexes():
            t = board.terrain_at(h)
            if t is not None:
                terrain[board.hex_id(h)] = t.id
        return cls(board, terrain, table, silhouettes=board_silhouettes(board))

    def hexes(self) -> Iterator[str]:
        return iter(self._hexes)

    def __contains__(self, hex_id: object) -> bool:
        return hex_id in self._hexes

    def terrain(self, hex_id: str) -> TerrainClass:
        known = self._terrain_of.get(hex_id)
        if known is None:
            return self.table[self._terrain.get(hex_id, self._default)]
        return known

    def crowding(self, hex_id: str) -> int:
        """Scenario 6: the MP more to enter ``hex_id`` for the vehicle or wreck in it."""
        if self.crowded_mp and hex_id in self.clutter and hex_id in self.crowded_roads:
            return self.crowded_mp
        return 0

    def crowded(self) -> frozenset[str]:
        """Scenario 6: the hexes that cost more to enter just now (:meth:`crowding`)."""
        if not self.crowded_mp:
            return frozenset()
        return self.clutter & self.crowded_roads

    def cover(self, hex_id: str) -> int:
        """Cover Factor of the hex (4b); Smoke adds +1 (22f), Wire -1 (23c)."""
        cover = self.terrain(hex_id).cover + (1 if hex_id in self.smoke else 0)
        return cover + self.wire_cover if hex_id in self.wire else cover

    def cube_of(self, hex_id: str) -> tuple[int, int, int]:
        """The hex's cube coordinates on the board (remembered for the board's hexes)."""
        known = self._cube.get(hex_id)
        if known is None:
            return self.board.cube(self.board.parse_id(hex_id))
        return known

    def at_cube(self, cube: tuple[int, int, int]) -> str | None:
        """The board hex at cube coordinates ``cube``, or None off the board."""
        return self._by_cube.get(cube)

    def distance(self, a: str, b: str) -> int:
        """Range (10b1): count the target's hex, not the firer's: 3E2 to 3E4 is 2."""
        row = self._distances.get(a)
        if row is None:
            ca = self._cube[a]
            row = self._distances[a] = {
                h: max(abs(ca[0] - c[0]), abs(ca[1] - c[1]), abs(ca[2] - c[2]))
                for h, c in self._cube.items()
            }
        return row[b]

    def beyond(self, a: str, b: str) -> str | None:
        """The hex after ``b`` on the line from its neighbour ``a`` (straight away from
        ``a``), or None off the board."""
        ca, cb = self._cube[a], self._cube[b]
        return self._by_cube.get((2 * cb[0] - ca[0], 2 * cb[1] - ca[1], 2 * cb[2] - ca[2]))

    def entry_sides(self, firer: str, target: str) -> frozenset[str]:
        """The target's neighbours the line from ``firer`` passes just before it: one hex,
        or the two beside a corner the line runs through (18g)."""
        steps = self.board.line(self._hexes[firer], self._hexes[target])
        before = steps[-2] if len(steps) > 1 else ()
        return frozenset(self.board.hex_id(h) for h in before if h is not None)

    def within(self, hex_id: str, low: int, high: int) -> frozenset[str]:
        """The hexes from ``low`` to ``high`` hexes away from ``hex_id`` (remembered)."""
        known = self._rings.get((hex_id, low, high))
        if known is None:
            self.distance(hex_id, hex_id)  # fills the row of ranges from hex_id
            row = self._distances[hex_id]
            known = frozenset(h for h, d in row.items() if low <= d <= high)
            self._rings[(hex_id, low, high)] = known
        return known

    def tree(self, start: str) -> dict[str, str | None]:
        """Each hex of the board with the hex before it on a shortest way from ``start``
        over the board, breadth first (None for ``start``); remembered."""
        known = self._trees.get(start)
        if known is None:
            known = self._trees[start] = {start: None}
            queue = deque([start])
            while queue:
                here = queue.popleft()
                for n in self.neighbours(here):
                    if n not in known:
                        known[n] = here
                        queue.append(n)
        return known

    def neighbours(self, hex_id: str) -> tuple[str, ...]:
        """Adjacent hexes that are on the board."""
        found = self._near.get(hex_id)
        if found is None:
            out = []
            for h in self.board.neighbours(self._hexes[hex_id]):
                if self.board.contains(h):
                    out.append(self.board.hex_id(h))
            found = self._near[hex_id] = tuple(out)
        return found

    def _blocks_id(self, hex_id: str) -> bool:
        """Blocking terrain (14), Smoke aside: a building hex with a silhouette does not
        block as a whole, its silhouette does (see _trace)."""
        terrain = self.terrain(hex_id)
        if terrain.silhouette and self.by_silhouette and hex_id in self.silhouettes:
            return False
        return terrain.blocks_los

    def los(self, a: str, b: str) -> bool:
        """Line of sight (14): adjacent hexes always see each other. Otherwise the line
        from centre to centre is blocked by a hex of blocking terrain or Smoke between
        them (along a hex edge only when both hexes beside it block), by touching or
        crossing a building's silhouette, or by two hexes of degrading terrain. The
        firer's and the target's own hexes never count. A line straight down a road
        passes only road hexes and their edges, so jungle or kunai beside the road, on
        one side of an edge, never blocks it. In a Sudden Downpour (18r) nothing
        farther than ``visibility`` hexes is seen.

        The answer without Smoke is remembered (terrain never changes), both ways: the
        line back passes the same steps, so it sees alike (tested on every scenario
        board). Smoke only adds blocking hexes, so with Smoke on the board only a clear
        line is looked at again, step by step."""
        if self.visibility is not None and self.distance(a, b) > self.visibility:
            return False
        clear = self._los.get((a, b))
        if clear is None:
            clear = self._los[(a, b)] = self._los[(b, a)] = self._trace(a, b)
            self._row(a)[0 if clear else 1].add(b)
            self._row(b)[0 if clear else 1].add(a)
        if not clear or not (self.smoke or self.clutter):
            return clear
        steps = self._steps.get((a, b))
        if steps is None:
            return True  # adjacent: nothing lies between
        # a line clear without Smoke and vehicles stays clear when none is on it
        passed = self._passed.get((a, b))
        if passed is None:  # the hexes of its steps, gathered the first time needed
            passed = frozenset(h for step in steps for h in step)
            self._passed[(a, b)] = self._passed[(b, a)] = passed
        smoke, blocks = self.smoke, self._blocks_id
        if (
            smoke
            and not passed.isdisjoint(smoke)
            and any(all(h in smoke or blocks(h) for h in step) for step in steps)
        ):
            return False
        clutter = self.clutter
        return not clutter or passed.isdisjoint(clutter) or self._degrading(steps) < 2

    def seen_from(self, a: str, others: Iterable[str]) -> set[str]:
        """Those hexes of ``others`` that ``a`` sees (:meth:`los` of each), for a random
        draw that asks for many lines at once: the lines remembered from ``a`` are read
        as sets (:meth:`_row`); one the terrain blocks is skipped outright (Smoke and
        vehicles only block more); with no Smoke or vehicle on the board a remembered
        clear line is taken as it is; the others are asked one by one."""
        if self.visibility is not None:
            return {b for b in others if self.los(a, b)}
        wanted = others if isinstance(others, (set, frozenset)) else set(others)
        clear, blocked = self._row(a)
        if self.smoke or self.clutter:
            return self._seen_through(a, wanted.difference(blocked), clear)
        out = clear.intersection(wanted)
        for b in wanted.difference(clear, blocked):  # lines not traced yet
            if self.los(a, b):
                out.add(b)
        return out

    def _seen_through(self, a: str, others: Iterable[str], clear: set[str]) -> set[str]:
        """Those of ``others`` that ``a`` sees with Smoke or vehicles on the board: a line
        remembered clear whose hexes hold neither is seen as it is (what :meth:`los`
        finds), any other is asked of :meth:`los`."""
        smoke, clutter, steps_of, passed_of = self.smoke, self.clutter, self._steps, self._passed
        out: set[str] = set()
        for b in others:
            if b in clear:
                if (a, b) not in steps_of:
                    out.add(b)  # adjacent: nothing lies between
                    continue
                passed = passed_of.get((a, b))
                if passed is not None and passed.isdisjoint(smoke) and passed.isdisjoint(clutter):
                    out.add(b)
                    continue
            if self.los(a, b):
                out.add(b)
        return out

    def _row(self, a: str) -> tuple[set[str], set[str]]:
        """The hexes whose line from ``a`` is remembered clear, and remembered blocked,
        without Smoke (``_los``). Kept beside the table they mirror (shared by copies
        like it) and read off it afresh when the table is another one (a copy under the
        other LOS rule)."""
        table, rows = self._rows
        if table is not self._los:
            rows = {}
            for (x, y), seen in self._los.items():
                rows.setdefault(x, (set(), set()))[0 if seen else 1].add(y)
            self._rows = (self._los, rows)
        row = rows.get(a)
        if row is None:
            row = rows[a] = (set(), set())
        return row

    def sees_any(self, a: str, others: Iterable[str]) -> bool:
        """Whether ``a`` sees any hex of ``others`` (:meth:`los` of each, which sees
        alike both ways): the lines already remembered are asked first, so that a new
        line is traced only when none of them settles it."""
        if self.visibility is not None:
            return any(self.los(a, b) for b in others)
        known, los = self._los.get, self.los
        new: list[str] = []
        for b in others:
            clear = known((a, b))
            if clear is None:
                new.append(b)
            elif clear and los(a, b):
                return True
        return any(los(a, b) for b in new)

    def _degrading(self, steps: tuple[tuple[str, ...], ...]) -> int:
        """14: the steps of a line through degrading terrain or a hex holding a vehicle
        or a wreck (along an edge only when both hexes beside it degrade)."""
        clutter, terrain = self.clutter, self.terrain
        return sum(all(h in clutter or terrain(h).degrades_los > 0 for h in step) for step in steps)

    def line(self, a: str, b: str) -> tuple[tuple[str | None, ...], ...]:
        """The steps of the centre-to-centre line from ``a`` to ``b`` (hexgrid.cube_line):
        each one hex id, or the two beside an edge it runs along, None off the board; the
        first is ``(a,)``, the last ``(b,)``. Remembered (geometry: shared by copies)."""
        known = self._lines.get((a, b))
        if known is None:
            known = self._lines[(a, b)] = tuple(self._id_line(a, b))
        return known

    def _id_line(self, a: str, b: str) -> list[tuple[str | None, ...]]:
        (q, r, s), cb = self._cube[a], self._cube[b]
        at = self._by_cube.get
        out: list[tuple[str | None, ...]] = []
        for step in line_shape((cb[0] - q, cb[1] - r, cb[2] - s)):
            if len(step) == 1:
                (q1, r1, s1) = step[0]
                out.append((at((q + q1, r + r1, s + s1)),))
            else:  # along an edge: the two hexes beside it
                (q1, r1, s1), (q2, r2, s2) = step
                out.append((at((q + q1, r + r1, s + s1)), at((q + q2, r + r2, s + s2))))
        return out

    def _hex_flags(self) -> dict[str, int]:
        """Each board hex's part in LOS without Smoke or vehicles, for the LOS rule in
        force (``by_silhouette``): ``_BLOCKS`` when it blocks as a whole (_blocks_id),
        ``_DEGRADES`` when its terrain degrades. Remembered with the rule it was worked
        out for (terrain never changes; a copy under the other rule works its own)."""
        known = self._flags
        if known is None or known[0] != self.by_silhouette:
            terrain = self.terrain
            flags = {
                h: (_BLOCKS if self._blocks_id(h) else 0)
                | (_DEGRADES if terrain(h).degrades_los > 0 else 0)
                for h in self._hexes
            }
            known = self._flags = (self.by_silhouette, flags)
        return known[1]

    def _trace(self, a: str, b: str) -> bool:
        """Line of sight without Smoke; remembers the steps that Smoke could block (for
        the line back too: the same steps). One pass over the line's steps: a step along
        an edge blocks (or degrades) only when both hexes beside it do."""
        (q, r, s), cb = self._cube[a], self._cube[b]
        if abs(cb[0] - q) <= 1 and abs(cb[1] - r) <= 1 and abs(cb[2] - s) <= 1:
            return True  # the same hex or the next (range 1 at most)
        flags = self._hex_flags()
        gaps = self.gaps_block
        silhouettes = self.silhouettes if self.by_silhouette else {}
        inner: list[tuple[str, ...]] = []
        near: list[str] = []  # hexes on the line with a silhouette (not the ends)
        degrading = 0
        blocked = False
        at, base = self._by_code.get, self._code[a]
        # the steps of _id_line, worked out as they are read: this runs for every line
        # first asked in a game, thousands in a short one
        for shape in _coded_inner((cb[0] - q, cb[1] - r, cb[2] - s)):
            if len(shape) == 1:
                h = at(base + shape[0])
                if h is None:
                    if gaps:  # a step off the maps blocks beside a scenario's mountain
                        return self._blocked_by_gap(a, b)
                    continue
                f = flags[h]
                inner.append((h,))
                if h in silhouettes:
                    near.append(h)
            else:  # along an edge: the two hexes beside it, which block only together
                h, h2 = at(base + shape[0]), at(base + shape[1])
                if h is None or h2 is None:
                    if gaps and (h is None or flags[h] & _BLOCKS):
                        if h2 is None or flags[h2] & _BLOCKS:
                            return self._blocked_by_gap(a, b)
                    for x in (h, h2):
                        if x is not None and x in silhouettes:
                            near.append(x)
                    continue
                f = flags[h] & flags[h2]
                inner.append((h, h2))
                if h in silhouettes:
                    near.append(h)
                if h2 in silhouettes:
                    near.append(h2)
            if f & _DEGRADES:
                degrading += 1
            if f & _BLOCKS:
                blocked = True
        self._steps[(a, b)] = self._steps[(b, a)] = tuple(inner)
        lasting = self._lasting.get((a, b))
        if lasting is None:  # silhouettes and degrading hexes: the same with any Smoke
            lasting = degrading >= 2 or (bool(near) and self._hits_silhouette(a, b, near))
            self._lasting[(a, b)] = self._lasting[(b, a)] = lasting
        return not lasting and not blocked

    def _blocked_by_gap(self, a: str, b: str) -> bool:
        """Scenario 7's mountain: a line with a step off the maps, every hex beside it
        blocking, is blocked whatever Smoke does (remembered both ways)."""
        self._steps[(a, b)] = self._steps[(b, a)] = ()
        self._passed[(a, b)] = self._passed[(b, a)] = frozenset()
        self._lasting[(a, b)] = self._lasting[(b, a)] = True
        return False

    def _hits_silhouette(self, a: str, b: str, near: list[str]) -> bool:
        """14: the centre-to-centre line from ``a`` to ``b`` touches or crosses a
        silhouette of one of the hexes ``near`` it passes (not the firer's or the
        target's own)."""
        start, end = self.board.centre(self._hexes[a]), self.board.centre(self._hexes[b])
        # an outline whose box lies clear of the line's box (beyond the geometry's 1e-9
        # tolerance for touching) cannot meet the line: skip the exact test
        x0, x1 = min(start[0], end[0]) - 1e-6, max(start[0], end[0]) + 1e-6
        y0, y1 = min(start[1], end[1]) - 1e-6, max(start[1], end[1]) + 1e-6
        # nor can an outline whose corners all lie on one side of the line, more than a
        # hundredth of a pixel from it (the exact test's tolerances are 1e-9): ``side``
        # is silhouette._cross(start, end, corner), the distance times the line's length
        ax, ay, dx, dy = start[0], start[1], end[0] - start[0], end[1] - start[1]
        margin = 0.01 * math.hypot(dx, dy)
        for h in near:
            for outline, (bx0, by0, bx1, by1) in self._outlines(h):
                if bx1 < x0 or bx0 > x1 or by1 < y0 or by0 > y1:
                    continue
                sides = [dx * (y - ay) - dy * (x - ax) for x, y in outline]
                if min(sides) > margin or max(sides) < -margin:
                    continue
                if line_meets_outline(start, end, outline):
                    return True
        return False

    def _outlines(self, hex_id: str) -> list[tuple[Outline, tuple[float, float, float, float]]]:
        """The hex's building outlines, each with its box (x0, y0, x1, y1)."""
        known = self._boxes.get(hex_id)
        if known is None:
            known = self._boxes[hex_id] = [
                (o, (min(x for x, _ in o), min(y for _, y in o), max(x for x, _ in o),
                     max(y for _, y in o)))
                for o in self.silhouettes.get(hex_id, ())
            ]  # fmt: skip
        return known

    def sight_line(self, a: str, b: str) -> tuple[tuple[float, float], tuple[float, float]]:
        """The centre-to-centre line in board pixels (for drawing LOS)."""
        return self.board.centre(self._hexes[a]), self.board.centre(self._hexes[b])

    # -- scenarios (24) -------------------------------------------------------------------
    def with_terrain_as(self, swap: Mapping[str, str]) -> Field:
        """A new field where every hex of terrain ``old`` counts as ``swap[old]`` (a
        scenario's special rule, e.g. buildings as kunai in scenario 2)."""
        terrain = {h: swap.get(t, t) for h, t in self._terrain.items()}
        kept = {h: o for h, o in self.silhouettes.items() if self._terrain.get(h) not in swap}
        default = swap.get(self._default, self._default)
        return Field(self.board, terrain, self.table, default, silhouettes=kept)

    def with_hex_terrain(self, changes: Mapping[str, str]) -> Field:
        """A new field where each hex of ``changes`` is of that terrain, its building
        silhouettes gone (scenario 5's clear 2C2; scenario 6's road across the seam of two
        maps; the rubble of a destroyed bunker, 23b). Smoke, the downpour's sight, Wire,
        bunkers, the LOS clutter, scenario 6's crowded roads, scenario 7's mountain and the
        LOS rule go along; the caches start afresh, since the terrain they remember is no
        longer the same."""
        for hex_id, terrain_id in changes.items():
            if hex_id not in self._hexes:
                raise MapError(f"terrain given for {hex_id!r}, which is not a hex of the board")
            if terrain_id not in self.table:
                raise MapError(f"hex {hex_id}: unknown terrain {terrain_id!r}")
        terrain = {h: self.terrain(h).id for h in self._hexes}
        terrain.update(changes)
        kept = {h: o for h, o in self.silhouettes.items() if h not in changes}
        twin = Field(self.board, terrain, self.table, self._default, silhouettes=kept)
        twin.smoke = dict(self.smoke)
        twin.visibility = self.visibility
        twin.wire, twin.wire_cover = self.wire, self.wire_cover
        twin.bunkers, twin.bunker_barred = self.bunkers, self.bunker_barred
        twin.landed_stack = self.landed_stack
        twin.clutter = self.clutter
        twin.crowded_roads, twin.crowded_mp = self.crowded_roads, self.crowded_mp
        twin.gaps_block = self.gaps_block
        twin.by_silhouette = self.by_silhouette
        return twin

    def edge_hexes(self, edge: str) -> frozenset[str]:
        """The hexes along one map edge of the whole board (north is up, 24): those with
        no board hex beyond them in that direction (flat-topped hexes: N and S by the
        hex straight up or down, E and W by both hexes of that side)."""
        known = self._edges.get(edge)
        if known is not None:
            return known
        beyond = {
            "N": ((0, -1, 1),),
            "S": ((0, 1, -1),),
            "E": ((1, -1, 0), (1, 0, -1)),
            "W": ((-1, 0, 1), (-1, 1, 0)),
        }[edge]
        if self.board.grid.stagger_axis == "y":  # pointy-topped: rows are straight
            beyond = {
                "N": ((0, -1, 1), (1, -1, 0)),
                "S": ((0, 1, -1), (-1, 1, 0)),
                "E": ((1, 0, -1),),
                "W": ((-1, 0, 1),),
            }[edge]
        out = []
        for hex_id, (q, r, s) in self._cube.items():
            if all((q + dq, r + dr, s + ds) not in self._by_cube for dq, dr, ds in beyond):
                out.append(hex_id)
        found = self._edges[edge] = frozenset(out)
        return found
