"""What the Transformers table's mixins (input, drawing) rely on the table to have.

A :class:`~game.ui.tables.base.TableBase` (assets, the effects timeline ``fx``, ``busy``,
the notice and ``say``) plus declarations:
:class:`~game.ui.tables.transformers_skirmish.table.TransformersTable` sets these up in its
``__init__`` and defines the methods.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.core.api import Action
from game.rules.transformers_skirmish.board import Square
from game.rules.transformers_skirmish.view import SkirmishView, UnitView
from game.ui.tables.base import TableBase
from game.ui.tables.transformers_skirmish.board import BoardView
from game.ui.tables.transformers_skirmish.hand import HandView
from game.ui.widgets import TableButton


class TableParts(TableBase[SkirmishView]):
    """The table's shared selection and animation state, and the helpers both mixins
    call."""

    board: BoardView
    hand: HandView
    mouse: tuple[int, int]
    sel_card: int | None
    sel_unit: str | None
    mass_group: list[str]  # robots marked for a mass move (issue 17), in roster order
    cursor: Square | None
    _press: tuple[int, tuple[int, int]] | None
    _dragging: bool

    if TYPE_CHECKING:

        def _sync(self, view: SkirmishView) -> None: ...
        def _card(self, view: SkirmishView) -> str | None: ...
        def tray(self, view: SkirmishView) -> list[tuple[UnitView, pygame.Rect]]: ...
        def _buttons(
            self, view: SkirmishView
        ) -> list[tuple[TableButton, Callable[[], Action | None]]]: ...
