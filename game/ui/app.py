"""The desktop program: window, scene stack, main loop and the two entry points.

``run_app(args)`` opens the main menu (or the demo with ``--demo``);
``run_replay_viewer(args, record)`` shows a recorded game step by step.
Global keys: F11 full screen, F1 rules of the current system, M mute, Ctrl+Q quit.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import time
from pathlib import Path

import pygame

from game.core.record import Record
from game.storage import (
    Settings,
    load_settings,
    remove_stale_temporaries,
    resolve_data_dir,
    save_settings,
)
from game.ui.assets import Assets
from game.ui.heap import release_heap, settle_heap, steady_heap
from game.ui.scene import FULL_FPS, Scene

log = logging.getLogger(__name__)

DEFAULT_SIZE = (1280, 720)
MIN_SIZE = (800, 520)
FPS = FULL_FPS
# Quiet when idle: after the last input (or scene change) frames run at FPS for
# SETTLE seconds, then the loop sleeps (App.wait_for_event) and redraws LINGER_FPS times
# a second until LINGER seconds have passed (timed notices fade), then only on events.
# A scene that is animating (``Scene.animating``) always gets full frames.
SETTLE = 1.0
LINGER = 6.0
LINGER_FPS = 2
IDLE_WAKE_MS = 500  # how often an idle loop still runs update() (timers such as the menu's)
IDLE_POLL = 0.02  # seconds between looks at the event queue while idle (input latency)


def prefer_native_framebuffer() -> None:
    """On Linux, show frames through the window system's own framebuffer (X11 shared
    memory) unless the player's environment says otherwise.

    Every frame is drawn in software (pygame surfaces), so an OpenGL texture gains
    nothing; but to choose, SDL opens a throw-away OpenGL context, which loads the whole
    graphics driver (Mesa with its LLVM compiler: measured 126 MiB resident for an empty
    window, against 29 MiB without). On a convention laptop running the demo all day,
    that is memory the game never uses. ``SDL_FRAMEBUFFER_ACCELERATION`` set by the
    player (e.g. ``1``) is left alone."""
    if sys.platform.startswith("linux"):
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")


class App:
    """Owns the window and the stack of scenes. Tests drive it with :meth:`step`."""

    def __init__(
        self,
        data_dir: Path,
        *,
        kiosk: bool = False,
        idle_seconds: float | None = None,
        speed: float = 1.0,
        size: tuple[int, int] = DEFAULT_SIZE,
        root: Path | None = None,
    ) -> None:
        prefer_native_framebuffer()
        pygame.init()
        data_dir.mkdir(parents=True, exist_ok=True)
        self.data_dir = data_dir
        for stale in remove_stale_temporaries(data_dir):
            log.info("removed %s, left by an interrupted save", stale)
        self.settings, settings_problem = load_settings(data_dir)
        self.kiosk: bool = kiosk
        self.idle_seconds = idle_seconds if idle_seconds is not None else self.settings.idle_seconds
        self.speed = speed
        self.windowed_size = size
        self.fullscreen = False
        self._mode_changed_at = -10_000
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.display.set_caption("Skirmish Table")
        self._set_minimum_size()
        self.assets = Assets(volume=self.settings.volume, muted=self.settings.muted)
        if root is not None:
            self.assets.root = root
        self.scenes: list[Scene] = []
        self.running = True
        self.clock = pygame.time.Clock()
        self.demo_games = 0  # finished demo games, for tests and the bench
        # Tests and tools set this: a thinking bot then blocks the frame instead of
        # running beside it (a busy test loop would starve the worker thread).
        self.wait_for_bots = False
        self.demo_only: tuple[str, ...] | None = None  # restrict the demo's rulesets
        self.demo_seed: int | None = None  # fixed series of demo seeds (tests, tools)
        # The program and the bench set this: after a scene that loads much has drawn its
        # first frame, open the fonts of every size, collect once and freeze the heap
        # (``game.ui.heap``). Off for tests, which build many scenes and would pay a full
        # collection for each.
        self.tidy_heap = False
        # Whether the app may start other programs (a file manager for a folder); the
        # test driver turns it off. Every folder asked for is recorded either way.
        self.spawn_programs = True
        self.opened_folders: list[Path] = []
        if self.settings.fullscreen:
            self.set_fullscreen(True, save=False)
        self.startup_problem = settings_problem
        self._activity_at = 0  # ticks (ms) of the last input or scene change
        self._drawn_at = 0
        self.failures = 0  # scene failures in a row, without a good frame (game.ui.crash)
        self.exit_code = 0
        # The app loop's guard (game.ui.crash). The test driver turns it off so that a
        # failing screen fails its test; the guard's own tests turn it back on.
        self.guard = True

    # -- window ----------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def _set_minimum_size(self) -> None:
        """Nothing to do: :meth:`resize` keeps the window at least ``MIN_SIZE``."""

    def set_fullscreen(self, on: bool, save: bool = True) -> None:
        if on:
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            self._set_minimum_size()
        self.fullscreen = on
        # The window system may still deliver resize events of the old mode; ignore them
        # for a moment (see handle_event).
        self._mode_changed_at = pygame.time.get_ticks()
        pygame.event.clear(pygame.VIDEORESIZE)
        for scene in self.scenes:
            scene.resize(self.size)
        if save:
            self.settings.fullscreen = on
            self.save_settings()

    def resize(self, size: tuple[int, int]) -> None:
        size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        if self.screen.get_size() != size:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        if not self.fullscreen:
            self.windowed_size = size
        for scene in self.scenes:
            scene.resize(size)

    def save_settings(self) -> None:
        try:
            save_settings(self.data_dir, self.settings)
        except OSError as exc:
            log.warning("cannot save settings in %s: %s", self.data_dir, exc)

    def set_muted(self, muted: bool) -> None:
        self.assets.muted = muted
        self.settings.muted = muted
        self.save_settings()

    def set_volume(self, volume: float) -> None:
        self.assets.volume = volume
        self.settings.volume = volume
        self.save_settings()

    # -- scenes ----------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        scene.ensure_built()
        self.wake()

    def wake(self) -> None:
        """Something changed on screen: run full frames for a moment (see ``SETTLE``)."""
        self._activity_at = pygame.time.get_ticks()

    def pop(self) -> Scene | None:
        scene = self.scenes.pop() if self.scenes else None
        self.wake()
        if self.top is not None:
            self.top.on_top()
        else:
            self.running = False
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene``."""
        if self.scenes:
            self.scenes.pop()
        self.push(scene)

    def reset(self, *scenes: Scene) -> None:
        """Drop every scene and start again with ``scenes`` (bottom first)."""
        self.scenes.clear()
        for scene in scenes:
            self.push(scene)

    def find(self, kind: type[Scene]) -> Scene | None:
        """The topmost scene of ``kind`` in the stack."""
        for scene in reversed(self.scenes):
            if isinstance(scene, kind):
                return scene
        return None

    # -- loop --------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        """Everything the main loop receives goes through here (tests call it too)."""
        self.wake()
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type == pygame.VIDEORESIZE:
            stale = pygame.time.get_ticks() - self._mode_changed_at < 600
            if not self.fullscreen and not stale:
                self.resize(event.size)
            return
        if event.type == pygame.KEYDOWN:
            ctrl = event.mod & pygame.KMOD_CTRL
            if event.key == pygame.K_q and ctrl:
                self.running = False
                return
            if event.key == pygame.K_F11:
                self.set_fullscreen(not self.fullscreen)
                return
            if event.key == pygame.K_F1:
                self.toggle_rules()
                return
            if event.key == pygame.K_m and not ctrl:
                self.set_muted(not self.assets.muted)
                return
        if self.top is not None:
            self.top.handle_event(event)

    def toggle_rules(self) -> None:
        from game.ui.scenes.rules import RulesScene

        if type(self.top) is RulesScene:
            self.pop()
            return
        ruleset_id = None
        for scene in reversed(self.scenes):
            if scene.ruleset_id is not None:
                ruleset_id = scene.ruleset_id
                break
        self.push(RulesScene(self, ruleset_id))

    def update(self, dt: float) -> None:
        if self.top is not None:
            self.top.update(dt * self.speed)

    def draw(self, surface: pygame.Surface | None = None) -> None:
        surface = surface or self.screen
        start = len(self.scenes) - 1
        while start > 0 and not self.scenes[start].opaque:
            start -= 1
        for scene in self.scenes[max(0, start) :]:
            scene.draw(surface)
        top = self.top
        if self.tidy_heap and top is not None and top.settles_heap and not top.heap_settled:
            # In the loading frame, before anything animates.
            top.heap_settled = True
            self.assets.warm_fonts()
            settle_heap()

    def step(self, dt: float = 1 / FPS, *, draw: bool = True) -> bool:
        """One frame: all pending events, ``update(dt)``, draw (unless ``draw`` is False),
        flip. False once quitting. An exception from a scene is the guard's
        (:func:`game.ui.crash.recover`): crash log, game saved, back to the menu."""
        try:
            for event in pygame.event.get():
                self.handle_event(event)
                if not self.running:
                    return False
            self.update(dt)
            if self.top is None:
                self.running = False
                return False
            if draw:
                self.draw()
                pygame.display.flip()
                self._drawn_at = pygame.time.get_ticks()
        except Exception as exc:  # noqa: BLE001 - the app loop's guard
            self.recover(exc)
            return self.running
        if draw:
            self.failures = 0  # a whole good frame
        return self.running

    def present(self) -> None:
        """Draw every visible scene and show the frame (guarded as :meth:`step`)."""
        try:
            self.draw()
        except Exception as exc:  # noqa: BLE001 - the app loop's guard
            self.recover(exc)
            return
        pygame.display.flip()
        self._drawn_at = pygame.time.get_ticks()
        self.failures = 0

    def recover(self, exc: Exception) -> None:
        """A scene raised: log it, keep the game saved, return to the menu with a dialog
        (or, with ``guard`` off, let it propagate)."""
        from game.ui.crash import recover

        if not self.guard:
            raise exc

        log.error("a scene failed: %r (traceback in the crash log)", exc)
        recover(self, exc)

    @staticmethod
    def wait_for_event(timeout_ms: int) -> None:
        """Sleep until an event is queued or ``timeout_ms`` passed. Polls every
        ``IDLE_POLL`` seconds: measured under X11, this costs a tenth of what
        ``pygame.event.wait(timeout)`` does (0.6% against 2.8% of a core)."""
        deadline = pygame.time.get_ticks() + timeout_ms
        while not pygame.event.peek() and pygame.time.get_ticks() < deadline:
            time.sleep(IDLE_POLL)

    def animating(self) -> bool:
        """Whether the top scene has something moving (then every frame is drawn)."""
        return self.top is not None and self.top.animating()

    def run(self) -> int:
        """The main loop: full frames while something moves or just after input; else it
        sleeps until an event (waking every ``IDLE_WAKE_MS`` for timers) and redraws
        only when something happened. Scene failures go to :meth:`recover`."""
        self.wake()
        while self.running:
            try:
                if not self._loop_once():
                    break
            except Exception as exc:  # noqa: BLE001 - the app loop's guard
                self.recover(exc)
        return self.exit_code

    def _loop_once(self) -> bool:
        """One turn of :meth:`run`; False once quitting."""
        now = pygame.time.get_ticks()
        quiet = now - self._activity_at
        if self.animating() or quiet < SETTLE * 1000:
            rate = FPS if quiet < SETTLE * 1000 or self.top is None else self.top.frame_rate()
            dt = self.clock.tick(rate) / 1000.0
            return self.step(min(dt, 0.1))
        lingering = quiet < LINGER * 1000
        wait = 1000 // LINGER_FPS if lingering else IDLE_WAKE_MS
        self.wait_for_event(wait)
        dt = self.clock.tick() / 1000.0  # the frame clock was paused while waiting
        after = pygame.time.get_ticks()
        redraw = lingering and after - self._drawn_at >= 1000 // LINGER_FPS
        changes = self._activity_at
        if not self.step(min(dt, 1.0), draw=False):
            return False
        if redraw or self._activity_at != changes or self.animating():
            self.present()
        return True

    def close(self) -> None:
        if self.tidy_heap:
            release_heap()
        pygame.quit()


def make_app(args: argparse.Namespace, **kwargs: object) -> App:
    data_dir = resolve_data_dir(getattr(args, "data_dir", None))
    app = App(
        data_dir,
        kiosk=bool(getattr(args, "kiosk", False)),
        idle_seconds=getattr(args, "idle_seconds", None),
        **kwargs,  # type: ignore[arg-type]
    )
    app.tidy_heap = True
    steady_heap()
    return app


def start_scenes(app: App, demo: bool) -> None:
    """The first scenes: the demo or the main menu (plus a dialog about bad settings)."""
    from game.ui.scenes.demo import DemoScene, demo_rulesets
    from game.ui.scenes.dialog import DialogScene
    from game.ui.scenes.menu import MenuScene

    if demo and demo_rulesets():
        app.reset(DemoScene(app))
    else:
        app.reset(MenuScene(app))
    if app.startup_problem:
        app.push(DialogScene(app, "Settings reset", app.startup_problem))


def open_app(args: argparse.Namespace) -> App | None:
    """The app with its window, or ``None`` after saying why no window could open (no X
    server behind DISPLAY, no video device): one message, never a traceback."""
    from game.__main__ import headless_commands
    from game.cli.headless import invisible_driver, no_display_message

    try:
        pygame.display.init()
        driver = pygame.display.get_driver()
        if invisible_driver(driver):
            where = ", ".join(
                f"{k}={os.environ[k]}" for k in ("DISPLAY", "WAYLAND_DISPLAY") if k in os.environ
            )
            raise pygame.error(f"no screen answered ({where or 'no display set'})")
        return make_app(args)
    except pygame.error as exc:
        pygame.quit()
        reason = f"the window could not be opened: {exc}"
        print(no_display_message(reason, headless_commands()), file=sys.stderr)
        return None


def run_app(args: argparse.Namespace) -> int:
    """``python -m game`` (with ``--demo``, ``--kiosk``, ``--idle-seconds``, ``--data-dir``)."""
    app = open_app(args)
    if app is None:
        return 2
    try:
        start_scenes(app, bool(getattr(args, "demo", False)))
        return app.run()
    finally:
        app.close()


def run_replay_viewer(
    args: argparse.Namespace, record: Record, map_path: Path | None = None
) -> int:
    """``python -m game replay FILE --watch``: step through ``record`` (Left/Right);
    ``map_path``: the save's copy of a player's map that has changed or gone."""
    from game.ui.scenes.replay import ReplayScene

    app = open_app(args)
    if app is None:
        return 2
    try:
        app.reset(ReplayScene(app, record, map_path))
        return app.run()
    finally:
        app.close()


__all__ = ["App", "Settings", "run_app", "run_replay_viewer", "start_scenes", "make_app"]
