"""A new '65 scenario game from a seed (the ruleset object is in ``__init__``)."""

from __future__ import annotations

from game.core.rng import Rng
from game.rules.sixty_five.boards import source_of
from game.rules.sixty_five.data import load_data
from game.rules.sixty_five.fortified import Placed, check_placements, place
from game.rules.sixty_five.relics import relics_for
from game.rules.sixty_five.scenario import SEATS, Scenario, load_scenarios, scenario_ground
from game.rules.sixty_five.scenario6 import crowd_the_roads
from game.rules.sixty_five.state import SixtyFiveState
from game.rules.sixty_five.world import World


def new_scenario_game(
    scenario_id: str, seed: int, edition: int = 9, *, kickstarter: bool = False
) -> SixtyFiveState:
    """Scenario ``scenario_id`` before set-up, its deck in the state's own generator;
    ``edition``: the rules version it plays by (World.edition; from 3 the Bonus Victory
    Condition cards are drawn, 24b); ``kickstarter``: the Kickstarter cards (18 r-y) are
    in the deck after the 54 (without them the game is exactly the base game). A
    scenario on a map of one's own is played by its registered id (boards.py)."""
    data = load_data()
    source = source_of(scenario_id)
    scenario = load_scenarios().get(scenario_id, source.scenario)
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
    world.field.bunker_barred = frozenset(scenario.bunker_barred)  # scenario 5: the M40s
    if scenario.fortifications:
        place(world, scenario_placements(scenario, world))
    world.passengers_fire = scenario.passengers_fire  # scenarios 4 and 6 (8d)
    world.highway, world.puff = scenario.highway, scenario.puff  # scenario 6
    crowd_the_roads(world)
    if scenario.exit_hexes:
        world.exit_only = exit_only(scenario)
    if scenario.relics is not None:  # scenario 8
        world.relics = relics_for(source.path, source.where, scenario, world.field)
    return SixtyFiveState.for_scenario(world, scenario)


def exit_only(scenario: Scenario) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Scenario 6: the board hexes each seat may leave the map from (empty: any)."""
    out: list[tuple[str, ...]] = [(), ()]
    for seat, side in enumerate(SEATS):
        rule = scenario.exit_hexes.get(side)
        if rule is not None:
            out[seat] = tuple(f"{rule.map}{label}" for label in rule.hexes)
    return out[0], out[1]


def scenario_placements(scenario: Scenario, world: World) -> list[Placed]:
    """23: the scenario's fortifications as board hexes, checked against its board (a
    ``DataError`` naming its file, ``scenarios.yaml`` or one's own, and the key path
    otherwise)."""
    source = source_of(scenario.id)
    maps = tuple(pm.map for pm in scenario.maps)
    return check_placements(source.path, source.where, world.field, maps, scenario.fortifications)
