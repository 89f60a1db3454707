"""F1: the rules summary of the current system (docs/rules/<id>.md), scrollable.

The page is laid out by ``game.ui.rules_doc`` (tables drawn as tables). Keys: Up/Down,
Page Up/Page Down, Home/End and the mouse wheel scroll; F1, Esc or Close closes it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.core.registry import SYSTEMS, ruleset_ids
from game.resources import asset_root, guide
from game.ui import theme
from game.ui.rules_doc import Block, Page, Typesetter, inline_runs, layout, parse_markdown
from game.ui.scene import Scene

if TYPE_CHECKING:
    from game.ui.app import App

SCROLL_STEP = 48  # pixels per key press or wheel notch


def rules_path(ruleset_id: str, root: Path | None = None) -> Path:
    """The player's guide shipped in the ruleset's package (``game/rules/<id>/guide.md``)
    when it has one, else the checkout's rules summary ``docs/rules/<id>.md``."""
    shipped = guide(ruleset_id)
    if shipped.is_file():
        return shipped
    return (root if root is not None else asset_root()) / "docs" / "rules" / f"{ruleset_id}.md"


def rules_blocks(ruleset_id: str | None, root: Path | None = None) -> tuple[str, list[Block]]:
    """(title, blocks) of the rules summary; a friendly note when there is none yet."""
    if ruleset_id is None:
        built = ruleset_ids()
        ruleset_id = built[0] if built else SYSTEMS[0].id
    title = next((s.title for s in SYSTEMS if s.id == ruleset_id), ruleset_id)
    path = rules_path(ruleset_id, root)
    try:
        return title, parse_markdown(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        note = f"No rules summary yet: {path} ({reason})."
        return title, [Block("paragraph", inline_runs(note))]


class RulesScene(Scene):
    """Shown over the current screen; F1, Esc or Close closes it."""

    opaque = False

    def __init__(self, app: App, ruleset_id: str | None) -> None:
        super().__init__(app)
        self.ruleset_id = ruleset_id
        self.title, self.blocks = rules_blocks(ruleset_id, app.assets.root)
        self.scroll = 0
        self.page = Page(0)
        self.text_area = pygame.Rect(0, 0, 0, 0)

    def build(self) -> None:
        w, h = self.app.size
        rect = pygame.Rect(0, 0, min(1100 if w >= 1600 else 900, w - 60), h - 60)
        rect.center = (w // 2, h // 2)
        self.panel_rect = rect
        self.panel = pygame_gui.elements.UIPanel(rect, manager=self.manager)
        pygame_gui.elements.UILabel(
            pygame.Rect(16, 8, rect.width - 200, 44),
            f"Rules: {self.title}",
            self.manager,
            container=self.panel,
            object_id="#heading",
        )
        self.close = pygame_gui.elements.UIButton(
            pygame.Rect(rect.width - 170, 8, 150, 42),
            "Close  [Esc]",
            self.manager,
            container=self.panel,
        )
        self.text_area = pygame.Rect(
            rect.left + 22, rect.top + 62, rect.width - 58, rect.height - 76
        )
        trace = self.app.assets.text_trace
        typesetter = Typesetter(
            24 if h >= 1000 else 21, trace.append if trace is not None else None
        )
        self.page = layout(self.blocks, self.text_area.width, typesetter)
        self.scroll_to(self.scroll)

    @property
    def text(self) -> str:
        """The page's words without markup (for tests and searching)."""
        parts = []
        for block in self.blocks:
            parts.append(" ".join(r.text for r in block.runs))
            parts.extend(" | ".join(" ".join(r.text for r in c) for c in row) for row in block.rows)
        return "\n".join(p for p in parts if p)

    @property
    def max_scroll(self) -> int:
        return max(0, self.page.height - self.text_area.height)

    def scroll_to(self, y: int) -> None:
        self.scroll = max(0, min(self.max_scroll, y))

    def on_button(self, element: pygame_gui.core.UIElement) -> None:
        if element is self.close:
            self.app.pop()

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_to(self.scroll - event.y * SCROLL_STEP)
            return
        if event.type != pygame.KEYDOWN:
            return
        page = max(SCROLL_STEP, self.text_area.height - SCROLL_STEP)
        moves = {
            pygame.K_UP: self.scroll - SCROLL_STEP,
            pygame.K_DOWN: self.scroll + SCROLL_STEP,
            pygame.K_PAGEUP: self.scroll - page,
            pygame.K_PAGEDOWN: self.scroll + page,
            pygame.K_SPACE: self.scroll + page,
            pygame.K_HOME: 0,
            pygame.K_END: self.max_scroll,
        }
        if event.key == pygame.K_ESCAPE:
            self.app.pop()
        elif event.key in moves:
            self.scroll_to(moves[event.key])

    def draw_scene(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 170))
        surface.blit(shade, (0, 0))

    def draw_overlay(self, surface: pygame.Surface) -> None:
        self.page.draw(surface, self.text_area, self.scroll)
        if self.max_scroll > 0:
            track = pygame.Rect(
                self.text_area.right + 10, self.text_area.top, 6, self.text_area.height
            )
            pygame.draw.rect(surface, theme.PANEL_EDGE, track, border_radius=3)
            share = self.text_area.height / self.page.height
            thumb_h = max(30, int(track.height * share))
            thumb_y = track.top + int((track.height - thumb_h) * self.scroll / self.max_scroll)
            thumb = pygame.Rect(track.left, thumb_y, track.width, thumb_h)
            pygame.draw.rect(surface, theme.ACCENT, thumb, border_radius=3)
