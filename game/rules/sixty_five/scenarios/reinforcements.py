"""'65 reinforcements (24a): units a scenario brings in later. They wait off the map
until their turn and come onto it only with a Move action card (any move block: Move,
Fast Move, Scout, Let's Get 'Em!; Interpretation 34) or in the Reserve phase, into a hex
of their entry zones, as many at once as stacking allows (9).

Interpretation 34: entering is the move: the units are placed in the entry hex, marked
Moved, and go no farther under that card; they never enter a hex an enemy holds, nor
prohibited terrain; a Leadership action (22e) brings in no reinforcements. Scenarios 1-3
have none; scenarios 4-8 name theirs in ``data/scenarios.yaml``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar

from game.core.api import Event, Tone
from game.rules.sixty_five.actions import Enter
from game.rules.sixty_five.data import BlockKind, Marker
from game.rules.sixty_five.events import CardPlayed, Named
from game.rules.sixty_five.helicopters.play import hex_stacking_refusal
from game.rules.sixty_five.helicopters.rules import Mode
from game.rules.sixty_five.helicopters.sight import is_helicopter
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.movement.rules import entry_cost, stacking_refusal
from game.rules.sixty_five.scenarios.scenario import Scenario, zone_hexes
from game.rules.sixty_five.scenarios.setup import reinforcement_ids
from game.rules.sixty_five.world import World


@dataclass(frozen=True, kw_only=True)
class UnitsEntered(Named):
    """24a: reinforcements come onto the map."""

    tone: ClassVar[Tone] = Tone.PLAIN
    units: tuple[str, ...]
    hex: str

    def text(self) -> str:
        verb = "enters" if len(self.units) == 1 else "enter"
        return f"{self.names_of(self.units)} {verb} the map at {self.hex} as reinforcements."


def waiting(world: World, scenario: Scenario | None, seat: int, turn: int) -> list[list[Counter]]:
    """For each reinforcement group of ``seat`` due by ``turn``, its units still off the
    map (not eliminated, not exited); groups not due or of the other side: empty."""
    if scenario is None or not scenario.reinforcements:
        return []
    out: list[list[Counter]] = []
    for group, ids in zip(scenario.reinforcements, reinforcement_ids(world, scenario), strict=True):
        ready = []
        due = group.turn == turn if group.only_turn else group.turn <= turn
        if group.seat == seat and due:
            for uid in ids:
                u = world.units.get(uid)
                if u is not None and u.hex is None and not u.eliminated:
                    if uid not in world.exited and u.carrier is None:  # riders come aboard
                        ready.append(u)
        out.append(ready)
    return out


def entry_hexes(world: World, scenario: Scenario, index: int) -> tuple[str, ...]:
    """The hexes of group ``index``'s entry zones, in board order, without repeats."""
    seen: dict[str, None] = {}
    for zone in scenario.reinforcements[index].entry:
        for h in zone_hexes(world.field, zone):
            seen.setdefault(h)
    return tuple(seen)


def enter_refusal(
    world: World, scenario: Scenario | None, turn: int, seat: int, action: Enter, *, reserve: bool
) -> str | None:
    """Why the units may not enter now, or None (the flow has checked that an action may
    be played, or that it is this player's Reserve phase)."""
    groups = waiting(world, scenario, seat, turn)
    if scenario is None or not any(groups):
        return "no reinforcements of this side are due now: '65 24a"
    if not action.units or len(set(action.units)) != len(action.units):
        return "name the reinforcements that enter, each once: '65 24a"
    index = next((i for i, g in enumerate(groups) if any(u.id == action.units[0] for u in g)), None)
    if index is None:
        return f"{action.units[0]} is not a reinforcement waiting to enter: '65 24a"
    group = {u.id: u for u in groups[index]}
    if any(uid not in group for uid in action.units):
        return "units of one reinforcement group, waiting off the map, enter together: '65 24a"
    if action.hex not in entry_hexes(world, scenario, index):
        return f"{action.hex} is not an entry hex of these reinforcements: '65 24a"
    units = [group[uid] for uid in action.units]
    reason = _hex_refusal(world, scenario, index, seat, units, action.hex, reserve=reserve)
    if reason is not None:
        return reason
    if scenario.reinforcements[index].placed:
        return placed_refusal(world, scenario, index, seat, action, reserve=reserve)
    reason = _stacked_refusal(world, units, action.hex)
    return reason or _card_refusal(world, seat, units, action, reserve=reserve)


def _hex_refusal(
    world: World,
    scenario: Scenario,
    index: int,
    seat: int,
    units: list[Counter],
    hex_id: str,
    *,
    reserve: bool,
) -> str | None:
    """Why ``units``, waiting in group ``index``, may not come into ``hex_id``, one of
    the group's entry hexes, whatever card brings them (stacking aside)."""
    return (
        together_refusal(world, scenario, index, hex_id)
        or _terrain_refusal(world, units, hex_id, reserve=reserve)
        or _enemy_refusal(world, seat, hex_id)
    )


def _terrain_refusal(
    world: World, units: list[Counter], hex_id: str, *, reserve: bool
) -> str | None:
    """A helicopter flies in over anything (17b); other units never enter prohibited
    terrain (7)."""
    if any(is_helicopter(u) for u in units):
        return _air_entry_refusal(world, units, hex_id, reserve=reserve)
    if entry_cost(world.field, hex_id) is None:
        return f"{hex_id} is prohibited terrain: '65 7"
    return None


def _enemy_refusal(world: World, seat: int, hex_id: str) -> str | None:
    if any(u.seat != seat for u in world.live() if u.hex == hex_id):
        return f"reinforcements do not enter a hex an enemy holds ({hex_id}): '65 24a"
    return None


def _enemy_hexes(world: World, seat: int) -> set[str]:
    """The hexes :func:`_enemy_refusal` refuses: those holding an enemy of ``seat``."""
    return {u.hex for u in world.live() if u.seat != seat and u.hex is not None}


def _stacked_refusal(world: World, units: list[Counter], hex_id: str) -> str | None:
    """9: ground units entering ``hex_id`` within the stacking limit (a helicopter's
    stacking is its own, :func:`_air_entry_refusal`)."""
    if any(is_helicopter(u) for u in units):
        return None
    here = [u for u in world.live() if u.hex == hex_id]
    stacking = stacking_refusal(world.data.rules, [*here, *units], landed=world.field.landed_stack)
    return None if stacking is None else f"entering {hex_id}: {stacking}"


def _card_refusal(
    world: World, seat: int, units: list[Counter], action: Enter, *, reserve: bool
) -> str | None:
    """Why the card named (or none) may not bring ``units`` in: none in the Reserve
    phase, any card played as a Move for a helicopter, a Move block for the rest."""
    if reserve:
        if action.card is not None:
            return "no cards in the Reserve phase: '65 5d"
        return None
    if any(is_helicopter(u) for u in units):
        return _any_card_refusal(world, seat, action)
    if action.card is None or action.block is None:
        return "reinforcements enter with a Move card: enter UNITS at HEX with CARD BLOCK: '65 24a"
    if action.card not in world.hands[seat]:
        return f"{action.card} is not in this player's hand: '65 6b"
    if action.block not in world.card(action.card).blocks:
        return f"{action.card} has no {action.block} block: '65 3a"
    block = world.data.blocks[action.block]
    if block.kind is not BlockKind.ACTION or block.effect != "move":
        return f"{block.name} is not a Move action: '65 24a"
    if block.units is not None and len(units) > block.units:
        return f"{block.name} moves {block.units} unit: '65 18p"
    if (block.flat_cost or block.hexes > 1) and not all(u.leg for u in units):
        return f"{block.name} moves Leg units: '65 18"
    return None


def _air_entry_refusal(
    world: World, units: list[Counter], hex_id: str, *, reserve: bool
) -> str | None:
    """17b: a helicopter comes on alone, flying (one Air unit a hex), never in the
    Reserve phase; it flies over any terrain."""
    if reserve:
        return "helicopters do not activate in the Reserve phase: '65 17b"
    if len(units) != 1:
        return "a helicopter comes on alone: '65 17b"
    return hex_stacking_refusal(world, hex_id, units[0], Mode.FLYING)


def _any_card_refusal(world: World, seat: int, action: Enter) -> str | None:
    """17a: any card brings a helicopter on, played as a Move."""
    if action.card is None or action.block is None:
        return "a helicopter enters with a card: enter UNIT at HEX with CARD BLOCK: '65 17a"
    if action.card not in world.hands[seat]:
        return f"{action.card} is not in this player's hand: '65 6b"
    if action.block != "move":
        return "a helicopter enters with any card played as a Move (block move): '65 17a"
    return None


def placed_refusal(
    world: World, scenario: Scenario, index: int, seat: int, action: Enter, *, reserve: bool
) -> str | None:
    """Scenario 7: units placed (not moved in) in a friendly impulse, without a card, at
    least ``placed_apart`` hexes from every enemy unit, within stacking."""
    if reserve:
        return "these units are placed during a friendly impulse: '65 24 scenario 7"
    if action.card is not None or action.block is not None:
        return "these units are placed without a card: enter UNITS at HEX: '65 24 scenario 7"
    apart = scenario.reinforcements[index].placed_apart
    field = world.field
    for e in world.live():
        if e.seat != seat and e.hex is not None and field.distance(e.hex, action.hex) < apart:
            return f"{action.hex} is next to an enemy unit: '65 24 scenario 7"
    here = [u for u in world.live() if u.hex == action.hex]
    units = [world.units[u] for u in action.units]
    stacking = stacking_refusal(world.data.rules, [*here, *units], landed=world.field.landed_stack)
    return None if stacking is None else f"placing in {action.hex}: {stacking}"


def is_placement(scenario: Scenario | None, world: World, action: Enter) -> bool:
    """Whether ``action`` places units of a ``placed`` group (no card, no action)."""
    if scenario is None:
        return False
    for group, ids in zip(scenario.reinforcements, reinforcement_ids(world, scenario), strict=True):
        if action.units and action.units[0] in ids:
            return group.placed
    return False


def enter_units(world: World, seat: int, action: Enter, *, placed: bool = False) -> list[Event]:
    """Put the units in the entry hex, marked Moved (after ``enter_refusal`` said None);
    the card, if any, is discarded like any play. A helicopter comes on Flying (17b)
    with its passengers aboard; ``placed`` units stay Eligible (scenario 7)."""
    events: list[Event] = []
    if action.card is not None and action.block is not None:
        world.discard_card(seat, action.card)
        events.append(CardPlayed(seat=seat, card=action.card, block=action.block))
    for uid in action.units:
        unit = world.units[uid]
        unit.hex, unit.marker = action.hex, None if placed else Marker.MOVED
        if world.edition >= 8:
            world.entered[uid] = action.hex  # 24: the group's edge is where it came on
        if unit.type.facing:
            unit.facing = inward_facing(world, action.hex)  # Interpretation 33
        if is_helicopter(unit):
            unit.mode = "flying"  # 17b: it flies until its next activation
        for p in world.units.values():
            if p.carrier == uid and not p.eliminated:
                p.hex = action.hex  # 8b: the passengers ride in with it
    events.append(UnitsEntered(units=action.units, hex=action.hex))
    return events


def _near_the_group(world: World, scenario: Scenario, index: int) -> tuple[str, ...]:
    """The entry hexes worth trying for group ``index``: all of them, or with the
    ``together`` rule once some of the group came in, those near them (the rest would
    be refused by :func:`together_refusal`)."""
    hexes = entry_hexes(world, scenario, index)
    reach = scenario.reinforcements[index].together
    if reach is None:
        return hexes
    came = _came_on(world, scenario, index)
    if not came:
        return hexes
    field = world.field
    return tuple(h for h in hexes if any(field.distance(h, c) <= reach for c in came))


def _came_on(world: World, scenario: Scenario, index: int) -> list[str]:
    """The hexes by which the units of group ``index`` already in play came on (version
    8: remembered as they enter, so one that moves on, leaves the map or is eliminated
    still holds the group to its edge); before, the hexes they stand in now."""
    ids = reinforcement_ids(world, scenario)[index]
    if world.edition >= 8:
        return [world.entered[u] for u in ids if u in world.entered]
    return [h for h in (world.units[u].hex for u in ids) if h is not None]


def together_refusal(world: World, scenario: Scenario, index: int, hex_id: str) -> str | None:
    """Scenario 4: the group enters by one entry zone (the same map edge), each unit
    within ``together`` hexes of one of the group already on the map; scenario 7
    (``same_entry``): by one entry zone, anywhere on it."""
    group = scenario.reinforcements[index]
    if group.together is None and not group.same_entry:
        return None
    came = _came_on(world, scenario, index)
    if not came:
        return None
    zones = [zone_hexes(world.field, z) for z in group.entry]
    if not any(hex_id in z and all(h in z for h in came) for z in zones):
        return "the group enters by the same map edge: '65 24 scenario 4"
    if group.together is None:
        return None
    if not any(world.field.distance(hex_id, h) <= group.together for h in came if h):
        return f"each unit enters within {group.together} hex of the others: '65 24 scenario 4"
    return None


def must_enter_refusal(world: World, scenario: Scenario | None, turn: int, seat: int) -> str | None:
    """Scenario 4: reinforcements due only this turn that can still enter must do so in
    the Reserve phase before it ends."""
    if scenario is None:
        return None
    for index, group in enumerate(waiting(world, scenario, seat, turn)):
        if group and scenario.reinforcements[index].only_turn:
            if next(_entries(world, scenario, turn, seat, reserve=True), None) is not None:
                return "these reinforcements must enter this turn: '65 24 scenario 4"
    return None


def inward_facing(world: World, hex_id: str) -> int:
    """Interpretation 33 (sixty_five_vehicles.md): a vehicle entering from a map edge
    faces the board: the corner whose two front hexes are on the board and farthest
    from the edges it came by."""
    from game.rules.sixty_five.vehicles.facing import front_hexes

    field = world.field
    edges = [field.edge_hexes(e) for e in "NESW" if hex_id in field.edge_hexes(e)]

    def score(facing: int) -> tuple[int, int]:
        front = front_hexes(field, hex_id, facing)
        near = sum(min(field.distance(h, e) for e in edge) for h in front for edge in edges)
        return (len(front), near)

    return max(range(6), key=lambda f: (score(f), -f))


def enter_candidates(
    world: World, scenario: Scenario | None, turn: int, seat: int, *, reserve: bool
) -> list[Enter]:
    """Into each entry hex: each waiting unit alone and the whole group as far as the
    stacking allows (in id order), with each move block in hand or, in the Reserve phase,
    without a card. Each is legal (:func:`enter_refusal` says None): the hexes and units
    come from the group waiting, so only the checks that depend on them are made, each
    once for all the cards."""
    return list(_entries(world, scenario, turn, seat, reserve=reserve))


def _entries(
    world: World, scenario: Scenario | None, turn: int, seat: int, *, reserve: bool
) -> Iterator[Enter]:
    """:func:`enter_candidates` one at a time (whether there is any costs only the
    first)."""
    groups = waiting(world, scenario, seat, turn)
    if scenario is None or not any(groups):
        return
    blocks: list[tuple[str | None, str | None]] = [(None, None)]
    if not reserve:
        blocks = [
            (cid, b)
            for cid in world.hands[seat]
            for b in world.card(cid).blocks
            if world.data.blocks[b].effect == "move"
        ]
    for index, group in enumerate(groups):
        if not group:
            continue
        if scenario.reinforcements[index].placed:
            yield from _placements(world, scenario, seat, index, group, reserve=reserve)
            continue
        if any(is_helicopter(u) for u in group):  # each alone, with any card (17a)
            yield from _air_entries(world, scenario, seat, index, group, reserve=reserve)
            group = [u for u in group if not is_helicopter(u)]
            if not group:
                continue
        held = _enemy_hexes(world, seat)
        for hex_id in _near_the_group(world, scenario, index):
            if hex_id in held or together_refusal(world, scenario, index, hex_id):
                continue  # the hex's checks (_hex_refusal), once for all its unit sets
            here = [u for u in world.live() if u.hex == hex_id]
            most: list[Counter] = []
            for u in group:
                if (
                    stacking_refusal(
                        world.data.rules, [*here, *most, u], landed=world.field.landed_stack
                    )
                    is None
                ):
                    most.append(u)
            sets: list[list[Counter]] = [[u] for u in group]
            if len(most) > 1:
                sets.append(most)
            for units in sets:
                if _terrain_refusal(world, units, hex_id, reserve=reserve):
                    continue
                if _stacked_refusal(world, units, hex_id) is not None:
                    continue
                ids = tuple(u.id for u in units)
                for card, block in blocks:
                    action = Enter(ids, hex_id, card, block)
                    if _card_refusal(world, seat, units, action, reserve=reserve) is None:
                        yield action


def _placements(
    world: World,
    scenario: Scenario,
    seat: int,
    index: int,
    group: list[Counter],
    *,
    reserve: bool,
) -> list[Enter]:
    """Scenario 7: each waiting unit placed alone in each hex it may be placed in."""
    if reserve:
        return []  # placed in a friendly impulse (placed_refusal)
    out: list[Enter] = []
    for hex_id in entry_hexes(world, scenario, index):
        for u in group:
            if _hex_refusal(world, scenario, index, seat, [u], hex_id, reserve=False):
                continue
            action = Enter((u.id,), hex_id)
            if placed_refusal(world, scenario, index, seat, action, reserve=False) is None:
                out.append(action)
    return out


def _air_entries(
    world: World,
    scenario: Scenario,
    seat: int,
    index: int,
    group: list[Counter],
    *,
    reserve: bool,
) -> list[Enter]:
    """17a, 24a: each waiting helicopter alone into each entry hex, with each card of the
    hand played as a Move (none in the Reserve phase)."""
    if reserve:
        return []
    helicopters = [u for u in group if is_helicopter(u)]
    held = _enemy_hexes(world, seat)  # _enemy_refusal of every hex at once
    spots = [
        (hex_id, u)
        for hex_id in _near_the_group(world, scenario, index)
        if hex_id not in held
        and not together_refusal(world, scenario, index, hex_id)  # the hex's checks once
        for u in helicopters
        if _terrain_refusal(world, [u], hex_id, reserve=False) is None
    ]
    out: list[Enter] = []
    for cid in world.hands[seat]:
        for hex_id, u in spots:
            action = Enter((u.id,), hex_id, cid, "move")
            if _any_card_refusal(world, seat, action) is None:
                out.append(action)
    return out
