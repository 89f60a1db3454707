"""What happens in a game of Tunnel Rats, as events with their audience.

Seat 0 is the rats, seat 1 the defenders. An event the rats may not see (a hidden
enemy's move, the umpire's secret booby-trap die) has ``visible_to={DEFENDERS}``.
Every die roll is a :class:`game.core.api.DieRolled` with its faces, named
modifiers, target and result.
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


@dataclass(frozen=True, kw_only=True)
class AimedRoll(DieRolled):
    """A roll against one figure (a wound roll, a strike in close combat), naming him by
    id for the table (``at``)."""

    at: str


@dataclass(frozen=True, kw_only=True)
class ShotRolled(DieRolled):
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

    def text(self) -> str:
        end = self.path[-1]
        return f"{self.figure} moves {self.stance.value} to {end[0]},{end[1]}."


@dataclass(frozen=True, kw_only=True)
class StanceChanged(Event):
    figure: str
    stance: Stance

    def text(self) -> str:
        return f"{self.figure} is now {self.stance.value}."


@dataclass(frozen=True, kw_only=True)
class LevelChanged(Event):
    figure: str
    entrance: str
    level: int
    cell: Cell

    def text(self) -> str:
        return f"{self.figure} goes through {self.entrance} to level {self.level + 1}."


@dataclass(frozen=True, kw_only=True)
class Wounded(Event):
    tone: ClassVar[Tone] = Tone.BAD

    figure: str
    wounds: WoundLevel
    cause: str

    def text(self) -> str:
        if self.wounds is WoundLevel.DEAD:
            return f"{self.figure} is killed ({self.cause})."
        return f"{self.figure} takes a wound ({self.cause}): now {self.wounds.label}."


@dataclass(frozen=True, kw_only=True)
class Dressed(Event):
    tone: ClassVar[Tone] = Tone.GOOD

    figure: str
    patient: str
    wounds: WoundLevel
    used_fafd: bool

    def text(self) -> str:
        how = "a field dressing" if self.used_fafd else "first aid"
        if self.patient == self.figure:
            return f"{self.figure} dresses his own wound: now {self.wounds.label}."
        return f"{self.figure} gives {self.patient} {how}: now {self.wounds.label}."


@dataclass(frozen=True, kw_only=True)
class Reloaded(Event):
    figure: str
    loaded: int
    spare: int

    def text(self) -> str:
        return f"{self.figure} reloads: {self.loaded} in the gun, {self.spare} spare."


@dataclass(frozen=True, kw_only=True)
class Spotting(Event):
    """A rat became spotted (``spotted``) or the defenders lost sight of him."""

    tone: ClassVar[Tone] = Tone.BAD

    rat: str
    spotted: bool
    by: str = ""

    def text(self) -> str:
        if self.spotted:
            return f"{self.by} spots {self.rat}." if self.by else f"{self.rat} is spotted."
        return f"The defenders lose sight of {self.rat}."


@dataclass(frozen=True, kw_only=True)
class TrapResolved(Event):
    tone: ClassVar[Tone] = Tone.BAD

    figure: str
    trap: str
    hidden: bool
    disarmed: bool
    cell: Cell

    def text(self) -> str:
        kind = "a hidden" if self.hidden else "an obvious"
        if self.disarmed:
            return f"{self.figure} finds and disarms {kind} booby trap."
        return f"{kind.capitalize()} booby trap goes off on {self.figure}."


@dataclass(frozen=True, kw_only=True)
class EntranceFound(Event):
    tone: ClassVar[Tone] = Tone.GOOD

    figure: str
    entrance: str
    cell: Cell

    def text(self) -> str:
        return (
            f"{self.figure} finds an entrance ({self.entrance}) at {self.cell[0]},{self.cell[1]}."
        )


@dataclass(frozen=True, kw_only=True)
class Reinforcement(Event):
    tone: ClassVar[Tone] = Tone.BAD

    enemy: str
    level: int
    cell: Cell

    def text(self) -> str:
        return f"{self.enemy} joins the fight from a spider hole on level {self.level + 1}."


@dataclass(frozen=True, kw_only=True)
class ObjectiveEvent(Event):
    tone: ClassVar[Tone] = Tone.GOOD

    figure: str
    what: str

    def text(self) -> str:
        return f"{self.figure}: {self.what}."


@dataclass(frozen=True, kw_only=True)
class GameEnded(Event):
    tone: ClassVar[Tone] = Tone.END

    winner: int
    reason: str

    def text(self) -> str:
        return f"The {SEAT_NAMES[self.winner]} win: {self.reason}."
