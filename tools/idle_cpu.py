"""Measure how much CPU each screen takes while nobody touches it, in a real X window.

Starts a private Xvfb server (``apt-get install xvfb``), then for each screen runs the real
app in a child process: it opens the screen, waits until nothing moves (the table is
waiting for the human), lets the main loop run untouched for ``--warmup`` seconds and
then measures the process's CPU time (all threads) and the frames drawn over
``--seconds``. 100% is one core.

    python tools/idle_cpu.py [--seconds 10] [--size 1280x720] [--screens menu,setup,...]
    python tools/idle_cpu.py --code /path/to/other/checkout   # e.g. the figures before a change

Screens: ``menu``, ``setup``, ``load``, ``table:<ruleset>`` (a human against the computer,
measured while it is the human's turn) and ``demo`` (AI against AI: it should keep its
frame rate).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCREENS = (
    "menu",
    "setup",
    "load",
    "table:tunnel_rat_bluff",
    "table:tunnel_rats",
    "table:transformers_skirmish",
    "demo",
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="measured time per screen")
    parser.add_argument("--warmup", type=float, default=8.0, help="untouched time first")
    parser.add_argument("--size", default="1280x720", help="window size WxH")
    parser.add_argument("--screens", default=",".join(SCREENS))
    parser.add_argument("--code", type=Path, default=ROOT, help="checkout whose game to run")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        return run_child(args)
    if shutil.which("Xvfb") is None:
        print("idle_cpu: Xvfb is not installed (apt-get install xvfb)", file=sys.stderr)
        return 2
    display, server = start_xvfb(args.size)
    results = []
    try:
        for screen in args.screens.split(","):
            results.append(measure(screen, display, args))
    finally:
        server.terminate()
        server.wait(timeout=10)
    if args.json:
        print(json.dumps(results, indent=1))
    else:
        print(f"Idle CPU at {args.size} in Xvfb ({args.code}), {args.seconds:g} s per screen")
        print(f"{'screen':32} {'CPU % of a core':>16} {'frames/s':>9}")
        for r in results:
            if "error" in r:
                print(f"{r['screen']:32} {'failed: ' + r['error']}")
            else:
                print(f"{r['screen']:32} {r['cpu_percent']:16.1f} {r['fps']:9.1f}")
    return 0


def start_xvfb(size: str) -> tuple[str, subprocess.Popen[bytes]]:
    """A private X server on the first free display number from :91."""
    for number in range(91, 140):
        if Path(f"/tmp/.X11-unix/X{number}").exists() or Path(f"/tmp/.X{number}-lock").exists():
            continue
        server = subprocess.Popen(
            ["Xvfb", f":{number}", "-screen", "0", f"{size}x24", "-nolisten", "tcp"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for _ in range(50):
            if Path(f"/tmp/.X11-unix/X{number}").exists():
                return f":{number}", server
            if server.poll() is not None:
                break
            time.sleep(0.1)
        server.terminate()
    raise SystemExit("idle_cpu: could not start Xvfb")


def measure(screen: str, display: str, args: argparse.Namespace) -> dict[str, object]:
    env = dict(os.environ, DISPLAY=display, SDL_AUDIODRIVER="dummy", PYTHONPATH=str(args.code))
    env.pop("SDL_VIDEODRIVER", None)  # a real X window, not the dummy driver
    cmd = [
        sys.executable,
        str(Path(__file__).resolve()),
        "--child",
        screen,
        "--seconds",
        str(args.seconds),
        "--warmup",
        str(args.warmup),
        "--size",
        args.size,
    ]
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, cwd=args.code)
    lines = [ln for ln in done.stdout.splitlines() if ln.startswith("{")]
    if done.returncode != 0 or not lines:
        tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return {"screen": screen, "error": tail}
    result: dict[str, object] = json.loads(lines[-1])
    return result


def run_child(args: argparse.Namespace) -> int:
    """Inside the X server: open one screen and measure the real main loop."""
    import pygame

    from game.core.session import Session
    from game.ui.app import App, start_scenes
    from game.ui.scenes.game import GameScene

    w, h = (int(v) for v in args.size.split("x"))
    screen: str = args.child
    with tempfile.TemporaryDirectory() as tmp:
        app = App(Path(tmp), size=(w, h))
        start_scenes(app, demo=screen == "demo")
        if screen == "setup":
            from game.ui.scenes.setup import SetupScene

            app.push(SetupScene(app, "tunnel_rats"))
        elif screen == "load":
            from game.ui.scenes.load import LoadScene

            app.push(LoadScene(app))
        elif screen.startswith("table:"):
            ruleset = screen.split(":", 1)[1]
            seats = Session.new(ruleset, 5).ruleset.seats
            kinds = ["human"] + ["ai"] * (len(seats) - 1)
            game = GameScene(app, Session.new(ruleset, 5, None, kinds), kinds)
            game.autosave = False
            app.reset(game)
            # Let the computer play until the human is to act and nothing moves.
            for _ in range(60 * 60):
                app.step(1 / 60)
                state = game.session.state
                if state.current_player() == 0 and not game.table.busy():
                    break
                time.sleep(1 / 120)
        drawn = [0]
        original_draw = app.draw

        def counting_draw(surface: pygame.Surface | None = None) -> None:
            drawn[0] += 1
            original_draw(surface)

        app.draw = counting_draw  # type: ignore[method-assign]
        marks: dict[str, float] = {}

        def clock() -> None:
            time.sleep(args.warmup)
            marks["cpu0"], marks["t0"], marks["f0"] = time.process_time(), time.time(), drawn[0]
            time.sleep(args.seconds)
            marks["cpu1"], marks["t1"], marks["f1"] = time.process_time(), time.time(), drawn[0]
            pygame.event.post(pygame.event.Event(pygame.QUIT))

        threading.Thread(target=clock, daemon=True).start()
        app.run()
        app.close()
    span = marks["t1"] - marks["t0"]
    print(
        json.dumps(
            {
                "screen": screen,
                "cpu_percent": round(100 * (marks["cpu1"] - marks["cpu0"]) / span, 2),
                "fps": round((marks["f1"] - marks["f0"]) / span, 2),
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
