"""The save index: what the Load list learnt of each save, kept beside the saves.

Listing the saves must not read (let alone replay) every game each time the menu opens.
:mod:`game.storage` therefore remembers, per save file, its :class:`SaveInfo` together
with the file's **stamp** (size in bytes and modification time in nanoseconds): while
the stamp is unchanged the file is not read again. The memory lives in the process
(:data:`KNOWN`) and in ``save_index.json`` in the data folder, so a restart reads one
small file instead of every save. The user's saves are never rewritten for this.

The index is only a cache: a damaged or foreign ``save_index.json`` is ignored entry by
entry (each field is checked) and rewritten, and a file whose stamp differs is read
again. Entries of files that no longer exist are dropped when the index is written.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

INDEX_FILE = "save_index.json"
INDEX_VERSION = 1
MAX_INDEX_BYTES = 16_000_000
MAX_ENTRIES = 20_000

Stamp = tuple[int, int]
"""A save file's (size in bytes, modification time in nanoseconds)."""


@dataclass(frozen=True)
class SaveInfo:
    """One save as the Load screen lists it. ``problem`` is set when it cannot be read.

    ``progress`` and ``finished`` come from the save's own summary until the game has
    been replayed once; then ``verified`` is True and they are the replayed game's (a
    summary's claim that a game is over is never what Continue goes by).
    """

    path: Path
    modified: float  # when it was last written (seconds since the epoch)
    ruleset: str = ""
    options: Mapping[str, str] = field(default_factory=dict)
    seats: tuple[str, ...] = ()  # seat kinds: human, ai, random
    progress: str = ""
    finished: bool = False
    problem: str | None = None
    actions: int = 0
    verified: bool = False
    summarised: bool = True  # False for a save of an earlier version, until replayed


def entry_json(stamp: Stamp, info: SaveInfo) -> dict[str, Any]:
    """One index entry (the file's name is its key)."""
    return {
        "size": stamp[0],
        "mtime_ns": stamp[1],
        "modified": info.modified,
        "ruleset": info.ruleset,
        "options": dict(info.options),
        "seats": list(info.seats),
        "progress": info.progress,
        "finished": info.finished,
        "problem": info.problem,
        "actions": info.actions,
        "verified": info.verified,
        "summarised": info.summarised,
    }


def index_json(entries: Mapping[Path, tuple[Stamp, SaveInfo]], data_dir: Path) -> str:
    """The text of ``save_index.json`` for ``entries`` (keys relative to the data folder)."""
    out = {
        path.relative_to(data_dir).as_posix(): entry_json(stamp, info)
        for path, (stamp, info) in entries.items()
        if path.is_relative_to(data_dir)
    }
    return json.dumps({"index_version": INDEX_VERSION, "saves": out}) + "\n"


def parse_index(text: str, data_dir: Path) -> dict[Path, tuple[Stamp, SaveInfo]]:
    """The valid entries of an index file's text (anything else is left out)."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return {}
    if not isinstance(data, dict) or data.get("index_version") != INDEX_VERSION:
        return {}
    saves = data.get("saves")
    if not isinstance(saves, dict):
        return {}
    out: dict[Path, tuple[Stamp, SaveInfo]] = {}
    for name, raw in list(saves.items())[:MAX_ENTRIES]:
        path = _inside(data_dir, name)
        if path is None:
            continue
        parsed = _entry(path, raw)
        if parsed is not None:
            out[path] = parsed
    return out


def _inside(data_dir: Path, name: object) -> Path | None:
    """The path of an index key, only for a plain relative name inside the data folder."""
    if not isinstance(name, str) or not name or name.startswith("/") or "\\" in name:
        return None
    parts = name.split("/")
    if any(p in ("", ".", "..") for p in parts):
        return None
    return data_dir.joinpath(*parts)


def _entry(path: Path, raw: object) -> tuple[Stamp, SaveInfo] | None:
    if not isinstance(raw, dict):
        return None
    ints: list[int] = []
    for key in ("size", "mtime_ns", "actions"):
        value = raw.get(key)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            return None
        ints.append(value)
    modified = raw.get("modified")
    texts = [raw.get(k) for k in ("ruleset", "progress")]
    options, seats, problem = raw.get("options"), raw.get("seats"), raw.get("problem")
    flags = [raw.get(k) for k in ("finished", "verified", "summarised")]
    if (
        not isinstance(modified, int | float)
        or isinstance(modified, bool)
        or not all(isinstance(t, str) for t in texts)
        or not isinstance(options, dict)
        or not all(isinstance(k, str) and isinstance(v, str) for k, v in options.items())
        or not isinstance(seats, list)
        or not all(isinstance(s, str) for s in seats)
        or not (problem is None or isinstance(problem, str))
        or not all(isinstance(f, bool) for f in flags)
    ):
        return None
    size, mtime_ns, actions = ints
    info = SaveInfo(
        path=path,
        modified=float(modified),
        ruleset=str(texts[0]),
        options=dict(options),
        seats=tuple(seats),
        progress=str(texts[1]),
        finished=bool(flags[0]),
        problem=problem,
        actions=actions,
        verified=bool(flags[1]),
        summarised=bool(flags[2]),
    )
    return (size, mtime_ns), info
