"""The '65 table's side panel kept as pixels while what it shows stays the same.

The panel (whose turn, the last Damage Draw, the list of choices, the general buttons)
is many fitted texts: about a millisecond a frame at 1920x1080. It changes only with the
game, the picks, the list's page, the shot awaiting confirmation, the Damage Draw's
cards coming up, and the button under the pointer, so it is drawn when one of these
changes and blitted back otherwise (see :class:`~game.ui.toolkit.region_cache.RegionCache`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.rules.sixty_five.view import SixtyFiveView

if TYPE_CHECKING:
    from game.ui.tables.sixty_five.table import SixtyFiveTable

PanelPainter = Callable[["SixtyFiveTable", pygame.Surface, SixtyFiveView], None]


def panel_key(table: SixtyFiveTable, view: SixtyFiveView, pending: int) -> tuple[object, ...]:
    """Everything the panel's pixels depend on, with ``pending`` the Damage Draw's cards
    still to come up (the view by identity: the kept data holds the view, so its id
    cannot be reused while kept)."""
    hovered = next(
        (i for i, (b, _) in enumerate(table.buttons) if b.rect.collidepoint(table.mouse)), -1
    )
    return (
        id(view),
        table.picks,
        table.page,
        table.confirm,
        tuple(table.supports),
        table.last_fire,
        tuple(table.last_draw),
        table.ap_result,
        pending,
        hovered,
    )


def draw_kept_panel(
    table: SixtyFiveTable,
    surface: pygame.Surface,
    view: SixtyFiveView,
    draw: PanelPainter,
    pending: int,
) -> None:
    """``draw`` the panel, or blit it back as it was last drawn when nothing it shows
    has changed (a texts trace, as the tests take, always draws it afresh)."""
    region = table.panel_rect.inflate(8, 4).clip(surface.get_rect())
    key = panel_key(table, view, pending)
    tracing = table.assets.text_trace is not None
    if not tracing and table.panel_cache.restore(surface, region, key):
        table.buttons = list(table.panel_cache.data[0])
        return
    draw(table, surface, view)
    if not tracing:
        table.panel_cache.keep(surface, region, key, (list(table.buttons), view))
