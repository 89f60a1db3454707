"""``simulate``: headless AI-vs-AI games with a summary.

``--option map=MAP`` plays on any map (``game.maps.user_maps``): a path, a shipped map's
file name, or the name of a map in the data folder's ``maps/``."""

from __future__ import annotations

import argparse
import json
import time

from game.ai.match import DEFAULT_ACTION_CAP, play_match
from game.ai.registry import SPECS
from game.core.briefing import side_names
from game.core.errors import SkirmishError
from game.core.registry import get_ruleset
from game.core.rng import derive_seed
from game.maps.user_maps import map_option_text, resolve_map
from game.storage import default_data_dir, user_maps_dir

COMMAND = "simulate"
HELP = "play headless games between bots and summarise the results"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("ruleset", help="ruleset id, e.g. tunnel_rat_bluff")
    parser.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    parser.add_argument(
        "--seed", type=int, default=1, help="series seed; game i uses a seed derived from it"
    )
    parser.add_argument(
        "--seats",
        required=True,
        help=(
            "comma-separated seat kinds in the ruleset's seat order"
            f" ({', '.join(SPECS)}; ai is the old name of normal)"
        ),
    )
    parser.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="option for new_game"
    )
    parser.add_argument(
        "--max-actions",
        type=int,
        default=DEFAULT_ACTION_CAP,
        help="cap after which a game counts as unfinished",
    )
    parser.add_argument("--json", action="store_true", help="print exactly one JSON object")


def parse_options(pairs: list[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise ValueError(f"--option expects KEY=VALUE, got {pair!r}")
        options[key] = value
    return options


def run(args: argparse.Namespace) -> int:
    try:
        ruleset = get_ruleset(args.ruleset)
        options = parse_options(args.option)
        if options.get("map", "").strip():  # a map of the player's data folder by name
            found = resolve_map(
                options["map"], ruleset.id, user_dir=user_maps_dir(default_data_dir())
            )
            options["map"] = map_option_text(found, ruleset.id)
        specs = [s.strip() for s in args.seats.split(",")]
        if len(specs) != len(ruleset.seats):
            raise ValueError(
                f"{ruleset.id} has seats {','.join(ruleset.seats)}; --seats gave {len(specs)}"
            )
        if args.games < 1:
            raise ValueError("--games must be at least 1")
        wins = [0] * len(specs)
        draws = unfinished = total_actions = 0
        start = time.perf_counter()
        for i in range(args.games):
            result = play_match(
                ruleset.id, derive_seed(args.seed, i), specs, options, args.max_actions
            )
            total_actions += result.actions
            if result.outcome is None:
                unfinished += 1
            elif result.outcome.is_draw:
                draws += 1
            else:
                for w in result.outcome.winners:
                    wins[w] += 1
        elapsed = time.perf_counter() - start
    except (SkirmishError, ValueError) as exc:
        print(f"simulate: {exc}")
        return 2
    summary = {
        "ruleset": ruleset.id,
        "games": args.games,
        "seats": specs,
        "wins": wins,
        "draws": draws,
        "unfinished": unfinished,
        "mean_actions": total_actions / args.games,
        "games_per_second": args.games / elapsed if elapsed > 0 else float("inf"),
    }
    if args.json:
        print(json.dumps(summary))
    else:
        print(f"{ruleset.title}: {args.games} games, seed {args.seed}")
        for side, spec, w in zip(side_names(ruleset.id, options), specs, wins, strict=True):
            print(f"  {side:>16} ({spec}): {w} wins ({100 * w / args.games:.1f}%)")
        print(f"  draws {draws}, unfinished {unfinished}")
        print(
            f"  mean actions {summary['mean_actions']:.1f},"
            f" {summary['games_per_second']:.0f} games/s"
        )
    return 0
