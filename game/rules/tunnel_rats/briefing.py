"""The briefing of a Tunnel Rats scenario: what the players read before the game.

The words (side names, situation, each side's goal, special rules) are the scenario's
``briefing`` in ``data/scenarios.yaml``; the forces are counted from the scenario's
``rats``, ``enemies`` and ``reinforcements``, so they can never disagree with the set-up.
"""

from __future__ import annotations

from collections import Counter

from game.core.briefing import Briefing, SideBriefing
from game.rules.tunnel_rats.data import (
    EnemySpec,
    EnemyTables,
    Scenario,
    load_enemy_tables,
    load_rules_numbers,
)


def _with(weapon: str, count: int) -> str:
    """ "a rifle", "an assault rifle", "pistols" (lower case)."""
    word = weapon.lower()
    if count != 1:
        return f"{word}s"
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"


def _groups(specs: list[EnemySpec], tables: EnemyTables, levels: int) -> list[str]:
    """One line per kind of soldier: "2 VC with pistols", "1 NVA with an assault rifle,
    at the Documents cache (level 2)"."""
    counts: Counter[tuple[str, str, int, str | None]] = Counter()
    for spec in specs:
        counts[(spec.side, spec.weapon, spec.level, spec.at)] += spec.count
    out = []
    for (side, weapon, level, at), count in counts.items():
        short = tables.sides[side].short  # type: ignore[index]
        line = f"{count} {short} with {_with(tables.weapons[weapon].name, count)}"
        where = [f"at the {at}"] if at else []
        if levels > 1:
            where.append(f"level {level + 1}")
        if where:
            line += f" ({', '.join(where)})"
        out.append(line)
    return out


def rat_forces(scenario: Scenario) -> tuple[str, ...]:
    """The rats' lines: how many go in, what each carries, the wounded man of a rescue."""
    spare = load_rules_numbers().spare_rounds
    lines = [
        f"{scenario.rats} tunnel rats, each with a character card and a gun card dealt at random",
        f"Each carries a flashlight, a knife, {spare} spare rounds and one field dressing",
    ]
    if scenario.victory.kind == "rescue":
        lines.append("The wounded rat at the far end of the tunnels: two wounds, no dressing left")
    return tuple(lines)


def defender_forces(scenario: Scenario) -> tuple[str, ...]:
    """The defenders' lines: the soldiers at the start, then who may come up later."""
    tables = load_enemy_tables()
    levels = len(scenario.levels)
    lines = _groups(list(scenario.enemies), tables, levels)
    pool = sorted({tables.sides[s.side].short for s in scenario.reinforcements})
    if scenario.max_reinforcements and pool:
        lines.append(
            f"Up to {scenario.max_reinforcements} more {' or '.join(pool)} may come up "
            "from spider holes after a noisy round"
        )
    return tuple(lines)


def scenario_briefing(scenario: Scenario) -> Briefing:
    """The briefing of ``scenario`` (see the module docstring)."""
    words = scenario.briefing
    rats, defenders = scenario.side_names
    if words is None:  # a test's scenario: a plain one from the numbers
        situation = " ".join(scenario.summary.split())
        rats_goal = "Complete the mission before the round limit."
        defenders_goal = "Kill every rat, or hold out until the round limit."
        special: tuple[str, ...] = ()
    else:
        situation = " ".join(words.situation.split())
        rats_goal = " ".join(words.rats_goal.split())
        defenders_goal = " ".join(words.defenders_goal.split())
        special = tuple(" ".join(rule.split()) for rule in words.special_rules)
    return Briefing(
        title=scenario.title,
        situation=situation,
        sides=(
            SideBriefing(name=rats, forces=rat_forces(scenario), goal=rats_goal),
            SideBriefing(name=defenders, forces=defender_forces(scenario), goal=defenders_goal),
        ),
        special_rules=special,
        length=f"{scenario.round_limit} rounds",
    )
