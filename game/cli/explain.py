"""``explain RULESET --position FILE --action TEXT``: the rules calculator."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from game.core.errors import SkirmishError
from game.core.explain import explain, load_position

COMMAND = "explain"
HELP = "the numbers the rules derive for one action and the exact odds of each outcome"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("ruleset", help="ruleset id, e.g. tunnel_rat_bluff")
    parser.add_argument(
        "--position",
        required=True,
        help=(
            "a save/replay (JSON) or a position YAML (ruleset, seed, options, actions and "
            "a setup section: docs/explain.md)"
        ),
    )
    parser.add_argument("--action", required=True, help="the action in its text form")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def run(args: argparse.Namespace) -> int:
    path = Path(args.position)
    try:
        session = load_position(path)
        if session.ruleset.id != args.ruleset:
            print(f"explain: {path}: a {session.ruleset.id} position, not {args.ruleset}")
            return 2
        answer = explain(session, args.action)
    except SkirmishError as exc:
        print(f"explain: {exc}")
        return 2
    if args.json:
        print(json.dumps(answer, sort_keys=True))
        return 0
    print(f"{answer['ruleset']}: {answer['action']}")
    if not answer["legal"]:
        print(f"  not legal now: {answer['reason']}")
        return 0
    for name, value in answer["numbers"].items():
        print(f"  {name}: {value}")
    for outcome, p in sorted(answer["outcomes"].items(), key=lambda kv: -kv[1]):
        print(f"  {outcome}: {100 * p:.2f}%")
    return 0
