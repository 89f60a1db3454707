"""Tunnel Rats on a complex of the player's own: the ``MapPlay`` hook
(``game.maps.map_play``).

A complex is one or more levels: the map chosen is the entry level (level 1), and every
map its entrances lead to (``leads_to``, a file relative to the map; followed on from
level to level) is a further level, numbered in the order first reached. On the levels:
the rats' deployment zone (``side: rats``) on the entry level, where they climb down;
the defenders' zones (``side: defenders``) and spider holes (``spawn``) where the
defenders start and come up; entrances; booby traps; objectives.

**A complex alone** (no scenario file beside the entry level, or ``map_scenario=
skirmish``) plays the default forces of ``data/skirmish.yaml``: three rats against
three Viet Cong (two more soldiers for every further level), dealt out in turn over the
levels with a defenders' zone or spider holes, up to two reinforcements. When the
complex has objectives, the rats win by carrying the first one (entry level first, in
map order) back to their zone on the entry level (the ``retrieve`` victory), with more
rounds for it; without, by killing every defender. The defenders win as always: every
rat dead, or the round limit passed (docs/rules/tunnel_rats.md, Interpretations).

**A scenario file beside the entry level** (``<map>.scenario.yaml``) is one scenario in
the schema of an entry of ``data/scenarios.yaml``, its ``levels`` relative to the file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from game.core.data import load_model
from game.core.errors import DataError, MapError
from game.maps.check import Problem, check_map
from game.maps.map_play import MapPlay, scenario_problem
from game.maps.tiled import load_map
from game.maps.user_maps import MapChoice, is_entry_level, linked_maps, map_title
from game.rules.tunnel_rats.checks import check_scenario
from game.rules.tunnel_rats.data import (
    DATA_DIR,
    EnemySpec,
    Scenario,
    ScenarioBriefing,
    Victory,
    load_scenario_file,
)
from game.rules.tunnel_rats.world import scenario_world, tunnel_terrain

SKIRMISH_FILE = DATA_DIR / "skirmish.yaml"
RATS, DEFENDERS = "rats", "defenders"
SIDES = (RATS, DEFENDERS)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class _Group(_Strict):
    """``count`` defenders of one side with one weapon."""

    side: Literal["vc", "nva"]
    weapon: str
    count: int = Field(default=1, ge=1)


class SkirmishNumbers(_Strict):
    """``data/skirmish.yaml``."""

    rats: int = Field(ge=1, le=8)
    enemies: list[_Group] = Field(min_length=1)
    enemies_per_extra_level: list[_Group] = Field(default_factory=list)
    reinforcements: list[_Group] = Field(default_factory=list)
    max_reinforcements: int = Field(ge=0)
    round_limit: int = Field(ge=1)
    rounds_per_extra_level: int = Field(ge=0)
    retrieve_rounds: int = Field(ge=0)


def skirmish_numbers() -> SkirmishNumbers:
    return load_model(SKIRMISH_FILE, SkirmishNumbers)


def _objects(path: Path) -> list[tuple[str, str, str]]:
    """(kind, name, side) of every object of a level, in map order."""
    game_map = load_map(path, terrain=tunnel_terrain())
    return [(o.kind, o.name, str(o.properties.get("side", "") or "")) for o in game_map.objects]


def complex_levels(map_path: Path) -> list[Path]:
    """The levels of the complex whose entry level is ``map_path``."""
    return linked_maps(map_path)


def skirmish_scenario(map_path: Path, options: BaseModel) -> Scenario:
    """The game on a complex alone (see the module docstring)."""
    numbers = skirmish_numbers()
    levels = complex_levels(map_path)
    objects = [_objects(p) for p in levels]
    if not any(k == "deployment" and s == RATS for k, _, s in objects[0]):
        raise DataError(
            f"{map_path}: the rats need a deployment zone on the entry level (an object of "
            "type 'deployment' with side 'rats')"
        )
    held = [
        i
        for i, objs in enumerate(objects)
        if any((k == "deployment" and s == DEFENDERS) or k == "spawn" for k, _, s in objs)
    ]
    if not held:
        raise DataError(
            f"{map_path}: the defenders need a deployment zone (side 'defenders') or a spider "
            "hole (type 'spawn') on some level of the complex"
        )
    groups = list(numbers.enemies)
    for _ in levels[1:]:
        groups += numbers.enemies_per_extra_level
    enemies: list[EnemySpec] = []
    placed = 0
    for group in groups:
        for _ in range(group.count):
            level = held[placed % len(held)]
            enemies.append(EnemySpec(side=group.side, weapon=group.weapon, level=level))
            placed += 1
    goal = next(
        (
            (i, name)
            for i, objs in enumerate(objects)
            for k, name, _ in objs
            if k == "objective" and name
        ),
        None,
    )
    rounds = numbers.round_limit + numbers.rounds_per_extra_level * (len(levels) - 1)
    if goal is None:
        victory = Victory(kind="eliminate")
        rats_goal = (
            f"Kill every defender, those who come up later included, before round {rounds} ends."
        )
    else:
        rounds += numbers.retrieve_rounds
        victory = Victory(kind="retrieve", objective=goal[1], objective_level=goal[0])
        where = f" on level {goal[0] + 1}" if len(levels) > 1 else ""
        rats_goal = (
            f"Find the {goal[1]}{where}, take it and carry it back to where you came down "
            f"before round {rounds} ends."
        )
    title = map_title(map_path)
    count = f"{len(levels)} levels" if len(levels) > 1 else "one level"
    return Scenario(
        id="skirmish",
        title=f"Skirmish: {title}",
        summary=f"{numbers.rats} rats go down into {title} ({count}).",
        briefing=ScenarioBriefing(
            rats="Tunnel Rats",
            defenders="Viet Cong",
            situation=(
                f"A way into the tunnels under {title} has been found: {count} of chambers "
                f"and crawlways. {numbers.rats} tunnel rats go down with pistols and "
                "flashlights."
            ),
            rats_goal=rats_goal,
            defenders_goal=f"Kill every rat, or hold out until round {rounds} is over.",
        ),
        levels=[str(p) for p in levels],
        rats=numbers.rats,
        enemies=enemies,
        reinforcements=[EnemySpec(side=g.side, weapon=g.weapon) for g in numbers.reinforcements],
        max_reinforcements=numbers.max_reinforcements,
        round_limit=rounds,
        victory=victory,
    )


def load_scenario(path: Path) -> Scenario:
    """A scenario file beside a map, checked against its levels (``DataError``/
    ``MapError`` naming the file, the key and what was expected)."""
    scenario = load_scenario_file(path)
    check_scenario(scenario_world(scenario), scenario)
    return scenario


def _map_problems(levels: list[Path]) -> list[Problem]:
    """The rules of a complex: rats' zone on the entry level, the defenders' somewhere,
    every zone a side of Tunnel Rats, every objective named."""
    problems: list[Problem] = []
    for path in levels:
        game_map = load_map(path, terrain=tunnel_terrain())
        for obj in game_map.objects:
            place = f"object {obj.id}" + (f" {obj.name!r}" if obj.name else "")
            side = str(obj.properties.get("side", "") or "")
            if obj.kind == "deployment" and side and side not in SIDES:
                problems.append(
                    Problem(
                        str(path),
                        f"layer {obj.layer}",
                        place,
                        f"deployment zone of side {side!r}; expected rats or defenders",
                    )  # fmt: skip
                )
            if obj.kind == "objective" and not obj.name:
                problems.append(
                    Problem(str(path), f"layer {obj.layer}", place, "objective has no name")
                )
    return problems


def check(map_path: Path, scenario_path: Path | None) -> list[Problem]:
    """Tunnel Rats' checks of a complex (its further levels too) and of the scenario
    file beside its entry level. A further level alone is checked with its complex."""
    if scenario_path is None and not is_entry_level(map_path):
        return []
    levels = complex_levels(map_path)
    problems: list[Problem] = []
    for path in levels[1:]:  # the further levels: the generic checks of a map
        problems += check_map(path, play=False)
    if any(p.severity == "error" for p in problems):
        return problems
    problems += _map_problems(levels)
    try:
        skirmish_scenario(map_path, MapChoice())
    except (DataError, MapError) as exc:
        problems.append(Problem(str(map_path), "", "", str(exc).removeprefix(f"{map_path}: ")))
    if scenario_path is not None:
        try:
            scenario = load_scenario(scenario_path)
        except (DataError, MapError) as exc:
            return problems + scenario_problem(scenario_path, exc)
        if scenario.level_path(0).resolve() != map_path.resolve():
            problems.append(
                Problem(
                    str(scenario_path),
                    "",
                    "levels.0",
                    f"names {scenario.levels[0]!r}, not the map beside it ({map_path.name})",
                    "warning",
                )  # fmt: skip
            )
    return problems


MAP_PLAY = MapPlay(load_scenario=load_scenario, skirmish=skirmish_scenario, check=check)
