"""What happens in a game of 5.56mm, as typed events.

Rolls are :class:`game.core.api.DieRolled` (faces, every named modifier, target,
success). Stealth and Hide are seen only by the acting side (``visible_to``); every
card drawn ``reveals`` (no undo past it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.core.api import Event, Tone
from game.core.textform import Point
from game.maps.tabletop_measure import compass
from game.rules.five_five_six.turn.deck import card_title


def _inches(value: float) -> str:
    return f'{round(value / 100, 2):g}"'


@dataclass(frozen=True, kw_only=True)
class TurnBegan(Event):
    tone: ClassVar[Tone] = Tone.TURN
    turn: int
    cards: int

    def text(self) -> str:
        return f"Turn {self.turn}: the {self.cards} cards of the turn deck are shuffled."


@dataclass(frozen=True, kw_only=True)
class CardDrawn(Event):
    """A card off the turn deck: whose go it is (``character`` "" for a Joker);
    ``removed``: his character is dead, the card leaves the deck (2.3); ``second``:
    an Elite's second go (one action, no special action)."""

    tone: ClassVar[Tone] = Tone.TURN
    card: str
    drawer: str
    character: str
    label: str
    removed: bool = False
    second: bool = False
    #: the drawing side's name takes a plural verb ("the Raiders draw")
    drawer_plural: bool = True

    def text(self) -> str:
        card = card_title(self.card)
        draws = f"The {self.drawer} {'draw' if self.drawer_plural else 'draws'} the {card}"
        if not self.character:
            return f"{draws}: a scenario event!"
        if self.removed:
            return f"{draws}, {self.label}'s card: he is dead, so it is removed."
        extra = " (second card: one action, no special action)" if self.second else ""
        return f"{draws}: {self.label}'s go{extra}."


@dataclass(frozen=True, kw_only=True)
class CannotAct(Event):
    """The drawn character is incapacitated (a Mortal wound) and his go passes."""

    character: str
    label: str
    why: str

    def text(self) -> str:
        return f"{self.label} cannot act: {self.why}."


@dataclass(frozen=True, kw_only=True)
class GoEnded(Event):
    """A character's go is over. ``actions``: how many he took. The text is the same
    however many: a go spent on Stealth or a Hide that went nowhere, which the other side
    is not told of (3.3, 4.2), must read to it like a go in which nothing was done."""

    character: str
    label: str
    actions: int

    def text(self) -> str:
        return f"{self.label}'s go ends."


@dataclass(frozen=True, kw_only=True)
class Moved(Event):
    """A character moved (``length`` hundredths) and now faces ``facing`` degrees."""

    character: str
    label: str
    start: Point
    end: Point
    length: int
    facing: int
    how: str = "moves"

    def text(self) -> str:
        if self.length == 0:
            return f"{self.label} turns to face {compass(self.facing)}."
        return f"{self.label} {self.how} {_inches(self.length)}."


@dataclass(frozen=True, kw_only=True)
class TookCover(Event):
    """Stealth (3.3) or Hide (4.2): shown only to the side that took it."""

    character: str
    label: str
    how: str

    def text(self) -> str:
        return f"{self.label} {self.how}."


@dataclass(frozen=True, kw_only=True)
class Aimed(Event):
    character: str
    label: str
    bonus: int

    def text(self) -> str:
        return f"{self.label} takes aim."


@dataclass(frozen=True, kw_only=True)
class NotSpotted(Event):
    tone: ClassVar[Tone] = Tone.BAD
    character: str
    label: str
    target: str
    target_label: str

    def text(self) -> str:
        return f"{self.label} cannot make out {self.target_label} and holds his fire."


@dataclass(frozen=True, kw_only=True)
class ShotFired(Event):
    """A Fire action's result: ``hit`` or a miss."""

    character: str
    label: str
    target: str
    target_label: str
    tone: ClassVar[Tone] = Tone.ROLL
    weapon: str
    hit: bool

    def text(self) -> str:
        verdict = "hits" if self.hit else "misses"
        return f"{self.label} fires his {self.weapon} at {self.target_label} and {verdict}."


@dataclass(frozen=True, kw_only=True)
class Engaged(Event):
    """Hand to hand (3.7): the attacker goes at the defender."""

    character: str
    label: str
    target: str
    target_label: str

    def text(self) -> str:
        return f"{self.label} engages {self.target_label} hand to hand."


@dataclass(frozen=True, kw_only=True)
class Withdrew(Event):
    character: str
    label: str
    escaped: bool

    def text(self) -> str:
        if self.escaped:
            return f"{self.label} breaks away from the melee."
        return f"{self.label} cannot get away from the melee."


@dataclass(frozen=True, kw_only=True)
class GrenadeLanded(Event):
    """A grenade thrown (``at`` aimed, ``landed`` where it went off)."""

    tone: ClassVar[Tone] = Tone.ROLL
    character: str
    label: str
    grenade: str
    at: Point
    landed: Point
    scatter: str

    def text(self) -> str:
        where = "on target" if not self.scatter else f"off target, {self.scatter}"
        return f"{self.label} throws a {self.grenade}: it lands {where}."


@dataclass(frozen=True, kw_only=True)
class Stunned(Event):
    tone: ClassVar[Tone] = Tone.BAD
    character: str
    label: str
    actions: int

    def text(self) -> str:
        if self.actions == 0:
            return f"{self.label} shrugs off the flash-bang."
        return f"{self.label} is stunned: he loses {self.actions} action(s) of his next go."


@dataclass(frozen=True, kw_only=True)
class Gassed(Event):
    tone: ClassVar[Tone] = Tone.BAD
    character: str
    label: str
    affected: bool

    def text(self) -> str:
        if not self.affected:
            return f"{self.label} holds his breath through the gas."
        return f"{self.label} is choking on CS gas (+2 to every TN)."


@dataclass(frozen=True, kw_only=True)
class OutOfAmmo(Event):
    tone: ClassVar[Tone] = Tone.BAD
    character: str
    label: str
    weapon: str

    def text(self) -> str:
        return f"{self.label} has used his last {self.weapon}."


@dataclass(frozen=True, kw_only=True)
class Treated(Event):
    """First Aid or Treat Injury: ``wound`` is the patient's worst wound now ("" none)."""

    character: str
    label: str
    patient: str
    patient_label: str
    how: str
    success: bool
    wound: str

    def text(self) -> str:
        if not self.success:
            return f"{self.label}'s {self.how} on {self.patient_label} does not help."
        now = f"now {self.wound}" if self.wound else "now unhurt"
        return f"{self.label}'s {self.how} works: {self.patient_label} is {now}."


@dataclass(frozen=True, kw_only=True)
class Carried(Event):
    character: str
    label: str
    patient: str
    patient_label: str
    length: int
    helper_label: str = ""

    def text(self) -> str:
        if self.length == 0:
            return f"{self.label} struggles with {self.patient_label} and gets nowhere."
        if self.helper_label:
            return (
                f"{self.label} and {self.helper_label} carry {self.patient_label} "
                f"{_inches(self.length)}."
            )
        return f"{self.label} carries {self.patient_label} {_inches(self.length)}."


@dataclass(frozen=True, kw_only=True)
class Watching(Event):
    character: str
    label: str

    def text(self) -> str:
        return f"{self.label} gives Covering Fire, watching the ground ahead."


@dataclass(frozen=True, kw_only=True)
class RadioCalled(Event):
    character: str
    label: str
    success: bool
    what: str

    def text(self) -> str:
        if not self.success:
            return f"{self.label} cannot get through on the radio."
        return f"{self.label} gets through on the radio: {self.what}."


@dataclass(frozen=True, kw_only=True)
class Wounded(Event):
    """The injury roll's result (5.01): ``wound`` "" for no wound, else its name."""

    tone: ClassVar[Tone] = Tone.BAD
    character: str
    label: str
    wound: str

    def text(self) -> str:
        if not self.wound:
            return f"{self.label} is unhurt."
        if self.wound == "Dead":
            return f"{self.label} is killed."
        return f"{self.label} suffers a {self.wound} wound."


@dataclass(frozen=True, kw_only=True)
class WoundReturned(Event):
    """3.5: First Aid wore off."""

    tone: ClassVar[Tone] = Tone.BAD
    character: str
    label: str
    wound: str

    def text(self) -> str:
        return f"The First Aid on {self.label} wears off: his {self.wound} wound is back."


@dataclass(frozen=True, kw_only=True)
class Died(Event):
    tone: ClassVar[Tone] = Tone.BAD
    character: str
    label: str
    why: str

    def text(self) -> str:
        return f"{self.label} dies ({self.why})."


@dataclass(frozen=True, kw_only=True)
class LightChanged(Event):
    """A Joker's flare (6.2): ``light`` is the light now, until the turn ends."""

    light: str
    why: str

    def text(self) -> str:
        why = self.why[:1].upper() + self.why[1:]
        if self.light == "full":
            return f"{why}: full light until the turn ends."
        return f"{why}: the light is now {LIGHT_WORDS.get(self.light, self.light)}."


#: The table's light (6.2) as the log says it.
LIGHT_WORDS = {"full": "full daylight", "low": "low light", "none": "no light at all"}


@dataclass(frozen=True, kw_only=True)
class SquadPlaced(Event):
    """Set-up: a side's squad is on the table (``men``), with ``reserves`` still to come
    and the ``vehicles`` it starts in (their names)."""

    tone: ClassVar[Tone] = Tone.TURN
    side: int
    name: str
    plural: bool
    men: int
    reserves: int = 0
    vehicles: tuple[str, ...] = ()

    def text(self) -> str:
        verb = "take" if self.plural else "takes"
        line = f"The {self.name} {verb} the field: {self.men} {'man' if self.men == 1 else 'men'}"
        if self.vehicles:
            line += f" aboard {_and(self.vehicles)}"
        if self.reserves:
            line += f", {self.reserves} more may join later"
        return line + "."


@dataclass(frozen=True, kw_only=True)
class LightAtStart(Event):
    """Set-up: the scenario is played in low light or none (6.2)."""

    tone: ClassVar[Tone] = Tone.TURN
    light: str
    flares: int = 0  # Jokers in the turn deck that send up a flare

    def text(self) -> str:
        line = (
            "It is night: there is no light at all."
            if self.light == "none"
            else f"The light is {LIGHT_WORDS.get(self.light, self.light)}."
        )
        if self.flares:
            jokers = "the Joker" if self.flares == 1 else f"each of the {self.flares} Jokers"
            line += f" When {jokers} of the turn deck is drawn, a flare lights the table."
        return line


def _and(names: tuple[str, ...]) -> str:
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


@dataclass(frozen=True, kw_only=True)
class Arrived(Event):
    character: str
    label: str
    at: Point

    def text(self) -> str:
        return f"{self.label} comes onto the table."


@dataclass(frozen=True, kw_only=True)
class TurnEnded(Event):
    tone: ClassVar[Tone] = Tone.TURN
    turn: int

    def text(self) -> str:
        return f"Turn {self.turn} ends: the turn deck is spent."


@dataclass(frozen=True, kw_only=True)
class GameEnded(Event):
    tone: ClassVar[Tone] = Tone.END
    winners: tuple[int, ...]
    reason: str
    won: str = ""  # "The Militia win": the winners as the log says it ("" a draw)

    def text(self) -> str:
        if not self.won:
            return f"The game is over, a draw: {self.reason}."
        return f"The game is over. {self.won}: {self.reason}."
