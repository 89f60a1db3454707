"""A game being played: the state, the action history, undo, and the record.

``Session`` is what the UI, the command line and the tests drive. It asks the ruleset's
one authority, ``State.why_not``, about every action and refuses it with the rule that
forbids it; keeps the text of each applied action for the save/replay record; and offers
a chess-style take-back of the last action while no hidden information was revealed and
no randomness was consumed since.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.api import Action, Event, Ruleset, State, opening_events
from game.core.canonical import snapshot_digest
from game.core.errors import IllegalAction, InvalidAction, SaveError
from game.core.map_copy import MapCopy, copy_map
from game.core.record import Record
from game.core.registry import get_manifest


@dataclass
class _UndoPoint:
    state: State[Any, Any]
    undoable: bool


class Session:
    """One game of one ruleset, from a seed."""

    def __init__(
        self,
        ruleset: Ruleset,
        seed: int,
        options: Mapping[str, str] | None = None,
        seats: Sequence[str] = (),
        *,
        undo: bool = True,
        rules_version: str | None = None,
        map_copy: MapCopy | None = None,
        map_path: Path | None = None,
    ) -> None:
        """``map_copy``: the copy of the player's map a save kept (a new game makes its
        own); ``map_path``: play on this file instead of the ``map`` option's (a save's
        copy written out again because the player's map changed or is gone), while the
        option is kept as the player gave it."""
        self.ruleset = ruleset
        get_manifest(ruleset.id).validate_options(options)
        #: The rules this game plays by: the ruleset's own, or an older version a save
        #: was made under (see ``older_rules_versions``), kept when the game is saved again.
        self.rules_version = rules_version or ruleset.rules_version
        self.keeps_undo = undo  # headless matches skip the per-action clone
        self.seed = seed
        self.options: dict[str, str] = dict(options or {})
        self.seats: tuple[str, ...] = tuple(seats)
        #: The copy of the player's map this game plays on instead of the option's file.
        self.map_path = map_path
        played = dict(self.options)
        if map_path is not None:
            played["map"] = str(map_path)
        if self.rules_version == ruleset.rules_version:
            self.state: State[Any, Any] = ruleset.new_game(seed, played)
        else:  # a ruleset that lists older versions takes ``rules_version`` in new_game
            self.state = ruleset.new_game(seed, played, self.rules_version)  # type: ignore[call-arg]
        #: The player's own map this game plays on, as its saves record it (None for the
        #: shipped scenarios).
        self.map_copy: MapCopy | None = map_copy or self._copy_of_map()
        #: The set-up's events (``State.opening_events``), logged before the first action.
        self.opening: list[Event] = opening_events(self.state)
        self.actions: list[str] = []
        self._history: list[_UndoPoint] = []

    @classmethod
    def new(
        cls,
        ruleset_id: str,
        seed: int,
        options: Mapping[str, str] | None = None,
        seats: Sequence[str] = (),
        *,
        undo: bool = True,
    ) -> Session:
        return cls(get_manifest(ruleset_id).ruleset(), seed, options, seats, undo=undo)

    def _copy_of_map(self) -> MapCopy | None:
        """A copy of the chosen map's files (the ruleset's ``map_files(options)``: the
        map first), when the game has a ``map`` option."""
        files_of = getattr(self.ruleset, "map_files", None)
        if files_of is None or not self.options.get("map"):
            return None
        files: list[Path] = list(files_of(self.options))
        if not files:
            return None
        try:
            return copy_map(self.options["map"], files[0], files[1:])
        except OSError as exc:
            raise InvalidAction(f"{files[0]}: cannot read the map: {exc}") from None

    # -- playing -------------------------------------------------------------
    def parse(self, text: str) -> Action:
        """The action named by ``text``; ``InvalidAction`` if it is not one."""
        return self.ruleset.parse_action(text)

    def why_not(self, action: Action) -> str | None:
        """The rule that forbids ``action`` now, or ``None`` if it may be played."""
        if self.state.outcome() is not None:
            return "the game is over"
        return self.state.why_not(action)

    def apply(self, action: Action | str) -> list[Event]:
        """Apply a legal action (or its text form) and return the events it caused."""
        if isinstance(action, str):
            action = self.parse(action)
        reason = self.why_not(action)
        if reason is not None:
            raise IllegalAction(f"{action.to_str()!r} cannot be played: {reason}")
        before = self.state.clone() if self.keeps_undo else None
        draws_before = self.state.rng.draws
        events = self.state.apply(action)
        if before is not None:
            undoable = self.state.rng.draws == draws_before and not any(e.reveals for e in events)
            self._history.append(_UndoPoint(before, undoable))
        self.actions.append(action.to_str())
        return events

    def can_undo(self) -> bool:
        """True while the last action revealed nothing hidden and rolled no dice (never for
        a session made with ``undo=False``)."""
        return bool(self._history) and self._history[-1].undoable

    def undo(self) -> None:
        """Take back the last action (see :meth:`can_undo`)."""
        if not self.can_undo():
            raise IllegalAction("cannot take back: the last action revealed or rolled something")
        point = self._history.pop()
        self.state = point.state
        self.actions.pop()

    # -- records -------------------------------------------------------------
    def to_record(self) -> Record:
        return Record(
            ruleset=self.ruleset.id,
            rules_version=self.rules_version,
            seed=self.seed,
            options=dict(self.options),
            actions=tuple(self.actions),
            digest=snapshot_digest(self.state),
            seats=self.seats,
            map=self.map_copy,
        )

    @classmethod
    def from_record(
        cls, record: Record, source: str = "<record>", map_path: Path | None = None
    ) -> Session:
        """Replay a record from its seed; ``SaveError`` if it does not replay exactly.
        ``map_path``: play on this copy of the recorded map (see ``__init__``)."""
        try:
            ruleset = get_manifest(record.ruleset).ruleset()
        except ValueError as exc:
            raise SaveError(f"{source}: {exc}") from None
        older = getattr(ruleset, "older_rules_versions", ())
        if record.rules_version != ruleset.rules_version and record.rules_version not in older:
            readable = ", ".join((*older, ruleset.rules_version))
            raise SaveError(
                f"{source}: recorded with rules version {record.rules_version}, "
                f"this program plays {ruleset.title} by version {readable}"
            )
        try:
            session = cls(
                ruleset,
                record.seed,
                record.options,
                record.seats,
                rules_version=record.rules_version,
                map_copy=record.map,
                map_path=map_path,
            )
        except (ValueError, KeyError) as exc:
            raise SaveError(f"{source}: cannot start the game: {exc}") from None
        for i, text in enumerate(record.actions):
            try:
                session.apply(text)
            except (IllegalAction, InvalidAction) as exc:
                shown = text if len(text) <= 60 else text[:57] + "..."
                raise SaveError(f"{source}: action {i + 1} {shown!r}: {exc}") from None
        since = getattr(ruleset, "snapshot_since", 2)
        if record.format_version >= since and record.digest is not None:
            if snapshot_digest(session.state) != record.digest:
                because = ""
                if record.map is not None and map_path is None:
                    because = f" (was its map {record.map.path} changed since?)"
                raise SaveError(
                    f"{source}: the replayed game does not match the saved state{because}"
                )
        return session
