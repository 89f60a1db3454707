"""JTS RatFight: diceless skirmish on an open table (seed 003), played on tabletop maps."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field

from game.core.api import Action
from game.core.manifest import Manifest, MapSpec, register_manifest
from game.rules.ratfight.actions import parse_action
from game.rules.ratfight.briefing import briefing_from_options
from game.rules.ratfight.data import load_scenario, scenario_ids
from game.rules.ratfight.state import RatFightState


class RatFightOptions(BaseModel):
    """Which scenario to play."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    scenario: str = Field(default="farm_raid", title="Scenario")

    @classmethod
    def choices(cls, name: str) -> list[tuple[str, str]]:
        if name == "scenario":
            return [(sid, load_scenario(sid).title) for sid in scenario_ids()]
        return []


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
        self,
        seed: int,
        options: RatFightOptions | Mapping[str, str] | None = None,
        rules_version: str = "3",
    ) -> RatFightState:
        chosen = MANIFEST.validate_options(options)
        assert isinstance(chosen, RatFightOptions)
        if chosen.scenario not in scenario_ids():
            from game.core.errors import InvalidAction

            known = ", ".join(scenario_ids())
            raise InvalidAction(
                f"JTS RatFight: option scenario={chosen.scenario!r}: expected one of {known}"
            )
        if rules_version not in ("1", "2", "3"):
            from game.core.errors import InvalidAction

            raise InvalidAction(f"JTS RatFight has rules versions 1 to 3, not {rules_version!r}")
        return RatFightState.new(seed, load_scenario(chosen.scenario), int(rules_version))

    def parse_action(self, text: str) -> Action:
        return parse_action(text)


MANIFEST = register_manifest(
    Manifest(
        ruleset=RatFight,
        options=RatFightOptions,
        ai="game.ai.ratfight",
        table="game.ui.tables.ratfight",
        order=50,
        demo_play_ahead=8,  # the first cards mostly move
        setup="game.rules.ratfight.position",
        maps=MapSpec("orthogonal", folder="ratfight", measured=True, tabletop=True),
        summary=(
            "A diceless skirmish of a dozen soldiers a side and a vehicle or two, fought "
            "with action cards and playing cards until one side's morale breaks."
        ),
        players="2",
        briefing=briefing_from_options,
    )
)
