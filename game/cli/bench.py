"""``bench``: measured speed — random playouts, AI latency, frame times, map loading."""

from __future__ import annotations

import argparse
import json
import os
import time
from typing import Any

from game.ai.registry import make_bot
from game.core.random_play import random_action
from game.core.registry import get_manifest, get_ruleset, ruleset_ids
from game.core.rng import Rng, derive_seed
from game.core.session import Session

COMMAND = "bench"
HELP = "measure playouts per second, AI decision latency and frame times"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seconds", type=float, default=1.5, help="time per measurement")
    parser.add_argument("--frames", type=int, default=120, help="frames per scene")
    parser.add_argument(
        "--demo-seconds",
        type=float,
        default=12.0,
        help="seconds of the AI-vs-AI demo per ruleset (frames paced at 60/s); 0 skips it",
    )
    parser.add_argument("--ruleset", action="append", help="only these rulesets")
    parser.add_argument(
        "--size",
        action="append",
        help="window size WxH for the scene frame times (repeatable; default 1280x720)",
    )
    parser.add_argument(
        "--frames-only",
        action="store_true",
        help="only the tables' frame times (of the --ruleset tables, at each --size)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, round(q / 100 * len(ordered) + 0.5) - 1))
    return ordered[rank]


def playouts(
    ruleset_id: str, seconds: float, options: dict[str, str] | None = None
) -> dict[str, float]:
    """Random-vs-random games played to the end within ``seconds``: each action drawn by
    ``game.core.random_play.random_action`` and applied to the state (which validates it).
    Per wall-clock second and per second of this process's CPU time (steadier on a
    shared machine). The map and data are loaded before the clock starts (one game
    set up and dropped): loading a tabletop map took half of a 1.5 s window."""
    Session.new(ruleset_id, derive_seed(5, -1), options)
    games = actions = 0
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds or games == 0:
        session = Session.new(ruleset_id, derive_seed(5, games), options)
        rng = Rng(games)
        n = 0
        while session.state.outcome() is None and n < 20_000:
            session.state.apply(random_action(session.state, rng))
            n += 1
        games += 1
        actions += n
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {
        "playouts_per_second": games / elapsed,
        "actions_per_second": actions / elapsed,
        "cpu_actions_per_second": actions / max(cpu, 1e-9),
        "mean_actions": actions / games,
    }


def scenario_playouts(ruleset_id: str, seconds: float) -> dict[str, dict[str, float]]:
    """:func:`playouts` in each scenario the manifest lists (``Manifest.scenarios``)."""
    return {
        scenario: playouts(ruleset_id, seconds, {"scenario": scenario})
        for scenario, _title in get_manifest(ruleset_id).scenarios()
    }


def ai_latency(
    ruleset_id: str,
    seconds: float,
    spec: str = "ai",
    options: dict[str, str] | None = None,
    by_seat: dict[int, list[float]] | None = None,
) -> dict[str, float]:
    """Milliseconds per ``choose`` call of the ``spec`` bot (``ai``, a level or ``mcts``)
    playing itself (p50, p95, max), search bots on the clock as in the game; ``by_seat``
    collects each seat's times (seconds)."""
    seats = get_ruleset(ruleset_id).seats
    times: list[float] = []
    start = time.perf_counter()
    game = 0
    while time.perf_counter() - start < seconds or not times:
        session = Session.new(ruleset_id, derive_seed(6, game), options, undo=False)
        bots = [
            make_bot(spec, ruleset_id, i, Rng(derive_seed(game, i)), clock=time.perf_counter)
            for i in range(len(seats))
        ]
        n = 0
        while session.state.outcome() is None and n < 5_000:
            seat = session.state.current_player()
            assert seat is not None
            view = session.state.view(seat)
            t0 = time.perf_counter()
            action = bots[seat].choose(view)
            times.append(time.perf_counter() - t0)
            if by_seat is not None:
                by_seat.setdefault(seat, []).append(times[-1])
            session.apply(action)
            n += 1
            if time.perf_counter() - start > seconds * 3:
                break
        game += 1
    return {
        "decisions": len(times),
        "p50_ms": 1000 * percentile(times, 50),
        "p95_ms": 1000 * percentile(times, 95),
        "max_ms": 1000 * max(times),
    }


def scenario_latency(ruleset_id: str, seconds: float) -> dict[str, dict[str, dict[str, float]]]:
    """The ``ai`` bot's p95 and max milliseconds from each seat of each scenario (for
    scenarios the manifest lists; ``seconds`` per scenario)."""
    seats = get_ruleset(ruleset_id).seats
    out: dict[str, dict[str, dict[str, float]]] = {}
    for scenario, _title in get_manifest(ruleset_id).scenarios():
        per_seat: dict[int, list[float]] = {}
        ai_latency(ruleset_id, seconds, "ai", {"scenario": scenario}, per_seat)
        out[scenario] = {
            seats[seat]: {
                "p95_ms": 1000 * percentile(values, 95),
                "max_ms": 1000 * max(values),
            }
            for seat, values in sorted(per_seat.items())
        }
    return out


def frame_times(
    frames: int, size: tuple[int, int] = (1280, 720), tables: list[str] | None = None
) -> dict[str, dict[str, float]]:
    """Frame time (update + draw) of each scene in a window of ``size``, dummy video
    driver (``tables``: only those rulesets' tables)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.ui.bench import scene_frame_times

    return {
        name: {"p50_ms": 1000 * percentile(t, 50), "p95_ms": 1000 * percentile(t, 95)}
        for name, t in scene_frame_times(frames, size, tables).items()
    }


def parse_size(text: str) -> tuple[int, int]:
    """``1920x1080`` -> (1920, 1080); a ValueError naming what was expected otherwise."""
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise ValueError(f"--size {text!r}: expected WIDTHxHEIGHT, e.g. 1920x1080") from None
    if w < 640 or h < 480:
        raise ValueError(f"--size {text!r}: at least 640x480")
    return (w, h)


def run_frames_only(ids: list[str], frames: int, sizes: list[str], as_json: bool) -> int:
    """``--frames-only``: the tables' frame times at each size, nothing else."""
    try:
        report = {text: frame_times(frames, parse_size(text), tables=ids) for text in sizes}
    except ValueError as exc:
        print(f"bench: {exc}")
        return 2
    if as_json:
        print(json.dumps(report))
        return 0
    for text, scenes in report.items():
        print(f"Frame time at {text} (dummy video driver)")
        for name, f in scenes.items():
            print(f"  {name:24} p50 {f['p50_ms']:.2f} ms  p95 {f['p95_ms']:.2f} ms")
    return 0


def demo_times(ids: list[str], seconds: float) -> dict[str, dict[str, float]]:
    """Frame times of each ruleset's AI-vs-AI demo with the bots on their thread (see
    ``game.ui.bench.demo_frame_times``), for the rulesets in ``ids`` that have a demo,
    to be read beside ``game.ui.bench.control_frame_times`` (the machine's own stalls)."""
    if seconds <= 0:
        return {}
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.ui.bench import demo_frame_times
    from game.ui.scenes.demo import demo_rulesets

    return demo_frame_times([rid for rid in demo_rulesets() if rid in ids], seconds)


def map_times(frames: int) -> dict[str, dict[str, float]]:
    """Load time and frame time of each shipped map while panning and zooming."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from game.ui.render.bench import map_frame_times

    return map_frame_times(frames)


def tabletop_times(queries: int = 2000) -> dict[str, float]:
    """Microseconds per line-of-sight and move query on a 60-piece tabletop map."""
    from game.maps.tabletop_bench import crowded_table, sight_pairs
    from game.maps.tabletop_geometry import TableGeometry
    from game.maps.tabletop_measure import RoundBase

    table = crowded_table(60)
    t0 = time.perf_counter()
    geometry = TableGeometry(table)
    prepare = time.perf_counter() - t0
    pairs = sight_pairs(table, queries)
    sight: list[float] = []
    move: list[float] = []
    for a, b in pairs:
        t0 = time.perf_counter()
        geometry.sight(RoundBase(a), RoundBase(b))
        t1 = time.perf_counter()
        geometry.move(a, b)
        move.append(time.perf_counter() - t1)
        sight.append(t1 - t0)
    return {
        "pieces": len(table.pieces),
        "prepare_ms": 1000 * prepare,
        "los_p50_us": 1e6 * percentile(sight, 50),
        "los_p95_us": 1e6 * percentile(sight, 95),
        "move_p50_us": 1e6 * percentile(move, 50),
        "move_p95_us": 1e6 * percentile(move, 95),
    }


def run(args: argparse.Namespace) -> int:
    ids = args.ruleset or list(ruleset_ids())
    if args.frames_only:
        return run_frames_only(ids, args.frames, args.size or ["1280x720"], args.json)
    report: dict[str, Any] = {
        "rulesets": {},
        "scenes": {},
        "demo": {},
        "maps": {},
        "tabletop": {},
    }
    try:
        for rid in ids:
            report["rulesets"][rid] = {
                **playouts(rid, args.seconds),
                "playouts_by_scenario": scenario_playouts(rid, args.seconds),
                "ai": ai_latency(rid, args.seconds),
                "mcts": ai_latency(rid, args.seconds, "mcts"),
                "easy": ai_latency(rid, args.seconds, "easy"),
                "hard": ai_latency(rid, args.seconds, "hard"),
                "ai_by_scenario": scenario_latency(rid, args.seconds),
            }
        report["scenes"] = frame_times(args.frames)
        report["demo"] = demo_times(ids, args.demo_seconds)
        if report["demo"]:
            from game.ui.bench import control_frame_times

            report["machine"] = control_frame_times()
        report["maps"] = map_times(args.frames)
        report["tabletop"] = tabletop_times()
    except ValueError as exc:
        print(f"bench: {exc}")
        return 2
    if args.json:
        print(json.dumps(report))
        return 0
    print("Random playouts and AI latency")
    for rid, r in report["rulesets"].items():
        ai = r["ai"]
        print(
            f"  {rid:24} {r['playouts_per_second']:9.1f} playouts/s "
            f"{r['actions_per_second']:10.0f} actions/s   "
            f"AI p50 {ai['p50_ms']:.2f} ms  p95 {ai['p95_ms']:.2f} ms ({ai['decisions']} decisions)"
        )
        print(
            f"  {'':24} ({r['cpu_actions_per_second']:.0f} actions per CPU second, "
            f"{r['mean_actions']:.0f} actions a game)"
        )
        for scenario, p in r["playouts_by_scenario"].items():
            print(
                f"  {'':24} playouts in {scenario}: {p['playouts_per_second']:.1f}/s, "
                f"{p['actions_per_second']:.0f} actions/s ({p['cpu_actions_per_second']:.0f} "
                f"per CPU second, {p['mean_actions']:.0f} actions a game)"
            )
        ms = r["mcts"]
        print(
            f"  {'':24} search bot (mcts) p50 {ms['p50_ms']:.1f} ms  p95 {ms['p95_ms']:.1f} ms"
            f"  max {ms['max_ms']:.1f} ms ({ms['decisions']} decisions)"
        )
        for level in ("easy", "hard"):
            lv = r[level]
            print(
                f"  {'':24} {level} level p50 {lv['p50_ms']:.1f} ms  p95 {lv['p95_ms']:.1f} ms"
                f"  max {lv['max_ms']:.1f} ms ({lv['decisions']} decisions)"
            )
        for scenario, per_seat in r["ai_by_scenario"].items():
            seats = ", ".join(
                f"{seat} p95 {t['p95_ms']:.1f} / max {t['max_ms']:.1f} ms"
                for seat, t in per_seat.items()
            )
            print(f"  {'':24} AI in {scenario}: {seats}")
    print("Frame time at 1280x720 (dummy video driver)")
    for name, f in report["scenes"].items():
        print(f"  {name:24} p50 {f['p50_ms']:.2f} ms  p95 {f['p95_ms']:.2f} ms")
    if report["demo"]:
        print(
            f"Demo at 1280x720, bots on their thread, {args.demo_seconds:g} s paced at 60 fps"
            " (dummy video driver)"
        )
    for rid, d in report["demo"].items():
        print(
            f"  {rid:24} frames over 16.7 ms while animating: {d['over_budget_animating']}"
            f" of {d['animating']} ({d['waiting']} of them waiting for the lock or a core;"
            f" {d['bot_thinking']} frames animated beside a thinking bot)"
        )
        print(
            f"  {'':24} p95 {d['p95_ms']:.2f} ms  max {d['max_ms']:.1f} ms  max while animating"
            f" {d['max_animating_ms']:.1f} ms (UI thread CPU p95 {d['ui_cpu_p95_ms']:.2f} ms,"
            f" max {d['ui_cpu_max_ms']:.1f} ms)  loading frame {d['load_ms']:.0f} ms"
            f"  CPU {d['cpu_ms']:.2f} ms/frame"
        )
    if report["demo"]:
        m = report["machine"]
        print(
            f"  {'(machine control)':24} 3 ms of pure computation paced the same way:"
            f" {m['over_budget']} of {m['frames']} over 16.7 ms, p95 {m['p95_ms']:.2f} ms,"
            f" max {m['max_ms']:.1f} ms (other processes' share of the cores)"
        )
    print("Maps at 1280x720 while panning and zooming (dummy video driver)")
    width = max((len(name) for name in report["maps"]), default=0)
    for name, m in report["maps"].items():
        print(
            f"  {name:{width}} load {m['load_ms']:6.1f} ms  "
            f"frame p50 {m['frame_p50_ms']:.2f} ms  p95 {m['frame_p95_ms']:.2f} ms"
        )
    tt = report["tabletop"]
    print(f"Tabletop geometry ({tt['pieces']} pieces, prepared in {tt['prepare_ms']:.1f} ms)")
    print(f"  line of sight   p50 {tt['los_p50_us']:.0f} us  p95 {tt['los_p95_us']:.0f} us")
    print(f"  straight move   p50 {tt['move_p50_us']:.0f} us  p95 {tt['move_p95_us']:.0f} us")
    return 0
