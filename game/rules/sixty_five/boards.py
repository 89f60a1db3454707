"""'65 boards: the maps a scenario lays side by side, for the shipped scenarios and for
a map of one's own (issue 33).

A scenario is known by its id. The shipped ones come from ``data/scenarios.yaml``; a
game on a map of one's own registers its scenario here (:func:`register`) under an id
made from the scenario and its maps' content (``own-`` and twelve hex digits): the same
content gives the same id wherever it lies (a save replays on its copy of the map with
the same id, so to the same state), a map saved again another one. The files of the
latest registration are the ones read, so the same map at two paths never reads the
other's file after one of them changed.
:func:`source_of` answers for both: the scenario, the file it was read from (for error
messages), and each board map's ``.tmx`` by its ``map_id``.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from game.core.errors import DataError
from game.maps import load_map
from game.maps.board import Board
from game.rules.sixty_five.data import DATA_DIR, load_data
from game.rules.sixty_five.field import Field as Ground
from game.rules.sixty_five.scenario import MAPS_DIR, Scenario, load_scenarios

SHIPPED_FILE = DATA_DIR / "scenarios.yaml"
OWN_PREFIX = "own-"


@dataclass(frozen=True)
class Source:
    """Where a scenario comes from: the ``scenario``, the ``path`` of its file and its
    key path in it (``scenarios[3]``), and the ``.tmx`` of each board map by map id."""

    scenario: Scenario
    path: Path
    where: str
    files: dict[str, Path]

    def at(self, key: str) -> str:
        """``file: scenarios[0].key``: the start of an error message about ``key``."""
        return f"{self.path}: {self.where}.{key}"


_OWN: dict[str, Source] = {}


def map_files(scenario: Scenario, folder: Path) -> dict[str, Path]:
    """Each board map's file by map id: ``file`` relative to ``folder`` (the scenario
    file's folder) where given, else the shipped ``maps/sixty_five/map<id>.tmx``."""
    return {
        pm.map: (folder / pm.file) if pm.file else MAPS_DIR / f"map{pm.map}.tmx"
        for pm in scenario.maps
    }


def source_of(scenario_id: str) -> Source:
    """The scenario of this id, shipped or registered (``KeyError`` naming the known
    shipped ones otherwise)."""
    own = _OWN.get(scenario_id)
    if own is not None:
        return own
    shipped = load_scenarios()
    if scenario_id not in shipped:
        raise KeyError(f"no '65 scenario {scenario_id!r} (known: {', '.join(shipped)})")
    index = list(shipped).index(scenario_id)
    sc = shipped[scenario_id]
    return Source(sc, SHIPPED_FILE, f"scenarios[{index}]", map_files(sc, SHIPPED_FILE.parent))


def scenario_by_id(scenario_id: str) -> Scenario:
    """The scenario of this id, shipped or registered."""
    return source_of(scenario_id).scenario


def register(scenario: Scenario, path: Path, where: str, files: dict[str, Path]) -> Scenario:
    """Make a scenario on maps of one's own known (``path``: its file, or the map for a
    skirmish); returns it under its content id, which :func:`source_of` then knows."""
    digest = hashlib.sha256(scenario.model_dump_json(exclude={"id"}).encode())
    for map_id in sorted(files):
        digest.update(map_id.encode() + b"\0" + files[map_id].read_bytes())
    own = scenario.model_copy(update={"id": OWN_PREFIX + digest.hexdigest()[:12]})
    _OWN[own.id] = Source(own, path, where, dict(files))  # the latest files are read
    return own


@cache
def ground_of(scenario_id: str) -> Ground:
    """The board of a scenario with its terrain (maps read once): each map placed at its
    offset, the scenario's terrain rules applied (terrain_as, hex_terrain, mountain)."""
    source = source_of(scenario_id)
    sc = source.scenario
    data = load_data()
    placed = []
    for i, pm in enumerate(sc.maps):
        game_map = load_map(source.files[pm.map], terrain=data.terrain)
        own_id = str(game_map.properties.get("map_id", pm.map))
        if own_id != pm.map:
            raise DataError(
                f"{source.at(f'maps[{i}].map')}: {pm.map!r}, but {source.files[pm.map]} says "
                f"map_id = {own_id!r} (expected the two to agree)"
            )
        placed.append((game_map, pm.offset))
    ground = Ground.from_board(Board.from_maps(placed), data.terrain)
    if sc.terrain_as:
        ground = ground.with_terrain_as(sc.terrain_as)
    check_hexes(sc, ground, source)
    if sc.hex_terrain:
        unknown = [h for h in sc.hex_terrain if h not in ground]
        if unknown:
            raise DataError(
                f"{source.at('hex_terrain.' + unknown[0])}: not a hex of its board "
                "(expected a board hex id such as 2C2)"
            )
        ground = ground.with_hex_terrain(sc.hex_terrain)
    ground.gaps_block = sc.mountain  # scenario 7: before any LOS is asked
    return ground


def check_hexes(sc: Scenario, ground: Ground, source: Source | None = None) -> None:
    """Scenario 6's exit hexes must be hexes of their maps on the board (``DataError``
    naming the file and key otherwise)."""
    src = source or source_of(sc.id)
    named = [(f"exit_hexes.{k}.hexes", e.map, e.hexes) for k, e in sc.exit_hexes.items()]
    for where, map_id, labels in named:
        for label in labels:
            if f"{map_id}{label.upper()}" not in ground:
                raise DataError(
                    f"{src.at(where)}: {label!r} is not a hex of Map {map_id} (expected a "
                    "label such as C1)"
                )
