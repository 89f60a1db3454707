"""Tables: each ruleset's own board/cards drawing and input, plugged into the GameScene.

The generic :class:`game.ui.scenes.game.GameScene` owns the session, the seats (human or
AI), AI pacing, hand-over, autosave, undo, the log and the end screen. What is special to a
ruleset - how its board looks and how clicks and keys become actions - lives in a *table*.

A table is a class marked with :func:`register_table` in the module that the ruleset's
manifest names (``Manifest.table``; :func:`discover` imports it). The id is written once,
in the manifest: a table belongs to the game whose manifest names its module (or the
package its module is in)::

    @register_table
    class MyTable:
        def __init__(self, assets: Assets) -> None: ...
        def layout(self, rect: pygame.Rect) -> None: ...
        def draw(self, surface: pygame.Surface, view: Any) -> None: ...
        def handle_event(self, event: pygame.event.Event, view: Any) -> Action | None: ...
        def on_events(self, events: Sequence[Event], view: Any) -> None: ...
        def update(self, dt: float) -> None: ...
        def busy(self) -> bool: ...

- ``layout(rect)``: the area the table may use (the scene keeps a top bar and the log panel
  outside it); called again when the window is resized.
- ``draw(surface, view)``: draw ``view`` (what the viewer may know; ``view.seat`` is the
  viewer, ``None`` for a spectator). Must not change game state; may read its own
  animation state.
- ``handle_event(event, view)``: turn a mouse or key event into an action chosen from
  ``view.legal_actions`` (empty when the viewer may not act), or ``None``. The scene calls
  ``Session.apply`` with it. Every action must be reachable by mouse and by keyboard.
- ``on_events(events, view)``: the events of the last action that the viewer may see
  (already filtered with ``Event.visible``), with the view after it: start animations and
  play sounds (``assets.play("flip")``).
- ``update(dt)``: advance animations by ``dt`` seconds (already multiplied by the speed).
- ``busy()``: ``True`` while an animation should finish before anybody acts next.

Optional members the scene uses when present:

- ``status(view) -> str``: a one-line description for the top bar ("Turn 3 - Rat to act").
- ``seat_labels: list[str]``: set by the scene, e.g. ``["Rat (you)", "VC (computer)"]``.
- ``action_rect: pygame.Rect``: where the table's action buttons are; the scene puts its
  "Hand over to ..." button there (the table shows no actions to a seat that may not act).
- ``skip_animations()``: finish animations at once (after undo, hand-over, replay jumps).
- ``cancel() -> bool``: Esc drops what the player has picked (a unit, a card); ``True``
  when there was something to drop, so Esc leaves the game only when nothing was.
- ``watching: bool``: ``False`` in a live game. The replay viewer sets it ``True``: the
  table then draws the board and the viewer's own secrets (its hand, its hidden units)
  but offers no choice to anybody, even to the seat whose turn it is - no action buttons
  or list, no "End" button, no key or click hints - and where it would prompt the seat to
  act it shows the neutral ``TableBase.to_act_line`` ("US Rangers to act"), the same for
  every viewer. Each table's "may this seat act?" answers no while watching (a table that
  reads ``view.legal_actions`` draws ``TableBase.unlisted(view)``). The replay passes no
  event to ``handle_event``.

Tests and tools drive tables through the real app (see ``game.ui.driver``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

import pygame

from game.core.api import Action, Event
from game.core.registry import manifests
from game.ui.assets import Assets

V_contra = TypeVar("V_contra", contravariant=True)


class Table(Protocol[V_contra]):
    """See the module docstring. ``V_contra`` is the ruleset's view type."""

    def __init__(self, assets: Assets) -> None: ...
    def layout(self, rect: pygame.Rect) -> None: ...
    def draw(self, surface: pygame.Surface, view: V_contra) -> None: ...
    def handle_event(self, event: pygame.event.Event, view: V_contra) -> Action | None: ...
    def on_events(self, events: Sequence[Event], view: V_contra) -> None: ...
    def update(self, dt: float) -> None: ...
    def busy(self) -> bool: ...


TableFactory = Callable[[Assets], Table[Any]]
F = TypeVar("F", bound=TableFactory)
_BY_MODULE: dict[str, TableFactory] = {}
"""Each marked table class by the module it is defined in."""


def register_table(factory: F) -> F:
    """Class decorator: this is the table of the game whose manifest names this module
    (``Manifest.table``) or a package holding it."""
    _BY_MODULE[factory.__module__] = factory
    return factory


def _table_of(module: str) -> TableFactory | None:
    """The table marked in ``module`` or, for a package, in one of its modules."""
    if module in _BY_MODULE:
        return _BY_MODULE[module]
    inside = [f for m, f in _BY_MODULE.items() if m.startswith(module + ".")]
    if len(inside) > 1:
        raise ValueError(f"{module} holds {len(inside)} tables marked @register_table")
    return inside[0] if inside else None


def discover() -> dict[str, TableFactory]:
    """Import the table module each ruleset's manifest names, and the table found there
    for each ruleset id.

    An import error is not swallowed: a broken table stops the program with its traceback
    (and fails the tests) rather than quietly turning its ruleset into "in preparation".
    """
    found: dict[str, TableFactory] = {}
    for manifest in manifests().values():
        if manifest.table is not None:
            importlib.import_module(manifest.table)
            factory = _table_of(manifest.table)
            if factory is None:
                raise ValueError(f"{manifest.table} marks no class with @register_table")
            found[manifest.id] = factory
    return found


def table_ids() -> tuple[str, ...]:
    """Ruleset ids that have a table, in menu order."""
    return tuple(discover())


def make_table(ruleset_id: str, assets: Assets) -> Table[Any]:
    """A new table for ``ruleset_id``; ``KeyError`` if none is registered."""
    tables = discover()
    if ruleset_id not in tables:
        raise KeyError(f"no table is registered for {ruleset_id!r}")
    return tables[ruleset_id](assets)
