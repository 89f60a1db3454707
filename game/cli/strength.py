"""``strength``: how the computer's levels fare against each other, seat-swapped.

Each pairing ``A,B`` plays every seed twice, ``A`` in the first seat and then in the
second, so neither gains from a side the scenario favours. The report gives ``A``'s
wins from each seat, draws and unfinished games, ``A``'s score (a win 1, a draw 1/2)
with its 95% Wilson interval, and the CPU milliseconds ``A`` spent a decision
(``time.process_time``, every decision counted, one-choice ones too). A pairing of a
level with itself (``normal,normal``) shows how the sides split between equal players.

The ``hard`` seats think for ``--hard-playouts`` playouts a decision (deterministic),
or, with ``--hard-seconds``, on the clock like the game does; ``--hard-set FIELD=VALUE``
changes any other field of their search (``game.ai.hard.HardConfig``: ``guide=0.5``
for half-guided rollouts, ``ranked=3``, ``confidence=1.0``...) to try a setting before
it goes into the ruleset's search hints.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from dataclasses import fields, replace
from typing import Any

from game.ai.hard import HardConfig
from game.ai.match import DEFAULT_ACTION_CAP, play_match
from game.ai.registry import SPECS
from game.ai.search_hints import hints_for
from game.cli.simulate import parse_options
from game.core.briefing import side_names
from game.core.errors import SkirmishError
from game.core.registry import get_manifest, get_ruleset
from game.core.rng import derive_seed

COMMAND = "strength"
HELP = "seat-swapped games between the computer's levels, with 95 per cent intervals"
DEFAULT_PAIRS = ("hard,normal", "easy,normal", "easy,random", "normal,normal")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("ruleset", help="ruleset id, e.g. ratfight")
    parser.add_argument(
        "--pair",
        action="append",
        metavar="A,B",
        help=f"a pairing of seat kinds ({', '.join(SPECS)}); default: {' '.join(DEFAULT_PAIRS)}",
    )
    parser.add_argument(
        "--games", type=int, default=4, help="seeds per pairing (each played twice)"
    )
    parser.add_argument("--seed", type=int, default=1, help="series seed")
    parser.add_argument(
        "--scenario", action="append", help="scenarios to play (default: the ruleset's default)"
    )
    parser.add_argument(
        "--all-scenarios", action="store_true", help="play every scenario of the ruleset"
    )
    parser.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="option for new_game"
    )
    parser.add_argument("--hard-playouts", type=int, default=None, help="hard seats' playouts")
    parser.add_argument(
        "--hard-seconds", type=float, default=None, help="hard seats think on the clock"
    )
    parser.add_argument(
        "--hard-set",
        action="append",
        default=[],
        metavar="FIELD=VALUE",
        help="set a field of the hard seats' search (e.g. guide=0.5, rollout_depth=6, ranked=3)",
    )
    parser.add_argument("--max-actions", type=int, default=DEFAULT_ACTION_CAP)
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion ``successes / n`` (draws may count
    half)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def pairing(
    ruleset_id: str,
    pair: tuple[str, str],
    games: int,
    seed: int,
    options: dict[str, str],
    hard: HardConfig,
    clocked: bool,
    max_actions: int,
) -> dict[str, Any]:
    """Play ``games`` seeds both ways round; ``A``'s results (seat 0 first). A level
    against itself would play each seed twice alike, so it plays ``2 * games`` seeds
    once each instead (``A`` is then the first seat)."""
    a, b = pair
    wins = [0, 0]  # A's wins with A in seat 0, in seat 1
    losses = [0, 0]
    draws = unfinished = 0
    decisions, thinking = 0, 0.0  # A's decisions and CPU seconds choosing them
    start = time.perf_counter()
    if a == b:
        plan = [(derive_seed(seed, i), 0) for i in range(2 * games)]
    else:
        plan = [(derive_seed(seed, i), s) for i in range(games) for s in (0, 1)]
    for game_seed, a_seat in plan:
        seats = [a, b] if a_seat == 0 else [b, a]
        result = play_match(
            ruleset_id,
            game_seed,
            seats,
            options,
            max_actions,
            clock=time.perf_counter if clocked else None,
            hard_config=hard,
            timer=time.process_time,
        )
        decisions += result.decisions[a_seat]
        thinking += result.thinking[a_seat]
        if result.outcome is None:
            unfinished += 1
        elif result.outcome.is_draw:
            draws += 1
        elif a_seat in result.outcome.winners:
            wins[a_seat] += 1
        else:
            losses[a_seat] += 1
    played = 2 * games
    score = sum(wins) + 0.5 * (draws + unfinished)
    low, high = wilson(score, played)
    return {
        "pair": f"{a},{b}",
        "games": played,
        "wins_by_seat": wins,
        "losses_by_seat": losses,
        "draws": draws,
        "unfinished": unfinished,
        "score": score / played,
        "interval": [low, high],
        "seconds": time.perf_counter() - start,
        "a_decisions": decisions,
        "a_cpu_ms_per_decision": 1000.0 * thinking / max(1, decisions),
    }


def with_fields(config: HardConfig, settings: list[str]) -> HardConfig:
    """``config`` with ``FIELD=VALUE`` settings applied (each value read as the field's
    type); an unknown field or a bad value is a ``ValueError`` naming it."""
    kinds = {f.name: type(getattr(config, f.name)) for f in fields(config)}
    changes: dict[str, Any] = {}
    for text in settings:
        name, sep, value = text.partition("=")
        name = name.strip()
        if not sep or name not in kinds:
            raise ValueError(
                f"--hard-set expects FIELD=VALUE with FIELD one of {', '.join(kinds)}, got {text!r}"
            )
        try:
            changes[name] = kinds[name](value.strip())
        except ValueError:
            raise ValueError(
                f"--hard-set {name}: {value!r} is not a {kinds[name].__name__}"
            ) from None
    return replace(config, **changes)


def _scenarios(ruleset_id: str, args: argparse.Namespace) -> list[str | None]:
    if args.scenario:
        return list(args.scenario)
    if args.all_scenarios:
        fields = {f.name: f for f in get_manifest(ruleset_id).option_fields()}
        if "scenario" in fields:
            return [value for value, _title in fields["scenario"].choices]
    return [None]


def run(args: argparse.Namespace) -> int:
    try:
        ruleset = get_ruleset(args.ruleset)
        options = parse_options(args.option)
        pairs: list[tuple[str, str]] = []
        for text in args.pair or DEFAULT_PAIRS:
            kinds = [k.strip() for k in text.split(",")]
            if len(kinds) != 2 or any(k not in SPECS for k in kinds):
                raise ValueError(f"--pair expects two of {', '.join(SPECS)}, got {text!r}")
            pairs.append((kinds[0], kinds[1]))
        if len(ruleset.seats) != 2:
            raise ValueError(f"{ruleset.title} has {len(ruleset.seats)} seats; pairings need 2")
        if args.games < 1:
            raise ValueError("--games must be at least 1")
        hard = hints_for(ruleset.id).hard
        if args.hard_playouts is not None:
            hard = replace(hard, playouts=args.hard_playouts)
        if args.hard_seconds is not None:
            hard = replace(hard, seconds=args.hard_seconds)
        hard = with_fields(hard, args.hard_set)
        rows = []
        for scenario in _scenarios(ruleset.id, args):
            opts = dict(options)
            if scenario is not None:
                opts["scenario"] = scenario
            for pair in pairs:
                row = pairing(
                    ruleset.id,
                    pair,
                    args.games,
                    args.seed,
                    opts,
                    hard,
                    args.hard_seconds is not None,
                    args.max_actions,
                )
                row["scenario"] = scenario or "-"
                rows.append(row)
                if not args.json:
                    print(format_row(side_names(ruleset.id, opts), row), flush=True)
    except (SkirmishError, ValueError) as exc:
        print(f"strength: {exc}")
        return 2
    if args.json:
        print(json.dumps({"ruleset": ruleset.id, "hard": hard.__dict__, "rows": rows}))
    return 0


def format_row(seats: tuple[str, ...] | list[str], row: dict[str, Any]) -> str:
    """One line of the table: pairing, scenario, A's wins from each seat (``seats``: the
    sides as the scenario's briefing names them), score, interval."""
    w, lost = row["wins_by_seat"], row["losses_by_seat"]
    low, high = row["interval"]
    return (
        f"{row['scenario']:>18} {row['pair']:>14}: A as {seats[0]} {w[0]}-{lost[0]},"
        f" as {seats[1]} {w[1]}-{lost[1]}, draws {row['draws']},"
        f" unfinished {row['unfinished']}; A scores {100 * row['score']:.0f}%"
        f" (95% {100 * low:.0f}-{100 * high:.0f}%); {seats[0]} won {w[0] + lost[1]},"
        f" {seats[1]} won {w[1] + lost[0]}; {row['seconds']:.0f} s;"
        f" A {row['a_cpu_ms_per_decision']:.0f} CPU ms a decision ({row['a_decisions']})"
    )
