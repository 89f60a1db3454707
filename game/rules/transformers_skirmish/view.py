"""What one seat of Transformers Skirmish may know, and the unit record both share.

The board, every unit's hits and designations and the discard pile are public. A seat
sees its own hand; of the other hand only the number of cards; of the deck only its size.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.api import SeatView
from game.rules.transformers_skirmish.board import Square
from game.rules.transformers_skirmish.cards import CardSpec, Catalog, Only, Rank
from game.rules.transformers_skirmish.events import SIDE_NAMES, Phase, hits_text

#: How many turns before the turn limit the progress lines start to count down to it.
LIMIT_WARNING = 40


class UnitTraits:
    """What the unit record and its frozen view answer alike (from their fields)."""

    __slots__ = ()
    square: Square | None
    minicon: bool
    kind: str | None
    destroyed: bool

    @property
    def alive(self) -> bool:
        return not self.destroyed and self.square is not None

    @property
    def flying(self) -> bool:
        """Air units fly: they pass over other units when they move."""
        return self.kind == "air"

    def can_use(self, spec: CardSpec) -> bool:
        """Whether this unit may use a card (air-only, ground-only, Minicon-only)."""
        if spec.only is None:
            return True
        if spec.only is Only.MINICON:
            return self.minicon
        return self.kind == spec.only.value


@dataclass(slots=True)
class Unit(UnitTraits):
    """One Transformer. ``kind`` is ``"air"``, ``"ground"`` or ``None`` before setup ends;
    ``square`` is ``None`` before it is placed and after it is destroyed."""

    id: str
    name: str
    seat: int
    rank: Rank
    base_hits: int
    bonus: int = 0  # hits a Minicon adds
    damage: int = 0
    square: Square | None = None
    minicon: bool = False
    kind: str | None = None
    destroyed: bool = False

    @property
    def max_hits(self) -> int:
        return self.base_hits + (self.bonus if self.minicon else 0)

    @property
    def hits(self) -> int:
        return self.max_hits - self.damage

    def copy(self) -> Unit:
        return Unit(
            self.id,
            self.name,
            self.seat,
            self.rank,
            self.base_hits,
            self.bonus,
            self.damage,
            self.square,
            self.minicon,
            self.kind,
            self.destroyed,
        )

    def frozen(self) -> UnitView:
        return UnitView(
            id=self.id,
            name=self.name,
            seat=self.seat,
            rank=self.rank,
            square=self.square,
            hits=self.hits,
            max_hits=self.max_hits,
            minicon=self.minicon,
            kind=self.kind,
            destroyed=self.destroyed,
        )


@dataclass(frozen=True)
class UnitView(UnitTraits):
    """A unit as anybody sees it."""

    id: str
    name: str
    seat: int
    rank: Rank
    square: Square | None
    hits: int
    max_hits: int
    minicon: bool
    kind: str | None
    destroyed: bool


@dataclass(frozen=True)
class PendingAttack:
    """An attack waiting for the defender's answer."""

    card: str
    attacker: str
    target: str


@dataclass(frozen=True, kw_only=True)
class SkirmishView(SeatView):
    """The table as seen by ``seat`` (0 Autobots, 1 Deceptacons, ``None`` spectator)."""

    phase: Phase
    active: int
    turn: int
    units: tuple[UnitView, ...]
    hand: tuple[str, ...] | None
    hand_sizes: tuple[int, int]
    deck_size: int
    discard: tuple[str, ...]
    pending: PendingAttack | None
    catalog: Catalog

    def unit(self, unit_id: str) -> UnitView:
        for u in self.units:
            if u.id == unit_id:
                return u
        raise KeyError(unit_id)

    def living(self, seat: int) -> tuple[UnitView, ...]:
        return tuple(u for u in self.units if u.seat == seat and u.alive)

    def occupied(self) -> dict[Square, str]:
        return {u.square: u.id for u in self.units if u.alive and u.square is not None}

    def progress(self) -> tuple[str, ...]:
        """Toward victory (destroy every enemy robot): one line per side, in seat order,
        with its robots left of its starting number and their hits left; in the last
        ``LIMIT_WARNING`` turns before the turn limit, a line counting down to it (at the
        limit the side with more hits left wins)."""
        lines: list[str] = []
        for seat, name in enumerate(SIDE_NAMES):
            side = [u for u in self.units if u.seat == seat]
            living = [u for u in side if not u.destroyed]
            hits = sum(u.hits for u in living)
            lines.append(f"{name}: {len(living)} of {len(side)} robots, {hits_text(hits)}")
        limit = self.catalog.numbers.turn_limit
        if self.phase is not Phase.OVER and self.turn > limit - LIMIT_WARNING:
            lines.append(f"Turn {self.turn} of {limit}: then more hits left wins")
        return tuple(lines)
