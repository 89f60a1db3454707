"""The card-counting Rat for Tunnel Rat.

Every card is shown at revelation, so the Rat knows exactly how many VC, Trap and
Tunnel cards are still unseen. Under the printed rules the VC has no choices and always
answers "No", so the questions carry no information and the game is a Markov decision
process over (unseen VC, Trap, Tunnel, tunnels kept, casualties). The bot solves it
exactly by memoised recursion and calls the guess with the highest chance of winning the
game (not merely of guessing this card right).

In the tells variant (``tells=R``) the computer VC shows one tell per card when first
questioned; the Rat asks once to see it, then weighs each kind of card by how likely it
would have shown that tell (Bayes), and the recursion averages over the tells to come.
"""

from __future__ import annotations

from game.ai.hard import HardConfig
from game.ai.mcts import SearchConfig
from game.ai.registry import register_ai
from game.ai.search_hints import SearchHints, register_search_hints
from game.core.api import Action
from game.core.memo import forget_on_new_game
from game.core.rng import Rng
from game.rules.tunnel_rat_bluff.actions import Ask, Call, Draw, Guess, Question
from game.rules.tunnel_rat_bluff.cards import Card, load_rules
from game.rules.tunnel_rat_bluff.events import RAT
from game.rules.tunnel_rat_bluff.view import BluffView

Goal = tuple[int, int]
KINDS = (Card.VC, Card.TRAP, Card.TUNNEL)

# Whether each kind's tell is shown (1) or not (0) for the three tells, in card order
# (lo kind, hi kind, Tunnel): tell i is the own tell of kind i. Tells are symmetric in
# the kinds, which is what lets the solver keep VC and Trap sorted.
_TELLS = (0, 1, 2)


Position = tuple[int, int, int, int, int]  # (lo, hi, tunnel, kept, lost)
_TABLES: dict[tuple[Goal, int], dict[Position, float]] = {}
"""Solved positions, one table per (goal, reliability). At most ``_KEPT_TABLES`` are kept,
the oldest dropped first, and the demo empties them between games: each table holds
tens of thousands of positions, and the demo changes the tells variant every hand. A
game asks for a few (the two sides' goals), so keeping only one made it solve them again
and again."""
_KEPT_TABLES = 4
forget_on_new_game(_TABLES.clear)


def _table(goal: Goal, rel: int) -> dict[Position, float]:
    table = _TABLES.get((goal, rel))
    if table is None:
        while len(_TABLES) >= _KEPT_TABLES:
            del _TABLES[next(iter(_TABLES))]
        table = _TABLES[goal, rel] = {}
    return table


def win_chance(
    vc: int, trap: int, tunnel: int, kept: int, lost: int, goal: Goal, reliability: int = 0
) -> float:
    """Chance that the Rat wins from here with perfect play, before the next card is
    drawn. ``goal`` is (tunnels the Rat needs, casualties the VC needs); ``reliability``
    is the tells variant's percentage (0: the printed rules, no tells).

    VC and Trap cards act alike (right call: discarded; wrong: a casualty), so the
    position depends only on the pair {vc, trap}; it is stored sorted, which halves the
    table the first decision has to fill."""
    if vc > trap:
        vc, trap = trap, vc
    table = _table(goal, reliability)
    found = table.get((vc, trap, tunnel, kept, lost))
    if found is None:
        found = table[vc, trap, tunnel, kept, lost] = _solve(
            vc, trap, tunnel, kept, lost, goal, reliability
        )
    return found


def _solve(lo: int, hi: int, tunnel: int, kept: int, lost: int, goal: Goal, rel: int) -> float:
    if kept >= goal[0]:
        return 1.0
    if lost >= goal[1]:
        return 0.0
    if lo + hi + tunnel == 0:
        return 1.0 if kept > lost else 0.0  # the deck-out rule
    if not rel:
        return max(_values(lo, hi, tunnel, kept, lost, goal, (1.0, 1.0, 1.0), rel))
    total = 0.0
    for tell in _TELLS:
        likelihood = _likelihoods(tell, rel)
        weight = sum(n * p for n, p in zip((lo, hi, tunnel), likelihood, strict=True))
        if weight:
            best = max(_values(lo, hi, tunnel, kept, lost, goal, likelihood, rel))
            total += weight * best
    return total / (lo + hi + tunnel)


def _likelihoods(tell: int, rel: int) -> tuple[float, float, float]:
    """P(this tell | the card is of kind i) for the three kinds, at ``rel`` percent."""
    r = rel / 100
    return tuple(r if i == tell else (1 - r) / 2 for i in range(3))  # type: ignore[return-value]


def _values(
    lo: int,
    hi: int,
    tunnel: int,
    kept: int,
    lost: int,
    goal: Goal,
    likelihood: tuple[float, float, float],
    rel: int,
) -> tuple[float, float, float]:
    """Winning chances of calling (the ``lo`` kind, the ``hi`` kind, Tunnel), each kind of
    card weighted by its count times the likelihood of what the Rat has seen."""
    w_lo, w_hi, w_t = lo * likelihood[0], hi * likelihood[1], tunnel * likelihood[2]
    total = w_lo + w_hi + w_t
    # What follows each card, called right or wrong.
    lo_right = win_chance(lo - 1, hi, tunnel, kept, lost, goal, rel) if lo else 0.0
    lo_wrong = win_chance(lo - 1, hi, tunnel, kept, lost + 1, goal, rel) if lo else 0.0
    hi_right = win_chance(lo, hi - 1, tunnel, kept, lost, goal, rel) if hi else 0.0
    hi_wrong = win_chance(lo, hi - 1, tunnel, kept, lost + 1, goal, rel) if hi else 0.0
    t_right = win_chance(lo, hi, tunnel - 1, kept + 1, lost, goal, rel) if tunnel else 0.0
    t_wrong = win_chance(lo, hi, tunnel - 1, kept, lost, goal, rel) if tunnel else 0.0
    call_lo = (w_lo * lo_right + w_hi * hi_wrong + w_t * t_wrong) / total
    call_hi = (w_lo * lo_wrong + w_hi * hi_right + w_t * t_wrong) / total
    call_tunnel = (w_lo * lo_wrong + w_hi * hi_wrong + w_t * t_right) / total
    return call_lo, call_hi, call_tunnel


def guess_values(view: BluffView) -> dict[Guess, float]:
    """Winning chance of each call given the cards still unseen (and the tell shown)."""
    counts = view.unseen_counts()
    goal = (view.rules.rat_wins_with_tunnels, view.rules.vc_wins_with_casualties)
    vc, trap, tunnel = counts[Card.VC], counts[Card.TRAP], counts[Card.TUNNEL]
    kept, lost = len(view.tunnels), len(view.casualties)
    if vc + trap + tunnel == 0:
        raise ValueError("no card is unseen: nothing to call")
    rel = view.tell_reliability
    likelihood = (1.0, 1.0, 1.0)
    if view.tell is not None:
        likelihood = tuple(  # type: ignore[assignment]
            view.rules.tell_chance(view.tell, card, rel)
            for card in (Card.VC, Card.TRAP, Card.TUNNEL)
        )
    call_vc, call_trap, call_tunnel = _values(vc, trap, tunnel, kept, lost, goal, likelihood, rel)
    return {Guess.SHOOT: call_vc, Guess.SEARCH: call_trap, Guess.ADVANCE: call_tunnel}


class CountingRat:
    """Plays the Rat optimally; as the VC it simply draws (its only action)."""

    name = "card-counting rat"

    def __init__(self, seat: int, rng: Rng) -> None:
        self.seat = seat
        self.rng = rng
        if seat == RAT:
            # Solve the printed game once per process (about half a second) now, so that
            # no decision during play waits for it.
            rules = load_rules()
            goal = (rules.rat_wins_with_tunnels, rules.vc_wins_with_casualties)
            win_chance(rules.deck.vc, rules.deck.trap, rules.deck.tunnel, 0, 0, goal)

    def choose(self, view: BluffView) -> Action:
        if view.seat != RAT:
            return Draw()
        if view.tell_reliability and view.tell is None and not view.asked:
            return Ask(Question.IS_VC)  # asking is free, and the first question shows a tell
        values = guess_values(view)
        best = max(values.values())
        # Ties (e.g. VC vs Trap with equal counts) are broken by the bot's own rng.
        choices = [g for g in Guess if values[g] >= best - 1e-12]
        return Call(self.rng.choice(choices))


register_ai("tunnel_rat_bluff")(CountingRat)


register_search_hints(
    "tunnel_rat_bluff",
    SearchHints(
        config=SearchConfig(playouts=200, rollout_depth=200),
        heuristic_rollouts=True,
        hard=HardConfig(rollout_depth=200, playouts=200),
    ),
)
