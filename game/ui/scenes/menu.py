"""The main menu: the six systems (built ones playable, the rest "in preparation") and
the extensible list of entries on the right (Continue, Demo, Settings, Quit, ...).

Other parts add entries with :func:`register_menu_entry`, e.g. a map viewer::

    register_menu_entry(MenuEntry("Maps", order=35, key="p", activate=open_maps))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.core.registry import manifests
from game.storage import SaveInfo, list_saves, newest_save
from game.ui import theme
from game.ui.scene import Scene
from game.ui.tables import table_ids
from game.ui.widgets import blit_text

if TYPE_CHECKING:
    from game.ui.app import App


def _always(app: App) -> bool:
    return True


@dataclass(frozen=True)
class MenuEntry:
    """A button on the right of the main menu. ``key`` is its keyboard shortcut (a letter)."""

    label: str
    order: int
    activate: Callable[[App], None]
    key: str = ""
    enabled: Callable[[App], bool] = field(default=_always)
    visible: Callable[[App], bool] = field(default=_always)
    detail: Callable[[App], str] | None = None  # a line shown under the button


MENU_ENTRIES: list[MenuEntry] = []


def register_menu_entry(entry: MenuEntry) -> None:
    """Add (or replace, by label) an entry of the main menu."""
    MENU_ENTRIES[:] = [e for e in MENU_ENTRIES if e.label != entry.label]
    MENU_ENTRIES.append(entry)
    MENU_ENTRIES.sort(key=lambda e: e.order)


# -- the built-in entries ------------------------------------------------------------
#: Seconds Continue may spend replaying newer saves that claim their game is over, to
#: be sure it resumes the newest game in progress (see ``storage.newest_save``).
CONTINUE_VERIFY_SECONDS = 3.0


def _continue(app: App) -> None:
    from game.ui.scenes.dialog import DialogScene
    from game.ui.scenes.game import load_game

    info = newest_save(app.data_dir, CONTINUE_VERIFY_SECONDS)
    if info is None:
        app.push(DialogScene(app, "Nothing to continue", "There is no game in progress."))
        return
    if info.problem is not None:
        # The newest game cannot go on: say why and where the others are; the file stays.
        app.push(
            DialogScene(
                app,
                "The newest game cannot go on",
                f"{_save_name(info, start=True)} cannot be loaded:\n{info.problem}\n\nOpen Load to "
                "resume another game, or to delete this one. The file is left as it is.",
            )
        )
        return
    load_game(app, info.path)


def _save_name(info: SaveInfo, start: bool = False) -> str:
    """A damaged save as the player knows it: "the Tunnel Rats game of today 22:41"
    ("The ..." to ``start`` a sentence)."""
    from game.ui.scenes.load import played_text, system_title

    played = played_text(info.modified)
    the = "The" if start else "the"
    if info.ruleset:
        return f"{the} {system_title(info.ruleset)} game of {played}"
    return f"{the} game saved {played}"


def _has_game_to_continue(app: App) -> bool:
    return newest_save(app.data_dir) is not None


def _what_continues(app: App) -> str:
    """What Continue resumes, e.g. "Tunnel Rats, Round 3, today 22:41"."""
    from game.ui.scenes.load import save_line

    info = newest_save(app.data_dir)
    if info is not None and info.problem is not None:
        return f"Cannot go on: {_save_name(info)} is damaged (see Load)"
    return "No game in progress" if info is None else save_line(info)


def _load(app: App) -> None:
    from game.ui.scenes.load import LoadScene

    app.push(LoadScene(app))


def _has_saves(app: App) -> bool:
    return bool(list_saves(app.data_dir))


def _demo(app: App) -> None:
    from game.ui.scenes.demo import DemoScene

    app.replace(DemoScene(app))


def _has_demo(app: App) -> bool:
    from game.ui.scenes.demo import demo_rulesets

    return bool(demo_rulesets())


def _settings(app: App) -> None:
    from game.ui.scenes.settings import SettingsScene

    app.push(SettingsScene(app))


def _maps(app: App) -> None:
    from game.ui.scenes.map_viewer import MapViewerScene

    app.push(MapViewerScene(app))


def _quit(app: App) -> None:
    app.running = False


register_menu_entry(
    MenuEntry("Continue", 10, _continue, "c", enabled=_has_game_to_continue, detail=_what_continues)
)
register_menu_entry(MenuEntry("Load", 15, _load, "l", enabled=_has_saves))
register_menu_entry(MenuEntry("Watch the demo", 30, _demo, "d", enabled=_has_demo))
register_menu_entry(MenuEntry("Maps", 35, _maps, "p"))
register_menu_entry(MenuEntry("Settings", 40, _settings, "s"))
register_menu_entry(MenuEntry("Quit", 90, _quit, "q", visible=lambda app: not app.kiosk))


class MenuScene(Scene):
    """The first screen. Returns to the demo after ``app.idle_seconds`` without input."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.idle = 0.0
        tables = set(table_ids())
        #: Every registered game in menu order (the manifests'); those with a table are built.
        self.systems = tuple(manifests().values())
        self.built = tuple(m.id for m in self.systems if m.id in tables)
        self.system_buttons: dict[pygame_gui.elements.UIButton, str] = {}
        self.entry_buttons: dict[pygame_gui.elements.UIButton, MenuEntry] = {}

    def entries(self) -> list[MenuEntry]:
        return [e for e in MENU_ENTRIES if e.visible(self.app)]

    def build(self) -> None:
        w, h = self.app.size
        m = self.manager
        self.system_buttons.clear()
        self.entry_buttons.clear()
        left, col_w, top, row_h = self._layout()
        for i, system in enumerate(self.systems):
            built = system.id in self.built
            rect = pygame.Rect(left, top + i * row_h, 260, row_h - 12)
            text = f"{i + 1}  {system.title}"
            button = pygame_gui.elements.UIButton(rect, text, m)
            if not built:
                button.disable()
            self.system_buttons[button] = system.id
        self.details: list[tuple[pygame.Rect, str]] = []
        right = left + col_w + 40
        bw = min(300, w - right - 30)
        entries = self.entries()
        detail_h = 24
        room = h - top - 50 - detail_h * sum(e.detail is not None for e in entries)
        step = max(44, min(62, room // max(1, len(entries))))
        y = top
        for entry in entries:
            rect = pygame.Rect(right, y, bw, step - 12)
            hint = f"   [{entry.key.upper()}]" if entry.key else ""
            button = pygame_gui.elements.UIButton(rect, entry.label + hint, m)
            enabled = entry.enabled(self.app)
            if not enabled:
                button.disable()
            self.entry_buttons[button] = entry
            y += step
            if entry.detail is not None:
                text = entry.detail(self.app) if enabled else ""
                width = max(bw, min(480, w - right - 30)) - 4
                self.details.append((pygame.Rect(right + 4, rect.bottom + 3, width, 20), text))
                y += detail_h

    def on_top(self) -> None:
        self.idle = 0.0
        self.resize(self.app.size)  # entries may have changed (a new autosave)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION):
            self.idle = 0.0
        super().handle_event(event)

    def on_button(self, element: pygame_gui.core.UIElement) -> None:
        if element in self.system_buttons:
            self.choose_system(self.system_buttons[element])
        elif element in self.entry_buttons:
            self.app.assets.play("click")
            self.entry_buttons[element].activate(self.app)

    def choose_system(self, ruleset_id: str) -> None:
        from game.ui.scenes.setup import SetupScene

        if ruleset_id in self.built:
            self.app.assets.play("click")
            self.app.push(SetupScene(self.app, ruleset_id))

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type != pygame.KEYDOWN:
            return
        if pygame.K_1 <= event.key <= pygame.K_9:
            index = event.key - pygame.K_1
            if index < len(self.systems):
                self.choose_system(self.systems[index].id)
            return
        if event.key == pygame.K_ESCAPE and not self.app.kiosk:
            self.app.running = False
            return
        name = pygame.key.name(event.key)
        for entry in self.entries():
            if entry.key and entry.key == name and entry.enabled(self.app):
                entry.activate(self.app)
                return

    def _layout(self) -> tuple[int, int, int, int]:
        w, h = self.app.size
        left = max(30, w // 14)
        col_w = min(620, int(w * 0.55))
        top = 150 if h >= 640 else 120
        row_h = min(76, (h - top - 60) // max(1, len(self.systems)))
        return left, col_w, top, row_h

    def update(self, dt: float) -> None:
        super().update(dt)
        self.idle += dt / max(self.app.speed, 1e-9)  # idle time is wall-clock time
        if self.idle >= self.app.idle_seconds and _has_demo(self.app):
            _demo(self.app)

    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        w, h = surface.get_size()
        a = self.app.assets
        left = max(30, w // 14)
        blit_text(surface, a, "Skirmish Table", 72, (left, 36), theme.ACCENT)
        blit_text(
            surface,
            a,
            "Tabletop skirmishes for one screen: hotseat, against the "
            "computer, or watch two AIs play.",
            24,
            (left, 96),
            theme.MUTED,
        )
        blit_text(
            surface,
            a,
            "F1 rules   F11 full screen   M sound on/off   Ctrl+Q quit",
            20,
            (left, h - 30),
            theme.MUTED,
        )
        mleft, col_w, top, row_h = self._layout()
        for i, system in enumerate(self.systems):
            built = system.id in self.built
            x, y = mleft + 274, top + i * row_h
            lines = a.wrap(system.summary, 22, col_w - 280)[:2]
            if not built:
                lines = ["In preparation", *lines]
            y += (row_h - 12 - 19 * len(lines)) // 2
            for n, line in enumerate(lines):
                color = theme.TEXT if built else (theme.ACCENT if n == 0 else theme.MUTED)
                blit_text(surface, a, line, 22, (x, y + 2), color)
                y += 19
        from game.ui.scenes.load import clip_text

        for rect, text in self.details:
            blit_text(surface, a, clip_text(a, text, 19, rect.width), 19, rect.topleft, theme.MUTED)
        sound = "Sound off" if a.muted else "Sound on"
        blit_text(surface, a, sound, 20, (w - 20, h - 30), theme.MUTED, "topright")
