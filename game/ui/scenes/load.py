"""Load: every saved game (system, scenario, sides, turn or round, last played), newest
first. Enter or a double click loads; Delete asks before it removes a save.

Keys: Up/Down (or the mouse) choose a row, Enter loads, Delete deletes (after asking),
Esc goes back. A save that cannot be read is listed with its problem.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.core.briefing import side_names
from game.core.registry import get_manifest
from game.storage import SaveInfo, list_saves
from game.ui import theme
from game.ui.assets import Assets
from game.ui.scene import Scene
from game.ui.scenes.setup import computer_text, ruleset_options
from game.ui.widgets import blit_text

if TYPE_CHECKING:
    from game.ui.app import App

HEADER_Y = 150
DOUBLE_CLICK_MS = 450
COLUMNS = ("System", "Scenario", "Sides", "Progress", "Last played")
WEIGHTS = (0.19, 0.24, 0.28, 0.11, 0.18)


def clip_text(assets: Assets, text: str, size: int, width: int) -> str:
    """``text`` shortened with "..." so it is at most ``width`` pixels wide."""
    font = assets.font(size)
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "...")[0] > width:
        text = text[:-1]
    return text.rstrip() + "..." if text else ""


def system_title(ruleset_id: str) -> str:
    """The game's title from its manifest; the id itself for a game this program does
    not have (a save from another version)."""
    try:
        return get_manifest(ruleset_id).title
    except ValueError:
        return ruleset_id


def scenario_text(info: SaveInfo) -> str:
    """The options of the game as the setup screen names them: a scenario by its title
    ("Papers from the deep"), any other option as "Set-up: manual" but only where it
    differs from the default (a variant left off is not news)."""
    titles: dict[tuple[str, str], str] = {}
    labels: dict[str, str] = {}
    defaults: dict[str, str] = {}
    for option in ruleset_options(info.ruleset):
        labels[option.key] = option.label
        defaults[option.key] = option.values[0][0] if option.values else ""
        for value, title in option.values:
            titles[(option.key, value)] = title
    parts = []
    for key, value in sorted(info.options.items()):
        shown = titles.get((key, value), value)
        if key == "scenario":
            parts.append(shown)
        elif defaults.get(key) != value:
            parts.append(f"{labels.get(key, key)}: {shown}")
    return ", ".join(parts) or "-"


def sides_text(info: SaveInfo) -> str:
    """Who plays: "You: Rats (vs computer, hard)", "Hotseat: Rat and VC", "Computer vs
    computer (normal vs hard)"; an old save's ``ai`` seat is the normal level."""
    try:
        seats = list(side_names(info.ruleset, info.options))
    except ValueError:
        return "-"
    kinds = list(info.seats) if len(info.seats) == len(seats) else ["human"] * len(seats)
    humans = [name for name, kind in zip(seats, kinds, strict=True) if kind == "human"]
    computers = [
        computer_text(kind).removeprefix("computer, ") for kind in kinds if kind != "human"
    ]
    if not humans:
        return "Computer vs computer (" + " vs ".join(computers) + ")"
    if len(humans) == len(seats):
        return "Hotseat: " + " and ".join(humans)
    return "You: " + " and ".join(humans) + " (vs computer, " + ", ".join(computers) + ")"


def played_text(modified: float, now: float | None = None) -> str:
    """When a save was last written: "today 22:41", "yesterday 09:05", "2024-05-01 13:02"."""
    when = time.localtime(modified)
    today = time.localtime(now)
    clock = time.strftime("%H:%M", when)
    if when.tm_year == today.tm_year and when.tm_yday == today.tm_yday:
        return f"today {clock}"
    yesterday = time.localtime((time.time() if now is None else now) - 86_400)
    if when.tm_year == yesterday.tm_year and when.tm_yday == yesterday.tm_yday:
        return f"yesterday {clock}"
    return time.strftime("%Y-%m-%d %H:%M", when)


def save_line(info: SaveInfo) -> str:
    """One line for the menu: "Tunnel Rats, Round 3, today 22:41"."""
    return f"{system_title(info.ruleset)}, {info.progress}, {played_text(info.modified)}"


def row_cells(info: SaveInfo) -> tuple[str, ...]:
    if info.problem is not None:
        from game.ui.scenes.dialog import printable

        return ("Cannot be read", printable(info.problem), "", "", played_text(info.modified))
    return (
        system_title(info.ruleset),
        scenario_text(info),
        sides_text(info),
        info.progress,
        played_text(info.modified),
    )


@dataclass
class _Row:
    info: SaveInfo
    cells: tuple[str, ...]


class LoadScene(Scene):
    """The list of saves with Load, Delete and Back."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.rows: list[_Row] = []
        self.selected = 0
        self.first = 0  # the first row shown (scrolling)
        self._last_click = (-1, -10_000)
        self.refresh()

    def refresh(self) -> None:
        """Read the saves folder again (after a delete or a failed load)."""
        self.rows = [_Row(i, row_cells(i)) for i in list_saves(self.app.data_dir)]
        self.selected = min(self.selected, max(0, len(self.rows) - 1))
        self._scroll_to_selected()
        if self._built:
            self._enable_buttons()

    # -- layout ----------------------------------------------------------------------
    @property
    def text_size(self) -> int:
        """Row text size: larger on big windows (1920x1080)."""
        return 27 if self.app.size[1] >= 1000 else 22

    @property
    def row_h(self) -> int:
        return self.text_size * 2 + 2

    def _left(self) -> int:
        return max(30, self.app.size[0] // 20)

    def table_rect(self) -> pygame.Rect:
        w, h = self.app.size
        left = self._left()
        top = HEADER_Y + 34
        return pygame.Rect(left, top, w - 2 * left, h - top - 110)

    def visible_rows(self) -> int:
        return max(1, self.table_rect().height // self.row_h)

    def column_x(self) -> list[int]:
        rect = self.table_rect()
        xs, x = [], rect.left + 12
        for weight in WEIGHTS:
            xs.append(x)
            x += int(weight * (rect.width - 24))
        xs.append(rect.right - 12)
        return xs

    def build(self) -> None:
        w, h = self.app.size
        left = self._left()
        y = h - 84
        m = self.manager
        self.load_button = pygame_gui.elements.UIButton(
            pygame.Rect(left, y, 200, 54), "Load   [Enter]", m
        )
        self.delete_button = pygame_gui.elements.UIButton(
            pygame.Rect(left + 216, y, 200, 54), "Delete   [Del]", m
        )
        self.back = pygame_gui.elements.UIButton(
            pygame.Rect(left + 432, y, 200, 54), "Back   [Esc]", m
        )
        self._scroll_to_selected()
        self._enable_buttons()

    def _enable_buttons(self) -> None:
        for button in (self.load_button, self.delete_button):
            if self.rows:
                button.enable()
            else:
                button.disable()

    def _scroll_to_selected(self) -> None:
        n = self.visible_rows()
        if self.selected < self.first:
            self.first = self.selected
        elif self.selected >= self.first + n:
            self.first = self.selected - n + 1
        self.first = max(0, min(self.first, max(0, len(self.rows) - n)))

    # -- actions -----------------------------------------------------------------------
    def select(self, index: int) -> None:
        if self.rows:
            self.selected = max(0, min(len(self.rows) - 1, index))
            self._scroll_to_selected()

    def load_selected(self) -> None:
        from game.ui.scenes.game import load_game

        if not self.rows:
            return
        self.app.assets.play("click")
        if not load_game(self.app, self.rows[self.selected].info.path):
            self.refresh()  # the bad file was set aside

    def ask_delete(self) -> None:
        from game.ui.scenes.dialog import ConfirmScene

        if not self.rows:
            return
        row = self.rows[self.selected]
        what = " - ".join(c for c in row.cells if c and c != "-")
        self.app.push(
            ConfirmScene(
                self.app,
                "Delete this save?",
                f"{what}\n\n{row.info.path}\n\nA deleted game cannot be brought back.",
                "Delete   [Y]",
                lambda: self.delete(row.info),
            )
        )

    def delete(self, info: SaveInfo) -> None:
        """Remove one save (only ever called after the player confirmed it)."""
        try:
            info.path.unlink()
        except OSError as exc:
            from game.ui.scenes.dialog import DialogScene

            self.app.push(
                DialogScene(self.app, "Cannot delete", f"{info.path}: {exc.strerror or exc}")
            )
        self.refresh()

    def on_top(self) -> None:
        self.refresh()

    # -- input ---------------------------------------------------------------------------
    def on_button(self, element: pygame_gui.core.UIElement) -> None:
        if element is self.load_button:
            self.load_selected()
        elif element is self.delete_button:
            self.ask_delete()
        elif element is self.back:
            self.app.pop()

    def row_at(self, pos: tuple[int, int]) -> int | None:
        rect = self.table_rect()
        if not rect.collidepoint(pos):
            return None
        index = self.first + (pos[1] - rect.top) // self.row_h
        return index if index < min(len(self.rows), self.first + self.visible_rows()) else None

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.row_at(event.pos)
            if index is not None:
                now = pygame.time.get_ticks()
                double = (
                    self._last_click[0] == index and now - self._last_click[1] < DOUBLE_CLICK_MS
                )
                self.select(index)
                self._last_click = (index, now)
                if double:
                    self.load_selected()
        elif event.type == pygame.MOUSEWHEEL:
            self.first = max(0, min(self.first - event.y, len(self.rows) - self.visible_rows()))
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.load_selected()
            elif event.key in (pygame.K_DELETE, pygame.K_BACKSPACE):
                self.ask_delete()
            elif event.key == pygame.K_UP:
                self.select(self.selected - 1)
            elif event.key == pygame.K_DOWN:
                self.select(self.selected + 1)
            elif event.key == pygame.K_PAGEUP:
                self.select(self.selected - self.visible_rows())
            elif event.key == pygame.K_PAGEDOWN:
                self.select(self.selected + self.visible_rows())

    # -- drawing ---------------------------------------------------------------------------
    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        a = self.app.assets
        left = self._left()
        blit_text(surface, a, "Load a game", 56, (left, 40), theme.ACCENT)
        n = len(self.rows)
        blit_text(
            surface,
            a,
            f"{n} saved game{'' if n == 1 else 's'}, newest first. Every game is saved "
            "after each move.",
            24,
            (left, 100),
            theme.MUTED,
        )
        rect = self.table_rect()
        xs = self.column_x()
        for x, name in zip(xs, COLUMNS, strict=False):
            blit_text(surface, a, name, self.text_size + 2, (x, HEADER_Y + 4), theme.ACCENT)
        pygame.draw.line(
            surface, theme.PANEL_EDGE, (rect.left, rect.top - 4), (rect.right, rect.top - 4), 2
        )
        if not self.rows:
            blit_text(surface, a, "No saved games yet.", 28, (xs[0], rect.top + 14), theme.MUTED)
            return
        size = self.text_size
        shown = self.rows[self.first : self.first + self.visible_rows()]
        for i, row in enumerate(shown, start=self.first):
            y = rect.top + (i - self.first) * self.row_h
            box = pygame.Rect(rect.left, y + 2, rect.width, self.row_h - 4)
            if i == self.selected:
                pygame.draw.rect(surface, theme.FELT, box, border_radius=6)
                pygame.draw.rect(surface, theme.ACCENT, box, width=2, border_radius=6)
            damaged = row.info.problem is not None
            cells = row.cells
            for c, text in enumerate(cells):
                if not text:
                    continue
                # A damaged save's problem runs across the empty columns after it.
                end = xs[c + 1] if not (damaged and c == 1) else xs[4]
                color = theme.BAD if damaged and c < 2 else theme.TEXT
                fitted = clip_text(a, text, size, end - xs[c] - 14)
                blit_text(surface, a, fitted, size, (xs[c], y + self.row_h // 2), color, "midleft")
        if self.first > 0:
            blit_text(
                surface, a, "more above", 18, (rect.right, rect.top - 24), theme.MUTED, "topright"
            )
        if self.first + self.visible_rows() < n:
            blit_text(
                surface, a, "more below", 18, (rect.right, rect.bottom + 2), theme.MUTED, "topright"
            )
