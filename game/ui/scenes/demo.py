"""Convention demo: AI against AI in a loop, every system in turn, narrated.

One cycle shows every built ruleset that has both a table and an ``ai`` bot, in menu
order. Each system opens with its title card (:data:`TITLE_SECONDS`), then its
game plays for its time slot (:func:`slot_seconds`); a game still going then is cut with
a "to be continued" card (:data:`CUT_SECONDS`), a game that ended earlier shows its end
banner for :data:`NEXT_GAME_DELAY`. A few systems start from a position a few actions in
(``Manifest.demo_play_ahead``: '65's set-up, played off-screen while the title card
shows). So a cycle never takes longer than :func:`cycle_seconds`. Every game has a new
seed, and each option (e.g. the scenario) takes its next value each time the cycle comes
round. All
times are seconds of game time (the app's ``speed`` times wall time). Any key or click
goes to the main menu.
"""

from __future__ import annotations

import secrets
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any

import pygame

from game.ai.registry import make_bot
from game.core.api import Action, Event
from game.core.registry import get_manifest, get_ruleset, ruleset_ids
from game.core.rng import Rng, derive_seed
from game.core.session import Session
from game.ui import theme
from game.ui.bot_worker import think
from game.ui.scene import Scene
from game.ui.scenes.demo_cards import Caption, draw_cut_card, draw_title_card, title_card
from game.ui.scenes.game import GameScene
from game.ui.scenes.setup import ruleset_options
from game.ui.tables import table_ids
from game.ui.widgets import blit_text, panel

if TYPE_CHECKING:
    from game.ui.app import App

TITLE_SECONDS = 6.0
CUT_SECONDS = 4.0
NEXT_GAME_DELAY = 3.0  # the end banner of a game that ended within its slot


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


def slot_seconds(ruleset_id: str) -> float:
    """How long a system's game plays before it is cut (seconds of game time): its
    manifest's ``demo_seconds``."""
    return get_manifest(ruleset_id).demo_seconds


def cycle_seconds(ids: list[str]) -> float:
    """The longest a cycle over ``ids`` takes: each system's title card, slot and cut
    card (a game that ends within its slot makes the cycle shorter)."""
    return sum(TITLE_SECONDS + slot_seconds(rid) + CUT_SECONDS for rid in ids)


def play_ahead(session: Session, bots: dict[int, Any], count: int) -> list[Action]:
    """The first ``count`` actions of ``session``'s game as its bots play them, on a copy
    (the worker thread runs this while the title card shows)."""
    copy = Session(session.ruleset, session.seed, session.options, session.seats, undo=False)
    actions: list[Action] = []
    for _ in range(count):
        seat = copy.state.current_player()
        if seat is None or copy.state.outcome() is not None:
            break
        action = bots[seat].choose(copy.state.view(seat))
        copy.apply(action)
        actions.append(action)
    return actions


class DemoScene(GameScene):
    """A spectator's game between two AIs: title card, play, then cut (see the module)."""

    autosave = False
    ai_delay = 0.9
    bottom_reserve = 96  # two caption lines at 38 px, or three at 35

    def __init__(
        self, app: App, index: int | None = None, seed: int | None = None, title: bool = True
    ) -> None:
        self.ids = [i for i in demo_rulesets() if app.demo_only is None or i in app.demo_only]
        self.index = (app.demo_games if index is None else index) % len(self.ids)
        if seed is None and app.demo_seed is not None:
            seed = derive_seed(app.demo_seed, app.demo_games)
        seed = secrets.randbelow(2**31) if seed is None else seed
        ruleset = get_ruleset(self.ids[self.index])
        kinds = ["ai"] * len(ruleset.seats)
        options = demo_options(ruleset.id, app.demo_games // len(self.ids))
        session = Session(ruleset, seed, options or None, kinds, undo=False)
        super().__init__(app, session, kinds)
        self.viewer = None
        self.card = title_card(ruleset.id, options, self.index, len(self.ids))
        self.slot = slot_seconds(ruleset.id)
        self.caption_parts = [f"{self.card.sides}, both played by the computer."]
        self.after_end = 0.0
        self.clock = 0.0  # game time since the title card, for the banner's pulse
        self.played = 0.0  # game time since the table showed
        self.cut = False
        self.caption_panel = Caption()
        ahead = get_manifest(ruleset.id).demo_play_ahead
        self._ahead: Future[list[Action]] | None = None
        if ahead and title:
            self._ahead = think(lambda n: play_ahead(self.session, self.bots, n), ahead)
        elif ahead:
            self._take_ahead(play_ahead(self.session, self.bots, ahead))
        self.titled = title  # the title card is up

    def _take_ahead(self, actions: list[Action]) -> None:
        """Apply the actions played ahead; the caption tells the last of them."""
        events: list[Event] = []
        for action in actions:
            events = self._apply(self.session.state.current_player() or 0, action)
        self._log_count = -1
        texts = self._log_lines([e for e in events if e.visible(None)])
        if texts:
            self.caption_parts = [t for t in texts if t]

    @property
    def caption(self) -> str:
        """The caption's whole text (what happened last, in player words)."""
        return " ".join(self.caption_parts)

    @property
    def caption_shown(self) -> tuple[int, tuple[str, ...]]:
        """The caption's font size and lines as last drawn."""
        return self.caption_panel.shown

    @property
    def next_name(self) -> str:
        """The next system's name in the cycle."""
        nxt = self.ids[(self.index + 1) % len(self.ids)]
        return str(get_ruleset(nxt).title)

    def log_width(self, w: int) -> int:
        """No log (the caption tells the story): the table takes the whole width but a
        margin (a log this narrow is not drawn)."""
        return 12

    def refresh_widgets(self) -> None:
        super().refresh_widgets()
        if self._built:
            for button in [*self.bar_buttons.values(), *self.end_buttons.values()]:
                button.hide()

    def on_action(self, seat: int, action: Action, events: list[Event]) -> None:
        texts = self._log_lines([e for e in events if e.visible(None)])
        if texts:
            self.caption_parts = [t for t in texts if t]

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            from game.ui.scenes.menu import MenuScene

            self.app.reset(MenuScene(self.app))
            return
        if event.type == pygame.MOUSEMOTION:
            return
        super().handle_event(event)

    def animating(self) -> bool:
        return self.titled or self.cut or super().animating()

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.titled:
            Scene.update(self, dt)
            if self.clock < TITLE_SECONDS:
                return
            if self._ahead is not None:
                if self.app.wait_for_bots:
                    self._ahead.result()  # tests and tools: no busy loop beside the worker
                if not self._ahead.done():
                    return  # still playing ahead (a slow machine): the card stays
                self._take_ahead(self._ahead.result())
                self._ahead = None
            self.titled = False
            self.app.wake()
            return
        self.played += dt
        if self.cut:
            Scene.update(self, dt)
            if self.played >= self.slot + CUT_SECONDS:
                self.next_game()
            return
        super().update(dt)
        if self.end_shown:
            self.after_end += dt
            if self.after_end >= NEXT_GAME_DELAY or self.played >= self.slot + CUT_SECONDS:
                self.next_game()
        elif self.played >= self.slot:
            self.cut = True  # "to be continued"; a bot still thinking is left to finish
            self.finish_animations()

    def next_game(self) -> None:
        self.app.demo_games += 1
        self.app.replace(DemoScene(self.app))

    def draw_scene(self, surface: pygame.Surface) -> None:
        a = self.app.assets
        if self.titled:
            draw_title_card(surface, a, self.card)
        else:
            super().draw_scene(surface)
            # The caption: the last action in player words, under the board.
            rect = pygame.Rect(self.table_rect.left + 12, 0, self.table_rect.width - 24, 0)
            rect.top = self.table_rect.bottom + 4
            rect.height = self.bottom_reserve - 8
            self.caption_panel.draw(surface, a, rect, self.caption_parts)
            if self.cut:
                draw_cut_card(surface, a, self.table_rect, self.next_name)
        # The banner over the top bar, gently pulsing.
        w = surface.get_width()
        pulse = 0.5 + 0.5 * abs(((self.clock / self.app.speed) % 2.0) - 1.0)
        color = tuple(int(c * (0.6 + 0.4 * pulse)) for c in theme.ACCENT)
        banner = pygame.Rect(0, 0, 520, 40)
        banner.topright = (w - 12, 6)
        panel(surface, banner, fill=(40, 30, 10), edge=theme.ACCENT, alpha=240, radius=8)
        blit_text(surface, a, "DEMO - press any key to play", 30, banner.center, color, "center")
