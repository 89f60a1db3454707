"""What the marks on the Tunnel Rats map mean: the key card (H), the marker legend and
the tip that names the cell under the pointer.

- H, during play, opens one card over the map: the keys, then the marker legend
  (stances, wounds, booby trap, entrances, the documents). Spectators also see the
  legend in the side column.
- Hovering a cell names its terrain and what it does to a figure (stances allowed,
  movement cost, sight), and any known mark on it: an entrance (what it leads to), a
  booby trap, the documents. Ground the viewer has not explored says only that.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.core.wounds import WoundLevel
from game.rules.tunnel_rats.figures import Cell
from game.rules.tunnel_rats.view import TRView
from game.ui import theme
from game.ui.assets import Assets
from game.ui.tables.tunnel_rats import art
from game.ui.tables.tunnel_rats.board import EXIT_EDGE
from game.ui.widgets import blit_text, panel

KEYS_HELP = (
    ("Tab / Shift+Tab", "next / previous figure"),
    ("R  O  A", "stance to move in; the same key again: take it here"),
    ("arrows, Enter", "move the cursor; Enter moves there or confirms"),
    ("F  C", "aim a shot / close combat (again: next target)"),
    ("S  T", "search for entrances / disarm a known trap"),
    ("D  L  E", "dress a wound / reload / go through an entrance"),
    ("X", "pass this action point (then Enter)"),
    ("Backspace, right click", "cancel what is proposed"),
    ("1  2", "show level 1 / 2"),
    ("drag, Shift+arrows, wheel", "pan and zoom the map"),
    ("H", "show or hide this card"),
    ("B  F1", "the mission's briefing / the player's guide"),
)

# What a terrain does beyond its numbers (the rules' words, ours): by terrain id.
TERRAIN_NOTES = {
    "spider_hole": "a hidden pit: defenders come up out of live ones",
    "water_trap": "a flooded dip that seals gas and smoke",
    "chamber": "a dug-out room",
    "rubble": "a partial cave-in",
}

Painter = Callable[[pygame.Surface, tuple[int, int]], None]


def _badge(letter: str) -> Painter:
    def paint(surface: pygame.Surface, at: tuple[int, int]) -> None:
        box = pygame.Rect(0, 0, 20, 20)
        box.center = at
        pygame.draw.rect(surface, art.BADGE_BG, box, border_radius=4)
        pygame.draw.rect(surface, art.BADGE_FG[letter], box, 2, border_radius=4)

    return paint


def legend_rows() -> list[tuple[str, Painter, str]]:
    """(badge letter or "", painter, meaning) for every mark a player meets on the map."""
    return [
        ("R", _badge("R"), "running, 6 in"),
        ("O", _badge("O"), "crouching, 4 in"),
        ("A", _badge("A"), "crawling, 2 in"),
        ("", lambda s, p: art.wound_shape(s, WoundLevel.YELLOW, p, 16), "one wound"),
        ("", lambda s, p: art.wound_shape(s, WoundLevel.RED, p, 16), "two wounds (a third kills)"),
        ("", lambda s, p: art.trap_marker(s, p, 26), "known booby trap"),
        ("", lambda s, p: art.entrance_marker(s, p, 26, True), "entrance to another level"),
        ("", lambda s, p: art.entrance_marker(s, p, 26, False), "way out to the surface"),
        ("", lambda s, p: art.objective_marker(s, p, 30), "the documents"),
        ("", _way_out, "cells that count as out"),
    ]


def _way_out(surface: pygame.Surface, at: tuple[int, int]) -> None:
    """The legend's sample of the green edge round the cells that count as out."""
    box = pygame.Rect(0, 0, 20, 20)
    box.center = at
    pygame.draw.rect(surface, EXIT_EDGE, box, 3)


def draw_legend(
    surface: pygame.Surface, assets: Assets, rect: pygame.Rect, columns: int = 1, row: int = 26
) -> int:
    """The marker legend in ``rect`` (``columns`` side by side); returns its height."""
    rows = legend_rows()
    per_column = -(-len(rows) // columns)
    col_w = rect.width // columns
    for i, (letter, paint, meaning) in enumerate(rows):
        col, line = divmod(i, per_column)
        x = rect.left + 14 + col * col_w
        y = rect.top + row // 2 + line * row
        paint(surface, (x, y))
        if letter:
            blit_text(surface, assets, letter, 21, (x, y), art.BADGE_FG[letter], "center")
        blit_text(surface, assets, meaning, 20, (x + 22, y), theme.TEXT, "midleft")
    return per_column * row


def draw_help(surface: pygame.Surface, assets: Assets, viewport: pygame.Rect) -> pygame.Rect:
    """The card over the map (H): the keys, then the marker legend; keys and meaning
    side by side, or stacked when the map is narrow. Returns the card's rectangle."""
    w = min(viewport.width - 20, 700)
    key_w = max(assets.font(20).size(k)[0] for k, _ in KEYS_HELP) + 24
    what_w = max(assets.font(20).size(t)[0] for _, t in KEYS_HELP)
    stacked = key_w + what_w + 28 > w
    row = 38 if stacked else 24
    legend_row = 24
    columns = 2 if w >= 520 else 1
    legend_h = -(-len(legend_rows()) // columns) * legend_row
    height = 40 + row * len(KEYS_HELP) + 40 + legend_h + 8
    if height > viewport.height - 8:  # a short map: the keys closer together
        row = max(20, (viewport.height - 8 - 88 - legend_h) // len(KEYS_HELP))
        stacked = stacked and row >= 36
        height = 40 + row * len(KEYS_HELP) + 40 + legend_h + 8
    rect = pygame.Rect(0, 0, w, height)
    rect.center = viewport.center
    rect.top = max(rect.top, viewport.top + 4)
    panel(surface, rect, fill=(14, 16, 18), alpha=245, radius=10)
    blit_text(surface, assets, "Keys", 26, (rect.left + 14, rect.top + 10), theme.ACCENT)
    y = rect.top + 40
    for keys, what in KEYS_HELP:
        blit_text(surface, assets, keys, 20, (rect.left + 14, y), theme.ACCENT)
        if stacked:
            blit_text(surface, assets, what, 20, (rect.left + 30, y + 17), theme.TEXT)
        else:
            blit_text(surface, assets, what, 20, (rect.left + 14 + key_w, y), theme.TEXT)
        y += row
    blit_text(surface, assets, "Marks on the map", 26, (rect.left + 14, y + 8), theme.ACCENT)
    area = pygame.Rect(rect.left, y + 40, rect.width, legend_h)
    draw_legend(surface, assets, area, columns, legend_row)
    return rect


def cell_lines(view: TRView, level: int, cell: Cell) -> list[str]:
    """What the viewer knows of ``cell``: its terrain and what it does, then its marks."""
    if not (0 <= level < len(view.levels)) or not view.levels[level].contains(cell):
        return []
    if not view.knows_cell(level, cell):
        return ["Unexplored ground"]
    terrain = view.levels[level].terrain_at(cell)
    if terrain is None:
        return ["Solid earth: no way through, no line of sight"]
    does = []
    if not terrain.passable:
        does.append("no way through")
    else:
        if terrain.max_stance == "crawling":
            does.append("crawl only")
        elif terrain.max_stance == "crouching":
            does.append("crouch or crawl")
        if terrain.move_cost != 1:
            does.append(f"each inch here counts as {terrain.move_cost:g}")
    if terrain.blocks_los:
        does.append("blocks sight")
    note = TERRAIN_NOTES.get(terrain.id)
    if note:
        does.insert(0, note)
    lines = [f"{terrain.name}: {', '.join(does)}" if does else f"{terrain.name}: open going"]
    for ent in view.entrances:
        if ent.level == level and ent.cell == cell:
            if ent.leads_to is not None:
                lines.append(f"{ent.name}: leads to level {ent.leads_to + 1} (E)")
            else:
                lines.append(f"{ent.name}: a way out to the surface (E)")
    for trap in view.traps:
        if trap.level == level and trap.cell == cell and trap.armed:
            lines.append("Booby trap: T tries to disarm it")
    goal = view.scenario.victory
    if view.objective == cell and goal.kind == "retrieve" and goal.objective_level == level:
        lines.append(f"{goal.objective or 'The objective'}: pick it up by reaching it")
    return lines


def draw_cell_tip(
    surface: pygame.Surface,
    assets: Assets,
    lines: list[str],
    pointer: tuple[int, int],
    area: pygame.Rect,
) -> pygame.Rect | None:
    """A small box naming the cell under the pointer, beside the pointer, kept in
    ``area``; returns where it was drawn."""
    if not lines:
        return None
    font = assets.font(18)
    width = min(area.width - 8, 340, max(font.size(t)[0] for t in lines) + 16)
    texts = [part for t in lines for part in assets.wrap(t, 18, width - 16)]
    box = pygame.Rect(pointer[0] + 18, pointer[1] + 20, width, 8 + 19 * len(texts))
    if box.right > area.right - 4:
        box.right = pointer[0] - 12
    if box.bottom > area.bottom - 4:
        box.bottom = pointer[1] - 12
    box.clamp_ip(area)
    panel(surface, box, fill=(12, 12, 14), alpha=230, radius=6)
    y = box.top + 4
    for i, t in enumerate(texts):
        blit_text(surface, assets, t, 18, (box.left + 8, y), theme.ACCENT if i == 0 else theme.TEXT)
        y += 19
    return box
