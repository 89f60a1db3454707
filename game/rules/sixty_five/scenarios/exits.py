"""'65 map edges and leaving the map (24, 24b).

A scenario names each side's friendly map edge and the edges a side may exit by
(scenario 3: the NVA by any edge). A side that holds a Bonus Victory Condition card
asking it to exit units off the enemy's edge may also leave by that edge (24b).
Leaving is a move of one hex off the board from a hex on that edge (Interpretation 26):
in the impulse with a Move, Fast Move, Scout or Let's Get 'Em! block for the units of
one hex, or in the Reserve phase for one Eligible unit (not a Shaken one within three
hexes of an enemy). Exited units are out of play: neither eliminated nor on the map. A
carrier leaving takes its loaded passengers along (8b). Scenario 6 lets a side leave only
from named hexes (``World.exit_only``).

Helicopters (rules version 7, Interpretation 91): a Flying helicopter leaves like any unit,
alone, from a hex on an exit edge, with any card played as its Move (17a), taking its
passengers along; a Hovering or Landed one does not move, and none acts in the Reserve
phase (17b).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.core.api import Event, Tone
from game.rules.sixty_five.actions import Exit, Play
from game.rules.sixty_five.cards.effects import own_units
from game.rules.sixty_five.data import BlockKind, Marker
from game.rules.sixty_five.events import CardPlayed, Named
from game.rules.sixty_five.helicopters.sight import is_helicopter
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.scenarios.bonus import BonusKind, load_bonus_cards
from game.rules.sixty_five.scenarios.relics import relics_exit_refusal
from game.rules.sixty_five.scenarios.scenario import SEATS, Scenario
from game.rules.sixty_five.world import World

#: 17a: the block any card gives a helicopter to move (helicopter_play.HELICOPTER_BLOCKS)
HELICOPTER_MOVE = "move"

EDGE_NAMES = {"N": "north", "E": "east", "S": "south", "W": "west"}


@dataclass(frozen=True, kw_only=True)
class UnitExited(Named):
    """24: a unit leaves the map by an edge."""

    tone: ClassVar[Tone] = Tone.PLAIN
    unit: str
    hex: str
    edge: str

    def text(self) -> str:
        edge = EDGE_NAMES[self.edge]
        return f"{self.name(self.unit)} leaves the map from {self.hex} by the {edge} edge."


def exit_edges(scenario: Scenario | None, seat: int, bonus: tuple[str, ...]) -> tuple[str, ...]:
    """The edges ``seat`` may leave the map by (24, 24b)."""
    if scenario is None:
        return ()
    edges = list(scenario.exits.get(SEATS[seat], ()))
    enemy_edge = scenario.friendly_edges.get(SEATS[1 - seat])
    if len(bonus) == 2 and enemy_edge is not None and enemy_edge not in edges:
        if load_bonus_cards()[bonus[seat]].kind is BonusKind.EXIT_ENEMY_EDGE:
            edges.append(enemy_edge)
    return tuple(edges)


def exit_rim(world: World, edges: tuple[str, ...]) -> frozenset[str]:
    """The hexes on any of ``edges``: those for which :func:`edge_of` names one."""
    return frozenset().union(*(world.field.edge_hexes(e) for e in edges))


def edge_of(world: World, hex_id: str, edges: tuple[str, ...]) -> str | None:
    """The first of ``edges`` that ``hex_id`` lies on, or None."""
    for edge in edges:
        if hex_id in world.field.edge_hexes(edge):
            return edge
    return None


def exit_refusal(
    world: World, seat: int, action: Exit, edges: tuple[str, ...], *, reserve: bool
) -> str | None:
    """Why the units may not leave the map now, or None (the flow has checked that an
    action may be played, or that it is this player's Reserve phase)."""
    if not edges:
        return "this side may not leave the map in this scenario: '65 24"
    units = own_units(world, seat, _as_play(action))
    if isinstance(units, str):
        return units
    if len({u.hex for u in units}) != 1 or units[0].hex is None:
        return "the units of one hex on the map leave together: '65 6c"
    hex_id = units[0].hex
    if edge_of(world, hex_id, edges) is None:
        names = ", ".join(EDGE_NAMES[e] for e in edges)
        return f"{hex_id} is not on an edge this side may leave by ({names}): '65 24"
    only = world.exit_only[seat] if world.exit_only else ()
    if only and hex_id not in only:
        return f"this side leaves the map only from {', '.join(only)}: '65 24 scenario 6"
    for u in units:
        if not u.eligible:
            return f"{u.id} is not an Eligible Unit: '65 4c"
    ids = {u.id for u in units}  # version 7: a relic carrier riding along counts too
    riders = [p for p in world.live() if p.carrier in ids] if world.edition >= 7 else []
    relics = relics_exit_refusal(world, [*units, *riders])  # scenario 8: by its own edge only
    if relics is not None:
        return relics
    flying = world.edition >= 7 and any(is_helicopter(u) for u in units)
    if flying:
        reason = helicopter_exit_refusal(units, reserve=reserve)
        if reason is not None:
            return reason
    if reserve:
        if action.card is not None:
            return "no cards in the Reserve phase: '65 5d"
        if len(units) != 1:
            return "the Reserve phase moves one unit at a time: '65 5d"
        near = world.data.rules.reserve.near_enemy
        enemies = [e.hex for e in world.live() if e.seat != seat and e.hex is not None]
        if units[0].shaken and any(world.field.distance(hex_id, e) <= near for e in enemies):
            return "a Shaken unit within three hexes of an enemy may not move: '65 5d"
        return None
    if action.card is None or action.block is None:
        return "leaving the map takes a move block: exit UNITS with CARD BLOCK: '65 24a"
    if action.card not in world.hands[seat]:
        return f"{action.card} is not in this player's hand: '65 6b"
    any_card = flying and action.block == HELICOPTER_MOVE  # 17a: any card moves it
    if action.block not in world.card(action.card).blocks and not any_card:
        return f"{action.card} has no {action.block} block: '65 3a"
    block = world.data.blocks[action.block]
    if block.kind is not BlockKind.ACTION or block.effect != "move":
        return f"{block.name} is not a move block: '65 24a"
    if block.units is not None and len(units) > block.units:
        return f"{block.name} moves {block.units} unit: '65 18p"
    if (block.flat_cost or block.hexes > 1) and not all(u.leg for u in units):
        return f"{block.name} moves Leg units: '65 18"
    return None


def helicopter_exit_refusal(units: list[Counter], *, reserve: bool) -> str | None:
    """17b, Interpretation 91: only a Flying helicopter moves, alone, and never in the
    Reserve phase; so only then does it leave the map."""
    if reserve:
        return "helicopters do not activate in the Reserve phase: '65 17b"
    if len(units) != 1:
        return "a helicopter moves alone: '65 17b"
    if units[0].mode not in (None, "flying"):
        return f"a {units[0].mode} helicopter does not move, so it does not leave: '65 17b"
    return None


def _as_play(action: Exit) -> Play:
    return Play(action.card or "", action.block or "", action.units)


def exit_units(world: World, seat: int, action: Exit, edges: tuple[str, ...]) -> list[Event]:
    """Take the units off the map (after ``exit_refusal`` said None); the card, if any,
    is discarded like any play."""
    events: list[Event] = []
    if action.card is not None and action.block is not None:
        world.discard_card(seat, action.card)
        events.append(CardPlayed(seat=seat, card=action.card, block=action.block))
    for uid in action.units:
        unit = world.units[uid]
        assert unit.hex is not None
        edge = edge_of(world, unit.hex, edges)
        assert edge is not None
        riders = [p for p in world.live() if p.carrier == uid]
        for u in (unit, *riders):  # 8b: loaded passengers leave with their carrier
            assert u.hex is not None
            events.append(UnitExited(unit=u.id, hex=u.hex, edge=edge))
            world.exited[u.id] = edge
            u.hex = None
            u.marker = Marker.MOVED
    return events


def exit_candidates(
    world: World, seat: int, edges: tuple[str, ...], *, reserve: bool
) -> list[Exit]:
    """Each unit on an exit edge alone, with each move block in hand (impulse) or
    without a card (Reserve phase)."""
    if not edges:
        return []
    out: list[Exit] = []
    rim = exit_rim(world, edges)
    ready: list[Counter] = [
        u
        for u in world.live()
        if u.seat == seat and u.hex is not None and u.eligible
        and u.hex in rim
    ]  # fmt: skip
    for unit in ready:
        if reserve:
            choices = [Exit((unit.id,))]
        elif world.edition >= 7 and is_helicopter(unit):  # 17a: any card, as a Move
            choices = [Exit((unit.id,), cid, HELICOPTER_MOVE) for cid in world.hands[seat]]
        else:
            choices = [
                Exit((unit.id,), cid, b)
                for cid in world.hands[seat]
                for b in world.card(cid).blocks
                if world.data.blocks[b].effect == "move"
            ]
        out.extend(
            a for a in choices if exit_refusal(world, seat, a, edges, reserve=reserve) is None
        )
    return out
