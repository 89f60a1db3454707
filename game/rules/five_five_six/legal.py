"""Legality: ``why_not(board, action)`` names the rule that forbids an action, or None.

The one authority: ``apply`` refuses with its answer, bots and tables ask it. Nothing
here reads hidden information (the deck's order, whether an enemy is Hiding or using
Stealth): whether a hidden enemy can be made out is decided by the roll when acting.
Distances are hundredths of an inch.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.core.api import Action
from game.maps.tabletop import Point, hundredths
from game.maps.tabletop_measure import RoundBase, in_arc, within
from game.rules.five_five_six.actions import (
    SPECIAL_ACTIONS,
    Aim,
    AutoFire,
    Carry,
    CoveringFire,
    Drive,
    DriveTask,
    End,
    Engage,
    FastRope,
    Fire,
    FirstAid,
    GetIn,
    GetOut,
    Hide,
    HoldFire,
    LetLie,
    Move,
    Pilot,
    PilotTask,
    SnapFire,
    Sprint,
    Stealth,
    Throw,
    ThrowBack,
    TreatInjury,
    UseRadio,
)
from game.rules.five_five_six.board import Board, Go
from game.rules.five_five_six.catalog import catalog
from game.rules.five_five_six.combat.arms import (
    firearm,
    is_launcher,
    rounds_for,
)
from game.rules.five_five_six.combat.autofire import why_not_auto_fire
from game.rules.five_five_six.combat.fire import (
    can_be_seen_at_all,
    why_not_aim,
    why_not_second_fire,
)
from game.rules.five_five_six.combat.grenade_play import (
    grenades_of,
    throw_category,
    throw_distance_in,
)
from game.rules.five_five_six.combat.grenades import why_not_throw_back_at
from game.rules.five_five_six.combat.injury import why_not_treat
from game.rules.five_five_six.combat.melee import CONTACT_INCHES
from game.rules.five_five_six.combat.melee_play import contact_point
from game.rules.five_five_six.helicopters.legal import fast_rope_problem, pilot_problem
from game.rules.five_five_six.model import RADIUS, Character
from game.rules.five_five_six.morale.play import away
from game.rules.five_five_six.movement.hide import HIDE_DISTANCE
from game.rules.five_five_six.movement.rules import CARRY_TN, move_allowance, two_moves
from game.rules.five_five_six.penalties import THERMAL
from game.rules.five_five_six.turn.flow import COVER_ARC
from game.rules.five_five_six.vehicles.legal import (
    aboard_problem,
    drive_problem,
    get_in_problem,
    get_out_problem,
    out_of_range,
    vehicle_in_way,
    vehicle_target_problem,
    weapons_of,
)

RULE_TURN = "5.56mm 2.3, Turns"
RULE_ACTIONS = "5.56mm 2.2, Actions"
RULE_MOVE = "5.56mm 3.1, Move"
RULE_FIRE = "5.56mm 3.2, Fire"
ADJACENT = 100  # 3.5/4.5: "adjacent" is within 1" base to base (Interpretation 6)
SPRINT_MOST = 6  # 4.1: the D6 adds at most 6" (plus Movement)


def why_not(board: Board, action: Action) -> str | None:
    """The rule forbidding ``action`` for the seat to act now, or None if it is legal."""
    if board.winners is not None:
        return f"the game is over: {RULE_TURN}"
    go = board.go
    if go is None:
        return f"no character's card is drawn: {RULE_TURN}"
    if board.live is not None:
        return live_problem(board, action)
    if isinstance(action, (ThrowBack, LetLie)):
        return "no live grenade lies within reach (5.56mm 3.2)"
    if board.asking:
        return watcher_problem(board, go, action)
    if isinstance(action, (SnapFire, HoldFire)):
        return "nobody is watching on Covering Fire now (5.56mm 3.6)"
    if isinstance(action, End):
        return None
    name = getattr(action, "character", None)
    if not isinstance(name, str):
        return f"{action.to_str()!r} is not a 5.56mm action"
    character = board.character(name)
    if character is None:
        return f"there is no character {name!r}"
    if name != go.character:
        acting = board.characters[go.character].name
        return f"it is {acting}'s go: only the character whose card was drawn acts ({RULE_TURN})"
    if go.left <= 0:
        return f"{character.name} has used his actions this go: {RULE_ACTIONS}"
    shaken_drive = isinstance(action, (Drive, Pilot)) and character.morale != "steady"  # V29
    if (isinstance(action, SPECIAL_ACTIONS) and not shaken_drive) or (
        isinstance(action, Engage)
        and _engage_kind(board, character, action.target) in ("close", "sprint")
    ):
        reason = special_problem(go)
        if reason is not None:
            return reason
    if character.aboard is not None:
        reason = aboard_problem(board, character, action)
        if reason is not None:
            return reason
    if character.morale != "steady":
        reason = morale_problem(board, character, action)
        if reason is not None:
            return reason
    if character.engaged and isinstance(action, (Fire, AutoFire, Throw, Aim, Stealth)):
        return f"{character.name} is fighting hand to hand: engage or withdraw (5.56mm 3.7)"
    return _action_problem(board, go, character, action)


def _sprint_problem(board: Board, _go: Go, character: Character, action: Sprint) -> str | None:
    reach = hundredths(move_allowance(character.effects.move_loss) + SPRINT_MOST)
    return path_problem(
        board,
        character,
        action.to,
        reach + hundredths(character.profile.movement),
        "Sprint (4.1)",
    )


def _hide_problem(board: Board, _go: Go, character: Character, action: Hide) -> str | None:
    reach = hundredths(HIDE_DISTANCE[0][1])
    if action.to == character.pos:
        return None
    return path_problem(board, character, action.to, reach, "Hide (4.2)")


def _carry_problem(board: Board, _go: Go, character: Character, action: Carry) -> str | None:
    reason = carry_problem(board, character, action.patient, action.to)
    if reason is None and action.helper is not None:
        return helper_problem(board, character, action.patient, action.helper)
    return reason


Problem = Callable[[Board, Go, Character, Any], str | None]
#: The rule that refuses each action of a go (the legality half of the 5.56mm dispatch
#: table; its resolution half is ``resolve.HANDLERS``, by the same action types).
PROBLEMS: dict[type[Action], Problem] = {
    Move: lambda board, _go, ch, a: move_problem(board, ch, a.to, a.facing),
    Stealth: lambda _board, _go, _ch, _a: None,
    Aim: lambda _board, go, _ch, _a: aim_problem(go),
    Fire: lambda board, _go, ch, a: fire_problem(board, ch, a.weapon, a.target, round_id=a.round),
    Throw: lambda board, _go, ch, a: throw_problem(board, ch, a.grenade, a.at),
    Engage: lambda board, _go, ch, a: engage_problem(board, ch, a.target),
    FirstAid: lambda board, _go, ch, a: aid_problem(board, ch, a.patient, treat_injury=False),
    CoveringFire: lambda _board, go, _ch, _a: (
        None if not go.taken else "Covering Fire is all he does in a go (5.56mm 3.6)"
    ),
    Sprint: _sprint_problem,
    Hide: _hide_problem,
    AutoFire: lambda board, _go, ch, a: auto_fire_problem(board, ch, a),
    TreatInjury: lambda board, _go, ch, a: aid_problem(board, ch, a.patient, treat_injury=True),
    Carry: _carry_problem,
    UseRadio: lambda board, _go, ch, _a: radio_problem(board, ch),
    Drive: lambda board, _go, ch, a: drive_problem(board, ch, a),
    GetIn: lambda board, _go, ch, a: get_in_problem(board, ch, a),
    GetOut: lambda board, _go, ch, a: get_out_problem(board, ch, a),
    Pilot: lambda board, _go, ch, a: pilot_problem(board, ch, a),
    FastRope: lambda board, _go, ch, a: fast_rope_problem(board, ch, a),
}


def _action_problem(board: Board, go: Go, character: Character, action: Action) -> str | None:
    problem = PROBLEMS.get(type(action))
    if problem is None:
        return f"{action.to_str()!r} is not open now"
    return problem(board, go, character, action)


def morale_problem(board: Board, character: Character, action: Action) -> str | None:
    """9.01: shaken or withdrawing, a single Move away from the enemy (or Stealth);
    fleeing, Moves or a Sprint away from the enemy (or Hide)."""
    fleeing = character.morale == "fleeing"
    allowed: tuple[type[Action], ...] = (Move, Sprint, Hide) if fleeing else (Move, Stealth)
    what = "Moves or a Sprint away, or Hide" if fleeing else "a Move away, or Stealth"
    if isinstance(action, (Drive, GetOut, FastRope)):
        return shaken_driver_problem(board, character, action)
    if isinstance(action, Pilot):
        return shaken_pilot_problem(board, character, action)
    if not isinstance(action, allowed):
        return f"{character.name} is {character.morale}: {what} (5.56mm 9.01)"
    if isinstance(action, (Move, Sprint)) and not away(board, character, action.to):
        return f"{character.name} is {character.morale}: he must move away from the enemy (9.01)"
    return None


def shaken_pilot_problem(board: Board, character: Character, action: Pilot) -> str | None:
    """9.01 in the air (Interpretation V29 as for a driver): shaken or withdrawing, a
    plain flight away from the enemy; fleeing, at Full Speed too."""
    if character.morale != "fleeing" and action.task is not PilotTask.NONE:
        return f"{character.name} is {character.morale}: a plain flight away (5.56mm 9.01)"
    if action.task is PilotTask.FULL_SPEED and action.to == character.pos:
        return None
    if not away(board, character, action.to):
        return f"{character.name} is {character.morale}: he must fly away from the enemy (9.01)"
    return None


def shaken_driver_problem(
    board: Board, character: Character, action: Drive | GetOut | FastRope
) -> str | None:
    """9.01 aboard (Interpretation V29): the vehicle's drive is a driver's move. Shaken or
    withdrawing, he may Drive away from the enemy with no Driver Task (in place of his
    single Move); fleeing, at Full Speed too. Anyone not steady may get out."""
    if isinstance(action, (GetOut, FastRope)):
        return None
    if character.morale != "fleeing" and action.task is not DriveTask.NONE:
        return f"{character.name} is {character.morale}: a plain drive away (5.56mm 9.01)"
    if not away(board, character, action.to):
        return f"{character.name} is {character.morale}: he must drive away from the enemy (9.01)"
    return None


def special_problem(go: Go) -> str | None:
    """2.2: a special action takes the place of both actions: only as the first action of
    a go that has two (not an Elite's second card, a Critical wound or a stun)."""
    if go.taken:
        return f"a special action is the whole go, not a second action: {RULE_ACTIONS}"
    if not go.special_allowed:
        return f"this go has a single action: no special action ({RULE_TURN}, 5.56mm 5.01)"
    return None


def live_problem(board: Board, action: Action) -> str | None:
    """3.2: the first character next to the live grenade throws it back (to a point on
    the table at Medium range or less) or leaves it."""
    live = board.live
    assert live is not None
    grabber = board.characters[live.grabbers[0]]
    if not isinstance(action, (ThrowBack, LetLie)) or action.character != grabber.id:
        return f"{grabber.name} decides first: throw the grenade back or leave it (5.56mm 3.2)"
    if isinstance(action, LetLie):
        return None
    table = board.setting.table
    if not (0 <= action.to[0] <= table.width and 0 <= action.to[1] <= table.height):
        return "the point is off the table"
    kind = catalog().grenades[live.grenade]
    category = throw_category(kind, throw_distance_in(grabber, action.to))
    reason = why_not_throw_back_at(category or "extreme")
    return None if reason is None else f"{reason} (5.56mm 3.2)"


def watcher_problem(board: Board, go: Go, action: Action) -> str | None:
    """3.6: while watchers are asked, only the first may fire or hold. He fires at "any
    target he has a line of sight on" inside the 90 degrees he watches (rules version 5);
    before version 5 only at the enemy now acting (Interpretation S13)."""
    watcher = board.characters[board.asking[0]]
    if not isinstance(action, (SnapFire, HoldFire)) or action.character != watcher.id:
        return f"{watcher.name} on Covering Fire decides first: fire or hold (5.56mm 3.6)"
    if isinstance(action, HoldFire):
        return None
    if action.target is not None and board.setting.version < 5:
        return "Covering Fire shoots at the enemy now acting (5.56mm 3.6, rules version 4)"
    target_id = action.target if action.target is not None else go.character
    reason = target_problem(board, watcher, target_id)
    if reason is not None:
        return reason
    target = board.characters[target_id]
    reason = fire_problem(board, watcher, action.weapon, target_id, check_go=False)
    if reason is None and not board.in_field(watcher, target, COVER_ARC):
        return f"{target.name} is outside the 90 degrees {watcher.name} watches (5.56mm 3.6)"
    return reason


def path_problem(
    board: Board, character: Character, to: Point, reach: int, what: str
) -> str | None:
    """A straight path within ``reach`` hundredths, on the table, through nothing
    impassable on foot."""
    if not within(character.pos, to, reach):
        return f'{what} reaches at most {reach / 100:g}"'
    if to == character.pos:
        return f"{what} needs somewhere to go"
    check = board.setting.geometry.move(character.pos, to, radius=RADIUS, movement="infantry")
    if not check.on_table:
        return f"the move would leave the table: {RULE_MOVE}"
    if check.impassable:
        return f"{check.impassable[0].player_name} cannot be crossed on foot: {RULE_MOVE}"
    if board.vehicles:
        return vehicle_in_way(board, character, to)
    return None


def move_problem(board: Board, character: Character, to: Point, facing: int | None) -> str | None:
    """3.1: a straight move of at most the allowance (4", less for wounds), on the
    table, through nothing impassable; crossing difficult ground is rolled when made
    (6.1) and may stop him short. A move to where he stands turns him to ``facing``."""
    if facing is not None and not 0 <= facing < 360:
        return f"a facing is 0 to 359 degrees, not {facing}"
    if to == character.pos:
        if facing is None or facing == character.facing:
            return "a move to where he stands needs a new facing"
        return None
    reach = hundredths(move_allowance(character.effects.move_loss))
    return path_problem(board, character, to, reach, "a Move action (3.1)")


def aim_problem(go: Go) -> str | None:
    """3.4: Aim counts only as the first action of a go, and a Fire action must be able
    to follow it."""
    reason = why_not_aim(first_action=not go.taken, covering_fire=False)
    if reason is not None:
        return f"{reason} (5.56mm 3.4, Aim)"
    if go.left < 2:
        return "Aim needs a Fire action after it, and this go has one action (5.56mm 3.4, Aim)"
    return None


def target_problem(board: Board, character: Character, target_id: str) -> str | None:
    target = board.character(target_id)
    if target is None or not target.on_table:
        return f"there is no character {target_id!r} on the table"
    if target.side == character.side:
        return f"{target.name} is on your side"
    return None


def fire_problem(
    board: Board,
    character: Character,
    weapon_id: str,
    target_id: str,
    *,
    check_go: bool = True,
    round_id: str | None = None,
) -> str | None:
    """3.2: his own loaded weapon, an enemy on the table in his field of sight (2.0) with
    some of him in sight, within the weapon's range bands (7.0; the round's own, 7.6);
    a second Fire action at the same target. The M203 and a chosen round came in with
    rules version 2; the mounted weapon and enemy vehicles as targets (12.4, 12.7) with
    version 3."""
    if weapon_id not in weapons_of(board, character):
        return f"{character.name} carries no {weapon_id} to fire at a character"
    if weapon_id in character.empty:
        return f"{character.name}'s {weapon_id} is out of ammunition (5.56mm 7.0)"
    if board.setting.version < 2 and (round_id is not None or is_launcher(weapon_id)):
        return "the M203 and the HEAP round came in with rules version 2; this game plays 1"
    if round_id is not None and round_id not in rounds_for(character, weapon_id):
        known = ", ".join(rounds_for(character, weapon_id)) or "none"
        return f"the {weapon_id} fires no {round_id!r} round for {character.name} ({known})"
    go = board.go
    vehicle = board.vehicle(target_id)
    if vehicle is not None:
        if check_go and go is not None and go.fired_at is not None:
            reason = why_not_second_fire(go.fired_at, target_id)
            if reason is not None:
                return f"{reason} ({RULE_FIRE})"
        return vehicle_target_problem(board, character, weapon_id, vehicle, round_id)
    reason = target_problem(board, character, target_id)
    if reason is not None:
        return reason
    target = board.characters[target_id]
    if check_go and go is not None:
        if go.fired_at is not None:
            reason = why_not_second_fire(go.fired_at, target_id)
            if reason is not None:
                return f"{reason} ({RULE_FIRE})"
        if target_id in go.unspotted:
            return f"{character.name} could not make out {target.name} this go (5.56mm 4.2)"
    if target.engaged and (board.setting.version < 5 or board.gap(character, target) <= 1):
        # 7.0: a shot at an adjacent man only while neither has Engaged; from rules
        # version 5 a shot from further away at a man in a fight is allowed (Interpretation
        # S12); before, nobody fired at a man in a hand-to-hand fight.
        return f"{target.name} is in a hand-to-hand fight: no firing into it (5.56mm 7.0)"
    reason = out_of_range(
        character, weapon_id, round_id, board.gap(character, target) / 100, target.name
    )
    if reason is not None:
        return reason
    if not board.in_field(character, target):
        return f"{target.name} is outside {character.name}'s field of sight (5.56mm 2.0)"
    if not can_be_seen_at_all(board.sight(character, target).visible_share) and not sees_heat(
        board, character, target
    ):
        return f"{character.name} has no line of sight to {target.name}: {RULE_FIRE}"
    return None


def sees_heat(board: Board, firer: Character, target: Character) -> bool:
    """8.0: a thermal imaging sight sees a target through the cover hiding him and may
    shoot at him through it (rules version 2)."""
    if board.setting.version < 2 or THERMAL not in firer.profile.gear:
        return False
    return bool(board.sight(firer, target).blockers)


def auto_fire_problem(board: Board, character: Character, action: AutoFire) -> str | None:
    """4.3: a weapon that can Auto-Fire, one target per shot it has, every target a
    legal Fire target and the others near enough to the first."""
    if action.weapon not in weapons_of(board, character):
        return f"{character.name} carries no {action.weapon}"
    if any(t in board.vehicles for t in action.targets):
        return "Auto-Fire is at characters; fire at a vehicle with the Fire action (V27)"
    weapon = firearm(action.weapon)
    data = weapon.auto_fire
    reason = why_not_auto_fire(weapon.category.value if data is not None else "handgun")
    if reason is not None or data is None:
        return f"{reason} (5.56mm 4.3)"
    if len(action.targets) < 2:
        return "Auto-Fire takes at least one extra shot: name two targets (or one twice)"
    if len(action.targets) > 1 + len(data.penalties):
        return f"the {weapon.name} Auto-Fires {len(data.penalties)} time(s) (5.56mm 4.3)"
    first = board.character(action.targets[0])
    for target_id in dict.fromkeys(action.targets):
        reason = fire_problem(board, character, action.weapon, target_id, check_go=False)
        if reason is not None:
            return reason
    assert first is not None
    for target_id in action.targets[1:]:
        other = board.characters[target_id]
        if other is not first and board.gap(first, other) > hundredths(data.reach_in):
            return f'{other.name} is more than {data.reach_in:g}" from {first.name} (5.56mm 4.3)'
    return None


def throw_problem(board: Board, character: Character, grenade_id: str, at: Point) -> str | None:
    """3.2: a grenade he still has, thrown at a point in front of him within its range."""
    if grenade_id not in grenades_of(character):
        return f"{character.name} has no {grenade_id} grenade"
    table = board.setting.table
    if not (0 <= at[0] <= table.width and 0 <= at[1] <= table.height):
        return "the point is off the table"
    kind = catalog().grenades[grenade_id]
    if throw_category(kind, throw_distance_in(character, at)) is None:
        return f"that point is outside the {kind.name}'s range bands (5.56mm 7.8)"
    if at != character.pos and not _point_in_front(character, at):
        return f"{character.name} can only throw at a point in his field of sight (5.56mm 2.0)"
    return None


def _point_in_front(character: Character, at: Point) -> bool:
    return in_arc(character.pos, character.facing, RoundBase(at, 0))


def _engage_kind(board: Board, character: Character, target_id: str) -> str:
    target = board.character(target_id)
    if target is None:
        return "attack"
    gap = board.gap(character, target)
    if gap <= CONTACT_INCHES * 100:
        return "attack"
    if gap <= hundredths(CONTACT_INCHES + move_allowance(character.effects.move_loss)):
        return "charge"
    if gap > hundredths(CONTACT_INCHES + two_moves(character.effects.move_loss)):
        return "sprint"
    return "close"


def engage_problem(board: Board, character: Character, target_id: str) -> str | None:
    """3.7: within 1" he attacks; within a Move of 1" he charges in and attacks; within
    two Moves he closes in (the whole go, no attack); farther, a Sprint may get him
    there (rules version 2: the whole go, no attack; S32). The way in must be clear."""
    reason = target_problem(board, character, target_id)
    if reason is not None:
        return reason
    target = board.characters[target_id]
    if target.aboard is not None or character.aboard is not None:
        return "nobody fights hand to hand into or out of a vehicle (Interpretation V23)"
    gap = board.gap(character, target)
    dash = move_allowance(character.effects.move_loss) + SPRINT_MOST + character.profile.movement
    farthest = two_moves(character.effects.move_loss)
    if board.setting.version >= 2:
        farthest = max(farthest, dash)
    if gap > hundredths(CONTACT_INCHES + farthest):
        return f"{target.name} is too far to reach this go (5.56mm 3.7)"
    if gap > CONTACT_INCHES * 100:
        end = contact_point(board, character, target)
        check = board.setting.geometry.move(character.pos, end, radius=RADIUS, movement="infantry")
        if check.impassable or check.crossings or not check.on_table:
            return f"the way to {target.name} is not clear ground (5.56mm 3.7)"
        if board.vehicles and vehicle_in_way(board, character, end) is not None:
            return f"the way to {target.name} is not clear ground (5.56mm 3.7)"
        for other in board.on_table():
            if (
                other is not character
                and other is not target
                and within(other.pos, end, 2 * RADIUS - 1)
            ):
                return f"{other.name} is in the way"
    return None


def aid_problem(
    board: Board, character: Character, patient_id: str, *, treat_injury: bool
) -> str | None:
    """3.5/4.4: an adjacent friend (or himself) with a wound; Treat Injury needs a Medic;
    nobody treats his own Mortal wound."""
    patient = board.character(patient_id)
    if patient is None or not patient.on_table or patient.side != character.side:
        return f"{patient_id!r} is not one of your characters on the table"
    if not patient.wounds:
        return f"{patient.name} is not wounded"
    if patient is not character and board.gap(character, patient) > ADJACENT:
        return f'{patient.name} is not adjacent (within 1")'
    worst = max(patient.wounds)
    reason = why_not_treat(
        worst,
        on_self=patient is character,
        medic=character.profile.has("medic"),
        treat_injury=treat_injury,
    )
    if reason is not None:
        return f"{reason} (5.56mm {'4.4' if treat_injury else '3.5'})"
    return None


def carry_problem(board: Board, character: Character, patient_id: str, to: Point) -> str | None:
    """4.5: an adjacent friend with a Critical or Mortal wound, carried up to 6"."""
    patient = board.character(patient_id)
    if (
        patient is None
        or not patient.on_table
        or patient.side != character.side
        or patient is character
    ):
        return f"{patient_id!r} is not another of your characters on the table"
    if patient.aboard is not None:
        return f"{patient.name} is inside a vehicle: nobody carries him out of it (V23)"
    worst = patient.worst_wound
    if worst not in CARRY_TN:
        return "only a Critical or Mortally wounded character is carried (5.56mm 4.51)"
    if board.gap(character, patient) > ADJACENT:
        return f'{patient.name} is not adjacent (within 1")'
    return path_problem(board, character, to, hundredths(6), "Carry (4.52)")


def helper_problem(board: Board, carrier: Character, patient_id: str, helper_id: str) -> str | None:
    """4.5: "if two characters perform this action": the second carrier is another friend
    next to the wounded man who can still take a special action this turn (his card not
    yet drawn; not engaged, critically wounded, shaken or stunned); he gives up that go
    (Interpretation S28; rules version 2)."""
    if board.setting.version < 2:
        return "two carriers came in with rules version 2; this game plays version 1"
    helper = board.character(helper_id)
    if helper is None or helper.side != carrier.side or helper.id in (carrier.id, patient_id):
        return f"{helper_id!r} is not another of your characters to help carry"
    if not helper.can_act or helper.engaged or helper.aboard is not None:
        return f"{helper.name} cannot help carry now"
    if helper.id in board.deck.gone or helper.carry_turn == board.turn:
        return f"{helper.name} has had his go this turn (5.56mm 4.5: both carry in one go)"
    if helper.effects.single_action or helper.morale != "steady" or helper.stunned:
        return f"{helper.name} cannot take a special action this turn (5.56mm 4.5)"
    if board.gap(helper, board.characters[patient_id]) > ADJACENT:
        return f'{helper.name} is not next to the wounded man (within 1")'
    return None


def radio_problem(board: Board, character: Character) -> str | None:
    """4.9: the character with the Patrol Radio, in a scenario that has a radio event
    not yet called in."""
    if "patrol_radio" not in character.profile.gear:
        return f"{character.name} has no Patrol Radio"
    if board.setting.scenario.radio is None:
        return "this scenario has nothing to call in by radio (5.56mm 4.9)"
    if board.radio_used:
        return "the radio call has already been answered"
    if board.setting.scenario.radio.side != character.side:
        return "the radio call is the other side's (5.56mm 4.9)"
    return None
