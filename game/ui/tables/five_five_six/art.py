"""What the 5.56mm table draws on the board: characters as based miniatures with their
front and field of sight, wounds on the model, the marks only their own side sees
(Hiding, Stealth), the shot and the grenade's scatter of the last action, and the
darkness of a night table.

Sizes come from the table (hundredths of an inch -> screen pixels), but a base is never
drawn smaller than ``MIN_RADIUS_PX`` so a model reads on a 1280x720 window (the rules
measure the true 1" base). Colours: the black-card side blue, the red-card side red;
each model carries a short name tag in its side's colour; the acting model a gold ring
and a gold tag. An incapacitated character lies on his side; a reserve or dead
character is not on the table and is not drawn.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.maps.tabletop import Light, Point, TableFeature
from game.rules.five_five_six.combat.injury import Wound
from game.rules.five_five_six.model import FIELD_OF_SIGHT, RADIUS, Character, Status
from game.ui.assets import Assets
from game.ui.render.miniature import RGB, draw_arc, draw_front, draw_miniature
from game.ui.render.name_tags import NAME_SIZE, pill
from game.ui.render.plates import clear_spot
from game.ui.toolkit.effects import Effect
from game.ui.widgets import blit_text

SIDE_COLOURS: tuple[RGB, RGB] = ((80, 140, 230), (215, 70, 60))
WOUND_COLOURS: dict[Wound, RGB] = {
    Wound.MINOR: (250, 220, 90),
    Wound.SERIOUS: (250, 150, 50),
    Wound.CRITICAL: (235, 60, 50),
    Wound.MORTAL: (150, 20, 30),
    Wound.DEAD: (40, 40, 40),
}
HIDDEN_RING = (170, 240, 170)
STEALTH_RING = (150, 200, 255)
COVER_RING = (255, 170, 60)
SCATTER = (255, 120, 40)
TRACER = (255, 240, 150)
GAS = (215, 225, 120)
#: how dark the table is drawn at each light level (alpha of a night-blue veil)
DARKNESS: dict[str, int] = {"full": 0, "low": 110, "none": 170}
NIGHT = (8, 12, 34)
LIGHT_TEXT: dict[str, str] = {"full": "Daylight", "low": "Low light", "none": "No light"}
SIGHT_REACH_IN = 6  # inches of the field of sight drawn in front of the acting model
MIN_RADIUS_PX = 11
ACTING = (255, 214, 60)
OBJECTIVE = (255, 200, 40)

#: table point (hundredths) -> screen position
ToScreen = Callable[[Sequence[float]], tuple[float, float]]


@dataclass
class Walk(Effect):
    """A character sliding from ``start`` to ``end`` (hundredths)."""

    character: str = ""
    start: Point = (0, 0)
    end: Point = (0, 0)


def walking_of(character_id: str) -> Callable[[Walk], bool]:
    """Matches the walk of one character (a new walk replaces his last one)."""

    def matches(walk: Walk) -> bool:
        return walk.character == character_id

    return matches


@dataclass
class Banner(Effect):
    """A clear moment: a new turn, a Joker, the light changing, the game's end."""

    lines: tuple[str, ...] = ()


@dataclass
class Tracer(Effect):
    """A shot flying from the firer to the target: a bright line that fades."""

    start: Point = (0, 0)
    end: Point = (0, 0)
    hit: bool = False


@dataclass
class Scatter(Effect):
    """A grenade aimed at ``at`` that went off at ``landed``: the aim point, the
    scatter line and the blast marked where it burst."""

    at: Point = (0, 0)
    landed: Point = (0, 0)


def where_drawn(character: Character, walks: Sequence[Walk]) -> Point:
    """Where a character is drawn now: along his walk while it plays, else his place."""
    for w in walks:
        if w.character == character.id:
            f = w.eased
            return (
                round(w.start[0] + (w.end[0] - w.start[0]) * f),
                round(w.start[1] + (w.end[1] - w.start[1]) * f),
            )
    return character.pos


def draw_character(
    surface: pygame.Surface,
    assets: Assets,
    character: Character,
    centre: tuple[float, float],
    px_per_hundredth: float,
    *,
    own: bool,
) -> None:
    """One character: his base, his front, his wounds as pips on the rim (worst
    colours), and, for his own side only, rings for Hiding (dashed green) and Stealth
    (blue); an orange ring for Covering Fire (everybody sees a man watching)."""
    colour = SIDE_COLOURS[character.side % 2]
    r = model_radius(px_per_hundredth)
    down = character.status is Status.INCAPACITATED
    draw_miniature(
        surface, centre, r, colour, character.facing, down=down, leader=character.profile.leader
    )
    if not down:
        draw_front(surface, centre, r, character.facing)
    for k, wound in enumerate(sorted(character.wounds, reverse=True)[:4]):
        a = math.radians(135 + 30 * k)
        pip = (centre[0] + math.cos(a) * (r + 1), centre[1] + math.sin(a) * (r + 1))
        pygame.draw.circle(surface, (250, 250, 250), pip, 6)
        pygame.draw.circle(surface, WOUND_COLOURS[wound], pip, 5)
    if character.covering:
        pygame.draw.circle(surface, COVER_RING, centre, r + 6, 2)
    if own and character.hidden:
        _dashed_ring(surface, centre, r + 9, HIDDEN_RING)
        blit_text(
            surface,
            assets,
            "H",
            16,
            (round(centre[0]) + r + 4, round(centre[1]) - r - 4),
            HIDDEN_RING,
            "center",
        )
    elif own and character.stealth:
        pygame.draw.circle(surface, STEALTH_RING, centre, r + 8, 2)
        blit_text(
            surface,
            assets,
            "S",
            16,
            (round(centre[0]) + r + 4, round(centre[1]) - r - 4),
            STEALTH_RING,
            "center",
        )


def model_radius(px_per_hundredth: float) -> int:
    """A base's radius on screen: the true 1" base, at least ``MIN_RADIUS_PX``."""
    return max(MIN_RADIUS_PX, round(RADIUS * px_per_hundredth))


def short_name(name: str) -> str:
    """The tag of a model: the last word of his name (``Sgt "Guts" Johnson`` ->
    ``Johnson``)."""
    words = name.replace("'", " ").replace('"', " ").split()
    return words[-1] if words else name


def draw_acting_mark(surface: pygame.Surface, centre: tuple[float, float], radius: int) -> None:
    """The model whose go it is: a gold ring round his base and a gold chevron above."""
    x, y = centre
    pygame.draw.circle(surface, (0, 0, 0), centre, radius + 7, 5)
    pygame.draw.circle(surface, ACTING, centre, radius + 6, 3)
    top = y - radius - 10
    chevron = [(x - 7, top - 9), (x + 7, top - 9), (x, top)]
    pygame.draw.polygon(surface, (0, 0, 0), [(x - 9, top - 10), (x + 9, top - 10), (x, top + 2)])
    pygame.draw.polygon(surface, ACTING, chevron)


def draw_objectives(
    surface: pygame.Surface, assets: Assets, features: Sequence[TableFeature], to_screen: ToScreen
) -> None:
    """The scenario's objectives on the map: a dashed gold outline (the names go over
    the models: ``draw_zone_names``)."""
    for feature in features:
        if feature.kind != "objective" or not feature.area:
            continue
        pts = [to_screen(p) for p in feature.outline]
        ring = [*pts, pts[0]]
        for (ax, ay), (bx, by) in zip(ring, ring[1:], strict=False):
            steps = max(1, int(math.hypot(bx - ax, by - ay) // 8))
            for k in range(0, steps, 2):
                a = (ax + (bx - ax) * k / steps, ay + (by - ay) * k / steps)
                b = (ax + (bx - ax) * (k + 1) / steps, ay + (by - ay) * (k + 1) / steps)
                pygame.draw.line(surface, (0, 0, 0), a, b, 5)
                pygame.draw.line(surface, OBJECTIVE, a, b, 3)


def draw_zone_names(
    surface: pygame.Surface,
    assets: Assets,
    features: Sequence[TableFeature],
    to_screen: ToScreen,
    avoid: Sequence[pygame.Rect],
) -> None:
    """Each objective's name in a dark pill beside its outline, where it covers none of
    ``avoid`` (the models) if it can: over it, under it or just inside it."""
    inside = surface.get_clip()
    for feature in features:
        if feature.kind != "objective" or not feature.area:
            continue
        pts = [to_screen(p) for p in feature.outline]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        zone = pygame.Rect(round(min(xs)), round(min(ys)), round(max(xs) - min(xs)), 0)
        zone.height = round(max(ys) - min(ys))
        image = assets.text(feature.name or "Objective", NAME_SIZE, OBJECTIVE)
        box = clear_spot(image.get_rect().inflate(8, 2).size, zone, avoid, inside)
        surface.blit(pill(box.size), box)
        surface.blit(image, image.get_rect(center=box.center))


def _dashed_ring(
    surface: pygame.Surface, centre: tuple[float, float], radius: int, colour: RGB
) -> None:
    for k in range(12):
        a0, a1 = math.radians(30 * k), math.radians(30 * k + 18)
        rect = pygame.Rect(0, 0, 2 * radius, 2 * radius)
        rect.center = (round(centre[0]), round(centre[1]))
        pygame.draw.arc(surface, colour, rect, -a1, -a0, 2)


def draw_field_of_sight(
    surface: pygame.Surface, character: Character, centre: tuple[float, float], px: float
) -> None:
    """2.0: the 180-degree field of sight in front of the model, drawn 6" deep."""
    reach = SIGHT_REACH_IN * 100 * px
    draw_arc(surface, centre, reach, character.facing, FIELD_OF_SIGHT, (250, 240, 200), 34)


def draw_tracer(surface: pygame.Surface, tracer: Tracer, to_screen: ToScreen) -> None:
    a, b = to_screen(tracer.start), to_screen(tracer.end)
    f = tracer.f
    tip = (a[0] + (b[0] - a[0]) * min(1.0, f * 2), a[1] + (b[1] - a[1]) * min(1.0, f * 2))
    pygame.draw.line(surface, (0, 0, 0), a, tip, 4)
    pygame.draw.line(surface, TRACER if tracer.hit else (200, 200, 200), a, tip, 2)
    if f >= 0.5:
        pygame.draw.circle(surface, (255, 80, 60) if tracer.hit else (220, 220, 220), b, 6, 2)


def draw_scatter(
    surface: pygame.Surface, assets: Assets, scatter: Scatter, to_screen: ToScreen, px: float
) -> None:
    """The aim point (a cross), the line to where the grenade burst and a 2" ring there."""
    a, b = to_screen(scatter.at), to_screen(scatter.landed)
    for dx, dy in ((-6, -6), (-6, 6)):
        pygame.draw.line(surface, (0, 0, 0), (a[0] + dx, a[1] + dy), (a[0] - dx, a[1] - dy), 4)
        pygame.draw.line(
            surface, (250, 250, 250), (a[0] + dx, a[1] + dy), (a[0] - dx, a[1] - dy), 2
        )
    if scatter.at != scatter.landed:
        pygame.draw.line(surface, (0, 0, 0), a, b, 4)
        pygame.draw.line(surface, SCATTER, a, b, 2)
        blit_text(
            surface, assets, "scatter", 16, (round(b[0]), round(b[1]) + 14), SCATTER, "midtop"
        )
    ring = max(6, round(200 * px * (0.5 + scatter.f)))
    pygame.draw.circle(surface, (0, 0, 0), b, ring + 1, 3)
    pygame.draw.circle(surface, SCATTER, b, ring, 2)


def draw_gas_cloud(
    surface: pygame.Surface,
    assets: Assets,
    at: tuple[float, float],
    radius_px: float,
) -> None:
    """7.84: a CS gas cloud lingering where its grenade went off; its rim is the 4" within
    which a character tests (a translucent haze with an outline and a label)."""
    r = max(6, round(radius_px))
    haze = pygame.Surface((2 * r + 2, 2 * r + 2), pygame.SRCALPHA)
    pygame.draw.circle(haze, (*GAS, 70), (r + 1, r + 1), r)
    surface.blit(haze, (round(at[0]) - r - 1, round(at[1]) - r - 1))
    pygame.draw.circle(surface, GAS, at, r, 2)
    blit_text(surface, assets, "CS gas", 16, (round(at[0]), round(at[1]) - r - 2), GAS, "midbottom")


def draw_live_grenade(
    surface: pygame.Surface, assets: Assets, at: tuple[float, float], px: float
) -> None:
    """3.2: a grenade lying live where it landed, waiting to be thrown back or go off."""
    r = max(4, round(25 * px))
    pygame.draw.circle(surface, (0, 0, 0), at, r + 2)
    pygame.draw.circle(surface, (70, 90, 50), at, r)
    pygame.draw.circle(surface, SCATTER, at, r + 8, 2)
    blit_text(
        surface,
        assets,
        "live grenade",
        16,
        (round(at[0]), round(at[1]) + r + 10),
        SCATTER,
        "midtop",
    )


class NightVeil:
    """The darkness laid over the board at night: one translucent surface per board
    size and light level, made once (a blit per frame)."""

    def __init__(self) -> None:
        self._key: tuple[tuple[int, int], str] | None = None
        self._veil: pygame.Surface | None = None

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, light: Light) -> None:
        alpha = DARKNESS.get(light, 0)
        if alpha == 0:
            return
        key = (rect.size, light)
        if self._key != key or self._veil is None:
            self._veil = pygame.Surface(rect.size, pygame.SRCALPHA)
            self._veil.fill((*NIGHT, alpha))
            self._key = key
        surface.blit(self._veil, rect.topleft)
