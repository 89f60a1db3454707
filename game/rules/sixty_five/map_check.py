"""'65 ``check-map`` for play (issue 33): what keeps a map of one's own, alone or with
the scenario file beside it, from being played, one message a problem naming the file,
the place and what was expected.

A map alone plays the skirmish (own_map.py), so it needs a set-up area for each side
(objects of type ``deployment``, ``side`` = ``us`` or ``vc_nva``) with room for the
side's default force (9: at most two units and a Hero a hex), and every objective needs
a name. With a scenario file the pair is checked: the file reads (known keys, units
and terrain), it places this map on its board, every map it names is there and every
set-up step has hexes to set up in.
"""

from __future__ import annotations

from math import ceil
from pathlib import Path

from game.core.errors import DataError, MapError
from game.maps.model import GameMap, MapObject
from game.rules.sixty_five.areas import map_areas
from game.rules.sixty_five.boards import ground_of, register, source_of
from game.rules.sixty_five.data import load_data
from game.rules.sixty_five.movement import entry_cost
from game.rules.sixty_five.own_map import (
    SIDE_WORDS,
    read_board_map,
    read_scenario_file,
    skirmish_scenario,
)
from game.rules.sixty_five.scenario import SEATS, step_hexes


def _where(path: Path, obj: MapObject) -> str:
    name = f" {obj.name!r}" if obj.name else ""
    return f"{path}: layer {obj.layer}: object {obj.id}{name}"


def object_problems(path: Path, game_map: GameMap) -> list[str]:
    """Set-up areas with a side that is not a '65 side, or with neither side nor name,
    or over no hex; objectives without a name."""
    out = []
    for obj in game_map.objects_of_kind("deployment"):
        side = str(obj.properties.get("side", "") or "")
        if side and side not in SEATS:
            out.append(f"{_where(path, obj)}: side = {side!r}: expected us or vc_nva")
        elif not side and not obj.name:
            out.append(
                f"{_where(path, obj)}: a set-up area with neither a side (us or vc_nva) nor "
                "a name a scenario could use"
            )
        if not obj.cells:
            out.append(f"{_where(path, obj)}: the set-up area covers no hex centre")
    for obj in game_map.objects_of_kind("objective"):
        if not obj.name.strip():
            out.append(
                f"{_where(path, obj)}: an objective with no name (expected a name such as "
                "'Well': the briefing and the score name it)"
            )
    return out


def play_problems(map_path: Path, scenario_path: Path | None = None) -> list[str]:
    """Everything that keeps ``map_path`` (with ``scenario_path`` beside it, when given)
    from being played; empty when it plays."""
    try:
        game_map = read_board_map(map_path)
    except (MapError, DataError) as exc:
        return [str(exc)]
    out = object_problems(map_path, game_map)
    if scenario_path is None:
        return out + _skirmish_problems(map_path, game_map)
    return out + _scenario_problems(map_path, scenario_path)


def _skirmish_problems(path: Path, game_map: GameMap) -> list[str]:
    sides = {str(o.properties.get("side", "")) for o in game_map.objects_of_kind("deployment")}
    missing = [s for s in SEATS if s not in sides]
    out = [
        f"{path}: no set-up area for {SIDE_WORDS[s]} (expected an object of type deployment "
        f"with side = {s}, or a scenario file beside the map)"
        for s in missing
    ]
    if out:
        return out
    scenario = skirmish_scenario(path, game_map)
    sid = register(scenario, path, "skirmish", {scenario.maps[0].map: path}).id
    ground = ground_of(sid)
    units = load_data().units
    for step in source_of(sid).scenario.setup:
        room = [h for h in step_hexes(ground, step) if entry_cost(ground, h) is not None]
        heroes = sum(n for t, n in step.units.items() if units[t].hero)
        others = sum(step.units.values()) - heroes
        need = max(heroes, ceil(others / 2))
        if len(room) < need:
            side = SEATS[step.seat]
            out.append(
                f"{path}: the set-up area for {SIDE_WORDS[side]} has {len(room)} hex(es) a "
                f"unit may enter; its {sum(step.units.values())} units need at least {need} "
                "('65 9: two units and a Hero a hex)"
            )
    return out


def _scenario_problems(map_path: Path, scenario_path: Path) -> list[str]:
    try:
        scenario, files = read_scenario_file(scenario_path)
        if not any(f.resolve() == map_path.resolve() for f in files.values()):
            return [
                f"{scenario_path}: scenarios[0].maps: the scenario does not place "
                f"{map_path.name} on its board (expected a map with file: {map_path.name})"
            ]
        sid = register(scenario, scenario_path, "scenarios[0]", files).id
        ground = ground_of(sid)
    except (MapError, DataError) as exc:
        return [str(exc)]
    out = []
    named = {key for bm in ground.board.maps if bm.game_map for key in map_areas(bm.game_map)}
    for j, step in enumerate(scenario.setup):
        for k, zone in enumerate((step.zone, *step.also)):
            key = "zone" if k == 0 else f"also[{k - 1}]"
            for area in zone.areas:
                if area not in named:
                    out.append(
                        f"{scenario_path}: scenarios[0].setup[{j}].{key}.areas: no set-up area "
                        f"{area!r} on the board's maps (expected the side or name of an "
                        "object of type deployment)"
                    )
        if not step_hexes(ground, step):
            out.append(
                f"{scenario_path}: scenarios[0].setup[{j}].zone: no hex of the board meets "
                "it (expected at least one hex to set up in)"
            )
    return out
