"""What the RatFight table draws on the board for the picked model (see
``ratfight/table.py``): its move allowance and weapon ranges, rings round what it may attack,
a tape from it to the pointer, and over an enemy the line of sight and the box of what
the shot faces (``ratfight_odds``), placed clear of the models looked at."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rules.ratfight.actions import Fire
from game.rules.ratfight.model import Figure
from game.rules.ratfight.view import RatFightView
from game.ui.render.hover_box import draw_hover_box
from game.ui.render.table_overlay import Measure
from game.ui.tables.ratfight.art import figure_rect
from game.ui.tables.ratfight.choosing import aimed_at, moves

if TYPE_CHECKING:
    from game.ui.tables.ratfight.table import RatFightTable

SELECTED = (255, 255, 255)
MOVE_RING = (90, 170, 255)
RANGE_RING = (255, 170, 60)
TARGET_RING = (255, 120, 40)


def draw_selection(table: RatFightTable, surface: pygame.Surface, view: RatFightView) -> None:
    fig = view.figures.get(table.selected or "")
    if fig is None or not fig.on_table:
        return
    scale = table.px_per_hundredth()
    centre = table.to_screen(fig.pos)
    rate = view.setting.rules.movement.get(fig.unit.movement)
    if rate is not None and any(moves(a, fig.id) for a in view.candidate_actions):
        ring = table.move_ring(view, fig)
        if len(ring) >= 3:
            pygame.draw.polygon(surface, MOVE_RING, [table.to_screen(p) for p in ring], 2)
    for wid in fig.unit.weapons:
        spec = view.setting.weapons.get(wid)
        if spec is None:
            continue
        for mode in spec.modes:
            pygame.draw.circle(
                surface, RANGE_RING, centre, max(6, round(mode.range_in * 100 * scale)), 1
            )
    for a in view.candidate_actions:
        if aimed_at(a, fig.id):
            target = view.figures.get(getattr(a, "target", ""))
            if target is not None:
                r = max(8, round(target.radius * scale) + 6)
                pygame.draw.circle(surface, TARGET_RING, table.to_screen(target.pos), r, 3)
    pygame.draw.circle(surface, SELECTED, centre, max(8, round(fig.radius * scale) + 5), 3)


def draw_tape(table: RatFightTable, surface: pygame.Surface, view: RatFightView) -> None:
    """A tape from the picked model to the pointer; over an enemy, the line of sight
    instead (green clear, orange in terrain, red blocked) and what the shot faces."""
    fig = view.figures.get(table.selected or "")
    if fig is None or table.mapview is None or table.overlay is None:
        return
    pointer = table.table_point(table.mouse)
    if pointer is None:
        return
    target = table.figure_at(view, table.mouse)
    if target is not None and target.side != fig.side and target.on_table:
        sight = view.board.sight(fig, target)
        table.overlay.measure = Measure(fig.pos, target.pos, sight)
        table.overlay.draw_tools(surface, table.mapview, pointer)
        table.overlay.measure = None
        _draw_shot_preview(table, surface, view, fig, target)
        return
    table.overlay.tape_start = fig.pos
    table.overlay.draw_tools(surface, table.mapview, pointer)
    table.overlay.tape_start = None


def _draw_shot_preview(
    table: RatFightTable, surface: pygame.Surface, view: RatFightView, fig: Figure, target: Figure
) -> None:
    """Range base to base, sight, the cards the target defends with and the chances
    (``ratfight_odds``: the rules calculator's numbers), in a box along the top of
    the board, or the bottom when the top one would cover the pointer, the picked
    model or the target."""
    fire = next(
        (
            a
            for a in view.candidate_actions
            if isinstance(a, Fire) and a.figure == fig.id and a.target == target.id
        ),
        None,
    )
    if fire is not None:
        lines = table.odds.lines(view, fire)
    else:
        gap_in = view.board.gap(fig, target) / 100
        lines = [f'{target.label}: {gap_in:.1f}" away, no shot listed at it']
    scale = table.px_per_hundredth()
    avoid = [figure_rect(f, table.to_screen, scale) for f in (fig, target)]
    draw_hover_box(surface, table.assets, table.board_rect, lines, avoid, table.mouse)
