"""The tunnel levels of a scenario as the rules see them, over ``game.maps``.

A :class:`Level` is one Tiled map reduced to what the rules need: terrain per cell,
entrances, booby traps, deployment zones, objectives and spawn points. Every
measurement and line of sight goes through :mod:`game.maps.grid`.

Ranges ("within 1 inch") are measured centre to centre; a figure's base fills its
1-inch cell, so a diagonal neighbour counts as touching: a range of ``r`` inches
reaches every cell whose centre is at most ``r + 0.5`` tiles away (see
docs/rules/tunnel_rats.md, Interpretations).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path

from game.core.errors import DataError, MapError
from game.core.lru import LruCache
from game.core.map_copy import files_digest
from game.maps import grid, grid_steps
from game.maps.model import GameMap
from game.maps.terrain import TerrainClass, TerrainTable, load_terrain_table
from game.rules.tunnel_rats.actions import Move
from game.rules.tunnel_rats.data import DATA_DIR, Scenario, Stance

Cell = tuple[int, int]
#: start, inches, stance, the blocked cells that can change the reach
ReachKey = tuple[Cell, float, Stance, frozenset[Cell]]
_RANGE_SLACK = 0.5
# Memo sizes per level, measured with tracemalloc over AI games (docs/rules/tunnel_rats.md,
# "Memory"): an entry of either holds about 3 KB, so a level keeps at most ~12 MB.
REACH_CACHE_ENTRIES = 2048
FOV_CACHE_ENTRIES = 2048
WALK_CACHE_ENTRIES = 64  # whole-level walking fields (a few KB each)


@dataclass(frozen=True)
class Entrance:
    """An entrance object; ``leads_to`` is the index of the level it opens onto (None
    for a dead end or a way out to the surface); ``hidden`` ones must be found."""

    id: str
    level: int
    cell: Cell
    name: str
    leads_to: int | None
    hidden: bool


@dataclass(frozen=True)
class TrapSpec:
    """A booby trap drawn on the map: obvious (an item the rats can see) or hidden."""

    id: str
    level: int
    cell: Cell
    hidden: bool


@dataclass(eq=False)
class Level:
    """One level: a grid of terrain classes (None = solid rock) and its objects."""

    name: str
    width: int
    height: int
    terrain: tuple[tuple[TerrainClass | None, ...], ...]
    inches_per_tile: float = 1.0
    entrance_cells: tuple[tuple[str, Cell, str, bool], ...] = ()  # name, cell, leads_to, hidden
    trap_cells: tuple[tuple[Cell, bool], ...] = ()
    deployment: dict[str, tuple[Cell, ...]] = field(default_factory=dict)
    objectives: dict[str, Cell] = field(default_factory=dict)
    spawns: tuple[Cell, ...] = ()
    _fov: LruCache[tuple[Cell, float], frozenset[Cell]] = field(
        default_factory=lambda: LruCache(FOV_CACHE_ENTRIES), repr=False
    )
    _step_tables: dict[Stance, grid_steps.StepTable] = field(default_factory=dict, repr=False)
    _reach: LruCache[ReachKey, grid.Reach] = field(
        default_factory=lambda: LruCache(REACH_CACHE_ENTRIES), repr=False
    )
    _regions: LruCache[ReachKey, frozenset[Cell]] = field(
        default_factory=lambda: LruCache(REACH_CACHE_ENTRIES), repr=False
    )
    _moves: LruCache[tuple[str, ReachKey], tuple[Move, ...]] = field(
        default_factory=lambda: LruCache(REACH_CACHE_ENTRIES), repr=False
    )
    _walks: LruCache[Cell, dict[Cell, float]] = field(
        default_factory=lambda: LruCache(WALK_CACHE_ENTRIES), repr=False
    )

    def public(self) -> Level:
        """This level as the rats may know it: no hidden traps or hidden entrances, no
        defenders' zones or spawn points (cached; shares the measuring caches)."""
        found = self.__dict__.get("_public")
        if found is None:
            found = Level(
                name=self.name,
                width=self.width,
                height=self.height,
                terrain=self.terrain,
                inches_per_tile=self.inches_per_tile,
                entrance_cells=tuple(e for e in self.entrance_cells if not e[3]),
                trap_cells=tuple(t for t in self.trap_cells if not t[1]),
                deployment={k: v for k, v in self.deployment.items() if k == "rats"},
                objectives=dict(self.objectives),
                spawns=(),
                _fov=self._fov,
                _step_tables=self._step_tables,
                _reach=self._reach,
                _regions=self._regions,
                _moves=self._moves,
                _walks=self._walks,
            )
            self.__dict__["_public"] = found
        return found

    # -- terrain -----------------------------------------------------------------
    def contains(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height

    def terrain_at(self, cell: Cell) -> TerrainClass | None:
        return self.terrain[cell[1]][cell[0]] if self.contains(cell) else None

    def passable(self, cell: Cell) -> bool:
        t = self.terrain_at(cell)
        return t is not None and t.passable

    def blocks_los(self, cell: Cell) -> bool:
        t = self.terrain_at(cell)
        return t is None or t.blocks_los

    def max_stance(self, cell: Cell) -> Stance:
        """The most upright stance allowed in the cell (crawlways, water traps)."""
        t = self.terrain_at(cell)
        if t is None or t.max_stance is None:
            return Stance.RUNNING
        return Stance(t.max_stance)

    def passable_cells(self) -> list[Cell]:
        return [
            (x, y) for y in range(self.height) for x in range(self.width) if self.passable((x, y))
        ]

    # -- measuring (all via game.maps.grid) ------------------------------------------
    def distance(self, a: Cell, b: Cell) -> float:
        """Straight distance between cell centres, in inches."""
        return grid.distance_inches(a, b, self.inches_per_tile)

    def within(self, a: Cell, b: Cell, inches: float) -> bool:
        """True if ``b`` is within ``inches`` of ``a`` (bases touching count)."""
        return self.distance(a, b) <= inches + _RANGE_SLACK * self.inches_per_tile + 1e-9

    def line_of_sight(self, a: Cell, b: Cell) -> bool:
        return grid.line_of_sight(a, b, self.blocks_los)

    def reach(
        self, start: Cell, inches: float, stance: Stance, blocked: Iterable[Cell] = ()
    ) -> grid.Reach:
        """Cells reachable from ``start`` in ``stance`` within ``inches``: only through
        cells that allow the stance and are not ``blocked``. Results are cached per
        level, at most ``REACH_CACHE_ENTRIES`` of them; the key holds the blocked cells
        that can matter (:func:`game.maps.grid_steps.reach_region`), so an entry is never
        stale."""
        return self._reach_for(self.reach_key(start, inches, stance, blocked))

    def reach_key(
        self, start: Cell, inches: float, stance: Stance, blocked: Iterable[Cell] = ()
    ) -> ReachKey:
        """What a reach depends on: start, inches, stance and the blocked cells that can
        change it. Equal keys always have equal reaches (the key of the memo)."""
        free_key: ReachKey = (start, inches, stance, frozenset())
        region = self._regions.get(free_key)
        if region is None:
            free = self._reach_for(free_key)
            region = grid_steps.reach_region(self._steps(stance), free)
            self._regions.put(free_key, region)
        near = region.intersection(blocked)
        return (start, inches, stance, frozenset(near)) if near else free_key

    def move_actions(self, figure: str, key: ReachKey) -> tuple[Move, ...]:
        """Every move of ``figure`` within the reach ``key`` (see :meth:`reach_key`): to
        each reached cell but the start, ending in the key's stance, row by row. Memoised
        per level (at most ``REACH_CACHE_ENTRIES``): listing moves is the hot path of
        random play and search."""
        memo_key = (figure, key)
        found = self._moves.get(memo_key)
        if found is None:
            start, _inches, stance, _stop = key
            cells = sorted(self._reach_for(key).costs, key=lambda c: (c[1], c[0]))
            found = tuple(Move(figure, stance, c) for c in cells if c != start)
            self._moves.put(memo_key, found)
        return found

    def _reach_for(self, key: ReachKey) -> grid.Reach:
        found = self._reach.get(key)
        if found is None:
            start, inches, stance, stop = key
            found = grid_steps.reachable_within(self._steps(stance), start, inches, stop)
            self._reach.put(key, found)
        return found

    def _steps(self, stance: Stance) -> grid_steps.StepTable:
        """The steps a figure in ``stance`` can take on this level (worked out once)."""
        table = self._step_tables.get(stance)
        if table is None:
            factor: dict[Cell, float] = {}
            for y in range(self.height):
                for x in range(self.width):
                    t = self.terrain[y][x]
                    if t is None or not t.passable:
                        continue
                    if t.max_stance is not None and Stance(t.max_stance).rank < stance.rank:
                        continue
                    factor[(x, y)] = t.move_cost
            table = grid_steps.step_table(self.width, self.height, factor, self.inches_per_tile)
            self._step_tables[stance] = table
        return table

    def path_distance(self, start: Cell, goal: Cell) -> float | None:
        """Walking distance in inches along passable cells (any stance); None if cut off."""
        return self.walk_field(start).get(goal)

    def walk_field(self, start: Cell) -> dict[Cell, float]:
        """Walking distance in inches from ``start`` to every cell it connects to (any
        stance: over every passable cell). Memoised per level (the map never changes)."""
        found = self._walks.get(start)
        if found is None:
            # Crawling may enter every passable cell, so its steps are "any stance".
            found = grid_steps.reachable_within(
                self._steps(Stance.CRAWLING), start, math.inf, frozenset()
            ).costs
            self._walks.put(start, found)
        return found

    def field_of_view(self, origin: Cell, inches: float) -> frozenset[Cell]:
        """Every cell seen from ``origin`` within ``inches`` (flashlight reach): open
        cells with a clear line and the rock faces bordering them. Cached per level."""
        key = (origin, inches)
        found = self._fov.get(key)
        if found is not None:
            return found
        seen: set[Cell] = {origin}
        frontier = [origin]
        visited = {origin}
        while frontier:
            nxt: list[Cell] = []
            for cx, cy in frontier:
                for dx, dy in (
                    (1, 0),
                    (-1, 0),
                    (0, 1),
                    (0, -1),
                    (1, 1),
                    (1, -1),
                    (-1, 1),
                    (-1, -1),
                ):
                    c = (cx + dx, cy + dy)
                    if c in visited or not self.contains(c):
                        continue
                    visited.add(c)
                    if self.distance(origin, c) > inches + 1e-9:
                        continue
                    if not self.line_of_sight(origin, c):
                        continue
                    seen.add(c)
                    if not self.blocks_los(c):
                        nxt.append(c)
            frontier = nxt
        result = frozenset(seen)
        self._fov.put(key, result)
        return result

    def sees(self, a: Cell, b: Cell, inches: float) -> bool:
        """Line of sight from ``a`` to ``b`` within ``inches``."""
        return b in self.field_of_view(a, inches)


def _terrain_rows(game_map: GameMap) -> tuple[tuple[TerrainClass | None, ...], ...]:
    return tuple(tuple(row) for row in game_map.terrain)


def level_from_map(game_map: GameMap, name: str) -> Level:
    """The rules' view of a loaded Tiled map (objects by their Tiled type)."""
    entrances = []
    traps = []
    deployment: dict[str, list[Cell]] = {}
    objectives: dict[str, Cell] = {}
    spawns: list[Cell] = []
    for obj in game_map.objects:
        props = obj.properties
        if obj.kind == "entrance":
            entrances.append(
                (obj.name, obj.cell, str(props.get("leads_to", "")), bool(props.get("hidden")))
            )
        elif obj.kind == "booby_trap":
            traps.append((obj.cell, bool(props.get("hidden"))))
        elif obj.kind == "deployment":
            side = str(props.get("side", ""))
            deployment.setdefault(side, []).extend(obj.cells or (obj.cell,))
        elif obj.kind == "objective":
            objectives[obj.name or f"objective{obj.id}"] = obj.cell
        elif obj.kind == "spawn":
            spawns.extend(obj.cells or (obj.cell,))
    return Level(
        name=name,
        width=game_map.width,
        height=game_map.height,
        terrain=_terrain_rows(game_map),
        inches_per_tile=game_map.inches_per_tile,
        entrance_cells=tuple(entrances),
        trap_cells=tuple(traps),
        deployment={k: tuple(dict.fromkeys(v)) for k, v in deployment.items()},
        objectives=objectives,
        spawns=tuple(dict.fromkeys(spawns)),
    )


# -- tiny maps in text (tests and examples) ------------------------------------------------

_ASCII = {
    "#": None,
    ".": "tunnel",
    "c": "crawlway",
    "w": "water_trap",
    "s": "spider_hole",
    "r": "rubble",
}


def level_from_ascii(
    rows: Iterable[str],
    name: str = "ascii",
    terrain: TerrainTable | None = None,
    **objects: object,
) -> Level:
    """A level from text: ``#`` rock, ``.`` tunnel, ``c`` crawlway, ``w`` water trap,
    ``s`` spider hole, ``r`` rubble. ``objects`` are passed on to :class:`Level`."""
    table = terrain or tunnel_terrain()
    lines = [r for r in rows]
    width = max(len(r) for r in lines)
    grid_rows = []
    for line in lines:
        row = []
        for ch in line.ljust(width, "#"):
            if ch not in _ASCII:
                raise DataError(f"ascii level {name!r}: unknown cell character {ch!r}")
            tid = _ASCII[ch]
            row.append(None if tid is None else table[tid])
        grid_rows.append(tuple(row))
    return Level(name=name, width=width, height=len(lines), terrain=tuple(grid_rows), **objects)  # type: ignore[arg-type]


@cache
def tunnel_terrain() -> TerrainTable:
    """The Tunnel Rats terrain table (``data/terrain.yaml``)."""
    return load_terrain_table(DATA_DIR / "terrain.yaml")


# -- scenarios' maps --------------------------------------------------------------------


@dataclass(eq=False)
class World:
    """The levels of one scenario with their entrances and traps, numbered e1.., t1...

    Only ``key`` (the scenario id, or a test's name) is part of the game's canonical
    form: the levels are fixed data loaded from the maps.
    """

    key: str

    def __post_init__(self) -> None:
        self.levels: tuple[Level, ...] = ()
        self.entrances: dict[str, Entrance] = {}
        self.traps: dict[str, TrapSpec] = {}


def build_world(key: str, levels: list[Level]) -> World:
    """Number entrances and traps across levels and link ``leads_to`` to level indexes
    (a ``leads_to`` is matched against the level names by file name)."""
    world = World(key)
    world.levels = tuple(levels)
    stems = [Path(lv.name).name for lv in levels]
    for li, lv in enumerate(levels):
        for name, cell, leads, hidden in lv.entrance_cells:
            target = Path(leads).name if leads else ""
            idx = stems.index(target) if target and target in stems else None
            eid = f"e{len(world.entrances) + 1}"
            world.entrances[eid] = Entrance(eid, li, cell, name, idx, hidden)
        for cell, hidden in lv.trap_cells:
            tid = f"t{len(world.traps) + 1}"
            world.traps[tid] = TrapSpec(tid, li, cell, hidden)
    return world


_WORLDS: dict[str, World] = {}


def world_key(scenario: Scenario, paths: list[Path]) -> str:
    """The key of a scenario's world: a shipped scenario's id (as saves have always
    recorded it); for a scenario on a player's map, the id and a digest of the levels'
    content, so two maps never share a cached world and a save's copy of a map keys
    like the map it was copied from."""
    if scenario.shipped:
        return scenario.id
    content = {f"{i}.tmx": p.read_bytes() for i, p in enumerate(paths)}
    return f"{scenario.id}@{files_digest(content)[:16]}"


def scenario_world(scenario: Scenario) -> World:
    """The loaded levels of a scenario (cached by :func:`world_key`: maps are immutable
    data while a game is played)."""
    from game.maps import load_map

    paths = [scenario.level_path(i) for i in range(len(scenario.levels))]
    key = world_key(scenario, paths)
    found = _WORLDS.get(key)
    if found is not None:
        return found
    levels = []
    for i, (rel, path) in enumerate(zip(scenario.levels, paths, strict=True)):
        try:
            game_map = load_map(path, terrain=tunnel_terrain())
        except MapError as exc:  # say which scenario listed the map, and where
            raise MapError(f"{scenario.where(f'levels.{i}')}: {exc}") from None
        levels.append(level_from_map(game_map, rel if scenario.shipped else str(path)))
    world = build_world(key, levels)
    closed = set(scenario.closed_entrances)
    for eid, ent in world.entrances.items():
        if ent.name in closed:  # caved in for this scenario: a dead end
            world.entrances[eid] = replace(ent, leads_to=None)
    _WORLDS[key] = world
    return world
