"""The ``setup`` section of a '65 ``explain`` position (``game.core.position_setup``).

::

    setup:
      impulse: us                     # whose impulse it is (us or vc_nva), card drawn
      only: true                      # units not named leave the board
      terrain: {1D3: brush, 1E3: clear, 1F3: kunai}   # hexes of the map, as the example
      units:                          # an id of the scenario, or a new id with its type
        us1: {type: us_rifle, at: 1C3}
        vc1: {type: vc_rifle, at: 1F3, shaken: true}
        m48: {type: us_m48, at: 1H4, facing: 3, marker: fired}
      hands:                          # card ids (c01) or a block the card must have
        us: [fire, power]             # (fire, move, artillery...; power: a Power card)
      deck_top: [c07, c12]            # the next cards drawn, first drawn first

The side of a new unit is its type's (American units to ``us``). ``marker``: fired,
moved or ops_complete; ``facing``: the hex corner (0-5) a vehicle faces; ``reduced``
and ``shaken`` as the counter shows. Hands not named keep their cards; cards not in a
hand or on top of the deck are shuffled under ``deck_top``.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from game.core.position_setup import SetupHook, SetupProblem, one_of, stacked
from game.rules.sixty_five.data import Marker
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.scenarios.scenario import SEATS
from game.rules.sixty_five.state import SixtyFiveState
from game.rules.sixty_five.terrain.field import Field as HexField
from game.rules.sixty_five.turn import Phase

_SIDES = {"us": 0, "americans": 0, "vc_nva": 1, "vc": 1, "nva": 1}
_KEPT = (
    "smoke",
    "visibility",
    "wire",
    "wire_cover",
    "bunkers",
    "bunker_barred",
    "clutter",
    "crowded_roads",
    "crowded_mp",
    "gaps_block",
    "zones",
    "by_silhouette",
)


class UnitSetup(BaseModel):
    """One counter: its hex, its type (new units), status and markers."""

    model_config = ConfigDict(extra="forbid")
    type: str | None = None
    at: str | None = None
    reduced: bool | None = None
    shaken: bool | None = None
    marker: Literal["fired", "moved", "ops_complete", "none"] | None = None
    facing: int | None = Field(default=None, ge=0, le=5)


class SixtyFiveSetup(BaseModel):
    """A '65 situation: terrain, counters, whose impulse, the hands and the deck's top."""

    model_config = ConfigDict(extra="forbid")
    impulse: str = SEATS[0]
    only: bool = False
    terrain: dict[str, str] = Field(default_factory=dict)
    units: dict[str, UnitSetup] = Field(default_factory=dict)
    hands: dict[str, list[str]] = Field(default_factory=dict)
    deck_top: list[str] = Field(default_factory=list)


def apply_setup(state: SixtyFiveState, setup: SixtyFiveSetup) -> None:
    """Lay the terrain, place the counters, deal the hands and begin the impulse."""
    world = state.world
    if setup.terrain:
        world.field = _with_terrain(world.field, setup.terrain)
    if setup.only:
        for counter in world.units.values():
            if counter.id not in setup.units:
                counter.hex, counter.carrier = None, None
    for uid, want in setup.units.items():
        _place(state, uid, want)
    seat = one_of(["impulse"], setup.impulse, _SIDES, "a side (us or vc_nva)")
    _deal(state, setup)
    world.pending, world.attack, world.movement, world.fight = [], None, None, None
    state.phase, state.phasing, state.initiative = Phase.IMPULSE, seat, seat
    state.started, state.acted, state.actions_left, state.discards = True, False, 1, 0
    state.passes = 0


def _with_terrain(old: HexField, overrides: dict[str, str]) -> HexField:
    """The same board with some hexes' terrain replaced (fresh line-of-sight caches)."""
    for hex_id, terrain_id in overrides.items():
        if hex_id not in old:
            raise SetupProblem(["terrain", hex_id], "a hex of the scenario's maps (e.g. 1E3)")
        if terrain_id not in old.table:
            raise SetupProblem(["terrain", hex_id], f"a terrain of the chart, found {terrain_id!r}")
    silhouettes = {h: s for h, s in old.silhouettes.items() if h not in overrides}
    terrain = {**old._terrain, **overrides}
    new = HexField(old.board, terrain, old.table, old._default, silhouettes=silhouettes)
    for name in _KEPT:
        setattr(new, name, getattr(old, name))
    return new


def _place(state: SixtyFiveState, uid: str, want: UnitSetup) -> None:
    world = state.world
    where: list[str | int] = ["units", uid]
    counter = world.units.get(uid)
    if want.type is not None:
        kind = one_of([*where, "type"], want.type, dict(world.data.units), "a unit type")
        if counter is None or counter.type.id != kind.id:
            seat = 0 if kind.side == "us" else 1
            counter = Counter(uid, kind, seat, None)
            world.units[uid] = counter
    if counter is None:
        raise SetupProblem(where, "a unit of the scenario, or a new one with its type")
    if want.at is not None:
        if want.at not in world.field:
            raise SetupProblem([*where, "at"], f"a hex of the scenario's maps, found {want.at!r}")
        counter.hex, counter.carrier, counter.eliminated = want.at, None, False
    if want.reduced is not None:
        counter.reduced = want.reduced
    if want.shaken is not None:
        counter.shaken = want.shaken
    if want.marker is not None:
        counter.marker = None if want.marker == "none" else Marker(want.marker)
    if want.facing is not None:
        if not counter.type.facing:
            raise SetupProblem(
                [*where, "facing"], f"a vehicle's (the {counter.type.name} has none)"
            )
        counter.facing = want.facing
    elif counter.type.facing and counter.facing is None:
        counter.facing = 0


def _deal(state: SixtyFiveState, setup: SixtyFiveSetup) -> None:
    """Hands and the top of the deck; every other card is shuffled under the top."""
    world = state.world
    cards = world.data.cards
    taken: set[str] = set()
    hands: dict[int, list[str]] = {}
    for side, names in setup.hands.items():
        seat = one_of(["hands", side], side, _SIDES, "a side (us or vc_nva)")
        hands[seat] = [_card(state, ["hands", side, i], n, taken) for i, n in enumerate(names)]
        if len(hands[seat]) > 6:
            raise SetupProblem(["hands", side], "a hand of at most 6 cards")
    for seat in (0, 1):
        if seat not in hands:
            hands[seat] = [c for c in world.hands[seat] if c not in taken]
            taken.update(hands[seat])
    top = [_card(state, ["deck_top", i], n, taken) for i, n in enumerate(setup.deck_top)]
    rest = [c.id for c in cards if c.id not in taken]
    world.hands[0][:], world.hands[1][:] = hands[0], hands[1]
    world.draw_pile = stacked(rest, top, world.rng)
    world.discard, world.set_aside = [], []


def _card(state: SixtyFiveState, where: list[str | int], name: str, taken: set[str]) -> str:
    """A card by id, or the first free card with the named block (``power``: a Power)."""
    cards = state.world.data.cards
    ids = {c.id for c in cards}
    if name in ids:
        if name in taken:
            raise SetupProblem(where, f"each card once ({name} is named twice)")
        taken.add(name)
        return name
    for card in cards:
        if card.id in taken:
            continue
        if (name == "power" and card.power) or name in (card.upper, card.lower):
            taken.add(card.id)
            return card.id
    blocks = sorted({b for c in cards for b in (c.upper, c.lower) if b} | {"power"})
    raise SetupProblem(where, f"a card id (c01...) or a free card's block ({', '.join(blocks)})")


SETUP = SetupHook(SixtyFiveSetup, apply_setup)
