"""5.56mm on a table of one's own (issue 33): a skirmish from the map alone, or the
scenario file beside it.

**Skirmish.** The map's deployment zones (objects of class ``deployment``, each with a
``side`` such as ``north``) give the two squads their ground: the first side named on
the map sets up the black-card squad, the next one the red-card squad. Each squad is a
random squad by 11.1 (2D6+12 upgrades spent at random, or ``upgrades`` when a budget is
given; Interpretation D17), dealt from the game's seed, its ten men spread over their
zone a base and a half apart, facing the other zone. Victory: a squad wins by having a
man end his go touching an objective (objects of class ``objective``, by name) or by
leaving the other side nobody fighting; without objectives only the last, and the game
is drawn after the rules' turn limit.

**Scenario file.** A file beside the map in the shipped scenarios' schema
(``scenarios:`` with one scenario), its ``map`` relative to the file. Its gear, skills
and objectives are checked against the catalog and the map here.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Literal

from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon

from game.core.errors import DataError
from game.core.rng import Rng
from game.maps.tabletop import Table, TableFeature, inches, load_table
from game.maps.tabletop_geometry import TableGeometry
from game.maps.tabletop_measure import RoundBase
from game.rules.five_five_six.catalog import catalog
from game.rules.five_five_six.model import RADIUS
from game.rules.five_five_six.scenarios import (
    BriefingEntry,
    CharacterEntry,
    Scenario,
    SquadEntry,
    Victory,
    load_scenarios,
)
from game.rules.five_five_six.squad_builder import random_squad
from game.rules.five_five_six.squads import Squad

SPACING = 150  # hundredths of an inch between the men of a skirmish set-up (1.5")
COLOURS: tuple[Literal["black"], Literal["red"]] = ("black", "red")
SEATS: tuple[Literal[0], Literal[1]] = (0, 1)


def zone_sides(table: Table) -> tuple[str, ...]:
    """The sides the map's deployment zones name, in map order, each once."""
    out: list[str] = []
    for zone in table.features_of("deployment"):
        if zone.side and zone.side not in out:
            out.append(zone.side)
    return tuple(out)


def side_name(side: str, seat: int) -> str:
    """How the players call a squad set up in a zone of ``side``: ``North squad``; a
    side that is not a word (``0``, ``1``, what some tables use) by its order:
    ``First squad``, ``Second squad``."""
    words = side.replace("_", " ").strip()
    if not any(ch.isalpha() for ch in words):
        words = ("first", "second")[seat]
    return f"{words.capitalize()} squad"


def _zone_shape(zones: tuple[TableFeature, ...]) -> Polygon:
    shapes = [Polygon(z.outline) for z in zones if z.area and len(z.outline) >= 3]
    shape = shapes[0]
    for more in shapes[1:]:
        shape = shape.union(more)
    return shape


def set_up_spots(table: Table, geometry: TableGeometry, side: str) -> list[tuple[int, int]]:
    """Where men of ``side`` may stand at the start: points of a 1.5" grid whose whole
    base lies inside one of the side's zones and on the table, in no piece that is
    impassable on foot; row by row (hundredths)."""
    zones = table.features_of("deployment", side)
    if not any(z.area and len(z.outline) >= 3 for z in zones):
        return []
    shape = _zone_shape(zones)
    x0, y0, x1, y1 = (int(v) for v in shape.bounds)
    out = []
    for y in range(y0 + RADIUS, y1 - RADIUS + 1, SPACING):
        for x in range(x0 + RADIUS, x1 - RADIUS + 1, SPACING):
            base = RoundBase((x, y), RADIUS)
            if not shape.contains(ShapelyPoint(x, y).buffer(RADIUS)):
                continue
            if not geometry.on_table(base):
                continue
            if any(p.move("infantry") == "impassable" for p in geometry.pieces_at(base)):
                continue
            out.append((x, y))
    return out


def _spread(spots: list[tuple[int, int]], count: int) -> list[tuple[int, int]]:
    """``count`` of the spots spread evenly over the list."""
    return [spots[(i * len(spots)) // count] for i in range(count)]


def _facing(at: tuple[int, int], towards: tuple[float, float]) -> float:
    """Degrees clockwise from the right table edge, from ``at`` towards the point."""
    return round(math.degrees(math.atan2(towards[1] - at[1], towards[0] - at[0])) % 360, 1)


def _entries(
    squad: Squad, spots: list[tuple[int, int]], towards: tuple[float, float], prefix: str
) -> tuple[CharacterEntry, ...]:
    out = []
    for member, at in zip(squad.members, _spread(spots, len(squad.members)), strict=True):
        a = member.abilities
        out.append(
            CharacterEntry(
                id=f"{prefix}_{member.id}",
                name=member.name,
                cards=member.cards,
                movement=a.movement,
                weapons=a.weapons,
                strength=a.strength,
                morale=a.morale,
                skills=member.skills,
                gear=(*member.weapons, *member.equipment),
                launcher_rounds=member.launcher_rounds,
                leader=member.id == squad.leader,
                at=(inches(at[0]), inches(at[1])),
                facing=_facing(at, towards),
            )
        )
    return tuple(out)


def skirmish_scenario(path: Path, rng: Rng, upgrades: int | None = None) -> Scenario:
    """The skirmish the map at ``path`` plays alone (see the module head), the squads
    drawn with ``rng``; ``DataError`` naming the map and what it lacks otherwise."""
    table = load_table(path)
    geometry = TableGeometry(table)
    sides = zone_sides(table)
    if len(sides) < 2:
        raise DataError(
            f"{path}: {len(sides)} side(s) with a deployment zone (expected two: objects "
            "of class deployment, each with a side such as north or south)"
        )
    sides = sides[:2]
    centres = [_zone_shape(table.features_of("deployment", s)).centroid for s in sides]
    squads: list[SquadEntry] = []
    for seat in SEATS:
        side = sides[seat]
        spots = set_up_spots(table, geometry, side)
        taken = [m.name.split()[-1] for sq in squads for m in sq.characters]
        squad = random_squad(
            rng, red=seat == 1, upgrades=upgrades, name=side_name(side, seat), exclude=taken
        )
        if len(spots) < len(squad.members):
            raise DataError(
                f"{path}: the deployment zone of side {side!r} has room for {len(spots)} "
                f"men a base and a half apart (expected {len(squad.members)})"
            )
        other = centres[1 - seat]
        men = _entries(squad, spots, (other.x, other.y), f"s{seat}")
        squads.append(
            SquadEntry(
                name=side_name(side, seat), colour=COLOURS[seat], characters=men, plural=False
            )
        )
    names = [o.name for o in table.features_of("objective") if o.name]
    victory = [
        Victory(kind="reach", side=seat, objective=n, title=f"the {squads[seat].name} reaches {n}")
        for seat in SEATS
        for n in names
    ]
    victory += [
        Victory(kind="eliminate", side=s, title=f"the {squads[1 - s].name} has nobody fighting")
        for s in SEATS
    ]
    title = table.title or path.stem.replace("_", " ").capitalize()
    goals = []
    for s in (0, 1):
        out = f"put every man of the {squads[1 - s].name} out of the fight."
        if names:
            out = f"get a man to {' or '.join(names)} and end his go there, or {out}"
        goals.append(out[0].upper() + out[1:])
    return Scenario(
        id="skirmish",
        title=f"Skirmish on {title}",
        briefing=BriefingEntry(
            situation=f"Two squads meet on {title}, each built by the random squad rules.",
            goals=(goals[0], goals[1]),
        ),
        map=path.name,
        sides=(squads[0], squads[1]),
        victory=tuple(victory),
    ).on_map(path)


def read_scenario_file(path: Path) -> Scenario:
    """The one scenario of a scenario file of one's own, checked against the catalog and
    its map; ``DataError`` naming the file, the key path and what was expected."""
    found = load_scenarios(path, own=True)
    if len(found) != 1:
        raise DataError(f"{path}: scenarios: {len(found)} scenarios (expected one)")
    scenario = next(iter(found.values()))
    problems = scenario_problems(path, scenario)
    if problems:
        raise DataError("\n".join(problems))
    return scenario


def scenario_problems(path: Path, scenario: Scenario) -> list[str]:
    """What a scenario of one's own names that 5.56mm or its map does not have: unknown
    gear and skills, objectives not on the map, men off the table."""
    cat = catalog()
    out = []
    for s, side in enumerate(scenario.sides):
        for c, man in enumerate(side.characters):
            where = f"{path}: scenarios.0.sides.{s}.characters.{c}"
            for g, item in enumerate(man.gear):
                if cat.item_kind(item) is None and item not in cat.equipment:
                    out.append(
                        f"{where}.gear.{g}: unknown item {item!r} (expected a weapon, grenade "
                        "or equipment of weapons.yaml, grenades.yaml or equipment.yaml)"
                    )
            for k, skill in enumerate(man.skills):
                if skill not in cat.skills:
                    out.append(
                        f"{where}.skills.{k}: unknown skill {skill!r} (expected one of "
                        f"{', '.join(sorted(cat.skills))})"
                    )
    table = load_table(scenario.map_path)
    named = {o.name for o in table.features_of("objective")}
    named |= {str(o.properties.get("objective", "")) for o in table.features_of("objective")}
    for v, victory in enumerate(scenario.victory):
        if victory.objective is not None and victory.objective not in named:
            out.append(
                f"{path}: scenarios.0.victory.{v}.objective: no objective {victory.objective!r} "
                f"on {scenario.map} (expected the name of an object of class objective)"
            )
    width, height = table.size_in
    for s, side in enumerate(scenario.sides):
        for c, man in enumerate(side.characters):
            x, y = man.at
            if not (0 <= x <= width and 0 <= y <= height):
                out.append(
                    f"{path}: scenarios.0.sides.{s}.characters.{c}.at: ({x:g}, {y:g}) is off "
                    f'the {width:g}" x {height:g}" table'
                )
    return out
