"""The per-system hook for playing on any map: skirmish, scenario beside it, checks.

A system that plays on the player's own maps names a module in its ``MapSpec``
(``MapSpec(..., play="game.rules.ratfight.skirmish")``); that module defines
``MAP_PLAY = MapPlay(...)``:

- ``load_scenario(path)``: a scenario file (``<map>.scenario.yaml``, the same schema as
  the system's shipped scenarios) read into the system's own scenario object, its map
  found relative to the file (``game.maps.user_maps.scenario_map``); a ``DataError``
  (or ``MapError``) naming the file, the key and what was expected otherwise;
- ``skirmish(map_path, options)``: the system's scenario for the map alone: default
  forces set up in the map's deployment zones, victory from its objectives when it has
  any, else the system's own end (casualties, morale, a turn limit);
- ``check(map_path, scenario_path)``: what stops the map (and the scenario beside it,
  when given) from being played in the system, as ``game.maps.check.Problem`` s (the
  generic checks of ``check_map`` are done already).

:func:`play_scenario` picks between the two for a ruleset's ``new_game``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from game.core.errors import DataError, MapError
from game.core.registry import map_spec
from game.maps.user_maps import scenario_beside

if TYPE_CHECKING:
    from game.maps.check import Problem

MAP_PLAY_NAME = "MAP_PLAY"


@dataclass(frozen=True)
class MapPlay:
    """How one system plays on a map of the player's (see the module docstring)."""

    load_scenario: Callable[[Path], Any]
    skirmish: Callable[[Path, BaseModel], Any]
    check: Callable[[Path, Path | None], list[Problem]]


def map_play(system: str) -> MapPlay | None:
    """The hook of ``system`` (None when it plays on no maps of the player's)."""
    spec = map_spec(system)
    if spec is None or spec.play is None:
        return None
    hook = getattr(importlib.import_module(spec.play), MAP_PLAY_NAME, None)
    if not isinstance(hook, MapPlay):
        raise TypeError(f"{spec.play}: {MAP_PLAY_NAME} is not a MapPlay")
    return hook


def play_scenario(play: MapPlay, map_path: Path, options: BaseModel) -> Any:
    """The scenario a game on ``map_path`` plays: the file beside the map when there is
    one and the ``map_scenario`` option is ``beside``, else a skirmish on the map alone.
    Errors are ``DataError``/``MapError`` naming the file."""
    beside = scenario_beside(map_path)
    if beside is not None and getattr(options, "map_scenario", "beside") == "beside":
        return play.load_scenario(beside)
    return play.skirmish(map_path, options)


def scenario_problem(path: Path, exc: DataError | MapError) -> list[Problem]:
    """A scenario file's load error as ``check-map`` problems, one per line."""
    from game.maps.check import Problem

    out = []
    for line in str(exc).splitlines():
        text = line[len(str(path)) + 2 :] if line.startswith(f"{path}: ") else line
        out.append(Problem(str(path), "", "", text))
    return out


def as_problems(texts: list[str], files: tuple[Path | None, ...]) -> list[Problem]:
    """A system's check messages (``file: rest``) as ``check-map`` problems, each split
    into the file of ``files`` it starts with and the rest."""
    from game.maps.check import Problem

    out = []
    for text in texts:
        file = next((str(p) for p in files if p and text.startswith(f"{p}: ")), "")
        out.append(Problem(file, "", "", text[len(file) + 2 :] if file else text))
    return out
