"""The state of a 5.56mm game as data, with the questions every rule asks of it.

:class:`Setting` is what never changes in a game (scenario, table, geometry) and is
shared by clones; :class:`Board` is what play changes. The rules modules (``legal``,
``resolve``, ``flow``) are functions over a ``Board``.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon

from game.core.errors import MapError
from game.core.rng import Rng
from game.maps.tabletop import Light, Point, Table, TableFeature, load_table, to_point
from game.maps.tabletop_geometry import Sight, TableGeometry
from game.maps.tabletop_measure import Hull, RoundBase, gap, in_arc
from game.maps.tabletop_sight import Obstacle
from game.rules.five_five_six.catalog import catalog
from game.rules.five_five_six.model import (
    FIELD_OF_SIGHT,
    HEIGHT_IN,
    RADIUS,
    Character,
    Profile,
    Status,
)
from game.rules.five_five_six.movement import TERRAIN_TN
from game.rules.five_five_six.scenarios import Scenario
from game.rules.five_five_six.turn_deck import TurnDeck
from game.rules.five_five_six.vehicle_state import Vehicle
from game.rules.five_five_six.vehicles import ALTITUDE_IN, Motion
from game.rules.five_five_six.weapons import starting_ammo

MEMO_LIMIT = 20_000


@dataclass(frozen=True, eq=False)
class Setting:
    """The unchanging part of a game. ``sight_memo`` remembers line-of-sight answers by
    the two characters' places (a pure function of them and the table), ``touch_memo``
    whether a base at a place touches an area feature (checked after every go). ``version``:
    the rules version the game plays by (``FiveFiveSix.rules_version``; 1: before the
    lingering CS gas cloud, higher ground in hand to hand, Lucky Bastard, two carriers,
    the M203 and the HEAP round, and the Auto-Fire +1 only at a second target)."""

    scenario: Scenario
    table: Table
    geometry: TableGeometry
    version: int = 2
    sight_memo: dict[tuple[Any, ...], Sight] = field(default_factory=dict)
    path_memo: dict[tuple[Point, Point], Any] = field(default_factory=dict)
    areas: dict[int, Polygon] = field(default_factory=dict)
    touch_memo: dict[tuple[int, Point], bool] = field(default_factory=dict)

    def objective(self, name: str) -> TableFeature:
        """The map's feature whose ``objective`` property (or name) is ``name``."""
        for feature in self.table.features:
            if feature.properties.get("objective") == name or feature.name == name:
                return feature
        raise KeyError(name)


@cache
def _table(path: Path, stamp: tuple[int, int]) -> tuple[Table, TableGeometry]:
    """The table at ``path`` as of ``stamp`` (a map of one's own saved again in Tiled is
    read again, issue 33)."""
    table = load_table(path)
    return table, TableGeometry(table)


def make_setting(scenario: Scenario, version: int = 2) -> Setting:
    path = scenario.map_path
    try:
        found = path.stat()
        stamp = (found.st_mtime_ns, found.st_size)
    except OSError:
        stamp = (0, 0)  # load_table names the missing file
    table, geometry = _table(path, stamp)
    check_grounds(table)
    return Setting(scenario, table, geometry, version=version)


def check_grounds(table: Table) -> None:
    """A piece's optional ``ground`` property must name a ground 5.56mm knows and its
    optional ``elevation_in`` (higher ground, 3.71) be inches, 0 or more (MapError
    naming the file, layer and object otherwise)."""
    known = ("even", "obstacle", *sorted(TERRAIN_TN))
    for piece in table.pieces:
        raised = piece.properties.get("elevation_in")
        if raised is not None and (
            isinstance(raised, bool) or not isinstance(raised, (int, float)) or raised < 0
        ):
            raise MapError(
                f"{table.path}: layer {piece.layer!r}: object {piece.label}: property "
                f"elevation_in={raised!r}: expected a number of inches, 0 or more"
            )
        value = piece.properties.get("ground")
        if value is not None and value not in known:
            raise MapError(
                f"{table.path}: layer {piece.layer!r}: object {piece.label}: property "
                f"ground={value!r}: expected one of {', '.join(known)}"
            )


def place_characters(scenario: Scenario) -> dict[str, Character]:
    """Every character of the scenario at his start, by id (side 0 first)."""
    out: dict[str, Character] = {}
    for seat, side in enumerate(scenario.sides):
        for entry in side.characters:
            profile = Profile(
                movement=entry.movement,
                weapons=entry.weapons,
                strength=entry.strength,
                morale=entry.morale,
                skills=entry.skills,
                gear=entry.gear,
                cards=entry.cards,
                leader=entry.leader,
                launcher_rounds=entry.launcher_rounds,
            )
            out[entry.id] = Character(
                id=entry.id,
                side=seat,
                name=entry.name,
                profile=profile,
                pos=to_point(*entry.at),
                facing=round(entry.facing) % 360,
                status=Status.RESERVE if entry.id in scenario.reserve else Status.ACTIVE,
                ammo=starting_ammo_of(entry.gear, entry.ammo_low),
            )
    return out


def place_vehicles(scenario: Scenario, characters: dict[str, Character]) -> dict[str, Vehicle]:
    """The scenario's vehicles at their start, their crews aboard in their seats (12.1:
    a character aboard stands at the vehicle's centre)."""
    out: dict[str, Vehicle] = {}
    for entry in scenario.vehicles:
        vehicle = Vehicle(
            id=entry.id,
            profile_id=entry.profile,
            side=entry.side,
            name=entry.name,
            pos=to_point(*entry.at),
            facing=round(entry.facing) % 360,
            weapon=entry.weapon,
            motion=Motion(altitude=entry.altitude),
        )
        out[entry.id] = vehicle
        for name, seat in entry.crew.items():
            character = characters[name]
            character.aboard, character.seat, character.pos = vehicle.id, seat, vehicle.pos
    return out


def starting_ammo_of(gear: tuple[str, ...], ammo_low: bool) -> dict[str, str]:
    """7.0/7.8/7.9: each carried weapon's ammunition at the start (plenty unless the
    scenario says Ammo-Low; grenades Ammo-Low; the RPG rolls after every shot)."""
    cat = catalog()
    return {
        item: starting_ammo(item, ammo_low).value
        for item in gear
        if cat.item_kind(item) in ("firearm", "grenade")
    }


@dataclass(slots=True)
class Go:
    """The go of the character whose card was drawn (2.2): ``allowance`` actions (two;
    one on an Elite's second card or with a Critical wound); ``taken`` the actions taken
    so far by name; ``special`` a special action was taken (it is the whole go);
    ``aimed`` the first action was Aim (3.4); ``fired_at`` the target of a first Fire
    action (a second one must be at the same target, 3.2); ``unspotted`` Hiding enemies
    he failed to spot (4.2: he may act otherwise, but not at them)."""

    character: str
    card: str
    allowance: int
    special_allowed: bool
    taken: list[str] = field(default_factory=list)
    special: bool = False
    aimed: bool = False
    fired_at: str | None = None
    unspotted: list[str] = field(default_factory=list)

    @property
    def left(self) -> int:
        return 0 if self.special else self.allowance - len(self.taken)

    def copy(self) -> Go:
        return Go(
            self.character,
            self.card,
            self.allowance,
            self.special_allowed,
            list(self.taken),
            self.special,
            self.aimed,
            self.fired_at,
            list(self.unspotted),
        )

    def snapshot(self) -> list[object]:
        return [
            self.character,
            self.card,
            self.allowance,
            self.special_allowed,
            list(self.taken),
            self.special,
            self.aimed,
            self.fired_at,
            list(self.unspotted),
        ]


@dataclass(slots=True)
class LiveGrenade:
    """A grenade that has landed and not yet gone off (3.2): ``grabbers`` are asked in
    turn whether to throw it back."""

    grenade: str
    at: Point
    thrower: str
    grabbers: list[str]

    def copy(self) -> LiveGrenade:
        return LiveGrenade(self.grenade, self.at, self.thrower, list(self.grabbers))

    def snapshot(self) -> list[object]:
        return [self.grenade, list(self.at), self.thrower, list(self.grabbers)]


@dataclass(frozen=True, slots=True)
class GasCloud:
    """A CS gas grenade's cloud (7.84): it stays where the grenade went off for the rest of
    the battle; anyone within ``radius_in`` inches of ``at`` (to the edge of his base) is
    in the gas. ``turn``: when it went off."""

    grenade: str
    at: Point
    radius_in: float
    turn: int

    def snapshot(self) -> list[object]:
        return [self.grenade, list(self.at), self.radius_in, self.turn]


@dataclass
class Board:
    """Everything play changes. ``go`` is the character acting now (his owner's seat is
    the seat to act) unless watchers on Covering Fire are being ``asked`` whether to
    fire at him (3.6; the first one's seat acts) or characters next to a ``live``
    grenade whether to throw it back (3.2); ``radio_used``: the scenario's radio
    event has happened (4.9); ``light`` the light level now (6.2; a flare may raise it until
    the turn ends); ``clouds`` the CS gas clouds on the table (7.84, rules version 2);
    ``vehicles`` the vehicles on the table by id (section 12, rules version 3)."""

    rng: Rng
    setting: Setting
    characters: dict[str, Character]
    deck: TurnDeck
    light: Light
    turn: int = 0
    go: Go | None = None
    asking: list[str] = field(default_factory=list)
    live: LiveGrenade | None = None
    radio_used: bool = False
    winners: tuple[int, ...] | None = None
    reason: str = ""
    clouds: list[GasCloud] = field(default_factory=list)
    vehicles: dict[str, Vehicle] = field(default_factory=dict)

    # -- lookups -----------------------------------------------------------------------
    @property
    def seat(self) -> int | None:
        if self.winners is not None or self.go is None:
            return None
        if self.live is not None:
            return self.characters[self.live.grabbers[0]].side
        if self.asking:
            return self.characters[self.asking[0]].side
        return self.characters[self.go.character].side

    def character(self, character_id: str) -> Character | None:
        return self.characters.get(character_id)

    def vehicle(self, vehicle_id: str) -> Vehicle | None:
        return self.vehicles.get(vehicle_id)

    def vehicle_of(self, character: Character) -> Vehicle | None:
        """The vehicle he is aboard (12.1), if any."""
        return None if character.aboard is None else self.vehicles[character.aboard]

    def aboard(self, vehicle: Vehicle) -> list[Character]:
        """Who is in the vehicle (the dead too: they stay in their seats), by id."""
        return [c for c in self.characters.values() if c.aboard == vehicle.id]

    def in_seat(self, vehicle: Vehicle, seat: str) -> Character | None:
        """The living character in a vehicle's crew seat (driver, gunner), if any."""
        for c in self.characters.values():
            if c.aboard == vehicle.id and c.seat == seat and c.on_table:
                return c
        return None

    def side_name(self, seat: int) -> str:
        return self.setting.scenario.sides[seat].name

    def on_table(self) -> Iterator[Character]:
        return (c for c in self.characters.values() if c.on_table)

    def side(self, seat: int) -> list[Character]:
        return [c for c in self.characters.values() if c.side == seat]

    def enemies_of(self, seat: int) -> list[Character]:
        return [c for c in self.characters.values() if c.side != seat and c.on_table]

    def fighting(self, seat: int) -> list[Character]:
        """The side's characters still able to act (not dead, not incapacitated, not
        waiting off the table)."""
        return [c for c in self.side(seat) if c.can_act]

    # -- geometry ----------------------------------------------------------------------
    def sight(self, viewer: Character, target: Character) -> Sight:
        """Line of sight from one character to another, with the share of the target
        in view (the table's pieces and vehicles; characters do not hide one another)."""
        if self.vehicles:
            return self._sight_among_vehicles(viewer, target)
        key = (viewer.pos, target.pos)
        memo = self.setting.sight_memo
        found = memo.get(key)
        if found is None:
            if len(memo) > MEMO_LIMIT:
                memo.clear()
            found = self.setting.geometry.sight(
                viewer.base, target.base, viewer_height=HEIGHT_IN, target_height=HEIGHT_IN
            )
            memo[key] = found
        return found

    def obstacles(self, *skip: str) -> tuple[Obstacle, ...]:
        """Every vehicle (wrecks too) blocks sight as tall as it is, but those in
        ``skip`` (the ones the viewer and the target are aboard or are)."""
        return tuple(
            Obstacle(v.hull, v.profile.height_in)
            for v in self.vehicles.values()
            if v.id not in skip and not v.motion.airborne  # V33: it is above the sight lines
        )

    def _vehicles_key(self) -> tuple[object, ...]:
        return tuple((v.id, v.pos, v.facing, v.motion.altitude) for v in self.vehicles.values())

    def altitude_in(self, vehicle_id: str | None) -> float:
        """How high above the table a vehicle is, in inches (0 for none, a land vehicle
        or a landed helicopter): V40's ``ALTITUDE_IN`` from rules version 4; before,
        everything was traced on the ground."""
        if vehicle_id is None or self.setting.version < 4:
            return 0.0
        vehicle = self.vehicles.get(vehicle_id)
        return 0.0 if vehicle is None else ALTITUDE_IN[vehicle.motion.altitude]

    def _sight_among_vehicles(self, viewer: Character, target: Character) -> Sight:
        skip = tuple(x for x in (viewer.aboard, target.aboard) if x is not None)
        key = (viewer.pos, target.pos, skip, self._vehicles_key())
        lift = (self.altitude_in(viewer.aboard), self.altitude_in(target.aboard))
        return self._traced(key, viewer, target.base, HEIGHT_IN, skip, lift)

    def vehicle_sight(self, viewer: Character, vehicle: Vehicle) -> Sight:
        """Line of sight from a character to a vehicle's footprint (as tall as the
        vehicle; other vehicles block it as terrain does). A helicopter in the air is
        traced at its altitude (V40), and so is a viewer aboard one."""
        skip = tuple(x for x in (viewer.aboard, vehicle.id) if x is not None)
        key = ("vehicle", viewer.pos, vehicle.id, skip, self._vehicles_key())
        lift = (self.altitude_in(viewer.aboard), self.altitude_in(vehicle.id))
        return self._traced(key, viewer, vehicle.hull, vehicle.profile.height_in, skip, lift)

    def _traced(
        self,
        key: tuple[Any, ...],
        viewer: Character,
        target: RoundBase | Hull,
        target_height: float,
        skip: tuple[str, ...],
        lift: tuple[float, float] = (0.0, 0.0),
    ) -> Sight:
        """A sight line with the vehicles not in ``skip`` in the way, remembered by
        ``key`` (the places and the vehicles where they stand; ``lift``: the viewer's
        and the target's altitude in inches, which the vehicles in the key fix)."""
        memo = self.setting.sight_memo
        found = memo.get(key)
        if found is None:
            if len(memo) > MEMO_LIMIT:
                memo.clear()
            found = memo[key] = self.setting.geometry.sight(
                viewer.base,
                target,
                viewer_height=HEIGHT_IN,
                target_height=target_height,
                obstacles=self.obstacles(*skip),
                viewer_altitude=lift[0],
                target_altitude=lift[1],
            )
        return found

    def vehicle_gap(self, character: Character, vehicle: Vehicle) -> float:
        """From the edge of his base to the nearest edge of the vehicle (hundredths)."""
        return gap(character.base, vehicle.hull)

    def in_field(self, viewer: Character, target: Character, arc: float = FIELD_OF_SIGHT) -> bool:
        """2.0: is the target inside the viewer's field of sight (180 degrees from the
        front of his miniature; Covering Fire watches 90, 3.6)? A man aboard a vehicle
        looks out on every side (Interpretation V22)."""
        if viewer.aboard is not None:
            return True
        return in_arc(viewer.pos, viewer.facing, target.base, arc)

    def vehicle_in_field(self, viewer: Character, vehicle: Vehicle) -> bool:
        """2.0 for a vehicle: any part of its footprint in his field of sight."""
        if viewer.aboard is not None:
            return True
        return in_arc(viewer.pos, viewer.facing, vehicle.hull, FIELD_OF_SIGHT)

    def gap(self, a: Character, b: Character) -> float:
        """Base-to-base distance in hundredths of an inch (every character stands on a
        round base of ``RADIUS``: ``tabletop_measure.gap``'s sum for two of them)."""
        (ax, ay), (bx, by) = a.pos, b.pos
        return max(0.0, math.hypot(bx - ax, by - ay) - RADIUS - RADIUS)

    def touching(self, character: Character, feature: TableFeature) -> bool:
        """Does the character's base touch a map feature (a point or an area)?"""
        if not feature.area:
            return gap(character.base, RoundBase(feature.outline[0], 0)) <= 0
        key = (feature.id, character.pos)
        memo = self.setting.touch_memo
        found = memo.get(key)
        if found is None:
            if len(memo) > MEMO_LIMIT:
                memo.clear()
            area = self.setting.areas.get(feature.id)
            if area is None:
                area = self.setting.areas[feature.id] = Polygon(feature.outline)
            found = memo[key] = bool(area.distance(ShapelyPoint(character.pos)) <= RADIUS)
        return found

    def copy(self) -> Board:
        return Board(
            rng=self.rng.clone(),
            setting=self.setting,
            characters={k: c.copy() for k, c in self.characters.items()},
            deck=self.deck.copy(),
            light=self.light,
            turn=self.turn,
            go=None if self.go is None else self.go.copy(),
            asking=list(self.asking),
            live=None if self.live is None else self.live.copy(),
            radio_used=self.radio_used,
            winners=self.winners,
            reason=self.reason,
            clouds=list(self.clouds),
            vehicles={k: v.copy() for k, v in self.vehicles.items()},
        )


def new_profile_cards(characters: dict[str, Character]) -> dict[str, tuple[str, ...]]:
    """Each character's turn-deck cards (2.3), for :meth:`TurnDeck.build`."""
    return {c.id: c.profile.cards for c in characters.values()}
