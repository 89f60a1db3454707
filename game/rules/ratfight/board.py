"""The state of a RatFight game as data, with the questions every rule asks of it.

:class:`Setting` is what never changes in a game (scenario, rules numbers, the table and
its geometry) and is shared by every clone; :class:`Board` is what play changes. Rules
modules (``legal``, ``combat``, ``resolve``, ``flow``) are functions over a ``Board``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path

import shapely

from game.core.deck import Deck
from game.core.playing_cards import PlayingCard, PlayingDeck, best
from game.core.rng import Rng
from game.maps.tabletop import Point, Table, TableFeature, load_table, to_point
from game.maps.tabletop_geometry import Obstacle, Sight, SightQuery, TableGeometry
from game.maps.tabletop_measure import Hull, Model, RoundBase, gap
from game.rules.ratfight.data import (
    ActionCardSpec,
    CoreRules,
    Scenario,
    WeaponSpec,
    armour_table,
    core_rules,
    units,
    weapons,
)
from game.rules.ratfight.model import ON_TABLE, Figure, Status

MEMO_LIMIT = 20_000


@dataclass(frozen=True, eq=False)
class Setting:
    """The unchanging part of a game, shared by clones. ``sight_memo`` remembers line of
    sight answers by the two models' places (a pure function of them and the wrecks
    on the table), so bots may ask freely; ``move_memo`` remembers the answers of
    ``legal.move_problems`` by everything they read (the moving model and the models
    near it), then by where the move ends."""

    scenario: Scenario
    rules: CoreRules
    table: Table
    geometry: TableGeometry
    weapons: dict[str, WeaponSpec]
    sight_memo: dict[tuple[object, ...], Sight] = field(default_factory=dict)
    areas: dict[tuple[Point, ...], shapely.Geometry] = field(default_factory=dict)
    move_memo: dict[tuple[object, ...], dict[Point, str | None]] = field(default_factory=dict)

    def objective(self, name: str) -> TableFeature:
        """The map's objective (or any feature) whose ``objective`` property or name is
        ``name``."""
        for feature in self.table.features:
            if feature.properties.get("objective") == name or feature.name == name:
                return feature
        raise KeyError(name)


def _obstacles_of(key: tuple[object, ...]) -> tuple[Obstacle, ...]:
    """The obstacles a sight key (``Board._sight_key``) lists last."""
    blocking = key[-1]
    assert isinstance(blocking, tuple)
    return tuple(Obstacle(m, h) for m, h in blocking)


@cache
def _table(
    path: Path, barred: tuple[str, ...] = (), stamp: tuple[int, int] = (0, 0)
) -> tuple[Table, TableGeometry]:
    """The loaded table (cached by the file's ``stamp``, its modification time and size,
    so a map saved again in Tiled is read again for the next game)."""
    table = bar_tracked(load_table(path), barred)
    return table, TableGeometry(table)


def _stamp(path: Path) -> tuple[int, int]:
    try:
        info = path.stat()
    except OSError:
        return (0, 0)  # load_table names the missing file
    return (info.st_mtime_ns, info.st_size)


def bar_tracked(table: Table, kinds: tuple[str, ...]) -> Table:
    """``table`` with every piece of the classes ``kinds`` impassable to tracked vehicles,
    unless the map gives that piece its own ``move_tracked`` (Movement: "some terrain
    will be impassable to even tracked vehicles ... ruins, walls, large trees")."""
    if not kinds:
        return table
    own = {obj.id: obj.properties for obj in table.game_map.objects}
    pieces = []
    for piece in table.pieces:
        if piece.kind in kinds and "move_tracked" not in own.get(piece.id, {}):
            movement = {**piece.movement, "tracked": "impassable"}
            properties = {**piece.properties, "move_tracked": "impassable"}
            piece = replace(piece, movement=movement, properties=properties)
        pieces.append(piece)
    return replace(table, pieces=tuple(pieces))


def make_setting(scenario: Scenario, edition: int = 3) -> Setting:
    """The unchanging part of a game of ``scenario`` under rules version ``edition``
    (from 3, the classes of ``tracked_impassable`` are barred to tracked vehicles)."""
    rules = core_rules()
    barred = rules.tracked_impassable if edition >= 3 else ()
    path = scenario.map_path
    table, geometry = _table(path, barred, _stamp(path))
    return Setting(scenario, rules, table, geometry, weapons())


def short_title(title: str) -> str:
    """A profile's title as a soldier's rank word: "Rifleman (bolt action)" -> "Rifleman"."""
    return title.split(" (")[0]


def place_figures(scenario: Scenario) -> dict[str, Figure]:
    """Every model of the scenario at its start, by id (in scenario order). A model the
    scenario leaves unnamed is called by its profile and the side's next surname
    ("Rifleman Dubois")."""
    table = units()
    out: dict[str, Figure] = {}
    for seat, side in enumerate(scenario.sides):
        surnames = iter(side.names)
        for force in side.forces:
            for entry in force.models:
                unit = table[entry.unit]
                name = entry.name or f"{short_title(unit.title)} {next(surnames)}"
                at = to_point(*entry.at) if entry.at is not None else (0, 0)
                out[entry.id] = Figure(
                    id=entry.id,
                    side=seat,
                    force=force.id,
                    unit_id=entry.unit,
                    unit=unit,
                    name=name,
                    leader=entry.leader,
                    heroics=entry.heroics,
                    pos=at,
                    facing=round(entry.facing) % 360,
                    status=Status.ABOARD if entry.aboard else Status.UP,
                    aboard=entry.aboard,
                )
    for figure in out.values():  # passengers ride where their transport is
        if figure.aboard is not None:
            figure.pos = out[figure.aboard].pos
    return out


@dataclass(slots=True)
class Pending:
    """Shots left over after downing a target, waiting for ``retarget`` or ``hold``."""

    shooter: str
    weapon: str
    mode: int
    shots: int
    around: str  # the downed target: new targets must be within 3" of it


@dataclass
class Board:
    """Everything play changes. ``seat`` has the card ``card`` turned over and is
    deciding; ``used`` are the models that have acted on it."""

    rng: Rng
    setting: Setting
    figures: dict[str, Figure]
    action_deck: Deck[str]
    resolution: tuple[PlayingDeck, PlayingDeck]
    turn: int = 0
    seat: int | None = None
    card: str | None = None
    used: list[str] = field(default_factory=list)
    inspired: list[bool] = field(default_factory=lambda: [False, False])
    pending: Pending | None = None
    turn_cut: bool = False  # identical resolution cards: the turn ends at once
    broken: list[str] = field(default_factory=list)  # forces whose morale broke
    winners: tuple[int, ...] | None = None
    reason: str = ""
    #: rules version: 1 throws passengers down at fixed spots, unchecked; before 3 a card
    #: went to the discards as soon as it was turned over (``draw``)
    edition: int = 3

    # -- lookups -----------------------------------------------------------------------
    def figure(self, figure_id: str) -> Figure | None:
        return self.figures.get(figure_id)

    def side_name(self, seat: int) -> str:
        return self.setting.scenario.sides[seat].name

    def card_spec(self) -> ActionCardSpec | None:
        return None if self.card is None else self.setting.rules.card(self.card)

    def on_table(self) -> Iterator[Figure]:
        return (f for f in self.figures.values() if f.on_table)

    def enemies_of(self, seat: int) -> Iterator[Figure]:
        return (f for f in self.figures.values() if f.side != seat and f.on_table)

    def forces(self, seat: int) -> tuple[str, ...]:
        return tuple(f.id for f in self.setting.scenario.sides[seat].forces)

    def force_name(self, force_id: str) -> str:
        for side in self.setting.scenario.sides:
            for force in side.forces:
                if force.id == force_id:
                    return force.name
        return force_id

    def passengers(self, vehicle: Figure) -> list[Figure]:
        return [f for f in self.figures.values() if f.aboard == vehicle.id]

    # -- geometry ----------------------------------------------------------------------
    def obstacles(self, *skip: Figure) -> tuple[Obstacle, ...]:
        """Vehicles on the table (wrecks included) block sight, except ``skip``."""
        return tuple(Obstacle(m, h) for m, h in self._blocking(skip))

    def _blocking(self, skip: tuple[Figure, ...]) -> tuple[tuple[Model, float], ...]:
        """(hull, height in inches) of each vehicle :meth:`obstacles` lists (``skip``
        compared by identity: a model's equality compares every field)."""
        return tuple(
            (f.shape(), f.unit.height_in)
            for f in self.figures.values()
            if f.vehicle and f.status in ON_TABLE and all(f is not s for s in skip)
        )

    def sight(self, viewer: Figure, target: Figure) -> Sight:
        """Line of sight between two models (memoized by their places and the wrecks)."""
        key = self._sight_key(viewer, target)
        memo = self.setting.sight_memo
        found = memo.get(key)
        if found is None:
            if len(memo) > MEMO_LIMIT:
                memo.clear()
            found = self.setting.geometry.sight(
                viewer.shape(),
                target.shape(),
                viewer_height=viewer.unit.height_in,
                target_height=target.unit.height_in,
                obstacles=_obstacles_of(key),
            )
            memo[key] = found
        return found

    def prefetch_sights(self, pairs: Iterable[tuple[Figure, Figure]]) -> None:
        """Trace line of sight for every (viewer, target) pair not yet remembered, all
        in one batch (``TableGeometry.sight_many``), so that the :meth:`sight` calls
        that follow are answered from the memo. Changes no answer, only its cost."""
        memo = self.setting.sight_memo
        queries: dict[tuple[object, ...], SightQuery] = {}
        for viewer, target in pairs:
            key = self._sight_key(viewer, target)
            if key in memo or key in queries:
                continue
            queries[key] = SightQuery(
                viewer.shape(),
                target.shape(),
                viewer.unit.height_in,
                target.unit.height_in,
                _obstacles_of(key),
            )
        if not queries:
            return
        if len(memo) + len(queries) > MEMO_LIMIT:
            memo.clear()
        answers = self.setting.geometry.sight_many(list(queries.values()))
        memo.update(zip(queries, answers, strict=True))

    def _sight_key(self, viewer: Figure, target: Figure) -> tuple[object, ...]:
        """What a sight answer depends on: both models' places (and vehicles'
        facings) and profiles, and last the vehicles in the way (hull and height)."""
        return (
            viewer.pos,
            viewer.facing if viewer.vehicle else 0,
            viewer.unit_id,
            target.pos,
            target.facing if target.vehicle else 0,
            target.unit_id,
            self._blocking((viewer, target)),
        )

    def gap(self, a: Figure, b: Figure) -> float:
        """Base-to-base distance in hundredths of an inch."""
        if not a.vehicle and not b.vehicle:  # two round bases: tabletop_measure.gap's sum
            (ax, ay), (bx, by) = a.pos, b.pos
            return max(0.0, math.hypot(bx - ax, by - ay) - a.radius - b.radius)
        return gap(a.shape(), b.shape())

    def touching(self, figure: Figure, feature: TableFeature) -> bool:
        """Does the model's base touch a map feature (a point or an area)?"""
        base = figure.shape()
        if not feature.area:
            point = feature.outline[0]
            return gap(base, RoundBase(point, 0)) <= 0
        from shapely.geometry import Polygon

        from game.maps.tabletop_measure import outline

        area = self.setting.areas.get(feature.outline)
        if area is None:  # the map's areas are built (and prepared) once a game
            area = self.setting.areas[feature.outline] = Polygon(feature.outline)
            shapely.prepare(area)
        return bool(area.intersects(Polygon(outline(base))))

    # -- cards -------------------------------------------------------------------------
    def draw(self, seat: int, count: int) -> tuple[PlayingCard, ...]:
        """Turn over ``count`` resolution cards from ``seat``'s own deck. From rules
        version 3 they stay on the table until :meth:`settle` (a reshuffle part-way
        through a draw brings back only the discards); before, each card went to the
        discard pile at once."""
        if self.edition >= 3:
            return self.resolution[seat].turn_over(count, self.rng)
        return self.resolution[seat].draw_many(count, self.rng)

    def settle(self) -> None:
        """A draw is decided (a firing with all its shots, damage and crew tests, a close
        combat, one morale test, one recovery card): its cards go to the discards."""
        for deck in self.resolution:
            deck.settle()

    def copy(self) -> Board:
        return Board(
            rng=self.rng.clone(),
            setting=self.setting,
            edition=self.edition,
            figures={k: f.copy() for k, f in self.figures.items()},
            action_deck=self.action_deck.copy(),
            resolution=(self.resolution[0].copy(), self.resolution[1].copy()),
            turn=self.turn,
            seat=self.seat,
            card=self.card,
            used=list(self.used),
            inspired=list(self.inspired),
            pending=None
            if self.pending is None
            else Pending(
                self.pending.shooter,
                self.pending.weapon,
                self.pending.mode,
                self.pending.shots,
                self.pending.around,
            ),
            turn_cut=self.turn_cut,
            broken=list(self.broken),
            winners=self.winners,
            reason=self.reason,
        )


def armour_against(vehicle: Figure, source: Point) -> int:
    """The vehicle's armour on the face ``source`` is in front of (front/side/rear)."""
    from game.maps.tabletop_measure import hull_side

    spec = armour_table()[vehicle.unit.armour or "unarmoured"]
    shape = vehicle.shape()
    assert isinstance(shape, Hull)
    return spec.facing(hull_side(shape, source))


def is_armoured(vehicle: Figure) -> bool:
    return armour_table()[vehicle.unit.armour or "unarmoured"].armoured


def kept(cards: tuple[PlayingCard, ...]) -> PlayingCard:
    """The card a player keeps of several: the best (RatFight lets him choose; keeping
    the best is always right except to lose a campaign battle on purpose)."""
    return best(cards)
