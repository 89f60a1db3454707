"""5.56mm ``check-map`` for play (issue 33): what keeps a table of one's own, alone or
with the scenario file beside it, from being played, one message a problem naming the
file, the place and what was expected.

A map alone plays the skirmish (own_map.py): it needs deployment zones of two sides,
each area with room for a random squad's ten men, and every objective needs a name.
With a scenario file the pair is checked: the file reads (known keys), its map is this
map, and its gear, skills, objectives and positions are the catalog's and the map's.
"""

from __future__ import annotations

from pathlib import Path

from game.core.errors import DataError, MapError
from game.maps.tabletop import Table, TableFeature, load_table
from game.maps.tabletop_geometry import TableGeometry
from game.rules.five_five_six.catalog import catalog
from game.rules.five_five_six.own_map import read_scenario_file, set_up_spots, zone_sides


def _where(path: Path, feature: TableFeature) -> str:
    name = f" {feature.name!r}" if feature.name else ""
    return f"{path}: layer {feature.layer}: object {feature.id}{name}"


def play_problems(map_path: Path, scenario_path: Path | None = None) -> list[str]:
    """Everything that keeps ``map_path`` (with ``scenario_path`` beside it, when given)
    from being played in 5.56mm; empty when it plays."""
    try:
        table = load_table(map_path)
    except MapError as exc:
        return [str(exc)]
    system = table.game_map.system
    if system not in ("five_five_six", "tabletop"):
        return [f"{map_path}: map property system = {system!r} (expected five_five_six)"]
    out = [
        f"{_where(map_path, o)}: an objective with no name (expected a name such as "
        "'Bridge': the scenario and the briefing name it)"
        for o in table.features_of("objective")
        if not o.name.strip()
    ]
    if scenario_path is None:
        return out + _skirmish_problems(map_path, table)
    try:
        scenario = read_scenario_file(scenario_path)
    except DataError as exc:
        return out + str(exc).splitlines()
    if scenario.map_path.resolve() != map_path.resolve():
        out.append(
            f"{scenario_path}: scenarios.0.map: {scenario.map!r} is not {map_path.name} "
            f"(expected the map beside it: map: {map_path.name})"
        )
    return out


def _skirmish_problems(path: Path, table: Table) -> list[str]:
    sides = zone_sides(table)
    if len(sides) < 2:
        named = ", ".join(sides) or "none"
        return [
            f"{path}: deployment zones for {len(sides)} side(s) ({named}); a skirmish needs "
            "two (objects of class deployment, each with a side such as north or south), "
            "or a scenario file beside the map"
        ]
    geometry = TableGeometry(table)
    size = catalog().squad_rules.random_squad_size
    out = []
    for side in sides[:2]:
        room = len(set_up_spots(table, geometry, side))
        if room < size:
            out.append(
                f"{path}: the deployment zone of side {side!r} has room for {room} men a base "
                f"and a half apart (expected {size}: a random squad, 5.56mm 11.1)"
            )
    return out
