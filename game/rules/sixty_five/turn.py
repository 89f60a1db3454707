"""Where a '65 game stands in its sequence of play (5, 6, 24) and the moves between the
phases: set-up, the deal, the initiative bids, the change of impulse, the Reserve phase
and the Clean-up. The rules contract on top of it is state.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as dc_field
from enum import StrEnum

from game.core.api import Action, Event
from game.core.rng import Rng
from game.rules.sixty_five.actions import ChooseInitiative, Fortify, Place
from game.rules.sixty_five.assault.combat import resolve_assaults
from game.rules.sixty_five.assault.fight import fight_assaults
from game.rules.sixty_five.cards.powers import end_leadership
from game.rules.sixty_five.events import (
    CardDiscarded,
    CardsKept,
    GameOver,
    ImpulseBegins,
    InitiativeBid,
    InitiativeRevealed,
    PhaseBegins,
    UnitPlaced,
)
from game.rules.sixty_five.helicopters.play import depart
from game.rules.sixty_five.scenarios.highway import (
    InitiativeGiven,
    draw_for_block,
    first_initiative,
)
from game.rules.sixty_five.scenarios.relics import relics_aftermath, take_up_relics
from game.rules.sixty_five.scenarios.scenario import Scenario
from game.rules.sixty_five.scenarios.setup import step_units
from game.rules.sixty_five.terrain.fortify_setup import fortifications_left, fortify
from game.rules.sixty_five.world import World


class Phase(StrEnum):
    SETUP = "setup"
    INITIATIVE = "initiative"
    INITIATIVE_DISCARD = "initiative_discard"
    IMPULSE = "impulse"
    RESERVE = "reserve"
    CLEAN_UP = "clean_up"
    OVER = "over"


@dataclass
class TurnFlow:
    """The world plus where the sequence of play stands."""

    world: World
    turns: int
    turn: int = 1
    phase: Phase = Phase.INITIATIVE
    bids: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    bid_round: tuple[str | None, str | None] = (None, None)
    initiative: int = 0
    phasing: int = 0
    started: bool = False
    acted: bool = False
    actions_left: int = 1
    discards: int = 0
    passes: int = 0
    reserve_seat: int = 0
    keep_seat: int = 0
    scenario: Scenario | None = None
    setup_step: int = 0
    control: dict[str, int] = dc_field(default_factory=dict)
    #: Interpretation 19 (rules version 2): nothing has come into the hand, been played
    #: or discarded this impulse, so ending it counts as a pass.
    idle: bool = False
    #: 13 (version 2): the move waiting for the impulse's assaults to be fought
    #: ("next": the next impulse, "reserve": the Reserve phase)
    after_fights: str | None = None
    bonus: tuple[str, ...] = ()  # 24b: each seat's Bonus Victory Condition card
    #: the events of the opening (scenarios/opening.py), made with the game; not in the snapshot
    opening: tuple[Event, ...] = dc_field(default=(), compare=False, repr=False)

    @property
    def rng(self) -> Rng:
        """The game's own generator (it lives with the deck in the world)."""
        return self.world.rng

    @rng.setter
    def rng(self, value: Rng) -> None:
        self.world.rng = value

    def _start_turn(self, events: list[Event]) -> None:
        """5a: gather and shuffle every card not in a hand, deal each player up to four."""
        w = self.world
        w.draw_pile = w.rng.shuffled(sorted([*w.draw_pile, *w.discard, *w.set_aside]))
        w.discard, w.set_aside, w.end_turns = [], [], 0
        events.append(PhaseBegins(turn=self.turn, phase="deal"))
        for seat in (0, 1):
            w.fill_hand(seat, events, deal=True)
        self.phase = Phase.INITIATIVE
        self.bids, self.bid_round = ((), ()), (None, None)
        events.append(PhaseBegins(turn=self.turn, phase=Phase.INITIATIVE.value))
        w.puff_used = False  # scenario 6: one AC-47 strike a turn (scenarios/puff.py)
        rule = self.scenario.first_initiative if self.scenario is not None else None
        given = first_initiative(rule, self.turn)
        if given is not None and rule is not None:  # scenario 6: no bids this turn
            self.initiative = given
            if rule.draw_for is not None:
                draw_for_block(w, given, rule.draw_for, events)
            events.append(InitiativeGiven(seat=given))
            self._begin_first_impulse(given, events)

    def _place(self, action: Place | Fortify, events: list[Event]) -> None:
        assert self.scenario is not None
        if isinstance(action, Fortify):  # 23, 24: the step's fortifications come first
            events.extend(fortify(self.world, action))
            if fortifications_left(self.world, self.scenario, self.setup_step):
                return
        else:
            unit = self.world.units[action.unit]
            unit.hex = action.hex
            unit.carrier = action.aboard  # scenario 6: set up loaded (8a)
            if unit.type.facing:
                unit.facing = action.facing or 0  # 15d: a vehicle faces a corner (0 if none)
            events.append(UnitPlaced(unit=action.unit, hex=action.hex, aboard=action.aboard))
        if any(u.hex is None for u in step_units(self.world, self.scenario, self.setup_step)):
            return
        self.setup_step += 1
        if self.setup_step == len(self.scenario.setup):
            self._start_turn(events)

    def public_text(self, action: Action) -> str | None:
        """What the other side reads of ``action`` (``game.core.api.public_text``): the
        first initiative bid of a round is a card laid face down (5b); the second turns
        both over at once, so it is no secret."""
        if isinstance(action, ChooseInitiative) and None in self.bid_round:
            other = [card for card in self.bid_round if card is not None]
            return ChooseInitiative.public if not other else None
        return action.public

    def _bid(self, seat: int, card: str, events: list[Event]) -> None:
        self.world.hands[seat].remove(card)
        events.append(InitiativeBid(seat=seat, card=card, visible_to=frozenset({seat})))
        rnd = list(self.bid_round)
        rnd[seat] = card
        self.bid_round = (rnd[0], rnd[1])
        bids = list(self.bids)
        bids[seat] = (*bids[seat], card)
        self.bids = (bids[0], bids[1])
        a, b = self.bid_round
        if a is None or b is None:
            return
        ka, kb = self.world.card(a).initiative_key, self.world.card(b).initiative_key
        winner = None if ka == kb else (0 if ka > kb else 1)
        hands = self.world.hands
        if winner is None and not (hands[0] and hands[1]):
            winner = 0  # Interpretation 2: a tie with no card left to reveal
        events.append(InitiativeRevealed(cards=(a, b), winner=winner))
        self.bid_round = (None, None)
        if winner is None:
            return  # 5b: both reveal another card
        self.initiative = winner
        hands[1 - winner].extend(self.bids[1 - winner])  # the loser keeps his cards
        bids = list(self.bids)
        bids[1 - winner] = ()
        self.bids = (bids[0], bids[1])
        if len(self.bids[winner]) == 1:
            self._initiative_discard(winner, self.bids[winner][0], events)
        else:
            self.phase = Phase.INITIATIVE_DISCARD

    def _initiative_discard(self, seat: int, card: str, events: list[Event]) -> None:
        """5b: the winner discards one card laid (his choice after a tie) and takes any
        other back; he does not draw, so his first impulse has three cards."""
        w = self.world
        w.discard.append(card)
        w.hands[seat].extend(c for c in self.bids[seat] if c != card)
        events.append(CardDiscarded(seat=seat, card=card))
        self._begin_first_impulse(seat, events)

    def _begin_first_impulse(self, seat: int, events: list[Event]) -> None:
        """5c: the initiative's side begins the turn's impulses (without drawing)."""
        w = self.world
        self.bids = ((), ())
        self.phase = Phase.IMPULSE
        self.phasing = seat
        self.started, self.acted, self.actions_left, self.discards = True, False, 1, 0
        self.passes = 0
        events.append(ImpulseBegins(seat=seat))
        if w.turn_ending:
            self._to_reserve(events)

    def _fights_wait(self, then: str, events: list[Event]) -> bool:
        """13a: the impulse's assaults are fought first; True while one waits for the
        players' answers (rules version 2), the move ``then`` coming after."""
        if self.world.edition >= 2:
            fight_assaults(self.world, events)
        else:
            resolve_assaults(self.world, events)
        if self.world.pending:
            self.after_fights = then
            return True
        return False

    def _after_fights(self, events: list[Event]) -> None:
        """Carry on where the assaults' answers stopped the flow."""
        if self.after_fights is not None and not self.world.pending:
            then, self.after_fights = self.after_fights, None
            if then == "next":
                self._next_impulse(events)
            else:
                self._to_reserve(events)

    def _impulse_over(self, events: list[Event]) -> None:
        """The end of an impulse, its assaults fought: Leadership's actions lapse (22e);
        scenario 8: relics lying in a hex are taken up (scenarios/relics.py)."""
        end_leadership(self.world)
        if self.world.relics is not None:
            relics_aftermath(self.world, events)  # a carrier that fell in the assaults
            take_up_relics(self.world, events)

    def _next_impulse(self, events: list[Event]) -> None:
        if self._fights_wait("next", events):  # 13a: the last thing of the impulse
            return
        self._impulse_over(events)
        self.world.split = None
        self.phasing = 1 - self.phasing
        self.started, self.acted, self.actions_left, self.discards = False, False, 1, 0
        self.idle = False
        events.append(ImpulseBegins(seat=self.phasing))

    def _to_reserve(self, events: list[Event]) -> None:
        """5c: End Turn count reached or two passes in a row: the Reserve phase (5d)."""
        if self._fights_wait("reserve", events):
            return
        self._impulse_over(events)
        self.world.split = None
        self.phase = Phase.RESERVE
        self.reserve_seat = self.initiative
        self.passes = 0
        events.append(PhaseBegins(turn=self.turn, phase=Phase.RESERVE.value))

    def _reserve_done(self, events: list[Event]) -> None:
        if self.reserve_seat == self.initiative:
            self.reserve_seat = 1 - self.initiative
            return
        # 5e: markers go, Shaken stays, Smoke 2 -> 1 -> gone
        for unit in self.world.units.values():
            unit.marker = None
        smoke = self.world.field.smoke
        for hex_id, level in list(smoke.items()):
            if level > 1:
                smoke[hex_id] = level - 1
            else:
                del smoke[hex_id]
        if self.world.downpour:  # 18r: the downpour ends with the turn
            self.world.downpour, self.world.field.visibility = False, None
        self.phase = Phase.CLEAN_UP
        self.keep_seat = 0
        events.append(PhaseBegins(turn=self.turn, phase=Phase.CLEAN_UP.value))

    def _keep(self, seat: int, card: str | None, events: list[Event]) -> None:
        """5e: discard all but (at most) one card."""
        w = self.world
        for cid in [c for c in w.hands[seat] if c != card]:
            w.discard_card(seat, cid)
            events.append(CardDiscarded(seat=seat, card=cid))
        events.append(CardsKept(seat=seat, count=len(w.hands[seat])))
        if seat == 0:
            self.keep_seat = 1
            return
        departing = self.scenario.departing if self.scenario else None
        if departing is not None and departing.by_turn == self.turn:  # scenario 7
            depart(w, departing, events, turn_over=self.turn)
        if self.turn >= self.turns:
            self.phase = Phase.OVER
            events.append(GameOver(turns=self.turns))
            return
        self.turn += 1
        self._start_turn(events)
