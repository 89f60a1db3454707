"""The Transformers Skirmish game state and its rules.

Setup: each side puts its eight units on its back row (one per square), attaches four
Minicons (+1 hit each) and makes four units air and four ground types. Then the sides take
turns, Autobots first. A turn has three phases:

- Orders: draw 3 cards (the discard pile is reshuffled when the deck runs out); special
  cards (Tactics: draw 2, Repairs: remove one damage) may be played; then the hand is cut
  down to 5 cards, the player choosing what to discard.
- Move: at most one Move card: one unit up to that many squares in one straight line
  (orthogonal or diagonal), or every unit that can use the card straight forward.
- Fire: at most one Attack card: one unit hits the first unit on a straight line within
  the card's range for 1 damage, unless the defender discards a Defense card.

A unit at zero hits is removed; the side that destroys all enemy units wins. Choices the
rule text leaves open are in docs/rules/transformers_skirmish.md, "Interpretations".
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Self

from game.core.api import Event, ListedActions, Outcome
from game.core.deck import Deck
from game.core.errors import IllegalAction
from game.core.rng import Rng
from game.rules.transformers_skirmish.board import Square
from game.rules.transformers_skirmish.cards import CardKind, CardSpec, Catalog, Only, load_catalog
from game.rules.transformers_skirmish.events import (
    CardPlayed,
    CardsDrawn,
    DeckReshuffled,
    GameEnded,
    Phase,
    PhaseStarted,
    UnitDamaged,
    UnitDestroyed,
)
from game.rules.transformers_skirmish.view import PendingAttack, Unit

GAME = "Transformers Skirmish"
_ONLY_WORDS = {
    Only.AIR: "air units",
    Only.GROUND: "ground units",
    Only.MINICON: "units with a Minicon",
}
_ONLY_RULE = {Only.AIR: "Card List", Only.GROUND: "Card List", Only.MINICON: "Minicons"}


@dataclass
class SkirmishModel(ListedActions):
    """Everything about a game in progress, and the steps all phases share: spending a
    card, checking a unit may act, turn flow and damage. Hands are kept sorted in
    card-list order. What each action does is in :mod:`movement` and :mod:`fire`;
    legality, the orders phase and the contract are in :mod:`state` (one way: model ->
    movement/fire -> state)."""

    def snapshot(self) -> dict[str, Any]:
        """The state as plain data for save digests (keys chosen here, not field names)."""
        return {
            "rng": self.rng,
            "units": {
                u.id: {
                    "square": u.square,
                    "damage": u.damage,
                    "minicon": u.minicon,
                    "kind": u.kind,
                    "destroyed": u.destroyed,
                }
                for u in self.units.values()
            },
            "deck": list(self.deck.draw_pile),
            "discard": list(self.deck.discard_pile),
            "hands": [list(h) for h in self.hands],
            "phase": self.phase,
            "active": self.active,
            "turn": self.turn,
            "pending": None
            if self.pending is None
            else [self.pending.card, self.pending.attacker, self.pending.target],
            "winner": self.winner,
            "reason": self.reason,
        }

    rng: Rng
    units: dict[str, Unit]
    deck: Deck[str]
    hands: list[list[str]] = field(default_factory=lambda: [[], []])
    phase: Phase = Phase.SETUP
    active: int = 0
    turn: int = 0
    pending: PendingAttack | None = None
    winner: int | None = None
    reason: str = ""
    opening: tuple[Event, ...] = ()  # set-up, for the log; not part of the snapshot

    # -- helpers -----------------------------------------------------------------
    @property
    def catalog(self) -> Catalog:
        """The game's data tables (shared, read-only; not part of the saved state)."""
        return load_catalog()

    @property
    def size(self) -> int:
        return self.catalog.numbers.board_size

    def occupied(self) -> dict[Square, str]:
        return {u.square: u.id for u in self.units.values() if u.alive and u.square is not None}

    def living(self, seat: int) -> list[Unit]:
        return [u for u in self.units.values() if u.seat == seat and u.alive]

    def sort_hand(self, seat: int) -> None:
        order = self.catalog.card_order()
        self.hands[seat].sort(key=order.__getitem__)

    def kinds_in_hand(self, seat: int, kind: CardKind) -> list[CardSpec]:
        seen = dict.fromkeys(self.hands[seat])
        return [s for s in (self.catalog.card(c) for c in seen) if s.kind is kind]

    def current_player(self) -> int | None:
        if self.winner is not None or self.phase is Phase.OVER:
            return None
        if self.phase is Phase.DEFEND:
            return 1 - self.active
        return self.active

    def outcome(self) -> Outcome | None:
        if self.phase is not Phase.OVER:
            return None
        scores = tuple(float(sum(u.hits for u in self.living(s))) for s in (0, 1))
        winners = () if self.winner is None else (self.winner,)
        return Outcome(winners=winners, reason=self.reason, scores=scores)

    def clone(self) -> Self:
        return replace(
            self,
            rng=self.rng.clone(),
            units={k: u.copy() for k, u in self.units.items()},
            deck=self.deck.copy(),
            hands=[list(h) for h in self.hands],
        )

    # -- turn flow -----------------------------------------------------------------
    def begin_phase(self, phase: Phase) -> list[Event]:
        self.phase = phase
        return [PhaseStarted(seat=self.active, phase=phase, turn=self.turn)]

    def start_turn(self, seat: int) -> list[Event]:
        self.active = seat
        self.turn += 1
        events = self.begin_phase(Phase.ORDERS)
        events.extend(self.draw_cards(seat, self.catalog.numbers.draw_per_turn))
        return events

    def end_turn(self) -> list[Event]:
        self.pending = None
        if self.turn >= self.catalog.numbers.turn_limit:
            return self.turn_limit_reached()
        return self.start_turn(1 - self.active)

    def turn_limit_reached(self) -> list[Event]:
        """Game-length safety (docs, Interpretations): after the last turn, the side with
        more hits left on the board wins; equal hits is a draw."""
        hits = [sum(u.hits for u in self.living(s)) for s in (0, 1)]
        limit = self.catalog.numbers.turn_limit
        self.phase = Phase.OVER
        if hits[0] == hits[1]:
            self.winner = None
            self.reason = f"the {limit}-turn limit was reached with equal hits left"
        else:
            self.winner = 0 if hits[0] > hits[1] else 1
            self.reason = f"more hits left ({max(hits)} to {min(hits)}) at the {limit}-turn limit"
        return [GameEnded(winner=self.winner, reason=self.reason)]

    def draw_cards(self, seat: int, count: int) -> list[Event]:
        """Draw ``count`` cards; the discard pile is reshuffled when the deck runs out."""
        events: list[Event] = []
        drawn: list[str] = []
        for _ in range(count):
            if not self.deck.draw_pile and self.deck.discard_pile:
                events.append(DeckReshuffled(size=len(self.deck.discard_pile)))
            card = self.deck.draw(self.rng, reshuffle=True)
            if card is None:
                break
            drawn.append(card)
        self.hands[seat].extend(drawn)
        self.sort_hand(seat)
        left = len(self.deck)
        events.append(CardsDrawn(seat=seat, count=len(drawn), cards=None, deck_left=left))
        events.append(
            CardsDrawn(
                seat=seat,
                count=len(drawn),
                cards=tuple(drawn),
                deck_left=left,
                card_names=tuple(self.catalog.card(c).name for c in drawn),
                visible_to=frozenset({seat}),
                reveals=bool(drawn),
            )
        )
        return events

    def spend(self, seat: int, card: str, purpose: str) -> Event:
        """Move a card from a hand to the discard pile, face up for everybody."""
        self.hands[seat].remove(card)
        self.deck.discard(card)
        name = self.catalog.card(card).name
        return CardPlayed(seat=seat, card=card, card_name=name, purpose=purpose, reveals=True)

    def require_card(self, seat: int, card: str, kind: CardKind, rule: str) -> CardSpec:
        try:
            spec = self.catalog.card(card)
        except KeyError:
            raise IllegalAction(f"there is no card {card!r}: {GAME}, Card List") from None
        if spec.kind is not kind:
            article = "an" if kind is CardKind.ATTACK else "a"
            raise IllegalAction(f"{spec.name} is not {article} {kind.value} card: {GAME}, {rule}")
        if card not in self.hands[seat]:
            raise IllegalAction(f"you hold no {spec.name} card: {GAME}, {rule}")
        return spec

    def own_unit(self, seat: int, unit_id: str, rule: str) -> Unit:
        unit = self.units.get(unit_id)
        if unit is None:
            raise IllegalAction(f"there is no unit {unit_id!r}: {GAME}, The Mechs")
        if unit.seat != seat:
            raise IllegalAction(f"{unit.name} is not yours: {GAME}, {rule}")
        if not unit.alive:
            raise IllegalAction(f"{unit.name} has been destroyed: {GAME}, {rule}")
        return unit

    @staticmethod
    def check_use(unit: Unit, spec: CardSpec) -> None:
        if not unit.can_use(spec):
            assert spec.only is not None
            raise IllegalAction(
                f"{spec.name} is for {_ONLY_WORDS[spec.only]} only: {GAME}, {_ONLY_RULE[spec.only]}"
            )

    def in_phase(self, phase: Phase, what: str, rule: str) -> None:
        if self.phase is not phase:
            raise IllegalAction(
                f"{what} only in the {phase.label.lower()}, not now ({self.phase.label.lower()}):"
                f" {GAME}, {rule}"
            )

    def hit(self, target: Unit) -> list[Event]:
        """One point of damage; a unit at zero hits is removed; last unit lost ends the game."""
        target.damage += 1
        events: list[Event] = [
            UnitDamaged(unit=target.id, name=target.name, amount=1, hits_left=target.hits)
        ]
        if target.hits <= 0:
            square = target.square
            assert square is not None
            target.destroyed = True
            target.square = None
            events.append(UnitDestroyed(unit=target.id, name=target.name, square=square))
            if not self.living(target.seat):
                self.winner = 1 - target.seat
                self.reason = "every enemy Transformer destroyed"
                self.pending = None
                self.phase = Phase.OVER
                events.append(GameEnded(winner=self.winner, reason=self.reason))
                return events
        events.extend(self.end_turn())
        return events
