"""What happens in a game of Tunnel Rats, as events with their audience.

Seat 0 is the rats, seat 1 the defenders. An event the rats may not see (a hidden
enemy's move, the umpire's secret booby-trap die) has ``visible_to={DEFENDERS}``.
Every die roll is a :class:`game.core.api.DieRolled` with its faces, named
modifiers, target and result.

Events keep the figures' ids in their typed fields (the table animates from them) and
carry the names the log reads, filled in by the rules when the event is made
(``name``, ``patient_name``...; the id stands in only where a name was not given).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.core.api import DieRolled, Event, Tone
from game.core.wounds import WoundLevel
from game.rules.tunnel_rats.data import Stance

RATS, DEFENDERS = 0, 1
ONLY_RATS = frozenset({RATS})
ONLY_DEFENDERS = frozenset({DEFENDERS})
SEAT_NAMES = ("rats", "defenders")

Cell = tuple[int, int]


def inches(value: float) -> str:
    """A distance as players write it: 4", 3.4" (one decimal at most)."""
    return f'{round(value, 1):g}"'


@dataclass(frozen=True, kw_only=True)
class FigureRolled(DieRolled):
    """A roll made by one figure: ``who`` is his name (for the log), ``figure`` his id
    (for the table; empty when the viewer may not know who rolled)."""

    figure: str = ""


@dataclass(frozen=True, kw_only=True)
class AimedRoll(FigureRolled):
    """A roll against one figure (a wound roll, a strike in close combat), naming him by
    id for the table (``at``)."""

    at: str


@dataclass(frozen=True, kw_only=True)
class ShotRolled(FigureRolled):
    """The to-hit roll of a shot, with the shooter and target as ids for the table
    (``shooter`` is ``None`` in the copy shown to rats who cannot see him; ``target``
    stays the number to reach)."""

    shooter: str | None
    shot_at: str


@dataclass(frozen=True, kw_only=True)
class RoundStarted(Event):
    tone: ClassVar[Tone] = Tone.TURN

    round: int
    points: int

    def text(self) -> str:
        return f"Round {self.round}: each side has {self.points} action points."


@dataclass(frozen=True, kw_only=True)
class Moved(Event):
    """A figure moved along ``path`` (cells, start first) on ``level``."""

    figure: str
    level: int
    path: tuple[Cell, ...]
    stance: Stance
    name: str = ""
    distance: float = 0.0  # inches walked along the path
    place: str = ""  # the named part of the tunnels he ends in, if any

    def text(self) -> str:
        who = self.name or self.figure
        where = f" into the {self.place}" if self.place else ""
        if self.distance <= 0:
            return f"{who} moves {self.stance.value}{where}."
        return f"{who} moves {inches(self.distance)} {self.stance.value}{where}."


@dataclass(frozen=True, kw_only=True)
class StanceChanged(Event):
    figure: str
    stance: Stance
    name: str = ""

    def text(self) -> str:
        return f"{self.name or self.figure} is now {self.stance.value}."


@dataclass(frozen=True, kw_only=True)
class LevelChanged(Event):
    figure: str
    entrance: str
    level: int
    cell: Cell
    name: str = ""
    entrance_name: str = ""

    def text(self) -> str:
        way = f"the {self.entrance_name}" if self.entrance_name else self.entrance
        return f"{self.name or self.figure} goes through {way} to level {self.level + 1}."


@dataclass(frozen=True, kw_only=True)
class Wounded(Event):
    tone: ClassVar[Tone] = Tone.BAD

    figure: str
    wounds: WoundLevel
    cause: str
    name: str = ""

    def text(self) -> str:
        who = self.name or self.figure
        if self.wounds is WoundLevel.DEAD:
            return f"{who} is killed ({self.cause})."
        return f"{who} takes a wound ({self.cause}): now {self.wounds.label}."


@dataclass(frozen=True, kw_only=True)
class Dressed(Event):
    tone: ClassVar[Tone] = Tone.GOOD

    figure: str
    patient: str
    wounds: WoundLevel
    used_fafd: bool
    name: str = ""
    patient_name: str = ""

    def text(self) -> str:
        how = "a field dressing" if self.used_fafd else "first aid"
        who = self.name or self.figure
        if self.patient == self.figure:
            return f"{who} dresses his own wound: now {self.wounds.label}."
        return f"{who} gives {self.patient_name or self.patient} {how}: now {self.wounds.label}."


@dataclass(frozen=True, kw_only=True)
class Reloaded(Event):
    figure: str
    loaded: int
    spare: int
    name: str = ""

    def text(self) -> str:
        return f"{self.name or self.figure} reloads: {self.loaded} in the gun, {self.spare} spare."


@dataclass(frozen=True, kw_only=True)
class Spotting(Event):
    """A rat became spotted (``spotted``) or the defenders lost sight of him."""

    tone: ClassVar[Tone] = Tone.BAD

    rat: str
    spotted: bool
    by: str = ""
    rat_name: str = ""
    by_name: str = ""

    def text(self) -> str:
        rat = self.rat_name or self.rat
        by = self.by_name or self.by
        if self.spotted:
            return f"{by} spots {rat}." if by else f"{rat} is spotted."
        return f"The defenders lose sight of {rat}."


@dataclass(frozen=True, kw_only=True)
class TrapResolved(Event):
    tone: ClassVar[Tone] = Tone.BAD

    figure: str
    trap: str
    hidden: bool
    disarmed: bool
    cell: Cell
    name: str = ""

    def text(self) -> str:
        kind = "a hidden" if self.hidden else "an obvious"
        who = self.name or self.figure
        if self.disarmed:
            return f"{who} finds and disarms {kind} booby trap."
        return f"{kind.capitalize()} booby trap goes off on {who}."


@dataclass(frozen=True, kw_only=True)
class EntranceFound(Event):
    tone: ClassVar[Tone] = Tone.GOOD

    figure: str
    entrance: str
    cell: Cell
    name: str = ""
    entrance_name: str = ""

    def text(self) -> str:
        what = f"the {self.entrance_name}" if self.entrance_name else "an entrance"
        return f"{self.name or self.figure} finds {what}."


@dataclass(frozen=True, kw_only=True)
class Reinforcement(Event):
    tone: ClassVar[Tone] = Tone.BAD

    enemy: str
    level: int
    cell: Cell
    name: str = ""

    def text(self) -> str:
        who = self.name or self.enemy
        return f"{who} joins the fight from a spider hole on level {self.level + 1}."


@dataclass(frozen=True, kw_only=True)
class ObjectiveEvent(Event):
    tone: ClassVar[Tone] = Tone.GOOD

    figure: str
    what: str
    name: str = ""

    def text(self) -> str:
        return (
            f"{self.name or self.figure} {self.what}."
            if self.name
            else f"{self.figure}: {self.what}."
        )


@dataclass(frozen=True, kw_only=True)
class GameEnded(Event):
    tone: ClassVar[Tone] = Tone.END

    winner: int
    reason: str
    side: str = ""  # the winners as the scenario names them ("Tunnel Rats")

    def text(self) -> str:
        return f"The {self.side or SEAT_NAMES[self.winner]} win: {self.reason}."
