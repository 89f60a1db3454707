"""Map pictures for the UI, loaded through an image loader the UI passes in.

Kept apart from parsing: :func:`load_images` only takes paths and rectangles from a
loaded :class:`~game.maps.model.GameMap` and hands them to a pytmx-style loader
(for pygame: ``pytmx.util_pygame.pygame_image_loader``), so game.maps never imports
pygame itself.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.core.errors import MapError
from game.maps.model import GameMap, decode_gid

#: pytmx image loader protocol: ``loader(filename, colorkey, **kw)`` returns
#: ``load(rect=None, flags=None) -> image``.
ImageLoader = Callable[..., Callable[..., Any]]


@dataclass(frozen=True)
class MapImages:
    """Images of a map, as made by the UI's image loader.

    ``tiles``: flag-free gid -> untransformed tile image (apply :class:`TileFlags`
    yourself; pytmx's loaders do not know the hex rotation). ``layers``: image-layer
    id -> image.
    """

    tiles: dict[int, Any]
    layers: dict[int, Any]

    def tile(self, gid: int) -> Any | None:
        """The untransformed image for a gid (flags ignored), or None."""
        return self.tiles.get(decode_gid(gid)[0])


def load_images(game_map: GameMap, image_loader: ImageLoader) -> MapImages:
    """Load every tile and image-layer picture with a pytmx-style loader.

    ``image_loader(filename, colorkey, **kwargs)`` must return ``load(rect=None,
    flags=None)``; pass ``pytmx.util_pygame.pygame_image_loader`` from the UI (it
    needs a display mode set). Loader errors become MapError naming the image.
    """
    tiles: dict[int, Any] = {}
    layers: dict[int, Any] = {}
    current = ""
    try:
        for ts in game_map.tilesets:
            if ts.image is not None and ts.columns > 0:  # 0: image narrower than a tile
                current = str(ts.image)
                load = image_loader(current, ts.transparent_color, tileset=ts)
                for local in range(ts.tile_count):
                    x, y, w, h = ts.tile_rect(local)
                    if ts.image_height and y + h > ts.image_height:
                        break  # tilecount larger than the picture: no image for the rest
                    tiles[ts.firstgid + local] = load((x, y, w, h), None)
            for local, img_path in ts.tile_images.items():
                current = str(img_path)
                tiles[ts.firstgid + local] = image_loader(current, ts.transparent_color)()
        for layer in game_map.layers:
            if layer.kind == "image" and layer.image is not None:
                current = str(layer.image)
                layers[layer.id] = image_loader(current, None)()
    except Exception as exc:  # the loader is the UI's; report, don't crash
        raise MapError(f"{game_map.path}: image {current}: cannot load ({exc})") from None
    return MapImages(tiles, layers)
