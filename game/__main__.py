"""``python -m game`` and the ``skirmish-table`` command: the menu, the convention demo,
``--version``, ``--install-desktop-entry`` and the subcommands in game/cli."""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys
from collections.abc import Sequence
from types import ModuleType


def _commands() -> list[ModuleType]:
    import game.cli

    mods = [
        importlib.import_module(info.name)
        for info in pkgutil.iter_modules(game.cli.__path__, "game.cli.")
    ]
    return sorted((m for m in mods if hasattr(m, "COMMAND")), key=lambda m: m.COMMAND)


def build_parser(prog: str = "python -m game") -> argparse.ArgumentParser:
    from game import __version__

    parser = argparse.ArgumentParser(
        prog=prog,
        description="Skirmish Table: tabletop wargames on one screen. "
        "Without a subcommand the main menu opens.",
    )
    parser.add_argument("--demo", action="store_true", help="start in convention demo mode")
    parser.add_argument(
        "--kiosk", action="store_true", help="hide Quit in the menu (Ctrl+Q still quits)"
    )
    parser.add_argument(
        "--idle-seconds",
        type=float,
        default=None,
        metavar="S",
        help="return from the menu to the demo after S seconds without input (default 120)",
    )
    parser.add_argument(
        "--data-dir",
        metavar="DIR",
        help="keep saves and settings in DIR instead of the user folder",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument(
        "--install-desktop-entry",
        action="store_true",
        help="add Skirmish Table with its icon to your desktop's application menu "
        "(Linux: writes two files under $XDG_DATA_HOME, by default ~/.local/share) and exit",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for mod in _commands():
        p = sub.add_parser(mod.COMMAND, help=mod.HELP, description=mod.HELP)
        mod.add_arguments(p)
        p.set_defaults(run=mod.run)
    return parser


def headless_commands() -> list[tuple[str, str]]:
    """The subcommands that need no window, with their help text."""
    return [
        (m.COMMAND, m.HELP.split(" (--watch")[0])
        for m in _commands()
        if getattr(m, "HEADLESS", True)
    ]


def main(argv: Sequence[str] | None = None, prog: str = "python -m game") -> int:
    args = build_parser(prog).parse_args(argv)
    try:
        if getattr(args, "run", None) is not None:
            return int(args.run(args))
        if args.install_desktop_entry:
            from game.cli.desktop import run

            return run(prog)
        from game.cli.headless import display_problem, no_display_message

        problem = display_problem()
        if problem is not None:
            print(no_display_message(problem, headless_commands(), prog), file=sys.stderr)
            return 2
        from game.ui.app import run_app

        return run_app(args)
    except BrokenPipeError:
        # The reader of our output went away (``replay FILE | head``): stop quietly.
        # Point stdout at devnull so the interpreter's final flush cannot fail again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


def console() -> int:
    """The ``skirmish-table`` command (installed by pip and pipx): ``python -m game``'s
    arguments under the command's own name."""
    return main(prog="skirmish-table")


if __name__ == "__main__":
    sys.exit(main())
