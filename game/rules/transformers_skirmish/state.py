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

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from game.core.api import Action, Event, Explanation, ListedActions, Outcome, Sealed
from game.core.deck import Deck
from game.core.errors import IllegalAction, InvalidAction
from game.core.rng import Rng, derive_seed
from game.rules.transformers_skirmish import odds, setup
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
from game.rules.transformers_skirmish.board import (
    Square,
    aligned,
    attack_targets,
    between,
    distance,
    forward,
    mass_advance,
    mass_groups,
    move_destinations,
    square_name,
)
from game.rules.transformers_skirmish.cards import (
    CardKind,
    CardSpec,
    Catalog,
    Only,
    load_catalog,
)
from game.rules.transformers_skirmish.effects import EFFECTS
from game.rules.transformers_skirmish.events import (
    AttackDeclared,
    AttackNegated,
    CardPlayed,
    CardsDrawn,
    DeckReshuffled,
    GameEnded,
    Phase,
    PhaseStarted,
    UnitDamaged,
    UnitDestroyed,
    UnitMoved,
)
from game.rules.transformers_skirmish.view import PendingAttack, SkirmishView, Unit

GAME = "Transformers Skirmish"
OPTIONS = {"setup": ("auto", "manual")}
_ONLY_WORDS = {
    Only.AIR: "air units",
    Only.GROUND: "ground units",
    Only.MINICON: "units with a Minicon",
}
_ONLY_RULE = {Only.AIR: "Card List", Only.GROUND: "Card List", Only.MINICON: "Minicons"}


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


@dataclass
class SkirmishState(ListedActions):
    """Everything about a game in progress. Hands are kept sorted in card-list order."""

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
        if chosen["setup"] == "auto":
            for seat in (0, 1):
                setup.auto_setup(state, seat)
            state._start_turn(0)
        return state

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

    def _sorted_hand(self, seat: int) -> None:
        order = self.catalog.card_order()
        self.hands[seat].sort(key=order.__getitem__)

    def _kinds_in_hand(self, seat: int, kind: CardKind) -> list[CardSpec]:
        seen = dict.fromkeys(self.hands[seat])
        return [s for s in (self.catalog.card(c) for c in seen) if s.kind is kind]

    # -- the contract --------------------------------------------------------------
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

    def legal_actions(self) -> tuple[Action, ...]:
        if self.phase is Phase.OVER:
            return ()
        if self.phase is Phase.SETUP:
            return setup.legal_setup(self)
        seat = self.active
        out: list[Action] = []
        if self.phase is Phase.ORDERS:
            for spec in self._kinds_in_hand(seat, CardKind.SPECIAL):
                assert spec.effect is not None
                out.extend(Play(spec.id, u) for u in EFFECTS[spec.effect].targets(self, seat, spec))
            out.append(Pass())
        elif self.phase is Phase.DISCARD:
            out.extend(Discard(c) for c in dict.fromkeys(self.hands[seat]))
        elif self.phase is Phase.MOVE:
            occupied = self.occupied()
            for spec in self._kinds_in_hand(seat, CardKind.MOVE):
                assert spec.range is not None
                users = [u for u in self.living(seat) if u.can_use(spec)]
                for u in users:
                    assert u.square is not None
                    for dest in move_destinations(
                        u.square, spec.range, occupied, self.size, u.flying
                    ):
                        out.append(Move(spec.id, u.id, u.square, dest))
                if self._mass_result(seat, spec):
                    out.append(Mass(spec.id))
                    out.extend(Mass(spec.id, chosen) for chosen in self._mass_choices(seat, spec))
            out.append(Pass())
        elif self.phase is Phase.FIRE:
            occupied = self.occupied()
            for spec in self._kinds_in_hand(seat, CardKind.ATTACK):
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
            for spec in self._kinds_in_hand(1 - seat, CardKind.DEFENSE):
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
                self._mass_checks(action)
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
        if isinstance(action, (Place, Designate, AutoSetup)):
            if self.phase is not Phase.SETUP:
                raise IllegalAction(f"setup is over: {GAME}, Setup")
            events = setup.apply_setup(self, action)
            if self.phase is not Phase.SETUP:
                events.extend(self._start_turn(0))
            return events
        if self.phase is Phase.SETUP:
            raise IllegalAction(f"finish setting up first: {GAME}, Setup")
        if isinstance(action, Pass):
            return self._pass()
        if isinstance(action, Play):
            return self._play(action)
        if isinstance(action, Discard):
            return self._discard(action)
        if isinstance(action, Move):
            return self._move(action)
        if isinstance(action, Mass):
            return self._mass(action)
        if isinstance(action, Attack):
            return self._attack(action)
        if isinstance(action, (Defend, Take)):
            return self._defend(action)
        raise IllegalAction(f"{action!r} is not a {GAME} action")

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

    def clone(self) -> SkirmishState:
        return replace(
            self,
            rng=self.rng.clone(),
            units={k: u.copy() for k, u in self.units.items()},
            deck=self.deck.copy(),
            hands=[list(h) for h in self.hands],
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
        copy._sorted_hand(other)
        copy.deck.draw_pile = unseen[k:]
        return copy

    # -- turn flow -----------------------------------------------------------------
    def _phase(self, phase: Phase) -> list[Event]:
        self.phase = phase
        return [PhaseStarted(seat=self.active, phase=phase, turn=self.turn)]

    def _start_turn(self, seat: int) -> list[Event]:
        self.active = seat
        self.turn += 1
        events = self._phase(Phase.ORDERS)
        events.extend(self.draw_cards(seat, self.catalog.numbers.draw_per_turn))
        return events

    def _end_turn(self) -> list[Event]:
        self.pending = None
        if self.turn >= self.catalog.numbers.turn_limit:
            return self._turn_limit()
        return self._start_turn(1 - self.active)

    def _turn_limit(self) -> list[Event]:
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
        self._sorted_hand(seat)
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

    def _spend(self, seat: int, card: str, purpose: str) -> Event:
        """Move a card from a hand to the discard pile, face up for everybody."""
        self.hands[seat].remove(card)
        self.deck.discard(card)
        name = self.catalog.card(card).name
        return CardPlayed(seat=seat, card=card, card_name=name, purpose=purpose, reveals=True)

    def _require_card(self, seat: int, card: str, kind: CardKind, rule: str) -> CardSpec:
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

    def _own_unit(self, seat: int, unit_id: str, rule: str) -> Unit:
        unit = self.units.get(unit_id)
        if unit is None:
            raise IllegalAction(f"there is no unit {unit_id!r}: {GAME}, The Mechs")
        if unit.seat != seat:
            raise IllegalAction(f"{unit.name} is not yours: {GAME}, {rule}")
        if not unit.alive:
            raise IllegalAction(f"{unit.name} has been destroyed: {GAME}, {rule}")
        return unit

    @staticmethod
    def _check_use(unit: Unit, spec: CardSpec) -> None:
        if not unit.can_use(spec):
            assert spec.only is not None
            raise IllegalAction(
                f"{spec.name} is for {_ONLY_WORDS[spec.only]} only: {GAME}, {_ONLY_RULE[spec.only]}"
            )

    def _in_phase(self, phase: Phase, what: str, rule: str) -> None:
        if self.phase is not phase:
            raise IllegalAction(
                f"{what} only in the {phase.label.lower()}, not now ({self.phase.label.lower()}):"
                f" {GAME}, {rule}"
            )

    # -- orders phase --------------------------------------------------------------------
    def _pass(self) -> list[Event]:
        if self.phase is Phase.ORDERS:
            if len(self.hands[self.active]) > self.catalog.numbers.hand_limit:
                return self._phase(Phase.DISCARD)
            return self._phase(Phase.MOVE)
        if self.phase is Phase.MOVE:
            return self._phase(Phase.FIRE)
        if self.phase is Phase.FIRE:
            return self._end_turn()
        raise IllegalAction(f"cannot pass in the {self.phase.label.lower()}: {GAME}, Turn Sequence")

    def _play(self, action: Play) -> list[Event]:
        self._in_phase(Phase.ORDERS, "special cards are played", "Orders Phase")
        seat = self.active
        spec = self._require_card(seat, action.card, CardKind.SPECIAL, "Card List")
        assert spec.effect is not None
        effect = EFFECTS[spec.effect]
        if effect.names_a_unit:
            if action.unit is None:
                raise IllegalAction(f"name the unit for {spec.name}: {GAME}, Card List")
            unit = self._own_unit(seat, action.unit, "Card List")
            if unit.id not in effect.targets(self, seat, spec):
                raise IllegalAction(f"{unit.name} {effect.not_a_target}: {GAME}, Card List")
        elif action.unit is not None:
            raise IllegalAction(f"{spec.name} names no unit: {GAME}, Card List")
        events: list[Event] = [self._spend(seat, spec.id, "play")]
        events.extend(effect.resolve(self, seat, spec, action.unit))
        return events

    def _discard(self, action: Discard) -> list[Event]:
        self._in_phase(Phase.DISCARD, "cards are discarded to the hand limit", "Orders Phase")
        seat = self.active
        if action.card not in self.hands[seat]:
            raise IllegalAction(f"you hold no {action.card!r} card: {GAME}, Orders Phase")
        events = [self._spend(seat, action.card, "discard")]
        if len(self.hands[seat]) <= self.catalog.numbers.hand_limit:
            events.extend(self._phase(Phase.MOVE))
        return events

    # -- move phase --------------------------------------------------------------------
    def _move(self, action: Move) -> list[Event]:
        self._in_phase(Phase.MOVE, "units move", "Move Phase")
        seat = self.active
        spec = self._require_card(seat, action.card, CardKind.MOVE, "Move Phase")
        unit = self._own_unit(seat, action.unit, "Move Phase")
        self._check_use(unit, spec)
        assert unit.square is not None and spec.range is not None
        if unit.square != action.origin:
            raise IllegalAction(
                f"{unit.name} is on {square_name(unit.square)}, not "
                f"{square_name(action.origin)}: {GAME}, Move Phase"
            )
        dest = action.dest
        if not aligned(unit.square, dest):
            raise IllegalAction(
                f"moves go in a straight orthogonal or diagonal line: {GAME}, Move Phase"
            )
        if distance(unit.square, dest) > spec.range:
            raise IllegalAction(
                f"{spec.name} moves at most {spec.range} square{'s' * (spec.range > 1)}: "
                f"{GAME}, Move Phase"
            )
        occupied = self.occupied()
        if not (0 <= dest[0] < self.size and 0 <= dest[1] < self.size):
            raise IllegalAction(f"{square_name(dest)} is off the board: {GAME}, The Map")
        if dest in occupied:
            raise IllegalAction(f"units may not stack on {square_name(dest)}: {GAME}, Setup")
        if not unit.flying and any(sq in occupied for sq in between(unit.square, dest)):
            raise IllegalAction(f"only flying units move through other units: {GAME}, Move Phase")
        events = [self._spend(seat, spec.id, "play")]
        origin = unit.square
        unit.square = dest
        events.append(UnitMoved(unit=unit.id, name=unit.name, origin=origin, dest=dest))
        events.extend(self._phase(Phase.FIRE))
        return events

    def _mass_result(
        self, seat: int, spec: CardSpec, chosen: tuple[str, ...] | None = None
    ) -> dict[str, Square]:
        """Where each robot of a mass move ends (only those that actually move): the
        ``chosen`` robots, or every robot of ``seat`` that may use the card."""
        assert spec.range is not None
        movers = [
            (u.id, u.square, u.flying)
            for u in self.living(seat)
            if u.can_use(spec) and u.square and (chosen is None or u.id in chosen)
        ]
        return mass_advance(movers, self.occupied(), spec.range, forward(seat), self.size)

    def _mass_choices(self, seat: int, spec: CardSpec) -> list[tuple[str, ...]]:
        """Every group of robots a mass move may name (issue 17), in roster order."""
        assert spec.range is not None
        movers = [
            (u.id, u.square, u.flying)
            for u in self.living(seat)
            if u.can_use(spec) and u.square is not None
        ]
        return mass_groups(movers, self.occupied(), spec.range, forward(seat), self.size)

    def _check_mass_group(self, seat: int, spec: CardSpec, chosen: tuple[str, ...]) -> None:
        """Move Phase (issue 17): the named robots are yours, may use the card, are named
        once each in roster order, and each of them moves."""
        for uid in chosen:
            unit = self._own_unit(seat, uid, "Move Phase")
            self._check_use(unit, spec)
        roster = {uid: i for i, uid in enumerate(self.units)}
        if list(chosen) != sorted(set(chosen), key=roster.__getitem__):
            raise IllegalAction(f"name each robot once, in roster order: {GAME}, Move Phase")
        ends = self._mass_result(seat, spec, chosen)
        for uid in chosen:
            if uid not in ends:
                raise IllegalAction(
                    f"{self.units[uid].name} cannot move forward with {spec.name}: "
                    f"{GAME}, Move Phase"
                )

    def _mass_checks(self, action: Mass) -> tuple[CardSpec, dict[str, Square]]:
        """Move Phase: ``IllegalAction`` naming the rule, or the card and where each robot
        of the mass move ends."""
        self._in_phase(Phase.MOVE, "units move", "Move Phase")
        seat = self.active
        spec = self._require_card(seat, action.card, CardKind.MOVE, "Move Phase")
        if not self._mass_result(seat, spec):
            raise IllegalAction(f"no unit can move forward with {spec.name}: {GAME}, Move Phase")
        if action.units is None:
            return spec, self._mass_result(seat, spec)
        self._check_mass_group(seat, spec, action.units)
        return spec, self._mass_result(seat, spec, action.units)

    def _mass(self, action: Mass) -> list[Event]:
        seat = self.active
        spec, result = self._mass_checks(action)
        events = [self._spend(seat, spec.id, "play")]
        for uid in self.units:
            if uid in result:
                unit = self.units[uid]
                assert unit.square is not None
                events.append(
                    UnitMoved(unit=uid, name=unit.name, origin=unit.square, dest=result[uid])
                )
                unit.square = result[uid]
        events.extend(self._phase(Phase.FIRE))
        return events

    # -- fire phase --------------------------------------------------------------------
    def _attack(self, action: Attack) -> list[Event]:
        self._in_phase(Phase.FIRE, "units attack", "Fire Phase")
        seat = self.active
        spec = self._require_card(seat, action.card, CardKind.ATTACK, "Fire Phase")
        unit = self._own_unit(seat, action.attacker, "Fire Phase")
        self._check_use(unit, spec)
        target = self.units.get(action.target)
        if target is None or not target.alive or target.seat == seat:
            raise IllegalAction(
                f"{action.target!r} is not an enemy unit on the board: {GAME}, Fire Phase"
            )
        assert unit.square is not None and target.square is not None and spec.range is not None
        if not aligned(unit.square, target.square):
            raise IllegalAction(
                f"attacks go in straight orthogonal or diagonal lines: {GAME}, Fire Phase"
            )
        if distance(unit.square, target.square) > spec.range:
            raise IllegalAction(f"{spec.name} has range {spec.range}: {GAME}, Fire Phase")
        occupied = self.occupied()
        if any(sq in occupied for sq in between(unit.square, target.square)):
            raise IllegalAction(f"units cannot attack through other units: {GAME}, Fire Phase")
        events: list[Event] = [self._spend(seat, spec.id, "play")]
        events.append(
            AttackDeclared(
                attacker=unit.id,
                attacker_name=unit.name,
                target=target.id,
                target_name=target.name,
                card_name=spec.name,
            )
        )
        self.pending = PendingAttack(spec.id, unit.id, target.id)
        if self.hands[1 - seat]:
            self.phase = Phase.DEFEND
            events.append(PhaseStarted(seat=1 - seat, phase=Phase.DEFEND, turn=self.turn))
            return events
        events.extend(self._hit(target))
        return events

    def _defend(self, action: Defend | Take) -> list[Event]:
        self._in_phase(Phase.DEFEND, "attacks are answered", "Fire Phase")
        assert self.pending is not None
        defender = 1 - self.active
        target = self.units[self.pending.target]
        if isinstance(action, Take):
            return self._hit(target)
        spec = self._require_card(defender, action.card, CardKind.DEFENSE, "Fire Phase")
        self._check_use(target, spec)
        events = [self._spend(defender, spec.id, "defend with")]
        events.append(AttackNegated(target_name=target.name, card_name=spec.name))
        events.extend(self._end_turn())
        return events

    def _hit(self, target: Unit) -> list[Event]:
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
        events.extend(self._end_turn())
        return events
