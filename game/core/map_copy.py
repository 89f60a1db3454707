"""The copy of a player's own map that a save keeps, so the game resumes without it.

A game played on a map the player chose (the ``map`` option; ``game.maps.user_maps``)
records the map in its save: the path it was read from, a digest of its content and a
copy of every file the game needs from it (:class:`MapCopy`): the map, the maps it leads
to (a Tunnel Rats complex's other levels), the scenario beside it and any tileset that is
not shipped with the program (with its images). Shipped tilesets are found by name
(``game.maps.tilesets``), so they are not copied.

The digest is a SHA-256 over the files' names (relative to the folder holding them all)
and their bytes, in name order: the same files give the same digest wherever they lie.

This module is pure: it reads files and turns them into plain data and back. Writing a
copy out again to play from it is ``game.storage``'s job.
"""

from __future__ import annotations

import base64
import hashlib
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any, Literal

from game.core.errors import SaveError

#: The most bytes of map files a save copies (a save is refused above 8 MB); a map
#: bigger than this is recorded by path and digest only.
MAX_COPY_BYTES = 4_000_000

MapStatus = Literal["same", "changed", "missing"]


@dataclass(frozen=True)
class MapCopy:
    """A map as a save records it.

    ``origin``: the ``map`` option as the player gave it; ``path``: the file it was read
    from (absolute); ``main``: the map's name inside ``files`` (POSIX, relative);
    ``digest``: :func:`files_digest` of the files; ``files``: name -> bytes, empty when
    the map was too big to copy (:data:`MAX_COPY_BYTES`).
    """

    origin: str
    path: str
    main: str
    digest: str
    files: Mapping[str, bytes]

    @property
    def title(self) -> str:
        """The map's file name, as a message names it ("my_farm.tmx")."""
        return PurePosixPath(self.main).name

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data: text files as text, others in base64."""
        files: dict[str, dict[str, str]] = {}
        for name, raw in sorted(self.files.items()):
            try:
                files[name] = {"text": raw.decode("utf-8")}
            except UnicodeDecodeError:
                files[name] = {"base64": base64.b64encode(raw).decode("ascii")}
        return {
            "origin": self.origin,
            "path": self.path,
            "main": self.main,
            "digest": self.digest,
            "files": files,
        }

    @classmethod
    def from_json(cls, data: Any, source: str) -> MapCopy:
        """The copy in a save's ``map`` entry; ``SaveError`` naming ``source`` otherwise."""
        where = f"{source}: map"
        if not isinstance(data, dict):
            raise SaveError(f"{where}: expected an object")
        for key in ("origin", "path", "main", "digest"):
            if not isinstance(data.get(key), str):
                raise SaveError(f"{where}.{key}: expected text")
        raw_files = data.get("files", {})
        if not isinstance(raw_files, dict):
            raise SaveError(f"{where}.files: expected an object of file names")
        files: dict[str, bytes] = {}
        for name, entry in raw_files.items():
            if not _safe_name(name):
                raise SaveError(f"{where}.files: {name!r} is not a relative file name")
            if isinstance(entry, dict) and isinstance(entry.get("text"), str):
                files[name] = entry["text"].encode("utf-8")
            elif isinstance(entry, dict) and isinstance(entry.get("base64"), str):
                try:
                    files[name] = base64.b64decode(entry["base64"], validate=True)
                except ValueError:
                    raise SaveError(f"{where}.files.{name}: not base64") from None
            else:
                raise SaveError(f"{where}.files.{name}: expected {{text: ...}} or {{base64: ...}}")
        if files and data["main"] not in files:
            raise SaveError(f"{where}.main: {data['main']!r} is not one of the copied files")
        if files and files_digest(files) != data["digest"]:
            raise SaveError(f"{where}: the copied files do not match their digest")
        return cls(data["origin"], data["path"], data["main"], data["digest"], files)


def _safe_name(name: object) -> bool:
    """A relative POSIX name that stays inside the folder it is written to."""
    if not isinstance(name, str) or not name or "\\" in name or ":" in name:
        return False
    pure = PurePosixPath(name)
    return not pure.is_absolute() and ".." not in pure.parts and "." not in pure.parts


def files_digest(files: Mapping[str, bytes]) -> str:
    """SHA-256 over the names and bytes of ``files``, in name order (hex)."""
    digest = hashlib.sha256()
    for name in sorted(files):
        raw = files[name]
        digest.update(f"{name}\0{len(raw)}\0".encode())
        digest.update(raw)
    return digest.hexdigest()


def read_files(main: Path, files: Sequence[Path]) -> tuple[str, dict[str, bytes]]:
    """The bytes of ``main`` and ``files`` by their names relative to the deepest folder
    holding them all, and ``main``'s name. ``OSError`` when one cannot be read."""
    paths = [main.resolve()] + [p.resolve() for p in files if p.resolve() != main.resolve()]
    root = Path(os.path.commonpath([str(p.parent) for p in paths]))
    out: dict[str, bytes] = {}
    for path in paths:
        out[path.relative_to(root).as_posix()] = path.read_bytes()
    return main.resolve().relative_to(root).as_posix(), out


def copy_map(origin: str, main: Path, files: Sequence[Path]) -> MapCopy:
    """The copy a save keeps of the map ``main`` chosen as ``origin``, with the other
    ``files`` its game needs (``OSError`` when one cannot be read)."""
    name, content = read_files(main, files)
    digest = files_digest(content)
    if sum(len(b) for b in content.values()) > MAX_COPY_BYTES:
        content = {}
    return MapCopy(origin, str(main.resolve()), name, digest, content)


def map_status(copy: MapCopy, main: Path | None, files: Sequence[Path]) -> MapStatus:
    """Whether the map a save recorded is still what it was: ``same``, ``changed`` (its
    content differs from the digest) or ``missing`` (``main`` is None or unreadable)."""
    if main is None:
        return "missing"
    try:
        _, content = read_files(main, files)
    except OSError:
        return "missing"
    return "same" if files_digest(content) == copy.digest else "changed"


def status_message(copy: MapCopy, status: MapStatus) -> str | None:
    """What Continue and Load tell the player about the map of a save (None when it is
    unchanged)."""
    if status == "same":
        return None
    kept = bool(copy.files)
    if status == "changed":
        head = f"The map {copy.title} has changed since this game was saved ({copy.path})."
    else:
        head = f"The map {copy.title} is no longer where this game found it ({copy.path})."
    if kept:
        return head + " The game goes on, on the copy of the map kept in the save."
    return head + " The save holds no copy of it (the map was too large), so it cannot resume."
