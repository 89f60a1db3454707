"""5.56mm scenarios (``data/scenarios.yaml``): the map, the two squads, the turn deck's
Jokers and what they do, and the victory conditions.

Each squad lists its characters with their profile (11.11: four ability scores from +0
to +3, special skills, weapons and equipment) and the card(s) of the turn deck given to
each (2.3: black cards for one side, red for the other; Elite characters two, everyone
else one), where each starts (inches) and which way he faces (degrees clockwise from
the right table edge). A bad file raises ``DataError`` naming the file, the key path
and what was expected.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, model_validator

from game.core.data import load_model
from game.core.errors import DataError, MapError
from game.core.playing_cards import PlayingCard
from game.resources import maps_dir, rules_data_dir
from game.rules.five_five_six.catalog import catalog
from game.rules.five_five_six.vehicles.data import vehicle_catalog
from game.rules.five_five_six.vehicles.shared import Seating, seats, why_not_fit

DATA_DIR = rules_data_dir("five_five_six")
SCENARIO_FILE = DATA_DIR / "scenarios.yaml"
MAPS_DIR = maps_dir() / "five_five_six"

Ability = int


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CharacterEntry(Strict):
    """One character of a squad and where he starts; ``ammo_low``: the scenario makes
    his firearms Ammo-Low (7.0; grenades always are, the RPG rolls after every shot)."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]{0,39}$")
    name: str
    cards: tuple[str, ...] = Field(min_length=1, max_length=2)
    movement: int = Field(ge=0, le=3)
    weapons: int = Field(ge=0, le=3)
    strength: int = Field(ge=0, le=3)
    morale: int = Field(ge=0, le=3)
    skills: tuple[str, ...] = ()
    gear: tuple[str, ...] = ()
    launcher_rounds: tuple[str, ...] = ()
    leader: bool = False
    ammo_low: bool = False
    at: tuple[float, float]
    facing: float = 0.0

    @model_validator(mode="after")
    def _cards_fit_skills(self) -> CharacterEntry:
        for card in self.cards:
            try:
                PlayingCard.parse(card)
            except ValueError as exc:
                raise ValueError(str(exc)) from None
        wanted = 2 if "elite" in self.skills else 1
        if len(self.cards) != wanted:
            why = "an Elite character has two cards" if wanted == 2 else "one card each"
            raise ValueError(f"{self.id} has {len(self.cards)} cards: {why} (5.56mm 2.3)")
        if "leader" in self.skills and not self.leader:
            raise ValueError("only the squad leader may have the Leader skill (5.56mm 10.0)")
        cat = catalog()
        launcher = any(
            cat.item_kind(g) == "firearm" and cat.firearm(g).category.value == "grenade_launcher"
            for g in self.gear
        )
        if self.launcher_rounds and not launcher:
            raise ValueError(f"{self.id}: launcher_rounds only with a grenade launcher (7.5)")
        for rnd in self.launcher_rounds:
            if rnd not in cat.grenades:
                raise ValueError(f"{self.id}: launcher round {rnd!r}: expected one of the grenades")
        return self


class SquadEntry(Strict):
    """One side's squad; ``colour`` of its turn-deck cards (2.3). ``name`` is how players
    call the side ("Raiders"); ``plural``: whether it takes a plural verb ("the Raiders
    draw", but "the Garrison draws")."""

    name: str
    colour: Literal["black", "red"]
    characters: tuple[CharacterEntry, ...] = Field(min_length=1)
    plural: bool = True

    def says(self, plural_verb: str, singular_verb: str) -> str:
        """The side as the subject of a sentence: ``The Raiders draw``."""
        return f"The {self.name} {plural_verb if self.plural else singular_verb}"

    @model_validator(mode="after")
    def _one_colour(self) -> SquadEntry:
        for entry in self.characters:
            for card in entry.cards:
                red = PlayingCard.parse(card).red
                if red != (self.colour == "red"):
                    raise ValueError(
                        f"{entry.id}'s card {card} is not {self.colour}: one side has the "
                        "black cards, the other the red (5.56mm 2.3)"
                    )
        leaders = [c.id for c in self.characters if c.leader]
        if len(leaders) > 1:
            raise ValueError(f"a squad has one leader, not {', '.join(leaders)}")
        elites = [c.id for c in self.characters if "elite" in c.skills]
        if len(elites) > 1:
            raise ValueError(f"only one character of a squad may be Elite (10.0): {elites}")
        return self


class JokerEvent(Strict):
    """What drawing a Joker does (2.3). ``flare``: a flare lights the table, Full Light
    until the turn ends (6.2). ``reinforce``: the named characters of ``side`` (kept
    off the table until then, the scenario's ``reserve``) come on where the scenario
    places them, and their cards join the turn deck from the next turn."""

    kind: Literal["flare", "reinforce"]
    title: str
    side: Literal[0, 1] | None = None
    characters: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _complete(self) -> JokerEvent:
        if self.kind == "reinforce" and (self.side is None or not self.characters):
            raise ValueError("a 'reinforce' event names a side and its characters")
        return self


class RadioEvent(Strict):
    """What a successful Use Radio (4.9) does, once a game: D6 + Morale against ``tn``
    brings on ``side``'s reserve ``characters`` (a call for help answered)."""

    tn: int = Field(ge=1, le=12)
    title: str
    side: Literal[0, 1]
    characters: tuple[str, ...] = Field(min_length=1)


class Victory(Strict):
    """How a side wins. ``eliminate``: no enemy character is left able to act (dead or
    incapacitated) at the end of a go. ``reach``: at a go's end ``count`` characters of
    the side (one unless said) touch the map's objective named ``objective``. ``hold``:
    the side has not lost when turn ``turns`` ends."""

    kind: Literal["eliminate", "reach", "hold"]
    side: Literal[0, 1]
    title: str
    objective: str | None = None
    count: int = Field(default=1, ge=1)
    turns: int | None = Field(default=None, ge=1)

    @model_validator(mode="after")
    def _complete(self) -> Victory:
        if self.kind == "reach" and self.objective is None:
            raise ValueError("a 'reach' victory names an objective")
        if self.kind == "hold" and self.turns is None:
            raise ValueError("a 'hold' victory names the number of turns")
        return self


class VehicleEntry(Strict):
    """A vehicle the scenario puts on the table (section 12; rules version 3):
    ``profile`` in ``vehicles.yaml``, the squad (``side``) it belongs to, the mounted
    ``weapon`` fitted (12.8), the centre of its footprint (inches), its facing, and
    ``crew``: the characters who start aboard, each in a seat (driver, gunner,
    passenger; a helicopter's pilot and co-pilot, 12.9), and for a helicopter its
    ``altitude`` at the start (``ground``: landed, the default; ``flying``;
    ``hovering``: a steady Hover, 4.73 +0)."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]{0,39}$")
    name: str
    profile: str
    side: Literal[0, 1]
    weapon: str | None = None
    at: tuple[float, float]
    facing: float = 0.0
    crew: dict[str, Literal["driver", "pilot", "co_pilot", "gunner", "passenger"]] = Field(
        default_factory=dict
    )
    altitude: Literal["ground", "flying", "hovering"] = "ground"

    @model_validator(mode="after")
    def _fits(self) -> VehicleEntry:
        profiles = vehicle_catalog().vehicles
        if self.profile not in profiles:
            raise ValueError(f"profile {self.profile!r}: expected one of {sorted(profiles)}")
        profile = profiles[self.profile]
        if profile.kind == "land" and self.altitude != "ground":
            raise ValueError(
                f"altitude: the {profile.name} is a land vehicle: it stays on the ground"
            )
        problem = why_not_fit(profile, self.weapon)
        if problem:
            raise ValueError(problem)
        room = seats(profile, self.weapon)
        roles: tuple[Seating, ...] = ("driver", "pilot", "co_pilot", "gunner", "passenger")
        for seat in roles:
            taken = sum(1 for s in self.crew.values() if s == seat)
            if taken > room.get(seat, 0):
                raise ValueError(
                    f"crew: {taken} in the {seat} seat(s), the {profile.name} has "
                    f"{room.get(seat, 0)} (5.56mm 12.3)"
                )
        return self


class BriefingEntry(Strict):
    """What a player reads before the game, in his words: the ``situation``, each side's
    ``goals`` (in side order: how it wins), the scenario's ``special_rules`` and, for a
    scenario that favours one side, ``balance``: which, by how much between two equal
    computer players, and why. The forces and the length are read from the rest of the
    scenario."""

    situation: str = Field(min_length=1)
    goals: tuple[str, str]
    special_rules: tuple[str, ...] = ()
    balance: str = ""


class Scenario(Strict):
    """A scenario; ``map`` is its map's file, relative to ``maps/five_five_six/`` for
    a shipped scenario and to its own file's folder for one of one's own (found when the
    file is read: :meth:`on_map`)."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]{0,39}$")
    title: str
    briefing: BriefingEntry
    map: str
    sides: tuple[SquadEntry, SquadEntry]
    jokers: int = Field(default=0, ge=0, le=2)
    joker_event: JokerEvent | None = None
    radio: RadioEvent | None = None
    reserve: tuple[str, ...] = ()
    vehicles: tuple[VehicleEntry, ...] = ()
    victory: tuple[Victory, ...] = Field(min_length=1)
    _map_file: Path | None = PrivateAttr(default=None)

    @model_validator(mode="after")
    def _consistent(self) -> Scenario:
        if self.sides[0].colour == self.sides[1].colour:
            raise ValueError("the two squads need different card colours (5.56mm 2.3)")
        if self.jokers and self.joker_event is None:
            raise ValueError("a scenario with Jokers in the turn deck says what they do")
        ids = [c.id for side in self.sides for c in side.characters]
        doubles = sorted({i for i in ids if ids.count(i) > 1})
        if doubles:
            raise ValueError(f"character ids are used twice: {', '.join(doubles)}")
        cards = [card for side in self.sides for c in side.characters for card in c.cards]
        doubled = sorted({c for c in cards if cards.count(c) > 1})
        if doubled:
            raise ValueError(f"cards are given twice: {', '.join(doubled)}")
        for name in self.reserve:
            if name not in ids:
                raise ValueError(f"reserve {name!r} is not a character of the scenario")
        calls: list[tuple[int, tuple[str, ...]]] = []
        if self.joker_event is not None and self.joker_event.kind == "reinforce":
            calls.append((self.joker_event.side or 0, self.joker_event.characters))
        if self.radio is not None:
            calls.append((self.radio.side, self.radio.characters))
        for seat, names in calls:
            own = {c.id for c in self.sides[seat].characters}
            for name in names:
                if name not in own or name not in self.reserve:
                    raise ValueError(f"reinforcement {name!r} is not a reserve of that side")
        self._check_vehicles(ids)
        return self

    def _check_vehicles(self, ids: list[str]) -> None:
        aboard: list[str] = []
        for vehicle in self.vehicles:
            if vehicle.id in ids or [v.id for v in self.vehicles].count(vehicle.id) > 1:
                raise ValueError(f"vehicle id {vehicle.id!r} is used twice")
            own = {c.id for c in self.sides[vehicle.side].characters}
            for name in vehicle.crew:
                if name not in own or name in self.reserve:
                    raise ValueError(
                        f"vehicle {vehicle.id}: crew {name!r} is not a character of side "
                        f"{vehicle.side} on the table at the start"
                    )
                aboard.append(name)
        twice = sorted({n for n in aboard if aboard.count(n) > 1})
        if twice:
            raise ValueError(f"characters aboard two vehicles: {', '.join(twice)}")

    @property
    def map_path(self) -> Path:
        return self._map_file or MAPS_DIR / self.map

    def on_map(self, map_file: Path) -> Scenario:
        """The scenario played on ``map_file`` (a scenario file of one's own's map)."""
        own = self.model_copy()
        own._map_file = map_file
        return own


class ScenarioFile(Strict):
    scenarios: tuple[Scenario, ...] = Field(min_length=1)


def load_scenarios(path: Path = SCENARIO_FILE, *, own: bool = False) -> dict[str, Scenario]:
    """Every scenario of a file by id; ``DataError`` naming the file, the key path and
    what was expected otherwise (also for a map that is missing). ``own``: a file of
    one's own, whose maps are named relative to it."""
    loaded = load_model(path, ScenarioFile)
    out: dict[str, Scenario] = {}
    for i, found in enumerate(loaded.scenarios):
        scenario = found.on_map(_own_map(path, i, found.map)) if own else found
        if scenario.id in out:
            raise DataError(f"{path}: scenarios.{i}.id: {scenario.id!r} is used twice")
        if not scenario.map_path.is_file():
            raise DataError(
                f"{path}: scenarios.{i}.map: expected a map in maps/five_five_six/, "
                f"found no {scenario.map!r}"
            )
        out[scenario.id] = scenario
    return out


def _own_map(path: Path, index: int, ref: str) -> Path:
    """The map a scenario file of one's own names: relative to the file, or a shipped
    table by file name (``DataError`` naming the file, the key and the places tried)."""
    from game.maps.user_maps import scenario_map

    try:
        return scenario_map(ref, path, "five_five_six")
    except MapError as exc:
        raise DataError(
            f"{path}: scenarios.{index}.map: expected a map relative to this file or a "
            f"shipped table: {str(exc).removeprefix(f'{path}: map: ')}"
        ) from None


@cache
def shipped_scenarios() -> dict[str, Scenario]:
    return load_scenarios()


def scenario_ids() -> tuple[str, ...]:
    return tuple(shipped_scenarios())


def load_scenario(scenario_id: str) -> Scenario:
    """A shipped scenario by id (``KeyError`` naming the known ones otherwise)."""
    found = shipped_scenarios().get(scenario_id)
    if found is None:
        raise KeyError(f"no 5.56mm scenario {scenario_id!r} (known: {', '.join(scenario_ids())})")
    return found
