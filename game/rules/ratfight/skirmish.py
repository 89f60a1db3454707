"""A RatFight skirmish on a map alone: forces, set-up in the map's zones, victory.

With no scenario file beside a map (or the ``map_scenario=skirmish`` option), the map
itself makes the scenario (our reading; docs/rules/ratfight.md, Interpretations):

- **Sides.** The first two different ``side`` values of the map's deployment zones, in
  the map's object order, are the first and the second side; each sets up in every zone
  of its value. The side is named by a zone's ``force`` property, else "Blue Force" /
  "Red Force" (``data/skirmish.yaml``).
- **Forces.** Each side fields one force of ``data/skirmish.yaml`` (options
  ``force_first`` and ``force_second``; a rifle section by default), keeping the Leaders
  and Heroes rule (12 models or fewer: one two-card leader).
- **Set-up.** Models stand ``spacing_in`` apart on a grid inside their zones, wholly
  inside them, off terrain that infantry cannot enter or must climb, spread over the
  zone in reading order.
- **Victory.** Each objective object (its ``objective`` property, else its name) is won
  by a standing model of a side touching it when a turn ends. An objective with a
  ``side`` property is that side's to take; one inside a side's deployment zone is the
  other side's to take; any other either side's. Without objectives the game ends as
  RatFight ends: a side whose morale breaks loses.
"""

from __future__ import annotations

import math
from functools import cache
from pathlib import Path
from typing import Literal

import shapely
from pydantic import BaseModel, Field

from game.core.data import load_model
from game.core.errors import DataError, InvalidAction
from game.maps.tabletop import Point, Table, TableFeature, inches, load_table
from game.rules.ratfight.data import (
    DATA_DIR,
    Ability,
    ForceEntry,
    ModelEntry,
    Scenario,
    ScenarioEvent,
    SideEntry,
    Strict,
    load_scenario_file,
    units,
)

SKIRMISH_FILE = DATA_DIR / "skirmish.yaml"
BASE_CLEARANCE = 60  # hundredths: a base (1") is 50 from its centre, plus a little room
MIN_SPACING = 120  # hundredths: the closest two models are set up when a zone is small


class SkirmishModel(Strict):
    """``count`` models of one profile in a skirmish force."""

    unit: str
    count: int = Field(default=1, ge=1, le=20)
    leader: Literal[0, 2, 3] = 0
    heroics: tuple[Ability, ...] = ()


class SkirmishForce(Strict):
    """A force a player may pick for a skirmish: its title on the setup screen."""

    title: str
    models: tuple[SkirmishModel, ...] = Field(min_length=1)

    @property
    def size(self) -> int:
        return sum(m.count for m in self.models)


class SkirmishData(Strict):
    """``data/skirmish.yaml``."""

    side_names: tuple[str, str]
    surnames: tuple[tuple[str, ...], tuple[str, ...]]
    spacing_in: float = Field(gt=0)
    default_forces: tuple[str, str]
    forces: dict[str, SkirmishForce] = Field(min_length=1)


@cache
def skirmish_data() -> SkirmishData:
    """The skirmish forces, checked: known profiles, names enough for every model."""
    data = load_model(SKIRMISH_FILE, SkirmishData)
    table = units()
    for fid, force in data.forces.items():
        for i, model in enumerate(force.models):
            if model.unit not in table:
                raise DataError(
                    f"{SKIRMISH_FILE}: forces.{fid}.models.{i}.unit: unknown unit "
                    f"{model.unit!r} (expected one of {', '.join(sorted(table))})"
                )
        if any(force.size > len(names) for names in data.surnames):
            raise DataError(f"{SKIRMISH_FILE}: surnames: fewer than the {force.size} of {fid!r}")
    for fid in data.default_forces:
        if fid not in data.forces:
            raise DataError(f"{SKIRMISH_FILE}: default_forces: unknown force {fid!r}")
    return data


def force_choices() -> list[tuple[str, str]]:
    """The forces a side may field, by id with their titles (setup screen)."""
    return [(fid, f.title) for fid, f in skirmish_data().forces.items()]


def zone_sides(table: Table) -> list[str]:
    """The different ``side`` values of the deployment zones, in map order."""
    return list(dict.fromkeys(f.side for f in table.features if f.kind == "deployment" and f.side))


def side_zones(table: Table, side: str) -> list[TableFeature]:
    """The deployment zones of one ``side`` value, in map order."""
    return [f for f in table.features if f.kind == "deployment" and f.side == side]


def objective_name(feature: TableFeature) -> str:
    """An objective's name for scenario events: its ``objective`` property, else its name."""
    return str(feature.properties.get("objective", "") or "") or feature.name


def _shape(feature: TableFeature) -> shapely.Geometry:
    """A zone or objective as an area (a point object: a 1" circle around it; a shape
    drawn crossing itself: made valid, as the map check warns about it)."""
    if feature.area and len(feature.outline) >= 3:
        return shapely.make_valid(shapely.Polygon(feature.outline))
    return shapely.Point(feature.outline[0]).buffer(100)


def _blocked(table: Table) -> shapely.Geometry:
    """Where infantry cannot be set up: pieces it cannot enter or must climb."""
    shapes = []
    for piece in table.pieces:
        if piece.movement.get("infantry", "open") == "open":
            continue
        if piece.linear:
            line = shapely.LineString(piece.outline) if len(piece.outline) > 1 else None
            if line is not None:
                shapes.append(line.buffer(max(piece.thickness, 1) / 2))
        elif len(piece.outline) >= 3:
            shapes.append(shapely.make_valid(shapely.Polygon(piece.outline)))
    return shapely.union_all(shapes) if shapes else shapely.Polygon()


def zone_spots(table: Table, zones: list[TableFeature], count: int, spacing: int) -> list[Point]:
    """``count`` set-up points in ``zones`` (hundredths), ``spacing`` apart on a grid,
    spread over every usable point in reading order; closer (down to
    :data:`MIN_SPACING`) when the zones are small. ``DataError`` when they hold too few."""
    area = shapely.union_all([_shape(z) for z in zones])
    blocked = _blocked(table)
    step = spacing
    while True:
        spots = _grid_spots(table, area, blocked, step)
        if len(spots) >= count or step <= MIN_SPACING:
            break
        step = max(MIN_SPACING, step * 3 // 4)
    if len(spots) < count:
        names = ", ".join(repr(z.name) for z in zones)
        raise DataError(
            f"{table.path}: deployment zone {names} has room for {len(spots)} of the "
            f"{count} models (each needs {inches(MIN_SPACING):g} inches, off impassable "
            "terrain)"
        )
    return [spots[(i * len(spots)) // count] for i in range(count)]


def _grid_spots(
    table: Table, area: shapely.Geometry, blocked: shapely.Geometry, step: int
) -> list[Point]:
    minx, miny, maxx, maxy = area.bounds
    out: list[Point] = []
    y = int(miny) + step // 2
    while y <= maxy:
        x = int(minx) + step // 2
        while x <= maxx:
            base = shapely.Point(x, y).buffer(BASE_CLEARANCE)
            inside = 0 <= x <= table.width and 0 <= y <= table.height
            if inside and area.contains(base) and not blocked.intersects(base):
                out.append((x, y))
            x += step
        y += step
    return out


def _events(table: Table, sides: list[str]) -> tuple[ScenarioEvent, ...]:
    zones = {
        s: [_shape(f) for f in table.features if f.kind == "deployment" and f.side == s]
        for s in sides
    }
    events: list[ScenarioEvent] = []
    for feature in table.features:
        if feature.kind != "objective" or not objective_name(feature):
            continue
        centre = _shape(feature).centroid
        own = feature.side
        if own in sides:
            takers = [sides.index(own)]
        else:
            home = [i for i, s in enumerate(sides) if any(z.contains(centre) for z in zones[s])]
            takers = [1 - home[0]] if len(home) == 1 else [0, 1]
        label = feature.name or objective_name(feature)
        for seat in takers:
            events.append(
                ScenarioEvent(
                    kind="reach",
                    side=seat,  # type: ignore[arg-type]
                    objective=objective_name(feature),
                    title=f"takes {label}",
                    at_turn_end=True,
                )
            )
    return tuple(events)


def skirmish_scenario(map_path: Path, options: BaseModel) -> Scenario:
    """The scenario of a skirmish on ``map_path`` (see the module docstring); options
    ``force_first`` and ``force_second`` pick the forces."""
    data = skirmish_data()
    table = load_table(map_path)
    sides = zone_sides(table)
    if len(sides) < 2:
        raise DataError(
            f"{map_path}: a skirmish needs deployment zones of two sides (objects of type "
            f"'deployment' with two different 'side' values); found {sides or 'none'}"
        )
    sides = sides[:2]
    spacing = round(data.spacing_in * 100)
    events = _events(table, sides)
    by_side = [side_zones(table, s) for s in sides]
    centres = [shapely.union_all([_shape(z) for z in zones]).centroid for zones in by_side]
    side_entries = []
    for seat, zones in enumerate(by_side):
        side = sides[seat]
        ahead = centres[1 - seat]
        facing = math.degrees(math.atan2(ahead.y - centres[seat].y, ahead.x - centres[seat].x))
        fid = str(getattr(options, ("force_first", "force_second")[seat], "") or "")
        fid = fid or data.default_forces[seat]
        if fid not in data.forces:
            known = ", ".join(data.forces)
            raise InvalidAction(f"JTS RatFight: force {fid!r}: expected one of {known}")
        force = data.forces[fid]
        spots = iter(zone_spots(table, zones, force.size, spacing))
        prefix = "ab"[seat]
        models: list[ModelEntry] = []
        for spec in force.models:
            for _ in range(spec.count):
                x, y = next(spots)
                models.append(
                    ModelEntry(
                        id=f"{prefix}{len(models) + 1}",
                        unit=spec.unit,
                        at=(inches(x), inches(y)),
                        facing=round(facing) % 360,
                        leader=spec.leader,
                        heroics=spec.heroics,
                    )
                )
        name = next((str(z.properties["force"]) for z in zones if z.properties.get("force")), "")
        name = name or data.side_names[seat]
        force_entry = ForceEntry(
            id=f"{prefix}force", name=name, deployment=zones[0].name or side, models=tuple(models)
        )
        taken = [e.title.removeprefix("takes ") for e in events if e.side == seat]
        goal = "Break the enemy's morale"
        if taken:
            goal += f", or have a soldier standing at {' or '.join(taken)} when a turn ends"
        side_entries.append(
            SideEntry(
                name=name,
                goal=goal + ".",
                names=data.surnames[seat][: len(models)],
                forces=(force_entry,),
            )
        )
    title = table.title or map_path.stem
    return Scenario(
        id="skirmish",
        title=f"Skirmish: {title}",
        briefing=f"Two forces meet on {title}. No orders but to break the enemy.",
        map=str(map_path.resolve()),
        sides=(side_entries[0], side_entries[1]),
        events=events,
    )


def load_map_scenario(path: Path) -> Scenario:
    """A scenario file beside a map (the shipped scenarios' schema; ``map`` relative to
    the file): read, cross-checked like a shipped one, its map loaded."""
    scenario = load_scenario_file(path)
    scenario.map_path  # noqa: B018 - a MapError naming the file when the map is not found
    return scenario
