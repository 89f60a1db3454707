"""Loading a map with its pictures for drawing (the pure loader does the parsing).

Images go through :func:`game.maps.load_images` with pytmx's pygame loader, so pytmx
stays inside ``game.maps``'s wrapper; that loader converts surfaces, which needs a
display mode, so :func:`ensure_display` opens a 1x1 one when nothing is open (headless
tools and tests).
"""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from game.maps import GameMap, MapImages, load_images, load_map


def ensure_display() -> None:
    """Make sure pygame has a display surface (a hidden 1x1 one if none is open).

    Without a video device (no DISPLAY) the dummy driver is used.
    """
    if not os.environ.get("SDL_VIDEODRIVER") and not os.environ.get("DISPLAY"):
        if not os.environ.get("WAYLAND_DISPLAY"):
            os.environ["SDL_VIDEODRIVER"] = "dummy"
    if not pygame.display.get_init():
        pygame.display.init()
    if pygame.display.get_surface() is None:
        flags = pygame.HIDDEN if os.environ.get("SDL_VIDEODRIVER") != "dummy" else 0
        pygame.display.set_mode((1, 1), flags)


def map_images(game_map: GameMap) -> MapImages:
    """Every tile and image-layer picture of ``game_map`` as pygame surfaces.

    Raises MapError naming the image when one cannot be loaded.
    """
    import pytmx.util_pygame  # only the loader function; parsing stays in game.maps

    ensure_display()
    return load_images(game_map, pytmx.util_pygame.pygame_image_loader)


def load_drawable(path: str | Path) -> tuple[GameMap, MapImages]:
    """Load a map for drawing: the model (terrain resolved when the system has a table)
    and its images. MapError on any problem."""
    game_map = load_map(path)
    return game_map, map_images(game_map)
