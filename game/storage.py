"""Files on disk: the data folder, atomic writes, saves and settings.

Not a pure module: this is where the program touches the user's disk. A corrupt or
unknown save is renamed aside (never deleted or overwritten) and reported.

Every game has its own autosave, ``saves/<ruleset>-<date>-<time>.json`` in the data
folder; the single ``autosave.json`` of earlier versions is still listed and loads.
A save holds the record (``game.core.record``) plus a ``summary`` object that the Load
screen lists without replaying the game (older readers ignore it).
"""

from __future__ import annotations

import json
import logging
import os
import re
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import platformdirs
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from game.core.errors import SaveError, SkirmishError
from game.core.record import (
    MAX_RECORD_BYTES,
    Record,
    load_json,
    parse_record,
    record_from_json,
)
from game.core.registry import get_ruleset
from game.core.session import Session
from game.maps.user_maps import USER_MAPS_FOLDER
from game.save_index import (
    INDEX_FILE,
    MAX_INDEX_BYTES,
    Stamp,
    index_json,
    parse_index,
)
from game.save_index import (
    SaveInfo as SaveInfo,  # re-exported: the Load list's record of one save
)
from game.saved_maps import COPIES_DIR, map_to_play

log = logging.getLogger(__name__)

APP_NAME = "SkirmishTable"
AUTOSAVE = "autosave.json"  # the one save slot of earlier versions (still loads)
SAVES_DIR = "saves"
SETTINGS = "settings.json"
TEMP_SUFFIX = ".tmp"
MAX_FILE_BYTES = 64_000_000  # a save of a very long game is well under 1 MB
#: Saves and replays: refused unread above this size (as ``explain`` positions).
MAX_SAVE_BYTES = MAX_RECORD_BYTES
_TEMP_NAME = re.compile(r"\.(?:[\w.-]+)\.json\.[\w]+\.tmp")


class SettingsError(SkirmishError):
    """``settings.json`` cannot be read (the game then starts with defaults)."""


def default_data_dir() -> Path:
    """The user's data folder for saves and settings (platformdirs)."""
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def resolve_data_dir(override: str | os.PathLike[str] | None) -> Path:
    """``--data-dir`` if given, else the platform's user data folder; created if missing."""
    path = Path(override) if override else default_data_dir()
    path.mkdir(parents=True, exist_ok=True)
    return path


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` to a temporary file beside ``path`` and rename it into place, so
    a crash never leaves a half-written file. The file is synced before the rename and
    its folder after it, so a power cut cannot bring the old version back."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    """fsync a folder so a rename in it is on disk (not possible on every system)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # Windows and some file systems cannot sync a folder
    finally:
        os.close(fd)


def remove_stale_temporaries(data_dir: Path) -> list[Path]:
    """Delete the temporary files an interrupted :func:`atomic_write_text` left behind
    (``.NAME.XXXX.tmp`` in the data folder and its saves folder); returns them. Only our
    own temporaries match: a user's file is never touched."""
    removed = []
    for folder in (data_dir, data_dir / SAVES_DIR):
        try:
            candidates = list(folder.glob(f".*{TEMP_SUFFIX}"))
        except OSError:
            continue
        for path in candidates:
            if _TEMP_NAME.fullmatch(path.name) and path.is_file():
                try:
                    path.unlink()
                    removed.append(path)
                except OSError as exc:
                    log.warning("cannot remove the stale temporary %s: %s", path, exc)
    return removed


def set_aside(path: Path) -> Path:
    """Rename a bad file to ``<name>.bad-N<suffix>`` (first free N) and return the new path."""
    n = 1
    while True:
        candidate = path.with_name(f"{path.stem}.bad-{n}{path.suffix}")
        if not candidate.exists():
            path.rename(candidate)
            return candidate
        n += 1


# -- saves ----------------------------------------------------------------------------
def read_text_file(path: Path, error: type[SkirmishError], limit: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of ``path``; ``error`` naming the file when it cannot be read, is
    larger than ``limit`` bytes or is not UTF-8."""
    try:
        with path.open("rb") as f:
            if os.fstat(f.fileno()).st_size > limit:  # refused unread
                raise error(f"{path}: larger than {limit / 1_000_000:g} MB; not a file of ours")
            raw = f.read(limit + 1)
    except OSError as exc:
        raise error(f"{path}: cannot read: {exc.strerror or exc}") from None
    if len(raw) > limit:
        raise error(f"{path}: larger than {limit / 1_000_000:g} MB; not a file of ours")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(
            f"{path}: not UTF-8 text (byte 0x{raw[exc.start]:02x} at position {exc.start})"
        ) from None


def read_record(path: Path) -> Record:
    """The record in a save or replay file; ``SaveError`` naming the file otherwise
    (larger than :data:`MAX_SAVE_BYTES`, or more than ``MAX_ACTIONS`` actions)."""
    return parse_record(read_text_file(path, SaveError, MAX_SAVE_BYTES), str(path))


def replay_record(record: Record, source: str, map_path: Path | None = None) -> Session:
    """Replay ``record`` (``Session.from_record``, on ``map_path`` when given: a save's
    copy of a player's map); every failure is a ``SaveError`` that names ``source``, and a
    bad action also its number, its text and what was expected:
    ``FILE: action N 'TEXT': ...``."""
    try:
        return Session.from_record(record, source, map_path)
    except SkirmishError:
        raise
    except (ValueError, KeyError, IndexError, TypeError, RecursionError) as exc:
        raise SaveError(_replay_failure(record, source, exc)) from None


def _replay_failure(record: Record, source: str, exc: BaseException) -> str:
    """Name the first action whose text does not parse (the usual cause), else the error."""
    try:
        ruleset = get_ruleset(record.ruleset)
    except ValueError:
        return f"{source}: does not replay: {exc}"
    for n, text in enumerate(record.actions, start=1):
        try:
            ruleset.parse_action(text)
        except Exception as err:  # noqa: BLE001 - reported, never raised
            return f"{source}: action {n} {_quoted(text)}: not an action of {ruleset.title} ({err})"
    return f"{source}: does not replay: {type(exc).__name__}: {exc}"


def _quoted(text: str, room: int = 60) -> str:
    short = text if len(text) <= room else text[: room - 3] + "..."
    return repr(short)


def load_session(path: Path) -> Session:
    """Load and replay a save; ``SaveError`` naming the file otherwise (file untouched).
    What the replay showed (how far the game got, whether it is over, or why it does not
    replay) is remembered for the Load list, so a save is never replayed just to list it.
    A game on a player's map that has changed or gone since replays on the copy the save
    keeps (``game.saved_maps``; ``saved_maps.map_notice`` says so to the player)."""
    stamp = _stamp(path)
    try:
        record = read_record(path)
        played_on = map_to_play(record, str(path), path.parent / COPIES_DIR)
        session = replay_record(record, str(path), played_on)
    except SaveError as exc:
        if stamp is not None and path in _KNOWN:
            _remember(replace(_KNOWN[path][1], problem=str(exc), verified=True), stamp)
        raise
    if stamp is not None and _stamp(path) == stamp:
        _remember(_live_info(session, record, path), stamp)
    return session


def _live_info(session: Session, record: Record, path: Path) -> SaveInfo:
    """What the Load list says of a game known from its session (saved or replayed)."""
    progress, finished = game_progress(session)
    try:
        modified = path.stat().st_mtime
    except OSError:
        modified = 0.0
    return SaveInfo(
        path,
        modified,
        record.ruleset,
        dict(record.options),
        record.seats,
        progress,
        finished,
        actions=len(record.actions),
        verified=True,
    )


def game_progress(session: Session) -> tuple[str, bool]:
    """How far the game is, as the Load screen says it ("Round 3", "Turn 12", or the
    number of actions), and whether it is over."""
    if session.state.outcome() is not None:
        return "Finished", True
    view = session.state.view(None)
    for attr, word in (("round", "Round"), ("turn", "Turn")):
        value = getattr(view, attr, None)
        if isinstance(value, int) and not isinstance(value, bool):
            return f"{word} {value}", False
    n = len(session.actions)
    return f"{n} action{'' if n == 1 else 's'}", False


def save_session(session: Session, path: Path) -> None:
    """Write the game's record (plus its ``summary`` for the Load screen) atomically,
    and remember what the Load list will say of it (the live game's own progress)."""
    record = session.to_record()
    data = json.loads(record.to_json())
    progress, finished = game_progress(session)
    data["summary"] = {"progress": progress, "finished": finished}
    atomic_write_text(path, json.dumps(data, indent=1) + "\n")
    stamp = _stamp(path)
    if stamp is not None:
        _remember(_live_info(session, record, path), stamp)


def saves_dir(data_dir: Path) -> Path:
    return data_dir / SAVES_DIR


def user_maps_dir(data_dir: Path) -> Path:
    """The player's own maps, listed on the setup screen: ``maps/`` in the data folder
    (``game.maps.user_maps``)."""
    return data_dir / USER_MAPS_FOLDER


_RESERVED: set[Path] = set()  # names given out this run (their games may not have saved yet)


def new_save_path(data_dir: Path, ruleset_id: str, when: float | None = None) -> Path:
    """A fresh file name for a new game's autosave: ``saves/<ruleset>-<date>-<time>.json``
    (``-2``, ``-3`` ... when taken). Nothing is written yet."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(when))
    folder = saves_dir(data_dir)
    path = folder / f"{ruleset_id}-{stamp}.json"
    n = 2
    while path.exists() or path in _RESERVED:
        path = folder / f"{ruleset_id}-{stamp}-{n}.json"
        n += 1
    _RESERVED.add(path)
    return path


def save_files(data_dir: Path) -> list[Path]:
    """Every autosave in the data folder (the old single slot included), unsorted."""
    folder = saves_dir(data_dir)
    files: list[Path] = []
    try:
        with os.scandir(folder) as entries:  # file types without a stat per file
            files = [
                folder / e.name
                for e in entries
                if e.name.endswith(".json") and ".bad-" not in e.name and e.is_file()
            ]
    except OSError:
        pass  # no saves folder yet
    legacy = data_dir / AUTOSAVE
    if legacy.is_file():
        files.append(legacy)
    return files


def describe_save(path: Path) -> SaveInfo:
    """What the Load screen shows of ``path``, from one reading of the file; never
    replays the game and never raises for a bad file. A save without a summary (an
    earlier version's) says how many actions it holds until it has been loaded once
    (:func:`load_session` remembers the replayed game's progress)."""
    try:
        modified = path.stat().st_mtime
    except OSError:
        modified = 0.0
    try:
        data = load_json(read_text_file(path, SaveError, MAX_SAVE_BYTES), str(path))
        record = record_from_json(data, str(path))
        summary = data.get("summary")
    except SkirmishError as exc:
        return SaveInfo(path, modified, problem=str(exc))
    n = len(record.actions)
    base = SaveInfo(path, modified, record.ruleset, dict(record.options), record.seats, actions=n)
    if (
        isinstance(summary, dict)
        and isinstance(summary.get("progress"), str)
        and isinstance(summary.get("finished"), bool)
    ):
        return replace(base, progress=summary["progress"][:40], finished=summary["finished"])
    return replace(base, progress=f"{n} action{'' if n == 1 else 's'}", summarised=False)


def _stamp(path: Path) -> Stamp | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_size, st.st_mtime_ns)


#: What is known of each save file, by its stamp (see :mod:`game.save_index`).
_KNOWN: dict[Path, tuple[Stamp, SaveInfo]] = {}
#: Per data folder, the entries of its index as last read or written.
_INDEXED: dict[Path, dict[Path, tuple[Stamp, SaveInfo]]] = {}


def _remember(info: SaveInfo, stamp: Stamp) -> None:
    _KNOWN[info.path] = (stamp, info)


def _read_index(data_dir: Path) -> None:
    """Learn what ``save_index.json`` holds (once per data folder and run)."""
    if data_dir in _INDEXED:
        return
    _INDEXED[data_dir] = {}
    try:
        text = read_text_file(data_dir / INDEX_FILE, SaveError, MAX_INDEX_BYTES)
    except SaveError:
        return  # missing or unreadable: it is only a cache
    entries = parse_index(text, data_dir)
    for save, known in entries.items():
        _KNOWN.setdefault(save, known)
    _INDEXED[data_dir] = entries


def _write_index(data_dir: Path, infos: list[SaveInfo]) -> None:
    """Write ``save_index.json`` when what is known of the listed saves changed."""
    entries = {i.path: _KNOWN[i.path] for i in infos if i.path in _KNOWN}
    if entries == _INDEXED.get(data_dir):
        return
    try:
        atomic_write_text(data_dir / INDEX_FILE, index_json(entries, data_dir))
    except OSError as exc:
        log.warning("cannot write the save index in %s: %s", data_dir, exc)
    _INDEXED[data_dir] = entries


def list_saves(data_dir: Path) -> list[SaveInfo]:
    """Every save, newest first, never replaying a game. A file is read only when its
    size or modification time changed since it was last read (in this run or, through
    ``save_index.json``, an earlier one)."""
    _read_index(data_dir)
    infos: list[SaveInfo] = []
    for path in save_files(data_dir):
        stamp = _stamp(path)
        if stamp is None:
            continue  # gone since the folder was read
        known = _KNOWN.get(path)
        if known is None or known[0] != stamp:
            known = (stamp, describe_save(path))
            _KNOWN[path] = known
        infos.append(known[1])
    infos.sort(key=lambda i: (-i.modified, i.path.name))
    _write_index(data_dir, infos)
    return infos


def newest_save(data_dir: Path, verify_seconds: float = 0.0) -> SaveInfo | None:
    """The save **Continue** resumes: the newest game that is not over, or the newest
    save that cannot be read (``problem`` set; Continue then says why).

    Whether a game is over is the replayed game's answer where it is known (every game
    this program saved or loaded). A save whose summary claims its game is over, not yet
    confirmed, is replayed when ``verify_seconds`` allows (newest first; each answer is
    remembered by the file's stamp); past that budget the claim stands for now.
    """
    infos = list_saves(data_dir)
    deadline = time.monotonic() + verify_seconds
    for info in infos:
        if info.finished and not info.verified and time.monotonic() < deadline:
            try:
                load_session(info.path)  # remembers the replayed answer
            except SkirmishError:
                pass  # the damage is listed below (remembered too)
            info = _KNOWN[info.path][1] if info.path in _KNOWN else info
        if info.problem is not None or not info.finished:
            _write_index(data_dir, infos)
            return info
    _write_index(data_dir, infos)
    return None


# -- settings -------------------------------------------------------------------------
class Settings(BaseModel):
    """What the player sets in the menu; kept in ``settings.json``."""

    model_config = ConfigDict(extra="ignore", allow_inf_nan=False)
    volume: float = Field(default=0.7, ge=0.0, le=1.0)
    muted: bool = False
    fullscreen: bool = False
    idle_seconds: float = Field(default=120.0, ge=5.0, le=86_400.0)
    #: '65: stop for every reaction window, even when no card in hand can answer
    always_ask: bool = False


def _settings_problems(data: object) -> tuple[dict[str, Any], list[str]]:
    """The valid settings in ``data`` and one line per setting that was reset and why."""
    if not isinstance(data, dict):
        return {}, [f"expected a JSON object of settings, found {_json_kind(data)}"]
    try:
        Settings.model_validate(data)
        return data, []
    except ValidationError as exc:
        errors = exc.errors()
    bad = {str(e["loc"][0]) for e in errors if e["loc"]}
    defaults = Settings()
    problems = []
    for err in errors:
        name = str(err["loc"][0]) if err["loc"] else "(top level)"
        found = repr(err.get("input"))
        if len(found) > 40:
            found = found[:37] + "..."
        default = getattr(defaults, name, None)
        problems.append(f"{name}: {err['msg']} (found {found}); reset to {default!r}")
    return {k: v for k, v in data.items() if k not in bad}, problems


def _json_kind(value: object) -> str:
    kinds = {dict: "an object", list: "a list", str: "text", bool: "true/false"}
    if value is None:
        return "null"
    return kinds.get(type(value), "a number")


def load_settings(data_dir: Path) -> tuple[Settings, str | None]:
    """Settings from the data folder. A file that cannot be read, or has settings that
    are not valid, is set aside (renamed, never deleted) and the defaults are used for
    what was wrong; the second value is the message to show (naming the file, each
    setting reset and why), or ``None`` when all was well."""
    path = data_dir / SETTINGS
    if not path.exists():
        return Settings(), None
    kept: dict[str, Any] = {}
    try:
        text = read_text_file(path, SettingsError, limit=1_000_000)
        data = json.loads(text)
    except SettingsError as exc:
        problems = [str(exc).removeprefix(f"{path}: ")]
    except json.JSONDecodeError as exc:
        problems = [f"not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"]
    except RecursionError:
        problems = ["not valid settings (JSON nested too deeply)"]
    except ValueError:
        problems = [f"a number has more than {sys.get_int_max_str_digits()} digits"]
    else:
        kept, problems = _settings_problems(data)
    if not problems:
        return Settings.model_validate(kept), None
    settings = Settings.model_validate(kept)
    try:
        moved = set_aside(path)
        where = f"The old file was kept as {moved.name}."
    except OSError as exc:
        where = f"The old file could not be renamed ({exc.strerror}); it was left in place."
    else:
        try:
            save_settings(data_dir, settings)
        except OSError as exc:
            log.warning("cannot write fresh settings in %s: %s", data_dir, exc)
    lines = "\n".join(f"- {p}" for p in problems)
    rest = " The other settings were kept." if kept else " Defaults are used."
    return settings, f"{path}: settings could not be used:\n{lines}\n{where}{rest}"


def save_settings(data_dir: Path, settings: Settings) -> None:
    atomic_write_text(data_dir / SETTINGS, settings.model_dump_json(indent=1) + "\n")
