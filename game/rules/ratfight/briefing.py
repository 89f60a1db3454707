"""A RatFight scenario's briefing, built from its data: the situation, each side's name,
forces (in words) and goal, the special rules and the turn limit."""

from __future__ import annotations

from game.core.briefing import Briefing, SideBriefing
from game.rules.ratfight.data import Scenario
from game.rules.ratfight.progress import force_words, last_turn


def scenario_briefing(scenario: Scenario) -> Briefing:
    """What the players are told before the game: every text from the scenario's data
    (its ``briefing``, each side's ``goal`` and ``special_rules``), the forces counted
    from its models, and the length from its ``hold`` event."""
    limit = last_turn(scenario)
    sides = tuple(
        SideBriefing(
            name=side.name,
            forces=tuple(
                f"{force.name} ({force.deployment.lower()}): {force_words(force)}"
                for force in side.forces
            ),
            goal=side.goal or _goal_from_events(scenario, seat),
        )
        for seat, side in enumerate(scenario.sides)
    )
    rules = scenario.special_rules + (
        "A side also loses at once when its morale breaks: at each turn's end every force "
        "must draw a card higher than its casualties.",
    )
    length = f"{limit} turns at most; a turn ends when the Turn End card comes up" if limit else ""
    return Briefing(
        title=scenario.title,
        situation=scenario.briefing,
        sides=sides,
        special_rules=rules,
        length=length,
    )


def _goal_from_events(scenario: Scenario, seat: int) -> str:
    """A side's goal from the scenario events when the data gives none."""
    goals = [e.title for e in scenario.events if e.side == seat]
    return "; ".join(goals).capitalize() if goals else "Break the enemy's morale."
