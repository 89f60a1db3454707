"""The ``setup`` section of a Tunnel Rat ``explain`` position (``game.core.position_setup``).

::

    setup:
      tunnels: 3                       # Tunnel cards the Rat has kept
      casualties: {vc: 1, trap: 2}     # cards the VC kept for the Rat's casualties
      discard: {vc: 2, tunnel: 1}      # cards discarded face up
      drawn: trap                      # the card the VC holds now (omit: the VC draws next)
      tell: glances                    # the tell shown, tells variant only
      deck_top: [vc, tunnel]           # the next cards of the deck, top first

The cards not named anywhere are shuffled (with the game's own generator) under
``deck_top``. Counts are checked against the 40-card deck and the game must not be won.
"""

from __future__ import annotations

from collections import Counter

from pydantic import BaseModel, ConfigDict, Field

from game.core.position_setup import SetupHook, SetupProblem
from game.rules.tunnel_rat_bluff.cards import Card, Tell
from game.rules.tunnel_rat_bluff.events import Phase
from game.rules.tunnel_rat_bluff.state import BluffState


class CardCounts(BaseModel):
    """How many cards of each kind."""

    model_config = ConfigDict(extra="forbid")
    vc: int = Field(default=0, ge=0)
    trap: int = Field(default=0, ge=0)
    tunnel: int = Field(default=0, ge=0)

    def cards(self) -> list[Card]:
        return [Card.VC] * self.vc + [Card.TRAP] * self.trap + [Card.TUNNEL] * self.tunnel


class Casualties(BaseModel):
    """The VC and Trap cards the VC keeps, one per casualty."""

    model_config = ConfigDict(extra="forbid")
    vc: int = Field(default=0, ge=0)
    trap: int = Field(default=0, ge=0)


class BluffSetup(BaseModel):
    """A Tunnel Rat situation: the piles on the table, the card in play, the deck's top."""

    model_config = ConfigDict(extra="forbid")
    tunnels: int = Field(default=0, ge=0)
    casualties: Casualties = Casualties()
    discard: CardCounts = CardCounts()
    drawn: Card | None = None
    tell: Tell | None = None
    deck_top: list[Card] = Field(default_factory=list)


def apply_setup(state: BluffState, setup: BluffSetup) -> None:
    """Deal the piles as ``setup`` says; the rest of the deck is shuffled under its top."""
    rules = state.rules
    if setup.tunnels >= rules.rat_wins_with_tunnels:
        raise SetupProblem(["tunnels"], f"fewer than {rules.rat_wins_with_tunnels} (a won game)")
    lost = setup.casualties.vc + setup.casualties.trap
    if lost >= rules.vc_wins_with_casualties:
        raise SetupProblem(
            ["casualties"], f"fewer than {rules.vc_wins_with_casualties} in all (a won game)"
        )
    if setup.tell is not None and (setup.drawn is None or not state.tell_reliability):
        raise SetupProblem(["tell"], "a tell only with a drawn card and the tells option")
    left = Counter({card: rules.count(card) for card in Card})
    tunnels = [Card.TUNNEL] * setup.tunnels
    casualties = [Card.VC] * setup.casualties.vc + [Card.TRAP] * setup.casualties.trap
    discard = setup.discard.cards()
    drawn = [setup.drawn] if setup.drawn is not None else []
    for key, cards in (
        ("tunnels", tunnels),
        ("casualties", casualties),
        ("discard", discard),
        ("drawn", drawn),
        ("deck_top", setup.deck_top),
    ):
        for card in cards:
            left[card] -= 1
            if left[card] < 0:
                raise SetupProblem(
                    [key], f"no more than the deck's {rules.count(card)} {card.value} cards"
                )
    rest = state.rng.shuffled(sorted(left.elements()))
    state.deck = [*rest, *reversed(setup.deck_top)]
    state.tunnels, state.casualties, state.discard = tunnels, casualties, discard
    state.drawn = setup.drawn
    state.tell = setup.tell
    state.asked = []
    state.last_call = state.last_revealed = None
    state.winner, state.reason = None, ""
    state.phase = Phase.DRAW if setup.drawn is None else Phase.VC
    state.turn = max(state.turn, 1) if setup.drawn is not None else state.turn


SETUP = SetupHook(BluffSetup, apply_setup)
