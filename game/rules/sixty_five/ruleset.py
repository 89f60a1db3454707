"""The '65 ruleset object: seats, a new scenario game from a seed, the action parser."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from game.core.api import Action
from game.core.rng import Rng
from game.rules.sixty_five.actions import parse_action
from game.rules.sixty_five.data import load_data
from game.rules.sixty_five.scenario import load_scenarios, scenario_ground
from game.rules.sixty_five.state import SixtyFiveState
from game.rules.sixty_five.world import World


def new_scenario_game(scenario_id: str, seed: int) -> SixtyFiveState:
    """Scenario ``scenario_id`` before set-up, its deck in the state's own generator."""
    data = load_data()
    scenario = load_scenarios()[scenario_id]
    world = World(
        data=data,
        field=scenario_ground(scenario_id).copy(),
        rng=Rng(seed),
        units={},
        end_turn_limit=scenario.end_turns,
        draw_pile=[c.id for c in data.cards],
    )
    return SixtyFiveState.for_scenario(world, scenario)


class SixtyFive:
    """'65: Squad Level Combat in Vietnam."""

    id: ClassVar[str] = "sixty_five"
    title: ClassVar[str] = "'65"
    seats: ClassVar[tuple[str, ...]] = ("us", "vc_nva")
    rules_version: ClassVar[str] = "1"

    def new_game(self, seed: int, options: Mapping[str, str] | None = None) -> SixtyFiveState:
        scenario = (options or {}).get("scenario", "1")
        return new_scenario_game(scenario, seed)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)
