"""What the program does when a screen fails: the app loop's guard (issue 36).

An exception that escapes a scene (its input, update or drawing) must not end the
program with a traceback. :func:`recover` instead

1. writes the traceback, with the time and the stack of screens, to the crash log
   ``crash.log`` in the data folder (appended; the previous log is kept as
   ``crash.log.1`` once it passes :data:`LOG_LIMIT` bytes);
2. keeps the game in progress saved: its actions are replayed from the seed and the
   result written to its own autosave, so the file on disk always replays (a state left
   half-changed by the failure is never written; if the replay fails, the last autosave
   is left as it is);
3. returns the player to the main menu with a dialog saying which screen failed and how,
   that the game is saved, and where the crash log is.

A screen that fails again at once, :data:`REPEATS` times without one good frame between
(the menu itself, say), stops the program with that message on stderr instead of
looping.
"""

from __future__ import annotations

import logging
import sys
import time
import traceback
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from game.storage import new_save_path, replay_record, save_session

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scene import Scene

log = logging.getLogger(__name__)

CRASH_LOG = "crash.log"
LOG_LIMIT = 1_000_000  # bytes; past this the log moves to crash.log.1
REPEATS = 3  # failures in a row (no good frame between) before the program stops

#: How the dialog names each screen (scene classes are not player text).
SCREEN_NAMES = {
    "MenuScene": "The main menu",
    "SetupScene": "The game setup screen",
    "GameScene": "The game table",
    "DemoScene": "The demo",
    "HandOverScene": "The hand-over screen",
    "LoadScene": "The Load screen",
    "MapViewerScene": "The Maps screen",
    "ReplayScene": "The replay viewer",
    "RulesScene": "The rules screen",
    "SettingsScene": "The settings screen",
    "DialogScene": "A message box",
    "ConfirmScene": "A question box",
}


def screen_name(scene: Scene | None) -> str:
    """The player's name for a screen ("The Maps screen")."""
    if scene is None:
        return "The program"
    for cls in type(scene).__mro__:
        if cls.__name__ in SCREEN_NAMES:
            return SCREEN_NAMES[cls.__name__]
    return "A screen"


def failed_scene(exc: BaseException, fallback: Scene | None) -> Scene | None:
    """The scene whose code raised: the innermost frame of the traceback that is a
    scene's method (a screen drawn under a dialog, a scene still being built), else
    ``fallback`` (the top scene)."""
    from game.ui.scene import Scene

    found = fallback
    tb = exc.__traceback__
    while tb is not None:
        owner = tb.tb_frame.f_locals.get("self")
        if isinstance(owner, Scene):
            found = owner
        tb = tb.tb_next
    return found


def write_crash_log(data_dir: Path, exc: BaseException, scenes: list[Scene]) -> Path | None:
    """Append the traceback of ``exc`` to the crash log; its path, or None when the log
    cannot be written (then the traceback goes to the program's log only)."""
    path = data_dir / CRASH_LOG
    stack = " > ".join(type(s).__name__ for s in scenes) or "(no screen)"
    text = (
        f"=== {time.strftime('%Y-%m-%d %H:%M:%S')} screens: {stack}\n"
        + "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        + "\n"
    )
    try:
        if path.is_file() and path.stat().st_size > LOG_LIMIT:
            path.replace(data_dir / f"{CRASH_LOG}.1")
        with path.open("a", encoding="utf-8") as out:
            out.write(text)
    except OSError as err:
        log.error("cannot write the crash log %s (%s):\n%s", path, err, text)
        return None
    return path


def rescue_game(app: App) -> str:
    """Save the game in progress (see the module docstring); a sentence for the dialog,
    "" when no game is open."""
    from game.ui.scenes.game import GameScene

    game = app.find(GameScene)
    if not isinstance(game, GameScene) or not game.autosave:
        return ""
    title = game.session.ruleset.title
    if not game.session.actions:
        return ""
    try:
        session = replay_record(
            replace(game.session.to_record(), digest=None), title, game.session.map_path
        )
        path = game.save_path or new_save_path(app.data_dir, game.session.ruleset.id)
        save_session(session, path)
        game.save_path = path
    except Exception as err:  # noqa: BLE001 - the last autosave is the safe copy
        log.error("could not save %s after the failure: %r", title, err)
        if game.save_path is not None and game.save_path.is_file():
            return f"Your {title} game is kept as it was at its last autosave."
        return f"Your {title} game could not be saved."
    return f"Your {title} game is saved: Continue or Load resumes it."


def recover(app: App, exc: Exception) -> None:
    """The guard's answer to ``exc`` escaping a scene (see the module docstring)."""
    from game.ui.scenes.dialog import DialogScene
    from game.ui.scenes.menu import MenuScene

    where = screen_name(failed_scene(exc, app.top))
    crash_log = write_crash_log(app.data_dir, exc, app.scenes)
    app.failures += 1
    if app.failures >= REPEATS:
        _stop(app, where, exc, crash_log)
        return
    saved = rescue_game(app)
    lines = [f"{where} stopped with an error: {_what(exc)}."]
    if saved:
        lines.append(saved)
    lines.append(
        f"The details are in {crash_log}." if crash_log else "The details could not be written."
    )
    try:
        app.reset(MenuScene(app))
        app.push(DialogScene(app, "Something went wrong", "\n\n".join(lines)))
    except Exception as err:  # noqa: BLE001 - not even the menu opens: stop cleanly
        _stop(app, "The main menu", err, write_crash_log(app.data_dir, err, app.scenes))


def _stop(app: App, where: str, exc: BaseException, crash_log: Path | None) -> None:
    """End the program with one line on stderr (no traceback)."""
    app.running = False
    app.exit_code = 1
    print(
        f"Skirmish Table stopped: {where.lower()} kept failing ({_what(exc)})."
        + (f" Details: {crash_log}" if crash_log else ""),
        file=sys.stderr,
    )


def _what(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    text = text if len(text) <= 160 else text[:157] + "..."
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


__all__ = ["CRASH_LOG", "recover", "rescue_game", "screen_name", "write_crash_log"]
