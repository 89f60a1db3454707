"""The '65 table's helicopters (17): each drawn by its mode (Flying: raised up and to
the left over its shadow; Hovering: a ring marker round it; Landed: on a pad), turned to
its facing like a vehicle; and the blind spots of a picked airborne helicopter in the
line-of-sight preview (17d)."""

from __future__ import annotations

from collections.abc import Collection

import pygame

from game.rules.sixty_five.helicopters.rules import blind_spots
from game.rules.sixty_five.helicopters.sight import airborne, helicopter_sees, unit_sight
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.terrain.field import Field
from game.rules.sixty_five.vehicles.data import load_vehicle_data
from game.rules.sixty_five.vehicles.moves import facing_of
from game.ui.assets import Assets
from game.ui.tables.sixty_five.board import BoardPicture

SHADOW = (0, 0, 0, 110)
HOVER_RING = (120, 220, 255)
PAD = (70, 74, 78)
PAD_RING = (235, 235, 235)
BLIND = (20, 20, 30, 120)  # a hex a picked airborne helicopter cannot see
BLIND_EDGE = (120, 220, 255)


def lift(size: int) -> tuple[int, int]:
    """How far a Flying helicopter is drawn up and to the left of its hex (pixels)."""
    return (-max(3, size // 7), -max(4, size // 5))


def draw_helicopter(
    surface: pygame.Surface,
    assets: Assets,
    pic: BoardPicture,
    ground: Field | None,
    rect: pygame.Rect,
    counter: Counter,
) -> None:
    """17b: the counter by its mode, turned to its facing (its front wedge, 15d)."""
    from game.ui.tables.sixty_five.vehicles import counter_picture, front_angle

    size = rect.width
    angle = None
    if ground is not None and counter.hex is not None:
        angle = front_angle(pic, ground, counter.hex, facing_of(counter))
    picture = counter_picture(assets, counter, size, angle)
    mode = counter.mode or "flying"
    if mode == "landed":
        r = round(size * 0.8)  # wider than the turned counter
        pygame.draw.circle(surface, PAD, rect.center, r)
        pygame.draw.circle(surface, PAD_RING, rect.center, r, 2)
        surface.blit(picture, picture.get_rect(center=rect.center))
        return
    if mode == "hovering":
        shade = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.ellipse(shade, SHADOW, shade.get_rect().inflate(-size // 5, -size // 3))
        surface.blit(shade, rect.move(size // 12, size // 8))
        surface.blit(picture, picture.get_rect(center=rect.center))
        r = round(size * 0.8)
        for k in range(12):  # a dashed ring: the Hovering marker
            if k % 2 == 0:
                arc = pygame.Rect(0, 0, 2 * r, 2 * r)
                arc.center = rect.center
                start = k * 3.14159 / 6
                pygame.draw.arc(surface, HOVER_RING, arc, start, start + 3.14159 / 6, 3)
        return
    dx, dy = lift(size)
    shade = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(shade, SHADOW, shade.get_rect().inflate(-size // 8, -size // 8), 0, 6)
    surface.blit(shade, rect.move(-dx, -dy))
    surface.blit(picture, picture.get_rect(center=rect.move(dx, dy).center))


def sight(ground: Field, picked: Counter, hex_id: str, others: Collection[Counter]) -> bool:
    """14, 17d: whether the picked unit sees ``hex_id``: by its own helicopter line
    when airborne, or toward an airborne helicopter standing there."""
    assert picked.hex is not None
    rules = load_vehicle_data().rules.helicopter
    if airborne(picked):
        return helicopter_sees(ground, picked.hex, hex_id, rules)
    for u in others:
        if u.hex == hex_id and airborne(u):
            return unit_sight(ground, picked, u)
    return ground.los(picked.hex, hex_id)


def draw_blind_spots(
    surface: pygame.Surface, pic: BoardPicture, ground: Field, picked: Counter
) -> list[str]:
    """17d: shade the hexes a picked Flying or Hovering helicopter cannot see (behind
    jungle, buildings, Smoke and the mountain); returns them."""
    if picked.hex is None or not airborne(picked):
        return []
    hidden = blind_spots(ground, picked.hex, load_vehicle_data().rules.helicopter)
    overlay = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    for h in hidden:
        pygame.draw.polygon(overlay, BLIND, pic.outline(h))
    surface.blit(overlay, (0, 0))
    for h in hidden:
        pygame.draw.polygon(surface, BLIND_EDGE, pic.outline(h), 1)
    return hidden
