"""Where the '65 board should look: the viewer's own units, and what the last events did.

The board pans (never zooms) to an action that happened out of view, the computer's or
the other player's, so nothing is done where the player cannot see it; when the
viewer's turn comes with none of its units in view, it pans to them.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core.api import Event
from game.rules.sixty_five.actions import Place
from game.rules.sixty_five.combat.artillery import ArtilleryStrike
from game.rules.sixty_five.events import FireDeclared, HitApplied, UnitMoved, UnitPlaced
from game.rules.sixty_five.view import SixtyFiveView
from game.ui.tables.sixty_five.board import BoardPicture


def focus(view: SixtyFiveView) -> list[str]:
    """Where the viewer (the side to act, for a spectator) wants to look: its units on
    the board, or before it has any, the hexes it may set up in."""
    seat = view.seat if view.seat is not None else view.current_player
    mine = [u.hex for u in view.units if u.seat == seat and u.hex and not u.eliminated]
    if mine:
        return mine
    return [a.hex for a in view.candidate_actions if isinstance(a, Place)]


def event_hexes(events: Sequence[Event], view: SixtyFiveView) -> list[str]:
    """The hexes the events happened in: a unit's path or set-up hex, the firer and its
    target, a strike's hexes, a unit hit."""
    where = {u.id: u.hex for u in view.units}
    hexes: list[str | None] = []
    for e in events:
        if isinstance(e, UnitMoved):
            hexes += e.path
        elif isinstance(e, UnitPlaced):
            hexes.append(e.hex)
        elif isinstance(e, FireDeclared):
            hexes += [where.get(e.lead), where.get(e.target)]
        elif isinstance(e, ArtilleryStrike):
            hexes += e.hexes
        elif isinstance(e, HitApplied):
            hexes.append(where.get(e.unit))
    return [h for h in hexes if h]


def follow(pic: BoardPicture, events: Sequence[Event], view: SixtyFiveView, acting: bool) -> None:
    """Pan ``pic`` to the events' hexes when they are out of view; with nothing to show
    and the viewer ``acting``, to its units when none is in view."""
    seen = event_hexes(events, view)
    if seen:
        pic.look_at(seen)
    elif acting:
        mine = focus(view)
        if mine and not any(pic.in_view(h) for h in mine):
            pic.look_at(mine)
