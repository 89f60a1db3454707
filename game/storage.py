"""Files on disk: the data folder, atomic writes, saves and settings.

Not a pure module: this is where the program touches the user's disk. A corrupt or
unknown save is renamed aside (never deleted or overwritten) and reported.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import platformdirs
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from game.core.errors import SaveError
from game.core.record import parse_record
from game.core.session import Session

APP_NAME = "SkirmishTable"
AUTOSAVE = "autosave.json"
SETTINGS = "settings.json"


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
    a crash never leaves a half-written file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def set_aside(path: Path) -> Path:
    """Rename a bad file to ``<name>.bad-N<suffix>`` (first free N) and return the new path."""
    n = 1
    while True:
        candidate = path.with_name(f"{path.stem}.bad-{n}{path.suffix}")
        if not candidate.exists():
            path.rename(candidate)
            return candidate
        n += 1


def save_session(session: Session, path: Path) -> None:
    atomic_write_text(path, session.to_record().to_json())


def load_session(path: Path) -> Session:
    """Load and replay a save; ``SaveError`` naming the file otherwise (file untouched)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise SaveError(f"{path}: cannot read: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise SaveError(f"{path}: not a text file") from None
    return Session.from_record(parse_record(text, str(path)), str(path))


class Settings(BaseModel):
    """What the player sets in the menu; kept in ``settings.json``."""

    model_config = ConfigDict(extra="ignore")
    volume: float = Field(default=0.7, ge=0.0, le=1.0)
    muted: bool = False
    fullscreen: bool = False
    idle_seconds: float = Field(default=120.0, ge=5.0)


def load_settings(data_dir: Path) -> tuple[Settings, str | None]:
    """Settings from the data folder; a broken file is set aside and defaults are used
    (the second value is the message to show, or ``None``)."""
    path = data_dir / SETTINGS
    if not path.exists():
        return Settings(), None
    try:
        return Settings.model_validate(json.loads(path.read_text(encoding="utf-8"))), None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, ValidationError) as exc:
        first = str(exc).splitlines()[0]
        moved = set_aside(path)
        return Settings(), f"{path}: unreadable settings ({first}); kept as {moved.name}"


def save_settings(data_dir: Path, settings: Settings) -> None:
    atomic_write_text(data_dir / SETTINGS, settings.model_dump_json(indent=1) + "\n")
