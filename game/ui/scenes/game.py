"""The generic game scene: session, seats, AI pacing, hand-over, undo, autosave, log, end.

What the board looks like comes from the ruleset's table (``game.ui.tables``). The scene
shows the table the *viewer* may see: the one human in a game against the computer, the
human whose turn it is in hotseat, or a spectator (``None``) when nobody is human.

Hotseat: when the seat to act changes to another human and the two views differ, the
player who just acted first sees the result with a "Hand over" button, then a hand-over
screen hides the table until the next player clicks.

Open table: a ruleset may offer an open hotseat (its class's ``open_table(options)``,
``open_view(state, seat)`` and ``open_table_sees(event)``). With two or more humans at
an open table the screen shows the one view both players may see, the controls pass to
whoever acts, and no hand-over screen comes between them. Either player may take back
the last action (both sit at the table), under the session's usual undo rule.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import Future
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.ai.base import Bot
from game.ai.registry import SPECS, make_bot
from game.core.api import Action, Event
from game.core.briefing import side_names
from game.core.errors import SkirmishError
from game.core.rng import Rng, derive_seed
from game.core.session import Session
from game.storage import load_session, new_save_path, save_session, set_aside
from game.ui import theme
from game.ui.bot_worker import think
from game.ui.log_panel import LogPanel
from game.ui.scene import FULL_FPS, WAIT_FPS, Scene
from game.ui.scenes.game_end import draw_outcome, possessive
from game.ui.scenes.setup import computer_text
from game.ui.scenes.top_bar import TOP_BAR, bar_buttons, draw_bar, draw_bar_icons
from game.ui.seat_views import same_secrets
from game.ui.tables import Table, make_table
from game.ui.widgets import fill_around

if TYPE_CHECKING:
    from game.ui.app import App

log = logging.getLogger(__name__)

AI_DELAY = 0.6  # seconds an AI waits before acting, so people can follow
END_DELAY = 0.4
LOG_WIDTH = 330


def new_session(
    ruleset_id: str, seed: int, kinds: Sequence[str], options: Mapping[str, str] | None = None
) -> Session:
    """A fresh game; the seat kinds (human/ai/random) and options are kept in the save."""
    return Session.new(ruleset_id, seed, options, list(kinds))


class GameScene(Scene):
    """One game on screen. ``kinds[seat]`` is ``human`` or a bot's seat kind: a level
    (``easy``, ``ai`` or ``normal``, ``hard``), ``random`` or ``mcts``."""

    autosave = True
    settles_heap = True
    ai_delay = AI_DELAY
    bottom_reserve = 0  # pixels kept free under the table (the demo's caption)

    def __init__(
        self,
        app: App,
        session: Session,
        kinds: Sequence[str] | None = None,
        save_path: Path | None = None,
        briefing: bool = False,
    ) -> None:
        super().__init__(app)
        self.ruleset_id = session.ruleset.id
        # This game's own autosave (a new file for a new game, chosen at the first save).
        self.save_path = save_path
        seats = session.ruleset.seats
        given = list(kinds or session.seats or ["human"] * len(seats))
        if len(given) != len(seats) or any(k != "human" and k not in SPECS for k in given):
            given = ["human"] * len(seats)
        self.kinds = given
        self.seat_names = list(side_names(self.ruleset_id, session.options))
        self.humans = [i for i, k in enumerate(self.kinds) if k == "human"]
        self.bots: dict[int, Bot[Any]] = {
            # The search levels think on the wall clock, on the bot thread.
            i: make_bot(
                k,
                self.ruleset_id,
                i,
                Rng(derive_seed(session.seed, 1000 + i)),
                clock=time.perf_counter,
            )
            for i, k in enumerate(self.kinds)
            if k != "human"
        }
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        ruleset: Any = session.ruleset
        self.open_table = bool(
            len(self.humans) > 1
            and callable(getattr(ruleset, "open_table", None))
            and ruleset.open_table(session.options)
        )
        self.table: Table[Any] = make_table(self.ruleset_id, app.assets)
        self.pending_handover: int | None = None
        self.ai_wait = 0.0
        self._thinking: tuple[int, Future[Action]] | None = None
        self.end_wait = 0.0
        self.end_shown = False
        self._log_seen: int | None = None
        self._log_count = -1
        # Replay the record so the log and the "who did it" list are complete.
        self.session = Session(
            session.ruleset,
            session.seed,
            session.options,
            self.kinds,
            rules_version=session.rules_version,
            map_copy=session.map_copy,  # a save's copy of a changed map plays on
            map_path=session.map_path,
        )
        self.actors: list[int] = []
        self.auto_acted: set[int] = set()  # moments the table answered for the player
        self.action_events: list[list[Event]] = []
        self.log_events: list[Event] = list(self.session.opening)
        # A game started from the setup screen opens with its briefing (once, for humans).
        self.briefing_due = briefing and not session.actions and bool(self.humans)
        for text in session.actions:
            self._apply(self.session.state.current_player() or 0, self.session.parse(text))
        self._update_labels()

    # -- widgets -------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        m = self.manager
        log_w = self.log_width(w)
        self.table_rect = pygame.Rect(0, TOP_BAR, w - log_w, h - TOP_BAR - self.bottom_reserve)
        self.table.layout(self.table_rect)
        self.bar_buttons = bar_buttons(m, w)
        self.log_rect = pygame.Rect(
            w - log_w + 6, TOP_BAR + 6, max(0, log_w - 12), h - TOP_BAR - 12
        )
        self.log_panel = LogPanel(self.app.assets, self.log_rect)
        self._log_seen, self._log_count = None, -1
        area = getattr(self.table, "action_rect", self.table_rect)
        rect = pygame.Rect(0, 0, min(420, area.width), 64)
        rect.center = area.center
        self.handover_button = pygame_gui.elements.UIButton(rect, "", m)
        self.handover_button.hide()
        self.end_buttons: dict[str, pygame_gui.elements.UIButton] = {}
        box = self.end_rect()
        for i, (key, label) in enumerate((("again", "Play again [Enter]"), ("menu", "Menu [Esc]"))):
            rect = pygame.Rect(box.left + 30 + i * (box.width // 2), box.bottom - 76, 0, 52)
            rect.width = box.width // 2 - 45
            button = pygame_gui.elements.UIButton(rect, label, m)
            button.hide()
            self.end_buttons[key] = button
        self.refresh_widgets()

    def log_width(self, w: int) -> int:
        """Pixels of the window's width (``w``) the log takes at the right; 0: no log."""
        return 400 if w >= 1600 else LOG_WIDTH if w >= 1100 else 270

    def end_rect(self) -> pygame.Rect:
        rect = pygame.Rect(0, 0, min(560, self.table_rect.width - 40), 260)
        rect.center = self.table_rect.center
        return rect

    def refresh_widgets(self) -> None:
        """Show, hide, enable and label the buttons for the current situation."""
        if not self._built:
            return
        undo = self.bar_buttons["undo"]
        if self.can_undo():
            undo.enable()
        else:
            undo.disable()
        if self.app.size[0] >= 1600:
            muted = self.app.assets.muted
            self.bar_buttons["sound"].set_text("Sound off [M]" if muted else "Sound on [M]")
        if self.pending_handover is not None:
            self.handover_button.set_text(
                f"Hand over to the {self.seat_names[self.pending_handover]}   [Enter]"
            )
            self.handover_button.show()
        else:
            self.handover_button.hide()
        for button in self.end_buttons.values():
            if self.end_shown:
                button.show()
            else:
                button.hide()
        self._refresh_log()

    def sees(self, event: Event) -> bool:
        """Whether the screen shows ``event`` now (to the viewer, or the open table)."""
        if self.open_table:
            ruleset: Any = self.session.ruleset
            return bool(ruleset.open_table_sees(event))
        return event.visible(self.viewer)

    def _refresh_log(self) -> None:
        visible = [e for e in self.log_events if self.sees(e)] if self.log_rect.width else []
        if self.viewer == self._log_seen and len(visible) == self._log_count:
            return
        lines = self._log_lines(visible)
        self.log_panel.set_lines([(line, e.tone) for line, e in zip(lines, visible, strict=True)])
        self._log_seen, self._log_count = self.viewer, len(visible)

    def _log_lines(self, events: list[Event]) -> list[str]:
        """Each event's log line: its one player text (the demo caption and ``replay``
        print the same)."""
        return [e.text() for e in events]

    def log_text(self) -> str:
        """The log as the current viewer sees it (what the log panel shows)."""
        return "\n".join(self._log_lines([e for e in self.log_events if self.sees(e)]))

    def _update_labels(self) -> None:
        if hasattr(self.table, "seat_labels"):
            labels = []
            for i, name in enumerate(self.seat_names):
                if self.kinds[i] != "human":
                    labels.append(f"{name} ({computer_text(self.kinds[i])})")
                elif len(self.humans) == 1:
                    labels.append(f"{name} (you)")
                else:
                    labels.append(name)
            self.table.seat_labels = labels

    # -- state -----------------------------------------------------------------------
    def view(self) -> Any:
        """What the viewer sees now. Kept until the game moves on (an action, an undo,
        a new viewer): a view may be costly to make (RatFight lists its candidate moves
        with table geometry) and a waiting table draws it every frame. The key holds the
        state object itself, so a recycled id can never hit."""
        state = self.session.state
        key = (len(self.session.actions), self.viewer, self.end_shown, self.open_table)
        cached = self.__dict__.get("_view_cache")
        if cached is not None and cached[0] is state and cached[1] == key:
            return cached[2]
        if self.open_table and not self.end_shown:
            ruleset: Any = self.session.ruleset
            view = ruleset.open_view(self.session.state, self.viewer)
        else:
            view = self.session.state.view(self.viewer)
        self.__dict__["_view_cache"] = (state, key, view)
        return view

    def outcome(self) -> Any:
        return self.session.state.outcome()

    def can_undo(self) -> bool:
        """Undo is for the human who made the last action, while the session allows it
        and the game is not over (the end screen is final)."""
        return (
            self.outcome() is None
            and self.session.can_undo()
            and bool(self.actors)
            and (self.actors[-1] == self.viewer or self.open_table)
            and self.actors[-1] in self.humans
            and len(self.actors) - 1 not in self.auto_acted  # the table's, not the player's
            and self.pending_handover is None
            and not self.table.busy()
        )

    def _apply(self, seat: int, action: Action) -> list[Event]:
        events = self.session.apply(action)
        self.actors.append(seat)
        self.action_events.append(events)
        self.log_events.extend(events)
        return events

    def act(self, action: Action) -> None:
        """Apply ``action`` for the seat to act; feed the visible events to the table."""
        seat = self.session.state.current_player()
        if seat is None:
            return
        events = self._apply(seat, action)
        if self.open_table:
            self._sync_viewer()  # the controls pass at once: nothing to hide
        visible = [e for e in events if self.sees(e)]
        self.table.on_events(visible, self.view())
        self.on_action(seat, action, events)
        self.app.wake()  # the table changed: timed notices (rolls) get their frames
        self.ai_wait = 0.0
        self.save()
        self.refresh_widgets()

    def on_action(self, seat: int, action: Action, events: list[Event]) -> None:
        """Hook for subclasses (the demo narrates here)."""

    def undo(self) -> None:
        if not self.can_undo():
            return
        self.actors.pop()
        self.session.undo()
        group = self.action_events.pop()
        # the log shows the game as it now is: the taken-back action's lines go with it
        self.log_events = [e for e in self.log_events if not any(e is g for g in group)]
        if hasattr(self.table, "skip_animations"):
            self.table.skip_animations()
        self.app.assets.play("click")
        self.save()
        self.refresh_widgets()

    def save(self) -> None:
        """Write this game's own autosave (never another game's file)."""
        if not self.autosave:
            return
        if self.save_path is None:
            self.save_path = new_save_path(self.app.data_dir, self.session.ruleset.id)
        path = self.save_path
        try:
            save_session(self.session, path)
        except OSError as exc:
            log.warning("autosave to %s failed: %s", path, exc)

    # -- turn flow -------------------------------------------------------------------
    def _sync_viewer(self) -> None:
        """Decide who looks at the screen now (see the module docstring)."""
        seat = self.session.state.current_player()
        if seat is None or seat not in self.humans or seat == self.viewer:
            return
        if self.pending_handover is not None or len(self.humans) == 1:
            return
        if self.open_table:
            self.viewer = seat
            self.refresh_widgets()
            return
        state = self.session.state
        if same_secrets(state.view(self.viewer), state.view(seat), state.view(None)):
            self.viewer = seat  # nothing to hide: the screen passes as it is
            self.refresh_widgets()
        elif self.viewer is not None and self.actors and self.actors[-1] == self.viewer:
            self.pending_handover = seat
            self.refresh_widgets()
        else:
            self.request_handover(seat)

    def request_handover(self, seat: int) -> None:
        from game.ui.scenes.handover import HandOverScene

        self.pending_handover = None
        self.refresh_widgets()
        self.app.push(HandOverScene(self.app, self, seat))

    def handover_done(self, seat: int) -> None:
        """The hand-over screen was clicked: ``seat`` now looks at the table."""
        self.viewer = seat
        if hasattr(self.table, "skip_animations"):
            self.table.skip_animations()
        self.refresh_widgets()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.briefing_due and self.app.top is self:
            self.briefing_due = False
            self.show_briefing()
            return
        moving = self.table.busy()
        self.table.update(dt)
        if self.table.busy():
            return
        if self.outcome() is not None:
            if not self.end_shown:
                self.end_wait += dt
                if self.end_wait >= END_DELAY:
                    self.show_end()
            return
        self._sync_viewer()
        if self.app.top is not self:
            return
        seat = self.session.state.current_player()
        # A bot starts only once the table has been still for a whole frame: the frame
        # that ends an animation is drawn before a bot thinks beside it (the bot's
        # thread shares the interpreter; measured slowing that last frame).
        if seat is not None and seat in self.bots and not moving:
            self._run_bot(seat, dt)
        elif seat is not None and seat == self.viewer and seat in self.humans and not moving:
            self._auto_act()
        if self._built and self.bar_buttons["undo"].is_enabled != self.can_undo():
            self.refresh_widgets()

    def _auto_act(self) -> None:
        """A table may answer for the player a question with one possible answer (a '65
        reaction window no card of the hand can answer), unless the setting "always ask
        me" is on."""
        auto = getattr(self.table, "auto_action", None)
        if auto is None:
            return
        action = auto(self.view(), self.app.settings.always_ask)
        if action is not None:
            self.auto_acted.add(len(self.actors))  # undone, it would only come back
            self.act(action)

    def animating(self) -> bool:
        """An animation plays, a bot is about to act, or the end screen is coming."""
        if self.table.busy():
            return True
        if self.outcome() is not None:
            return not self.end_shown
        seat = self.session.state.current_player()
        return seat is not None and seat in self.bots

    def frame_rate(self) -> int:
        """Full frames while the table animates; while a bot only waits its turn (or the
        end screen is coming) nothing on the table moves, so fewer frames do."""
        return FULL_FPS if self.table.busy() else WAIT_FPS

    def _run_bot(self, seat: int, dt: float) -> None:
        """Let the bot of ``seat`` think on a worker thread (the window stays responsive) and
        play its choice once it is ready and ``ai_delay`` has passed."""
        moment = len(self.session.actions)
        if self._thinking is None or self._thinking[0] != moment:
            view = self.session.state.view(seat)
            self._thinking = (moment, think(self.bots[seat].choose, view))
        self.ai_wait += dt
        future = self._thinking[1]
        if self.app.wait_for_bots:
            future.result()
        if self.ai_wait >= self.ai_delay and future.done():
            self._thinking = None
            self.act(future.result())

    def thinking(self) -> bool:
        """Whether a bot is still choosing (for tests and the status line)."""
        return self._thinking is not None and not self._thinking[1].done()

    def show_end(self) -> None:
        self.end_shown = True
        outcome = self.outcome()
        if len(self.humans) == 1 and outcome is not None:
            won = self.humans[0] in outcome.winners
            self.app.assets.play("win" if won else "lose")
        else:
            self.app.assets.play("win")
        if len(self.humans) != 1:
            self.viewer = None
        self.refresh_widgets()

    # -- input -----------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        """A key or click during an animation first finishes it at once, then acts (so the
        buttons it enables, such as Undo, take the same click)."""
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) and self.table.busy():
            self.finish_animations()
        super().handle_event(event)

    def finish_animations(self) -> None:
        if hasattr(self.table, "skip_animations"):
            self.table.skip_animations()
        self.refresh_widgets()

    def on_button(self, element: pygame_gui.core.UIElement) -> None:
        buttons = self.bar_buttons
        if element is buttons["menu"]:
            self.leave()
        elif element is buttons["rules"]:
            self.app.toggle_rules()
        elif element is buttons["briefing"]:
            self.show_briefing()
        elif element is buttons["sound"]:
            self.app.set_muted(not self.app.assets.muted)
            self.refresh_widgets()
        elif element is buttons["undo"]:
            self.undo()
        elif element is self.handover_button and self.pending_handover is not None:
            self.request_handover(self.pending_handover)
        elif element is self.end_buttons["again"] and self.end_shown:
            self.play_again()
        elif element is self.end_buttons["menu"] and self.end_shown:
            self.leave()

    def on_event(self, event: pygame.event.Event) -> None:
        if self._built and not self._table_pages(event) and self.log_panel.handle_event(event):
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                cancel = getattr(self.table, "cancel", None)
                if cancel is not None and cancel():
                    return  # Esc first drops what the player had picked on the table
                self.leave()
                return
            if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
                self.undo()
                return
            if event.key == pygame.K_b and not event.mod & pygame.KMOD_CTRL:
                self.show_briefing()
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.pending_handover is not None:
                    self.request_handover(self.pending_handover)
                    return
                if self.end_shown:
                    self.play_again()
                    return
        if self.end_shown or self.pending_handover is not None:
            return
        view = self.view()
        action = self.table.handle_event(event, view)
        if action is not None and self.viewer in self.humans:
            self.act(action)

    def _table_pages(self, event: pygame.event.Event) -> bool:
        """Page Up / Page Down turn the table's own list when it has pages (the '65 choice
        list); otherwise they scroll the log."""
        if event.type != pygame.KEYDOWN or event.key not in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            return False
        has_pages = getattr(self.table, "has_pages", None)
        return bool(has_pages is not None and has_pages(self.view()))

    def show_briefing(self) -> None:
        """Put the scenario's briefing over the table (B, the Briefing button, and the
        start of a new game)."""
        from game.ui.scenes.rules import BriefingScene

        self.app.push(BriefingScene(self.app, self.session.ruleset.id, self.session.options))

    def leave(self) -> None:
        """Back to the main menu (the game stays in the autosave)."""
        from game.ui.scenes.menu import MenuScene

        self.app.reset(MenuScene(self.app))

    def play_again(self) -> None:
        import secrets

        session = new_session(
            self.session.ruleset.id, secrets.randbelow(2**31), self.kinds, self.session.options
        )
        self.app.replace(GameScene(self.app, session))

    # -- drawing -----------------------------------------------------------------------
    def draw_scene(self, surface: pygame.Surface) -> None:
        if getattr(self.table, "covers_rect", False):
            fill_around(surface, self.table_rect, theme.BG)  # the table paints its own
        else:
            surface.fill(theme.BG)
        view = self.view()
        self.table.draw(surface, view)
        if self.log_rect.width:
            self.log_panel.draw(surface)
        status = self.table.status(view) if hasattr(self.table, "status") else ""
        if self.open_table and self.outcome() is None:
            status = f"Open table - {status}"
        elif self.viewer is not None and len(self.humans) > 1:
            status = f"{possessive(self.seat_names[self.viewer])} view - {status}"
        draw_bar(surface, self.app.assets, self.session.ruleset.title, status, self.bar_buttons)
        if self.end_shown:
            self.draw_end(surface)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        if not self._built:
            return
        draw_bar_icons(surface, self.app.assets, self.bar_buttons)

    def draw_end(self, surface: pygame.Surface) -> None:
        outcome = self.outcome()
        if outcome is not None:
            draw_outcome(
                surface,
                self.app.assets,
                self.table_rect,
                self.end_rect(),
                outcome,
                self.seat_names,
                self.humans,
            )


def load_game(app: App, path: Path) -> bool:
    """Open the save at ``path`` in place of every scene; a save that cannot be loaded is
    set aside (kept, renamed) and explained in a dialog naming it. A game on the
    player's own map that has since changed or gone resumes on the save's copy of it,
    and a dialog says so. True when loaded."""
    from game.saved_maps import save_map_notice
    from game.ui.scenes.dialog import DialogScene

    try:
        session = load_session(path)
        scene = GameScene(app, session, save_path=path)
    except (SkirmishError, ValueError) as exc:
        try:
            moved = set_aside(path)
            kept = f"The file was kept as {moved}."
        except OSError as err:
            kept = f"The file could not be renamed ({err.strerror}); it was left in place."
        app.push(DialogScene(app, "Cannot load this game", f"{exc}\n\n{kept}"))
        return False
    app.reset(scene)
    notice = save_map_notice(path)  # the player's own map changed or is gone: say so
    if notice:
        app.push(DialogScene(app, "Playing on the saved copy of the map", notice))
    return True
