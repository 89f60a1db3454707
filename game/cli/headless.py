"""Whether the window can open, and what to say when it cannot (e.g. over SSH).

Not a subcommand (no ``COMMAND``): ``python -m game`` asks :func:`display_problem`
before it imports pygame, so a machine without a display gets one clear message at once
instead of a window that never appears.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, Sequence


def display_problem(
    environ: Mapping[str, str] | None = None, platform: str | None = None
) -> str | None:
    """Why no window can open here, or ``None`` when one probably can.

    On Linux and the BSDs a window needs ``DISPLAY`` (X11) or ``WAYLAND_DISPLAY``;
    an explicit ``SDL_VIDEODRIVER`` (e.g. ``dummy`` for tests) is trusted. Windows and
    macOS always have a display.
    """
    env = os.environ if environ is None else environ
    plat = sys.platform if platform is None else platform
    if plat.startswith(("win", "darwin", "cygwin")) or env.get("SDL_VIDEODRIVER"):
        return None
    if env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"):
        return None
    return "no display is available (neither DISPLAY nor WAYLAND_DISPLAY is set)"


def invisible_driver(driver: str, environ: Mapping[str, str] | None = None) -> bool:
    """Whether SDL's chosen video ``driver`` shows nothing on a screen ("offscreen" or
    "dummy") although nobody asked for it with ``SDL_VIDEODRIVER``: SDL falls back to them
    when the X server behind ``DISPLAY`` cannot be reached."""
    env = os.environ if environ is None else environ
    asked = env.get("SDL_VIDEODRIVER", "")
    return driver in ("offscreen", "dummy") and driver != asked


def no_display_message(
    reason: str, commands: Sequence[tuple[str, str]], prog: str = "python -m game"
) -> str:
    """The message for a machine without a display: the reason and the commands that
    run without a window (``(name, help)`` pairs), as started by ``prog``."""
    lines = [
        f"{prog}: the game needs a window, but {reason}.",
        "Run it on a desktop, or over SSH with X forwarding (ssh -X).",
        "These commands work without a display:",
    ]
    width = max((len(name) for name, _ in commands), default=0)
    lines += [f"  {prog} {name:<{width}}  {text}" for name, text in commands]
    lines.append(f"Each has --help, e.g. {prog} simulate --help.")
    return "\n".join(lines)
