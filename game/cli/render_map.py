"""``python -m game render-map MAP --out PNG``: write the picture the game draws of a map.

Works on any orthogonal or hexagonal Tiled map (terrain is not needed to draw, so maps
of other games work too); isometric and staggered maps are refused with a clear
message. Runs without a screen: the dummy video driver is selected before pygame
starts. Errors print as ``file: place: message`` and exit with status 1.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

COMMAND = "render-map"
HELP = "draw a Tiled map (orthogonal or hexagonal) to a PNG as the game shows it"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Register the command's arguments."""
    parser.add_argument("map", metavar="MAP", help="the .tmx map to draw")
    parser.add_argument("--out", required=True, metavar="PNG", help="image file to write")
    parser.add_argument(
        "--zoom", type=float, default=1.0, metavar="Z",
        help="scale, 0.5 to 4 (default 1: one map pixel per image pixel)",
    )  # fmt: skip
    parser.add_argument(
        "--overlays", action="store_true",
        help="add hex labels and the cells of deployment zones, entrances, traps and spawns",
    )  # fmt: skip
    parser.add_argument(
        "--transparent", action="store_true",
        help="leave the map's background colour out (as Tiled's tmxrasterizer does)",
    )  # fmt: skip


def run(args: argparse.Namespace) -> int:
    """Draw the map and write the PNG; 0 on success, 1 (with a message) on any error."""
    map_path = Path(args.map)
    out = Path(args.out)
    zoom = float(args.zoom)
    if not 0.5 <= zoom <= 4.0:
        print(f"{map_path}: --zoom: {zoom:g} is outside 0.5 to 4")
        return 1
    if out.suffix.lower() != ".png":
        print(f"{out}: --out: the image must be a .png file")
        return 1
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.core.errors import MapError
    from game.maps import load_map

    try:
        game_map = load_map(map_path, resolve_terrain=False)
    except MapError as exc:
        print(exc)
        return 1
    try:
        import pygame

        from game.ui.render.loading import map_images
        from game.ui.render.snapshot import render_map_image

        images = map_images(game_map)
        image = render_map_image(
            game_map, images, zoom=zoom, overlays=args.overlays, background=not args.transparent
        )
    except MapError as exc:
        print(exc)
        return 1
    except (pygame.error, MemoryError, ValueError) as exc:
        print(f"{map_path}: drawing: {exc}")
        return 1
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(image, str(out))
    except (OSError, pygame.error) as exc:
        print(f"{out}: cannot write the image ({exc})")
        return 1
    print(f"render-map: wrote {out} ({image.get_width()} x {image.get_height()} px)")
    return 0
