"""Our drawing of every map equals Tiled's own ``tmxrasterizer`` (Tiled 1.8) at 100%.

What is compared: tile layers, tile objects and image layers. Tiled also draws the
editor shapes of objects (rectangles, points, labels); the game does not, so the map
given to tmxrasterizer is a copy without non-tile objects (file paths made absolute so
tilesets and images are still found). Neither side draws the background colour.

Exactness: orthogonal maps and the small corpus maps must match byte for byte. Where
half-transparent pixels are stacked (the anti-aliased edges of neighbouring hex tiles,
half-opaque layers) Qt blends premultiplied in 8 bits and stores straight alpha, and
so do we, but the two round differently: there every channel, premultiplied by alpha,
may differ by at most 2/255 and alpha by at most 2. The map with hexagonal 60/120
degree turns is compared with ``--no-smoothing`` because Tiled smooths turned tiles by
default while the game keeps tile art crisp (nearest neighbour).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pygame
import pytest

from game.ui.render.compose import compose
from game.ui.render.loading import load_drawable

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted((ROOT / "maps").rglob("*.tmx"))
CORPUS = [
    ROOT / "tests/data/maps" / f"{n}.tmx"
    for n in (
        "enc_csv", "enc_base64", "enc_zlib", "enc_gzip", "enc_embedded",
        "hex_x_odd", "hex_x_even", "hex_y_odd", "hex_y_even", "interleaved",
    )
]  # fmt: skip
RENDER = sorted((ROOT / "tests/data/render").glob("*.tmx"))
ALL_MAPS = SHIPPED + CORPUS + RENDER
#: Maps whose half-transparent pixels overlap (see the module docstring).
TOLERANT = {"map1", "map2", "map3", "offsets", "interleaved"}
NO_SMOOTHING = {"flips_hex"}
TOLERANCE = 2
TOOL = shutil.which("tmxrasterizer")


def _tiled_copy(path: Path, folder: Path) -> Path:
    """A copy of the map without editor shapes, with absolute file references."""
    tree = ET.parse(path)
    root = tree.getroot()
    base = path.resolve().parent
    for elem in root.iter():
        if elem.tag in ("tileset", "image") and elem.get("source"):
            elem.set("source", str((base / elem.get("source", "")).resolve()))
    for group in root.iter("objectgroup"):
        for obj in list(group):
            if obj.tag == "object" and obj.get("gid") is None:
                group.remove(obj)
    out = folder / path.name
    tree.write(out, encoding="UTF-8", xml_declaration=True)
    return out


def _tiled_render(path: Path, folder: Path, smooth: bool = True) -> pygame.Surface:
    assert TOOL is not None
    out = folder / (path.stem + ".tiled.png")
    args = [TOOL]
    if path.stem in NO_SMOOTHING or not smooth:
        args.append("--no-smoothing")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    subprocess.run(
        [*args, str(_tiled_copy(path, folder)), str(out)],
        env=env, check=True, capture_output=True, timeout=60,
    )  # fmt: skip
    return pygame.image.load(str(out))


def _differences(ours: bytes, theirs: bytes) -> tuple[int, int]:
    """(pixels that differ at all, largest premultiplied/alpha difference)."""
    count = worst = 0
    for i in range(0, len(ours), 4):
        a, b = ours[i : i + 4], theirs[i : i + 4]
        if a == b:
            continue
        count += 1
        worst = max(worst, abs(a[3] - b[3]))
        for c in range(3):
            worst = max(worst, round(abs(a[c] * a[3] - b[c] * b[3]) / 255))
    return count, worst


def _write_diff(ours: pygame.Surface, theirs: pygame.Surface, out: Path) -> None:
    w, h = ours.get_size()
    diff = pygame.Surface((w * 3, h), pygame.SRCALPHA)
    diff.blit(ours, (0, 0))
    diff.blit(theirs, (w, 0))
    for y in range(h):
        for x in range(w):
            if ours.get_at((x, y)) != theirs.get_at((x, y)):
                diff.set_at((2 * w + x, y), (255, 0, 0, 255))
    pygame.image.save(diff, str(out))


@pytest.mark.skipif(TOOL is None, reason="Tiled's tmxrasterizer is not installed (apt: tiled)")
@pytest.mark.parametrize("path", ALL_MAPS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_render_matches_tmxrasterizer_at_zoom_100(path: Path, tmp_path: Path) -> None:
    """Maps section: at 100% with overlays off we draw a map as tmxrasterizer does."""
    game_map, images = load_drawable(path)
    ours = compose(game_map, images, background=False).surface
    theirs = _tiled_render(path, tmp_path)
    assert ours.get_size() == theirs.get_size()
    a = pygame.image.tobytes(ours, "RGBA")
    b = pygame.image.tobytes(theirs.convert_alpha(), "RGBA")
    if a == b:
        return
    count, worst = _differences(a, b)
    if path.stem not in TOLERANT or worst > TOLERANCE:
        _write_diff(ours, theirs, tmp_path / f"{path.stem}.diff.png")
    assert path.stem in TOLERANT, f"{count} pixels differ (worst {worst}); see {tmp_path}"
    assert worst <= TOLERANCE, f"{count} pixels differ, worst by {worst}; see {tmp_path}"


TILED_EXAMPLES = Path("/usr/share/doc/tiled/examples")


@pytest.mark.skipif(
    TOOL is None or not TILED_EXAMPLES.is_dir(),
    reason="Tiled and its example maps (Debian package tiled) are not installed",
)
@pytest.mark.parametrize(
    ("name", "outliers"),
    [("desert.tmx", 0), ("rpg/island.tmx", 0), ("test_hexagonal_tile_60x60x30.tmx", 8)],
)
def test_render_matches_tmxrasterizer_on_tiled_examples(
    name: str, outliers: int, tmp_path: Path
) -> None:
    """Maps made by others: Tiled's own examples (orthogonal with spacing and margin, a
    big orthogonal island, a hex map turning one tile in every 60-degree step and
    flip). The hex map is compared without smoothing; where a turned pixel's sample
    point falls exactly on a texel border Qt's fixed-point maths may pick the
    neighbouring texel, so a handful of pixels may differ there."""
    path = TILED_EXAMPLES / name
    game_map, images = load_drawable(path)
    ours = compose(game_map, images, background=False).surface
    theirs = _tiled_render(path, tmp_path, smooth="hexagonal" not in name)
    assert ours.get_size() == theirs.get_size()
    a = pygame.image.tobytes(ours, "RGBA")
    b = pygame.image.tobytes(theirs.convert_alpha(), "RGBA")
    worse = 0
    for i in range(0, len(a), 4):
        p, q = a[i : i + 4], b[i : i + 4]
        if p != q:
            d = max(
                [abs(p[3] - q[3])] + [round(abs(p[c] * p[3] - q[c] * q[3]) / 255) for c in range(3)]
            )
            worse += d > TOLERANCE
            assert outliers or d == 0, f"pixel {i // 4} differs"
    assert worse <= outliers


def test_render_corpus_covers_every_shipped_map() -> None:
    """Maps section: every shipped map takes part in the comparison."""
    assert SHIPPED, "no shipped maps found under maps/"
    assert all(p in ALL_MAPS for p in SHIPPED)
