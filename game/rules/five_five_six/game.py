"""The 5.56mm ruleset object (seats, a new game from a seed and options, the parser)
and its manifest (the table is ``game.ui.tables.five_five_six``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field

from game.core.api import Action
from game.core.errors import InvalidAction
from game.core.manifest import Manifest, MapSpec, register_manifest
from game.rules.five_five_six.actions import parse_action
from game.rules.five_five_six.briefing import briefing_of
from game.rules.five_five_six.scenarios import load_scenario, scenario_ids
from game.rules.five_five_six.state import FiveFiveSixState


class FiveFiveSixOptions(BaseModel):
    """Which scenario to play."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    scenario: str = Field(default="crash_site", title="Scenario")

    @classmethod
    def choices(cls, name: str) -> list[tuple[str, str]]:
        if name == "scenario":
            return [(sid, load_scenario(sid).title) for sid in scenario_ids()]
        return []


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
        self,
        seed: int,
        options: FiveFiveSixOptions | Mapping[str, str] | None = None,
        rules_version: str = "5",
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
        scenario = load_scenario(chosen.scenario)
        if scenario.vehicles and rules_version in ("1", "2"):
            raise InvalidAction(
                f"5.56mm: scenario {scenario.id!r} has vehicles, which came in with rules "
                f"version 3, not {rules_version!r}"
            )
        return FiveFiveSixState.new(seed, scenario, int(rules_version))

    def parse_action(self, text: str) -> Action:
        return parse_action(text)


MANIFEST = register_manifest(
    Manifest(
        ruleset=FiveFiveSix,
        options=FiveFiveSixOptions,
        maps=MapSpec("orthogonal", folder="five_five_six", measured=True, tabletop=True),
        ai="game.ai.five_five_six",
        table="game.ui.tables.five_five_six",
        order=40,
        setup="game.rules.five_five_six.position",
        summary=(
            "Modern squad skirmish: every man a miniature with his own card in the turn "
            "deck, fighting over ruins, villages and roads."
        ),
        players="2",
        briefing=briefing_of,
    )
)
