"""Shooting at a vehicle and what its damage does (rules version 3): the roll to hit
(12.7: +2 against the vehicle itself, the Full Speed +1, a firer aboard a moving
vehicle), the Armour test (12.5), the 12.51 result and its aftermath: an Immobilised
vehicle's mounted weapon (D6 4+) and its driver's Drive test TN 6 against a crash,
the crash itself (12.6, 12.61), a Destroyed vehicle's explosion (everyone inside
killed, everyone within 4" tests against D6+4), and the HEAP round bursting inside
(7.6)."""

from __future__ import annotations

from game.core.api import DieRolled, Event
from game.rules.five_five_six.board import Board
from game.rules.five_five_six.checks import Check, ContestResult, Modifier, roll_d6
from game.rules.five_five_six.combat.ammo_play import spend
from game.rules.five_five_six.combat.arms import firearm, lacks_skill, round_of, shot_range
from game.rules.five_five_six.combat.fire import FireSituation, concealment_of, fire_check
from game.rules.five_five_six.combat.weapons import aim_bonus, damage_at
from game.rules.five_five_six.combat.wounding import kill, suffer
from game.rules.five_five_six.events import Died, ShotFired
from game.rules.five_five_six.helicopters.legal import come_down
from game.rules.five_five_six.model import Character, Status
from game.rules.five_five_six.morale.play import after_death
from game.rules.five_five_six.penalties import THERMAL, penalties
from game.rules.five_five_six.rolls import check_rolled
from game.rules.five_five_six.squads.second_chances import check_again
from game.rules.five_five_six.vehicles.aim import with_vehicles
from game.rules.five_five_six.vehicles.crash import crash_damage
from game.rules.five_five_six.vehicles.damage import (
    add_damage,
    aftermath,
    armour_contest,
    crash_armour_contest,
    damage_from_margin,
    interior_damage,
    weapons_survive,
)
from game.rules.five_five_six.vehicles.data import VehicleDamage
from game.rules.five_five_six.vehicles.drive import crash_avoid_check
from game.rules.five_five_six.vehicles.events import (
    CrashPath,
    VehicleCrashed,
    VehicleDamaged,
    VehicleExploded,
)
from game.rules.five_five_six.vehicles.shared import STATIONARY, trained
from game.rules.five_five_six.vehicles.state import Vehicle


def vehicle_shot_check(
    board: Board,
    firer: Character,
    vehicle: Vehicle,
    weapon_id: str,
    *,
    round_id: str | None = None,
    aimed: bool = False,
) -> Check | None:
    """The roll to hit a vehicle (None: out of range): range to its nearest edge, its
    concealment by what hides it, the firer's own penalties, Aim, and the vehicle
    modifiers (``vehicle_aim.with_vehicles``)."""
    weapon = firearm(weapon_id)
    round_id = round_of(firer, weapon_id, round_id)
    gap_in = board.vehicle_gap(firer, vehicle) / 100
    category = shot_range(weapon, round_id, gap_in)
    if category is None:
        return None
    go = board.go
    acting = go is not None and go.character == firer.id
    second = acting and go is not None and go.fired_at == vehicle.id
    aimed = acting and go is not None and (go.aimed or aimed) and not second
    sight = board.vehicle_sight(firer, vehicle)
    base = FireSituation(
        concealment=concealment_of(sight.visible_share),
        specialist_without_skill=lacks_skill(firer, weapon_id),
        thermal_sight=THERMAL in firer.profile.gear,
        respirator="respirator" in firer.profile.gear,
        second_shot_recoil=second and weapon.second_fire_penalty > 0,
        extra=penalties(board, firer, distance_in=gap_in, firing=True),
        aim_bonus=aim_bonus(
            weapon, category, telescopic_sight="telescopic_sight" in firer.profile.gear
        )
        if aimed
        else 0,
    )
    situation = with_vehicles(board, firer, weapon_id, base, vehicle=vehicle)
    return fire_check(category.value, firer.profile.weapons, situation)


def fire_at_vehicle(
    board: Board, firer: Character, weapon_id: str, vehicle: Vehicle, round_id: str | None
) -> list[Event]:
    """12.7: one shot at the vehicle itself; a hit rolls its Damage against the
    vehicle's Armour (12.5)."""
    weapon = firearm(weapon_id)
    round_id = round_of(firer, weapon_id, round_id)
    check = vehicle_shot_check(board, firer, vehicle, weapon_id, round_id=round_id)
    assert check is not None  # why_not checked the range
    go = board.go
    if go is not None and go.character == firer.id:
        go.fired_at = vehicle.id
    firer.fired_turn = board.turn
    firer.fired_silenced = weapon.suppressed
    firer.moved_since_fired = False
    firer.hidden = False
    hit = check.roll(board.rng)
    events: list[Event] = [
        check_rolled(firer, f"fires his {weapon.name} at the {vehicle.name}", hit)
    ]
    hit, again = check_again(board, firer, "fire", hit)
    events += again
    events += spend(board, firer, weapon_id, hit.roll)
    events.append(
        ShotFired(
            character=firer.id,
            label=firer.name,
            target=vehicle.id,
            target_label=f"the {vehicle.name}",
            weapon=weapon.name,
            hit=hit.success,
        )
    )
    if not hit.success:
        return events
    gap_in = board.vehicle_gap(firer, vehicle) / 100
    category = shot_range(weapon, round_id, gap_in)
    assert category is not None
    damage = damage_at(weapon, category, round_id=round_id) or weapon.damage or 0
    contest = armour_contest(
        damage,
        vehicle.profile,
        immobilised=VehicleDamage.IMMOBILISED in vehicle.damage,
        damage_name=f"{weapon.name} damage",
    )
    result = contest.roll(board.rng)
    events += armour_rolled(vehicle, result)
    events += damage_vehicle(board, vehicle, damage_from_margin(result.margin))
    burst = interior_damage(weapon_id, round_id, result.margin)
    if burst is not None:
        for inside in board.aboard(vehicle):
            if inside.on_table:
                events += suffer(board, inside, burst, "HEAP burst inside")
    return events


def armour_rolled(vehicle: Vehicle, result: ContestResult) -> list[Event]:
    """The damage TN rolled and the vehicle's Armour test against it, as log rolls."""
    contest = result.contest
    return [
        DieRolled(
            who="Damage",
            purpose=f"to the {vehicle.name} (the TN)",
            die="D6",
            faces=(result.tn_roll,),
            modifiers=tuple((m.name, m.value) for m in contest.tn_bonuses),
        ),
        DieRolled(
            who=vehicle.name,
            purpose="tests its Armour",
            die="D6",
            faces=(result.roll,),
            modifiers=tuple((m.name, m.value) for m in contest.bonuses),
            target=result.tn,
            success=result.success,
        ),
    ]


def damage_vehicle(board: Board, vehicle: Vehicle, level: VehicleDamage | None) -> list[Event]:
    """12.51: the result added to its damage (a second Minor is Major), then what an
    Immobilised or Destroyed result brings. A second Immobilised result adds nothing
    (Interpretation V28)."""
    if level is VehicleDamage.IMMOBILISED and level in vehicle.damage:
        level = None
    before = len(vehicle.damage)
    vehicle.damage = list(add_damage(tuple(vehicle.damage), level))
    got = vehicle.damage[-1] if len(vehicle.damage) > before else None
    events: list[Event] = [
        VehicleDamaged(
            vehicle=vehicle.id, label=vehicle.name, result="" if got is None else got.label
        )
    ]
    if got is VehicleDamage.IMMOBILISED:
        events += immobilised(board, vehicle)
    elif got is VehicleDamage.DESTROYED:
        events += destroyed(board, vehicle)
    return events


def immobilised(board: Board, vehicle: Vehicle) -> list[Event]:
    """12.51 -4: its weapons still work on a D6 of 4+; a moving vehicle's driver tests
    Drive TN 6 or it crashes (nobody able to drive: it crashes, Interpretation V21);
    either way it comes to a halt."""
    events: list[Event] = []
    if vehicle.weapon is not None:
        face = roll_d6(board.rng)
        vehicle.weapons_work = weapons_survive(face)
        events.append(
            DieRolled(
                who=vehicle.name,
                purpose="Mounted weapons still work",
                die="D6",
                faces=(face,),
                target=4,
                success=vehicle.weapons_work,
            )
        )
    after = aftermath(VehicleDamage.IMMOBILISED, vehicle.profile.kind, vehicle.motion)
    crashes = after.crash == "automatic"
    if after.crash == "drive_test":
        driver = board.in_seat(vehicle, "driver")
        crashes = True
        if driver is not None and driver.can_act:
            check = crash_avoid_check(
                vehicle.profile,
                driver.profile.morale,
                trained=trained(driver.profile.skills, vehicle.profile.kind),
                damage_penalty=vehicle.effects.tn_penalty,
                extra=(Modifier("Wounds", driver.effects.tn_penalty),),
            )
            result = check.roll(board.rng)
            events.append(check_rolled(driver, "Drive: keep control", result))
            crashes = not result.success
    if crashes:
        events += crash(board, vehicle)
    vehicle.motion = STATIONARY
    return events


def crash(board: Board, vehicle: Vehicle) -> list[Event]:
    """12.6/12.61: by the speed before the crash, those inside test against its damage
    and the vehicle its Armour against the next band up (+6 once Immobilised)."""
    damage = crash_damage(vehicle.motion.moved_in, vehicle.profile.kind)
    start = vehicle.pos
    if vehicle.motion.airborne:  # V37: it falls clear of the men beneath
        come_down(board, vehicle)
    events: list[Event] = [
        VehicleCrashed(vehicle=vehicle.id, label=vehicle.name, band=damage.band),
        CrashPath(vehicle=vehicle.id, label=vehicle.name, start=start, end=vehicle.pos),
    ]
    vehicle.motion = STATIONARY
    for inside in board.aboard(vehicle):
        if inside.on_table:
            events += suffer(board, inside, damage.inside, "Crash")
    contest = crash_armour_contest(
        damage, vehicle.profile, immobilised=VehicleDamage.IMMOBILISED in vehicle.damage
    )
    result = contest.roll(board.rng)
    events += armour_rolled(vehicle, result)
    return events + damage_vehicle(board, vehicle, damage_from_margin(result.margin))


def destroyed(board: Board, vehicle: Vehicle) -> list[Event]:
    """12.51 -5: it explodes; everyone inside is killed; everyone within 4" of it tests
    Strength against D6+4. It stops where it is (a crash changes nothing more)."""
    after = aftermath(VehicleDamage.DESTROYED, vehicle.profile.kind, vehicle.motion)
    fell: list[Event] = []
    if vehicle.motion.airborne:  # V37: it falls clear of the men beneath
        start = vehicle.pos
        come_down(board, vehicle)
        fell.append(CrashPath(vehicle=vehicle.id, label=vehicle.name, start=start, end=vehicle.pos))
    vehicle.motion = STATIONARY
    vehicle.weapons_work = False
    radius = after.explosion_radius_in or 0.0
    events: list[Event] = [
        *fell,
        VehicleExploded(vehicle=vehicle.id, label=vehicle.name, radius_in=radius),
    ]
    events += killed_inside(board, [c for c in board.aboard(vehicle) if c.on_table])
    assert after.explosion is not None
    for near in sorted(board.on_table(), key=lambda c: c.id):
        if near.aboard is None and board.vehicle_gap(near, vehicle) <= radius * 100:
            events += suffer(board, near, after.explosion, "Explosion")
    return events


def killed_inside(board: Board, inside: list[Character]) -> list[Event]:
    """Everyone inside dies at once; then their friends test their morale (9.4)."""
    before = {c.id: sum(1 for o in board.side(c.side) if o.status is Status.DEAD) for c in inside}
    events: list[Event] = []
    for character in inside:
        kill(character)
        events.append(
            Died(character=character.id, label=character.name, why="killed as it exploded")
        )
    for character in inside:
        events += after_death(board, character, before[character.id])
    return events
