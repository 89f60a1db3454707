"""What the RatFight table draws: models as based miniatures, vehicles with their facing,
the action card turned over, and resolution cards as real playing cards (the miniatures'
bases and the cards are the shared ones of ``game.ui.render.miniature``).

Sizes come from the table (hundredths of an inch -> screen pixels), so a 1" base is
drawn 1" wide at any zoom (at least ``MIN_RADIUS_PX``). Colours: side 0 blue, side 1
red; infantry is a top-down figure on a base ring in its side's colour, lying on its side
when Down (``render.miniature``); an abandoned vehicle is grey.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

from game.maps.tabletop_measure import outline
from game.rules.ratfight.data import ActionCardSpec, CardKind
from game.rules.ratfight.model import Figure, Status
from game.ui import theme
from game.ui.assets import Assets
from game.ui.render.miniature import RGB, draw_miniature, shade
from game.ui.toolkit.no_chance import GREY_EDGE, GREY_FILL, GREY_TEXT
from game.ui.widgets import blit_fitted, blit_text

SIDE_COLOURS: tuple[RGB, RGB] = ((70, 130, 235), (220, 70, 60))
WRECK = (120, 120, 120)
MIN_RADIUS_PX = 10
CARD_KIND_TEXT = {
    CardKind.MOVE_INFANTRY: "move infantry",
    CardKind.MOVE_VEHICLE: "move vehicles",
    CardKind.FIRE: "fire",
    CardKind.TURN_END: "the turn ends",
}

#: table point (hundredths) -> screen position
ToScreen = Callable[[Sequence[float]], tuple[float, float]]


def base_radius(fig: Figure, px_per_hundredth: float) -> int:
    """An infantry base's radius on screen: the true base, at least ``MIN_RADIUS_PX`` so
    the figure reads when the whole table is shown."""
    return max(MIN_RADIUS_PX, round(fig.radius * px_per_hundredth))


def draw_figure(
    surface: pygame.Surface,
    fig: Figure,
    to_screen: ToScreen,
    px_per_hundredth: float,
    looks: float = 0.0,
) -> None:
    """One model where it stands: a based miniature (infantry; ``looks``: the degrees
    it is drawn looking toward, RatFight infantry having no facing in the rules) or its
    hull with its facing (vehicles)."""
    colour = SIDE_COLOURS[fig.side % 2]
    if fig.vehicle:
        _draw_vehicle(surface, fig, to_screen, colour)
        return
    r = base_radius(fig, px_per_hundredth)
    down = fig.status is Status.DOWN
    centre = to_screen(fig.pos)
    draw_miniature(surface, centre, r, colour, looks, down=down, leader=bool(fig.leader))


def looking(fig: Figure, others: Sequence[Figure]) -> float:
    """Where an infantry model is drawn looking: at the nearest standing enemy (straight
    up the table without one); degrees clockwise from +x."""
    enemies = [o for o in others if o.side != fig.side and o.status is Status.UP]
    if not enemies:
        return 90.0 if fig.side % 2 else 270.0
    near = min(enemies, key=lambda o: math.dist(o.pos, fig.pos))
    return math.degrees(math.atan2(near.pos[1] - fig.pos[1], near.pos[0] - fig.pos[0]))


def figure_rect(fig: Figure, to_screen: ToScreen, px_per_hundredth: float) -> pygame.Rect:
    """The screen area a model covers: its base, or its hull's bounding box."""
    if fig.vehicle:
        corners = [to_screen(p) for p in outline(fig.shape())]
        xs, ys = [c[0] for c in corners], [c[1] for c in corners]
        return pygame.Rect(
            round(min(xs)), round(min(ys)), round(max(xs) - min(xs)), round(max(ys) - min(ys))
        )
    r = base_radius(fig, px_per_hundredth)
    x, y = to_screen(fig.pos)
    return pygame.Rect(round(x) - r, round(y) - r, 2 * r, 2 * r)


def _draw_vehicle(surface: pygame.Surface, fig: Figure, to_screen: ToScreen, colour: RGB) -> None:
    corners = [to_screen(p) for p in outline(fig.shape())]
    fill = WRECK if fig.status is Status.ABANDONED else colour
    pygame.draw.polygon(surface, shade(fill, 0.75), corners)
    pygame.draw.polygon(surface, (0, 0, 0), corners, 2)
    cx, cy = to_screen(fig.pos)
    length = math.hypot(corners[0][0] - corners[1][0], corners[0][1] - corners[1][1])
    reach = max(length, 12.0) * 0.5
    a = math.radians(fig.facing)
    tip = (cx + math.cos(a) * reach, cy + math.sin(a) * reach)
    pygame.draw.line(surface, (0, 0, 0), (cx, cy), tip, 5)
    pygame.draw.line(surface, (255, 255, 255), (cx, cy), tip, 3)
    pygame.draw.circle(surface, (255, 255, 255), tip, 3)


def draw_vehicle_damage(
    surface: pygame.Surface, assets: Assets, fig: Figure, to_screen: ToScreen
) -> None:
    """A vehicle's accumulated damage as a number on a plate beside it."""
    if not fig.vehicle or fig.damage <= 0:
        return
    x, y = to_screen(fig.pos)
    blit_text(
        surface,
        assets,
        f"dmg {fig.damage}",
        16,
        (round(x), round(y) - 22),
        (255, 200, 120),
        "center",
    )


def draw_action_card(
    surface: pygame.Surface, assets: Assets, rect: pygame.Rect, spec: ActionCardSpec | None
) -> None:
    """The action card turned over, large: its title and what it lets the player do."""
    pygame.draw.rect(surface, (0, 0, 0), rect.move(0, 3), border_radius=10)
    pygame.draw.rect(surface, (238, 228, 204), rect, border_radius=10)
    pygame.draw.rect(surface, (120, 96, 60), rect, 3, border_radius=10)
    if spec is None:
        blit_text(surface, assets, "No card turned", 22, rect.center, theme.INK, "center")
        return
    title = pygame.Rect(rect.left + 10, rect.top + 8, rect.width - 20, 30)
    blit_fitted(surface, assets, spec.title, 26, title, theme.INK)
    what = CARD_KIND_TEXT.get(spec.kind, spec.kind.value)
    if spec.allows is not None and spec.kind is not CardKind.TURN_END:
        count = (
            "every model"
            if spec.allows == 0
            else f"up to {spec.allows} model" + ("s" if spec.allows > 1 else "")
        )
        what = f"{what}: {count}"
    line = pygame.Rect(rect.left + 10, rect.top + 42, rect.width - 20, 24)
    blit_fitted(surface, assets, what, 20, line, (70, 50, 30))


OBJECTIVE = (250, 214, 90)


def draw_objective(
    surface: pygame.Surface,
    corners: Sequence[tuple[float, float]],
    holder: RGB | None,
) -> None:
    """An objective zone: a gold outline over a light wash, gold, or in the colour of
    the side whose model stands at it (a point objective: a gold ring)."""
    if len(corners) >= 3:
        box = _bounds(corners)
        wash = pygame.Surface(box.size, pygame.SRCALPHA)
        points = [(x - box.left, y - box.top) for x, y in corners]
        pygame.draw.polygon(wash, (*(holder or OBJECTIVE), 70), points)
        surface.blit(wash, box.topleft)
        pygame.draw.polygon(surface, (0, 0, 0), corners, 4)
        pygame.draw.polygon(surface, OBJECTIVE, corners, 2)
    else:
        x, y = corners[0]
        pygame.draw.circle(surface, (0, 0, 0), (x, y), 12, 4)
        pygame.draw.circle(surface, OBJECTIVE, (x, y), 12, 2)


def objective_plate(
    assets: Assets,
    corners: Sequence[tuple[float, float]],
    name: str,
    avoid: Sequence[pygame.Rect],
    inside: pygame.Rect,
) -> tuple[pygame.Surface, pygame.Rect]:
    """The objective's name plate ("Objective: Fountain") and where it goes: under the
    zone, else over it, else just inside its top or bottom edge, whichever first covers
    none of ``avoid`` (the models); kept within ``inside`` (the board)."""
    label = assets.text(f"Objective: {name}", 16, theme.INK)
    plate = label.get_rect().inflate(10, 4)
    box = _bounds(corners) if len(corners) >= 3 else pygame.Rect(corners[0], (0, 12))
    places = []
    for anchor, at in (
        ("midtop", (box.centerx, box.bottom + 3)),
        ("midbottom", (box.centerx, box.top - 3)),
        ("midtop", (box.centerx, box.top + 3)),
        ("midbottom", (box.centerx, box.bottom - 3)),
    ):
        spot = plate.copy()
        setattr(spot, anchor, at)
        places.append(spot.clamp(inside))
    clear = next((s for s in places if s.collidelist(list(avoid)) < 0), places[0])
    return label, clear


def draw_plate(surface: pygame.Surface, label: pygame.Surface, plate: pygame.Rect) -> None:
    pygame.draw.rect(surface, OBJECTIVE, plate, border_radius=4)
    pygame.draw.rect(surface, (0, 0, 0), plate, 1, border_radius=4)
    surface.blit(label, label.get_rect(center=plate.center))


def _bounds(corners: Sequence[tuple[float, float]]) -> pygame.Rect:
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    return pygame.Rect(
        round(min(xs)), round(min(ys)), round(max(xs) - min(xs)), round(max(ys) - min(ys))
    )


def draw_choice(
    surface: pygame.Surface,
    assets: Assets,
    rect: pygame.Rect,
    label: str,
    key: str,
    hover: bool,
    grey: bool = False,
) -> None:
    """One numbered choice: a button whose label wraps to two lines (and shrinks) rather
    than run past its edge, with its key on a plate at the right; ``grey``: a shot with
    no chance, greyed."""
    pygame.draw.rect(surface, (0, 0, 0), rect.move(0, 2), border_radius=7)
    fill = GREY_FILL if grey else (72, 104, 84) if hover else (46, 70, 58)
    pygame.draw.rect(surface, fill, rect, border_radius=7)
    edge = theme.ACCENT if hover else GREY_EDGE if grey else (120, 140, 126)
    pygame.draw.rect(surface, edge, rect, width=2, border_radius=7)
    hint = assets.text(key, 18, theme.INK)
    plate = hint.get_rect().inflate(10, 4)
    plate.midright = (rect.right - 6, rect.centery)
    pygame.draw.rect(surface, theme.ACCENT, plate, border_radius=4)
    surface.blit(hint, hint.get_rect(center=plate.center))
    text = pygame.Rect(rect.left + 8, rect.top + 2, plate.left - rect.left - 14, rect.height - 4)
    blit_fitted(surface, assets, label, 18, text, GREY_TEXT if grey else theme.TEXT, lines=2)
