"""'65: Squad Level Combat in Vietnam, the card-driven hex game (seed 004).

Registered with scenario 1 (Village Assault), which plays from set-up to its victory
points; the table is ``game.ui.tables.sixty_five``, the computer opponent
``game/ai/sixty_five.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from game.core.api import Action
from game.core.manifest import Manifest, MapSpec, register_manifest
from game.rules.sixty_five.actions import parse_action
from game.rules.sixty_five.ruleset import new_scenario_game
from game.rules.sixty_five.state import SixtyFiveState


class SixtyFiveOptions(BaseModel):
    """Options of a '65 game."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    scenario: Literal["1"] = Field(
        "1",
        title="Scenario",
        description="Scenario 1, Village Assault (scenarios 2 and 3 follow)",
    )


class SixtyFive:
    """'65: seats, a new scenario game from a seed, the action parser."""

    id: ClassVar[str] = "sixty_five"
    title: ClassVar[str] = "'65"
    seats: ClassVar[tuple[str, ...]] = ("us", "vc_nva")
    rules_version: ClassVar[str] = "1"

    def new_game(self, seed: int, options: Mapping[str, str] | None = None) -> SixtyFiveState:
        chosen = MANIFEST.validate_options(options)
        assert isinstance(chosen, SixtyFiveOptions)
        return new_scenario_game(chosen.scenario, seed)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)


MANIFEST = register_manifest(
    Manifest(
        ruleset=SixtyFive,
        options=SixtyFiveOptions,
        maps=MapSpec("hexagonal", folder="sixty_five", deployment_on_map=False),
        table="game.ui.tables.sixty_five",
    )
)
