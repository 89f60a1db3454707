"""Whole-map pictures: what the game draws, as one image (render-map, tests, docs).

:func:`render_map_image` draws every visible layer at ``zoom`` onto a transparent image
the size of Tiled's own export (map plus layer-offset margins) times ``zoom``. With
``overlays`` it adds what the map viewer shows: hex labels (cell coordinates on square
maps) and the cells of deployment zones, entrances, traps, spawns and objectives.
"""

from __future__ import annotations

import pygame

from game.maps import GameMap, MapImages
from game.ui.render.camera import Camera
from game.ui.render.compose import canvas_size, compose, offset_margins
from game.ui.render.view import MapView

#: Overlay colour per object kind (RGBA), shared with the map viewer.
OBJECT_COLOURS: dict[str, tuple[int, int, int, int]] = {
    "deployment": (70, 140, 255, 80),
    "entrance": (90, 220, 120, 110),
    "booby_trap": (235, 80, 70, 110),
    "spawn": (200, 90, 220, 100),
    "objective": (250, 210, 70, 110),
}


def object_highlights(view: MapView) -> None:
    """Highlight the cells of the map's game objects, one colour per kind."""
    for kind, colour in OBJECT_COLOURS.items():
        cells = [c for obj in view.map.objects_of_kind(kind) for c in obj.cells]
        if cells:
            view.highlight(cells, colour, key=f"object:{kind}")


def render_map_image(
    game_map: GameMap,
    images: MapImages,
    *,
    zoom: float = 1.0,
    overlays: bool = False,
    background: bool = True,
) -> pygame.Surface:
    """The map as the game draws it at ``zoom`` (any positive number).

    At zoom 1 without overlays and background this is pixel for pixel what Tiled's
    ``tmxrasterizer`` writes for the map's tile layers, tile objects and image layers.
    """
    if not zoom > 0:
        raise ValueError(f"zoom must be positive, got {zoom}")
    if zoom == 1.0 and not overlays:
        return compose(game_map, images, background=background).surface
    cw, ch = canvas_size(game_map)
    size = (max(1, round(cw * zoom)), max(1, round(ch * zoom)))
    view = MapView(game_map, images, pygame.Rect((0, 0), size), fit=False)
    # the picture has no table under the map: transparent where the map is
    view.composed = compose(game_map, images, background=background)
    view._scaled.clear()
    left, top, _, _ = offset_margins(game_map)
    view.camera = Camera(
        view.viewport, game_map.pixel_size, zoom, (round(left * zoom), round(top * zoom))
    )
    out = pygame.Surface(size, pygame.SRCALPHA)
    out.fill((0, 0, 0, 0))
    view.draw_base(out, table=False)
    if overlays:
        object_highlights(view)
        view.draw_labels(True)
        view.draw_overlays(out)
    return out
