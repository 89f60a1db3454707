"""Watch a recorded game: step forward and back (Right/Left, Home/End), as a spectator or
as one side (V or the "Seen by" button): the table and the log show only what that side
saw, and another side's secret action only by its public text.

A replay cannot act: the table is ``watching`` (it offers no choice, even to the seat
whose turn it is at the step shown) and no key or click ever reaches it - the scene
takes only its own keys and buttons (see ``on_event``)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.core.api import Event
from game.core.briefing import side_names
from game.core.record import Record
from game.core.registry import get_ruleset
from game.core.session import Session
from game.ui import theme
from game.ui.log_panel import LogPanel
from game.ui.scene import Scene
from game.ui.scenes.game import LOG_WIDTH
from game.ui.scenes.top_bar import TOP_BAR
from game.ui.tables import Table, make_table
from game.ui.widgets import blit_text

if TYPE_CHECKING:
    from game.ui.app import App


class ReplayScene(Scene):
    """Replays ``record`` from its seed; every step keeps a copy of the state.
    ``map_path``: the save's copy of a player's map that has changed or gone since."""

    def __init__(self, app: App, record: Record, map_path: Path | None = None) -> None:
        super().__init__(app)
        self.record = record
        self.ruleset_id = record.ruleset
        ruleset = get_ruleset(record.ruleset)
        self.title = ruleset.title
        self.seat_names = list(side_names(record.ruleset, record.options))
        session = Session(
            ruleset,
            record.seed,
            record.options,
            rules_version=record.rules_version,
            map_copy=record.map,
            map_path=map_path,
        )
        self.opening = list(session.opening)
        self.states: list[Any] = [session.state.clone()]
        self.events: list[list[Event]] = []
        for text in record.actions:
            self.events.append(session.apply(text))
            self.states.append(session.state.clone())
        self.index = 0
        #: Whose eyes the replay shows: ``None`` a spectator, else a seat.
        self.viewer: int | None = None
        self.table: Table[Any] = make_table(record.ruleset, app.assets)
        if hasattr(self.table, "watching"):
            self.table.watching = True  # shown, never played: no controls for anybody
        self._view_key: tuple[int, int | None] | None = None
        self._view: Any = None

    def build(self) -> None:
        w, h = self.app.size
        m = self.manager
        self.table_rect = pygame.Rect(0, TOP_BAR, w - LOG_WIDTH, h - TOP_BAR)
        self.table.layout(self.table_rect)
        x = w - 10
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.wide = w >= 1280  # narrower windows drop the keys from the labels
        longest = max(len(n) for n in ("Everyone", *self.seat_names))
        for key, label, width in (
            ("quit", "Close [Esc]" if self.wide else "Close", 120 if self.wide else 70),
            ("viewer", self.viewer_label(), 9 * longest + (120 if self.wide else 70)),
            ("end", "End", 70),
            ("next", "Next [Right]" if self.wide else "Next", 130 if self.wide else 70),
            ("prev", "Back [Left]" if self.wide else "Back", 130 if self.wide else 70),
            ("start", "Start", 76),
        ):
            x -= width + 8
            self.buttons[key] = pygame_gui.elements.UIButton(
                pygame.Rect(x, 8, width, TOP_BAR - 16), label, m
            )
        rect = pygame.Rect(w - LOG_WIDTH + 6, TOP_BAR + 6, LOG_WIDTH - 12, h - TOP_BAR - 12)
        self.log_panel = LogPanel(self.app.assets, rect)
        self._refresh_log()

    def viewer_label(self) -> str:
        who = "Everyone" if self.viewer is None else self.seat_names[self.viewer]
        return f"Seen by: {who} [V]" if getattr(self, "wide", True) else f"View: {who}"

    def seen(self, events: list[Event]) -> list[Event]:
        """The events the viewer may see."""
        return [e for e in events if e.visible(self.viewer)]

    def next_viewer(self) -> None:
        """Show the replay as the next side sees it (after the last, as a spectator)."""
        seats = len(self.seat_names)
        self.viewer = (
            0 if self.viewer is None else (None if self.viewer + 1 >= seats else self.viewer + 1)
        )
        self.buttons["viewer"].set_text(self.viewer_label())
        if hasattr(self.table, "skip_animations"):
            self.table.skip_animations()
        self._refresh_log()

    def _refresh_log(self) -> None:
        lines = [(e.text(), e.tone) for e in self.seen(self.opening)]
        lines += [
            (f"{n + 1}. " + e.text(), e.tone)
            for n, group in enumerate(self.events[: self.index])
            for e in self.seen(group)
        ]
        self.log_panel.set_lines(lines)

    def go(self, index: int) -> None:
        index = max(0, min(len(self.states) - 1, index))
        if index == self.index:
            return
        forward_one = index == self.index + 1
        self.index = index
        if hasattr(self.table, "skip_animations"):
            self.table.skip_animations()
        if forward_one:
            self.table.on_events(self.seen(self.events[index - 1]), self.view())
        self._refresh_log()

    def view(self) -> Any:
        """What the viewer sees at the step shown; kept while the step and the viewer
        stay (a view may be costly to make, and tables keep their drawing by it)."""
        key = (self.index, self.viewer)
        if key != self._view_key:
            self._view_key, self._view = key, self.states[self.index].view(self.viewer)
        return self._view

    def on_button(self, element: pygame_gui.core.UIElement) -> None:
        b = self.buttons
        if element is b["quit"]:
            self.app.pop()
        elif element is b["start"]:
            self.go(0)
        elif element is b["prev"]:
            self.go(self.index - 1)
        elif element is b["next"]:
            self.go(self.index + 1)
        elif element is b["end"]:
            self.go(len(self.states) - 1)
        elif element is b["viewer"]:
            self.next_viewer()

    def on_event(self, event: pygame.event.Event) -> None:
        """The replay's own keys (steps, viewer, Esc) and the log's scrolling; nothing
        else is used, and nothing goes to the table: a replay never acts."""
        if self.log_panel.handle_event(event) or event.type != pygame.KEYDOWN:
            return
        step = {pygame.K_RIGHT: 1, pygame.K_LEFT: -1, pygame.K_SPACE: 1}.get(event.key)
        if step is not None:
            self.go(self.index + step)
        elif event.key == pygame.K_HOME:
            self.go(0)
        elif event.key == pygame.K_END:
            self.go(len(self.states) - 1)
        elif event.key == pygame.K_v:
            self.next_viewer()
        elif event.key == pygame.K_ESCAPE:
            self.app.pop()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.table.update(dt)

    def animating(self) -> bool:
        return self.table.busy()

    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        view = self.view()
        self.table.draw(surface, view)
        self.log_panel.draw(surface)
        a = self.app.assets
        pygame.draw.rect(surface, theme.PANEL, (0, 0, surface.get_width(), TOP_BAR))
        # the title and the step, as large as fits left of the buttons
        room = min(b.rect.left for b in self.buttons.values()) - 24
        steps = len(self.states) - 1
        title = f"Replay: {self.title}"
        for size, where in (
            (34, f"step {self.index} of {steps}, seed {self.record.seed}"),
            (28, f"step {self.index} of {steps}"),
            (22, f"{self.index}/{steps}"),
            (22, ""),
        ):
            tw = a.text(title, size).get_width()
            if tw + 20 + a.text(where, 22).get_width() <= room:
                break
        blit_text(surface, a, title, size, (14, TOP_BAR // 2), theme.ACCENT, "midleft")
        blit_text(surface, a, where, 22, (tw + 34, TOP_BAR // 2), theme.TEXT, "midleft")
        outcome = view.outcome if hasattr(view, "outcome") else None
        if outcome is not None and self.index == len(self.states) - 1:
            names = " and ".join(self.seat_names[w] for w in outcome.winners) or "Nobody"
            blit_text(
                surface,
                a,
                f"{names} won: {outcome.reason}",
                30,
                (self.table_rect.centerx, self.table_rect.bottom - 40),
                theme.ACCENT,
                "center",
            )
