"""The window shows frames through the window system's framebuffer, not an OpenGL
texture: SDL's OpenGL probe would load the whole graphics driver (~100 MiB resident) for
a game that draws everything in software (the demo all day, issue 36)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.ui.app import prefer_native_framebuffer

ROOT = Path(__file__).resolve().parents[1]

_CHILD = """
import sys
from pathlib import Path
from game.ui.app import App, start_scenes
app = App(Path(sys.argv[1]))
start_scenes(app, False)
for _ in range(3):
    app.step(0.05)
maps = open("/proc/self/maps").read()
print("driver" if "_dri.so" in maps or "libLLVM" in maps else "no driver")
app.close()
"""


def test_the_native_framebuffer_is_asked_for_unless_the_player_chose(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION", raising=False)
    prefer_native_framebuffer()
    assert os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "0"
    monkeypatch.setenv("SDL_FRAMEBUFFER_ACCELERATION", "1")
    prefer_native_framebuffer()
    assert os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "1"


def test_elsewhere_sdl_keeps_its_own_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "darwin")
    monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION", raising=False)
    prefer_native_framebuffer()
    assert "SDL_FRAMEBUFFER_ACCELERATION" not in os.environ


@pytest.mark.skipif(
    not sys.platform.startswith("linux") or shutil.which("Xvfb") is None,
    reason="needs Linux and Xvfb for a real X11 window",
)
def test_a_real_x11_window_loads_no_graphics_driver(tmp_path: Path) -> None:
    display = f":{90 + os.getpid() % 400}"
    server = subprocess.Popen(
        ["Xvfb", display, "-screen", "0", "1280x720x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        socket = Path(f"/tmp/.X11-unix/X{display[1:]}")
        deadline = time.monotonic() + 10
        while not socket.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        if not socket.exists():
            pytest.skip("Xvfb did not start")
        env = {
            k: v
            for k, v in os.environ.items()
            if k not in ("SDL_VIDEODRIVER", "SDL_FRAMEBUFFER_ACCELERATION")
        }
        env.update(DISPLAY=display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy")
        out = subprocess.run(
            [sys.executable, "-c", _CHILD, str(tmp_path / "data")],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert out.returncode == 0, out.stderr
        assert out.stdout.strip().splitlines()[-1] == "no driver"
    finally:
        server.terminate()
        server.wait(timeout=10)
