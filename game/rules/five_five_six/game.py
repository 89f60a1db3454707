"""The 5.56mm ruleset object (seats, a new game from a seed and options, the parser)
and its manifest (the table is ``game.ui.tables.five_five_six``)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from game.core.api import Action
from game.core.briefing import Briefing
from game.core.errors import InvalidAction
from game.core.manifest import Manifest, MapSpec, register_manifest
from game.maps.map_play import play_scenario
from game.maps.user_maps import MapChoice, chosen_map, option_map_files
from game.rules.five_five_six.actions import parse_action
from game.rules.five_five_six.briefing import scenario_briefing
from game.rules.five_five_six.map_play import MAP_PLAY
from game.rules.five_five_six.scenarios import Scenario, load_scenario, scenario_ids
from game.rules.five_five_six.state import FiveFiveSixState


class FiveFiveSixOptions(MapChoice):
    """Which scenario to play, or a table of one's own (``map``: its scenario file, or
    the skirmish of the map alone, whose random squads spend ``upgrades``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    scenario: str = Field(default="crash_site", title="Scenario")
    upgrades: Literal["roll", "14", "17", "20", "23"] = Field(
        default="roll",
        title="Skirmish squads",
        description=(
            "on a map of your own without a scenario: the upgrades each random squad "
            "spends (roll: 2D6+12, 5.56mm 11.1)"
        ),
    )

    @classmethod
    def choices(cls, name: str) -> list[tuple[str, str]]:
        if name == "scenario":
            return [(sid, load_scenario(sid).title) for sid in scenario_ids()]
        return []


def chosen_scenario(options: FiveFiveSixOptions) -> Scenario:
    """The scenario the options play: the shipped one chosen, or, with a ``map``, the
    map's scenario file or skirmish (``DataError``/``MapError`` naming the file)."""
    path = chosen_map(options, "five_five_six")
    if path is None:
        return load_scenario(options.scenario)
    found: Scenario = play_scenario(MAP_PLAY, path, options)
    return found


def own_briefing(options: BaseModel) -> Briefing:
    """The manifest's briefing: the chosen scenario's, or the chosen table's."""
    assert isinstance(options, FiveFiveSixOptions)
    return scenario_briefing(chosen_scenario(options))


class FiveFiveSix:
    """The ruleset: two seats (the black-card squad and the red-card squad)."""

    id: ClassVar[str] = "five_five_six"
    title: ClassVar[str] = "5.56mm"
    seats: ClassVar[tuple[str, ...]] = ("first", "second")
    rules_version: ClassVar[str] = "5"
    #: Saves of these older rules versions still replay, by the rules of their day
    #: (version 1: no lingering CS gas cloud, no higher ground in hand to hand, no Lucky
    #: Bastard luck, the SMG and rifle Auto-Fire +1 on every extra shot; version 2: no
    #: vehicles; a game without vehicles plays the same under 2 and 3; version 3: a
    #: helicopter in the air, and the men aboard it, were seen as if on the ground and a
    #: land vehicle at Full Speed went straight on; a game without a helicopter or a Full
    #: Speed drive plays the same under 3 and 4; version 4: a pilot with a Minor wound
    #: handed the controls to the co-pilot, and a helicopter whose co-pilot was out
    #: crashed under a hurt pilot who could still fly it).
    older_rules_versions: ClassVar[tuple[str, ...]] = ("1", "2", "3", "4")

    def new_game(
        self, seed: int, options: Mapping[str, str] | None = None, rules_version: str = "5"
    ) -> FiveFiveSixState:
        chosen = MANIFEST.validate_options(options)
        assert isinstance(chosen, FiveFiveSixOptions)
        if chosen.scenario not in scenario_ids():
            known = ", ".join(scenario_ids())
            raise InvalidAction(
                f"5.56mm: option scenario={chosen.scenario!r}: expected one of {known}"
            )
        if rules_version not in ("1", "2", "3", "4", "5"):
            raise InvalidAction(f"5.56mm has rules versions 1 to 5, not {rules_version!r}")
        scenario = chosen_scenario(chosen)
        if scenario.vehicles and rules_version in ("1", "2"):
            raise InvalidAction(
                f"5.56mm: scenario {scenario.id!r} has vehicles, which came in with rules "
                f"version 3, not {rules_version!r}"
            )
        return FiveFiveSixState.new(seed, scenario, int(rules_version))

    def map_files(self, options: Mapping[str, str]) -> list[Path]:
        """The files of the chosen table of one's own a save copies."""
        return option_map_files(self.id, options)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)


MANIFEST = register_manifest(
    Manifest(
        ruleset=FiveFiveSix,
        options=FiveFiveSixOptions,
        maps=MapSpec(
            "orthogonal",
            folder="five_five_six",
            measured=True,
            tabletop=True,
            play="game.rules.five_five_six.map_play",
        ),
        table="game.ui.tables.five_five_six",
        setup="game.rules.five_five_six.position",
        summary=(
            "Modern squad skirmish: every man a miniature with his own card in the turn "
            "deck, fighting over ruins, villages and roads."
        ),
        players="2",
        briefing=own_briefing,
    )
)
