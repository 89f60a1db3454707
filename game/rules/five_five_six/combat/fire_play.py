"""Carrying out Fire and Auto-Fire on the board (3.2, 4.3): the spotting rolls a target
needs (3.21/3.22 for one less than half in sight, 4.24/4.25 for one Hiding, 6.2 at
night), the roll to hit against the range TN and every modifier (3.23-3.25), then the
injury roll (5.0/5.01). The numbers come from the pure functions of ``combat/fire.py``,
``movement/hide.py``, ``terrain/night.py``, ``combat/autofire.py`` and
``combat/injury.py``; this module gathers the situation from the board and applies the results."""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.core.api import Event
from game.rules.five_five_six.board import Board
from game.rules.five_five_six.catalog import Firearm, RangeCategory
from game.rules.five_five_six.checks import Check, Modifier
from game.rules.five_five_six.combat.ammo_play import spend
from game.rules.five_five_six.combat.arms import (
    firearm,
    is_launcher,
    lacks_skill,
    round_of,
    shot_range,
)
from game.rules.five_five_six.combat.autofire import (
    AutoFireProfile,
    extra_shot_modifiers,
    first_shot_modifiers,
    profile_of,
)
from game.rules.five_five_six.combat.fire import (
    FireSituation,
    concealment_of,
    fire_check,
    must_spot,
    spotting_check,
    spotting_tn,
)
from game.rules.five_five_six.combat.heavy import rocket_damage
from game.rules.five_five_six.combat.injury import (
    Cover,
    body_armour_bonus,
    damage_contest,
    passes_automatically,
)
from game.rules.five_five_six.combat.launcher_play import burst
from game.rules.five_five_six.combat.weapons import aim_bonus, damage_at
from game.rules.five_five_six.combat.wounding import injure
from game.rules.five_five_six.events import NotSpotted, ShotFired, Wounded
from game.rules.five_five_six.model import RADIUS, Character, Status
from game.rules.five_five_six.movement.hide import hide_spotting_tn, hide_status
from game.rules.five_five_six.penalties import GOGGLES, THERMAL, penalties
from game.rules.five_five_six.rolls import check_rolled
from game.rules.five_five_six.squads.second_chances import check_again, lucky
from game.rules.five_five_six.terrain.ground import thermal_cover_of
from game.rules.five_five_six.terrain.night import night_spotting
from game.rules.five_five_six.vehicles.aim import glass, with_vehicles


def distance_in(board: Board, a: Character, b: Character) -> float:
    """Base to base, in inches (how a tabletop measures between two models)."""
    return board.gap(a, b) / 100


def fired_unmoved(board: Board, target: Character) -> bool:
    """3.22: the target fired this turn, or fired last turn and has not moved since."""
    if target.fired_turn == board.turn:
        return True
    return target.fired_turn == board.turn - 1 and not target.moved_since_fired


def closest_in_best_sight(board: Board, firer: Character) -> Character | None:
    """3.24: the enemy the firer sees best (largest share in sight), the closest of
    those; a shot at anyone else is +1 TN (the Sniper skill ignores it).

    Enemies in his field are looked at nearest first (ties by id) and the search stops
    at the first one wholly in sight: nobody farther can be seen better, or as well
    and nearer, so the answer is the one every enemy would give, with fewer traces."""
    best: tuple[float, float, str] | None = None
    found: Character | None = None
    seen = sorted(
        (board.gap(firer, e), e.id, e)
        for e in board.enemies_of(firer.side)
        if board.in_field(firer, e)
    )
    for gap, enemy_id, enemy in seen:
        share = board.sight(firer, enemy).visible_share
        if share <= 0:
            continue
        key = (-share, gap, enemy_id)
        if best is None or key < best:
            best, found = key, enemy
        if share >= 1.0:
            break
    return found


@dataclass(frozen=True, slots=True)
class Concealed:
    """How a target shows to a firer: ``hiding``: Hidden and the firer's view of him is
    obstructed (4.2); ``stealthy``: using Stealth, or Hiding in plain view (4.2: only
    the benefit of Stealth)."""

    hiding: bool
    stealthy: bool


def concealed(board: Board, firer: Character, target: Character) -> Concealed:
    share = board.sight(firer, target).visible_share
    if target.hidden:
        status = hide_status(share, distance_in(board, firer, target))
        return Concealed(status == "hidden", target.stealth or status == "stealth_only")
    return Concealed(False, target.stealth)


def spotting_checks(board: Board, firer: Character, target: Character) -> tuple[Check, ...]:
    """The spotting rolls the firer must pass before attacking (none when he sees at
    least half of an enemy who is not Hiding, by day)."""
    share = board.sight(firer, target).visible_share
    dist = distance_in(board, firer, target)
    how = concealed(board, firer, target)
    gear = firer.profile.gear
    if board.setting.version >= 2 and THERMAL in gear:
        return ()  # 8.0: he sees the heat of a man through what hides him
    night = night_spotting(
        board.light,
        target_hiding=how.hiding,
        goggles=GOGGLES in gear,
        fire_with_thermal=THERMAL in gear,
    )
    if night is not None and night.table is not None:
        table, rolls, bonus = night.table, night.rolls, night.roll_modifiers()
    elif how.hiding:
        table, rolls, bonus = "hide", 1, ()
    elif must_spot(share):
        table, rolls, bonus = "fire", 1, ()
    else:
        return ()
    extra = penalties(board, firer, distance_in=dist)
    if table == "hide":
        tn = hide_spotting_tn(dist, concealment_of(share), extra)
    else:
        tn = spotting_tn(dist, share, target_stealth=how.stealthy, extra=extra)
    weapon_silenced = target.fired_silenced
    check = spotting_check(
        tn,
        firer.profile.morale,
        target_fired_unmoved=fired_unmoved(board, target),
        target_weapon_silenced=weapon_silenced,
        tracker=firer.profile.has("tracker"),
        extra=bonus,
    )
    return (check,) * rolls


def situation(
    board: Board,
    firer: Character,
    target: Character,
    weapon_id: str,
    category: RangeCategory,
    *,
    extra: tuple[Modifier, ...] = (),
    covering: bool = False,
    aimed: bool = False,
) -> FireSituation:
    """Everything besides range that changes the shot (3.24/3.25); ``aimed``: as if the
    firer had just taken Aim (3.4; what the Aim action would bring)."""
    weapon = firearm(weapon_id)
    go = board.go
    acting = go is not None and go.character == firer.id
    second = acting and go is not None and go.fired_at == target.id
    sight = board.sight(firer, target)
    aimed = acting and go is not None and (go.aimed or aimed) and not second and not covering
    sees_back = board.in_field(target, firer) and board.sight(target, firer).visible_share > 0
    how = concealed(board, firer, target)
    dist = distance_in(board, firer, target)
    out = FireSituation(
        concealment=concealment_of(sight.visible_share),
        target_stealth=how.stealthy,
        target_hiding=target.hidden,
        target_sprinting=target.sprinting,
        specialist_without_skill=lacks_skill(firer, weapon_id),
        not_closest_target=closest_in_best_sight(board, firer) is not target,
        sniper_skill=firer.profile.has("sniper"),
        covering_fire=covering,
        thermal_sight=THERMAL in firer.profile.gear,
        respirator="respirator" in firer.profile.gear,
        second_shot_recoil=second and weapon.second_fire_penalty > 0,
        extra=(*penalties(board, firer, distance_in=dist, firing=True), *extra),
        target_incapacitated=target.status is Status.INCAPACITATED,
        target_cannot_see_firer=not sees_back,
        aim_bonus=_aim(firer, weapon, category) if aimed else 0,
        target_carrying=target.carrying,
    )
    if firer.aboard is None and target.aboard is None:
        return out
    return with_vehicles(board, firer, weapon_id, out, target=target)


def _aim(firer: Character, weapon: Firearm, category: RangeCategory) -> int:
    return aim_bonus(weapon, category, telescopic_sight="telescopic_sight" in firer.profile.gear)


def shot_check(
    board: Board,
    firer: Character,
    target: Character,
    weapon_id: str,
    *,
    extra: tuple[Modifier, ...] = (),
    covering: bool = False,
    aimed: bool = False,
    round_id: str | None = None,
) -> Check | None:
    """The roll to hit, or None when the target is out of the weapon's range bands (the
    round's own bands for the M82's HEAP, 7.6); ``aimed``: the roll after an Aim action
    (3.4) taken now."""
    weapon = firearm(weapon_id)
    category = shot_range(weapon, round_id, distance_in(board, firer, target))
    if category is None:
        return None
    how = situation(
        board, firer, target, weapon_id, category, extra=extra, covering=covering, aimed=aimed
    )
    return fire_check(category.value, firer.profile.weapons, how)


def damage_of(weapon: Firearm, category: RangeCategory) -> int:
    """The weapon's DMG; shotguns by range (7.31; ``weapons.damage_at``)."""
    return damage_at(weapon, category) or 0


def spot(board: Board, firer: Character, target: Character) -> tuple[bool, list[Event]]:
    """Roll the spotting checks; (spotted, events)."""
    events: list[Event] = []
    for check in spotting_checks(board, firer, target):
        result, luck = lucky(board, firer, check.roll(board.rng))
        events.append(check_rolled(firer, f"tries to spot {target.name}", result))
        events += luck
        if not result.success:
            events.append(
                NotSpotted(
                    character=firer.id,
                    label=firer.name,
                    target=target.id,
                    target_label=target.name,
                )
            )
            return False, events
    return True, events


def fire(
    board: Board,
    firer: Character,
    weapon_id: str,
    target_id: str,
    *,
    extra: tuple[Modifier, ...] = (),
    covering: bool = False,
    spotted: bool = False,
    round_id: str | None = None,
) -> list[Event]:
    """One shot: spot (unless already), roll to hit, roll the injury. ``round_id``: the
    M82's HEAP (its bands; a man hit takes the .50's damage, 7.6) or an M203's grenade
    (7.5: ``launcher_play.burst``)."""
    target = board.characters[target_id]
    weapon = firearm(weapon_id)
    round_id = round_of(firer, weapon_id, round_id)
    events: list[Event] = []
    if not spotted:
        seen, events = spot(board, firer, target)
        if not seen:
            if target.hidden and board.go is not None and board.go.character == firer.id:
                # 4.2: failing to spot a Hiding enemy, he may do something else instead
                board.go.taken.pop()
                board.go.unspotted.append(target.id)
            return events
    check = shot_check(
        board, firer, target, weapon_id, extra=extra, covering=covering, round_id=round_id
    )
    assert check is not None  # why_not checked the range
    go = board.go
    if go is not None and go.character == firer.id:
        go.fired_at = target.id
    firer.fired_turn = board.turn
    if board.setting.version >= 2:  # 7.4: a suppressed shot does not give him away
        firer.fired_silenced = weapon.suppressed
    firer.moved_since_fired = False
    firer.hidden = False
    hit = check.roll(board.rng)
    events.append(check_rolled(firer, f"fires his {weapon.name} at {target.name}", hit))
    hit, again = check_again(board, firer, "fire", hit)
    events += again
    launcher = is_launcher(weapon_id)
    ammo_round = round_id if launcher else None
    events += spend(board, firer, weapon_id, hit.roll, launcher_round=ammo_round)
    events.append(
        ShotFired(
            character=firer.id,
            label=firer.name,
            target=target.id,
            target_label=target.name,
            weapon=weapon.name,
            hit=hit.success,
        )
    )
    if launcher:
        assert round_id is not None
        events += burst(board, firer, target, round_id, hit)
    elif hit.success and weapon.category.value == "heavy":
        events += rocket(board, weapon, target)
    elif hit.success:
        category = shot_range(weapon, round_id, distance_in(board, firer, target))
        assert category is not None
        armour = 0
        if "body_armour" in target.profile.gear:
            armour = body_armour_bonus(
                weapon.category.value, weak_against=weapon.body_armour_bonus == 1
            )
        cover = through_cover(board, firer, target)
        if passes_automatically(cover):  # 8.03: heavy cover stops the round
            events.append(Wounded(character=target.id, label=target.name, wound=""))
            return events
        contest = damage_contest(
            damage_at(weapon, category, round_id=round_id) or 0,
            target.profile.strength,
            damage_name=f"{weapon.name} damage",
            wound_penalty=target.effects.tn_penalty,
            armour=armour,
            cover=cover,
            extra_roll=(Modifier("Armoured glass", glass(board, target)),),
        )
        events += injure(board, target, contest)
    return events


def through_cover(board: Board, firer: Character, target: Character) -> Cover | None:
    """8.0/8.03: the cover a thermal sight's shot went through to hit a target in
    concealment (his Strength bonus against the damage; ``None``: no such cover)."""
    if board.setting.version < 2 or THERMAL not in firer.profile.gear:
        return None
    sight = board.sight(firer, target)
    if concealment_of(sight.visible_share) == "none":
        return None
    return thermal_cover_of((*sight.blockers, *sight.target_in))


def rocket(board: Board, weapon: Firearm, target: Character) -> list[Event]:
    """7.9: the target hit takes the rocket's full Damage; everyone else within the blast
    (7.91 LAW, 7.92 RPG) D6 + the row for his distance (to the edge of his base) from
    the target."""
    table = weapon.blast
    events: list[Event] = []
    for character in sorted(board.on_table(), key=lambda c: (c is not target, c.id)):
        if character is not target and character.aboard is not None:
            continue  # V32: the hull takes the blast for the men inside
        direct = character is target
        gap_in = max(0.0, math.dist(character.pos, target.pos) - RADIUS) / 100
        armour = body_armour_bonus("heavy") if "body_armour" in character.profile.gear else 0
        contest = rocket_damage(
            hit=True,
            direct=direct,
            distance_in=0.0 if direct else gap_in,
            damage=weapon.damage or 0,
            table=table,
            strength=character.profile.strength,
            armour=armour,
            wound_penalty=character.effects.tn_penalty,
        )
        if contest is not None and character.on_table:
            events += injure(board, character, contest)
    return events


def auto_fire_profile(weapon: Firearm) -> AutoFireProfile:
    """The weapon's Auto-Fire (4.3, 7.4, 7.5, 7.7), straight from its data."""
    data = weapon.auto_fire
    assert data is not None
    return profile_of(data)


def auto_fire(
    board: Board, firer: Character, weapon_id: str, targets: tuple[str, ...]
) -> list[Event]:
    """4.3: the normal shot at the first target, then each extra shot in order."""
    weapon = firearm(weapon_id)
    profile = auto_fire_profile(weapon)
    first = board.characters[targets[0]]
    events: list[Event] = []
    spotted: set[str] = set()
    for shot, target_id in enumerate(targets):
        target = board.characters[target_id]
        if not target.on_table:
            continue
        if target_id not in spotted:
            seen, rolled = spot(board, firer, target)
            events += rolled
            if not seen:
                continue
            spotted.add(target_id)
        extra = auto_fire_extra(board, profile, shot, first, target)
        events += fire(board, firer, weapon_id, target_id, extra=extra, spotted=True)
    return events


def auto_fire_extra(
    board: Board, profile: AutoFireProfile, shot: int, first: Character, target: Character
) -> tuple[Modifier, ...]:
    """4.3/7.7: the Auto-Fire modifiers of shot number ``shot`` (0 = the normal shot at
    the ``first`` target) at ``target``: the first shot's own penalty, then each extra
    shot's, with the second-target penalty by its distance from the first (inches)."""
    if shot == 0:
        return first_shot_modifiers(profile)
    other = target is not first
    gap_in = board.gap(first, target) / 100 if other else 0.0
    return extra_shot_modifiers(
        profile,
        shot,
        other_target=other,
        from_first_in=gap_in,
        every_shot=board.setting.version < 2,  # as rules version 1 read it (R18)
    )
