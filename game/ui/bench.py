"""Frame-time measurement of the main scenes, for ``python -m game bench``.

Runs under whatever video driver is set (the dummy driver when none is given), at
1280x720, with a scratch data folder, and times ``update(dt) + draw`` per frame.
"""

from __future__ import annotations

import functools
import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from game.ai.registry import make_bot
from game.core.registry import manifests
from game.core.rng import Rng
from game.ui.app import App
from game.ui.scene import Scene

FRAME = 1 / 60
BENCH_ACTIONS = 30  # AI-chosen actions played before a table is timed (mid-game)


def _time_frames(app: App, frames: int) -> list[float]:
    times = []
    for _ in range(frames):
        start = time.perf_counter()
        app.update(FRAME)
        app.draw()
        times.append(time.perf_counter() - start)
    return times


def scene_frame_times(frames: int = 120) -> dict[str, list[float]]:
    """Seconds per frame (update + draw) of the menu, each ruleset's table in mid-game, the
    hand-over screen and the demo, each at 1280x720."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.ui.scenes.demo import DemoScene
    from game.ui.scenes.game import GameScene, new_session
    from game.ui.scenes.handover import HandOverScene
    from game.ui.scenes.menu import MenuScene

    results: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        app = App(Path(tmp), size=(1280, 720), idle_seconds=1e9)
        app.assets.muted = True
        app.wait_for_bots = True
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

            builders: dict[str, Callable[[], Scene]] = {"menu": lambda: MenuScene(app)}
            for manifest in manifests().values():
                if manifest.table is None:
                    continue
                builders[f"{manifest.id}_table"] = functools.partial(
                    advanced, manifest.id, {}, BENCH_ACTIONS
                )
            builders["handover"] = handover
            builders["demo"] = lambda: DemoScene(app, seed=99)
            for name, build in builders.items():
                scene = build()
                app.push(scene)
                _time_frames(app, 5)  # warm caches
                results[name] = _time_frames(app, frames)
                app.reset()
        finally:
            app.close()
    return results


if __name__ == "__main__":
    for scene, times in scene_frame_times().items():
        times.sort()
        print(
            f"{scene:12} median {1000 * times[len(times) // 2]:.2f} ms, "
            f"worst {1000 * times[-1]:.2f} ms"
        )
