"""Frame-time measurement of the main scenes, for ``python -m game bench``.

Runs under whatever video driver is set (the dummy driver when none is given), at
1280x720, with a scratch data folder, and times ``update(dt) + draw`` per frame.
"""

from __future__ import annotations

import functools
import os
import tempfile
import time
from collections.abc import Callable, Collection
from pathlib import Path

from game.ai.registry import make_bot
from game.core.registry import manifests
from game.core.rng import Rng
from game.ui.app import App
from game.ui.heap import steady_heap
from game.ui.scene import Scene

FRAME = 1 / 60
BENCH_ACTIONS = 30  # AI-chosen actions played before a table is timed (mid-game)


def _time_frames(app: App, frames: int, cpu: list[float] | None = None) -> list[float]:
    """Wall seconds of each of ``frames`` frames (update + draw); with ``cpu``, the
    seconds of CPU this thread used in each are appended to it (on a loaded machine the
    wall time also holds the time other processes had the core)."""
    times = []
    for _ in range(frames):
        start, used = time.perf_counter(), time.thread_time()
        app.update(FRAME)
        app.draw()
        times.append(time.perf_counter() - start)
        if cpu is not None:
            cpu.append(time.thread_time() - used)
    return times


def scene_frame_times(
    frames: int = 120,
    size: tuple[int, int] = (1280, 720),
    tables: Collection[str] | None = None,
    cpu: dict[str, list[float]] | None = None,
) -> dict[str, list[float]]:
    """Seconds per frame (update + draw) of the menu, each ruleset's table in mid-game, the
    hand-over screen and the demo, each in a window of ``size`` (1280x720 by default);
    with ``tables``, only those rulesets' tables. With ``cpu``, each scene's CPU seconds
    per frame (this thread's) go into it by the same names."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.ui.scenes.demo import DemoScene
    from game.ui.scenes.game import GameScene, new_session
    from game.ui.scenes.handover import HandOverScene
    from game.ui.scenes.menu import MenuScene

    results: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        app = App(Path(tmp), size=size, idle_seconds=1e9)
        app.assets.muted = True
        app.wait_for_bots = True
        steady_heap()  # as the program (game.ui.app.make_app)
        try:

            def advanced(ruleset_id: str, options: dict[str, str], actions: int) -> Scene:
                """A human-vs-AI game a few dozen AI-chosen actions in."""
                session = new_session(ruleset_id, 2024, ["human", "ai"], options)
                bots = [make_bot("ai", ruleset_id, i, Rng(i)) for i in range(2)]
                for _ in range(actions):
                    seat = session.state.current_player()
                    if seat is None:
                        break
                    session.apply(bots[seat].choose(session.state.view(seat)))
                return GameScene(app, session, ["human", "ai"])

            def handover() -> Scene:
                first = next(m.id for m in manifests().values() if m.table)
                game = GameScene(app, new_session(first, 7, ["human", "human"]))
                app.reset(game)
                return HandOverScene(app, game, 0)

            builders: dict[str, Callable[[], Scene]] = {}
            if tables is None:
                builders["menu"] = lambda: MenuScene(app)
            for manifest in manifests().values():
                if manifest.table is None or (tables is not None and manifest.id not in tables):
                    continue
                builders[f"{manifest.id}_table"] = functools.partial(
                    advanced, manifest.id, {}, BENCH_ACTIONS
                )
            if tables is None:
                builders["handover"] = handover
                builders["demo"] = lambda: DemoScene(app, seed=99, title=False)
            for name, build in builders.items():
                scene = build()
                app.push(scene)
                _time_frames(app, 5)  # warm caches
                used: list[float] = []
                results[name] = _time_frames(app, frames, used)
                if cpu is not None:
                    cpu[name] = used
                app.reset()
        finally:
            app.close()
    return results


FRAME_BUDGET = 1 / 60  # seconds: a frame over this misses a 60 Hz refresh


def demo_frame_times(
    ruleset_ids: list[str], seconds: float = 8.0, seed: int = 11
) -> dict[str, dict[str, float]]:
    """The convention demo of each ruleset as the program runs it: bots think on their
    worker thread beside the frames (nothing waits for them); frames (``App.step``:
    events, update, draw, flip) are paced at 60 a second of wall time with ``dt`` = 1/60;
    the app settles the heap after a game's loading frame (``App.tidy_heap``). Seeds are
    fixed (``seed``, then the demo's own series), though how far a game gets in
    ``seconds`` depends on the bot thread.

    Per ruleset: ``frames``; ``animating`` (frames in which the table's animation ran,
    ``Table.busy`` before or after the step); ``over_budget_animating`` (of those, frames
    over 16.7 ms) and ``waiting`` (of those, frames whose UI thread was on the CPU for
    under half of their wall time: it waited for the bot's interpreter lock or for a
    core, rather than drawing); ``bot_thinking`` (animating frames with a bot thinking
    beside them: a game asks its bot only once the table is still); ``p95_ms`` and
    ``max_ms`` over all frames but loading ones; ``max_animating_ms``; ``ui_cpu_p95_ms``
    and ``ui_cpu_max_ms`` (the UI thread's own CPU time in animating frames: the drawing
    cost, whatever the bot does);
    ``load_ms`` (the slowest first frame of a game: loads the map, settles the heap; not
    animating); ``cpu_ms`` (process CPU time, both threads, per frame)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.ui.scenes.demo import DemoScene

    results: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        app = App(Path(tmp), size=(1280, 720), idle_seconds=1e9)
        app.assets.muted = True
        app.tidy_heap = True
        steady_heap()
        try:
            for rid in ruleset_ids:
                app.demo_only, app.demo_seed, app.demo_games = (rid,), seed, 0
                app.reset(DemoScene(app, title=False))  # the table, not the title card
                results[rid] = _paced_demo(app, round(seconds * 60))
                app.reset()
        finally:
            app.close()
    return results


def control_frame_times(seconds: float = 4.0, work_ms: float = 3.0) -> dict[str, float]:
    """The machine's own stalls, for reading the demo's numbers on a shared machine: a
    loop paced like the demo's frames, each doing ``work_ms`` of pure computation and
    nothing else (no pygame, no bot). Frames over 16.7 ms here were taken by other
    processes. ``frames``, ``over_budget``, ``p95_ms``, ``max_ms``."""
    frames = round(seconds * 60)
    times: list[float] = []
    start = time.perf_counter()
    for i in range(frames):
        ahead = start + i * FRAME - time.perf_counter()
        if ahead > 0:
            time.sleep(ahead)
        t0 = c0 = time.perf_counter()
        while time.perf_counter() - c0 < work_ms / 1000:
            pass  # busy on purpose: the control is a frame of pure computation
        times.append(time.perf_counter() - t0)
    return {
        "frames": frames,
        "over_budget": sum(t > FRAME_BUDGET for t in times),
        "p95_ms": 1000 * _nearest_rank(times, 0.95),
        "max_ms": 1000 * max(times),
    }


def _nearest_rank(values: list[float], q: float) -> float:
    ordered = sorted(values) or [0.0]
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _paced_demo(app: App, frames: int) -> dict[str, float]:
    from game.ui.scenes.game import GameScene

    steady: list[float] = []
    animating: list[float] = []
    loads: list[float] = []
    waiting = thinking = 0
    animating_cpu: list[float] = []
    last: object = None
    cpu = time.process_time()
    start = time.perf_counter()
    for i in range(frames):
        ahead = start + i * FRAME - time.perf_counter()
        if ahead > 0:
            time.sleep(ahead)
        scene = app.top
        loading, last = scene is not last, scene  # a game's first frame loads it
        game = scene if isinstance(scene, GameScene) else None
        busy = game is not None and game.table.busy()
        bot = game is not None and game.thinking()
        t0, c0 = time.perf_counter(), time.thread_time()
        app.step(FRAME)
        wall, used = time.perf_counter() - t0, time.thread_time() - c0
        if loading:
            loads.append(wall)
            continue
        steady.append(wall)
        if game is not None and (busy or game.table.busy()):
            animating.append(wall)
            animating_cpu.append(used)
            thinking += bot or game.thinking()
            if wall > FRAME_BUDGET and used < wall / 2:
                waiting += 1
    cpu = time.process_time() - cpu
    return {
        "frames": frames,
        "animating": len(animating),
        "over_budget_animating": sum(t > FRAME_BUDGET for t in animating),
        "waiting": waiting,
        "bot_thinking": thinking,
        "p95_ms": 1000 * _nearest_rank(steady, 0.95),
        "max_ms": 1000 * max(steady, default=0.0),
        "max_animating_ms": 1000 * max(animating, default=0.0),
        "ui_cpu_p95_ms": 1000 * _nearest_rank(animating_cpu, 0.95),
        "ui_cpu_max_ms": 1000 * max(animating_cpu, default=0.0),
        "load_ms": 1000 * max(loads, default=0.0),
        "cpu_ms": 1000 * cpu / frames,
    }


if __name__ == "__main__":
    for scene, times in scene_frame_times().items():
        times.sort()
        print(
            f"{scene:12} median {1000 * times[len(times) // 2]:.2f} ms, "
            f"worst {1000 * times[-1]:.2f} ms"
        )
