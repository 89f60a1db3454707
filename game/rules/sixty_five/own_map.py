"""'65 on a map of one's own (issue 33): a skirmish from the map alone, or the scenario
file beside it.

A board is one to three hex maps, each with its ``map_id``. With no scenario file the
map alone is the board and plays a **skirmish** (``data/skirmish.yaml``): each side's
default force sets up in its set-up area (objects of type ``deployment`` with ``side``
= ``us`` or ``vc_nva``, the Viet Cong first); the objective objects score VP for the
side controlling their hexes at the end, and without any only casualties score. A
scenario file is in the shipped scenarios' schema (``scenarios:`` with one scenario);
its ``maps`` name their ``file`` relative to it, and a zone may name the map's set-up
areas (``areas: [us]``). Either is registered (``boards.register``) and played by id.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from game.core.data import load_model
from game.core.errors import DataError, MapError
from game.maps import load_map
from game.maps.hexgrid import hex_label
from game.maps.model import GameMap
from game.maps.user_maps import scenario_map
from game.rules.sixty_five.boards import map_files, register
from game.rules.sixty_five.data import DATA_DIR, load_data
from game.rules.sixty_five.scenario import (
    SEATS,
    Controlled,
    PlacedMap,
    Scenario,
    SetupStep,
    SideVictory,
    Victory,
    Win,
    Words,
    Zone,
    load_scenarios,
)

SKIRMISH_FILE = DATA_DIR / "skirmish.yaml"
SIDE_WORDS = {"us": "the Americans", "vc_nva": "the Viet Cong"}


class SkirmishDefaults(BaseModel):
    """What a map without a scenario file plays (see the head of skirmish.yaml)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    title: str
    turns: int = Field(ge=1)
    end_turns: int = Field(ge=1, le=5)
    forces: dict[str, dict[str, int]]
    objective_vp: int = Field(ge=1)


@cache
def skirmish_defaults() -> SkirmishDefaults:
    """The shipped skirmish defaults, their units checked against units.yaml."""
    found = load_model(SKIRMISH_FILE, SkirmishDefaults)
    units = load_data().units
    for side in SEATS:
        if side not in found.forces:
            raise DataError(f"{SKIRMISH_FILE}: forces: no force for {side!r}")
        for type_id in found.forces[side]:
            if type_id not in units:
                raise DataError(
                    f"{SKIRMISH_FILE}: forces.{side}: unknown unit {type_id!r} "
                    "(expected an id of units.yaml)"
                )
    return found


def read_board_map(path: Path) -> GameMap:
    """A hex map for a '65 board, its terrain read: hexagonal, for '65 (a ``system``
    other than ``sixty_five`` is refused) and with a ``map_id`` of digits; ``MapError``
    naming the file and what was expected otherwise."""
    game_map = load_map(path, terrain=load_data().terrain)
    if game_map.hex is None:
        raise MapError(f"{path}: a '65 map is hexagonal (Tiled: Orientation Hexagonal)")
    if game_map.system not in (None, "sixty_five"):
        raise MapError(f"{path}: map property system = {game_map.system!r} (expected sixty_five)")
    map_id = str(game_map.properties.get("map_id", "") or "")
    if not map_id.isdigit():
        raise MapError(
            f"{path}: map property map_id = {map_id!r}: expected a number such as 1 (the "
            "map's number on the board: hex 1C2)"
        )
    return game_map


def map_title(game_map: GameMap, path: Path) -> str:
    """The map's ``title`` property, else its file name in words."""
    title = str(game_map.properties.get("title", "") or "")
    return title or path.stem.replace("_", " ").replace("-", " ").capitalize()


def map_objectives(game_map: GameMap) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Each objective object (type ``objective``) by its name, with the hex labels it
    covers (a point: the hex it lies in), in map order."""
    return tuple(
        (obj.name, tuple(hex_label(c) for c in obj.cells))
        for obj in game_map.objects_of_kind("objective")
    )


def skirmish_scenario(path: Path, game_map: GameMap) -> Scenario:
    """The skirmish the map plays alone (skirmish.yaml): the default forces set up in
    the map's set-up areas (the Viet Cong first), the turns and End Turn count of the
    defaults; 1 VP for each enemy unit eliminated, ``objective_vp`` for each objective
    hex held, and the Americans win with more VP than the Viet Cong."""
    d = skirmish_defaults()
    map_id = str(game_map.properties["map_id"])
    objectives = map_objectives(game_map)
    held = sorted({f"{map_id}{label}" for _, labels in objectives for label in labels})
    controlled = Controlled(hexes=tuple(held), vp=d.objective_vp) if held else None
    side = SideVictory(controlled=controlled, enemy_eliminated=1)
    title = map_title(game_map, path)
    named = [name for name, labels in objectives if name and labels]
    held_words = f" and for holding {' and '.join(named)} at the end" if named else ""
    return Scenario(
        id="skirmish",
        title=f"{d.title} on {title}",
        turns=d.turns,
        end_turns=d.end_turns,
        maps=(PlacedMap(map=map_id, offset=(0, 0), file=path.name),),
        setup=tuple(
            SetupStep(seat=SEATS.index(s), units=d.forces[s], zone=Zone(areas=(s,)))
            for s in ("vc_nva", "us")
        ),
        victory=Victory(us=side, vc_nva=side, win=Win(seat=0, more_than_other=True)),
        bonus_cards=False,
        briefing=Words(
            situation=(
                f"A skirmish on {title}: each side scores for every enemy unit it "
                f"eliminates{held_words}."
            )
        ),
    )


def read_scenario_file(path: Path) -> tuple[Scenario, dict[str, Path]]:
    """The one scenario of a scenario file of one's own (the shipped schema, its units
    and terrain checked) and each board map's file by map id; ``DataError`` naming the
    file, the key and what was expected otherwise (a map file that is not there too)."""
    found = load_scenarios(path, load_data())
    if len(found) != 1:
        raise DataError(f"{path}: scenarios: {len(found)} scenarios (expected one)")
    scenario = next(iter(found.values()))
    files = map_files(scenario, path.parent)
    for i, pm in enumerate(scenario.maps):
        if pm.file is not None:
            try:  # relative to the file, or a shipped map by file name
                files[pm.map] = scenario_map(pm.file, path, "sixty_five")
            except MapError as exc:
                raise DataError(
                    f"{path}: scenarios[0].maps[{i}].file: expected a .tmx path relative "
                    f"to this file: {str(exc).removeprefix(f'{path}: map: ')}"
                ) from None
        elif not files[pm.map].is_file():
            raise DataError(
                f"{path}: scenarios[0].maps[{i}].map: no shipped map {pm.map!r} (expected "
                "1, 2 or 3, or give the map's file)"
            )
    return scenario, files


def own_scenario_id(map_path: Path, scenario_path: Path | None = None) -> str:
    """Register the game on a map of one's own and give its scenario id: the scenario
    file's scenario when given, else the map's skirmish (``MapError`` or ``DataError``
    naming the file otherwise)."""
    if scenario_path is not None:
        scenario, files = read_scenario_file(scenario_path)
        return register(scenario, scenario_path, "scenarios[0]", files).id
    game_map = read_board_map(map_path)
    scenario = skirmish_scenario(map_path, game_map)
    map_id = scenario.maps[0].map
    return register(scenario, map_path, "skirmish", {map_id: map_path}).id
