"""The Tunnel Rat game state and its rules.

A turn: the VC draws and looks (draw phase); the Rat may ask "Is it a VC?" (VC phase),
"Is it a trap?" (trap phase) and "Is it safe?" (advance phase), then repeat any of them
in any order (cross-examination); the VC's answer is always "No". The Rat then calls
Advance (Tunnel), Shoot (VC) or Search (Trap); the card is revealed and resolved:

- VC or Trap, right call: the card is discarded.
- VC or Trap, wrong call: the Rat suffers a casualty; the VC keeps the card.
- Tunnel, right call: the Rat keeps the card.
- Tunnel, wrong call: the card is discarded.

The Rat wins with 5 tunnel cards, the VC with 5 casualties. When the last card of the
deck has been resolved with no winner, the deck-out rule applies (docs/rules/
tunnel_rat_bluff.md, Interpretations): more tunnels than casualties wins for the Rat,
otherwise (ties included) the VC holds the tunnel and wins.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.core.api import Action, Event, Explanation, ListedActions, Outcome, Sealed
from game.core.errors import IllegalAction
from game.core.rng import Rng, derive_seed
from game.rules.tunnel_rat_bluff.actions import Ask, Call, Draw, Guess, Question
from game.rules.tunnel_rat_bluff.cards import BluffRules, Card, Tell, load_rules
from game.rules.tunnel_rat_bluff.events import (
    RAT,
    VC,
    CallMade,
    CardDrawn,
    CardRevealed,
    DeckShuffled,
    GameEnded,
    Phase,
    QuestionAsked,
    Resolved,
    Result,
)
from game.rules.tunnel_rat_bluff.view import BluffView

_ALL_ACTIONS_ASKING: tuple[Action, ...] = (
    Ask(Question.IS_VC),
    Ask(Question.IS_TRAP),
    Ask(Question.IS_SAFE),
    Call(Guess.ADVANCE),
    Call(Guess.SHOOT),
    Call(Guess.SEARCH),
)
_QUESTION_PHASE = {
    Question.IS_VC: Phase.VC,
    Question.IS_TRAP: Phase.TRAP,
    Question.IS_SAFE: Phase.ADVANCE,
}
_PHASE_ORDER = (Phase.VC, Phase.TRAP, Phase.ADVANCE, Phase.CROSS)


@dataclass
class BluffState(ListedActions):
    """Everything about a game in progress. ``deck`` is the face-down pile (top = end)."""

    rng: Rng
    rules: BluffRules
    deck: list[Card]
    drawn: Card | None = None
    phase: Phase = Phase.DRAW
    turn: int = 0
    tunnels: list[Card] = field(default_factory=list)
    casualties: list[Card] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    asked: list[tuple[Phase, Question]] = field(default_factory=list)
    last_call: Guess | None = None
    last_revealed: Card | None = None
    winner: int | None = None
    reason: str = ""
    tell_reliability: int = 0  # the tells variant: percent, 0 = the printed rules
    tell: Tell | None = None  # the tell shown for the card in play (tells variant)
    opening: tuple[Event, ...] = ()  # set-up, for the log; not part of the snapshot

    @classmethod
    def new(cls, seed: int, rules: BluffRules | None = None, tells: int = 0) -> BluffState:
        rules = rules or load_rules()
        rng = Rng(seed)
        deck = rng.shuffled(rules.full_deck())
        shuffled = DeckShuffled(
            vc=rules.deck.vc,
            trap=rules.deck.trap,
            tunnel=rules.deck.tunnel,
            tunnels_to_win=rules.rat_wins_with_tunnels,
            casualties_to_win=rules.vc_wins_with_casualties,
            tell_reliability=tells,
        )
        return cls(rng=rng, rules=rules, deck=deck, tell_reliability=tells, opening=(shuffled,))

    def opening_events(self) -> list[Event]:
        """What set-up did, for the log before the first draw: the deck shuffled."""
        return list(self.opening)

    # -- the contract -----------------------------------------------------------
    def current_player(self) -> int | None:
        if self.winner is not None:
            return None
        return VC if self.phase is Phase.DRAW else RAT

    def legal_actions(self) -> tuple[Action, ...]:
        if self.winner is not None:
            return ()
        if self.phase is Phase.DRAW:
            return (Draw(),)
        return _ALL_ACTIONS_ASKING

    def refusal(self, action: Action) -> str:
        """The rule that forbids a well-formed action now."""
        if self.winner is not None:
            return "the game is over: Tunnel Rat, Object"
        if self.phase is Phase.DRAW:
            return "the VC must draw first: Tunnel Rat, Draw Phase"
        return "the card is drawn; the Rat asks or calls: Tunnel Rat, Turn Sequence"

    def snapshot(self) -> dict[str, Any]:
        """The state as plain data for save digests (keys chosen here, not field names)."""
        return {
            "rng": self.rng,
            "deck": self.deck,
            "drawn": self.drawn,
            "phase": self.phase,
            "turn": self.turn,
            "tunnels": self.tunnels,
            "casualties": self.casualties,
            "discard": self.discard,
            "asked": self.asked,
            "last_call": self.last_call,
            "last_revealed": self.last_revealed,
            "winner": self.winner,
            "tell_reliability": self.tell_reliability,
            "tell": self.tell,
        }

    def explain(self, action: Action) -> Explanation:
        """The rules calculator, from what both players know (the drawn card unseen): the
        unseen counts, the tell, and the chance of each result of ``action``."""
        view = self.view(None)
        counts = view.unseen_counts()
        numbers: dict[str, Any] = {
            "unseen": {card.value: n for card, n in counts.items()},
            "tell": self.tell.value if self.tell else None,
            "tell_reliability": self.tell_reliability,
        }
        chances = view.card_chances()
        answer: Odds = ODDS.get(type(action), _draw_odds)
        outcomes = answer(self, action, chances, numbers)
        return Explanation(numbers=numbers, outcomes={k: v for k, v in outcomes.items() if v})

    def outcome(self) -> Outcome | None:
        if self.winner is None:
            return None
        return Outcome(
            winners=(self.winner,),
            reason=self.reason,
            scores=(float(len(self.tunnels)), float(len(self.casualties))),
        )

    def apply(self, action: Action) -> list[Event]:
        if self.winner is not None:
            raise IllegalAction("the game is over: Tunnel Rat, Object")
        handler = RESOLVE.get(type(action))
        if handler is None:
            raise IllegalAction(f"{action!r} is not a Tunnel Rat action")
        return handler(self, action)

    def view(self, seat: int | None) -> BluffView:
        sees_card = seat == VC and self.drawn is not None
        acting = seat is not None and seat == self.current_player()
        return BluffView(
            seat=seat,
            current_player=self.current_player(),
            candidate_actions=self.legal_actions() if acting else (),
            outcome=self.outcome(),
            sealed=Sealed(self.clone(), seat) if seat is not None else None,
            phase=self.phase,
            turn=self.turn,
            deck_size=len(self.deck),
            card_drawn=self.drawn is not None,
            drawn_card=self.drawn if sees_card else None,
            tunnels=tuple(self.tunnels),
            casualties=tuple(self.casualties),
            discard=tuple(self.discard),
            asked=tuple(self.asked),
            last_call=self.last_call,
            last_revealed=self.last_revealed,
            rules=self.rules,
            tell=self.tell,
            tell_reliability=self.tell_reliability,
        )

    def clone(self) -> BluffState:
        copy = object.__new__(BluffState)  # cheaper than dataclasses.replace: search clones a lot
        copy.__dict__.update(self.__dict__)
        copy.rng = self.rng.clone()
        copy.deck = list(self.deck)
        copy.tunnels = list(self.tunnels)
        copy.casualties = list(self.casualties)
        copy.discard = list(self.discard)
        copy.asked = list(self.asked)
        return copy

    def determinize(self, seat: int, rng: Rng) -> BluffState:
        """A copy where what ``seat`` cannot know (deck order; for the Rat, the drawn
        card too) is dealt again at random from the unseen cards, with a fresh generator."""
        copy = self.clone()
        copy.rng = Rng(derive_seed(rng.next_u64(), 0))
        # sorted first: the result must not depend on the true order of what is unseen
        if seat == RAT and copy.drawn is not None:
            unseen = sorted([*copy.deck, copy.drawn])
            if copy.tell is not None:  # the tell makes some cards likelier in the VC's hand
                weights = [
                    self.rules.tell_chance(copy.tell, c, copy.tell_reliability) for c in unseen
                ]
                pick = _weighted_index(weights, rng)
                copy.drawn = unseen.pop(pick)
                copy.deck = rng.shuffled(unseen)
            else:
                unseen = rng.shuffled(unseen)
                copy.drawn = unseen.pop()
                copy.deck = unseen
        else:
            copy.deck = rng.shuffled(sorted(copy.deck))
        return copy

    # -- phases -----------------------------------------------------------------
    def _draw(self) -> list[Event]:
        if self.phase is not Phase.DRAW:
            raise IllegalAction("the VC draws only in the draw phase: Tunnel Rat, Draw Phase")
        card = self.deck.pop()
        self.drawn = card
        self.tell = None
        self.turn += 1
        self.asked = []
        self.last_call = None
        self.last_revealed = None
        self.phase = Phase.VC
        return [
            CardDrawn(turn=self.turn, card=None, left=len(self.deck)),
            CardDrawn(
                turn=self.turn,
                card=card,
                left=len(self.deck),
                visible_to=frozenset({VC}),
                reveals=True,
            ),
        ]

    def _ask(self, question: Question) -> list[Event]:
        if self.phase is Phase.DRAW:
            raise IllegalAction("questions come after the draw: Tunnel Rat, Turn Sequence")
        own = _QUESTION_PHASE[question]
        if _PHASE_ORDER.index(self.phase) <= _PHASE_ORDER.index(own):
            asked_in = own  # the question's own phase; earlier optional phases are skipped
            self.phase = _PHASE_ORDER[_PHASE_ORDER.index(own) + 1]
        else:
            asked_in = Phase.CROSS  # its phase has passed: it is cross-examination now
            self.phase = Phase.CROSS
        self.asked.append((asked_in, question))
        tell = None
        if self.tell_reliability and self.tell is None and self.drawn is not None:
            tell = self.tell = self._show_tell(self.drawn)
        return [QuestionAsked(phase=asked_in, question=question, tell=tell)]

    def _show_tell(self, card: Card) -> Tell:
        """The tells variant: the card's own tell with the chosen reliability, otherwise
        one of the other two tells, evenly."""
        own = self.rules.tell_of(card)
        if self.rng.below(100) < self.tell_reliability:
            return own
        others = [t for t in Tell if t is not own]
        return others[self.rng.below(len(others))]

    def _call(self, guess: Guess) -> list[Event]:
        if self.drawn is None or self.phase is Phase.DRAW:
            raise IllegalAction("the Rat calls only after the draw: Tunnel Rat, Action Phase")
        card = self.drawn
        self.drawn = None
        self.last_call = guess
        self.last_revealed = card
        right = guess.card is card
        if card is Card.TUNNEL:
            result = Result.TUNNEL_KEPT if right else Result.TUNNEL_LOST
        else:
            result = Result.DISCARD_CORRECT if right else Result.CASUALTY
        if result is Result.TUNNEL_KEPT:
            self.tunnels.append(card)
        elif result is Result.CASUALTY:
            self.casualties.append(card)
        else:
            self.discard.append(card)
        self.phase = Phase.DRAW
        events: list[Event] = [
            CallMade(guess=guess),
            CardRevealed(card=card, reveals=True),
            Resolved(
                card=card,
                result=result,
                tunnels=len(self.tunnels),
                casualties=len(self.casualties),
            ),
        ]
        events.extend(self._check_victory())
        return events

    def _check_victory(self) -> list[Event]:
        if len(self.tunnels) >= self.rules.rat_wins_with_tunnels:
            self.winner, self.reason = RAT, f"{len(self.tunnels)} tunnel cards kept"
        elif len(self.casualties) >= self.rules.vc_wins_with_casualties:
            self.winner, self.reason = VC, f"{len(self.casualties)} casualties inflicted"
        elif not self.deck:
            if len(self.tunnels) > len(self.casualties):
                self.winner = RAT
                self.reason = "the deck ran out with more tunnels kept than casualties"
            else:
                self.winner = VC
                self.reason = "the deck ran out before the Rat got through"
        if self.winner is None:
            return []
        return [GameEnded(winner=self.winner, reason=self.reason)]


def _weighted_index(weights: list[float], rng: Rng) -> int:
    """An index drawn with probability proportional to ``weights``."""
    x = rng.random() * sum(weights)
    for i, w in enumerate(weights):
        x -= w
        if x < 0:
            return i
    return len(weights) - 1


def _call_odds(
    state: BluffState, action: Call, chances: dict[Card, float], numbers: dict[str, Any]
) -> dict[str, float]:
    """Action Phase: a Tunnel bet is kept or costs a casualty; a VC or Trap bet is a right
    discard, a lost tunnel (the card was a Tunnel) or a casualty."""
    card = action.guess.card
    numbers["bets_on"] = card.value
    if card is Card.TUNNEL:
        return {
            Result.TUNNEL_KEPT.value: chances[Card.TUNNEL],
            Result.CASUALTY.value: 1 - chances[Card.TUNNEL],
        }
    return {
        Result.DISCARD_CORRECT.value: chances[card],
        Result.TUNNEL_LOST.value: chances[Card.TUNNEL],
        Result.CASUALTY.value: 1 - chances[card] - chances[Card.TUNNEL],
    }


def _ask_odds(
    state: BluffState, _action: Ask, chances: dict[Card, float], _numbers: dict[str, Any]
) -> dict[str, float]:
    """The VC always answers no; with the tells variant, the first question shows a tell."""
    if state.tell_reliability and state.tell is None:
        return {
            tell.value: sum(
                chances[card] * state.rules.tell_chance(tell, card, state.tell_reliability)
                for card in Card
            )
            for tell in Tell
        }
    return {"no": 1.0}


def _draw_odds(
    _state: BluffState, _action: Action, chances: dict[Card, float], _numbers: dict[str, Any]
) -> dict[str, float]:
    return {f"draws {card.value}": chances[card] for card in Card}


#: What each action does, by its type (the Tunnel Rat dispatch of the rules; which
#: actions are open is decided by the phase alone, in ``legal_actions``).
RESOLVE: dict[type[Action], Callable[[BluffState, Any], list[Event]]] = {
    Draw: lambda state, _action: state._draw(),
    Ask: lambda state, action: state._ask(action.question),
    Call: lambda state, action: state._call(action.guess),
}

#: The rules calculator's chance of each result, by action type:
#: ``(state, action, each card's chance, numbers to add to) -> outcomes``.
Odds = Callable[[BluffState, Any, dict[Card, float], dict[str, Any]], dict[str, float]]
ODDS: dict[type[Action], Odds] = {
    Draw: _draw_odds,
    Ask: _ask_odds,
    Call: _call_odds,
}
