"""``skirmish-table --install-desktop-entry``: put the game in a Linux desktop's menu.

Only when asked, it writes two files under the user's data folder (``$XDG_DATA_HOME``,
by default ``~/.local/share``), following the freedesktop.org specifications:

- ``applications/skirmish-table.desktop``: the menu entry (category Game) that starts
  this installation's ``skirmish-table`` command;
- ``icons/hicolor/128x128/apps/skirmish-table.png``: the icon drawn by our asset
  generator (``tools/assets/icon.py``), shipped as ``sprites/icon/skirmish-table.png``.

Nothing else is touched (no system folders, no caches). A menu entry that this command did
not write is never replaced: the message names the file instead. Not a subcommand (no
``COMMAND``): ``game/__main__.py`` calls :func:`install_desktop_entry`.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from game import __version__
from game.resources import sprite

APP_ID = "skirmish-table"
ICON_SPRITE = "icon/skirmish-table.png"
ICON_SIZE = 128
MARKER = "X-Skirmish-Table-Entry=true"
"""The line that marks a menu entry as written by this command (so it may be replaced)."""
_RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")


@dataclass(frozen=True)
class Installed:
    """Where the entry and the icon were written."""

    entry: Path
    icon: Path


class DesktopEntryError(Exception):
    """Why the entry was not written (names the file and what to do)."""


def data_home(environ: Mapping[str, str] | None = None) -> Path:
    """``$XDG_DATA_HOME`` when set to an absolute path (the spec ignores relative ones),
    else ``~/.local/share``."""
    env = os.environ if environ is None else environ
    value = env.get("XDG_DATA_HOME", "")
    if value and os.path.isabs(value):
        return Path(value)
    home = env.get("HOME") or str(Path.home())
    return Path(home) / ".local" / "share"


def launch_command(argv0: str | None = None, executable: str | None = None) -> list[str]:
    """The command the menu runs: this ``skirmish-table`` script when that is what was
    started (its unresolved absolute path, which survives ``pipx reinstall``), else the
    script beside this Python, else ``python -m game`` with this Python."""
    argv0 = sys.argv[0] if argv0 is None else argv0
    executable = sys.executable if executable is None else executable
    if Path(argv0).name == APP_ID and Path(argv0).is_file():
        return [os.path.abspath(argv0)]
    beside = Path(executable).parent / APP_ID
    if beside.is_file():
        return [str(beside)]
    return [executable, "-m", "game"]


def exec_value(command: Sequence[str]) -> str:
    """``command`` as the ``Exec`` key's value: arguments with reserved characters are
    double-quoted with ``"`$\\`` backslash-escaped, ``%`` is doubled, and then the
    backslashes are escaped once more as every desktop-file string value requires."""
    parts = []
    for arg in command:
        if any(ch in _RESERVED for ch in arg):
            inner = "".join("\\" + ch if ch in '"`$\\' else ch for ch in arg)
            arg = f'"{inner}"'
        parts.append(arg.replace("%", "%%"))
    return " ".join(parts).replace("\\", "\\\\")


def entry_text(command: Sequence[str], icon: Path) -> str:
    """The ``.desktop`` file (Desktop Entry Specification 1.4; 1.5 adds nothing we use)."""
    return "\n".join(
        [
            "[Desktop Entry]",
            "Type=Application",
            "Version=1.4",
            "Name=Skirmish Table",
            "GenericName=Tabletop wargames",
            "Comment=Six tabletop wargames on one screen: hotseat, against the computer, or a demo",
            f"Exec={exec_value(command)}",
            f"Icon={icon}",
            "Terminal=false",
            "Categories=Game;StrategyGame;BoardGame;",
            "Keywords=wargame;skirmish;hex;cards;miniatures;",
            MARKER,
            f"X-Skirmish-Table-Version={__version__}",
            "",
        ]
    )


def _ours(path: Path) -> bool:
    try:
        return MARKER in path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return False


def install_desktop_entry(
    root: Path | None = None, command: Sequence[str] | None = None
) -> Installed:
    """Write the menu entry and its icon under ``root`` (default :func:`data_home`).

    Raises :class:`DesktopEntryError` when a file there is not ours or cannot be written.
    """
    base = data_home() if root is None else root
    entry = base / "applications" / f"{APP_ID}.desktop"
    icon = base / "icons" / "hicolor" / f"{ICON_SIZE}x{ICON_SIZE}" / "apps" / f"{APP_ID}.png"
    source = sprite(ICON_SPRITE)
    try:
        icon_bytes = source.read_bytes()
    except OSError as exc:
        reason = exc.strerror or exc
        raise DesktopEntryError(f"{source}: this installation has no icon ({reason})") from None
    ours = _ours(entry)
    if entry.exists() and not ours:
        raise DesktopEntryError(
            f"{entry}: a menu entry of that name exists and was not written by skirmish-table; "
            "left as it is (remove or rename it, then run this again)"
        )
    if icon.exists() and not ours and icon.read_bytes() != icon_bytes:
        raise DesktopEntryError(
            f"{icon}: an icon of that name exists and is not ours; left as it is "
            "(remove or rename it, then run this again)"
        )
    text = entry_text(launch_command() if command is None else command, icon)
    for path, data in ((icon, icon_bytes), (entry, text.encode("utf-8"))):
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        except OSError as exc:
            raise DesktopEntryError(f"{path}: could not write it ({exc.strerror or exc})") from None
    return Installed(entry, icon)


def run(prog: str) -> int:
    """The option's action: write, then say what was written and how to undo it."""
    if not sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        print(f"{prog}: desktop entries are for Linux and BSD desktops only", file=sys.stderr)
        return 2
    try:
        done = install_desktop_entry()
    except DesktopEntryError as exc:
        print(f"{prog}: {exc}", file=sys.stderr)
        return 1
    print(f"menu entry: {done.entry}")
    print(f"icon:       {done.icon}")
    print("Skirmish Table is now in your desktop's Games menu.")
    print(f"To remove it: rm '{done.entry}' '{done.icon}'")
    return 0
