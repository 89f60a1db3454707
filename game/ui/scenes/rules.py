"""F1: the rules summary of the current system (docs/rules/<id>.md), scrollable."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.core.registry import SYSTEMS, ruleset_ids
from game.ui.assets import ROOT
from game.ui.scene import Scene

if TYPE_CHECKING:
    from game.ui.app import App

_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![\w*])[*_](?!\s)(.+?)(?<!\s)[*_](?![\w*])")
_CODE = re.compile(r"`([^`]+)`")
_LINK = re.compile(r"\[([^\]]+)\]\([^)]+\)")


def _inline(text: str) -> str:
    text = html.escape(text, quote=False)
    text = _LINK.sub(r"\1", text)
    text = _CODE.sub(r"\1", text)
    text = _BOLD.sub(r"<b>\1</b>", text)
    return _ITALIC.sub(r"<i>\1</i>", text)


def markdown_to_html(text: str) -> str:
    """The small part of Markdown our rule summaries use, as pygame_gui's HTML subset.

    Headings, paragraphs (wrapped lines joined), bullet and numbered lists (continuation
    lines joined to their item), tables as plain rows, **bold**, *italic*, `code`, links.
    """
    out: list[str] = []
    block: list[str] = []  # the lines of the current paragraph or list item
    prefix = ""  # "" for a paragraph, the indent and mark for a list item

    def flush() -> None:
        nonlocal prefix
        if block:
            body = _inline(" ".join(block))
            out.append(f"{prefix} {body}<br>" if prefix else f"{body}<br><br>")
            block.clear()
        prefix = ""

    for raw in text.splitlines():
        line = raw.rstrip()
        stripped = line.strip()
        heading = re.match(r"(#{1,6})\s+(.*)", stripped)
        bullet = re.match(r"([-*+]|\d+[.)])\s+(.*)", stripped)
        if not stripped:
            flush()
            if out and not out[-1].endswith("<br><br>"):
                out.append("<br>")
        elif heading:
            flush()
            size = {1: 6, 2: 5}.get(len(heading.group(1)), 4.5)
            title = _inline(heading.group(2))
            out.append(f'<font size={size} color="#E2B446"><b>{title}</b></font><br>')
        elif bullet:
            flush()
            mark = "-" if bullet.group(1) in "-*+" else bullet.group(1)
            prefix = "&nbsp;" * (2 + (len(line) - len(line.lstrip()))) + html.escape(mark)
            block.append(bullet.group(2))
        elif stripped.startswith("|"):
            flush()
            if set(stripped) <= set("|-: "):
                continue
            cells = [_inline(c.strip()) for c in stripped.strip("|").split("|")]
            out.append("&nbsp;&nbsp;" + " &nbsp;|&nbsp; ".join(cells) + "<br>")
        else:
            block.append(stripped)
    flush()
    return "".join(out)


def rules_path(ruleset_id: str, root: Path = ROOT) -> Path:
    return root / "docs" / "rules" / f"{ruleset_id}.md"


def rules_html(ruleset_id: str | None, root: Path = ROOT) -> tuple[str, str]:
    """(title, HTML) of the rules summary; a friendly note when there is none yet."""
    if ruleset_id is None:
        built = ruleset_ids()
        ruleset_id = built[0] if built else SYSTEMS[0].id
    title = next((s.title for s in SYSTEMS if s.id == ruleset_id), ruleset_id)
    path = rules_path(ruleset_id, root)
    try:
        return title, markdown_to_html(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        return title, html.escape(f"No rules summary yet: {path} ({reason}).")


class RulesScene(Scene):
    """Shown over the current screen; F1, Esc or Close closes it."""

    opaque = False

    def __init__(self, app: App, ruleset_id: str | None) -> None:
        super().__init__(app)
        self.ruleset_id = ruleset_id
        self.title, self.html = rules_html(ruleset_id, app.assets.root)

    def build(self) -> None:
        w, h = self.app.size
        rect = pygame.Rect(0, 0, min(900, w - 60), h - 60)
        rect.center = (w // 2, h // 2)
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
        self.text_box = pygame_gui.elements.UITextBox(
            self.html,
            pygame.Rect(12, 60, rect.width - 28, rect.height - 76),
            self.manager,
            container=self.panel,
        )

    def on_button(self, element: pygame_gui.core.UIElement) -> None:
        if element is self.close:
            self.app.pop()

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def draw_scene(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 170))
        surface.blit(shade, (0, 0))
