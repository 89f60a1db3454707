"""The one format for saves and replays: JSON text with the seed and the action strings.

    {"format": "skirmish-table-record", "format_version": 3, "ruleset": "tunnel_rat_bluff",
     "rules_version": "1", "seed": 42, "options": {}, "actions": ["draw", "ask vc", "shoot"],
     "digest": "<sha256 of the final state's snapshot>"}

A game on the player's own map adds ``"map"``: where the map was, its digest and a copy
of its files (``game.core.map_copy``); saves without it replay as before.

Loading replays every action from the seed and checks the digest. Digests hash the
ruleset's ``snapshot()`` (plain data with keys the ruleset chose). A ruleset names the
first format version whose digests it honours (``snapshot_since``): older saves of it are
checked by replaying their actions (each must be legal) and their digest is not
compared. Version 1 digests hashed class and field names; in version 2, Tunnel Rats and
Transformers still hashed such a bridged form (their own snapshots came with version 3).
This module turns text into records and back; writing files lives in ``game.storage``
(not pure).
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from typing import Any

from game.core.errors import SaveError
from game.core.map_copy import MapCopy

FORMAT_NAME = "skirmish-table-record"
FORMAT_VERSION = 3
READABLE_VERSIONS = (1, 2, 3)
#: The most actions a record may hold (saves, replays, positions): the computer-vs-
#: computer cap of ``game.ai.match``, so every game the program plays fits.
MAX_ACTIONS = 20_000
#: The largest save, replay or position file read (20,000 long actions are about 2 MB).
MAX_RECORD_BYTES = 8_000_000


@dataclass(frozen=True)
class Record:
    """A game as seed + options + actions (text form), with the final state's digest."""

    ruleset: str
    rules_version: str
    seed: int
    options: dict[str, str] = field(default_factory=dict)
    actions: tuple[str, ...] = ()
    digest: str | None = None
    seats: tuple[str, ...] = ()
    format_version: int = FORMAT_VERSION
    #: The player's own map the game is played on, with a copy of it
    #: (``game.core.map_copy``); None for the shipped scenarios.
    map: MapCopy | None = None

    def to_json(self) -> str:
        data: dict[str, Any] = {
            "format": FORMAT_NAME,
            "format_version": self.format_version,
            "ruleset": self.ruleset,
            "rules_version": self.rules_version,
            "seed": self.seed,
            "options": dict(self.options),
            "seats": list(self.seats),
            "actions": list(self.actions),
            "digest": self.digest,
        }
        if self.map is not None:
            data["map"] = self.map.to_json()
        return json.dumps(data, indent=1) + "\n"


def _expect(data: dict[str, Any], key: str, kind: type | tuple[type, ...], source: str) -> Any:
    if key not in data:
        raise SaveError(f"{source}: missing key {key!r}")
    value = data[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise SaveError(f"{source}: {key!r} should be {names}, found {type(value).__name__}")
    return value


def parse_record(text: str, source: str = "<record>") -> Record:
    """Parse save/replay JSON; ``SaveError`` naming ``source`` and the problem otherwise."""
    return record_from_json(load_json(text, source), source)


def load_json(text: str, source: str = "<record>") -> Any:
    """The JSON value of a save's text; ``SaveError`` naming ``source`` otherwise."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(
            f"{source}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"
        ) from None
    except RecursionError:
        raise SaveError(f"{source}: not a save (JSON nested too deeply)") from None
    except ValueError:  # a number of thousands of digits (Python's int conversion limit)
        limit = sys.get_int_max_str_digits()
        raise SaveError(f"{source}: not a save (a number has more than {limit} digits)") from None


def record_from_json(data: Any, source: str = "<record>") -> Record:
    """The record in a save's parsed JSON (:func:`load_json`); ``SaveError`` otherwise."""
    if not isinstance(data, dict):
        raise SaveError(f"{source}: expected a JSON object at the top level")
    if data.get("format") != FORMAT_NAME:
        raise SaveError(f"{source}: not a Skirmish Table save (format {data.get('format')!r})")
    version = _expect(data, "format_version", int, source)
    if version not in READABLE_VERSIONS:
        raise SaveError(
            f"{source}: save format version {version} is not supported "
            f"(this program reads versions {', '.join(map(str, READABLE_VERSIONS))})"
        )
    options = _expect(data, "options", dict, source)
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in options.items()):
        raise SaveError(f"{source}: 'options' should map text keys to text values")
    actions = _expect(data, "actions", list, source)
    if len(actions) > MAX_ACTIONS:
        raise SaveError(
            f"{source}: holds {len(actions):,} actions; a game record may hold at most "
            f"{MAX_ACTIONS:,} (longer than any game of this program)"
        )
    for i, a in enumerate(actions):
        if not isinstance(a, str):
            raise SaveError(f"{source}: actions[{i}] should be text, found {type(a).__name__}")
    seats = data.get("seats", [])
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise SaveError(f"{source}: 'seats' should be a list of seat kinds")
    digest = data.get("digest")
    if digest is not None and not isinstance(digest, str):
        raise SaveError(f"{source}: 'digest' should be text")
    copy = MapCopy.from_json(data["map"], source) if data.get("map") is not None else None
    return Record(
        map=copy,
        ruleset=_expect(data, "ruleset", str, source),
        rules_version=_expect(data, "rules_version", str, source),
        seed=_expect(data, "seed", int, source),
        options=dict(options),
        actions=tuple(actions),
        digest=digest,
        seats=tuple(seats),
        format_version=version,
    )
