"""JTS RatFight: diceless skirmish on an open table (seed 003), played on tabletop maps."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field

from game.core.api import Action
from game.core.briefing import Briefing
from game.core.errors import InvalidAction
from game.core.manifest import Manifest, MapSpec, register_manifest
from game.maps.map_play import play_scenario
from game.maps.user_maps import MAP_ONLY, MapChoice, chosen_map, option_map_files
from game.rules.ratfight.actions import parse_action
from game.rules.ratfight.briefing import scenario_briefing
from game.rules.ratfight.data import Scenario, load_scenario, scenario_ids
from game.rules.ratfight.on_map import MAP_PLAY
from game.rules.ratfight.skirmish import force_choices
from game.rules.ratfight.state import RatFightState


class RatFightOptions(MapChoice):
    """Which scenario to play, or which map (``MapChoice``) and, for a skirmish on a map
    alone, which force each side fields (``data/skirmish.yaml``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    scenario: str = Field(default="farm_raid", title="Scenario")
    force_first: str = Field(
        default="",
        title="First side's force",
        description="skirmish on a map alone",
        json_schema_extra=MAP_ONLY,
    )
    force_second: str = Field(
        default="",
        title="Second side's force",
        description="skirmish on a map alone",
        json_schema_extra=MAP_ONLY,
    )

    @classmethod
    def choices(cls, name: str) -> list[tuple[str, str]]:
        if name == "scenario":
            return [(sid, load_scenario(sid).title) for sid in scenario_ids()]
        if name in ("force_first", "force_second"):
            return [("", "Default"), *force_choices()]
        return []


def chosen_scenario(options: BaseModel) -> Scenario:
    """The scenario the validated options name: on the chosen map (its scenario file, or a
    skirmish), else the shipped scenario (``InvalidAction`` naming the known ones)."""
    path = chosen_map(options, "ratfight")
    if path is not None:
        found: Scenario = play_scenario(MAP_PLAY, path, options)
        return found
    scenario_id = str(getattr(options, "scenario", "farm_raid"))
    if scenario_id not in scenario_ids():
        known = ", ".join(scenario_ids())
        raise InvalidAction(
            f"JTS RatFight: option scenario={scenario_id!r}: expected one of {known}"
        )
    return load_scenario(scenario_id)


def briefing(options: BaseModel) -> Briefing:
    """The manifest's hook: the briefing of the scenario or map chosen in ``options``."""
    return scenario_briefing(chosen_scenario(options))


class RatFight:
    """The ruleset object: seats, a new game from a seed and options, the parser."""

    id: ClassVar[str] = "ratfight"
    title: ClassVar[str] = "JTS RatFight"
    seats: ClassVar[tuple[str, ...]] = ("first", "second")
    rules_version: ClassVar[str] = "3"
    #: Saves of these older rules versions still replay, by the rules of their day
    #: (version 1 threw passengers of an abandoned vehicle down at fixed spots; version 2
    #: sent each resolution card to the discards as soon as it was turned over, so a
    #: reshuffle in the middle of a draw could bring it back, let tracked vehicles climb
    #: walls, ruins and woods, and counted a retargeted shot's target wholly out of sight
    #: by the ground it stood on only).
    older_rules_versions: ClassVar[tuple[str, ...]] = ("1", "2")

    def new_game(
        self, seed: int, options: Mapping[str, str] | None = None, rules_version: str = "3"
    ) -> RatFightState:
        chosen = MANIFEST.validate_options(options)
        assert isinstance(chosen, RatFightOptions)
        scenario = chosen_scenario(chosen)
        if rules_version not in ("1", "2", "3"):
            raise InvalidAction(f"JTS RatFight has rules versions 1 to 3, not {rules_version!r}")
        return RatFightState.new(seed, scenario, int(rules_version))

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    @staticmethod
    def map_files(options: Mapping[str, str]) -> list[Path]:
        """The files of the player's map the options name (``game.core.session`` copies
        them into saves); empty for a shipped scenario."""
        return option_map_files("ratfight", options)


MANIFEST = register_manifest(
    Manifest(
        ruleset=RatFight,
        options=RatFightOptions,
        table="game.ui.tables.ratfight",
        setup="game.rules.ratfight.position",
        maps=MapSpec(
            "orthogonal",
            folder="ratfight",
            measured=True,
            tabletop=True,
            play="game.rules.ratfight.on_map",
        ),
        summary=(
            "A diceless skirmish of a dozen soldiers a side and a vehicle or two, fought "
            "with action cards and playing cards until one side's morale breaks."
        ),
        players="2",
        briefing=briefing,
    )
)
