"""Scenario 8's relics (24, "Ain't Gonna Happen"): the search, the carrier, the relics
left where their carrier fell and taken up again, and carrying them off the map.

- **Search.** A unit of the scenario's searcher types (a Rifle or a Sapper) that is an
  Eligible Unit in a relic hex not yet searched plays a Power card to search it
  (``play CARD search UNIT``) and is marked Ops Complete, as after any use of a Power
  (4e). One die: a roll of 2 or less finds the relics; every search after the first adds
  -2 to the roll (Interpretation 81: so the second finds them on 1-4); the last hex
  holds them for sure, no roll. Each hex is searched once; once found, no more
  searches.
- **Carrier.** The unit that found them carries them; it cannot hand them over. When
  it is eliminated they lie in its hex; at the end of an impulse a Rifle or Sapper
  standing there (not loaded in a vehicle) takes them up (Interpretation 83).
- **Off the map.** A carrier leaves only by its own side's friendly edge, with the
  ordinary exit (scenarios/exits.py); then its side scores the scenario's relics VP
  (scenarios/victory.py).

The state lives in ``World.relics`` (scenarios/relics_state.py); the state machine calls
:func:`relics_aftermath` after every action and :func:`take_up_relics` at the end of
every impulse.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from game.core.api import Event, Tone
from game.core.errors import DataError
from game.rules.sixty_five.actions import Play
from game.rules.sixty_five.data import BlockDef, BlockKind, Marker
from game.rules.sixty_five.events import Named
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.scenarios.relics_state import Relics
from game.rules.sixty_five.scenarios.scenario import SEATS, Scenario
from game.rules.sixty_five.terrain.field import Field
from game.rules.sixty_five.world import World

#: The pseudo-block of a Power card played to search a relic hex.
SEARCH_BLOCK = BlockDef(
    id="search", name="Search for the relics", kind=BlockKind.ACTION, effect="search"
)

_RULE = "'65 24 scenario 8"


@dataclass(frozen=True, kw_only=True)
class RelicsSearched(Named):
    """A relic hex searched: the roll (None for the last hex, where they are for sure),
    the modifier of a later search, the most that finds them, and whether it did."""

    tone: ClassVar[Tone] = Tone.ROLL
    unit: str
    hex: str
    roll: int | None
    modifier: int
    found_on: int
    found: bool

    def text(self) -> str:
        if self.roll is None:
            return (
                f"{self.name(self.unit)} searches {self.hex}, the last hex: the relics are there."
            )
        mod = f" {self.modifier:+d} (a later search)" if self.modifier else ""
        total = self.roll + self.modifier
        result = "the relics are found!" if self.found else "nothing here."
        return (
            f"{self.name(self.unit)} searches {self.hex}: 1D6 {self.roll}{mod} = {total}, "
            f"{self.found_on} or less finds them: {result}"
        )


@dataclass(frozen=True, kw_only=True)
class RelicsDropped(Named):
    """The carrier was eliminated: the relics lie in its hex."""

    tone: ClassVar[Tone] = Tone.BAD
    unit: str
    hex: str

    def text(self) -> str:
        return f"{self.name(self.unit)} is gone: the relics lie in {self.hex}."


@dataclass(frozen=True, kw_only=True)
class RelicsTaken(Named):
    """At the end of an impulse a Rifle or Sapper in their hex takes up the relics."""

    tone: ClassVar[Tone] = Tone.GOOD
    unit: str
    hex: str

    def text(self) -> str:
        return f"{self.name(self.unit)} takes up the relics in {self.hex}."


@dataclass(frozen=True, kw_only=True)
class RelicsExited(Named):
    """The carrier left the map by its side's friendly edge."""

    tone: ClassVar[Tone] = Tone.GOOD
    unit: str
    seat: int

    def text(self) -> str:
        return f"{self.name(self.unit)} carries the relics off the map."


# -- set-up ----------------------------------------------------------------------------------
def relics_for(path: Path, where: str, scenario: Scenario, field: Field) -> Relics | None:
    """The scenario's relics before the game (None without them); a ``DataError`` naming
    the file, the key path and what was expected for a map the scenario does not use or
    a hex not on that map."""
    rule = scenario.relics
    if rule is None:
        return None
    maps = [pm.map for pm in scenario.maps]
    if rule.map not in maps:
        raise DataError(
            f"{path}: {where}.relics.map: map {rule.map!r} is not one of this scenario's "
            f"maps (expected one of {', '.join(maps)})"
        )
    hexes = []
    for k, label in enumerate(rule.hexes):
        hex_id = f"{rule.map}{label}"
        if hex_id not in field:
            raise DataError(
                f"{path}: {where}.relics.hexes[{k}]: {label!r} is not a hex of map {rule.map} "
                "(expected a hex label such as E3)"
            )
        hexes.append(hex_id)
    edges = (scenario.friendly_edges.get(SEATS[0]), scenario.friendly_edges.get(SEATS[1]))
    return Relics(rule=rule, hexes=tuple(hexes), edges=edges)


# -- the search --------------------------------------------------------------------------------
def search_block_refusal(world: World, card_id: str) -> str | None:
    """A search takes a Power card (3b), in a scenario with relics."""
    if world.relics is None:
        return f"there are no relics to search for in this scenario: {_RULE}"
    if not world.card(card_id).power:
        return f"{card_id} is not a Power card: a search takes one: {_RULE}"
    return None


def search_refusal(world: World, seat: int, unit: Counter) -> str | None:
    """Why ``unit`` may not search where it stands now (None: it may)."""
    relics = world.relics
    if relics is None:
        return f"there are no relics to search for in this scenario: {_RULE}"
    if unit.eliminated or unit.seat != seat or unit.hex is None or unit.id in world.exited:
        return f"{unit.id} is not a unit of this player on the map: '65 6c"
    if unit.type.id not in relics.rule.searchers:
        return f"only a Rifle or a Sapper searches for the relics: {_RULE}"
    if relics.found:
        return f"the relics are already found: {_RULE}"
    if unit.hex not in relics.hexes:
        return f"{unit.hex} is not a hex where the relics may be: {_RULE}"
    if unit.hex in relics.searched:
        return f"{unit.hex} was searched already; each hex is searched once: {_RULE}"
    if not unit.eligible:
        return f"{unit.id} is not an Eligible Unit: '65 4c, {_RULE}"
    if unit.carrier is not None:
        return f"{unit.id} is loaded in a vehicle; it gets off to search: {_RULE}"
    return None


def search_legal(world: World, seat: int, play: Play, block: BlockDef) -> str | None:
    """``play CARD search UNIT``: one unit, nothing else named."""
    extra = (play.target, play.path, play.supports, play.spread, play.facings, play.load)
    if not play.units or len(play.units) != 1 or any(extra) or play.unload or play.ammo:
        return f"a search names one unit: play CARD search UNIT: {_RULE}"
    unit = world.units.get(play.units[0])
    if unit is None:
        return f"{play.units[0]} is not a unit of this game: '65 6c"
    return search_refusal(world, seat, unit)


def search_resolve(world: World, seat: int, play: Play, block: BlockDef) -> list[Event]:
    """Search the unit's hex: the roll, and the relics on the unit if found."""
    relics = world.relics
    assert relics is not None and play.units
    unit = world.units[play.units[0]]
    assert unit.hex is not None
    unit.marker = Marker.OPS_COMPLETE  # 4e: a Power was used
    earlier = len(relics.searched)
    relics.searched.append(unit.hex)
    rule = relics.rule
    if len(relics.searched) == len(relics.hexes):
        roll, modifier, found = None, 0, True  # the last hex holds them
    else:
        roll = world.rng.roll(rule.die)
        modifier = rule.later_search if earlier else 0
        found = roll + modifier <= rule.found_on
    if found:
        relics.carrier = unit.id
    event = RelicsSearched(
        unit=unit.id, hex=unit.hex, roll=roll, modifier=modifier, found_on=rule.found_on,
        found=found,
    )  # fmt: skip
    return [event]


def search_plays(world: World, card_id: str, own: Sequence[Counter]) -> list[Play]:
    """A search of each unit of ``own`` that may search now with this card."""
    relics = world.relics
    if relics is None or not relics.unsearched():
        return []
    seat = own[0].seat if own else 0
    return [
        Play(card_id, SEARCH_BLOCK.id, (u.id,))
        for u in own
        if u.hex in relics.hexes and search_refusal(world, seat, u) is None
    ]


def may_search(world: World, card_id: str) -> bool:
    """Whether the candidates should offer this card's search (a Power card, hexes left)."""
    relics = world.relics
    if relics is None or not relics.unsearched():
        return False
    return search_block_refusal(world, card_id) is None


# -- the carrier -------------------------------------------------------------------------------
def relics_exit_refusal(world: World, units: Sequence[Counter]) -> str | None:
    """The carrier leaves the map only by its own side's friendly edge."""
    relics = world.relics
    if relics is None or relics.carrier is None:
        return None
    for u in units:
        if u.id == relics.carrier and u.hex is not None:
            edge = relics.edges[u.seat]
            if edge is None or u.hex not in world.field.edge_hexes(edge):
                return f"{u.id} carries the relics off its own friendly edge only: {_RULE}"
    return None


def relics_aftermath(world: World, events: list[Event]) -> None:
    """After an action: a carrier eliminated leaves the relics in its hex; one that left
    the map took them off (its side scores)."""
    relics = world.relics
    if relics is None or relics.carrier is None:
        return
    unit = world.units[relics.carrier]
    if unit.eliminated:
        relics.carrier, relics.lying = None, unit.hex
        if unit.hex is not None:
            events.append(RelicsDropped(unit=unit.id, hex=unit.hex))
    elif unit.id in world.exited:
        relics.carrier, relics.exited = None, unit.seat
        events.append(RelicsExited(unit=unit.id, seat=unit.seat))


def take_up_relics(world: World, events: list[Event]) -> None:
    """The end of an impulse: a Rifle or Sapper in the hex where the relics lie takes
    them up; of several, the owner's choice is made for him (Interpretation 83): the
    unit not Shaken, then not reduced, then the first by id."""
    relics = world.relics
    if relics is None or relics.lying is None:
        return
    here = [
        u
        for u in world.live()
        if u.hex == relics.lying and u.carrier is None and u.type.id in relics.rule.searchers
    ]
    if not here:
        return
    taker = min(here, key=lambda u: (u.shaken, u.reduced, u.id))
    events.append(RelicsTaken(unit=taker.id, hex=relics.lying))
    relics.carrier, relics.lying = taker.id, None


def relics_hex(world: World) -> str | None:
    """Where the relics are on the board now (their carrier's hex or where they lie);
    None before they are found or after they left the map."""
    relics = world.relics
    if relics is None:
        return None
    if relics.carrier is not None:
        return world.units[relics.carrier].hex
    return relics.lying
