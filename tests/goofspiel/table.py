"""Goofspiel's table: the prize, the scores, both hands; click a card of yours (or press
its number, or Left/Right and Enter) to bid it."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.core.api import Action, Event
from game.ui import theme
from game.ui.tables import register_table
from game.ui.tables.base import TableBase
from game.ui.widgets import blit_text
from tests.goofspiel.rules import NAMES, Bid, GoofView

CARD = (56, 80)


@register_table
class GoofTable(TableBase[GoofView]):
    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.cursor = 0

    def status(self, view: GoofView) -> str:
        if view.outcome is not None:
            return "The prizes are shared out"
        who = NAMES[view.current_player] if view.current_player is not None else ""
        return f"Prize {view.prize} - {who} to bid"

    def choice_labels(self, view: GoofView) -> list[str]:
        return [f"Bid the {a.card}" for a in view.candidate_actions if isinstance(a, Bid)]

    def card_rects(self, view: GoofView) -> list[tuple[pygame.Rect, Bid]]:
        bids = [a for a in view.candidate_actions if isinstance(a, Bid)]
        x, y = self.rect.left + 30, self.rect.bottom - CARD[1] - 30
        return [(pygame.Rect(x + i * (CARD[0] + 10), y, *CARD), b) for i, b in enumerate(bids)]

    def draw(self, surface: pygame.Surface, view: GoofView) -> None:
        a = self.assets
        pygame.draw.rect(surface, theme.FELT, self.rect)
        left, top = self.rect.left + 30, self.rect.top + 30
        prize = "-" if view.prize is None else str(view.prize)
        blit_text(
            surface, a, f"Prize: {prize}   ({view.prizes_left} more face down)", 32, (left, top)
        )
        for seat in (0, 1):
            line = f"{NAMES[seat]}: {view.scores[seat]} points, cards {list(view.hands[seat])}"
            blit_text(surface, a, line, 24, (left, top + 60 + 34 * seat))
        if view.waiting:
            shown = f"the {view.laid}" if view.laid is not None else "a card"
            blit_text(surface, a, f"North has laid {shown} face down.", 24, (left, top + 140))
        for i, (rect, bid) in enumerate(self.card_rects(view)):
            pygame.draw.rect(surface, theme.BUBBLE, rect, border_radius=6)
            edge = theme.ACCENT if i == self.cursor else theme.PANEL_EDGE
            pygame.draw.rect(surface, edge, rect, 3, border_radius=6)
            blit_text(surface, a, str(bid.card), 30, rect.center, theme.INK, "center")
        if self.notice:
            blit_text(surface, a, self.notice, 22, (left, self.rect.bottom - 140), theme.BAD)

    def handle_event(self, event: pygame.event.Event, view: GoofView) -> Action | None:
        rects = self.card_rects(view)
        if not rects:
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, bid in rects:
                if rect.collidepoint(event.pos):
                    return self.offer(bid, view.why_not(bid))
        if event.type == pygame.KEYDOWN:
            self.cursor = min(self.cursor, len(rects) - 1)
            index: int = event.key - pygame.K_1
            if 0 <= index < min(9, len(rects)):
                return rects[index][1]
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                step = 1 if event.key == pygame.K_RIGHT else -1
                self.cursor = (self.cursor + step) % len(rects)
            if event.key in (pygame.K_RETURN, pygame.K_SPACE):
                return rects[self.cursor][1]
        return None

    def on_events(self, events: Sequence[Event], view: GoofView) -> None:
        self.cursor = 0
