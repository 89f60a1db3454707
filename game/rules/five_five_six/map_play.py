"""5.56mm's hook for playing on a table of one's own (``game.maps.map_play``): the
scenario file beside a map, the skirmish of the map alone (own_map.py) and check-map
for play (map_check.py)."""

from __future__ import annotations

import hashlib
from pathlib import Path

from pydantic import BaseModel

from game.core.rng import Rng
from game.maps.check import Problem
from game.maps.map_play import MapPlay, as_problems
from game.rules.five_five_six.map_check import play_problems
from game.rules.five_five_six.own_map import read_scenario_file, skirmish_scenario
from game.rules.five_five_six.scenarios import Scenario


def load_scenario(path: Path) -> Scenario:
    """The scenario file's scenario (``DataError`` naming the file, the key and what was
    expected otherwise)."""
    return read_scenario_file(path)


def skirmish(map_path: Path, options: BaseModel | None = None) -> Scenario:
    """The skirmish of the map alone. Its squads are drawn from the map's own content
    (the same map gives the same squads, so the briefing shows the men played) and the
    ``upgrades`` option: the budget each squad spends, or "roll" for 2D6+12."""
    budget = str(getattr(options, "upgrades", "roll"))
    digest = hashlib.sha256(map_path.read_bytes() + budget.encode()).digest()
    rng = Rng(int.from_bytes(digest[:8], "big"))
    return skirmish_scenario(map_path, rng, None if budget == "roll" else int(budget))


def check(map_path: Path, scenario_path: Path | None) -> list[Problem]:
    """check-map for play (map_check.py), as problems by file."""
    return as_problems(play_problems(map_path, scenario_path), (map_path, scenario_path))


MAP_PLAY = MapPlay(load_scenario=load_scenario, skirmish=skirmish, check=check)
