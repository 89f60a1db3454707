"""Checks that a scenario's names exist on its maps (run when a game is set up), so a
typo in ``data/scenarios.yaml`` is a clear ``DataError`` naming the file, the key path,
the map and what was expected, not a crash later."""

from __future__ import annotations

from collections.abc import Iterable

from game.core.errors import DataError
from game.rules.tunnel_rats.data import DATA_DIR, Scenario, Stance, load_enemy_tables
from game.rules.tunnel_rats.world import World


def check_scenario(world: World, scenario: Scenario) -> None:
    """A scenario's names must exist on its maps: ``DataError`` naming scenarios.yaml, the
    key path, the map file and what was expected."""
    if len(world.levels) != len(scenario.levels):
        raise DataError(
            f"{scenario.where('levels')}: {len(scenario.levels)} levels listed, "
            f"{len(world.levels)} loaded"
        )
    vic = scenario.victory
    if vic.objective and vic.objective not in world.levels[vic.objective_level].objectives:
        raise DataError(
            f"{scenario.where('victory.objective')}: {vic.objective!r} is not an objective "
            f"on {scenario.level_label(vic.objective_level)} "
            f"(objectives: {_names(world.levels[vic.objective_level].objectives)})"
        )
    for i, spec in enumerate(scenario.enemies):
        if spec.at is not None and spec.at not in world.levels[spec.level].objectives:
            raise DataError(
                f"{scenario.where(f'enemies.{i}.at')}: {spec.at!r} is not an objective on "
                f"{scenario.level_label(spec.level)} "
                f"(objectives: {_names(world.levels[spec.level].objectives)})"
            )
    entrances = {e.name for e in world.entrances.values()}
    for key in ("known_entrances", "closed_entrances"):
        for i, name in enumerate(getattr(scenario, key)):
            if name not in entrances:
                raise DataError(
                    f"{scenario.where(f'{key}.{i}')}: {name!r} is not an entrance on "
                    f"the scenario's maps (entrances: {_names(entrances)})"
                )
    for group in ("enemies", "reinforcements"):
        for i, spec in enumerate(getattr(scenario, group)):
            try:
                load_enemy_tables().to_hit(spec.side, spec.weapon, Stance.RUNNING)
            except KeyError:
                raise DataError(
                    f"{scenario.where(f'{group}.{i}.weapon')}: the {spec.side} have no "
                    f"weapon {spec.weapon!r} in {DATA_DIR / 'enemies.yaml'}"
                ) from None


def _names(names: Iterable[str]) -> str:
    return ", ".join(sorted(names)) or "none"
