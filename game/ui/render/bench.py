"""Map drawing benchmark: load time and frame times of every shipped map.

:func:`map_frame_times` opens a 1280x720 window (the dummy video driver when no
display is set), loads each ``maps/**/*.tmx`` with its images and composes it (the
"load" time), then draws ``frames`` frames of :meth:`MapView.draw` with labels on while
panning every frame and changing zoom level every 20 frames (each new level costs one
pre-scaling, which lands in that frame's time, as it would in play).
"""

from __future__ import annotations

import os
import statistics
import time
from pathlib import Path

import pygame

from game.resources import maps_dir, shipped_maps
from game.ui.render.loading import load_drawable
from game.ui.render.view import MapView

SIZE = (1280, 720)
ZOOM_PATTERN = (1, 1, -1, -1, -1, 1, 2, 1, -2)


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def map_frame_times(frames: int = 120, root: Path | None = None) -> dict[str, dict[str, float]]:
    """Per shipped map (path relative to ``maps/``): ``load_ms``, ``frame_p50_ms``,
    ``frame_p95_ms``, ``frame_max_ms`` at 1280x720 while panning and zooming."""
    if not os.environ.get("DISPLAY"):
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(SIZE)
    results: dict[str, dict[str, float]] = {}
    for path in shipped_maps(root):
        t0 = time.perf_counter()
        game_map, images = load_drawable(path)
        view = MapView(game_map, images, screen.get_rect())
        load_ms = (time.perf_counter() - t0) * 1000
        view.draw_labels(True)
        view.highlight(list(game_map.cells())[:: max(1, game_map.width // 3)], (80, 160, 255))
        times: list[float] = []
        for i in range(frames):
            t = time.perf_counter()
            if i % 20 == 19:
                view.camera.zoom_step(ZOOM_PATTERN[(i // 20) % len(ZOOM_PATTERN)], (640, 360))
            direction = 1 if (i // 30) % 2 == 0 else -1
            view.camera.pan(7 * direction, 4 * direction)
            view.draw(screen)
            pygame.display.flip()
            times.append((time.perf_counter() - t) * 1000)
        results[str(path.relative_to(maps_dir(root)))] = {
            "load_ms": round(load_ms, 1),
            "frame_p50_ms": round(statistics.median(times), 2),
            "frame_p95_ms": round(_percentile(times, 0.95), 2),
            "frame_max_ms": round(max(times), 2),
        }
    return results


if __name__ == "__main__":  # pragma: no cover - manual run
    import json

    print(json.dumps(map_frame_times(), indent=2))
