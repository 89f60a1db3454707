"""The Transformers Skirmish bot: a card-aware heuristic with a one-ply lookahead.

It plays from its seat's view only (its own hand, the public board and discard pile):

- Orders: always plays Tactics (one card for two) and Repairs on its most endangered
  damaged unit; at the hand limit it discards the card that lowers its hand value least
  (duplicates of a kind count less, cards no living unit can use count nothing).
- Move: tries every legal move (single and mass) on a copy of the board and scores the
  result: the best attack it can then make with the cards left in hand, then lines of fire
  that favour it (its strong units facing weak enemies), then closing the distance. The
  six best (and passing) are checked against the enemy's reply: the best shot any enemy
  unit could take after a short move, which it subtracts (in A/B games against the plain
  one-ply bot it won 296 of 540, about 55%: a small gain, at ~2 ms a decision).
- Fire: focus fire on the enemy with the fewest hits left, using the cheapest card that
  reaches; Defense cards are never spent on anything but defending.
- Threats (issue 17c): an enemy robot threatens at a distance only as likely as it is to
  hold an Attack card that reaches that far (exact odds from the unseen cards,
  ``transformers_skirmish/reach.py``), and less when we hold a Defense card for the target.
- Defence: spends a Defense card only when the hit costs more than the card is worth
  keeping (a robot about to be destroyed always; a healthy leader with one card in hand
  takes it), and then the most restricted card that fits (Heavy Armor or Evasion first).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.ai.registry import register_ai
from game.ai.transformers_skirmish.reach import EnemyReach
from game.core.api import Action
from game.core.rng import Rng
from game.rules.transformers_skirmish.actions import (
    Attack,
    AutoSetup,
    Defend,
    Discard,
    Mass,
    Move,
    Pass,
    Play,
    Take,
)
from game.rules.transformers_skirmish.board import (
    Square,
    attack_targets,
    distance,
    forward,
    mass_advance,
    move_destinations,
)
from game.rules.transformers_skirmish.cards import CardKind, CardSpec, Effect, Only
from game.rules.transformers_skirmish.events import Phase
from game.rules.transformers_skirmish.hints import action_card
from game.rules.transformers_skirmish.view import SkirmishView, UnitView

Board = dict[Square, str]  # who stands on each square

THREAT_RANGE = 3  # the longest attack in the deck: Missiles and the Particle Accelerator
SHORTLIST = 6  # moves, best by the one-ply score, that get the costlier reply check
REPLY_MOVE = 2  # squares we assume the enemy moves before firing back
REPLY_WEIGHT = 1.5
REPLY_UNTIL_TURN = 150
_KIND_BASE = {CardKind.DEFENSE: 5.0, CardKind.SPECIAL: 4.0}
_ATTACK_BY_RANGE = {1: 3.0, 2: 4.0, 3: 4.5}
_DUPLICATE_FACTOR = 0.55
DEFENDED = 0.3  # how much of a threat is left when we hold a Defense card that fits
FULL_HAND_DISCOUNT = 0.6  # a card that the next hand limit would cost anyway is cheap


def card_value(spec: CardSpec, view: SkirmishView, seat: int) -> float:
    """How much a card is worth keeping, before duplicates are discounted."""
    own = view.living(seat)
    if spec.only is Only.AIR and not any(u.kind == "air" for u in own):
        return 0.0
    if spec.only is Only.GROUND and not any(u.kind == "ground" for u in own):
        return 0.0
    if spec.only is Only.MINICON and not any(u.minicon for u in own):
        return 0.0
    if spec.kind is CardKind.MOVE:
        return 1.5 + 0.2 * (spec.range or 1)
    if spec.kind is CardKind.ATTACK:
        return _ATTACK_BY_RANGE.get(spec.range or 1, 4.5) - (0.3 if spec.only else 0.0)
    if spec.kind is CardKind.DEFENSE:
        return _KIND_BASE[CardKind.DEFENSE] - (0.4 if spec.only else 0.0)
    if spec.effect is Effect.REPAIR:
        return 4.0 if any(u.hits < u.max_hits for u in own) else 2.5
    return 6.0


def hand_value(cards: list[str], view: SkirmishView, seat: int) -> float:
    """Sum of card values; the n-th card of a kind counts ``_DUPLICATE_FACTOR**(n-1)``."""
    specs = sorted(
        (view.catalog.card(c) for c in cards),
        key=lambda s: -card_value(s, view, seat),
    )
    seen: dict[CardKind, int] = {}
    total = 0.0
    for spec in specs:
        n = seen.get(spec.kind, 0)
        seen[spec.kind] = n + 1
        total += card_value(spec, view, seat) * _DUPLICATE_FACTOR**n
    return total


def hit_cost(target: UnitView) -> float:
    """What one hit on a robot costs its side: the robot's worth (2 + 2 per starting hit)
    shared over the hits it has left; the last hit costs the whole robot."""
    worth = 2.0 + 2.0 * target.max_hits
    return worth / max(1, target.hits)


def target_value(target: UnitView) -> float:
    """Focus fire: the fewer hits left, the better; a kill is worth the most."""
    return 10.0 / max(1, target.hits) + (2.0 if target.hits <= 1 else 0.0)


class SkirmishBot:
    """Heuristic player with a one-ply lookahead over its own moves."""

    name = "skirmish heuristic"

    def __init__(self, seat: int, rng: Rng) -> None:
        self.seat = seat
        self.rng = rng
        self._reach: EnemyReach | None = None
        self._defense_for: set[str] = set()

    def _defense_kinds(self, view: SkirmishView) -> set[str]:
        """Our robots that a Defense card in our hand would cover ("kind" of robot: any,
        air or ground)."""
        covered: set[str] = set()
        for card in dict.fromkeys(view.hand or ()):
            spec = view.catalog.card(card)
            if spec.kind is CardKind.DEFENSE:
                covered.update(u.id for u in view.living(self.seat) if u.can_use(spec))
        return covered

    def _threat(self, attacker: UnitView, target: UnitView, d: int) -> float:
        """Chance that ``attacker`` can hit ``target`` at ``d`` squares next turn (from the
        cards it may hold), reduced when we could cancel the hit with a Defense card."""
        assert self._reach is not None
        chance = self._reach.odds(d, attacker.minicon)
        return chance * (DEFENDED if target.id in self._defense_for else 1.0)

    def choose(self, view: Any) -> Action:
        return self.ranked(view, 1)[0]

    def ranked(self, view: Any, k: int) -> list[Action]:
        """Its ``k`` best choices, best first (the first is what ``choose`` plays): moves
        by their one-ply score less the enemy's reply, shots by target value, cards to
        discard by the hand they leave; in the orders and defence phases its choice and
        then the other options (Pass or Take last)."""
        if not isinstance(view, SkirmishView):
            raise TypeError("SkirmishBot plays Transformers Skirmish only")
        legal = list(view.legal_actions)
        self._reach = EnemyReach(view, self.seat)
        self._defense_for = self._defense_kinds(view)
        if not legal:
            raise ValueError(f"seat {self.seat} was asked to choose with no legal action")
        phase = view.phase
        if phase is Phase.SETUP:
            first: Action = AutoSetup() if AutoSetup() in legal else legal[0]
            return _after_first(first, legal, k)
        if phase is Phase.ORDERS:
            return _after_first(self._orders(view, legal), legal, k)
        if phase is Phase.DISCARD:
            return self._discard(view, legal)[: max(1, k)]
        if phase is Phase.MOVE:
            return self._move(view, legal)[: max(1, k)]
        if phase is Phase.FIRE:
            return self._fire(view, legal)[: max(1, k)]
        if phase is Phase.DEFEND:
            return _after_first(self._defend(view, legal), legal, k)
        return legal[: max(1, k)]

    # -- orders ------------------------------------------------------------------------
    def _orders(self, view: SkirmishView, legal: list[Action]) -> Action:
        plays = [a for a in legal if isinstance(a, Play)]
        for a in plays:
            if a.unit is None:
                return a  # Tactics: one card for two
        repairs = [a for a in plays if a.unit is not None]
        if repairs:
            occupied = view.occupied()

            def need(a: Play) -> float:
                assert a.unit is not None
                u = view.unit(a.unit)
                exposed = self._threats(u, occupied, view) if u.square else 0
                return (1 + exposed) / max(1, u.hits) + 0.01 * u.max_hits

            return max(repairs, key=need)
        return Pass()

    def _discard(self, view: SkirmishView, legal: list[Action]) -> list[Action]:
        hand = list(view.hand or ())

        def left(a: Action) -> float:
            assert isinstance(a, Discard)
            rest = list(hand)
            rest.remove(a.card)
            return hand_value(rest, view, self.seat)

        return sorted(legal, key=lambda a: -left(a))  # stable: ties keep the listed order

    # -- move --------------------------------------------------------------------------
    def _move(self, view: SkirmishView, legal: list[Action]) -> list[Action]:
        hand = list(view.hand or ())
        occupied = view.occupied()
        units = {u.id: u for u in view.units if u.alive}
        size = view.catalog.numbers.board_size
        scored: list[tuple[float, Action, dict[Square, str]]] = []
        for a in self._move_options(legal):
            board = AFTER_MOVE[type(a)](self.seat, view, a, occupied, units)
            rest = list(hand)
            if isinstance(card := action_card(a), str):
                rest.remove(card)
            score = self._evaluate(view, board, units, rest) + 1e-6 * self.rng.random()
            scored.append((score, a, board))
        scored.sort(key=lambda x: -x[0])
        shortlist = scored[:SHORTLIST]
        shortlist += [x for x in scored[SHORTLIST:] if isinstance(x[1], Pass)]

        # Late in the game the reply check is dropped so that two cautious bots cannot
        # keep out of each other's reach until the turn limit.
        weight = REPLY_WEIGHT if view.turn < REPLY_UNTIL_TURN else 0.0

        def with_reply(entry: tuple[float, Action, dict[Square, str]]) -> float:
            score, action, board = entry
            reply = weight * self._enemy_best_shot(board, units, size) if weight else 0.0
            return score - reply + (0.05 if isinstance(action, Pass) else 0.0)

        shortlist.sort(key=lambda x: -with_reply(x))  # stable: the first best is the max
        return [x[1] for x in shortlist]

    @staticmethod
    def _move_options(legal: list[Action]) -> list[Action]:
        """The moves worth scoring: every single move, and of the mass moves (issue 17)
        the whole line and the line holding back one robot; smaller groups are what a
        single move or a later turn does better, and scoring all 255 is too slow."""
        largest: dict[str, int] = {}
        for a in legal:
            if isinstance(a, Mass) and a.units is not None:
                largest[a.card] = max(largest.get(a.card, 0), len(a.units))
        return [
            a
            for a in legal
            if not isinstance(a, Mass) or a.units is None or len(a.units) >= largest[a.card] - 1
        ]

    def _enemy_best_shot(
        self, board: dict[Square, str], units: dict[str, UnitView], size: int
    ) -> float:
        """Value of the best shot the enemy could take next turn after a short move (up to
        ``REPLY_MOVE`` squares, or none) with a long-range card: how exposed we leave
        our weakest units."""
        best = 0.0
        for sq, uid in board.items():
            enemy = units[uid]
            if enemy.seat == self.seat:
                continue
            spots = [sq, *move_destinations(sq, REPLY_MOVE, board, size, enemy.flying)]
            for spot in spots:
                after = board
                if spot != sq:
                    after = dict(board)
                    del after[sq]
                    after[spot] = uid
                for tsq in attack_targets(spot, THREAT_RANGE, after, size):
                    target = units[after[tsq]]
                    if target.seat == self.seat:
                        threat = self._threat(enemy, target, distance(spot, tsq))
                        best = max(best, target_value(target) * threat)
        return best

    def _evaluate(
        self,
        view: SkirmishView,
        board: dict[Square, str],
        units: dict[str, UnitView],
        hand: list[str],
    ) -> float:
        """Score of a position at the start of our fire phase holding ``hand``."""
        size = view.catalog.numbers.board_size
        attack_specs = [
            view.catalog.card(c)
            for c in dict.fromkeys(hand)
            if view.catalog.card(c).kind is CardKind.ATTACK
        ]
        best_attack = 0.0
        lines = 0.0
        closing = 0.0
        enemies = [sq for sq, uid in board.items() if units[uid].seat != self.seat]
        for sq, uid in board.items():
            u = units[uid]
            if u.seat != self.seat:
                continue
            for tsq in attack_targets(sq, THREAT_RANGE, board, size):
                t = units[board[tsq]]
                if t.seat == self.seat:
                    continue
                d = distance(sq, tsq)
                lines += 2.0 / max(1, t.hits) - 2.5 / max(1, u.hits) * self._threat(t, u, d)
                for spec in attack_specs:
                    if (spec.range or 0) >= d and u.can_use(spec):
                        best_attack = max(best_attack, target_value(t))
            if enemies:  # king-move distance (``board.distance``) inlined: the hot loop
                x, y = sq
                closing -= min(max(abs(x - ex), abs(y - ey)) for ex, ey in enemies)
        return 10.0 * best_attack + lines + 0.2 * closing

    # -- fire and defence ---------------------------------------------------------------
    def _fire(self, view: SkirmishView, legal: list[Action]) -> list[Action]:
        attacks = [a for a in legal if isinstance(a, Attack)]
        if not attacks:
            return [Pass()]

        def score(a: Attack) -> float:
            spec = view.catalog.card(a.card)
            return target_value(view.unit(a.target)) - 0.1 * card_value(spec, view, self.seat)

        ranked: list[Action] = [*sorted(attacks, key=lambda a: -score(a))]  # stable
        return [*ranked, Pass()] if Pass() in legal else ranked

    def _defend(self, view: SkirmishView, legal: list[Action]) -> Action:
        """Defence (issue 17c): a Defense card is spent only when the hit costs more than
        the card is worth keeping: ``hit_cost`` (the whole robot if it would be destroyed)
        against the card's value, less for a second Defense card in hand or a card the
        next hand limit would throw away anyway."""
        defends = [a for a in legal if isinstance(a, Defend)]
        if not defends or view.pending is None:
            return Take()
        best = min(defends, key=lambda a: card_value(view.catalog.card(a.card), view, self.seat))
        hand = list(view.hand or ())
        held = sum(1 for c in hand if view.catalog.card(c).kind is CardKind.DEFENSE)
        cost = card_value(view.catalog.card(best.card), view, self.seat)
        cost *= _DUPLICATE_FACTOR ** (held - 1)
        numbers = view.catalog.numbers
        if len(hand) + numbers.draw_per_turn > numbers.hand_limit:
            cost *= FULL_HAND_DISCOUNT
        saved = hit_cost(view.unit(view.pending.target))
        return best if saved >= cost else Take()

    def _threats(self, u: UnitView, occupied: dict[Square, str], view: SkirmishView) -> float:
        assert u.square is not None
        size = view.catalog.numbers.board_size
        return sum(
            self._threat(view.unit(occupied[sq]), u, distance(u.square, sq))
            for sq in attack_targets(u.square, THREAT_RANGE, occupied, size)
            if view.unit(occupied[sq]).seat != u.seat
        )


def _after_move(
    _seat: int, _view: SkirmishView, a: Move, occupied: Board, _units: dict[str, UnitView]
) -> Board:
    board = dict(occupied)
    del board[a.origin]
    board[a.dest] = a.unit
    return board


def _after_mass(
    seat: int, view: SkirmishView, a: Mass, occupied: Board, units: dict[str, UnitView]
) -> Board:
    """Mass Move: the named robots (or all that may use the card) advance together."""
    spec = view.catalog.card(a.card)
    assert spec.range is not None
    movers = [
        (u.id, u.square, u.flying)
        for u in units.values()
        if u.seat == seat
        and u.square is not None
        and u.can_use(spec)
        and (a.units is None or u.id in a.units)
    ]
    size = view.catalog.numbers.board_size
    moved = mass_advance(movers, occupied, spec.range, forward(seat), size)
    board = {sq: uid for sq, uid in occupied.items() if uid not in moved}
    board.update({sq: uid for uid, sq in moved.items()})
    return board


#: The board each action of the move phase leaves, by its type (the Transformers
#: Skirmish dispatch of the AI's move scoring): ``(seat, view, action, board, robots)``.
AFTER_MOVE: dict[
    type[Action], Callable[[int, SkirmishView, Any, Board, dict[str, UnitView]], Board]
] = {
    Move: _after_move,
    Mass: _after_mass,
    Pass: lambda _seat, _view, _a, occupied, _units: occupied,
}


def _after_first(first: Action, legal: list[Action], k: int) -> list[Action]:
    """``first``, then the other legal actions in their listed order, ``k`` in all."""
    return [first, *(a for a in legal if a != first)][: max(1, k)]


register_ai("transformers_skirmish")(SkirmishBot)
