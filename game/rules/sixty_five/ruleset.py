"""A new '65 scenario game from a seed (the ruleset object is in ``__init__``)."""

from __future__ import annotations

from game.core.rng import Rng
from game.rules.sixty_five.data import DATA_DIR, load_data
from game.rules.sixty_five.fortified import Placed, check_placements, place
from game.rules.sixty_five.relics import relics_for
from game.rules.sixty_five.scenario import Scenario, load_scenarios, scenario_ground
from game.rules.sixty_five.state import SixtyFiveState
from game.rules.sixty_five.world import World


def new_scenario_game(
    scenario_id: str, seed: int, edition: int = 6, *, kickstarter: bool = False
) -> SixtyFiveState:
    """Scenario ``scenario_id`` before set-up, its deck in the state's own generator;
    ``edition``: the rules version it plays by (World.edition; from 3 the Bonus Victory
    Condition cards are drawn, 24b); ``kickstarter``: the Kickstarter cards (18 r-y) are
    in the deck after the 54 (without them the game is exactly the base game)."""
    data = load_data()
    scenario = load_scenarios()[scenario_id]
    world = World(
        data=data,
        field=scenario_ground(scenario_id).copy(silhouettes=edition >= 2),
        rng=Rng(seed),
        units={},
        end_turn_limit=scenario.end_turns,
        draw_pile=[c.id for c in data.cards]
        + ([c.id for c in data.kickstarter_cards] if kickstarter else []),
        edition=edition,
        kickstarter=kickstarter,
    )
    if scenario.fortifications:
        place(world, scenario_placements(scenario, world))
    world.passengers_fire = scenario.passengers_fire  # scenarios 4 and 6 (8d)
    if scenario.relics is not None:  # scenario 8
        index = list(load_scenarios()).index(scenario.id)
        path = DATA_DIR / "scenarios.yaml"
        world.relics = relics_for(path, f"scenarios[{index}]", scenario, world.field)
    return SixtyFiveState.for_scenario(world, scenario)


def scenario_placements(scenario: Scenario, world: World) -> list[Placed]:
    """23: the shipped scenario's fortifications as board hexes, checked against its
    board (a ``DataError`` naming ``scenarios.yaml`` and the key path otherwise)."""
    index = list(load_scenarios()).index(scenario.id)
    maps = tuple(pm.map for pm in scenario.maps)
    return check_placements(
        DATA_DIR / "scenarios.yaml", f"scenarios[{index}]", world.field, maps,
        scenario.fortifications,
    )  # fmt: skip
