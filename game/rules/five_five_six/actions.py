"""5.56mm's actions and their text forms.

The character whose card was drawn takes up to two actions one after the other, or one
special action instead (2.2), and then his go ends (``end`` ends it early). Points are
inches on the table (``12.5,30`` = 12.5" from the left edge, 30" down); facings
degrees clockwise from the right table edge (0 = right, 90 = down the table).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Annotated, ClassVar

from game.core.api import Action
from game.core.textform import IDS, POINT, ActionForms, Point, words


@dataclass(frozen=True)
class Move(Action):
    """3.1 Move: up to 4" straight to a point (less when wounded), ending facing the way
    he went or ``facing`` if given. A move to where he stands turns him on the spot."""

    form: ClassVar[str] = "move {character} {to}[ facing {facing}]"
    character: str
    to: Annotated[Point, POINT]
    facing: int | None = None


@dataclass(frozen=True)
class Stealth(Action):
    """3.3 Stealth: keep low; counts as partial concealment (+1 to hit him) until his
    next go."""

    form: ClassVar[str] = "stealth {character}"
    character: str


@dataclass(frozen=True)
class Aim(Action):
    """3.4 Aim, as the first action: +1 (more with a scope) to the Fire action after it."""

    form: ClassVar[str] = "aim {character}"
    character: str


@dataclass(frozen=True)
class Fire(Action):
    """3.2 Fire a weapon at an enemy: the spotting roll first if less than half of him is
    in sight, then D6 + Weapons against his TN, then the injury roll. ``round``: the
    M82's HEAP round or the grenade an M203 fires (7.5, 7.6; none: the weapon's usual)."""

    form: ClassVar[str] = "fire {character} {weapon} {target}[ with {round}]"
    character: str
    weapon: str
    target: str
    round: str | None = None


@dataclass(frozen=True)
class Throw(Action):
    """3.2 Throw a grenade at a point: D6 + Strength against the point's range TN; a miss
    scatters (3.26/3.27). ``holding`` on to it (+1 TN) stops anyone throwing it back."""

    form: ClassVar[str] = "throw {character} {grenade} {at} {holding}"
    character: str
    grenade: str
    at: Annotated[Point, POINT]
    holding: Annotated[bool, words("holding", "quick")] = False


@dataclass(frozen=True)
class Engage(Action):
    """3.7 Engage an enemy in hand to hand: within 1" attack at once, within a Move
    charge in and attack (+1); farther, two Moves' worth brings them together without
    an attack (the whole go)."""

    form: ClassVar[str] = "engage {character} {target}"
    character: str
    target: str


@dataclass(frozen=True)
class FirstAid(Action):
    """3.5 First Aid on an adjacent wounded character (or himself): D6 + Morale against
    the wound's TN; the wound is one level better for D3+1 turns."""

    form: ClassVar[str] = "aid {character} {patient}"
    character: str
    patient: str


@dataclass(frozen=True)
class CoveringFire(Action):
    """3.6 Covering Fire: he does nothing else this go and may fire once at an enemy who
    acts in front of him (90 degrees) before the watcher's next go."""

    form: ClassVar[str] = "cover {character}"
    character: str


@dataclass(frozen=True)
class Sprint(Action):
    """4.1 Sprint (special): 4" plus D6 + Movement toward a point."""

    form: ClassVar[str] = "sprint {character} {to}"
    character: str
    to: Annotated[Point, POINT]


@dataclass(frozen=True)
class Hide(Action):
    """4.2 Hide (special): D6 + Movement against the ground's TN, creeping 1" to 4"
    toward a point by the margin (a failure stays put), and he is Hidden."""

    form: ClassVar[str] = "hide {character} {to}"
    character: str
    to: Annotated[Point, POINT]


@dataclass(frozen=True)
class AutoFire(Action):
    """4.3 Auto-Fire (special): the normal shot at the first target, then each extra
    shot at it or another enemy near it (``targets`` in order, the first repeated for
    another shot at him)."""

    form: ClassVar[str] = "autofire {character} {weapon} {targets}"
    character: str
    weapon: str
    targets: Annotated[tuple[str, ...], IDS]


@dataclass(frozen=True)
class TreatInjury(Action):
    """4.4 Treat Injury (special, Medic): D6 + Morale against the wound's TN; the wound
    is one level better for good."""

    form: ClassVar[str] = "treat {character} {patient}"
    character: str
    patient: str


@dataclass(frozen=True)
class Carry(Action):
    """4.5 Carry (special): D6 + Strength to move an adjacent Critical or Mortally
    wounded friend 3" to 6" toward a point; ``with`` a second carrier (a friend also
    next to him who has not had his go this turn, and gives it up) they move 6" without
    a roll."""

    form: ClassVar[str] = "carry {character} {patient} {to}[ with {helper}]"
    character: str
    patient: str
    to: Annotated[Point, POINT]
    helper: str | None = None


@dataclass(frozen=True)
class UseRadio(Action):
    """4.9 Use Radio (special): D6 + Morale (or the leader's within 2") against the
    scenario's TN for its radio event."""

    form: ClassVar[str] = "radio {character}"
    character: str


@dataclass(frozen=True)
class SnapFire(Action):
    """3.6: a character on Covering Fire fires between an enemy's actions: at ``target``,
    any enemy he can fire at in the 90 degrees he watches (rules version 5), or at the
    enemy now acting when no target is named (every version)."""

    form: ClassVar[str] = "snapfire {character} {weapon}[ at {target}]"
    character: str
    weapon: str
    target: str | None = None


@dataclass(frozen=True)
class HoldFire(Action):
    """3.6: the watcher lets this moment pass (he may still fire later in the go)."""

    form: ClassVar[str] = "hold {character}"
    character: str


@dataclass(frozen=True)
class ThrowBack(Action):
    """3.2: a character within 1" of a live grenade who has not had his go grabs it
    (Morale TN 4) and throws it to a point at Medium range or less; either roll failed,
    it goes off in his hand. His next go is then a single action."""

    form: ClassVar[str] = "throwback {character} {to}"
    character: str
    to: Annotated[Point, POINT]


@dataclass(frozen=True)
class LetLie(Action):
    """3.2: he leaves the live grenade where it lies."""

    form: ClassVar[str] = "letlie {character}"
    character: str


class DriveTask(StrEnum):
    """4.61: the Driver Task tried besides the movement allowance (``none``: none)."""

    NONE = "steady"
    FULL_SPEED = "full"
    TURN = "turn"


class SeatChoice(StrEnum):
    """12.1: where a character sits (a land vehicle: driver, gunner, passenger; a
    helicopter: pilot, co-pilot, gunner, passenger, 12.9)."""

    DRIVER = "driver"
    GUNNER = "gunner"
    PASSENGER = "passenger"
    PILOT = "pilot"
    CO_PILOT = "co_pilot"


#: The seats offered in each kind of vehicle, in the order they are listed.
SEATS_BY_KIND: dict[str, tuple[SeatChoice, ...]] = {
    "land": (SeatChoice.DRIVER, SeatChoice.GUNNER, SeatChoice.PASSENGER),
    "helicopter": (SeatChoice.PILOT, SeatChoice.CO_PILOT, SeatChoice.GUNNER, SeatChoice.PASSENGER),
}


def run_bends(bend: int | None, then: int | None, after: int | None) -> tuple[tuple[int, int], ...]:
    """A Full Speed run's changes of direction as (degrees, inches into the run)."""
    out: list[tuple[int, int]] = []
    if bend is not None:
        out.append((bend, 0))
    if then is not None and after is not None:
        out.append((then, after))
    return tuple(out)


@dataclass(frozen=True)
class Drive(Action):
    """4.6 Drive (special, the driver): the vehicle goes straight to a point within its
    movement allowance (1" per change of direction up to 45 degrees, 2" per inch in
    ``reverse``), ending facing the way it went; ``full``: Full Speed (TN 3) carries it
    on straight ahead by the 4.62 result; ``turn``: Turn (TN 4) makes the changes of
    direction 90-degree turns (4.63). Anyone in its path is rammed (12.2).

    A Full Speed run may change direction twice, up to 45 degrees each (4.6, rules
    version 4, Interpretation V41): ``bend`` degrees (clockwise positive) where the run
    begins, ``then`` degrees once it has gone ``after`` inches; each costs 1" of the run."""

    form: ClassVar[str] = (
        "drive {character} {to} {task} {reverse}[ bend {bend}][ then {then} after {after}]"
    )
    character: str
    to: Annotated[Point, POINT]
    task: DriveTask = DriveTask.NONE
    reverse: Annotated[bool, words("reverse", "forward")] = False
    bend: int | None = None
    then: int | None = None
    after: int | None = None

    @property
    def bends(self) -> tuple[tuple[int, int], ...]:
        return run_bends(self.bend, self.then, self.after)


class PilotTask(StrEnum):
    """4.71: the Pilot Task tried besides the movement allowance (``steady``: none)."""

    NONE = "steady"
    LAND = "land"
    HOVER = "hover"
    FULL_SPEED = "full"
    BANK = "bank"


@dataclass(frozen=True)
class Pilot(Action):
    """4.7 Pilot (special, the pilot; the co-pilot once the pilot is hurt, 12.9): the
    helicopter flies straight to a point within its movement allowance (2" per change
    of direction up to 45 degrees, 4" per inch in ``reverse``), over whatever is below,
    ending facing the way it went; ``land`` (TN 7) sets it down there (4.72), ``hover``
    (TN 5) holds it still in the air there (4.73), ``full`` (TN 3) carries it on straight
    ahead by the 4.74 result, ``bank`` (TN 4) makes the changes of direction 90-degree
    turns (4.75). Any task but Land takes a landed helicopter up.

    The Full Speed run may change direction twice, up to 45 degrees each, 4" of the run
    each (4.7, rules version 4, V41): ``bend`` where it begins, ``then`` after ``after``
    inches of it, as a land vehicle's (:class:`Drive`)."""

    form: ClassVar[str] = (
        "pilot {character} {to} {task} {reverse}[ bend {bend}][ then {then} after {after}]"
    )
    character: str
    to: Annotated[Point, POINT]
    task: PilotTask = PilotTask.NONE
    reverse: Annotated[bool, words("reverse", "forward")] = False
    bend: int | None = None
    then: int | None = None
    after: int | None = None

    @property
    def bends(self) -> tuple[tuple[int, int], ...]:
        return run_bends(self.bend, self.then, self.after)


@dataclass(frozen=True)
class FastRope(Action):
    """4.8 Fast Rope (special, a passenger of a hovering helicopter): he ropes down
    toward a point within 3" of the helicopter's edge; the 4.81 result says how far
    from the helicopter he gets, or how hard he falls."""

    form: ClassVar[str] = "rope {character} {to}"
    character: str
    to: Annotated[Point, POINT]


@dataclass(frozen=True)
class GetIn(Action):
    """12.1: a character who can reach a friendly vehicle with a Move gets in and takes
    a free seat (driver, gunner at the mounted weapon, or passenger)."""

    form: ClassVar[str] = "board {character} {vehicle} {seat}"
    character: str
    vehicle: str
    seat: SeatChoice = SeatChoice.PASSENGER


@dataclass(frozen=True)
class GetOut(Action):
    """12.1: a character gets out of his vehicle to a point within a Move of it; out of
    a moving vehicle he tests against the 12.11 damage for its speed."""

    form: ClassVar[str] = "leave {character} {to}"
    character: str
    to: Annotated[Point, POINT]


@dataclass(frozen=True)
class End(Action):
    """End the character's go (2.2: he may take fewer actions, even none)."""

    form: ClassVar[str] = "end"


ACTION_TYPES: tuple[type[Action], ...] = (
    Move,
    Stealth,
    Aim,
    Fire,
    Throw,
    Engage,
    FirstAid,
    CoveringFire,
    Sprint,
    Hide,
    AutoFire,
    TreatInjury,
    Carry,
    UseRadio,
    SnapFire,
    HoldFire,
    ThrowBack,
    LetLie,
    Drive,
    GetIn,
    GetOut,
    Pilot,
    FastRope,
    End,
)
#: 4.0: special actions, each in place of both actions of a go.
SPECIAL_ACTIONS: tuple[type[Action], ...] = (
    Sprint,
    Hide,
    AutoFire,
    TreatInjury,
    Carry,
    UseRadio,
    Drive,
    Pilot,
    FastRope,
)
FORMS = ActionForms("5.56mm", ACTION_TYPES)


def parse_action(text: str) -> Action:
    """Inverse of ``to_str``; ``InvalidAction`` naming the accepted forms otherwise."""
    action: Action = FORMS.parse(text)
    return action
