"""Measure the convention demo's memory over a long run (issue 18: a day-long demo must
hold its memory).

Runs the real app in demo mode in a child process (the dummy SDL drivers, so no screen
is needed, or a real window on ``--display``, e.g. an Xvfb; the demo paces itself by its
frame clock as on a real screen) and samples
the child's resident set size (RSS, from ``/proc/PID/status``) every ``--every``
seconds for ``--minutes`` minutes. Prints one line a sample (with the demo's cycle: one
cycle shows every system once) and a summary: RSS at the start, the end, the peak, the
growth per hour fitted over the second half (after the caches warmed up), and each
cycle's lowest, mean and highest RSS with how far the later cycles stray from the first
and, from cycle 3 on, from cycle 2 (cycle 1 loads each system the first time).

    python tools/demo_memory.py --minutes 60 [--every 30] [--only tunnel_rats]
    python tools/demo_memory.py --minutes 60 --speed 8   # the demo's clock at 8x pace
    python tools/demo_memory.py --minutes 60 --display :37  # a real window (Xvfb)
    python tools/demo_memory.py --minutes 60 --same-games   # every cycle replays cycle 1

The demo plays new seeds and the next scenario of each system every cycle, so one cycle's
peak can differ from another's because it shows a bigger map or a longer game. With
``--same-games`` every cycle replays the first cycle's games (the same seeds and
options): what still grows from cycle to cycle then is a leak, not the content.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_CHILD = """
import sys
import threading
import time
from pathlib import Path
from game.ui.app import App, start_scenes
from game.ui.heap import steady_heap
only = tuple(a for a in sys.argv[2].split(",") if a) or None
app = App(Path(sys.argv[1]), speed=float(sys.argv[3]))
app.demo_only = only
app.tidy_heap = True  # as the program does (game.ui.app.make_app)
steady_heap()
if sys.argv[4] == "same":
    # Every cycle replays cycle 1: a game's seed and options come from app.demo_games
    # (game.ui.scenes.demo), so each game is built with the count of its twin in cycle 1.
    from game.ui.scenes import demo

    app.demo_seed = 36
    systems = len([r for r in demo.demo_rulesets() if only is None or r in only])

    class SameGames(demo.DemoScene):
        def __init__(self, app: App) -> None:
            played = app.demo_games
            app.demo_games = played % systems
            try:
                super().__init__(app)
            finally:
                app.demo_games = played

    demo.DemoScene = SameGames
start_scenes(app, True)
games = Path(sys.argv[1]) / "demo_games.txt"

def tell() -> None:  # the games finished so far, for the parent's cycle count
    while True:
        games.write_text(str(app.demo_games))
        time.sleep(1)

threading.Thread(target=tell, daemon=True).start()
app.run()
"""


def rss_mib(pid: int) -> float:
    """The process's resident set size in MiB (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for process {pid}")


def slope_per_hour(samples: list[tuple[float, float]]) -> float:
    """Least-squares growth of RSS (MiB per hour) over ``(seconds, MiB)`` samples."""
    n = len(samples)
    if n < 2:
        return 0.0
    mt = sum(t for t, _ in samples) / n
    mr = sum(r for _, r in samples) / n
    var = sum((t - mt) ** 2 for t, _ in samples)
    if var == 0:
        return 0.0
    cov = sum((t - mt) * (r - mr) for t, r in samples)
    return cov / var * 3600


def cycles(samples: list[tuple[float, float, int]]) -> list[dict[str, float]]:
    """Each demo cycle's RSS: its number (from 1), lowest, mean and highest (MiB), from
    ``(seconds, MiB, cycle)`` samples."""
    out = []
    for n in sorted({c for _, _, c in samples}):
        rss = [r for _, r, c in samples if c == n]
        out.append(
            {
                "cycle": n + 1,
                "samples": len(rss),
                "low": round(min(rss), 1),
                "mean": round(sum(rss) / len(rss), 1),
                "high": round(max(rss), 1),
            }
        )
    return out


def settled_drift(per_cycle: list[dict[str, float]]) -> float | None:
    """How far (%) the highest RSS of cycles 3 onwards strays above cycle 2's highest:
    cycle 1 still loads each system's code and data the first time it shows it (a game
    it shows early runs with less loaded than its replay a cycle later), so "flat after
    the first cycle" is measured from the first cycle after it. None before cycle 3."""
    if len(per_cycle) < 3:
        return None
    later = max(c["high"] for c in per_cycle[2:])
    return round((later / per_cycle[1]["high"] - 1) * 100, 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=60.0)
    parser.add_argument("--every", type=float, default=30.0, help="seconds between samples")
    parser.add_argument("--only", default="", help="comma-separated rulesets for the demo")
    parser.add_argument(
        "--speed", type=float, default=1.0, help="game-clock speed (8: the demo at 8x pace)"
    )
    parser.add_argument("--display", default="", help="an X display for a real window (:37)")
    parser.add_argument("--json", action="store_true", help="print one JSON object at the end")
    parser.add_argument(
        "--same-games", action="store_true", help="every cycle replays the first cycle's games"
    )
    args = parser.parse_args(argv)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    if args.display:
        env["DISPLAY"] = args.display
        env["SDL_VIDEODRIVER"] = "x11"
    sys.path.insert(0, str(ROOT))
    from game.ui.scenes.demo import demo_rulesets

    systems = len([r for r in demo_rulesets() if not args.only or r in args.only.split(",")])
    with tempfile.TemporaryDirectory() as data_dir:
        child = subprocess.Popen(
            [
                sys.executable,
                "-c",
                _CHILD,
                data_dir,
                args.only,
                str(args.speed),
                "same" if args.same_games else "new",
            ],
            cwd=ROOT,
            env=env,
        )
        samples: list[tuple[float, float, int]] = []  # (seconds, MiB, demo cycle from 0)
        told = Path(data_dir) / "demo_games.txt"
        games = 0
        start = time.monotonic()
        try:
            while (elapsed := time.monotonic() - start) < args.minutes * 60:
                time.sleep(args.every)
                elapsed = time.monotonic() - start
                if child.poll() is not None:
                    print(f"the demo ended early (exit {child.returncode})", file=sys.stderr)
                    return 1
                text = told.read_text().strip() if told.exists() else ""
                games = max(games, int(text)) if text.isdigit() else games  # never mid-write
                samples.append((elapsed, rss_mib(child.pid), games // max(1, systems)))
                if not args.json:
                    print(
                        f"{elapsed / 60:7.1f} min  RSS {samples[-1][1]:8.1f} MiB  "
                        f"cycle {samples[-1][2] + 1} (game {games + 1})",
                        flush=True,
                    )
        finally:
            child.terminate()
            child.wait(timeout=10)
    half = [(t, r) for t, r, _ in samples if t >= samples[-1][0] / 2]
    per_cycle = cycles(samples)
    later = [s for s in samples if s[2] > 0]
    first_high = per_cycle[0]["high"]
    summary = {
        "minutes": round(samples[-1][0] / 60, 1),
        "rss_start_mib": round(samples[0][1], 1),
        "rss_end_mib": round(samples[-1][1], 1),
        "rss_peak_mib": round(max(r for _, r, _ in samples), 1),
        "growth_second_half_mib_per_hour": round(slope_per_hour(half), 1),
        "cycles": per_cycle,
        "after_first_cycle_high_vs_first_cycle_high_pct": round(
            (max(r for _, r, _ in later) / first_high - 1) * 100 if later else 0.0, 1
        ),
        "later_cycles_high_vs_second_cycle_high_pct": settled_drift(per_cycle),
    }
    if args.json:
        print(json.dumps(summary))
    else:
        print(
            "start {rss_start_mib} MiB, end {rss_end_mib} MiB, peak {rss_peak_mib} MiB, "
            "growth over the second half {growth_second_half_mib_per_hour} MiB/h "
            "({minutes} min)".format(**summary)
        )
        for c in per_cycle:
            print(
                "cycle {cycle}: {samples} samples, RSS low {low}, mean {mean}, "
                "high {high} MiB".format(**c)
            )
        print(
            "after the first cycle, the highest RSS is "
            f"{summary['after_first_cycle_high_vs_first_cycle_high_pct']:+.1f}% "
            "from the first cycle's highest"
        )
        drift = summary["later_cycles_high_vs_second_cycle_high_pct"]
        if drift is not None:
            print(f"from cycle 3 on, the highest RSS is {drift:+.1f}% from cycle 2's highest")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
