"""5.56mm scenario briefings: what a player reads before the game and brings back with
B. The situation, the goals and the special rules are the scenario's own words
(``data/scenarios.yaml``, ``briefing``); each side's forces and the game's length are
read from the rest of the scenario, so they always match what is on the table."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from pydantic import BaseModel

from game.core.briefing import Briefing, SideBriefing
from game.rules.five_five_six.catalog import catalog
from game.rules.five_five_six.scenarios.scenarios import CharacterEntry, Scenario, load_scenario
from game.rules.five_five_six.vehicles.data import vehicle_catalog

#: Skills worth naming in a squad's list, in the order they are named.
SPECIALISTS = ("medic", "sniper", "machine_gunner", "heavy_weapons", "driver", "pilot")


def briefing_of(options: BaseModel) -> Briefing:
    """The manifest's briefing: the chosen scenario's (``options.scenario``)."""
    return scenario_briefing(load_scenario(str(getattr(options, "scenario", ""))))


def scenario_briefing(scenario: Scenario) -> Briefing:
    """The briefing of one scenario: title, situation (and how the odds lie, where the
    scenario favours a side), each side (name, forces, goal), special rules and length."""
    text = scenario.briefing
    sides = tuple(
        SideBriefing(name=squad.name, forces=forces(scenario, seat), goal=text.goals[seat])
        for seat, squad in enumerate(scenario.sides)
    )
    return Briefing(
        title=scenario.title,
        situation=f"{text.situation} {text.balance}".strip(),
        sides=sides,
        special_rules=text.special_rules,
        length=length(scenario),
    )


def length(scenario: Scenario) -> str:
    """``6 turns`` from the scenario's deadline, else until one side is out."""
    turns = [v.turns for v in scenario.victory if v.kind == "hold" and v.turns is not None]
    if turns:
        return f"{min(turns)} turns at most"
    return "until one side is out of the fight"


def forces(scenario: Scenario, seat: int) -> tuple[str, ...]:
    """One line per group: the men on the table and their leader, their arms, the
    specialists, the vehicles they start in, and who may join later."""
    squad = scenario.sides[seat]
    later = set(scenario.reserve)
    men = [c for c in squad.characters if c.id not in later]
    lines = [_men_line(men)]
    lines.append("Arms: " + _arms(men))
    special = _specialists(men)
    if special:
        lines.append(special)
    rides = [v for v in scenario.vehicles if v.side == seat]
    for vehicle in rides:
        profile = vehicle_catalog().vehicles[vehicle.profile]
        gun = f", {_item(vehicle.weapon)} mounted" if vehicle.weapon else ""
        lines.append(f"{vehicle.name}: {profile.name}{gun}, {len(vehicle.crew)} men aboard")
    reserves = [c for c in squad.characters if c.id in later]
    if reserves:
        how = _how_they_come(scenario, seat)
        lines.append(f"Later{how}: {_and(c.name for c in reserves)}")
    return tuple(lines)


def _men_line(men: list[CharacterEntry]) -> str:
    leader = next((c for c in men if c.leader), None)
    count = f"{len(men)} {'man' if len(men) == 1 else 'men'}"
    if leader is None:
        return count
    led = f"{count} led by {leader.name}" + (" (Elite)" if "elite" in leader.skills else "")
    elite = [c.name for c in men if "elite" in c.skills and not c.leader]
    return led + (f"; {_and(elite)} is Elite" if elite else "")


def _arms(men: list[CharacterEntry]) -> str:
    """Every firearm, rocket and grenade carried, with how many: ``M16 ×5, SAW (M249)``."""
    cat = catalog()
    counted: Counter[str] = Counter()
    for man in men:
        for item in man.gear:
            if cat.item_kind(item) in ("firearm", "grenade"):
                counted[_item(item)] += 1
    return ", ".join(f"{name} ×{n}" if n > 1 else name for name, n in counted.most_common())


def _specialists(men: list[CharacterEntry]) -> str:
    """``Medic: Cpl Rhine; Sniper: Pte "Dead Eye" Simpson``."""
    skills = catalog().skills
    parts = []
    for skill in SPECIALISTS:
        who = [c.name for c in men if skill in c.skills]
        if who and skill in skills:
            parts.append(f"{skills[skill].name}: {_and(who)}")
    return "; ".join(parts)


def _how_they_come(scenario: Scenario, seat: int) -> str:
    ways = []
    joker = scenario.joker_event
    if joker is not None and joker.kind == "reinforce" and joker.side == seat:
        ways.append("on a Joker")
    if scenario.radio is not None and scenario.radio.side == seat:
        ways.append("by radio")
    return f" ({' or '.join(ways)})" if ways else ""


def _item(item_id: str) -> str:
    cat = catalog()
    for table in (cat.weapons.firearms, cat.grenades, cat.weapons.melee, cat.equipment):
        if item_id in table:
            return str(table[item_id].name)
    raise KeyError(item_id)


def _and(names: Iterable[str]) -> str:
    listed = list(names)
    if len(listed) < 2:
        return "".join(listed)
    return ", ".join(listed[:-1]) + " and " + listed[-1]
