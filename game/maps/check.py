"""Map validation for authors: everything that would stop a map from being played.

:func:`check_map` returns a list of :class:`Problem` (empty = clean). Errors:

- the file does not load (every :class:`MapError` of :func:`game.maps.tiled.load_map`);
- the map property ``system`` is missing or names a system without a terrain table
  (``game/rules/<system>/data/terrain.yaml``), or the table itself is invalid;
- the system plays on hexes but the map is not hexagonal (or the other way round);
- there is no tile layer named ``terrain``; a terrain cell is empty, its tile has no
  ``terrain`` property, or names a terrain the system does not know;
- an entrance's ``leads_to`` names a file that does not exist;
- there is no deployment zone, or one has no ``side`` (not required where the system's
  map spec says its scenarios list where each side sets up, as '65's do);
- building silhouettes (objects of type ``building``, game/maps/silhouette.py): not a
  closed shape with an area, crossing itself, not wholly inside the hex under its
  centre, or in a hex whose terrain takes none; a hex whose terrain class says
  ``silhouette: true`` without one.

What a system's maps must be comes from its manifest's ``MapSpec`` (or, for systems in
preparation, from the catalogue in ``game.core.registry``); nothing here names a system.

Then, for a map without errors whose system plays on the player's maps, the system's own
checks (``game.maps.map_play``): a deployment zone for each side, objectives named, and
the scenario file beside the map (wrong keys, unknown units, zones or objectives it names
that the map lacks).

Warnings (printed, but the map still passes): objects off the map, object types that
are not one of entrance, booby_trap, deployment, objective, spawn, label, marker; a
measured (square-grid) map without ``inches_per_tile``.

Tabletop maps (``system=tabletop``, or a system whose map spec is a tabletop) have no terrain
tiles; their objects are checked as terrain pieces instead
(:func:`game.maps.tabletop.table_problems`): an unknown class, a missing or invalid
property, an area class drawn as a polyline (an open polygon), a linear class drawn as
an area, degenerate or self-crossing shapes, a bad scale or light, a number out of its
sane range, a piece reaching more than a table's size off it; pieces off the table and
a missing scale (with the default assumed) are warnings. The Tiled reader's limits
(points per object, objects and points per map) keep every check within a second or
two. Each problem is ``file: layer: object: message``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal, Protocol

from game.core.errors import DataError, MapError
from game.core.registry import map_spec
from game.maps.model import GameMap
from game.maps.silhouette import silhouette_problems
from game.maps.tabletop import PROJECT_FILE, is_tabletop, table_problems
from game.maps.terrain import TerrainTable, load_terrain_table, re_system_id, terrain_table_path
from game.maps.tiled import TERRAIN_LAYER, TERRAIN_PROPERTY, cell_place, load_map

OBJECT_KINDS = frozenset(
    {"entrance", "booby_trap", "deployment", "objective", "spawn", "label", "marker", "building"}
)


@dataclass(frozen=True)
class Problem:
    """One finding, printed as ``file: layer: place: message`` (empty parts left out)."""

    file: str
    layer: str
    place: str
    message: str
    severity: Literal["error", "warning"] = "error"

    def __str__(self) -> str:
        parts = [self.file, self.layer, self.place]
        text = ": ".join(p for p in parts if p)
        tag = "warning: " if self.severity == "warning" else ""
        return f"{text}: {tag}{self.message}"


def check_map(
    path: str | Path,
    *,
    rules_dir: Path | None = None,
    system: str | None = None,
    play: bool = True,
) -> list[Problem]:
    """All problems of one map file (see the module docstring), then what stops it from
    being played in its system (or in ``system``, for an open table any tabletop system
    plays on): the system's ``MapPlay.check`` of the map and of the scenario file
    beside it (``game.maps.map_play``).

    ``rules_dir`` replaces ``game/rules`` when looking up terrain tables (for tests);
    ``play=False`` leaves out the system's checks (a further level of a complex).
    """
    path = Path(path)
    file = str(path)
    try:
        game_map = load_map(path, resolve_terrain=False)
    except MapError as exc:
        text = str(exc)
        text = text[len(file) + 2 :] if text.startswith(file + ": ") else text
        return [Problem(file, "", "", text)]

    problems: list[Problem] = []

    def add(layer: str, place: str, message: str, warn: bool = False) -> None:
        problems.append(Problem(file, layer, place, message, "warning" if warn else "error"))

    if is_tabletop(game_map):
        _check_tabletop(game_map, add)
    else:
        table = _system_table(game_map, add, rules_dir)
        _check_terrain(game_map, table, add)
        _check_objects(game_map, add)
        if table is not None:
            silhouette_problems(game_map, table, add)
    if play and not any(p.severity == "error" for p in problems):
        problems += play_problems(path, system or game_map.system or "")
    return problems


def play_problems(path: Path, system: str) -> list[Problem]:
    """What the system's ``MapPlay.check`` finds in a map that loads (and in the
    scenario file beside it); nothing for a system that plays shipped scenarios only."""
    from game.maps.map_play import map_play
    from game.maps.user_maps import scenario_beside

    play = map_play(system) if re_system_id(system) else None
    if play is None:
        return []
    return play.check(path, scenario_beside(path))


def _system_table(game_map: GameMap, add: _Add, rules_dir: Path | None) -> TerrainTable | None:
    system = game_map.system
    if not system:
        add("", "map", "map property 'system' is missing (a system id such as 'tunnel_rats')")
        return None
    if not re_system_id(system):
        add("", "map", f"map property system={system!r} is not a system id")
        return None
    spec = map_spec(system)
    if spec is not None and spec.orientation != game_map.orientation:
        add(
            "",
            "map",
            f"system {system!r} plays on {spec.orientation} maps; "
            f"this map is {game_map.orientation}",
        )
    if spec is not None and spec.measured and "inches_per_tile" not in game_map.properties:
        add("", "map", "map property 'inches_per_tile' is missing (assuming 1.0)", warn=True)
    table_path = terrain_table_path(system)
    if rules_dir is not None:
        table_path = rules_dir / system / "data" / "terrain.yaml"
    if not table_path.is_file():
        add("", "map", f"system {system!r} has no terrain table (expected {table_path})")
        return None
    try:
        return load_terrain_table(table_path)
    except DataError as exc:
        add("", "map", f"terrain table of system {system!r} is invalid: {exc}")
        return None


def _check_terrain(game_map: GameMap, table: TerrainTable | None, add: _Add) -> None:
    layer = next(
        (ly for ly in game_map.layers if ly.kind == "tile" and ly.name == TERRAIN_LAYER), None
    )
    if layer is None:
        add("", "", f"required tile layer {TERRAIN_LAYER!r} is missing")
        return
    where = f"layer {TERRAIN_LAYER}"
    for cell in game_map.cells():
        place = cell_place(game_map, cell)
        if not layer.gid_at(cell):
            add(where, place, "no tile (every cell needs a terrain tile)")
            continue
        tid = game_map.terrain_id_at(cell)
        if tid is None:
            add(where, place, f"tile has no {TERRAIN_PROPERTY!r} property")
        elif table is not None and tid not in table:
            known = ", ".join(table)
            add(where, place, f"unknown terrain {tid!r} for {game_map.system} (known: {known})")


def _check_objects(game_map: GameMap, add: _Add) -> None:
    deployments = 0
    map_dir = game_map.path.parent
    for obj in game_map.objects:
        where = f"layer {obj.layer}"
        place = cell_place(game_map, obj.cell) if game_map.contains(obj.cell) else ""
        label = f"object {obj.id}" + (f" {obj.name!r}" if obj.name else "")
        if not game_map.contains(obj.cell):
            add(where, label, f"lies off the map (at pixel {obj.centre})", warn=True)
        if obj.kind and obj.kind not in OBJECT_KINDS:
            kinds = ", ".join(sorted(OBJECT_KINDS))
            add(where, place or label, f"{label}: unknown type {obj.kind!r} ({kinds})", warn=True)
        if obj.kind == "entrance":
            target = str(obj.properties.get("leads_to", "") or "")
            if target and not (map_dir / target).is_file():
                add(where, place or label, f"{label}: leads_to {target!r} does not exist")
        elif obj.kind == "deployment":
            deployments += 1
            if not str(obj.properties.get("side", "") or ""):
                add(where, place or label, f"{label}: deployment zone has no 'side'")
    spec = map_spec(game_map.system or "")
    if deployments == 0 and (spec is None or spec.deployment_on_map):
        add("", "", "no deployment zone (an object of type 'deployment' with a 'side')")


def _check_tabletop(game_map: GameMap, add: _Add) -> None:
    from game.maps.tiled import load_property_types

    try:
        project = load_property_types(PROJECT_FILE)
    except MapError as exc:
        add("", "", f"the game's project file is unusable: {exc}")
        return
    for problem in table_problems(game_map, project):
        add(problem.layer, problem.place, problem.message, problem.severity == "warning")
    if not any(o.kind == "deployment" for o in game_map.objects):
        add("", "", "no deployment zone (an object of class 'deployment' with a 'side')")


class _Add(Protocol):
    """Callable type of the ``add`` helper (for type checkers)."""

    def __call__(self, layer: str, place: str, message: str, warn: bool = False) -> None: ...
