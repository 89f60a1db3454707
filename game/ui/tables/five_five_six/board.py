"""The 5.56mm table's measuring before acting (see ``five_five_six/table.py``): a tape from
the acting character to the pointer with the inches against his allowance; over another
character the line of sight with the share of him in view and whether he is inside the
field of sight; and the box with the TN, every modifier and the chance of each roll of
the action pointed at (a listed choice under the pointer, the character under it, or
the picked target)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.core.api import Action
from game.maps.tabletop import Point
from game.rules.five_five_six.combat.grenade_play import grenades_of
from game.rules.five_five_six.model import Character, inches_text
from game.rules.five_five_six.movement.rules import move_allowance
from game.rules.five_five_six.view import FiveFiveSixView
from game.ui import theme
from game.ui.render.table_overlay import Measure, piece_text
from game.ui.tables.five_five_six import vehicles as vehicles_ui
from game.ui.tables.five_five_six.choices import (
    Picks,
    actor,
    describe,
    narrowed,
    point_action,
    targets_of,
)
from game.ui.tables.five_five_six.paint import draw_info_box, preview_lines

if TYPE_CHECKING:
    from game.ui.tables.five_five_six.table import FiveFiveSixTable

Lines = list[tuple[str, tuple[int, ...]]]


def draw_pointer_tools(
    table: FiveFiveSixTable, surface: pygame.Surface, view: FiveFiveSixView
) -> None:
    """The tape or line of sight and the box of odds for what the pointer is on."""
    ground = table.ground
    if ground.mapview is None or ground.overlay is None:
        return
    who = actor(view) if table.acting(view) else None
    hovered_choice = next(
        (action for button, action in table.buttons if button.rect.collidepoint(table.mouse)),
        None,
    )
    pointed = (
        table.character_at(view, table.mouse)
        if table.board_rect.collidepoint(table.mouse)
        else None
    )
    spot = ground.table_point(table.mouse) if pointed is None else None
    vehicle = vehicles_ui.vehicle_at(view.board, spot) if spot and view.board.vehicles else None
    if vehicle is not None and hovered_choice is None:  # 12.0: what the vehicle is
        draw_info_box(table, surface, [(vehicles_ui.vehicle_line(view.board, vehicle), theme.TEXT)])
        return
    if who is None:
        if pointed is not None:
            draw_info_box(table, surface, [(_who_line(view, pointed), theme.TEXT)])
        elif ground_lines := _ground_lines(table):
            draw_info_box(table, surface, ground_lines)
        return
    lines: Lines = []
    target = pointed if pointed is not None and pointed.id != who.id else None
    if target is None and hovered_choice is not None:
        ids = _targets(view, hovered_choice)
        target = view.characters.get(ids[0]) if ids else None
    if target is None and pointed is None and table.picks.target is not None:
        if not table.board_rect.collidepoint(table.mouse) or hovered_choice is not None:
            target = view.characters.get(table.picks.target)
    if target is not None and target.on_table:
        lines += _sight_lines(table, surface, view, who, target)
        action = hovered_choice or _first_with_odds(table, view, target)
        if action is not None:
            lines += _odds_lines(table, view, action)
    elif hovered_choice is not None:
        lines += _odds_lines(table, view, hovered_choice)
    else:
        point = ground.table_point(table.mouse)
        if point is not None and pointed is None and who.aboard is None:  # aboard: no walk
            lines += _tape_lines(table, surface, view, who, point)
            lines += _ground_lines(table)
    if lines:
        involved = [who.pos] + ([target.pos] if target is not None else [])
        avoid = [pygame.Rect(0, 0, 40, 40) for _ in involved]
        for rect, pos in zip(avoid, involved, strict=True):
            rect.center = (round(table.to_screen(pos)[0]), round(table.to_screen(pos)[1]))
        draw_info_box(table, surface, lines, avoid)


def _ground_lines(table: FiveFiveSixTable) -> Lines:
    """The terrain under the pointer: each piece's name, kind, cover, height, sight and
    movement (``piece_text``)."""
    overlay = table.ground.overlay
    point = table.ground.table_point(table.mouse)
    if overlay is None or point is None:
        return []
    return [
        (piece_text(p, player=True), theme.MUTED)
        for p in overlay.geometry.pieces_at_point(point)[:2]
    ]


def _who_line(view: FiveFiveSixView, c: Character) -> str:
    wounds = ", ".join(w.label for w in c.wounds) or "unhurt"
    return f"{c.name} ({view.side_name(c.side)}): {wounds}"


def _targets(view: FiveFiveSixView, action: Action) -> tuple[str, ...]:
    return targets_of(action, view)


def _first_with_odds(
    table: FiveFiveSixTable, view: FiveFiveSixView, target: Character
) -> Action | None:
    """The first listed action at ``target`` that rolls (a shot, most often)."""
    for action in narrowed(view, Picks(target=target.id)):
        if table.preview_of(view, action) is not None:
            return action
    return None


def _odds_lines(table: FiveFiveSixTable, view: FiveFiveSixView, action: Action) -> Lines:
    found = table.preview_of(view, action)
    if found is None:
        return []  # the button already says what it does; nothing is rolled
    return preview_lines(found)


def _sight_lines(
    table: FiveFiveSixTable,
    surface: pygame.Surface,
    view: FiveFiveSixView,
    who: Character,
    target: Character,
) -> Lines:
    """The line of sight drawn as a tape, and its numbers (2.0, 3.2)."""
    overlay, mapview = table.ground.overlay, table.ground.mapview
    assert overlay is not None and mapview is not None
    measure = Measure(who.pos, target.pos, view.board.sight(who, target))
    overlay.measure = measure
    overlay.draw_tools(surface, mapview, None)
    overlay.measure = None
    arc = (
        "in his field of sight"
        if view.board.in_field(who, target)
        else "behind him (outside his 180 deg field of sight)"
    )
    return [
        (_who_line(view, target), theme.TEXT),
        (f"{measure.text()}; {arc}", theme.MUTED),
    ]


def _tape_lines(
    table: FiveFiveSixTable,
    surface: pygame.Surface,
    view: FiveFiveSixView,
    who: Character,
    point: Point,
) -> Lines:
    """The tape from the acting character to the point, and what a click there does."""
    overlay, mapview = table.ground.overlay, table.ground.mapview
    assert overlay is not None and mapview is not None
    overlay.tape_start = who.pos
    overlay.draw_tools(surface, mapview, point)
    overlay.tape_start = None
    length = math.dist(who.pos, point)
    mode = table.picks.mode
    if mode == "move":
        reach = move_allowance(who.effects.move_loss)
        verdict = "within" if length <= reach * 100 + 0.5 else "beyond"
        return [(f'Move: {inches_text(length)}, {verdict} his {reach}" move', theme.TEXT)]
    grenades = grenades_of(who)
    action = point_action(view, mode, who, point, grenades[0] if grenades else None)
    if action is None:
        return [(f"{who.name} has no grenade to throw", theme.BAD)]
    lines: Lines = [(f"{describe(action, view)}: {inches_text(length)}", theme.TEXT)]
    found = table.preview_of(view, action)  # Hide, Throw, Sprint: their rolls
    if found is not None:
        lines += preview_lines(found)[1:]
    return lines
