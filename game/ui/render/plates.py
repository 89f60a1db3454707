"""Where a zone's name plate goes on a board: beside the zone, clear of the models.

Tables that draw named zones (objectives, victory zones) over models use this so the name
stays readable when a model stands where the plate would go.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame


def clear_spot(
    size: tuple[int, int], zone: pygame.Rect, avoid: Sequence[pygame.Rect], inside: pygame.Rect
) -> pygame.Rect:
    """A ``size`` plate for the zone whose screen bounds are ``zone``: over it, under it,
    just inside its top edge or just inside its bottom edge, the first that covers none
    of ``avoid`` (the models' footprints), each kept within ``inside`` (the board); the
    first place when every one covers something."""
    places = []
    for anchor, at in (
        ("midbottom", (zone.centerx, zone.top - 3)),
        ("midtop", (zone.centerx, zone.bottom + 3)),
        ("midtop", (zone.centerx, zone.top + 3)),
        ("midbottom", (zone.centerx, zone.bottom - 3)),
    ):
        spot = pygame.Rect((0, 0), size)
        setattr(spot, anchor, at)
        places.append(spot.clamp(inside))
    return next((s for s in places if s.collidelist(list(avoid)) < 0), places[0])
