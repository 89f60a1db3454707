"""Show a folder in the system's file manager (xdg-open, open, or Explorer).

The app decides whether programs may be started: ``app.spawn_programs`` is False under
the test driver, which records the folder in ``app.opened_folders`` instead, so a test
sees what would have opened and no window appears on the tester's desktop.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.ui.app import App


def opener_command(path: Path, platform: str = sys.platform) -> list[str] | None:
    """The command that shows ``path`` on ``platform`` (None on Windows, where
    ``os.startfile`` does it)."""
    if platform.startswith("win"):
        return None
    if platform == "darwin":
        return ["open", str(path)]
    return ["xdg-open", str(path)]


def open_folder(app: App, path: Path) -> str | None:
    """Show ``path`` in the file manager; returns None, or a sentence saying why it
    could not be shown (no file manager installed, ...) for the caller to tell the
    player, who can still open the folder by hand."""
    app.opened_folders.append(path)
    if not app.spawn_programs:
        return None
    command = opener_command(path)
    try:
        if command is None:
            os.startfile(path)  # type: ignore[attr-defined]  # Windows only
        else:
            subprocess.Popen(
                command,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
            )
    except OSError as exc:
        reason = exc.strerror or str(exc)
        return f"The folder could not be shown ({reason}); open it yourself: {path}"
    return None
