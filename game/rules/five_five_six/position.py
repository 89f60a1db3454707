"""The ``setup`` section of a 5.56mm ``explain`` position (``game.core.position_setup``).

::

    setup:
      only: true                      # characters not named leave the table
      go: Sgt Havers                  # whose card was just drawn (his go: two actions)
      characters:                     # by id or name
        Sgt Havers:
          at: [30, 30]                # inches from the table's top left corner
          facing: 270                 # degrees clockwise from the right table edge
          abilities: {weapons: 2}     # 9.0 ability scores (+0 to +3) to use instead
          gear: [m16]                 # weapons and kit he carries instead (ids)
          wounds: [serious]           # 5.01: minor, serious, critical (in order)
        Captain Farah:
          at: [30, 7]
          stealth: true               # 3.3 Stealth
          fired: last_turn            # 3.22: fired this turn or last (and has not moved)
      in_view:                        # the share of a target the players judge in view
        - {viewer: Sgt Havers, target: Captain Farah, share: 0.7}

``in_view`` stands for the players' own judgement of concealment on the table; without
it the map's terrain decides. It is not taken with vehicles on the table.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from game.core.position_setup import SetupHook, SetupProblem, one_of
from game.maps.tabletop import Point, to_point
from game.maps.tabletop_geometry import Sight
from game.rules.five_five_six.board import Go, starting_ammo_of
from game.rules.five_five_six.catalog import catalog
from game.rules.five_five_six.combat.injury import Wound
from game.rules.five_five_six.model import Character, Status
from game.rules.five_five_six.state import FiveFiveSixState
from game.rules.five_five_six.vehicles.data import VehicleDamage
from game.rules.five_five_six.vehicles.state import Vehicle


class Abilities(BaseModel):
    """9.0: the four ability scores, +0 to +3."""

    model_config = ConfigDict(extra="forbid")
    movement: int | None = Field(default=None, ge=0, le=3)
    weapons: int | None = Field(default=None, ge=0, le=3)
    strength: int | None = Field(default=None, ge=0, le=3)
    morale: int | None = Field(default=None, ge=0, le=3)


class CharacterSetup(BaseModel):
    """One character: where, facing, abilities, gear, wounds, Stealth, a recent shot."""

    model_config = ConfigDict(extra="forbid")
    at: tuple[float, float] | None = None
    facing: int | None = Field(default=None, ge=0, lt=360)
    abilities: Abilities | None = None
    gear: list[str] | None = None
    wounds: list[Literal["minor", "serious", "critical"]] | None = None
    stealth: bool | None = None
    fired: Literal["this_turn", "last_turn"] | None = None


class VehicleSetup(BaseModel):
    """One vehicle (12.0): where, facing, what it did in its last go, its damage. Its
    crew and passengers go with it."""

    model_config = ConfigDict(extra="forbid")
    at: tuple[float, float] | None = None
    facing: int | None = Field(default=None, ge=0, lt=360)
    moved_in: float | None = Field(default=None, ge=0)
    full_speed: bool | None = None
    altitude: Literal["ground", "flying", "hovering"] | None = None
    damage: list[Literal["minor", "major", "crippling", "immobilised"]] | None = None


class InView(BaseModel):
    """How much of ``target`` ``viewer`` sees (0 to 1), as the players judge it."""

    model_config = ConfigDict(extra="forbid")
    viewer: str
    target: str
    share: float = Field(ge=0, le=1)


class FiveFiveSixSetup(BaseModel):
    """A 5.56mm situation: characters placed with their state, whose go it is."""

    model_config = ConfigDict(extra="forbid")
    only: bool = False
    go: str | None = None
    characters: dict[str, CharacterSetup] = Field(default_factory=dict)
    vehicles: dict[str, VehicleSetup] = Field(default_factory=dict)
    in_view: list[InView] = Field(default_factory=list)


def apply_setup(state: FiveFiveSixState, setup: FiveFiveSixSetup) -> None:
    """Place and mark the characters, give the go, note the judged lines of sight."""
    board = state.board
    known = {**{c.name: c for c in board.characters.values()}, **board.characters}

    def find(where: list[str | int], key: str) -> Character:
        found: Character = one_of(where, key, known, "a character's id or name")
        return found

    named = {find(["characters", k], k).id: k for k in setup.characters}
    if setup.only:
        for character in board.characters.values():
            if character.id not in named and character.aboard is None:
                character.status = Status.RESERVE
    for cid, key in named.items():
        _character(state, board.characters[cid], setup.characters[key], ["characters", key])
    vehicles = {**{v.name: v for v in board.vehicles.values()}, **board.vehicles}
    for key, want in setup.vehicles.items():
        vehicle = one_of(["vehicles", key], key, vehicles, "a vehicle's id or name")
        _vehicle(state, vehicle, want, ["vehicles", key])
    if setup.go is not None:
        who = find(["go"], setup.go)
        if who.status is not Status.ACTIVE:
            raise SetupProblem(["go"], f"a character on the table ({who.name} is not)")
        board.asking = []
        allowance = who.effects.actions_per_go
        board.go = Go(who.id, "AS", allowance, allowance == 2)
    if setup.in_view and board.vehicles:
        raise SetupProblem(["in_view"], "no vehicles on the table (sight then runs past hulls)")
    for i, view in enumerate(setup.in_view):
        a, b = (
            find(["in_view", i, "viewer"], view.viewer),
            find(["in_view", i, "target"], view.target),
        )
        board.setting.sight_memo[(a.pos, b.pos)] = Sight(
            clear=view.share > 0,
            visible_share=view.share,
            in_terrain=view.share < 1,
            cover="none",
            blockers=(),
            viewer_in=(),
            target_in=(),
            lines_blocked=0,
            lines=5,
        )


def _on_table(state: FiveFiveSixState, at: tuple[float, float], where: list[str | int]) -> Point:
    point = to_point(*at)
    width, height = state.board.setting.table.width, state.board.setting.table.height
    if not (0 <= point[0] <= width and 0 <= point[1] <= height):
        size = f"{width / 100:g} x {height / 100:g} inches"
        raise SetupProblem(where, f"a point on the {size} table")
    return point


def _vehicle(
    state: FiveFiveSixState, vehicle: Vehicle, want: VehicleSetup, where: list[str | int]
) -> None:
    if want.at is not None:
        vehicle.pos = _on_table(state, want.at, [*where, "at"])
        for man in state.board.characters.values():
            if man.aboard == vehicle.id:
                man.pos = vehicle.pos
    if want.facing is not None:
        vehicle.facing = want.facing
    motion = vehicle.motion
    if want.altitude is not None:
        helicopter = vehicle.profile.kind == "helicopter"
        if want.altitude != "ground" and not helicopter:
            raise SetupProblem([*where, "altitude"], f"ground ({vehicle.name} does not fly)")
        motion = replace(motion, altitude=want.altitude, hover_tn_penalty=0)
    if want.moved_in is not None:
        motion = replace(motion, moved_in=want.moved_in)
    if want.full_speed is not None:
        motion = replace(motion, full_speed=want.full_speed)
    vehicle.motion = motion
    if want.damage is not None:
        vehicle.damage = [VehicleDamage(d) for d in want.damage]


def _character(
    state: FiveFiveSixState, who: Character, want: CharacterSetup, where: list[str | int]
) -> None:
    board = state.board
    if want.at is not None:
        who.pos = _on_table(state, want.at, [*where, "at"])
        who.aboard, who.seat = None, ""
        if who.status is Status.RESERVE:
            who.status = Status.ACTIVE
    if want.facing is not None:
        who.facing = want.facing
    if want.abilities is not None:
        scores = {k: v for k, v in want.abilities.model_dump().items() if v is not None}
        who.profile = replace(who.profile, **scores)
    if want.gear is not None:
        items = catalog()
        for i, item in enumerate(want.gear):
            if items.item_kind(item) is None and item not in items.equipment:
                known = {**items.weapons.firearms, **items.weapons.melee, **items.grenades}
                one_of([*where, "gear", i], item, known, "a weapon, grenade or kit id")
        who.profile = replace(who.profile, gear=tuple(want.gear))
        who.ammo = starting_ammo_of(tuple(want.gear), False)
    if want.wounds is not None:
        who.wounds = [Wound[w.upper()] for w in want.wounds]
    if want.stealth is not None:
        who.stealth = want.stealth
    if want.fired is not None:
        who.fired_turn = board.turn if want.fired == "this_turn" else board.turn - 1
        who.moved_since_fired = False


SETUP = SetupHook(FiveFiveSixSetup, apply_setup)
