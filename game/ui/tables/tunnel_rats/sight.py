"""Enemies in sight: who they are, and an arrow at the map's edge for each one off screen.

"In sight" for the side at the controls: for the rats, the defenders their flashlights
show (the fog view holds only those; an open table's view holds every defender, so
there only those on lit ground count); for the defenders, the rats they have spotted.
A spectator has no side and no list.

Each enemy in sight on the shown level is on screen or marked by an arrow on the
map's edge pointing at him, with his name; clicking the arrow (or his name in the
"In sight" row of the prompt) pans the map to him.
"""

from __future__ import annotations

import math

import pygame

from game.rules.tunnel_rats.figures import Enemy, Rat
from game.rules.tunnel_rats.view import TRView
from game.ui import theme
from game.ui.assets import Assets
from game.ui.render.view import MapView

ARROW_FILL = (200, 60, 40)
EDGE = 22  # pixels between the viewport's edge and an arrow's tip


def in_sight(view: TRView) -> list[Rat | Enemy]:
    """The opponents the side at the controls sees now (see the module docstring)."""
    if view.seat == 0:
        return [
            e
            for e in view.enemies
            if e.alive and (view.explored is not None or e.cell in view.visible[e.level])
        ]
    if view.seat == 1:
        return [r for r in view.rats if r.alive and r.spotted]
    return []


def off_screen(mv: MapView, viewport: pygame.Rect, fig: Rat | Enemy) -> bool:
    """Whether ``fig``'s cell centre lies outside ``viewport`` (less half a cell)."""
    x, y = mv.cell_centre(fig.cell)
    half = max(4, round(mv.map.tile_width * mv.zoom / 2))
    return not viewport.inflate(-half, -half).collidepoint(x, y)


def draw_edge_arrows(
    surface: pygame.Surface,
    assets: Assets,
    mv: MapView,
    viewport: pygame.Rect,
    figures: list[Rat | Enemy],
) -> list[tuple[pygame.Rect, str]]:
    """An arrow at the edge of ``viewport`` for each of ``figures`` off screen, pointing
    at him and labelled with his id; returns each arrow's clickable box and the id."""
    out: list[tuple[pygame.Rect, str]] = []
    cx, cy = viewport.center
    inner = viewport.inflate(-2 * EDGE, -2 * EDGE)
    for fig in figures:
        if not off_screen(mv, viewport, fig):
            continue
        tx, ty = mv.cell_centre(fig.cell)
        dx, dy = tx - cx, ty - cy
        if dx == 0 and dy == 0:
            continue
        # where the line from the centre towards him leaves the inner rectangle
        sx = (inner.width / 2) / abs(dx) if dx else math.inf
        sy = (inner.height / 2) / abs(dy) if dy else math.inf
        s = min(sx, sy)
        px, py = cx + dx * s, cy + dy * s
        angle = math.atan2(dy, dx)
        tip = (px + math.cos(angle) * 10, py + math.sin(angle) * 10)
        back = 16
        left = (
            px - math.cos(angle) * back + math.cos(angle + math.pi / 2) * 11,
            py - math.sin(angle) * back + math.sin(angle + math.pi / 2) * 11,
        )
        right = (
            px - math.cos(angle) * back - math.cos(angle + math.pi / 2) * 11,
            py - math.sin(angle) * back - math.sin(angle + math.pi / 2) * 11,
        )
        pygame.draw.polygon(surface, ARROW_FILL, (tip, left, right))
        pygame.draw.polygon(surface, theme.TEXT, (tip, left, right), 2)
        label = assets.text(fig.name, 18, theme.TEXT)
        lx = px - math.cos(angle) * (back + 14)
        ly = py - math.sin(angle) * (back + 14)
        box = label.get_rect(center=(round(lx), round(ly)))
        box.clamp_ip(viewport)
        pygame.draw.rect(surface, (20, 16, 14), box.inflate(8, 4), border_radius=4)
        pygame.draw.rect(surface, ARROW_FILL, box.inflate(8, 4), 1, border_radius=4)
        surface.blit(label, box)
        hit = pygame.Rect(round(px) - 18, round(py) - 18, 36, 36).union(box.inflate(8, 4))
        out.append((hit, fig.id))
    return out
