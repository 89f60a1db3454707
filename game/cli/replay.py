"""``replay FILE``: print a recorded game's events, or watch it in the window.

``--seat`` prints what one side saw: the events it may see (``Event.visible``), another
side's secret action by its public text only (``SecretAction``), and with ``--actions``
the text forms of its own actions only: another side's text form could name a card laid
face down or a figure's unseen move."""

from __future__ import annotations

import argparse
from pathlib import Path

from game.core.briefing import side_names
from game.core.errors import SkirmishError
from game.core.session import Session
from game.saved_maps import COPIES_DIR, map_to_play
from game.storage import SAVES_DIR, default_data_dir, read_record, replay_record

COMMAND = "replay"
HELP = "print the events of a saved or recorded game (--watch: step through it in the window)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a save or replay file (JSON)")
    parser.add_argument(
        "--seat",
        default="all",
        help="print only what this seat saw (a side's name or seat id), or 'all' for every event",
    )
    parser.add_argument(
        "--actions",
        action="store_true",
        help="also print each action's text form (as saves store it), for developers; with "
        "--seat, that seat's own actions only (the others' show as their events and, for a "
        "secret action, its public text)",
    )
    parser.add_argument("--watch", action="store_true", help="show it in the window, step by step")


def run(args: argparse.Namespace) -> int:
    path = Path(args.file)
    try:  # the same reading and checks as Continue: one line naming the file on failure
        record = read_record(path)
        copies = default_data_dir() / SAVES_DIR / COPIES_DIR
        played_on = map_to_play(record, str(path), copies)  # a changed map: the save's copy
        session = replay_record(record, str(path), played_on)
    except SkirmishError as exc:
        print(f"replay: {exc}")
        return 2
    if args.watch:
        from game.ui.app import run_replay_viewer

        return run_replay_viewer(args, record, played_on)
    seats = session.ruleset.seats
    names = side_names(session.ruleset.id, record.options)
    viewer: int | None = None
    if args.seat != "all":
        wanted = args.seat.casefold()
        found = [i for i, s in enumerate(seats) if wanted in (s.casefold(), names[i].casefold())]
        if not found:
            known = ", ".join(f"{n} ({s})" for n, s in zip(names, seats, strict=True))
            print(f"replay: unknown seat {args.seat!r} (sides: {known})")
            return 2
        viewer = found[0]
    replayer = Session(
        session.ruleset,
        record.seed,
        record.options,
        undo=False,
        rules_version=record.rules_version,
        map_copy=record.map,
        map_path=played_on,
    )
    print(f"{session.ruleset.title} - seed {record.seed}, {len(record.actions)} actions")
    for event in replayer.opening:
        if viewer is None or event.visible(viewer):
            print(f"        {event.text()}")
    for n, text in enumerate(record.actions, 1):
        actor = replayer.state.current_player()
        who = names[actor] if actor is not None else "-"
        readable = viewer is None or viewer == actor
        print(f"{n:4}. {who}" + (f"  [{text}]" if args.actions and readable else ""))
        for event in replayer.apply(text):
            if viewer is None or event.visible(viewer):
                print(f"        {event.text()}")
    outcome = replayer.state.outcome()
    if outcome is not None:
        winners = " and ".join(names[w] for w in outcome.winners) or "nobody"
        print(f"Result: {winners} ({outcome.reason})")
    return 0
