"""Name tags of the models on a tabletop table (RatFight, 5.56mm): a name in a dark
pill under its model, else over it, placed in order of importance (the acting and picked
models first) and left out where it would cover an earlier tag or another model."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.core.memo import forget_on_new_game
from game.ui.assets import Assets

RGB = tuple[int, int, int]
NAME_SIZE = 16  # px of the name tags


@functools.lru_cache(maxsize=64)
def pill(size: tuple[int, int]) -> pygame.Surface:
    """A translucent dark rounded box of ``size`` under a tag's text (made once a size)."""
    box = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(box, (12, 12, 16, 205), box.get_rect(), border_radius=4)
    return box


forget_on_new_game(pill.cache_clear)  # the next game's names have other sizes


@dataclass(frozen=True)
class NameTag:
    """A name to show under (or over) a model at ``centre`` with a base of ``radius``
    pixels; ``colour`` of its text; lower ``rank`` is placed first."""

    text: str
    centre: tuple[float, float]
    radius: int
    colour: RGB
    rank: int


def draw_name_tags(surface: pygame.Surface, assets: Assets, tags: Sequence[NameTag]) -> None:
    """Each tag in a dark pill under its model, else over it; a tag that would cover
    an earlier one (or another model's base) is left out (the acting and picked models
    come first), so crowded corners stay readable."""
    bases = [
        pygame.Rect(
            round(t.centre[0]) - t.radius, round(t.centre[1]) - t.radius, 2 * t.radius, 2 * t.radius
        )
        for t in tags
    ]
    placed: list[pygame.Rect] = []
    for tag in sorted(tags, key=lambda t: t.rank):
        image = assets.text(tag.text, NAME_SIZE, tag.colour)
        box = pygame.Rect(0, 0, image.get_width() + 6, image.get_height() + 1)
        x, y = round(tag.centre[0]), round(tag.centre[1])
        for anchor in ("below", "above"):
            if anchor == "below":
                box.midtop = (x, y + tag.radius + 3)
            else:
                box.midbottom = (x, y - tag.radius - 3)
            clear = not any(box.colliderect(r) for r in placed)
            if clear and (tag.rank == 0 or not any(box.colliderect(b) for b in bases)):
                break
        else:
            continue
        placed.append(box)
        surface.blit(pill(box.size), box)
        surface.blit(image, (box.left + 3, box.top + 1))
