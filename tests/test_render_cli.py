"""``python -m game render-map``: writes what the game draws; clear errors, no tracebacks.

Rules (Command line section, in our words): any orthogonal or hexagonal Tiled map can
be drawn to a PNG without a screen; unsupported maps and bad input print
``file: place: message`` and exit with status 1.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.__main__ import main
from game.ui.render.compose import canvas_size, compose
from game.ui.render.loading import load_drawable

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests/data"


def test_render_map_writes_the_map_at_100_percent(tmp_path: Path) -> None:
    """Without options the PNG is the composed map, pixel for pixel."""
    out = tmp_path / "board.png"
    assert main(["render-map", str(DATA / "render/offsets.tmx"), "--out", str(out)]) == 0
    written = pygame.image.load(str(out))
    game_map, images = load_drawable(DATA / "render/offsets.tmx")
    expected = compose(game_map, images).surface
    assert written.get_size() == expected.get_size() == canvas_size(game_map)
    assert pygame.image.tobytes(written, "RGBA") == pygame.image.tobytes(expected, "RGBA")


def test_render_map_zoom_and_overlays(tmp_path: Path) -> None:
    """--zoom scales the picture; --overlays adds labels, so the picture changes."""
    src = ROOT / "maps/sixty_five/map1.tmx"
    plain, marked = tmp_path / "plain.png", tmp_path / "marked.png"
    assert main(["render-map", str(src), "--out", str(plain), "--zoom", "2"]) == 0
    assert main(["render-map", str(src), "--out", str(marked), "--zoom", "2", "--overlays"]) == 0
    a, b = pygame.image.load(str(plain)), pygame.image.load(str(marked))
    game_map, _ = load_drawable(src)
    w, h = canvas_size(game_map)
    assert a.get_size() == b.get_size() == (2 * w, 2 * h)
    assert pygame.image.tobytes(a, "RGBA") != pygame.image.tobytes(b, "RGBA")


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("broken_isometric.tmx", "orientation 'isometric' is not supported"),
        ("broken_staggered.tmx", "orientation 'staggered' is not supported"),
        ("broken_malformed.tmx", "malformed XML"),
        ("does_not_exist.tmx", "map file not found"),
        ("broken_missing_image.tmx", "not found"),
    ],
)
def test_render_map_refuses_with_a_clear_message(
    name: str, expected: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Unsupported or broken maps: one line naming the file, exit status 1, no file."""
    path = DATA / "maps" / name
    out = tmp_path / "x.png"
    assert main(["render-map", str(path), "--out", str(out)]) == 1
    text = capsys.readouterr().out
    assert text.startswith(f"{path}: ")
    assert expected in text
    assert "Traceback" not in text
    assert not out.exists()


def test_render_map_rejects_bad_zoom_and_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Zoom outside 50%..400% and a non-PNG output are refused before drawing."""
    src = str(DATA / "maps/enc_csv.tmx")
    assert main(["render-map", src, "--out", str(tmp_path / "a.png"), "--zoom", "9"]) == 1
    assert "outside 0.5 to 4" in capsys.readouterr().out
    assert main(["render-map", src, "--out", str(tmp_path / "a.jpg")]) == 1
    assert "must be a .png" in capsys.readouterr().out


def test_render_map_runs_headless_in_a_fresh_process(tmp_path: Path) -> None:
    """The command picks the dummy video driver itself (no DISPLAY, no SDL settings)."""
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "DISPLAY")}
    out = tmp_path / "map.png"
    result = subprocess.run(
        [sys.executable, "-m", "game", "render-map", str(DATA / "maps/hex_y_odd.tmx"),
         "--out", str(out)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    assert pygame.image.load(str(out)).get_size() == (36, 20)
