"""Goofspiel, the rules: each player holds the cards 1 to N; a prize card from 1 to N is
turned up; both bid a card, the first face down; the higher bid takes the prize's
points (a tie: nobody); after N prizes the higher score wins."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from game.core.api import (
    Action,
    Event,
    Explanation,
    ListedActions,
    Outcome,
    Sealed,
    SeatView,
    Tone,
)
from game.core.rng import Rng, derive_seed
from game.core.textform import ActionForms

NAMES = ("North", "South")
FACE_DOWN = "a card laid face down."


@dataclass(frozen=True)
class Bid(Action):
    form: ClassVar[str] = "bid {card}"
    card: int


@dataclass(frozen=True, kw_only=True)
class PrizeTurned(Event):
    tone: ClassVar[Tone] = Tone.TURN
    prize: int

    def text(self) -> str:
        return f"The prize is a {self.prize}."


@dataclass(frozen=True, kw_only=True)
class BidLaid(Event):
    seat: int
    card: int

    def text(self) -> str:
        return f"{NAMES[self.seat]} lays the {self.card} face down."


@dataclass(frozen=True, kw_only=True)
class BidsShown(Event):
    tone: ClassVar[Tone] = Tone.ROLL
    bids: tuple[int, int]
    prize: int
    taker: int | None

    def text(self) -> str:
        taker = "nobody takes it" if self.taker is None else f"{NAMES[self.taker]} takes it"
        return f"Bids {self.bids[0]} against {self.bids[1]} for the {self.prize}: {taker}."


@dataclass(frozen=True, kw_only=True)
class GoofView(SeatView):
    prize: int | None
    prizes_left: int
    scores: tuple[int, int]
    hands: tuple[tuple[int, ...], tuple[int, ...]]  # the cards not yet shown
    laid: int | None  # the viewer's own card face down, if any
    waiting: bool  # a card lies face down for this prize


@dataclass
class GoofState(ListedActions):
    rng: Rng
    cards: int
    deck: list[int]  # the prizes still face down, the next first
    prize: int | None = None
    hands: tuple[list[int], list[int]] = field(default_factory=lambda: ([], []))
    laid: int | None = None  # North's card face down
    scores: tuple[int, int] = (0, 0)
    opening: list[Event] = field(default_factory=list)

    @classmethod
    def new(cls, seed: int, cards: int) -> GoofState:
        rng = Rng(seed)
        state = cls(rng=rng, cards=cards, deck=rng.shuffled(range(1, cards + 1)))
        state.hands = (list(range(1, cards + 1)), list(range(1, cards + 1)))
        state.opening = state.turn_prize()
        return state

    def turn_prize(self) -> list[Event]:
        self.prize = self.deck.pop(0) if self.deck else None
        return [] if self.prize is None else [PrizeTurned(prize=self.prize, reveals=True)]

    def opening_events(self) -> list[Event]:
        return list(self.opening)

    def current_player(self) -> int | None:
        if self.prize is None:
            return None
        return 0 if self.laid is None else 1

    def legal_actions(self) -> tuple[Action, ...]:
        seat = self.current_player()
        return () if seat is None else tuple(Bid(c) for c in self.hands[seat])

    def refusal(self, action: Action) -> str:
        return "bid one card still in your hand: Goofspiel, Bidding"

    def public_text(self, action: Action) -> str | None:
        """The first bid is a card laid face down; the second shows both at once."""
        return FACE_DOWN if self.laid is None else None

    def apply(self, action: Action) -> list[Event]:
        assert isinstance(action, Bid) and self.prize is not None
        seat = self.current_player()
        assert seat is not None
        self.hands[seat].remove(action.card)
        if seat == 0:
            self.laid = action.card
            return [BidLaid(seat=0, card=action.card, visible_to=frozenset({0}))]
        assert self.laid is not None
        bids = (self.laid, action.card)
        taker = None if bids[0] == bids[1] else (0 if bids[0] > bids[1] else 1)
        if taker is not None:
            scores = list(self.scores)
            scores[taker] += self.prize
            self.scores = (scores[0], scores[1])
        events: list[Event] = [BidsShown(bids=bids, prize=self.prize, taker=taker, reveals=True)]
        self.laid = None
        return events + self.turn_prize()

    def outcome(self) -> Outcome | None:
        if self.prize is not None:
            return None
        north, south = self.scores
        winners = () if north == south else ((0,) if north > south else (1,))
        return Outcome(winners=winners, reason="the prizes are shared out", scores=self.scores)

    def explain(self, action: Action) -> Explanation:
        """The chance to take the prize against any card the other may bid, alike."""
        assert isinstance(action, Bid)
        seat = self.current_player()
        assert seat is not None
        theirs = self.hands[1 - seat] + ([self.laid] if seat == 1 and self.laid is not None else [])
        n = len(theirs)
        win = sum(1 for c in theirs if action.card > c) / n
        tie = sum(1 for c in theirs if action.card == c) / n
        return Explanation(
            numbers={"bid": action.card, "prize": self.prize},
            outcomes={"take": win, "tie": tie, "lose": 1 - win - tie},
        )

    def view(self, seat: int | None) -> GoofView:
        acting = seat is not None and seat == self.current_player()
        hands = (tuple(self.hands[0]), tuple(self.hands[1]))
        if self.laid is not None:  # the card face down still counts as North's
            hands = (tuple(sorted((*self.hands[0], self.laid))), hands[1])
        return GoofView(
            seat=seat,
            current_player=self.current_player(),
            outcome=self.outcome(),
            candidate_actions=self.legal_actions() if acting else (),
            sealed=Sealed(self.clone(), seat) if seat is not None else None,
            prize=self.prize,
            prizes_left=len(self.deck),
            scores=self.scores,
            hands=hands,
            laid=self.laid if seat == 0 else None,
            waiting=self.laid is not None,
        )

    def clone(self) -> GoofState:
        hands = (list(self.hands[0]), list(self.hands[1]))
        return replace(self, rng=self.rng.clone(), deck=list(self.deck), hands=hands)

    def determinize(self, seat: int, rng: Rng) -> GoofState:
        """Deal again what ``seat`` cannot know: the order of the prizes face down and,
        for South, which card North laid face down."""
        copy = self.clone()
        copy.deck = rng.shuffled(sorted(self.deck))
        if seat == 1 and self.laid is not None:
            north = sorted([*self.hands[0], self.laid])
            copy.laid = north.pop(rng.below(len(north)))
            copy.hands = (north, list(self.hands[1]))
        copy.rng = Rng(derive_seed(rng.next_u64(), 0))
        return copy

    def snapshot(self) -> Any:
        return {
            "rng": self.rng,
            "deck": self.deck,
            "prize": self.prize,
            "hands": [self.hands[0], self.hands[1]],
            "laid": self.laid,
            "scores": list(self.scores),
        }


FORMS = ActionForms("Goofspiel", (Bid,))


def parse_action(text: str) -> Action:
    action: Action = FORMS.parse(text)
    return action
