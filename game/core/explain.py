"""The rules calculator behind ``python -m game explain``: for one action in one position,
the numbers the rules derive and the exact probability of each outcome.

A ruleset supports it by giving its state a method ``explain(action) -> Explanation``
(called only for an action ``why_not`` allows). Positions come from :func:`load_position`:

- a save or replay file (JSON, any ruleset): the game is replayed to its end;
- a YAML file with the same keys (``ruleset``, ``seed``, optional ``options`` and
  ``actions``), easy to write by hand::

      ruleset: tunnel_rat_bluff
      seed: 7
      options: {tells: "60"}
      actions: [draw, ask vc]

  A ``map`` option (a game on a map of one's own, ``game.maps.user_maps``) that is a
  relative path is read from the position file's folder when the map is there.

  and an optional ``setup`` section, applied after the actions, that sets up a
  situation by hand (units placed with their state, cards in hand, the next cards of a
  deck); its shape is the ruleset's own (``game.core.position_setup``, docs/explain.md).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from game.core.api import Explanation
from game.core.data import describe_validation_error, read_yaml
from game.core.errors import DataError, IllegalAction, SaveError
from game.core.position_setup import apply_setup, setup_hook
from game.core.record import MAX_ACTIONS, MAX_RECORD_BYTES, Record, parse_record
from game.core.session import Session

#: The largest YAML position read: a hand-written position is tiny, and 20,000 actions
#: fit in about a megabyte; YAML parses slower than JSON, so its limit is lower.
MAX_YAML_BYTES = 2_000_000


class PositionFile(BaseModel):
    """A hand-written position: a ruleset, a seed, options and the actions so far."""

    model_config = ConfigDict(extra="forbid")
    ruleset: str
    seed: int = Field(ge=0, lt=2**63)
    options: dict[str, str] = Field(default_factory=dict)
    actions: list[str] = Field(default_factory=list)
    setup: dict[str, Any] | None = None


def load_position(path: Path) -> Session:
    """The game at the position ``path`` describes; ``DataError``/``SaveError`` naming
    the file and what was wrong otherwise. Positions have the limits of saves: at most
    ``MAX_ACTIONS`` actions, and a file larger than ``MAX_RECORD_BYTES`` (a YAML one:
    :data:`MAX_YAML_BYTES`) is refused before it is read."""
    if path.suffix.lower() == ".json":
        try:
            with path.open("rb") as f:
                if os.fstat(f.fileno()).st_size > MAX_RECORD_BYTES:
                    raise SaveError(
                        f"{path}: larger than {MAX_RECORD_BYTES / 1_000_000:g} MB; refused unread"
                    )
                text = f.read().decode("utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise SaveError(f"{path}: cannot read: {exc}") from None
        return Session.from_record(parse_record(text, str(path)), str(path))
    raw = read_yaml(path, limit=MAX_YAML_BYTES, fast=True)
    actions = raw.get("actions") if isinstance(raw, dict) else None
    if isinstance(actions, list) and len(actions) > MAX_ACTIONS:
        raise DataError(
            f"{path}: actions: {len(actions):,} actions; a position may hold at most "
            f"{MAX_ACTIONS:,} (as a save)"
        )
    try:
        position = PositionFile.model_validate(raw)
    except ValidationError as exc:
        raise DataError(describe_validation_error(path, exc)) from None
    try:
        from game.core.registry import get_manifest

        manifest = get_manifest(position.ruleset)
    except ValueError as exc:
        raise DataError(f"{path}: ruleset: {exc}") from None
    rules_version = manifest.ruleset.rules_version
    options = dict(position.options)
    map_text = options.get("map", "").strip()
    if map_text and not Path(map_text).expanduser().is_absolute():
        beside = path.parent / map_text  # a map path is taken from the position's folder
        if beside.is_file() or beside.with_name(beside.name + ".tmx").is_file():
            options["map"] = str(beside.resolve())
    record = Record(
        ruleset=position.ruleset,
        rules_version=rules_version,
        seed=position.seed,
        options=options,
        actions=tuple(position.actions),
        digest=None,
    )
    session = Session.from_record(record, str(path))
    if position.setup is not None:
        hook = setup_hook(manifest.setup, f"{path}: setup: {manifest.title}")
        apply_setup(session.state, position.setup, hook, path)
    return session


def explain(session: Session, action_text: str) -> dict[str, Any]:
    """The calculator's answer as plain data: ``{"ruleset", "action", "legal", "numbers",
    "outcomes"}`` (and ``"reason"`` when the action is not legal now)."""
    action = session.parse(action_text)
    reason = session.why_not(action)
    answer: dict[str, Any] = {
        "ruleset": session.ruleset.id,
        "action": action.to_str(),
        "legal": reason is None,
        "numbers": {},
        "outcomes": {},
    }
    if reason is not None:
        answer["reason"] = reason
        return answer
    method = getattr(session.state, "explain", None)
    if method is None:
        raise IllegalAction(f"{session.ruleset.title} has no rules calculator yet")
    result: Explanation = method(action)
    answer["numbers"] = dict(result.numbers)
    answer["outcomes"] = dict(result.outcomes)
    return answer
