"""'65 support cards that answer a result rather than add HEF (rules version 2): Panic
(19f) after a ranged attack, and the Tactical redraw (21h) during a Damage Draw.

Panic: when a ranged attack that had a Damage Draw leaves its Leg target Shaken and
reduced, the attacker may play a Panic support block and the target is removed. The
window opens whenever that is so (a public fact), whatever the attacker holds, so it
tells the defender nothing about the hand (Interpretation 20).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.core.api import Event, Tone
from game.rules.sixty_five.data import Marker
from game.rules.sixty_five.events import HitApplied, Named
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.world import Attack, Pending, Window, World


@dataclass(frozen=True, kw_only=True)
class UnitPanicked(HitApplied):
    """19f: a Shaken, reduced unit removed by Panic."""

    tone: ClassVar[Tone] = Tone.BAD
    card: str

    def text(self) -> str:
        return f"{self.unit} panics and is removed ({self.card}: Panic)."


@dataclass(frozen=True, kw_only=True)
class CardRedrawn(Named):
    """21h: a Damage Draw card drawn again through a Tactical hero."""

    tone: ClassVar[Tone] = Tone.GOOD
    hero: str

    def text(self) -> str:
        return f"{self.name(self.hero)} has the missed card drawn again (Tactical)."


@dataclass(frozen=True, kw_only=True)
class LeadershipUsed(Named):
    """22e: a Hero's Leadership gives two more actions around him."""

    tone: ClassVar[Tone] = Tone.GOOD
    unit: str
    hex: str

    def text(self) -> str:
        return f"{self.name(self.unit)} leads: two more actions within two hexes of {self.hex}."


# -- Panic (19f) -----------------------------------------------------------------------------
def panicky(unit: Counter) -> bool:
    """19f: a Leg unit still in play that is reduced and Shaken."""
    return unit.leg and not unit.eliminated and unit.shaken and unit.reduced


def open_panic_window(world: World, attack: Attack) -> None:
    """After a ranged attack with a Damage Draw (an aborted one has none): the attacker's
    Panic window, if the target is reduced and Shaken."""
    if world.edition >= 2 and not attack.spread and panicky(world.units[attack.target]):
        world.pending.append(Pending(attack.seat, Window.PANIC, attack.target))


def panic_refusal(world: World, seat: int, card_id: str, block_id: str) -> str | None:
    """Why Panic may not be played in the open window, or None."""
    if card_id not in world.hands[seat]:
        return f"{card_id} is not in this player's hand: '65 19"
    if block_id not in world.card(card_id).blocks:
        return f"{card_id} has no {block_id} block: '65 3a"
    if world.data.blocks[block_id].effect != "panic":
        return "after the attack only Panic may be played: '65 19f"
    return None


def panic(world: World, seat: int, card_id: str, events: list[Event]) -> None:
    """19f: remove the Shaken, reduced target; a Punishing Fire withdrawal or second
    shot at it lapses."""
    window = world.pending.pop()
    world.discard_card(seat, card_id)
    unit = world.units[window.unit]
    unit.eliminated = True
    unit.marker = None
    events.append(UnitPanicked(unit=unit.id, result="eliminated", card=card_id))
    # one Panic per action: the assault's other Panic windows close too (version 4)
    world.pending = [p for p in world.pending if p.unit != unit.id and p.window is not Window.PANIC]
    if world.second_shot is not None and world.second_shot[3] == unit.id:
        world.second_shot = None


# -- Tactical (21h) --------------------------------------------------------------------------
def tactical_hero(world: World, units: tuple[str, ...]) -> Counter | None:
    """21h: an unshaken Tactical hero, not Ops Complete, in the hex of the first of
    ``units`` (the lead unit or an assault's attackers), on that side; or None."""
    lead = world.units[units[0]]
    for u in world.live():
        if u.hex == lead.hex and u.seat == lead.seat and u.has("tactical"):
            if not u.shaken and u.marker is not Marker.OPS_COMPLETE:
                return u
    return None
