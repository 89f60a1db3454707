"""Convention demo: AI against AI in a loop with a narrating caption.

Cycles through every built ruleset that has both a table and an ``ai`` bot, a new seed each
game. Any key or click goes to the main menu.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

import pygame

from game.ai.registry import make_bot
from game.core.api import Action, Event
from game.core.briefing import briefing_for
from game.core.registry import get_ruleset, ruleset_ids
from game.core.rng import Rng, derive_seed
from game.core.session import Session
from game.ui import theme
from game.ui.scenes.game import GameScene
from game.ui.scenes.setup import ruleset_options
from game.ui.tables import table_ids
from game.ui.widgets import blit_fitted, blit_text, panel

if TYPE_CHECKING:
    from game.ui.app import App

NEXT_GAME_DELAY = 3.0


def demo_rulesets() -> list[str]:
    """Built rulesets with a table and an ``ai`` bot, in catalogue order."""
    tables = set(table_ids())
    found = []
    for rid in ruleset_ids():
        if rid not in tables:
            continue
        try:
            make_bot("ai", rid, 0, Rng(0))
        except ValueError:
            continue
        found.append(rid)
    return found


def demo_options(ruleset_id: str, rounds: int) -> dict[str, str]:
    """Options for a demo game: each option a ruleset declares (e.g. the Tunnel Rats
    scenario) takes its next value each time the demo comes back to that ruleset."""
    return {o.key: o.values[rounds % len(o.values)][0] for o in ruleset_options(ruleset_id)}


class DemoScene(GameScene):
    """A spectator's game between two AIs; the caption tells each action."""

    autosave = False
    ai_delay = 0.9
    bottom_reserve = 56

    def __init__(self, app: App, index: int | None = None, seed: int | None = None) -> None:
        ids = [i for i in demo_rulesets() if app.demo_only is None or i in app.demo_only]
        self.index = (app.demo_games if index is None else index) % len(ids)
        if seed is None and app.demo_seed is not None:
            seed = derive_seed(app.demo_seed, app.demo_games)
        seed = secrets.randbelow(2**31) if seed is None else seed
        ruleset = get_ruleset(ids[self.index])
        kinds = ["ai"] * len(ruleset.seats)
        options = demo_options(ruleset.id, app.demo_games // len(ids))
        session = Session(ruleset, seed, options or None, kinds, undo=False)
        super().__init__(app, session, kinds)
        self.viewer = None
        briefing = briefing_for(ruleset.id, options)
        title = ruleset.title
        if briefing.title != title:
            title = f"{title}: {briefing.title}"
        sides = " against ".join(briefing.side_names)
        self.caption = f"Demo: {title}. {sides}, both played by the computer."
        self.after_end = 0.0
        self.clock = 0.0

    def refresh_widgets(self) -> None:
        super().refresh_widgets()
        if self._built:
            for button in [*self.bar_buttons.values(), *self.end_buttons.values()]:
                button.hide()

    def on_action(self, seat: int, action: Action, events: list[Event]) -> None:
        texts = [e.text() for e in events if e.visible(None)]
        if texts:
            self.caption = " ".join(texts)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            from game.ui.scenes.menu import MenuScene

            self.app.reset(MenuScene(self.app))
            return
        if event.type == pygame.MOUSEMOTION:
            return
        super().handle_event(event)

    def update(self, dt: float) -> None:
        self.clock += dt
        super().update(dt)
        if self.end_shown:
            self.after_end += dt
            if self.after_end >= NEXT_GAME_DELAY:
                self.app.demo_games += 1
                self.app.replace(DemoScene(self.app))

    def draw_scene(self, surface: pygame.Surface) -> None:
        super().draw_scene(surface)
        a = self.app.assets
        w, h = surface.get_size()
        # The caption: one line over the bottom of the table.
        rect = pygame.Rect(self.table_rect.left + 12, 0, self.table_rect.width - 24, 44)
        rect.top = self.table_rect.bottom + 4
        panel(surface, rect, alpha=235, radius=8)
        box = rect.inflate(-20, -4)
        blit_fitted(surface, a, self.caption, 24, box, theme.TEXT, lines=2, align="center")
        # The banner over the top bar, gently pulsing.
        pulse = 0.5 + 0.5 * abs(((self.clock / self.app.speed) % 2.0) - 1.0)
        color = tuple(int(c * (0.6 + 0.4 * pulse)) for c in theme.ACCENT)
        banner = pygame.Rect(0, 0, 520, 40)
        banner.topright = (w - 12, 6)
        panel(surface, banner, fill=(40, 30, 10), edge=theme.ACCENT, alpha=240, radius=8)
        blit_text(surface, a, "DEMO - press any key to play", 30, banner.center, color, "center")
