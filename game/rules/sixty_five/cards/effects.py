"""Card effects as plain functions: each effect id named in ``data/blocks.yaml`` maps to a
pair ``(legal, resolve)``. ``legal(world, seat, play, block)`` names the rule that forbids
the play or returns None; ``resolve`` changes the world and returns the events. The
registry that maps effect ids to them is cards/effect_registry.py.

The flow (state.py) has already checked that the card is in the hand, the block is on
the card and an action may be played now. Effects not in the registry are not
available yet and are refused by the flow with the rule's name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from game.core.api import Event
from game.rules.sixty_five.actions import Play
from game.rules.sixty_five.assault.cards import assault_support_refusal, record_attack_supports
from game.rules.sixty_five.assault.combat import can_assault
from game.rules.sixty_five.combat.attack import open_attack
from game.rules.sixty_five.combat.ranged import FirePlan, fire_refusal, plan_fire
from game.rules.sixty_five.data import BlockDef, HitColour, Marker
from game.rules.sixty_five.events import CardDiscarded, FireDeclared
from game.rules.sixty_five.helicopters.play import (
    fire_hits_on,
    fire_mode_refusal,
    flight_facings,
    helicopter_move_legal,
    is_helicopter,
)
from game.rules.sixty_five.helicopters.set_down import (
    is_set_down,
    note_set_down,
    set_down_refusal,
    walk_on,
)
from game.rules.sixty_five.helicopters.sight import as_declared
from game.rules.sixty_five.model import Counter, movement_points
from game.rules.sixty_five.movement.opportunity import start_movement
from game.rules.sixty_five.movement.rules import path_refusal, pathfinding
from game.rules.sixty_five.terrain.fortified import bunker_cover_bonus, bunker_line_refusal
from game.rules.sixty_five.vehicles.ap_fire import (
    ammo_refusal,
    ap_fire_refusal,
    ap_fire_resolve,
    uses_ap,
)
from game.rules.sixty_five.vehicles.moves import (
    cannister_fire_refusal,
    is_vehicle,
    moving_facings,
    vehicle_move_refusal,
)
from game.rules.sixty_five.vehicles.transport_moves import (
    as_firing,
    carrier_half_points,
    passengers_may_fire,
    riding,
    start_transport,
    transport_plan,
)
from game.rules.sixty_five.world import Attack, World

Legal = Callable[[World, int, Play, BlockDef], str | None]
Resolve = Callable[[World, int, Play, BlockDef], list[Event]]


@dataclass(frozen=True)
class Effect:
    """The two functions of one effect id."""

    legal: Legal
    resolve: Resolve


#: Powers (22) that fire: their HEF bonus and range limit. Others are not available yet.
FIRE_POWERS: dict[str, tuple[int, int | None, bool]] = {
    # power: (HEF bonus, maximum range, other units of the hex may join)
    "p40mm": (1, 3, True),  # 22a
    "kill_shot": (1, None, False),  # 22d
    "explosive_rounds": (2, None, False),  # 22c (the Huey gunship, 17a)
}


def own_units(world: World, seat: int, play: Play) -> list[Counter] | str:
    """The units a play names, all of ``seat`` and in play; or the rule broken."""
    if not play.units:
        return "name the unit(s) this card activates: '65 6c"
    if len(set(play.units)) != len(play.units):
        return "a unit is named twice: '65 6c"
    out = []
    for uid in play.units:
        unit = world.units.get(uid)
        if unit is None or unit.eliminated:
            return f"there is no unit {uid} in play: '65 6c"
        if unit.seat != seat:
            return f"{uid} belongs to the other side: '65 6c"
        out.append(unit)
    return out


# -- fire -------------------------------------------------------------------------------------
def _supports(
    world: World, seat: int, play: Play, lead: Counter, *, paid: bool = False
) -> tuple[int, str | None]:
    """HEF from support cards (19) and the rule broken, if any. Only Bullet Storm is
    available yet. ``paid``: the cards were discarded when the action was played (Move &
    Fire's shot after the move, 19c)."""
    bonus = 0
    names: set[str] = set()
    for cid in play.supports or ():
        if (cid not in world.hands[seat] and not paid) or cid == play.card:
            return 0, f"support card {cid} is not in this player's hand: '65 6b"
        card = world.card(cid)
        blocks = [b for b in card.blocks if world.data.blocks[b].effect == "hef_support"]
        if not blocks:
            return 0, f"{cid} has no support block that can back this fire yet: '65 19"
        if blocks[0] in names:
            return 0, "only one support card of each name per action: '65 3a, 19"
        names.add(blocks[0])
        if not lead.leg or lead.has("sniper"):
            return 0, "Bullet Storm backs an attacking Leg unit, never a Sniper: '65 19c, 21g"
        bonus += world.data.blocks[blocks[0]].hef_bonus
    return bonus, None


def _fire_setup(
    world: World, seat: int, play: Play, block: BlockDef
) -> tuple[list[Counter], Counter, int, bool, int | None] | str:
    """The firing units, target, card bonus, whether others may join, and the range
    limit of a fire-type play; or the rule that forbids it."""
    if play.path:
        return "a fire action moves no unit: '65 18f"
    units = own_units(world, seat, play)
    if isinstance(units, str):
        return units
    target = world.units.get(play.target or "")
    if target is None or target.eliminated:
        return "name the enemy unit fired at: '65 10b1"
    bonus, joinable, max_range = block.hef_bonus, True, block.max_range
    if block.effect == "power":
        powers = [p for p in FIRE_POWERS if units[0].has(p) and p in units[0].values.powers]
        if not powers:
            return f"{units[0].id} has no Power that fires yet: '65 22"
        bonus, max_range, joinable = FIRE_POWERS[powers[0]]
        bonus += block.hef_bonus
    if block.shots > 1:
        joinable = False
    if block.effect == "reload_and_fire":
        joinable = False
        if world.last_target.get(units[0].id) != target.id:
            return "Reload & Fire shoots again at the unit's original target: '65 18o"
    if not joinable and len(units) > 1:
        return "this action fires one unit: '65 18, 22"
    return units, target, bonus, joinable, max_range


def fire_legal(world: World, seat: int, play: Play, block: BlockDef) -> str | None:
    """Fire (18f), Flanking Fire played as plain fire (18g), Punishing Fire's first shot
    (18k), Reload & Fire (18o) and the firing Powers (22a, 22d); AP fire at a hard target
    is vehicles/ap_fire.py's (15); Cannister only for the PT-76 and M-48 (18c, version 6)."""
    reason = fire_mode_refusal(world, play, target_hard=uses_ap(world, play))  # 17b
    if reason is not None:
        return reason
    if uses_ap(world, play):
        return ap_fire_refusal(world, seat, play, block)
    if play.ammo is not None:
        reason = ammo_refusal(world, play)
        if reason is not None:
            return reason
    if block.id == "cannister" and world.edition >= 6:
        reason = cannister_fire_refusal(world, play)
        if reason is not None:
            return reason
    setup = _fire_setup(world, seat, play, block)
    if isinstance(setup, str):
        return setup
    units, target, _, _, max_range = setup
    if world.edition >= 7:  # 17b: judged in the mode this activation declares (version 7)
        units = [as_declared(units[0], play.mode), *units[1:]]
    if play.spread:
        if not units[0].has("suppression"):
            return f"{units[0].id} has no Suppression to spread its fire: '65 21g"
        # 21g: the whole hex is the target, so a Hero there may be named
        others = [u for u in world.live() if u.hex == target.hex and u.seat == target.seat]
        others = [u for u in others if u.values.af is None and u.carrier is None] or others
        target = min(others, key=lambda u: (u.hero, u.id))
    reason = fire_refusal(
        world.field,
        world.data.rules,
        units[0],
        units[1:],
        target,
        world.live(),
        reloading=block.effect == "reload_and_fire",
        max_range=max_range,
        flanking=block.id == "flanking_fire",
        passengers_fire=passengers_may_fire(world, units),
    )
    if reason is not None:
        return reason
    reason = bunker_line_refusal(world, units, target)  # 23b: through the front only
    if reason is not None:
        return reason
    return _supports(world, seat, play, units[0])[1]


def fire_plan(
    world: World, seat: int, play: Play, block: BlockDef, *, paid: bool = False
) -> FirePlan:
    """The numbers of a legal fire-type ``play`` exactly as resolving it will use them
    (also the rules calculator's); ``paid``: its support cards are already spent."""
    setup = _fire_setup(world, seat, play, block)
    assert not isinstance(setup, str)
    units, target, bonus, _, _ = setup
    support_bonus, _ = _supports(world, seat, play, units[0], paid=paid)
    units = [as_firing(world, u) for u in units]  # scenarios 4, 6: a passenger's HEF
    return plan_fire(
        world.field,
        world.data.rules,
        units[0],
        units[1:],
        target,
        world.live(),
        card_bonus=bonus + support_bonus,
        cover_bonus=bunker_cover_bonus(world, target),  # 23b: +1 CF in a bunker
        flanking=block.id == "flanking_fire",
    )


def fire_resolve(
    world: World, seat: int, play: Play, block: BlockDef, *, paid: bool = False
) -> list[Event]:
    """Fire a legal fire-type ``play``: its support cards are discarded (unless ``paid``,
    spent already when Move & Fire was played, 19c), the units marked, the attack opened."""
    if uses_ap(world, play):
        return ap_fire_resolve(world, seat, play, block)
    setup = _fire_setup(world, seat, play, block)
    assert not isinstance(setup, str)
    units, target, _, _, _ = setup
    plan = fire_plan(world, seat, play, block, paid=paid)
    events: list[Event] = []
    for cid in () if paid else play.supports or ():
        world.discard_card(seat, cid)
        events.append(CardDiscarded(seat=seat, card=cid))
    lead_mark = Marker.OPS_COMPLETE if block.effect == "power" else block.marks
    units[0].marker = lead_mark
    for other in units[1:]:
        other.marker = Marker.FIRED
    for u in units:
        world.last_target[u.id] = target.id
    events.append(
        FireDeclared(
            lead=units[0].id,
            supporting=tuple(u.id for u in units[1:]),
            target=target.id,
            numbers=tuple(plan.numbers().items()),
        )
    )
    again = (play.card, block.id) if block.shots > 1 else None
    if not plan.aborted:
        hits_on = fire_hits_on(world, units[0], block.hits_on or (HitColour.GREEN,))  # 17b
        attack = Attack(seat, tuple(u.id for u in units), target.id, hits_on, plan.damage_draw)
        attack.again = again
        attack.spread = bool(play.spread)
        open_attack(world, attack)
    elif again is not None:
        world.second_shot = (play.card, block.id, units[0].id, target.id)
    return events


def fire_second_shot(world: World, events: list[Event]) -> None:
    """18k: Punishing Fire's second shot at the same target, if it still can be fired
    (the target may have stepped out of sight or range)."""
    assert world.second_shot is not None
    card, block_id, unit_id, target_id = world.second_shot
    world.second_shot = None
    unit, target = world.units[unit_id], world.units[target_id]
    if unit.eliminated or target.eliminated or unit.hex is None or target.hex is None:
        return
    block = world.data.blocks[block_id].model_copy(update={"shots": 1})
    ready = replace(unit, marker=None)
    others = [u for u in world.live() if u.id != unit.id]
    if fire_refusal(world.field, world.data.rules, ready, [], target, [ready, *others]):
        return
    if bunker_line_refusal(world, [unit], target):  # 23b: it may have withdrawn
        return
    unit.marker = None
    events.extend(
        fire_resolve(world, unit.seat, Play(card, block_id, (unit_id,), target_id), block)
    )


# -- movement ---------------------------------------------------------------------------------
def _flat(movers: list[Counter], block: BlockDef) -> bool:
    """Scout (18p), or a Pathfinder moving with the units (21e): one MP per hex."""
    return block.flat_cost or any(pathfinding(m) for m in movers)


def move_and_fire_flat(world: World, unit: Counter) -> bool:
    """21e (rules version 9): a Pathfinder on Move & Fire pays 1 MP per hex, as on any
    other move (version 8 charged him the terrain's cost)."""
    return world.edition >= 9 and pathfinding(unit)


def move_legal(world: World, seat: int, play: Play, block: BlockDef) -> str | None:
    """Move (18i), Fast Move (18e) and Scout (18p): the units of one hex, each an
    Eligible Unit, along the path, each within its own movement points."""
    if play.target:
        return "a move action names no target: '65 18i"
    live = world.live()  # the world stands still while a play is judged
    if play.supports and not (
        play.path and any(u.hex == play.path[-1] and u.seat != seat for u in live)
    ):
        return "a move names support cards only for the assault it starts: '65 18i, 19b"
    movers = own_units(world, seat, play)
    if isinstance(movers, str):
        return movers
    if any(is_helicopter(m) for m in movers):  # 17b
        return helicopter_move_legal(world, seat, play, block, movers)
    if block.hexes > 1 and not all(m.leg for m in movers) and not riding(world, movers, play):
        return "Let's Get 'Em! moves Leg units (and their carriers, 8j): '65 18h"
    if block.units is not None and len(movers) > block.units:
        return f"{block.name} moves {block.units} unit: '65 18p"
    if block.flat_cost and not all(m.leg for m in movers):
        return "Scout moves a Leg unit: '65 18p"
    if len({m.hex for m in movers}) != 1:
        return "a move activates the units of one hex: '65 6c"
    if play.facings is not None and not any(is_vehicle(m) for m in movers):
        return "only a vehicle faces a hex corner: '65 7b, 15d"
    turning = play.facings is not None and len(movers) == 1  # 7b: a pivot in place
    plan = transport_plan(world, seat, play, block, movers)  # 8a
    if isinstance(plan, str):
        return plan
    if not play.path and not turning and plan is None:
        return "give the path of hexes entered: '65 7"
    end = play.path[-1] if play.path else movers[0].hex
    assault = bool(play.path) and any(u.hex == end and u.seat != seat for u in live)
    for m in movers:
        if not m.eligible:
            return f"{m.id} is not an Eligible Unit: '65 4c"
        if assault and not can_assault(m):
            return f"{m.id} cannot start an assault (no Assault ability, or Shaken): '65 13a"
        points = movement_points(m, bonus=block.mf_bonus, half=block.mf_half)
        flat = _flat(movers, block)
        if world.carrier_half is not None and world.carrier_half[0] == m.id:
            if world.carrier_half[1] <= 0:
                return "Shaken passengers got off: neither they nor the carrier move on: '65 8g"
            points = carrier_half_points(world, m, points)  # 8a case 3: half its MF
        if plan is not None:
            points = plan.mover_mp  # 8a, 8i: half the MF, a Fast Move's point first
            if not play.path and not play.facings:
                continue  # loading or unloading in place
        if is_vehicle(m):  # 7b, 15d: facing, pivots and reversing (vehicles/moves.py)
            reason = vehicle_move_refusal(
                world, m, play.path or (), play.facings, points, moving_with=movers,
                assault=assault,
            )  # fmt: skip
        else:
            reason = path_refusal(
                world.field, world.data.rules, m, play.path or (), points, live,
                flat=flat, moving_with=movers, assault=assault,
            )  # fmt: skip
        if reason is not None:
            return reason
    if play.supports and play.path:
        return assault_support_refusal(world, seat, movers, play.path[-1], play.supports)
    return None


def move_resolve(world: World, seat: int, play: Play, block: BlockDef) -> list[Event]:
    """The units set off; the flow moves them hex by hex (movement/opportunity.py)."""
    movers = own_units(world, seat, play)
    assert not isinstance(movers, str)
    path = play.path or ()
    events: list[Event] = []
    if path and any(u.hex == path[-1] and u.seat != seat for u in world.live()):
        end = path[-1]
        came_from = path[-2] if len(path) > 1 else movers[0].hex
        assert came_from is not None
        world.assaults.setdefault(end, []).extend((m.id, came_from) for m in movers)
        record_attack_supports(world, seat, end, play.supports or (), events)
    plan = transport_plan(world, seat, play, block, movers)
    assert not isinstance(plan, str)
    for m in movers:
        m.marker = block.marks
    flying = is_helicopter(movers[0])  # 17a: its card may be any card, moving it alone
    if world.edition >= 2 and block.units is None and movers[0].hex is not None and not flying:
        world.split = (block.id, movers[0].hex)  # Interpretation 8: others may follow
    if plan is not None:
        start_transport(world, plan, events)  # 8a: boarding or getting off first
        note_set_down(world, plan, block)  # 17b (version 7): they may walk on
    facings = moving_facings(world, movers, play, bonus=block.mf_bonus, half=block.mf_half)
    if is_helicopter(movers[0]):
        facings = flight_facings(world, movers[0], path) if path else None  # 17b
    if plan is not None and movers[0].id in plan.passengers:
        facings = None  # the Leg unit walks
    start_movement(world, seat, tuple(m.id for m in movers), path, facings=facings)
    if world.movement is not None:
        world.movement.transport = plan
        world.movement.flat = _flat(movers, block)  # 18p, 21e: the log's 1 MP a hex
    if block.hexes > 1 and movers[0].hex is not None:
        world.follow_up = (block.id, movers[0].hex)  # 18h: a second hex may follow
    return events


def move_and_fire_legal(world: World, seat: int, play: Play, block: BlockDef) -> str | None:
    """Move & Fire (18j): one Eligible Unit moves up to half its MF (rounded up), then
    fires, hitting soft targets on the yellow and red Hits; Ops Complete after."""
    units = own_units(world, seat, play)
    if isinstance(units, str):
        return units
    if len(units) != 1:
        return "Move & Fire activates one unit: '65 18j"
    unit = units[0]
    if unit.has("no_move_and_fire"):
        return f"{unit.id} cannot use Move & Fire: '65 21f"
    if not unit.eligible:
        return f"{unit.id} is not an Eligible Unit: '65 4c"
    if play.facings is not None and not is_vehicle(unit):
        return "only a vehicle faces a hex corner: '65 7b, 15d"
    if is_helicopter(unit):  # 17b: it flies as far as it likes, then fires by its mode
        if play.path or play.mode:
            moving = replace(play, target=None)
            reason = helicopter_move_legal(world, seat, moving, block, units)
            if reason is not None:
                return reason
    elif play.path or play.facings is not None:
        points = movement_points(unit, half=True)
        if is_vehicle(unit):  # 15d: a vehicle may turn (or drive) before it fires
            reason = vehicle_move_refusal(world, unit, play.path or (), play.facings, points)
        else:
            reason = path_refusal(
                world.field, world.data.rules, unit, play.path or (), points, world.live(),
                flat=move_and_fire_flat(world, unit),
            )  # fmt: skip
        if reason is not None:
            return reason
    facing = unit.facing
    if is_vehicle(unit) and (play.path or play.facings is not None):
        facing = (moving_facings(world, units, play, half=True) or (facing,))[-1]  # 15d
    end = play.path[-1] if play.path else unit.hex
    moved = replace(unit, hex=end, mode=play.mode or unit.mode, facing=facing)
    others = [u for u in world.live() if u.id != unit.id]
    reason = fire_mode_refusal(world, play, target_hard=uses_ap(world, play))  # 17b
    if reason is not None:
        return reason
    if uses_ap(world, play):  # 15a, 23b: Move & Fire at a hard target (a bunker) shoots AP
        return ap_fire_refusal(world, seat, play, block, from_hex=moved.hex, facing=facing)
    target = world.units.get(play.target or "")
    if target is None:
        return "Move & Fire must fire at an enemy unit: '65 18j"
    reason = fire_refusal(world.field, world.data.rules, moved, [], target, [moved, *others])
    if reason is not None:
        return reason
    reason = bunker_line_refusal(world, [moved], target)  # 23b: through the front only
    if reason is not None:
        return reason
    return _supports(world, seat, play, unit)[1]


def move_and_fire_resolve(world: World, seat: int, play: Play, block: BlockDef) -> list[Event]:
    """Move first (the defender's Opportunity Fire comes before the shot, 18j); the flow
    fires with :func:`fire_after_move` once the unit has entered its last hex."""
    units = own_units(world, seat, play)
    assert not isinstance(units, str) and play.target is not None
    if play.path or play.facings is not None:
        flat = move_and_fire_flat(world, units[0])  # 21e: before its Ops Complete marker
        units[0].marker = block.marks
        shot = (play.card, block.id, play.target, units[0].id)
        facings = moving_facings(world, units, play, half=True)
        if is_helicopter(units[0]):
            facings = flight_facings(world, units[0], play.path) if play.path else None
        start_movement(world, seat, (units[0].id,), play.path or (), shot, facings, play.ammo)
        if world.movement is not None:
            world.movement.flat = flat
        events: list[Event] = []
        if world.edition >= 9 and play.supports and world.movement is not None:
            # 19c (version 9): Bullet Storm is played with the action and backs its shot
            world.movement.supports = play.supports
            for cid in play.supports:
                world.discard_card(seat, cid)
                events.append(CardDiscarded(seat=seat, card=cid))
        return events
    return fire_resolve(world, seat, play, block)


def fire_after_move(
    world: World,
    seat: int,
    shot: tuple[str, str, str, str],
    ammo: bool | None = None,
    supports: tuple[str, ...] = (),
) -> list[Event]:
    """18j: the unit fires after moving unless it was Shaken (or halted, or the shot is
    no longer possible, Interpretation 11); it is Ops Complete either way. ``ammo``: the
    AP or HE the play named for a shot at a truck (10b), kept for the shot;
    ``supports``: the support cards played with it, spent already (19c, version 9)."""
    card, block_id, target, unit_id = shot
    unit = world.units[unit_id]
    block = world.data.blocks[block_id]
    unit.marker = None
    play = Play(card, block_id, (unit_id,), target, ammo=ammo)
    if unit.shaken or unit.eliminated or fire_legal(world, seat, play, block) is not None:
        unit.marker = None if unit.eliminated else Marker.OPS_COMPLETE
        return []
    backed = replace(play, supports=supports) if supports else play
    return fire_resolve(world, seat, backed, block, paid=bool(supports))


# -- cards that change the count --------------------------------------------------------------
def extra_actions_legal(world: World, seat: int, play: Play, block: BlockDef) -> str | None:
    """Command Ops (18d): two more actions. Reinforcements (18n): draw a card, one more."""
    if play.units or play.target or play.path or play.supports:
        return f"{block.name} activates no unit: '65 18"
    return None


def extra_actions_resolve(world: World, seat: int, play: Play, block: BlockDef) -> list[Event]:
    events: list[Event] = []
    if block.id == "reinforcements":
        hand = world.hands[seat]
        before = len(hand)
        limit = min(world.data.rules.hand_size, before + 1)
        while len(hand) < limit and not world.turn_ending:
            card = world.draw(events)
            if card is None:
                break
            if world.is_downpour(card.id):
                world.downpour_drawn(card.id, events)  # 18r: played at once, not replaced
                break
            if not card.end_turn:
                hand.append(card.id)
    return events


def _splitting(world: World, units: tuple[str, ...]) -> bool:
    """Interpretation 8: every unit named stands in the hex the card's units left."""
    if world.split is None or not units:
        return False
    return all(uid in world.units and world.units[uid].hex == world.split[1] for uid in units)


def follow_refusal(
    world: World,
    seat: int,
    units: tuple[str, ...],
    path: tuple[str, ...],
    load: tuple[str, ...] | None = None,
    unload: tuple[str, ...] | None = None,
) -> str | None:
    """18h: Let's Get 'Em! moves a second hex of Eligible Leg units that started within
    two hexes of the first. Interpretation 8 (version 2): more units of the hex a Move,
    Fast Move or Let's Get 'Em! card moved from go by routes of their own (18e, 18i).
    17b (version 7): a passenger a landing helicopter set down walks on
    (helicopters/set_down.py)."""
    if is_set_down(world, units) and load is None and unload is None:
        return set_down_refusal(world, seat, units, path)
    if _splitting(world, units):
        assert world.split is not None
        block = world.data.blocks[world.split[0]].model_copy(update={"hexes": 1})
        split = Play("follow", block.id, units, path=path, load=load, unload=unload)
        return move_legal(world, seat, split, block)
    if world.follow_up is None:
        return "no second hex may move now: '65 18h"
    block_id, origin = world.follow_up
    block = world.data.blocks[block_id]
    play = Play("follow", block_id, units, path=path, load=load, unload=unload)
    movers = own_units(world, seat, play)
    if isinstance(movers, str):
        return movers
    if any(m.hex is None or world.field.distance(m.hex, origin) > 2 for m in movers):
        return "the second hex is within two hexes of the first: '65 18h"
    return move_legal(world, seat, play, block.model_copy(update={"hexes": 1}))


def follow_resolve(
    world: World,
    seat: int,
    units: tuple[str, ...],
    path: tuple[str, ...],
    load: tuple[str, ...] | None = None,
    unload: tuple[str, ...] | None = None,
) -> None:
    """Move the second hex of Let's Get 'Em!, or more units of the card's hex by their
    own route (after ``follow_refusal`` said None)."""
    if is_set_down(world, units) and load is None and unload is None:
        walk_on(world, seat, units, path)
        return
    if _splitting(world, units):
        assert world.split is not None
        block = world.data.blocks[world.split[0]].model_copy(update={"hexes": 1})
    else:
        assert world.follow_up is not None
        block = world.data.blocks[world.follow_up[0]].model_copy(update={"hexes": 1})
        world.follow_up = None
    play = Play("follow", block.id, units, path=path, load=load, unload=unload)
    move_resolve(world, seat, play, block)
