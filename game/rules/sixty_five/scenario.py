"""'65 scenarios (24): the board they use, who sets up where, turn length, End Turn
count, friendly map edges and exits, special rules and both sides' victory points. Read
from ``data/scenarios.yaml``.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from game.core.data import load_model
from game.core.errors import DataError
from game.maps.hexgrid import column_letters
from game.resources import maps_dir
from game.rules.sixty_five.areas import hex_areas
from game.rules.sixty_five.data import DATA_DIR, SixtyFiveData, load_data
from game.rules.sixty_five.field import Field as Ground

MAPS_DIR = maps_dir() / "sixty_five"


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class PlacedMap(_Frozen):
    """One map of the board: its ``map_id`` (``map``), where its hex A1 lies on the
    board (column, row) and, for a map of one's own, its ``file``: a path relative to
    the scenario file (without it: the shipped ``maps/sixty_five/map<map>.tmx``)."""

    map: str = Field(pattern=r"^[0-9]+$")
    offset: tuple[int, int]
    file: str | None = None


class Zone(_Frozen):
    """Set-up hexes: every hex that meets each criterion given. ``maps``: on these maps;
    ``terrain``: of these terrains; ``columns``: these column letters of these maps;
    ``rows``: these hex numbers (rows, 1 at the top of each map); ``hexes``: exactly
    these hex labels of these maps; ``near_terrain``: next to a hex of these terrains
    (scenario 7: "any hex adjacent to a building"); ``areas``: under a set-up area
    object of the map (type ``deployment``) whose ``side`` or name is one of these."""

    maps: tuple[str, ...] = ()
    terrain: tuple[str, ...] = ()
    columns: dict[str, tuple[str, ...]] = {}
    rows: tuple[int, ...] = ()
    hexes: dict[str, tuple[str, ...]] = {}
    near_terrain: tuple[str, ...] = ()
    areas: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _something(self) -> Zone:
        named = self.maps or self.terrain or self.columns or self.rows or self.hexes
        if not (named or self.near_terrain or self.areas):
            raise ValueError(
                "a zone names maps, terrain, columns, rows, hexes, near_terrain or areas"
            )
        return self

    def holds(
        self,
        map_id: str,
        label: str,
        column: str,
        row: int,
        terrain: str,
        near: bool = True,
        areas: frozenset[str] = frozenset(),
    ) -> bool:
        """Whether a hex (its map, label like ``B4``, column letters, row from 1 and
        terrain id; ``near``: whether a neighbour is of ``near_terrain``; ``areas``: the
        sides and names of the set-up area objects over it) meets every criterion of
        the zone."""
        return (
            (not self.near_terrain or near)
            and (not self.areas or not areas.isdisjoint(self.areas))
            and (not self.maps or map_id in self.maps)
            and (not self.terrain or terrain in self.terrain)
            and (not self.columns or column in self.columns.get(map_id, ()))
            and (not self.rows or row in self.rows)
            and (not self.hexes or label in self.hexes.get(map_id, ()))
        )


class Aboard(_Frozen):
    """A loaded set-up (scenario 6): the step's units of the ``units`` types set up
    aboard a carrier of the step (8a's load: one Leg unit plus one Hero), each carrier of
    the ``carrying`` types with a passenger; ``one_vehicle_a_hex``: no two vehicles of
    the step in one hex (scenario6.py)."""

    units: tuple[str, ...] = Field(min_length=1)
    carrying: tuple[str, ...] = ()
    one_vehicle_a_hex: bool = False


class SetupStep(_Frozen):
    """24: ``seat`` sets up ``units`` in ``zone`` or any hex of the ``also`` zones
    (scenario 4: "on Map 3 or any hex numbered 2 or higher on Map 2"); first,
    ``fortifications`` (23): how many bunkers and foxholes it places there (scenario 5:
    3 and 4; fortify_setup.py)."""

    seat: int = Field(ge=0, le=1)
    units: dict[str, int]
    zone: Zone
    also: tuple[Zone, ...] = ()
    fortifications: dict[str, int] = {}
    aboard: Aboard | None = None  # scenario 6: Leg units set up loaded
    #: scenario 6: no closer than this many hexes to the nearest enemy unit
    away_from_enemy: int | None = Field(default=None, ge=1)

    @model_validator(mode="after")
    def _forts(self) -> SetupStep:
        for kind, count in self.fortifications.items():
            if kind not in ("bunker", "foxhole"):
                raise ValueError(f"fortifications: a side sets up bunker or foxhole, not {kind!r}")
            if count < 1:
                raise ValueError(f"fortifications.{kind}: at least 1 (leave it out for none)")
        return self


class Controlled(_Frozen):
    """VP for each hex the side controls (24) of the named terrain, or among the named
    board hexes (scenario 5: ``hexes: [3I5]``)."""

    terrain: str | None = None
    hexes: tuple[str, ...] = ()
    vp: int

    @model_validator(mode="after")
    def _one(self) -> Controlled:
        if (self.terrain is None) == (not self.hexes):
            raise ValueError("controlled names either a terrain or hexes")
        return self

    def counts(self, hex_id: str, terrain: str) -> bool:
        """Whether controlling ``hex_id`` (of ``terrain``) scores."""
        return hex_id in self.hexes if self.hexes else terrain == self.terrain


class OnMap(_Frozen):
    """VP for each of the side's units on this map at the end."""

    map: str = Field(pattern=r"^[0-9]+$")
    vp: int


class SideVictory(_Frozen):
    """Where one side's victory points come from (24): hexes controlled, enemy and own
    units eliminated, own units ending on a map, enemy units still on the board (not
    eliminated and not exited), and the Bonus Victory Conditions (24b) of either side."""

    controlled: Controlled | None = None
    enemy_eliminated: int = 0
    own_eliminated: int = 0
    on_map: OnMap | None = None
    enemy_on_board: int = 0
    bonus: int = 0
    enemy_bonus: int = 0
    #: scenario 6: VP for each enemy vehicle eliminated, instead of ``enemy_eliminated``
    enemy_vehicle_eliminated: int | None = None
    own_vehicles_exited: int = 0  # scenario 6: VP for each own vehicle that left the map
    #: scenario 8: VP when this side carries the relics off its friendly edge (relics.py)
    relics: int = 0


class Win(_Frozen):
    """Who wins: ``seat`` if its VP reach ``needs``, and (when set) are more than the
    other side's and include at least ``eliminations`` VP from eliminated enemy units;
    otherwise the other seat."""

    seat: int = Field(ge=0, le=1)
    needs: int | None = None
    more_than_other: bool = False
    eliminations: int | None = None
    #: scenario 4: ``seat`` also wins when no enemy unit stands on this map at the end
    or_clear_map: str | None = Field(default=None, pattern=r"^[0-9]+$")


class Victory(_Frozen):
    """Both sides' victory points (``us`` is seat 0, ``vc_nva`` seat 1) and who wins."""

    us: SideVictory = SideVictory()
    vc_nva: SideVictory = SideVictory()
    win: Win

    def side(self, seat: int) -> SideVictory:
        return self.us if seat == 0 else self.vc_nva


class FireArtillery(_Frozen):
    """A scenario's special rule: the ``seats`` call an artillery strike of HEF ``hef``
    with two Fire action blocks, at least one card of them a Power card (24: scenario 2
    the Americans, scenario 5 both sides)."""

    seats: tuple[int, ...] = Field(min_length=1, max_length=2)
    hef: int = Field(ge=1)

    @model_validator(mode="after")
    def _seats(self) -> FireArtillery:
        if any(s not in (0, 1) for s in self.seats) or len(set(self.seats)) != len(self.seats):
            raise ValueError("seats: 0 (us), 1 (vc_nva) or both, each once")
        return self

    def hef_for(self, seat: int) -> int | None:
        """The strike's HEF if ``seat`` may call it, else None."""
        return self.hef if seat in self.seats else None


Edge = Literal["N", "E", "S", "W"]


class Reinforcement(_Frozen):
    """24a: units of ``seat`` that come onto the map from turn ``turn`` on, into any hex
    of any of the ``entry`` zones (a map edge is a zone of its edge column or row), with
    a move block or in the Reserve phase (reinforcements.py)."""

    seat: int = Field(ge=0, le=1)
    turn: int = Field(default=1, ge=1)
    units: dict[str, int] = Field(min_length=1)
    entry: tuple[Zone, ...] = Field(min_length=1)
    #: scenario 4: every unit enters by the same entry zone, each within this many hexes
    #: of one that entered before it
    together: int | None = Field(default=None, ge=1)
    #: scenario 4: they all enter on ``turn`` (in the Reserve phase if not before), never later
    only_turn: bool = False
    #: scenario 7: every unit enters by the same entry zone (one map edge), anywhere on it
    same_entry: bool = False
    #: scenario 7: the group's Leg units come loaded in its carriers (8b), one Leg unit
    #: each in order, the Heroes beside them from the first carrier on; they enter with
    #: their carrier
    loaded: bool = False
    #: scenario 7 (second 12.7mm): the units are placed, not moved in: in a friendly
    #: impulse, without a card and as no action, at least ``placed_apart`` hexes from
    #: every enemy unit (2: not adjacent); they stay Eligible (reinforcements.py)
    placed: bool = False
    placed_apart: int = Field(default=1, ge=1)

    @model_validator(mode="after")
    def _placed(self) -> Reinforcement:
        if self.placed and (self.together is not None or self.loaded):
            raise ValueError("placed units neither come together nor loaded")
        return self


class Departing(_Frozen):
    """A scenario's special rule (scenario 7): helicopters of these types leave the
    board once they have unloaded (``after_unloading``), and any still on it when turn
    ``by_turn`` ends are removed with their passengers (helicopter_play.py)."""

    units: tuple[str, ...] = Field(min_length=1)
    after_unloading: bool = True
    by_turn: int | None = Field(default=None, ge=1)


class PassengersFire(_Frozen):
    """A scenario's special rule (scenarios 4 and 6): these Leg units fire while loaded
    in these carriers, with this HEF (8d otherwise forbids it)."""

    units: tuple[str, ...] = Field(min_length=1)
    carriers: tuple[str, ...] = Field(min_length=1)
    hef: int = Field(ge=0)


class ExitHexes(_Frozen):
    """Scenario 6: a side leaves the map only from these hexes of map ``map`` (by the
    edges it may exit by)."""

    map: str = Field(pattern=r"^[0-9]+$")
    hexes: tuple[str, ...] = Field(min_length=1)


class Highway(_Frozen):
    """Scenario 6's road rules (scenario6.py): ``road_only`` unit types never leave the
    road; ``clutter_mp`` more MP to enter a road hex beside kunai or jungle that holds a
    vehicle or a wreck; ``destroyed_by``: an AP hit by one of these unit types destroys a
    unit of the key's type outright (a Truck hit by an RPG)."""

    road_only: tuple[str, ...] = ()
    clutter_mp: int = Field(default=0, ge=0)
    destroyed_by: dict[str, tuple[str, ...]] = {}


class Puff(_Frozen):
    """Scenario 6's AC-47 (puff.py): from turn ``from_turn`` ``seat`` may play one card
    with a ``blocks`` block, once a turn, for an ``hef`` strike on one hex a non-Shaken
    friendly unit sees; a Hit of the colours ``near[n]`` also hits each friendly hex
    within ``n`` hexes of the struck one (the nearest band that applies)."""

    seat: int = Field(ge=0, le=1)
    from_turn: int = Field(default=1, ge=1)
    hef: int = Field(ge=1)
    blocks: tuple[str, ...] = ("fire",)
    near: dict[int, tuple[Literal["green", "yellow", "red"], ...]] = {}


class FirstInitiative(_Frozen):
    """Scenario 6: ``seat`` has the initiative on turn ``turn`` without bidding, and may
    draw until a card with a ``draw_for`` block is in its hand, discarding the others
    drawn (scenario6.py)."""

    seat: int = Field(ge=0, le=1)
    turn: int = Field(default=1, ge=1)
    draw_for: str | None = None


class Fortify(_Frozen):
    """23: fortifications placed before the scenario starts: ``kind`` in each hex of
    ``hexes`` (labels of map ``map``, such as ``K3``); a bunker faces ``facing``, a hex
    corner 0-5 as vehicles do (15d, vehicles.py); foxholes, wire and rubble markers
    (scenario 8) have no facing."""

    kind: Literal["foxhole", "bunker", "wire", "rubble"]
    map: str = Field(pattern=r"^[0-9]+$")
    hexes: tuple[str, ...] = Field(min_length=1)
    facing: int | None = Field(default=None, ge=0, le=5)

    @model_validator(mode="after")
    def _facing(self) -> Fortify:
        if self.kind == "bunker" and self.facing is None:
            raise ValueError("a bunker faces a hex corner (23b): give facing, 0-5")
        if self.kind != "bunker" and self.facing is not None:
            raise ValueError(f"a {self.kind} has no facing (only bunkers face a corner, 23b)")
        return self


class RelicsRule(_Frozen):
    """Scenario 8's special rule (relics.py): the relics are searched for in ``hexes`` of
    map ``map`` by a unit of one of the ``searchers`` types with a Power card; a roll of
    one ``die`` at most ``found_on`` finds them, ``later_search`` added to the roll of
    every search after the first; the last hex searched holds them for sure."""

    map: str = Field(pattern=r"^[0-9]+$")
    hexes: tuple[str, ...] = Field(min_length=1)
    searchers: tuple[str, ...] = Field(min_length=1)
    die: int = Field(default=6, ge=2)
    found_on: int = Field(default=2, ge=1)
    later_search: int = 0


class Words(_Frozen):
    """A scenario file's own briefing words (the shipped ones are in briefings.yaml):
    the ``situation``, where each set-up step goes (one phrase a step, "in the
    village"; default "in its set-up area") and the special rules in words."""

    situation: str = Field(min_length=1)
    setup: tuple[str, ...] = ()
    special_rules: tuple[str, ...] = ()


class Scenario(_Frozen):
    id: str = Field("own", pattern=r"^[0-9A-Za-z_-]+$")  # optional in a file of one's own
    title: str
    turns: int = Field(ge=1)
    end_turns: int = Field(ge=1, le=5)
    maps: tuple[PlacedMap, ...] = Field(min_length=1)
    setup: tuple[SetupStep, ...] = Field(min_length=2)
    victory: Victory
    # 24: each seat's friendly map edge (us, vc_nva), and the edges a seat may exit by
    friendly_edges: dict[str, Edge] = {}
    exits: dict[str, tuple[Edge, ...]] = {}
    terrain_as: dict[str, str] = {}  # special rule: this terrain counts as that one
    fire_artillery: FireArtillery | None = None
    bonus_cards: bool = True  # 24b: each player draws a Bonus Victory Condition card
    names: tuple[str, str] = ("US", "VC")  # what the text calls each side, short
    reinforcements: tuple[Reinforcement, ...] = ()  # 24a (none in scenarios 1-3)
    fortifications: tuple[Fortify, ...] = ()  # 23 (fortified.py; none in scenarios 1-3)
    passengers_fire: PassengersFire | None = None  # 8d's exception (scenarios 4, 6)
    exit_hexes: dict[str, ExitHexes] = {}  # scenario 6: exits only by these hexes
    highway: Highway | None = None  # scenario 6's road rules
    puff: Puff | None = None  # scenario 6: the AC-47 strike
    first_initiative: FirstInitiative | None = None  # scenario 6: VC's first turn
    #: scenario 7: the board's gaps between the maps are a mountain that blocks LOS
    #: (Field.gaps_block; movement never crosses a gap anyway)
    mountain: bool = False
    departing: Departing | None = None  # scenario 7: transport helicopters leave
    #: special rule: these board hexes are of this terrain, their buildings gone
    #: (scenario 5: "2C2": clear)
    hex_terrain: dict[str, str] = {}
    #: special rule: unit types that may neither set up in nor enter a bunker (scenario
    #: 5: the M40s; 23b lets every Leg unit in otherwise)
    bunker_barred: tuple[str, ...] = ()
    relics: RelicsRule | None = None  # scenario 8's search for the relics (relics.py)
    briefing: Words | None = None  # a scenario file beside a map of one's own


class _Scenarios(_Frozen):
    scenarios: tuple[Scenario, ...] = Field(min_length=1)


def load_scenarios(
    path: Path | None = None, data: SixtyFiveData | None = None
) -> dict[str, Scenario]:
    """Scenarios by id, their unit types and terrain checked against the data (the
    shipped file is read once; each call gets its own dict of the frozen scenarios)."""
    if path is None and data is None:
        return dict(_shipped_scenarios())
    return _read_scenarios(path or DATA_DIR / "scenarios.yaml", data or load_data())


@cache
def _shipped_scenarios() -> dict[str, Scenario]:
    return _read_scenarios(DATA_DIR / "scenarios.yaml", load_data())


def _read_scenarios(path: Path, data: SixtyFiveData) -> dict[str, Scenario]:
    found = load_model(path, _Scenarios).scenarios
    for i, sc in enumerate(found):
        for j, step in enumerate(sc.setup):
            for type_id in step.units:
                if type_id not in data.units:
                    raise DataError(
                        f"{path}: scenarios[{i}].setup[{j}].units: unknown unit {type_id!r} "
                        "(expected an id of units.yaml)"
                    )
            for t in (*step.zone.terrain, *step.zone.near_terrain):
                if t not in data.terrain:
                    raise DataError(
                        f"{path}: scenarios[{i}].setup[{j}].zone: unknown terrain {t!r}"
                    )
        for j, group in enumerate(sc.reinforcements):
            for type_id in group.units:
                if type_id not in data.units:
                    raise DataError(
                        f"{path}: scenarios[{i}].reinforcements[{j}].units: unknown unit "
                        f"{type_id!r} (expected an id of units.yaml)"
                    )
        for type_id in sc.departing.units if sc.departing else ():
            if type_id not in data.units:
                raise DataError(
                    f"{path}: scenarios[{i}].departing.units: unknown unit {type_id!r} "
                    "(expected an id of vehicles.yaml)"
                )
        for hex_id, t in sc.hex_terrain.items():
            if t not in data.terrain:
                raise DataError(
                    f"{path}: scenarios[{i}].hex_terrain.{hex_id}: unknown terrain {t!r}"
                )
        for type_id in sc.bunker_barred:
            if type_id not in data.units:
                raise DataError(
                    f"{path}: scenarios[{i}].bunker_barred: unknown unit {type_id!r} "
                    "(expected an id of units.yaml or vehicles.yaml)"
                )
        for k, type_id in enumerate(sc.relics.searchers if sc.relics else ()):
            if type_id not in data.units:
                raise DataError(
                    f"{path}: scenarios[{i}].relics.searchers[{k}]: unknown unit {type_id!r} "
                    "(expected an id of units.yaml)"
                )
        for old, new in sc.terrain_as.items():
            for t in (old, new):
                if t not in data.terrain:
                    raise DataError(f"{path}: scenarios[{i}].terrain_as: unknown terrain {t!r}")
        _check_types(path, i, sc, data)
        for key in (*sc.friendly_edges, *sc.exits, *sc.exit_hexes):
            if key not in SEATS:
                raise DataError(
                    f"{path}: scenarios[{i}]: unknown side {key!r} (expected us or vc_nva)"
                )
    return {sc.id: sc for sc in found}


SEATS = ("us", "vc_nva")


def _check_types(path: Path, i: int, sc: Scenario, data: SixtyFiveData) -> None:
    """Unit types named by scenario 6's rules must be units of the data."""
    named: list[tuple[str, tuple[str, ...]]] = []
    for j, step in enumerate(sc.setup):
        if step.aboard is not None:
            named.append((f"setup[{j}].aboard.units", step.aboard.units))
            named.append((f"setup[{j}].aboard.carrying", step.aboard.carrying))
    if sc.highway is not None:
        named.append(("highway.road_only", sc.highway.road_only))
        for key, by in sc.highway.destroyed_by.items():
            named.append(("highway.destroyed_by", (key, *by)))
    for where, types in named:
        for type_id in types:
            if type_id not in data.units:
                raise DataError(
                    f"{path}: scenarios[{i}].{where}: unknown unit {type_id!r} "
                    "(expected an id of units.yaml or vehicles.yaml)"
                )
    maps = {pm.map for pm in sc.maps}
    for key, exit_hexes in sc.exit_hexes.items():
        if exit_hexes.map not in maps:
            raise DataError(
                f"{path}: scenarios[{i}].exit_hexes.{key}.map: map {exit_hexes.map!r} is not "
                f"one of the scenario's maps ({', '.join(sorted(maps))})"
            )


def scenario_ground(scenario_id: str) -> Ground:
    """The board of a scenario with its terrain (maps read once): a shipped scenario's,
    or one of a map of one's own once registered (``boards.py``)."""
    from game.rules.sixty_five.boards import ground_of

    return ground_of(scenario_id)


def step_hexes(ground: Ground, step: SetupStep) -> tuple[str, ...]:
    """The hexes of a set-up step: its zone and its ``also`` zones, in board order."""
    if not step.also:
        return zone_hexes(ground, step.zone)
    wanted = {h for z in (step.zone, *step.also) for h in zone_hexes(ground, z)}
    return tuple(h for h in ground.hexes() if h in wanted)


#: each zone's cache key by identity, the zone kept so that its id stays its own
_ZONE_KEYS: dict[int, tuple[Zone, str]] = {}


def _zone_key(zone: Zone) -> str:
    """The zone as JSON (it holds dicts, so it cannot be hashed), written once a zone."""
    known = _ZONE_KEYS.get(id(zone))
    if known is None:
        known = _ZONE_KEYS[id(zone)] = (zone, zone.model_dump_json())
    return known[1]


def zone_hexes(ground: Ground, zone: Zone) -> tuple[str, ...]:
    """The hexes of a set-up zone, in board order (remembered by the ground)."""
    key = _zone_key(zone)
    known = ground.zones.get(key)
    if known is not None:
        return known
    out = []
    for hex_id in ground.hexes():
        map_id, (col, row) = ground.board.parse_id(hex_id)
        label = hex_id[len(map_id) :]
        terrain = ground.terrain(hex_id).id
        near = bool(zone.near_terrain) and any(
            ground.terrain(n).id in zone.near_terrain for n in ground.neighbours(hex_id)
        )
        areas = hex_areas(ground).get(hex_id, frozenset()) if zone.areas else frozenset()
        if zone.holds(map_id, label, column_letters(col), row + 1, terrain, near, areas):
            out.append(hex_id)
    found = ground.zones[key] = tuple(out)
    return found


def check_hexes(sc: Scenario, ground: Ground) -> None:
    """Scenario 6's exit hexes must be hexes of their maps on the board (``boards.py``)."""
    from game.rules.sixty_five.boards import check_hexes as check

    check(sc, ground)
