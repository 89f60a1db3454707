"""'65 AP fire through the cards (15, 19a, 19d, 20a, 20b, 20d, 10d3, 11): a Fire, Move &
Fire or Reload & Fire action at a hard target (or, with the word ``ap``, at a truck,
10b) shoots each named unit in turn (10d2: AP attackers never combine), every shot a
targeting draw and, on a hit, an armour draw (vehicles/fire.py has the numbers).

The windows open on every shot whether or not anyone holds a fitting card, as for soft
targets (combat/attack.py): before the targeting draw the defender may play Unexpected Cover
(CF 2, 20d) or First Fire (his vehicle shoots back, 20a); after a hit the firer may play
Critical Hit (+2 APF, 19d) and then the defender Glancing Shot (-2 on the bonus, 20b).
"""

from __future__ import annotations

from dataclasses import replace

from game.core.api import Event
from game.rules.sixty_five.actions import Play
from game.rules.sixty_five.data import BlockDef, Marker
from game.rules.sixty_five.events import CardDiscarded, FireDeclared, HitApplied
from game.rules.sixty_five.helicopters.sight import as_declared, is_helicopter, unit_sight
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.scenarios.highway import destroyed_outright
from game.rules.sixty_five.terrain.bunker_fire import (
    BunkerMark,
    bunker_hex,
    bunker_mark,
    bunker_target_refusal,
    target_name,
    wreck_bunker,
)
from game.rules.sixty_five.terrain.fortified import out_of_bunker_refusal
from game.rules.sixty_five.vehicles.ap_state import ApAttack
from game.rules.sixty_five.vehicles.data import FortificationRules, load_vehicle_data
from game.rules.sixty_five.vehicles.events import ApArmourDrawn, ApTargetingDrawn
from game.rules.sixty_five.vehicles.facing import Arc, arc_of, fixed_weapon_refusal
from game.rules.sixty_five.vehicles.fire import (
    ApShot,
    Armour,
    Shot,
    Targeting,
    aimed_shot_refusal,
    ap_range_modifier,
    apply_shot,
    armour_result,
    artillery_armour_result,
    critical_hit_refusal,
    first_fire_marker,
    first_fire_refusal,
    glancing_shot_refusal,
    plan_penetration,
    plan_to_hit,
    shot_outcome,
    targeting_result,
)
from game.rules.sixty_five.vehicles.moves import facing_of, is_vehicle
from game.rules.sixty_five.world import Pending, Window, World


def rules_of_bunkers() -> FortificationRules:
    """The constants of 23 (the bunker's AF 4)."""
    return load_vehicle_data().rules.fortifications


#: 15a: the actions that fire AP (First Fire is a reaction, 20a).
AP_BLOCKS = ("fire", "reload_and_fire", "move_and_fire")
AP_WINDOWS = (Window.AP_AIM, Window.AP_HIT)


Target = Counter | BunkerMark  # a unit, or the bunker itself (23b)


def is_hard(unit: Target) -> bool:
    """2c: a hard target has an Armor Factor (23b: the bunker itself is one; a helicopter
    is soft too, 17c: it takes AP fire only when named ``ap``, like a truck)."""
    if isinstance(unit, BunkerMark):
        return True
    return unit.values.af is not None and not is_helicopter(unit)


def armour_factor(unit: Target) -> int | None:
    """The AF an AP shot compares against: the printed AF, a truck's (10b), or the
    bunker's 4 (23b)."""
    if isinstance(unit, BunkerMark):
        return rules_of_bunkers().bunker_af
    if is_helicopter(unit) and unit.mode not in ("hovering", "landed"):
        return None  # 17c: a Flying helicopter is no hard target
    if unit.values.af is not None:
        return unit.values.af
    soft_af: int | None = getattr(unit.type, "soft_af", None)
    return soft_af


def target_of(world: World, target_id: str, attacker: int) -> Target | None:
    """The unit or the bunker (``bunker_HEX``, 23b) an AP attack of ``attacker`` is at."""
    if bunker_hex(target_id) is not None:
        return bunker_mark(world, target_id, attacker)
    return world.units.get(target_id)


def uses_ap(world: World, play: Play) -> bool:
    """Whether ``play`` is AP fire: at a hard target, or ``ap`` at a truck (10b), or at
    the bunker itself (23b)."""
    if bunker_hex(play.target) is not None:
        return True
    target = world.units.get(play.target or "")
    if target is None:
        return False
    return is_hard(target) or (bool(play.ammo) and armour_factor(target) is not None)


def ammo_refusal(world: World, play: Play) -> str | None:
    """10b: ``ap`` or ``he`` is named only for fire at a truck (a soft target with an
    armour factor for AP fire); a hard target takes AP fire only."""
    target = world.units.get(play.target or "")
    if target is None or play.ammo is None:
        return None
    if is_hard(target) and play.ammo is False:
        return f"{target.id} is a hard target: HE fire cannot harm it: '65 10b, 15"
    if armour_factor(target) is None:
        return "AP or HE is named only for fire at a truck or a helicopter not flying: '65 10b, 17c"
    return None


def _can_shoot_ap(unit: Counter) -> bool:
    return unit.values.apf is not None and unit.values.tm is not None


def ap_fire_refusal(
    world: World,
    seat: int,
    play: Play,
    block: BlockDef,
    *,
    from_hex: str | None = None,
    facing: int | None = None,
) -> str | None:
    """Why this AP fire may not happen (the rule), or None. ``from_hex`` and ``facing``:
    where a Move & Fire unit will stand, and the corner it will face, when it shoots
    (15d: a Fixed Weapon's front arc is the one it has at that moment)."""
    if block.id not in AP_BLOCKS:
        return (
            f"{block.name} fires HE only; AP fire takes Fire, Move & Fire or Reload & Fire: '65 15a"
        )
    if play.spread:
        return "Suppression spreads HE fire, not AP fire: '65 21g, 15"
    reason = ammo_refusal(world, play)
    if reason is not None:
        return reason
    if block.effect != "move_and_fire" and play.path:
        return "a fire action moves no unit: '65 18f"
    ids = play.units or ()
    units = [world.units.get(u) for u in ids]
    if bunker_hex(play.target) is not None:
        reason = bunker_target_refusal(world, seat, play.target or "")
        if reason is not None:
            return reason
    target = target_of(world, play.target or "", seat)
    if not ids or None in units or target is None or target.eliminated:
        return "name the firing unit(s) and the enemy unit fired at: '65 15a"
    shooters = [u for u in units if u is not None]
    if armour_factor(target) is None:
        return f"{target.id} is a soft target: AP fire hits hard targets and trucks: '65 10b, 15"
    if len(set(ids)) != len(ids):
        return "a unit is named twice: '65 6c"
    if len(shooters) > 1 and block.id != "fire":
        return f"{block.name} activates one unit: '65 18j, 18o"
    lead = shooters[0]
    here = from_hex or lead.hex
    if here is None or target.hex is None:
        return "both the firer and the target must be on the map: '65 10a"
    if target.seat == seat:
        return "the target must be an enemy unit: '65 10a"
    for u in shooters:
        if u.seat != seat or u.eliminated:
            return f"{u.id} is not a unit of this player: '65 6c"
        if not _can_shoot_ap(u):
            return f"{u.id} has no AP weapon (APF): '65 15a"
        if block.id == "reload_and_fire":
            if u.marker is not Marker.FIRED:
                return f"{u.id} is not marked Fired: '65 18o"
            if world.last_target.get(u.id) != target.id:
                return "Reload & Fire shoots again at the unit's original target: '65 18o"
        elif not u.eligible and block.id != "move_and_fire":
            return f"{u.id} is not an Eligible Unit: '65 4c"
        if u.shaken:
            return f"{u.id} is Shaken and cannot fire: '65 10c"
        if u is not lead and u.hex != lead.hex:
            return "the units of one hex fire: '65 6c, 10d2"
        arc = fixed_weapon_refusal(world.field, replace(u, hex=here), target.hex, facing=facing)
        if arc is not None:  # Move & Fire may pivot it first
            return arc
    if any(c.hex == here and c.seat != seat for c in world.live()):
        return "units cannot fire out of a hex they share with an enemy: '65 10a"
    if target.hex == here:
        return "ranged combat is against a unit in another hex: '65 10"
    distance = world.field.distance(here, target.hex)
    rules = world.data.vehicle_rules
    assert rules is not None
    if ap_range_modifier(rules.ap_range, distance) is None:
        return f"range {distance} is beyond the AP range table: '65 15c"
    if isinstance(target, BunkerMark):  # 23b: the bunker sits on the ground
        seen = world.field.los(here, target.hex)
    else:
        mode = play.mode if world.edition >= 7 else None  # 17b: the declared mode (v7)
        seen = unit_sight(world.field, replace(as_declared(lead, mode), hex=here), target)
    if not seen:
        return f"no line of sight from {here} to {target.hex}: '65 14"
    if world.fortifications:
        reason = out_of_bunker_refusal(world, shooters, here, target.hex)
        if reason is not None:
            return reason
    return _support_refusal(world, seat, play, block)


def _support_refusal(world: World, seat: int, play: Play, block: BlockDef) -> str | None:
    """19a: Aimed Shot is the one support card of AP fire (with a Fire action)."""
    for cid in play.supports or ():
        if cid not in world.hands[seat] or cid == play.card:
            return f"support card {cid} is not in this player's hand: '65 6b"
        if "aimed_shot" not in world.card(cid).blocks:
            return f"{cid} has no support block that backs AP fire (Aimed Shot): '65 19"
        reason = aimed_shot_refusal(block.id, True)
        if reason is not None:
            return reason
    if len(play.supports or ()) > 1:
        return "only one support card of each name per action: '65 3a, 19"
    return None


def ap_fire_resolve(world: World, seat: int, play: Play, block: BlockDef) -> list[Event]:
    """Declare the AP fire: supports discarded, the units marked (18f, 18j, 18o), the
    defender's window before the first targeting draw opened."""
    events: list[Event] = []
    for cid in play.supports or ():
        world.discard_card(seat, cid)
        events.append(CardDiscarded(seat=seat, card=cid))
    ids = play.units or ()
    target = target_of(world, play.target or "", seat)
    assert target is not None
    for i, uid in enumerate(ids):
        world.units[uid].marker = block.marks if i == 0 else Marker.FIRED
        world.last_target[uid] = target.id
    attack = ApAttack(seat, ids, target.id, block.id, aimed=bool(play.supports))
    shot = ap_shot(world, attack, world.units[ids[0]])
    numbers = {**shot.to_hit.numbers(), **shot.penetration.numbers()}
    events.append(
        FireDeclared(
            lead=ids[0], supporting=ids[1:], target=target.id, numbers=tuple(numbers.items())
        )
    )
    world.ap_attack = attack
    world.pending.append(Pending(target.seat, Window.AP_AIM, target.id))
    return events


def ap_shot(world: World, attack: ApAttack, shooter: Counter) -> ApShot:
    """The numbers of ``shooter``'s shot now (15a-d, 10d3, 19a, 19d, 20b, 20d, 21c)."""
    rules = world.data.vehicle_rules
    assert rules is not None
    target = target_of(world, attack.target, attack.seat)
    assert shooter.hex is not None and target is not None and target.hex is not None
    distance = world.field.distance(shooter.hex, target.hex)
    hides = world.field.terrain(target.hex).id in world.data.rules.hides_movement
    unit = target if isinstance(target, Counter) else None
    alone = not any(
        u.hex == target.hex and u.seat == target.seat and u is not target for u in world.live()
    )
    to_hit = plan_to_hit(
        rules,
        distance,
        shooter.values.tm or 0,
        world.field.cover(target.hex),
        aimed_shot=attack.aimed and shooter.id == attack.shooters[0] and attack.block == "fire",
        reload=attack.block == "reload_and_fire",
        unexpected_cover=attack.cover,
        moved=target.marker is Marker.MOVED and not is_helicopter(target),  # 17c
        hides_movement=hides,
        difficult=unit is not None and unit.has("difficult_target") and alone,
    )
    flank = (
        unit is not None
        and unit.type.facing
        and (arc_of(world.field, target.hex, facing_of(unit), shooter.hex) is Arc.FLANK)
    )
    af = armour_factor(target)
    assert af is not None
    pen = plan_penetration(
        rules,
        shooter.values.apf or 0,
        distance,
        af,
        flank=bool(flank) and is_hard(target),
        turret=attack.turret,
        critical_hit=attack.critical,
    )
    return ApShot(
        to_hit,
        pen,
        move_and_fire=attack.block == "move_and_fire",
        glancing=rules.glancing_shot_apf if attack.glancing else 0,
        turret_armour=rules.turret_armour,
    )


def continue_ap(world: World, events: list[Event]) -> None:
    """Draw the AP fire's cards until a window opens or every shooter has shot (15a-c)."""
    attack = world.ap_attack
    while attack is not None and not world.pending:
        target = target_of(world, attack.target, attack.seat)
        assert target is not None
        live = [s for s in attack.shooters if not world.units[s].eliminated and world.units[s].hex]
        if not live or target.eliminated:
            break
        if live[0] != attack.shooters[0]:
            attack.shooters = tuple(live)
            attack.stage = "aim"
        shooter = world.units[attack.shooters[0]]
        shot = ap_shot(world, attack, shooter)
        card = world.draw_spent(events)
        if card is None:
            break
        if attack.stage == "aim":
            result = targeting_result(card, shot.to_hit.number, move_and_fire=shot.move_and_fire)
            events.append(
                ApTargetingDrawn(
                    card=card.id, unit=shooter.id, target=target.id,
                    to_hit=shot.to_hit.number, result=result.value,
                )
            )  # fmt: skip
            truck = target if isinstance(target, Counter) else None  # never a bunker
            if result.hit and truck and destroyed_outright(world.highway, shooter, truck):
                if attack.opportunity:  # scenario 6: an RPG hit destroys a truck outright
                    _halt(world, truck)
                apply_ap_outcome(world, truck, Shot.DESTROYED, events)
                _next_shot(world, attack, events)
                continue
            if result.hit:
                attack.stage, attack.turret = "hit", result is Targeting.TURRET_HIT
                if attack.opportunity:
                    _halt(world, target)
                world.pending.append(Pending(target.seat, Window.AP_HIT, target.id))
                world.pending.append(Pending(attack.seat, Window.AP_HIT, shooter.id))
                continue
            _next_shot(world, attack, events)
            continue
        pen = shot.penetration
        armour = armour_result(card, pen.modified_apf, pen.armour, glancing=shot.glancing)
        outcome = shot_outcome(Targeting.HIT, armour)
        events.append(
            ApArmourDrawn(
                card=card.id, unit=shooter.id, target=target.id,
                modified_apf=pen.modified_apf, armour=pen.armour,
                result=armour.value,
            )
        )  # fmt: skip
        if isinstance(target, BunkerMark):
            wreck_bunker(world, target.hex, armour, events)  # 23b
        else:
            apply_ap_outcome(world, target, outcome, events)
        _next_shot(world, attack, events)
    if attack is not None and not world.pending:
        world.ap_attack = None


def _halt(world: World, target: Target) -> None:
    """11: Opportunity Fire that hits stops the mover (Ops Complete)."""
    from game.rules.sixty_five.combat.attack import halt

    halt(world, target.id)


def _next_shot(world: World, attack: ApAttack, events: list[Event]) -> None:
    """After one shot: First Fire's answer (20a, both results stand), then the next
    shooter's targeting draw with the defender's window before it."""
    if attack.answer is not None:
        answering, at = world.units[attack.answer], world.units[attack.shooters[0]]
        moving, attack.answer, attack.answer_moving = attack.answer_moving, None, False
        if not at.eliminated:
            answer_shot(world, answering, at, events, moving=moving)
    attack.shooters = attack.shooters[1:]
    attack.stage, attack.turret, attack.critical, attack.glancing = "aim", False, False, False
    target = target_of(world, attack.target, attack.seat)
    if attack.shooters and target is not None and not target.eliminated:
        world.pending.append(Pending(target.seat, Window.AP_AIM, target.id))


def answer_shot(
    world: World, shooter: Counter, target: Counter, events: list[Event], *, moving: bool = False
) -> None:
    """20a: the First Fire vehicle's shot, both draws at once (Interpretation 31 of
    sixty_five_vehicles.md: no reaction answers a reaction). A Fire-marked unit shoots:
    it was Eligible when the card was played. ``moving``: the vehicle is on a Move &
    Fire action, so an MF card misses (15b, Interpretation 86)."""
    answer = ApAttack(shooter.seat, (shooter.id,), target.id, "fire")
    shot = ap_shot(world, answer, shooter)
    first = world.draw_spent(events)
    if first is None:
        return
    result = targeting_result(first, shot.to_hit.number, move_and_fire=moving)
    events.append(
        ApTargetingDrawn(
            card=first.id, unit=shooter.id, target=target.id, to_hit=shot.to_hit.number,
            result=result.value,
        )
    )  # fmt: skip
    if not result.hit:
        return
    pen = shot.penetration
    rules = world.data.vehicle_rules
    assert rules is not None
    turret = rules.turret_armour if result is Targeting.TURRET_HIT else 0
    second = world.draw_spent(events)
    if second is None:
        return
    armour = armour_result(second, pen.modified_apf, pen.armour + turret)
    events.append(
        ApArmourDrawn(
            card=second.id, unit=shooter.id, target=target.id, modified_apf=pen.modified_apf,
            armour=pen.armour + turret, result=armour.value,
        )
    )  # fmt: skip
    apply_ap_outcome(world, target, shot_outcome(Targeting.HIT, armour), events)


def apply_ap_outcome(world: World, target: Counter, outcome: Shot, events: list[Event]) -> None:
    """15c: destroyed, the vehicle becomes its wreck; Shake! Shakes it. Its passengers'
    two hits (8e) or Shaking (8f) and the wreck (9) follow at the end of the action
    (transport_moves.vehicle_aftermath)."""
    result = apply_shot(target, outcome)
    if result is not None:
        events.append(HitApplied(unit=target.id, result=result.value))


# -- reactions ------------------------------------------------------------------------------
def ap_reaction_refusal(world: World, seat: int, card_id: str, block_id: str) -> str | None:
    """Unexpected Cover and First Fire before a targeting draw (20d, 20a); Critical Hit
    (the firer) and Glancing Shot (the defender) after a hit (19d, 20b)."""
    attack = world.ap_attack
    if attack is None or not world.pending or world.pending[-1].seat != seat:
        return "no reaction window is open for this player: '65 20"
    if card_id not in world.hands[seat]:
        return f"{card_id} is not in this player's hand: '65 20"
    if block_id not in world.card(card_id).blocks:
        return f"{card_id} has no {block_id} block: '65 3a"
    if block_id in attack.reactions:
        return "one reaction of each name per action: '65 20"
    window = world.pending[-1].window
    target, shooter = target_of(world, attack.target, attack.seat), world.units[attack.shooters[0]]
    assert target is not None
    hard = is_hard(target)
    if window is Window.AP_AIM and block_id == "unexpected_cover":
        return None if hard else "Unexpected Cover as CF 2 is for hard targets here: '65 20d"
    if window is Window.AP_AIM and block_id == "first_fire":
        if isinstance(target, BunkerMark):
            return "a bunker does not fire back: First Fire is a vehicle's: '65 20a"
        return _first_fire_refusal(world, target, shooter)
    targeting = Targeting.HIT if attack.stage == "hit" else None
    if window is Window.AP_HIT and seat == attack.seat and block_id == "critical_hit":
        return critical_hit_refusal(targeting, hard)
    if window is Window.AP_HIT and seat != attack.seat and block_id == "glancing_shot":
        return glancing_shot_refusal(targeting, hard)
    return f"{block_id} cannot answer this moment of the AP fire: '65 19, 20"


def moving_and_firing(world: World, unit_id: str) -> bool:
    """20a (rules version 7): ``unit_id`` is on a Move & Fire action, its shot still to
    come, and the AP fire at it now is Opportunity Fire during that move."""
    move, attack = world.movement, world.ap_attack
    if world.edition < 7 or move is None or attack is None or not attack.opportunity:
        return False
    return move.then_fire is not None and unit_id in move.units


def _first_fire_refusal(world: World, target: Counter, shooter: Counter) -> str | None:
    """20a: the target vehicle, Eligible (or, from rules version 7, on a Move & Fire
    action) and unshaken, able to shoot AP back at the vehicle firing at it (line of
    sight, AP range)."""
    reason = first_fire_refusal(
        is_vehicle(shooter),
        is_vehicle(target),
        eligible=target.eligible,
        moving_and_firing=moving_and_firing(world, target.id),
    )
    if reason is not None:
        return reason
    if target.shaken or not _can_shoot_ap(target):
        return f"{target.id} cannot fire back (Shaken, or no AP weapon): '65 20a, 10c"
    assert target.hex is not None and shooter.hex is not None
    rules = world.data.vehicle_rules
    assert rules is not None
    if ap_range_modifier(rules.ap_range, world.field.distance(target.hex, shooter.hex)) is None:
        return "the firing vehicle is beyond the AP range table: '65 15c"
    if not unit_sight(world.field, target, shooter):  # 14, 17d
        return "no line of sight back to the firing vehicle: '65 14"
    return None


def ap_react(world: World, seat: int, card_id: str, block_id: str) -> None:
    """Play a reaction in the open AP window (after ``ap_reaction_refusal`` said None)."""
    world.pending.pop()
    attack = world.ap_attack
    assert attack is not None
    world.discard_card(seat, card_id)
    attack.reactions = (*attack.reactions, block_id)
    if block_id == "unexpected_cover":
        attack.cover = True
    elif block_id == "first_fire":
        attack.answer = attack.target
        attack.answer_moving = moving_and_firing(world, attack.target)
        world.units[attack.target].marker = first_fire_marker(attack.answer_moving)  # 20a
        if attack.answer_moving:  # Interpretation 86: the action's one shot, taken now
            _halt(world, world.units[attack.target])
            assert world.movement is not None
            world.movement.then_fire = None
    elif block_id == "critical_hit":
        attack.critical = True
    elif block_id == "glancing_shot":
        attack.glancing = True


def artillery_on_hard_targets(
    world: World, seat: int, hex_id: str, apf: int, events: list[Event]
) -> None:
    """12: each hard target of the other side in a struck hex: one card, its APF bonus
    added to the strike's attack factor (Interpretation 44: the HEF it strikes with,
    Heavy Artillery's +1 included) and compared with the AF (no flank: it falls from
    above); at least the AF, or Destroy!, or Shake!, Shakes it; artillery never
    destroys a hard target (vehicle_fire.artillery_armour_result)."""
    hex_on_hard_targets(world, seat, hex_id, apf, events, source="artillery")


def hex_on_hard_targets(
    world: World, seat: int, hex_id: str, apf: int, events: list[Event], *, source: str
) -> None:
    """An attack on a whole hex against each hard target of the other side there (not
    a loaded passenger): one armour card each, no targeting draw, no flank armour.
    ``source`` artillery (12: a Shake at most) or satchel (22g, Interpretation 65: the
    Satchel Charge's 5 as its APF, which may destroy; the wreck follows at the end of
    the action, as for AP fire)."""
    for target in placed_hard_targets(world, seat, hex_id):
        af = target.values.af
        assert af is not None
        result = _placed_armour_draw(world, events, apf, af, source=source, target=target.id)
        if result is None:
            return
        apply_ap_outcome(world, target, shot_outcome(Targeting.HIT, result), events)


def placed_hard_targets(world: World, seat: int, hex_id: str) -> list[Counter]:
    """The units of the other side in ``hex_id`` that an attack on the whole hex gives an
    armour draw: those with an AF, not a loaded passenger and no helicopter (17c:
    artillery hits a Landed helicopter as a soft target only)."""
    return [
        u for u in world.live()
        if u.hex == hex_id and u.seat != seat and u.values.af is not None
        and u.carrier is None and not is_helicopter(u)
    ]  # fmt: skip


def bunker_armour_draw(
    world: World, hex_id: str, apf: int, events: list[Event], *, source: str
) -> None:
    """23b: artillery used as AP (``source`` artillery: a Shake at most, 12 and
    Interpretation 7) or a Satchel Charge (satchel: its 5 as APF, Interpretation 65) on
    the bunker itself: one armour card against its AF 4, from any side."""
    af = rules_of_bunkers().bunker_af
    result = _placed_armour_draw(world, events, apf, af, source=source, target=target_name(hex_id))
    if result is not None:
        wreck_bunker(world, hex_id, result, events)


def _placed_armour_draw(
    world: World, events: list[Event], apf: int, af: int, *, source: str, target: str
) -> Armour | None:
    """One armour card of an attack placed on its hex (no targeting draw): artillery's
    (12: a Shake at most) or the Satchel Charge's; None when no card is left."""
    card = world.draw_spent(events)
    if card is None:
        return None
    if source == "artillery":
        result = artillery_armour_result(card, apf, af)
    else:
        result = armour_result(card, apf, af)
    events.append(
        ApArmourDrawn(
            card=card.id, unit=source, target=target, modified_apf=apf, armour=af,
            result=result.value,
        )
    )  # fmt: skip
    return result
