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
    load_enemy_tables,
    load_surnames,
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
    def name(self) -> str:
        """What players call him: his character card's name ("The Ace"); a card with
        copies in the deck adds his surname by his place in the team ("Volunteer
        Dunn" for the third rat), so no two rats of a game share a name."""
        card = self.card
        if card.count == 1:
            return card.name
        surnames = load_surnames()
        return f"{card.name} {surnames[(_serial(self.id) - 1) % len(surnames)]}"

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
    def name(self) -> str:
        """What players call him: his side's short name and the name his serial number
        picks from the side's list in ``enemies.yaml`` ("VC Tuan", "NVA Sergeant
        Minh"); past the end of the list the names come round again with a number."""
        side = load_enemy_tables().sides[self.side]  # type: ignore[index]
        index = _serial(self.id) - 1
        lap = index // len(side.names)
        base = f"{side.short} {side.names[index % len(side.names)]}"
        return base if lap == 0 else f"{base} {lap + 1}"

    @property
    def label(self) -> str:
        """The name (kept for callers of the older property)."""
        return self.name


Figure = Rat | Enemy


def _serial(fid: str) -> int:
    """The number in a figure id ("r3" -> 3, "n12" -> 12; 1 if it has none)."""
    digits = "".join(ch for ch in fid if ch.isdigit())
    return int(digits) if digits else 1
