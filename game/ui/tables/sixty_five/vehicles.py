"""The '65 table's vehicles (7b, 8b, 9, 15d): counters turned to their facing with a
wedge on the front corner, the front arc of a picked vehicle, wrecks, and passengers
riding on top of their carrier (loaded) or peeking out from under it (unloaded)."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.core.memo import forget_on_new_game
from game.rules.sixty_five.helicopters.sight import is_helicopter
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.terrain.field import Field
from game.rules.sixty_five.vehicles.events import ApArmourDrawn, ApTargetingDrawn
from game.rules.sixty_five.vehicles.facing import front_hexes, neighbour
from game.rules.sixty_five.vehicles.moves import facing_of, is_vehicle
from game.ui.assets import Assets
from game.ui.tables.sixty_five.art import draw_counter
from game.ui.tables.sixty_five.board import BoardPicture
from game.ui.tables.sixty_five.helicopters import draw_helicopter

WEDGE = (250, 214, 90)
WRECK = (58, 54, 50)
WRECK_INK = (190, 150, 120)
ARC_FILL = (250, 214, 90, 60)
ARC_EDGE = (250, 214, 90)
RIDER = (250, 214, 90)  # the outline of a passenger riding on top (8b)


def front_angle(pic: BoardPicture, ground: Field, hex_id: str, facing: int) -> float:
    """The screen angle (radians, y down) from the hex centre to its front corner: the
    midpoint of the two hexes touching that corner, or of the one on the board."""
    cx, cy = pic.centre(hex_id)
    touching = [
        h for h in (neighbour(ground, hex_id, facing), neighbour(ground, hex_id, facing + 1)) if h
    ]
    if not touching:
        return 0.0
    xs = [pic.centre(h) for h in touching]
    mx, my = sum(p[0] for p in xs) / len(xs), sum(p[1] for p in xs) / len(xs)
    return math.atan2(my - cy, mx - cx)


def _key(counter: Counter, size: int, angle: float | None, assets: Assets) -> tuple[object, ...]:
    """What a counter's picture depends on (never its id: the name is the type's)."""
    turn = None if angle is None else round(angle, 3)
    return (id(assets), counter.type.id, counter.reduced, counter.shaken, counter.marker,
            size, turn)  # fmt: skip


_PICTURES: dict[tuple[object, ...], pygame.Surface] = {}
forget_on_new_game(_PICTURES.clear)


def counter_picture(
    assets: Assets, counter: Counter, size: int, angle: float | None = None
) -> pygame.Surface:
    """The counter drawn on a transparent square with room around it for its shadow,
    badge and marker tag (a third of ``size`` each side); with ``angle``, turned so that
    its upper-left corner (the Targeting Modifier's, the front, 15d) points along
    ``angle`` (radians, screen y down), with a wedge on that corner. Remembered: a
    table redraws the same counters every frame."""
    key = _key(counter, size, angle, assets)
    known = _PICTURES.get(key)
    if known is not None:
        return known
    pad = size // 3
    flat = pygame.Surface((size + 2 * pad, size + 2 * pad), pygame.SRCALPHA)
    inner = pygame.Rect(pad, pad, size, size)
    draw_counter(flat, assets, inner, counter)
    if angle is not None:
        c = inner.topleft
        w = max(5, size // 4)
        pygame.draw.polygon(flat, WEDGE, [c, (c[0] + w, c[1]), (c[0], c[1] + w)])
        pygame.draw.polygon(flat, (0, 0, 0), [c, (c[0] + w, c[1]), (c[0], c[1] + w)], 1)
        # the upper-left corner points at 225 degrees (screen, y down); turn it to ``angle``
        flat = pygame.transform.rotate(flat, -(math.degrees(angle) - 225.0))
    if len(_PICTURES) > 600:
        _PICTURES.clear()
    _PICTURES[key] = flat
    return flat


def draw_vehicle(
    surface: pygame.Surface,
    assets: Assets,
    rect: pygame.Rect,
    counter: Counter,
    angle: float,
) -> None:
    """15d: the counter turned so that its upper-left corner (the Targeting Modifier's,
    the front) points along ``angle``, with a wedge on that corner."""
    picture = counter_picture(assets, counter, rect.width, angle)
    surface.blit(picture, picture.get_rect(center=rect.center))


def draw_upright(
    surface: pygame.Surface, assets: Assets, rect: pygame.Rect, counter: Counter
) -> None:
    """A counter without facing, from the remembered pictures."""
    picture = counter_picture(assets, counter, rect.width)
    surface.blit(picture, picture.get_rect(center=rect.center))


def draw_wreck(surface: pygame.Surface, pic: BoardPicture, hex_id: str) -> None:
    """9: a wreck, a dark flipped counter tucked into the hex's lower-left corner."""
    size = max(12, round(pic.hex_size() * 0.38))
    cx, cy = pic.centre(hex_id)
    box = pygame.Rect(0, 0, size, size)
    box.center = (cx - round(pic.hex_size() * 0.3), cy + round(pic.hex_size() * 0.25))
    pygame.draw.rect(surface, (0, 0, 0), box.move(2, 2), border_radius=3)
    pygame.draw.rect(surface, WRECK, box, border_radius=3)
    pygame.draw.line(surface, WRECK_INK, box.topleft, box.bottomright, 2)
    pygame.draw.line(surface, WRECK_INK, box.bottomleft, box.topright, 2)
    pygame.draw.rect(surface, WRECK_INK, box, 1, border_radius=3)


def draw_front_arc(
    surface: pygame.Surface, pic: BoardPicture, ground: Field, counter: Counter
) -> None:
    """15d: a picked vehicle's two front hexes shaded and the edges of its front arc."""
    if counter.hex is None:
        return
    overlay = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    for h in front_hexes(ground, counter.hex, facing_of(counter)):
        pygame.draw.polygon(overlay, ARC_FILL, pic.outline(h))
    surface.blit(overlay, (0, 0))
    cx, cy = pic.centre(counter.hex)
    reach = pic.hex_size() * 3.2
    facing = facing_of(counter)
    for side in (facing - 1, facing + 1):  # the corners beside the front corner
        a = front_angle(pic, ground, counter.hex, side % 6)
        end = (cx + reach * math.cos(a), cy + reach * math.sin(a))
        pygame.draw.line(surface, ARC_EDGE, (cx, cy), end, 2)


def drawn_order(units: Sequence[Counter]) -> list[Counter]:
    """A hex's counters in the order they are drawn, the bottom first: Leg units, then
    vehicles, then helicopters, then loaded passengers (8b, 17b)."""
    riders = [u for u in units if u.carrier is not None]
    ground_units = [u for u in units if u.carrier is None]
    return sorted(ground_units, key=lambda u: (is_helicopter(u), is_vehicle(u))) + riders


def top_first(units: Sequence[Counter]) -> list[Counter]:
    """A hex's counters from the one drawn on top down (a click on a stack takes the top
    one, and each further click the next one down)."""
    return drawn_order(units)[::-1]


def draw_stack(
    surface: pygame.Surface,
    assets: Assets,
    pic: BoardPicture,
    ground: Field | None,
    units: Sequence[Counter],
    size: int,
) -> None:
    """One hex's counters: Leg units first (unloaded ones peek out under a vehicle,
    8b), then the vehicle turned to its facing, then its loaded passengers small on top
    of it, to the upper right."""
    if not units:
        return
    hex_id = units[0].hex
    assert hex_id is not None
    cx, cy = pic.centre(hex_id)
    drawn = drawn_order(units)
    riders = [u for u in drawn if u.carrier is not None]
    order = [u for u in drawn if u.carrier is None]
    n = len(order)
    step = min(5, max(2, size // 8))
    for k, u in enumerate(order):
        rect = pygame.Rect(0, 0, size, size)
        rect.center = (
            round(cx + (k - (n - 1) / 2) * step),
            round(cy + 2 - (k - (n - 1) / 2) * step),
        )
        if is_helicopter(u):  # 17b: drawn by its mode, above the ground units
            draw_helicopter(surface, assets, pic, ground, rect, u)
        elif is_vehicle(u) and ground is not None and u.type.facing:
            draw_vehicle(surface, assets, rect, u, front_angle(pic, ground, hex_id, facing_of(u)))
        else:
            draw_upright(surface, assets, rect, u)
    small = max(12, round(size * 0.55))
    for k, u in enumerate(riders):  # 8b: on top, overlapping the carrier's top edge
        rect = pygame.Rect(0, 0, small, small)
        rect.center = (cx + k * (small // 2), cy - size // 2)
        draw_upright(surface, assets, rect, u)
        pygame.draw.rect(surface, RIDER, rect.inflate(2, 2), 1, border_radius=3)


#: 15: draws that went the firer's way (shown like a Hit card): a hit, a kill
AP_GOOD = frozenset({"hit", "turret hit", "destroyed", "destroy card"})


def ap_outcome_text(event: ApTargetingDrawn | ApArmourDrawn) -> str:
    """15: what an AP draw came to, in a few words: the targeting card against the to-hit
    number, then the armour card's bonus against the armour."""
    if isinstance(event, ApTargetingDrawn):
        return f"to-hit {event.to_hit}: {event.result}"
    words = {"destroyed": "destroyed", "destroy card": "Destroy!", "shaken": "Shake!",
             "dud": "Dud!", "bounced": "no effect"}  # fmt: skip
    said = words.get(event.result, event.result)
    return f"APF {event.modified_apf} vs armour {event.armour}: {said}"
