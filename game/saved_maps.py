"""The player's own map behind a save: is it still there, and the copy to play when not.

Not a pure module (it writes the copy a save keeps back to disk, into a folder of the
program's own). A save of a game on a player's map holds that map's path, digest and
files (``game.core.map_copy``). On Continue or Load:

- the map is unchanged: the game replays on it;
- it changed or is gone: the save's copy is written to ``<saves>/.map_copies/<digest>/``
  and the game replays on that, and :func:`map_notice` says so in a sentence the
  Continue and Load screens show. The player's own files are never written.
"""

from __future__ import annotations

import logging
from pathlib import Path, PurePosixPath

from game.core.errors import SaveError, SkirmishError
from game.core.map_copy import MapCopy, MapStatus, map_status, status_message
from game.core.record import Record
from game.core.registry import get_ruleset

log = logging.getLogger(__name__)

COPIES_DIR = ".map_copies"
"""Beside a save: where copies of changed or vanished maps are written to play from."""


def _files_now(record: Record) -> tuple[Path | None, list[Path]]:
    """The files the record's ``map`` option names today (None when it finds none)."""
    try:
        ruleset = get_ruleset(record.ruleset)
        files_of = getattr(ruleset, "map_files", None)
        files = list(files_of(record.options)) if files_of is not None else []
    except (SkirmishError, OSError, ValueError):
        return None, []
    return (files[0], files[1:]) if files else (None, [])


def record_map_status(record: Record) -> MapStatus | None:
    """``same``, ``changed`` or ``missing`` for a record of a game on a player's map;
    None for a shipped scenario."""
    if record.map is None:
        return None
    main, rest = _files_now(record)
    return map_status(record.map, main, rest)


def map_notice(record: Record) -> str | None:
    """What Continue and Load say about the record's map when it changed or is gone
    (None otherwise): which map, where it was, and that the game goes on with the copy
    kept in the save (or cannot, when the map was too large to copy)."""
    status = record_map_status(record)
    if record.map is None or status is None:
        return None
    return status_message(record.map, status)


def write_copy(copy: MapCopy, folder: Path) -> Path:
    """Write a save's copy of a map under ``folder`` (a folder of the program's own;
    files already there with the same content are left alone) and return the map's path
    there."""
    for name, raw in copy.files.items():
        target = folder / PurePosixPath(name)
        target.parent.mkdir(parents=True, exist_ok=True)
        if not target.is_file() or target.read_bytes() != raw:
            target.write_bytes(raw)
    return folder / PurePosixPath(copy.main)


def map_to_play(record: Record, source: str, copies_dir: Path) -> Path | None:
    """The map file to replay ``record`` on: None for its own map (unchanged, or a
    shipped scenario), else the save's copy written under ``copies_dir``. ``SaveError``
    naming ``source`` when the map changed or is gone and the save holds no copy."""
    copy = record.map
    status = record_map_status(record)
    if copy is None or status in (None, "same"):
        return None
    if not copy.files:
        raise SaveError(f"{source}: {status_message(copy, status)}")
    try:
        return write_copy(copy, copies_dir / copy.digest[:20])
    except OSError as exc:
        raise SaveError(f"{source}: cannot write the saved copy of the map: {exc}") from None


def save_map_notice(path: Path) -> str | None:
    """:func:`map_notice` for the save file ``path`` (None when it records no map or
    cannot be read: the Load screen reports a bad save in its own words)."""
    from game.storage import read_record  # storage imports this module

    try:
        record = read_record(path)
    except SkirmishError:
        return None
    return map_notice(record)
