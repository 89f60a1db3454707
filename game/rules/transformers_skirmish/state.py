"""Transformers Skirmish: the rules contract over the model — the legal actions, why an
action is refused, the Orders Phase, views and determinization. The rules themselves are
summarised in :mod:`model`; choices the text leaves open are in
docs/rules/transformers_skirmish.md, "Interpretations".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.core.api import Action, Event, Explanation, Sealed
from game.core.deck import Deck
from game.core.errors import IllegalAction, InvalidAction
from game.core.rng import Rng, derive_seed
from game.rules.transformers_skirmish import fire, movement, odds, setup
from game.rules.transformers_skirmish.actions import (
    Attack,
    AutoSetup,
    Defend,
    Designate,
    Discard,
    Mass,
    Move,
    Pass,
    Place,
    Play,
    Take,
)
from game.rules.transformers_skirmish.board import attack_targets, move_destinations
from game.rules.transformers_skirmish.cards import CardKind, load_catalog
from game.rules.transformers_skirmish.effects import EFFECTS
from game.rules.transformers_skirmish.events import Phase
from game.rules.transformers_skirmish.model import GAME, SkirmishModel
from game.rules.transformers_skirmish.view import SkirmishView, Unit

OPTIONS = {"setup": ("auto", "manual")}


def check_options(options: Mapping[str, str] | None) -> dict[str, str]:
    """Validated options with defaults (``setup=auto``)."""
    chosen = {"setup": "auto"}
    for key, value in (options or {}).items():
        if key not in OPTIONS:
            raise InvalidAction(f"{GAME} has no option {key!r} (options: setup=auto|manual)")
        if value not in OPTIONS[key]:
            raise InvalidAction(
                f"option {key}={value!r}: expected one of {', '.join(OPTIONS[key])}"
            )
        chosen[key] = value
    return chosen


class SkirmishState(SkirmishModel):
    """A game in progress on the rules contract."""

    @classmethod
    def new(cls, seed: int, options: Mapping[str, str] | None = None) -> SkirmishState:
        chosen = check_options(options)
        catalog = load_catalog()
        rng = Rng(seed)
        bonus = catalog.numbers.minicon_bonus_hits
        units = {
            t.id: Unit(
                id=t.id, name=t.name, seat=t.seat, rank=t.rank, base_hits=t.hits, bonus=bonus
            )
            for t in catalog.units
        }
        state = cls(rng=rng, units=units, deck=Deck.shuffled(catalog.full_deck(), rng))
        opening: list[Event] = []
        if chosen["setup"] == "auto":
            for seat in (0, 1):
                setup.auto_setup(state, seat)
                opening.append(setup.side_summary(state, seat))
            opening.extend(state.start_turn(0))
        else:
            opening.append(setup.by_hand(state))
        state.opening = tuple(opening)
        return state

    def opening_events(self) -> list[Event]:
        """What set-up did, for the log before the first action: each side's set-up
        (or that it is left to the players), then the first turn's orders phase and
        draw (the drawer's own copy names the cards)."""
        return list(self.opening)

    # -- the contract --------------------------------------------------------------
    def legal_actions(self) -> tuple[Action, ...]:
        if self.phase is Phase.OVER:
            return ()
        if self.phase is Phase.SETUP:
            return setup.legal_setup(self)
        seat = self.active
        out: list[Action] = []
        if self.phase is Phase.ORDERS:
            for spec in self.kinds_in_hand(seat, CardKind.SPECIAL):
                assert spec.effect is not None
                out.extend(Play(spec.id, u) for u in EFFECTS[spec.effect].targets(self, seat, spec))
            out.append(Pass())
        elif self.phase is Phase.DISCARD:
            out.extend(Discard(c) for c in dict.fromkeys(self.hands[seat]))
        elif self.phase is Phase.MOVE:
            occupied = self.occupied()
            for spec in self.kinds_in_hand(seat, CardKind.MOVE):
                assert spec.range is not None
                users = [u for u in self.living(seat) if u.can_use(spec)]
                for u in users:
                    assert u.square is not None
                    for dest in move_destinations(
                        u.square, spec.range, occupied, self.size, u.flying
                    ):
                        out.append(Move(spec.id, u.id, u.square, dest))
                if movement.mass_result(self, seat, spec):
                    out.append(Mass(spec.id))
                    out.extend(
                        Mass(spec.id, chosen) for chosen in movement.mass_choices(self, seat, spec)
                    )
            out.append(Pass())
        elif self.phase is Phase.FIRE:
            occupied = self.occupied()
            for spec in self.kinds_in_hand(seat, CardKind.ATTACK):
                assert spec.range is not None
                for u in self.living(seat):
                    if not u.can_use(spec):
                        continue
                    assert u.square is not None
                    for sq in attack_targets(u.square, spec.range, occupied, self.size):
                        target = self.units[occupied[sq]]
                        if target.seat != seat:
                            out.append(Attack(spec.id, u.id, target.id))
            out.append(Pass())
        elif self.phase is Phase.DEFEND:
            assert self.pending is not None
            target = self.units[self.pending.target]
            for spec in self.kinds_in_hand(1 - seat, CardKind.DEFENSE):
                if target.can_use(spec):
                    out.append(Defend(spec.id))
            out.append(Take())
        return tuple(out)

    def why_not(self, action: Action) -> str | None:
        """The listed actions are the authority; a mass move of named robots in the move
        phase is judged by the very checks that list the groups, without listing them
        all (up to 255 groups a card)."""
        if self.phase is Phase.MOVE and isinstance(action, Mass) and action.units is not None:
            try:
                movement.mass_checks(self, action)
            except IllegalAction as exc:
                return str(exc)
            return None
        return super().why_not(action)

    def refusal(self, action: Action) -> str:
        """The rule that forbids ``action`` now: the check ``apply`` makes, run on a copy
        (the list of legal actions is the authority; this only names the rule)."""
        try:
            self.clone().apply(action)
        except IllegalAction as exc:
            return str(exc)
        return f"not open in the {self.phase.label.lower()}: {GAME}, Turn Sequence"

    def apply(self, action: Action) -> list[Event]:
        if self.phase is Phase.OVER:
            raise IllegalAction(f"the game is over: {GAME}, Victory")
        if self.phase is Phase.SETUP and type(action) not in setup.SETUP_STEPS:
            raise IllegalAction(f"finish setting up first: {GAME}, Setup")
        handler = RESOLVE.get(type(action))
        if handler is None:
            raise IllegalAction(f"{action!r} is not a {GAME} action")
        return handler(self, action)

    def explain(self, action: Action) -> Explanation:
        """The rules calculator (``odds.py``): the numbers and exact odds of ``action``,
        from what the seat to act knows."""
        return odds.explain(self.view(self.current_player()), action)

    def view(self, seat: int | None) -> SkirmishView:
        current = self.current_player()
        return SkirmishView(
            seat=seat,
            current_player=current,
            candidate_actions=(
                self.legal_actions() if seat is not None and seat == current else ()
            ),
            outcome=self.outcome(),
            sealed=Sealed(self.clone(), seat) if seat is not None else None,
            phase=self.phase,
            active=self.active,
            turn=self.turn,
            units=tuple(u.frozen() for u in self.units.values()),
            hand=tuple(self.hands[seat]) if seat in (0, 1) else None,
            hand_sizes=(len(self.hands[0]), len(self.hands[1])),
            deck_size=len(self.deck),
            discard=tuple(self.deck.discard_pile),
            pending=self.pending,
            catalog=self.catalog,
        )

    def determinize(self, seat: int, rng: Rng) -> SkirmishState:
        """A copy where what ``seat`` cannot know (the deck order and the other hand) is
        dealt again at random from the cards it has not seen, with a fresh generator."""
        copy = self.clone()
        copy.rng = Rng(derive_seed(rng.next_u64(), 0))  # no foreknowledge of reshuffles
        other = 1 - seat
        # sorted first: the result must not depend on the true order of what is unseen
        unseen = rng.shuffled(sorted([*copy.deck.draw_pile, *copy.hands[other]]))
        k = len(copy.hands[other])
        copy.hands[other] = unseen[:k]
        copy.sort_hand(other)
        copy.deck.draw_pile = unseen[k:]
        return copy

    # -- orders phase --------------------------------------------------------------------
    def _pass(self) -> list[Event]:
        if self.phase is Phase.ORDERS:
            if len(self.hands[self.active]) > self.catalog.numbers.hand_limit:
                return self.begin_phase(Phase.DISCARD)
            return self.begin_phase(Phase.MOVE)
        if self.phase is Phase.MOVE:
            return self.begin_phase(Phase.FIRE)
        if self.phase is Phase.FIRE:
            return self.end_turn()
        raise IllegalAction(f"cannot pass in the {self.phase.label.lower()}: {GAME}, Turn Sequence")

    def _play(self, action: Play) -> list[Event]:
        self.in_phase(Phase.ORDERS, "special cards are played", "Orders Phase")
        seat = self.active
        spec = self.require_card(seat, action.card, CardKind.SPECIAL, "Card List")
        assert spec.effect is not None
        effect = EFFECTS[spec.effect]
        if effect.names_a_unit:
            if action.unit is None:
                raise IllegalAction(f"name the unit for {spec.name}: {GAME}, Card List")
            unit = self.own_unit(seat, action.unit, "Card List")
            if unit.id not in effect.targets(self, seat, spec):
                raise IllegalAction(f"{unit.name} {effect.not_a_target}: {GAME}, Card List")
        elif action.unit is not None:
            raise IllegalAction(f"{spec.name} names no unit: {GAME}, Card List")
        events: list[Event] = [self.spend(seat, spec.id, "play")]
        events.extend(effect.resolve(self, seat, spec, action.unit))
        return events

    def _setup(self, action: Action) -> list[Event]:
        """Setup: a robot placed or designated, or the side set up at random; the first
        turn starts when both sides are done."""
        if self.phase is not Phase.SETUP:
            raise IllegalAction(f"setup is over: {GAME}, Setup")
        events = setup.apply_setup(self, action)
        if self.phase is not Phase.SETUP:
            events.extend(self.start_turn(0))
        return events

    def _discard(self, action: Discard) -> list[Event]:
        self.in_phase(Phase.DISCARD, "cards are discarded to the hand limit", "Orders Phase")
        seat = self.active
        if action.card not in self.hands[seat]:
            raise IllegalAction(f"you hold no {action.card!r} card: {GAME}, Orders Phase")
        events = [self.spend(seat, action.card, "discard")]
        if len(self.hands[seat]) <= self.catalog.numbers.hand_limit:
            events.extend(self.begin_phase(Phase.MOVE))
        return events

    # -- move phase --------------------------------------------------------------------
    # -- fire phase --------------------------------------------------------------------


#: What each action does, by its type (the Transformers Skirmish dispatch of the rules:
#: the legal actions are listed by phase in ``legal_actions``; ``refusal`` names the rule
#: by trying the action on a copy, so this table judges an action as well).
RESOLVE: dict[type[Action], Callable[[SkirmishState, Any], list[Event]]] = {
    Place: SkirmishState._setup,
    Designate: SkirmishState._setup,
    AutoSetup: SkirmishState._setup,
    Pass: lambda st, _action: st._pass(),
    Play: SkirmishState._play,
    Discard: SkirmishState._discard,
    Move: movement.move,
    Mass: movement.mass,
    Attack: fire.attack,
    Defend: fire.defend,
    Take: fire.defend,
}
