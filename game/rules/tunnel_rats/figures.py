"""The figures on the table: tunnel rats and defenders (immutable values).

Cells are ``(x, y)`` map cells; ``level`` is the index of the figure's map in the
scenario's list of levels.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.wounds import WoundLevel
from game.rules.tunnel_rats.data import (
    CharacterCard,
    GunCard,
    Stance,
    character_by_id,
    gun_by_id,
)

Cell = tuple[int, int]


@dataclass(frozen=True)
class Rat:
    """A tunnel rat. ``character`` and ``gun`` are card ids; ``loaded`` rounds in the gun,
    ``spare`` rounds in his pouch; ``fafd`` whether he still has his field dressing.
    ``spotted``: the defenders have seen him and still have him in sight.
    ``pinned``: the wounded rat of a rescue, who cannot act until a comrade reaches him.
    ``carrying``: he holds the scenario's objective (documents)."""

    id: str
    character: str
    gun: str
    level: int
    cell: Cell
    stance: Stance = Stance.CROUCHING
    wounds: WoundLevel = WoundLevel.NONE
    loaded: int = 0
    spare: int = 0
    fafd: bool = True
    spotted: bool = False
    pinned: bool = False
    carrying: bool = False

    @property
    def alive(self) -> bool:
        return self.wounds is not WoundLevel.DEAD

    @property
    def card(self) -> CharacterCard:
        return character_by_id(self.character)

    @property
    def gun_card(self) -> GunCard:
        return gun_by_id(self.gun)

    @property
    def can_act(self) -> bool:
        return self.alive and not self.pinned


@dataclass(frozen=True)
class Enemy:
    """A VC or NVA soldier (``side`` "vc" or "nva") with his ``weapon`` id."""

    id: str
    side: str
    weapon: str
    level: int
    cell: Cell
    stance: Stance = Stance.CROUCHING
    wounds: WoundLevel = WoundLevel.NONE

    @property
    def alive(self) -> bool:
        return self.wounds is not WoundLevel.DEAD

    @property
    def can_act(self) -> bool:
        return self.alive

    @property
    def label(self) -> str:
        return f"{self.side.upper()} {self.id}"


Figure = Rat | Enemy
