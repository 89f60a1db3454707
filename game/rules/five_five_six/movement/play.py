"""Moving and helping on the board: Move (3.1) and Sprint (4.1) across difficult ground
(6.1), Hide (4.2), First Aid (3.5), Treat Injury (4.4), Carry (4.5), Covering Fire
(3.6, the watch) and Use Radio (4.9). Rolls come from the pure rules modules; this
module moves the models and changes their state."""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction

from game.core.api import DieRolled, Event
from game.maps.tabletop import Point, hundredths
from game.maps.tabletop_measure import RoundBase, bearing, gap, within
from game.rules.five_five_six.board import Board
from game.rules.five_five_six.checks import Check, roll_d3, roll_d6
from game.rules.five_five_six.combat.gas_play import after_moving
from game.rules.five_five_six.combat.injury import (
    first_aid_rounds,
    improved,
    treat_check,
)
from game.rules.five_five_six.combat.melee import CONTACT_INCHES
from game.rules.five_five_six.combat.melee_play import contact_point, engage_pair, withdraw
from game.rules.five_five_six.events import (
    Carried,
    Moved,
    RadioCalled,
    TookCover,
    Treated,
    Watching,
)
from game.rules.five_five_six.model import RADIUS, Character, Status
from game.rules.five_five_six.morale.rules import radio_check
from game.rules.five_five_six.movement.hide import hide_check, hide_distance
from game.rules.five_five_six.movement.rules import (
    TWO_CARRIERS_INCHES,
    carry_check,
    carry_distance,
    move_allowance,
    sprint,
)
from game.rules.five_five_six.penalties import penalties
from game.rules.five_five_six.rolls import check_rolled
from game.rules.five_five_six.squads.second_chances import lucky
from game.rules.five_five_six.terrain.ground import along, hide_ground, travel
from game.rules.five_five_six.turn.flow import reinforce

ADJACENT_IN = 1.0
"""3.5/4.5 "adjacent": bases within 1" of each other (Interpretation)."""


def free_spot(board: Board, character: Character, start: Point, end: Point) -> Point:
    """Back along the line from ``end`` toward ``start`` until his base overlaps no
    other model (he stops short of a friend in the way) and no vehicle (rules version 3)."""
    others = [c.pos for c in board.on_table() if c is not character and c.aboard is None]
    hulls = [v.hull for v in board.vehicles.values()]
    total = math.dist(start, end)
    step = 0.0
    here = end

    def taken(at: Point) -> bool:
        if any(within(p, at, 2 * RADIUS - 1) for p in others):
            return True
        return any(gap(RoundBase(at, RADIUS), hull) <= 0 for hull in hulls)

    while taken(here) and step < total:
        step = min(total, step + 10)
        here = along(end, start, step)
    return here


def go_to(
    board: Board, character: Character, to: Point, budget: float, *, how: str, rough: bool = True
) -> list[Event]:
    """Move him toward ``to`` with ``budget`` hundredths (difficult ground rolled, 6.1),
    facing the way he went; first he breaks away from any melee (3.73)."""
    events: list[Event] = []
    if character.engaged:
        escaped, rolled = withdraw(board, character)
        events += rolled
        if not escaped:
            return events
    start = character.pos
    extra = penalties(board, character)
    end, rolled = travel(board, character, to, budget, extra=extra, rough=rough)
    events += rolled
    end = free_spot(board, character, start, end)
    if end != start:
        character.facing = round(bearing(start, end)) % 360
        character.moved_since_fired = True
    character.pos = end
    events.append(
        Moved(
            character=character.id,
            label=character.name,
            start=start,
            end=end,
            length=round(math.dist(start, end)),
            facing=character.facing,
            how=how,
        )
    )
    return events + after_moving(board, character, start)


def move(board: Board, character: Character, to: Point, facing: int | None) -> list[Event]:
    """3.1: 4" (less when wounded) toward the point; a move onto his own spot turns him."""
    if to == character.pos:
        character.facing = facing if facing is not None else character.facing
        return [
            Moved(
                character=character.id,
                label=character.name,
                start=to,
                end=to,
                length=0,
                facing=character.facing,
            )
        ]
    budget = hundredths(move_allowance(character.effects.move_loss))
    events = go_to(board, character, to, budget, how="moves")
    if facing is not None:
        character.facing = facing
    return events


def sprint_to(board: Board, character: Character, to: Point) -> list[Event]:
    """4.1: 4" plus D6 + Movement inches toward the point."""
    roll = roll_d6(board.rng)
    dash = sprint(roll, character.profile.movement, character.effects.move_loss)
    events: list[Event] = [
        DieRolled(
            who=character.name,
            purpose="sprints",
            die="D6",
            faces=(roll,),
            modifiers=tuple((m.name, m.value) for m in dash.modifiers),
        )
    ]
    character.sprinting = True
    return events + go_to(board, character, to, hundredths(dash.total), how="sprints")


def sprint_in(board: Board, attacker: Character, defender: Character) -> list[Event]:
    """3.7 with 4.1: an enemy beyond two Moves is reached by a Sprint toward him (4" +
    D6 + Movement); if it brings their bases within 1", both are in hand-to-hand combat,
    with no attack roll this go (rules version 2)."""
    events = sprint_to(board, attacker, contact_point(board, attacker, defender))
    if board.gap(attacker, defender) <= CONTACT_INCHES * 100 + 1:
        attacker.facing = round(bearing(attacker.pos, defender.pos)) % 360
        engage_pair(attacker, defender)
    return events


def hide(board: Board, character: Character, to: Point) -> list[Event]:
    """4.2: D6 + Movement against the Hide TN of his ground; the margin is how far he
    creeps (a failure: he stays put to stay Hidden)."""
    check = hide_check(
        hide_ground(board, character.pos), character.profile.movement, penalties(board, character)
    )
    result = check.roll(board.rng)
    own_side = frozenset({character.side})
    # The other side sees the model move like any move, never the Hide roll (4.2).
    events: list[Event] = [replace(check_rolled(character, "hides", result), visible_to=own_side)]
    reach = hundredths(hide_distance(result.margin))
    if to != character.pos and reach > 0:
        events += go_to(board, character, to, reach, how="moves", rough=False)
    character.hidden = True
    events.append(
        TookCover(
            character=character.id,
            label=character.name,
            how="is Hiding",
            visible_to=frozenset({character.side}),
        )
    )
    return events


def adjacent(board: Board, a: Character, b: Character) -> bool:
    return a is b or board.gap(a, b) <= ADJACENT_IN * 100


def worst_index(patient: Character) -> int:
    worst = max(patient.wounds)
    return max(i for i, w in enumerate(patient.wounds) if w == worst)


def treat(board: Board, medic: Character, patient: Character, *, first_aid: bool) -> list[Event]:
    """3.5 First Aid / 4.4 Treat Injury on his worst wound: D6 + Morale against its TN
    (+1 on himself; a first aid kit +1 to the roll). First Aid holds for D3+1 turns,
    Treat Injury for good. A mortally wounded patient improved is no longer dying."""
    index = worst_index(patient)
    wound = patient.wounds[index]
    check = treat_check(
        wound,
        medic.profile.morale,
        on_self=medic is patient,
        first_aid_kit="first_aid_kit" in medic.profile.gear,
        treat_injury=not first_aid,
        extra=penalties(board, medic),
    )
    result, luck = lucky(board, medic, check.roll(board.rng))
    how = "First Aid" if first_aid else "Treat Injury"
    events: list[Event] = [check_rolled(medic, f"gives {patient.name} {how}", result), *luck]
    if result.success:
        patient.burning = None  # 7.86: treated the turn he was burnt, it burns no more
        better = improved(wound)
        if first_aid and better is not None:
            patient.patched.append((index, int(wound), first_aid_rounds(roll_d3(board.rng))))
        if better is None:
            del patient.wounds[index]
            patient.patched = [(i - (i > index), w, t) for i, w, t in patient.patched if i != index]
        else:
            patient.wounds[index] = better
        if patient.status is Status.INCAPACITATED and not patient.effects.incapacitated:
            patient.status = Status.ACTIVE
    worst = patient.worst_wound
    events.append(
        Treated(
            character=medic.id,
            label=medic.name,
            patient=patient.id,
            patient_label=patient.name,
            how=how,
            success=result.success,
            wound="" if worst is None else worst.label,
        )
    )
    return events


def carry(
    board: Board,
    carrier: Character,
    patient: Character,
    to: Point,
    helper: Character | None = None,
) -> list[Event]:
    """4.5: D6 + Strength against 2 (Critical) or 3 (Mortal); the margin gives 3" to 6"
    (a failure: they get nowhere). With a second carrier they move 6" without a roll,
    and the helper's go this turn is spent. The patient ends just behind the carrier,
    the helper beside him."""
    events: list[Event] = []
    if helper is None:
        result, luck = lucky(board, carrier, carry_roll(board, carrier, patient).roll(board.rng))
        events.append(check_rolled(carrier, f"carries {patient.name}", result))
        events += luck
        length = hundredths(carry_distance(result.margin)) if result.success else 0
    else:
        length = hundredths(TWO_CARRIERS_INCHES)
        helper.carry_turn = board.turn
        helper.carrying = True
    start = carrier.pos
    if length:
        events += go_to(board, carrier, to, length, how="carries his man")
        behind = along(carrier.pos, start, 2 * RADIUS)
        for who in (patient, helper):
            if who is None:
                continue
            was = who.pos
            who.pos = free_spot(board, who, who.pos, behind)
            if who.pos != was:
                who.moved_since_fired = True
                who.hidden = False
            events += after_moving(board, who, was)
    carrier.carrying = True
    if board.setting.version >= 2:  # 4.5: "neither can perform any other action"
        patient.carry_turn = board.turn
    events.append(
        Carried(
            character=carrier.id,
            label=carrier.name,
            patient=patient.id,
            patient_label=patient.name,
            length=round(math.dist(start, carrier.pos)),
            helper_label="" if helper is None else helper.name,
        )
    )
    return events


def carry_roll(board: Board, carrier: Character, patient: Character) -> Check:
    """4.51: the Carry roll, D6 + Strength against the patient's worst wound (2 for a
    Critical, 3 for a Mortal one), the carrier's own penalties added."""
    wound = patient.worst_wound
    assert wound is not None
    return carry_check(wound, carrier.profile.strength, penalties(board, carrier))


def carry_odds(check: Check) -> dict[int, Fraction]:
    """4.52: the exact chance of each distance carried in inches (0: they get nowhere)."""
    out: dict[int, Fraction] = {}
    for margin, p in check.margins().items():
        inches = carry_distance(margin) if margin >= 0 else 0
        out[inches] = out.get(inches, Fraction(0)) + p
    return dict(sorted(out.items()))


def cover(board: Board, character: Character) -> list[Event]:
    """3.6: he watches (the go ends); he may fire once during an enemy's go."""
    character.covering = True
    return [Watching(character=character.id, label=character.name)]


def radio_leader_distance(board: Board, character: Character) -> tuple[int | None, float | None]:
    for c in board.fighting(character.side):
        if c.profile.leader and c is not character:
            return c.profile.morale, board.gap(c, character) / 100
    return None, None


def radio_roll(board: Board, character: Character) -> Check:
    """4.9: the Use Radio roll, D6 + his Morale (or his leader's within 2") against the
    scenario's radio TN."""
    event = board.setting.scenario.radio
    assert event is not None
    leader_morale, leader_in = radio_leader_distance(board, character)
    return radio_check(
        event.tn, character.profile.morale, leader_morale=leader_morale, leader_within_in=leader_in
    )


def use_radio(board: Board, character: Character) -> list[Event]:
    """4.9: D6 + Morale (or the leader's, within 2") against the scenario's radio TN;
    success sets off its radio event (once)."""
    event = board.setting.scenario.radio
    assert event is not None
    result, luck = lucky(board, character, radio_roll(board, character).roll(board.rng))
    events: list[Event] = [check_rolled(character, "uses the radio", result), *luck]
    events.append(
        RadioCalled(
            character=character.id, label=character.name, success=result.success, what=event.title
        )
    )
    if result.success:
        board.radio_used = True
        events += reinforce(board, event.side, event.characters)
    return events
