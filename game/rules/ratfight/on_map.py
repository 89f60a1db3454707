"""JTS RatFight on a map of the player's: the ``MapPlay`` hook (``game.maps.map_play``).

A scenario file beside a map (``<map>.scenario.yaml``) has the shipped scenarios'
schema (``data/scenarios/*.yaml``); its ``map`` is a path relative to the file. Besides
the checks every scenario gets (``data.load_scenario_file``: keys, unit profiles,
passengers, one tank, leaders), one played on a map must fit that map: each force's
``deployment`` names a deployment zone of the map, each ``reach`` event an objective
of it, and every model stands on the table.

A map alone plays a skirmish (``skirmish``); the map check makes one with the default
forces, so a map whose zones are missing or too small is named by ``check-map``.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel

from game.core.errors import DataError, MapError
from game.maps.check import Problem
from game.maps.map_play import MapPlay, scenario_problem
from game.maps.tabletop import Table, load_table
from game.rules.ratfight.data import Scenario
from game.rules.ratfight.skirmish import (
    load_map_scenario,
    objective_name,
    skirmish_scenario,
    zone_sides,
)


class _Defaults(BaseModel):
    """Options of a skirmish with the default forces (for checking a map)."""

    force_first: str = ""
    force_second: str = ""


def scenario_fits(scenario: Scenario, table: Table, source: Path) -> list[str]:
    """What in ``scenario`` its map ``table`` lacks: ``key: message`` lines."""
    zones = {f.name for f in table.features if f.kind == "deployment"}
    objectives = {objective_name(f) for f in table.features} | {f.name for f in table.features}
    width, height = table.size_in
    out: list[str] = []
    for s, side in enumerate(scenario.sides):
        for f, force in enumerate(side.forces):
            where = f"sides.{s}.forces.{f}"
            if force.deployment not in zones:
                known = ", ".join(sorted(zones)) or "none"
                out.append(
                    f"{where}.deployment: {force.deployment!r} is not a deployment zone of "
                    f"{table.path.name} (zones: {known})"
                )
            for m, model in enumerate(force.models):
                if model.at is None:
                    continue
                x, y = model.at
                if not (0 <= x <= width and 0 <= y <= height):
                    out.append(
                        f"{where}.models.{m}.at: ({x:g}, {y:g}) is off the table "
                        f"({width:g} x {height:g} inches)"
                    )
    for e, event in enumerate(scenario.events):
        if event.objective is not None and event.objective not in objectives:
            out.append(
                f"events.{e}.objective: {event.objective!r} is not an objective of "
                f"{table.path.name} (an object of type 'objective' with that name or "
                "'objective' property)"
            )
    return out


def check(map_path: Path, scenario_path: Path | None) -> list[Problem]:
    """RatFight's checks of a map (two sides' deployment zones with room for the
    default forces, named objectives) and of the scenario file beside it."""
    file = str(map_path)
    problems: list[Problem] = []
    try:
        table = load_table(map_path)
    except MapError as exc:
        return [Problem(file, "", "", str(exc))]
    for feature in table.features:
        if feature.kind == "objective" and not objective_name(feature):
            problems.append(
                Problem(
                    file,
                    f"layer {feature.layer}",
                    f"object {feature.id}",
                    "objective has no name (give it a name or an 'objective' property)",
                )
            )
    sides = zone_sides(table)
    if len(sides) < 2:
        found = ", ".join(repr(s) for s in sides) or "none"
        problems.append(
            Problem(
                file,
                "",
                "",
                "JTS RatFight needs deployment zones of two sides (objects of type "
                f"'deployment' with two different 'side' values); sides found: {found}",
            )
        )
    elif not problems:
        try:
            skirmish_scenario(map_path, _Defaults())
        except (DataError, MapError) as exc:
            text = str(exc).removeprefix(f"{map_path}: ")
            problems.append(Problem(file, "", "", f"no skirmish can be set up: {text}"))
    if scenario_path is not None:
        try:
            scenario = load_map_scenario(scenario_path)
        except (DataError, MapError) as exc:
            return problems + scenario_problem(scenario_path, exc)
        if scenario.map_path.resolve() != map_path.resolve():
            problems.append(
                Problem(
                    str(scenario_path),
                    "",
                    "map",
                    f"names {scenario.map!r}, not the map beside it ({map_path.name})",
                    "warning",
                )
            )
        for line in scenario_fits(scenario, table, scenario_path):
            key, _, message = line.partition(": ")
            problems.append(Problem(str(scenario_path), "", key, message))
    return problems


def load_scenario(path: Path) -> Scenario:
    """A scenario file beside a map, checked against its map (``DataError`` naming the
    file, the key and what the map lacks)."""
    scenario = load_map_scenario(path)
    problems = scenario_fits(scenario, load_table(scenario.map_path), path)
    if problems:
        raise DataError("\n".join(f"{path}: {line}" for line in problems))
    return scenario


MAP_PLAY = MapPlay(load_scenario=load_scenario, skirmish=skirmish_scenario, check=check)
