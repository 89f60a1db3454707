"""Measure the convention demo's memory over a long run (issue 18: a day-long demo must
hold its memory).

Runs the real app in demo mode in a child process (the dummy SDL drivers, so no screen
is needed; the demo paces itself by its frame clock as on a real screen) and samples
the child's resident set size (RSS, from ``/proc/PID/status``) every ``--every``
seconds for ``--minutes`` minutes. Prints one line a sample and a summary: RSS at the
start, the end, the peak, and the growth per hour fitted over the second half (after
the caches warmed up).

    python tools/demo_memory.py --minutes 60 [--every 30] [--only tunnel_rats]
    python tools/demo_memory.py --minutes 60 --speed 8   # the demo's clock at 8x pace
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
from pathlib import Path
from game.ui.app import App, start_scenes
only = tuple(a for a in sys.argv[2].split(",") if a) or None
app = App(Path(sys.argv[1]), speed=float(sys.argv[3]))
app.demo_only = only
app.tidy_heap = True  # as the program does (game.ui.app.make_app)
start_scenes(app, True)
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=60.0)
    parser.add_argument("--every", type=float, default=30.0, help="seconds between samples")
    parser.add_argument("--only", default="", help="comma-separated rulesets for the demo")
    parser.add_argument(
        "--speed", type=float, default=1.0, help="game-clock speed (8: the demo at 8x pace)"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object at the end")
    args = parser.parse_args(argv)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    with tempfile.TemporaryDirectory() as data_dir:
        child = subprocess.Popen(
            [sys.executable, "-c", _CHILD, data_dir, args.only, str(args.speed)],
            cwd=ROOT,
            env=env,
        )
        samples: list[tuple[float, float]] = []
        start = time.monotonic()
        try:
            while (elapsed := time.monotonic() - start) < args.minutes * 60:
                time.sleep(args.every)
                elapsed = time.monotonic() - start
                if child.poll() is not None:
                    print(f"the demo ended early (exit {child.returncode})", file=sys.stderr)
                    return 1
                samples.append((elapsed, rss_mib(child.pid)))
                if not args.json:
                    print(f"{elapsed / 60:7.1f} min  RSS {samples[-1][1]:8.1f} MiB", flush=True)
        finally:
            child.terminate()
            child.wait(timeout=10)
    half = [s for s in samples if s[0] >= samples[-1][0] / 2]
    summary = {
        "minutes": round(samples[-1][0] / 60, 1),
        "rss_start_mib": round(samples[0][1], 1),
        "rss_end_mib": round(samples[-1][1], 1),
        "rss_peak_mib": round(max(r for _, r in samples), 1),
        "growth_second_half_mib_per_hour": round(slope_per_hour(half), 1),
    }
    if args.json:
        print(json.dumps(summary))
    else:
        print(
            "start {rss_start_mib} MiB, end {rss_end_mib} MiB, peak {rss_peak_mib} MiB, "
            "growth over the second half {growth_second_half_mib_per_hour} MiB/h "
            "({minutes} min)".format(**summary)
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
