"""Frame-time measurement of the main scenes, for ``python -m game bench``.

Runs under whatever video driver is set (the dummy driver when none is given), at
1280x720, with a scratch data folder, and times ``update(dt) + draw`` per frame.
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from game.rules.tunnel_rat_bluff.actions import Ask, Question
from game.ui.app import App
from game.ui.scene import Scene

FRAME = 1 / 60


def _time_frames(app: App, frames: int) -> list[float]:
    times = []
    for _ in range(frames):
        start = time.perf_counter()
        app.update(FRAME)
        app.draw()
        times.append(time.perf_counter() - start)
    return times


def scene_frame_times(frames: int = 120) -> dict[str, list[float]]:
    """Seconds per frame (update + draw) of the menu, a Tunnel Rat table in mid-game, the
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

            def mid_game() -> Scene:
                session = new_session("tunnel_rat_bluff", 2024, ["human", "ai"])
                for text in ["draw", "advance", "draw", "shoot", "draw", "search", "draw"]:
                    session.apply(text)
                game = GameScene(app, session)
                return game

            def handover() -> Scene:
                session = new_session("tunnel_rat_bluff", 7, ["human", "human"])
                session.apply("draw")
                game = GameScene(app, session)
                app.reset(game)
                return HandOverScene(app, game, 0)

            builders: dict[str, Callable[[], Scene]] = {
                "menu": lambda: MenuScene(app),
                "bluff_table": mid_game,
                "handover": handover,
                "demo": lambda: DemoScene(app, seed=99),
            }
            for name, build in builders.items():
                scene = build()
                app.push(scene)
                if isinstance(scene, GameScene) and not isinstance(scene, DemoScene):
                    scene.act(Ask(Question.IS_VC))  # bubbles on screen
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
