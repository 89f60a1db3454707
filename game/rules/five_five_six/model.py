"""The characters on the table: profile, place, facing, wounds and what they are doing.

Positions are hundredths of an inch from the table's top-left corner; facings degrees
clockwise from the right table edge (0 = right, 90 = down). Every character stands on a
round 25 mm base (1" across) and is an inch tall (``game.maps.tabletop`` defaults).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import StrEnum

from game.maps.tabletop import DEFAULT_BASE_RADIUS, DEFAULT_MODEL_HEIGHT_IN, Point
from game.maps.tabletop_measure import RoundBase
from game.rules.five_five_six.combat.injury import Wound, WoundEffects, wound_effects

FIELD_OF_SIGHT = 180.0
"""2.0: every character sees 180 degrees from the front of his miniature."""

HEIGHT_IN = DEFAULT_MODEL_HEIGHT_IN
RADIUS = DEFAULT_BASE_RADIUS


class Status(StrEnum):
    """``active``: on the table and able to act (wounds permitting). ``incapacitated``:
    mortally wounded (5.01 -4), unable to act, dying unless treated. ``dead``: killed;
    his cards leave the turn deck (2.3). ``reserve``: not on the table yet (a scenario's
    reinforcements, brought on by a Joker)."""

    ACTIVE = "active"
    INCAPACITATED = "incapacitated"
    DEAD = "dead"
    RESERVE = "reserve"


@dataclass(frozen=True, slots=True)
class Profile:
    """What a character is (9.0, 10.0, 11.11): the four ability scores (+0 to +3),
    special skills, weapons and equipment by catalogue id, and the turn-deck cards
    given to him (two for an Elite character); ``launcher_rounds``: the grenades his
    M203 fires (7.5; none named: the kinds he carries, else frag)."""

    movement: int
    weapons: int
    strength: int
    morale: int
    skills: tuple[str, ...] = ()
    gear: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()
    leader: bool = False
    launcher_rounds: tuple[str, ...] = ()

    def has(self, skill: str) -> bool:
        return skill in self.skills

    @property
    def elite(self) -> bool:
        return "elite" in self.skills


@dataclass(slots=True)
class Character:
    """One character on the table and the state of play around him.

    ``wounds``: wound levels in the order suffered (5.01; they stack). ``stealth``:
    took the Stealth action (3.3) and keeps it until his next go. ``hidden``: Hiding
    (4.2) until he does anything but Hide again. ``covering``: on Covering Fire (3.6)
    until his next go or his shot. ``sprinting``/``carrying``: took Sprint (4.1) or
    Carry (4.5); the +1 against him lasts until his next go. ``engaged``: enemies he
    is in hand-to-hand combat with (3.7). ``stunned``: actions his next go loses to a
    stun grenade (7.83). ``gassed``: failed a CS gas test (7.84, +2 TN) against
    ``gas_tn`` in turn ``gas_turn``. ``shaken``: the TN penalty for the rest of turn
    ``shaken_turn`` after a scrambled withdrawal (3.73). ``patched``: wounds held off
    by First Aid (3.5): (index in ``wounds``, the wound before, turns left).
    ``fired_turn``: the last turn he fired (0: never); ``moved_since_fired``: he has
    changed position since (3.22: the +2 to spot him lasts while he has not).
    ``dying_in``: turns left before a mortally wounded character dies (5.01 -4: D6+1
    rounds). ``ammo``: the ammunition status of each weapon and grenade kind he carries
    (``weapons.AmmoStatus`` values: supplied, low, checking, empty; 7.0).
    ``morale``: the 9.01 result he is under (steady, shaken, withdrawing, fleeing) and
    ``failed_rallies`` since (9.4: +1 TN each). ``threw_back``: he threw a grenade back
    (3.2), so his next go is a single action. ``burning``: (grenade, inches from it,
    turn) of a white phosphorus burn not yet treated (7.86/7.87). ``rerolls_used``: skills whose
    once-a-game re-roll he has used (10.0). ``carry_turn``: the turn his go went on a
    Carry he did not lead: helping carry a friend, or being carried (4.5: "neither can
    perform any other action"; rules version 2). ``fired_silenced``: his last shot was
    from a suppressed weapon (7.4 MP5SD: no +2 to spot him; rules version 2). ``luck``: Lucky
    Bastard's +1s left (10.0: D3 at the start), ``luck_turn`` the turn he last used one.
    ``aboard``: the vehicle he is in (12.1; rules version 3), in ``seat`` (driver,
    gunner or passenger); his ``pos`` is then the vehicle's centre.
    """

    id: str
    side: int
    name: str
    profile: Profile
    pos: Point
    facing: int = 0
    status: Status = Status.ACTIVE
    wounds: list[Wound] = field(default_factory=list)
    stealth: bool = False
    hidden: bool = False
    covering: bool = False
    fired_turn: int = 0
    moved_since_fired: bool = True
    dying_in: int | None = None
    ammo: dict[str, str] = field(default_factory=dict)
    sprinting: bool = False
    carrying: bool = False
    engaged: list[str] = field(default_factory=list)
    stunned: int = 0
    gassed: bool = False
    gas_tn: int = 0
    gas_turn: int = 0
    shaken_turn: int = 0
    shaken: int = 0
    patched: list[tuple[int, int, int]] = field(default_factory=list)
    morale: str = "steady"
    threw_back: bool = False
    burning: tuple[str, float, int] | None = None
    failed_rallies: int = 0
    rerolls_used: list[str] = field(default_factory=list)
    carry_turn: int = 0
    fired_silenced: bool = False
    luck: int = 0
    luck_turn: int = 0
    aboard: str | None = None
    seat: str = ""

    def copy(self) -> Character:
        """An independent copy (its lists and dicts copied too). Field by field rather
        than ``dataclasses.replace``, which costs several times as much and bots copy
        every character of the board for each search."""
        new = object.__new__(Character)
        for name in _FIELDS:
            setattr(new, name, getattr(self, name))
        new.wounds = list(self.wounds)
        new.ammo = dict(self.ammo)
        new.engaged = list(self.engaged)
        new.patched = list(self.patched)
        new.rerolls_used = list(self.rerolls_used)
        return new

    @property
    def empty(self) -> tuple[str, ...]:
        """Weapons and grenade kinds with nothing left to fire or throw (7.0)."""
        return tuple(sorted(k for k, v in self.ammo.items() if v == "empty"))

    @property
    def base(self) -> RoundBase:
        return RoundBase(self.pos, RADIUS)

    def base_at(self, point: Point) -> RoundBase:
        return RoundBase(point, RADIUS)

    @property
    def on_table(self) -> bool:
        """Dead characters are taken off; incapacitated ones stay where they fell."""
        return self.status in (Status.ACTIVE, Status.INCAPACITATED)

    @property
    def can_act(self) -> bool:
        return self.status is Status.ACTIVE

    @property
    def worst_wound(self) -> Wound | None:
        return max(self.wounds) if self.wounds else None

    @property
    def effects(self) -> WoundEffects:
        """What his wounds do together (5.01, stacked)."""
        return wound_effects(tuple(self.wounds))

    def snapshot(self) -> list[object]:
        return [
            self.id,
            list(self.pos),
            self.facing,
            str(self.status),
            [int(w) for w in self.wounds],
            self.stealth,
            self.hidden,
            self.covering,
            self.fired_turn,
            self.moved_since_fired,
            self.dying_in,
            sorted(self.ammo.items()),
            self.sprinting,
            self.carrying,
            list(self.engaged),
            self.stunned,
            self.gassed,
            self.gas_tn,
            self.gas_turn,
            self.shaken_turn,
            self.shaken,
            [list(p) for p in self.patched],
            self.morale,
            self.threw_back,
            None if self.burning is None else list(self.burning),
            self.failed_rallies,
            list(self.rerolls_used),
            *self._extra_snapshot(),
        ]

    def _extra_snapshot(self) -> list[object]:
        """State added in rules version 2, listed only when set (so that the digests
        of version 1 saves stay as they were)."""
        extra: dict[str, object] = {}
        if self.carry_turn:
            extra["carry_turn"] = self.carry_turn
        if self.fired_silenced:
            extra["fired_silenced"] = True
        if self.luck or self.luck_turn:
            extra["luck"] = [self.luck, self.luck_turn]
        if self.aboard is not None:  # rules version 3
            extra["aboard"] = [self.aboard, self.seat]
        return [extra] if extra else []


_FIELDS = tuple(f.name for f in fields(Character))


def inches_text(value: float) -> str:
    """Hundredths of an inch as inches for messages: ``6.5"``."""
    return f'{round(value / 100, 2):g}"'
