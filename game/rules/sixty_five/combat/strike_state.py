"""The state of an artillery strike or Satchel Charge being resolved hex by hex (rules
version 4; the resolution is in ``combat/strike.py``). A leaf module, so the world can hold a
strike without importing its resolution."""

from __future__ import annotations

from dataclasses import dataclass, replace
from dataclasses import field as dc_field

from game.rules.sixty_five.data import HitColour


@dataclass
class Strike:
    """An artillery strike being resolved: the hexes still to come (hex, cards), the
    current hex's hit order and hits left, the hit waiting for Light Wounds."""

    seat: int
    hexes: list[tuple[str, int]]
    hits_on: tuple[HitColour, ...]
    reactions: tuple[str, ...] = ()
    stage: str = "cover"  # cover -> draw -> hits, then the next hex
    cover: int = 0  # Unexpected Cover on the current hex
    order: tuple[str, ...] = ()
    round_left: list[str] = dc_field(default_factory=list)
    hits_left: int = 0
    held: str | None = None
    tiers: bool = False  # 22g: hits spread by 13b's tiers, not in artillery's rounds
    #: scenario 6's AC-47 (scenarios/puff.py): each friendly hex near the first hex and the Hit
    #: colours of its Damage Draw that hit it
    friendly: tuple[tuple[str, tuple[str, ...]], ...] = ()
    #: rules version 7: the friendly hexes' hits still to strike, hit by hit, each open
    #: to the striking side's Light Wounds (hex, hits), and that side's reactions
    own: list[tuple[str, int]] = dc_field(default_factory=list)
    own_reactions: tuple[str, ...] = ()
    #: rules version 9: the attacker was asked who takes the next hit (12, 21g, 22g),
    #: and whom he named (None: the default order)
    asked: bool = False
    pick: str | None = None

    def copy(self) -> Strike:
        return replace(
            self, hexes=list(self.hexes), round_left=list(self.round_left), own=list(self.own)
        )

    def snapshot(self) -> list[object]:
        return [self.seat, [list(h) for h in self.hexes], [c.value for c in self.hits_on],
                list(self.reactions), self.stage, self.cover, list(self.order),
                list(self.round_left), self.hits_left, self.held,
                *(["tiers"] if self.tiers else []),
                *([[[h, list(c)] for h, c in self.friendly]] if self.friendly else []),
                *([["own", [list(h) for h in self.own], list(self.own_reactions)]]
                  if self.own or self.own_reactions else []),
                *(["asked"] if self.asked else [])]  # fmt: skip
