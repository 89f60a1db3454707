"""Headless games between bots: what ``simulate``, ``bench``, the demo and tests use."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.ai.registry import make_bot
from game.core.api import Outcome
from game.core.record import MAX_ACTIONS
from game.core.rng import Rng, derive_seed
from game.core.session import Session

if TYPE_CHECKING:
    from game.ai.hard import HardConfig


@dataclass(frozen=True)
class MatchResult:
    """How one game ended: ``outcome`` is ``None`` when the action cap stopped it."""

    seed: int
    outcome: Outcome | None
    actions: int
    decisions: tuple[int, ...] = ()  # each seat's decisions (with a ``timer``)
    thinking: tuple[float, ...] = ()  # each seat's time choosing, on the ``timer``


DEFAULT_ACTION_CAP = MAX_ACTIONS  # a longer game could not be saved


def play_match(
    ruleset_id: str,
    seed: int,
    seat_specs: Sequence[str],
    options: Mapping[str, str] | None = None,
    max_actions: int = DEFAULT_ACTION_CAP,
    *,
    clock: Callable[[], float] | None = None,
    hard_config: HardConfig | None = None,
    timer: Callable[[], float] | None = None,
) -> MatchResult:
    """Play one game to its end (or the cap) with bots built from ``seat_specs``.

    Each bot gets its own generator derived from the game seed, so a game is fully
    determined by (ruleset, seed, seats, options), unless a ``clock`` lets the search
    seats stop on time; ``hard_config`` sets the ``hard`` seats' budget. ``timer`` (e.g.
    ``time.process_time``) measures each seat's thinking, for the result only.
    """
    session = Session.new(ruleset_id, seed, options, seat_specs, undo=False)
    seats = session.ruleset.seats
    if len(seat_specs) != len(seats):
        raise ValueError(
            f"{ruleset_id} has {len(seats)} seats ({', '.join(seats)}), "
            f"got {len(seat_specs)} seat kinds"
        )
    bots = [
        make_bot(
            spec,
            ruleset_id,
            i,
            Rng(derive_seed(seed, 1000 + i)),
            clock=clock,
            hard_config=hard_config,
        )
        for i, spec in enumerate(seat_specs)
    ]
    count = 0
    decisions = [0] * len(seats)
    thinking = [0.0] * len(seats)
    while session.state.outcome() is None and count < max_actions:
        seat = session.state.current_player()
        if seat is None:
            break
        start = timer() if timer is not None else 0.0
        action = bots[seat].choose(session.state.view(seat))
        if timer is not None:
            thinking[seat] += timer() - start
            decisions[seat] += 1
        session.apply(action)
        count += 1
    if timer is None:
        return MatchResult(seed=seed, outcome=session.state.outcome(), actions=count)
    return MatchResult(
        seed=seed,
        outcome=session.state.outcome(),
        actions=count,
        decisions=tuple(decisions),
        thinking=tuple(thinking),
    )
