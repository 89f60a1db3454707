"""The log beside the table: wrapped lines, newest at the bottom, scrollable.

Drawn by us rather than with pygame_gui's UITextBox: that widget lays its whole text out
again on every change (50-300 ms for a game's log), which showed as a stall after each
action. Here a change re-wraps only the new lines and drawing blits cached line images.
Mouse wheel over the panel or Page Up/Down scroll; new lines scroll back to the bottom.
"""

from __future__ import annotations

import pygame

from game.core.api import Tone
from game.ui import theme
from game.ui.assets import Assets
from game.ui.toolkit.region_cache import RegionCache
from game.ui.widgets import panel

TEXT_SIZE = 22
LINE_H = 20
PAD = 8


def tone_color(tone: Tone) -> tuple[int, int, int]:
    """New turns and the result stand out, rolls are quieter; the rest is plain."""
    if tone in (Tone.TURN, Tone.END):
        return theme.ACCENT
    if tone is Tone.ROLL:
        return theme.MUTED
    return theme.TEXT


class LogPanel:
    """Set the text with :meth:`set_lines`; call :meth:`handle_event` and :meth:`draw`."""

    def __init__(self, assets: Assets, rect: pygame.Rect) -> None:
        self.assets = assets
        self.rect = pygame.Rect(rect)
        self.source: list[str] = []
        self.lines: list[str] = []  # wrapped, what is shown
        self.colors: list[tuple[int, int, int]] = []
        self.scroll = 0  # lines scrolled up from the bottom
        self._version = 0  # counts the changes of what is shown
        self._kept = RegionCache()  # the drawn panel, while nothing changes

    @property
    def text(self) -> str:
        """Everything in the log, one source line per line (for tests)."""
        return "\n".join(self.source)

    def set_lines(self, entries: list[tuple[str, Tone]]) -> None:
        """Show ``entries`` (text and the event's tone); when they only extend what is
        shown, only the new ones are wrapped."""
        width = self.rect.width - 2 * PAD - 8
        lines = [text for text, _ in entries]
        if lines[: len(self.source)] == self.source:
            new = entries[len(self.source) :]
        else:
            self.lines, self.colors = [], []
            new = entries
        for line, tone in new:
            wrapped = self.assets.wrap(line, TEXT_SIZE, width)
            self.lines.append(wrapped[0])
            self.lines.extend("   " + w for w in wrapped[1:])
            self.colors.extend([tone_color(tone)] * len(wrapped))
        self.source = lines
        self.scroll = 0
        self._version += 1

    def visible_count(self) -> int:
        return max(1, (self.rect.height - 2 * PAD) // LINE_H)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Mouse wheel over the panel, or Page Up / Page Down, scroll it; returns True if the
        event was used."""
        step = 0
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            step = event.y * 3
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            page = max(1, self.visible_count() - 2)
            step = page if event.key == pygame.K_PAGEUP else -page
        if not step:
            return False
        top = max(0, len(self.lines) - self.visible_count())
        self.scroll = max(0, min(top, self.scroll + step))
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """The panel, kept and blitted back while its lines, scroll and place stay the
        same (a texts trace, as the tests take, draws it afresh)."""
        key = (self._version, self.scroll, tuple(self.rect))
        tracing = self.assets.text_trace is not None
        if not tracing and self._kept.restore(surface, self.rect, key):
            return
        self._draw(surface)
        if not tracing:
            self._kept.keep(surface, self.rect, key)

    def _draw(self, surface: pygame.Surface) -> None:
        panel(surface, self.rect, alpha=240, radius=6)
        count = self.visible_count()
        end = len(self.lines) - self.scroll
        start = max(0, end - count)
        y = self.rect.top + PAD
        clip = surface.get_clip()
        surface.set_clip(self.rect.inflate(-4, -4))
        for i in range(start, end):
            line = self.lines[i]
            image = self.assets.text(line, TEXT_SIZE, self.colors[i])
            surface.blit(image, (self.rect.left + PAD, y))
            y += LINE_H
        surface.set_clip(clip)
        if len(self.lines) > count:  # a thin bar showing where the view is
            track = self.rect.inflate(0, -2 * PAD)
            track.width, track.right = 4, self.rect.right - 4
            share = count / len(self.lines)
            bar_h = max(16, int(track.height * share))
            pos = (len(self.lines) - end) / max(1, len(self.lines) - count)
            bar = pygame.Rect(
                track.left, track.bottom - bar_h - int((track.height - bar_h) * pos), 4, bar_h
            )
            pygame.draw.rect(surface, theme.PANEL_EDGE, bar, border_radius=2)
