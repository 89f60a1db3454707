"""A picture of part of the screen kept while what it shows stays the same.

A table whose panel or board is costly to draw (many fitted texts, a map) draws it once,
keeps the pixels with the key of what they show, and on later frames blits them back
while the key is unchanged: the panel is redrawn only when the game, the picks or the
hovered button change, so a waiting table costs a blit or two a frame.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import pygame


class RegionCache:
    """One kept region: its key, where it was taken and the pixels (with any data the
    drawing produced, e.g. the buttons it placed)."""

    def __init__(self) -> None:
        self.key: Hashable | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.pixels: pygame.Surface | None = None
        self.data: Any = None

    def restore(self, surface: pygame.Surface, rect: pygame.Rect, key: Hashable) -> bool:
        """Blit the kept pixels if they show ``key`` at ``rect``; False if they do not
        (the caller draws and then :meth:`keep` s)."""
        if self.pixels is None or self.key != key or self.rect != rect:
            return False
        surface.blit(self.pixels, rect)
        return True

    def keep(
        self, surface: pygame.Surface, rect: pygame.Rect, key: Hashable, data: Any = None
    ) -> None:
        """Keep what ``surface`` shows at ``rect`` (clipped to it) for ``key``."""
        area = rect.clip(surface.get_rect())
        if area.size != rect.size:
            self.forget()
            return
        self.pixels = surface.subsurface(area).copy()
        self.key, self.rect, self.data = key, pygame.Rect(rect), data

    def forget(self) -> None:
        self.key, self.pixels, self.data = None, None, None
