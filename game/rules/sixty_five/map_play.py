"""'65's hook for playing on a map of one's own (``game.maps.map_play``): the scenario
file beside a map, the skirmish of the map alone (both registered and played by id,
own_map.py, boards.py) and check-map for play (map_check.py)."""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel

from game.maps.check import Problem
from game.maps.map_play import MapPlay, as_problems
from game.rules.sixty_five.boards import register, source_of
from game.rules.sixty_five.map_check import play_problems
from game.rules.sixty_five.own_map import (
    read_board_map,
    read_scenario_file,
    skirmish_scenario,
)
from game.rules.sixty_five.scenario import Scenario


def load_scenario(path: Path) -> Scenario:
    """The scenario file's scenario, registered (``DataError``/``MapError`` naming the
    file, the key and what was expected otherwise)."""
    scenario, files = read_scenario_file(path)
    return register(scenario, path, "scenarios[0]", files)


def skirmish(map_path: Path, options: BaseModel | None = None) -> Scenario:
    """The skirmish of the map alone, registered (``options`` change nothing in '65)."""
    scenario = skirmish_scenario(map_path, read_board_map(map_path))
    return register(scenario, map_path, "skirmish", {scenario.maps[0].map: map_path})


def board_files(scenario_id: str) -> list[Path]:
    """Every map file of a registered scenario's board (a save copies them)."""
    return list(source_of(scenario_id).files.values())


def check(map_path: Path, scenario_path: Path | None) -> list[Problem]:
    """check-map for play (map_check.py), as problems by file."""
    return as_problems(play_problems(map_path, scenario_path), (map_path, scenario_path))


MAP_PLAY = MapPlay(load_scenario=load_scenario, skirmish=skirmish, check=check)
