"""What the 5.56mm table does with the events of an action: a tracer flying from the
firer to the target for every shot, then the line between them lingering, fading
(``render.shot_line``), a walk for a move, the grenade's
scatter, the vehicle effects, the turn banner and the sounds; the picks dropped when a
new card is drawn."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from game.core.api import Event
from game.rules.five_five_six.events import (
    CardDrawn,
    Died,
    GameEnded,
    GrenadeLanded,
    LightChanged,
    Moved,
    ShotFired,
    TurnBegan,
    Wounded,
)
from game.rules.five_five_six.view import FiveFiveSixView
from game.ui.render.shot_line import shot_line
from game.ui.tables.five_five_six import vehicle_fx
from game.ui.tables.five_five_six import vehicles as vehicles_ui
from game.ui.tables.five_five_six.art import Banner, Scatter, Tracer, Walk, walking_of
from game.ui.tables.five_five_six.choices import narrowed

if TYPE_CHECKING:
    from game.ui.tables.five_five_six.table import FiveFiveSixTable

WALK_TIME = 0.35
TRACER_TIME = 0.45  # the shot flying (the table waits); its line lingers after (shot_line)
SCATTER_TIME = 1.4
BANNER_TIME = 1.6


def take_events(table: FiveFiveSixTable, events: Sequence[Event], view: FiveFiveSixView) -> None:
    """Animations, banner and sounds of ``events`` (see the module docstring)."""
    table._forget_other_seat(view)
    table._version += 1
    table.rolls.take(events)
    sounds: list[str] = []
    banner: list[str] = []
    for e in events:
        if vehicle_fx.add_vehicle_fx(table.fx, e, view.board):  # blasts, crash paths
            continue
        if isinstance(e, Moved) and e.length > 0:
            table.fx.discard(Walk, walking_of(e.character))
            table.fx.add(Walk(0.0, WALK_TIME, character=e.character, start=e.start, end=e.end))
            sounds.append("move")
        elif isinstance(e, ShotFired):
            start = view.characters[e.character].pos if e.character in view.characters else None
            end = vehicles_ui.target_point(view, e.target)
            if start is not None and end is not None:
                table.fx.add(Tracer(0.0, TRACER_TIME, start=start, end=end, hit=e.hit))
                table.fx.add(shot_line(start, end, e.hit))
            sounds.append("shot")
        elif isinstance(e, GrenadeLanded):
            table.fx.discard(Scatter)
            table.fx.add(Scatter(0.0, SCATTER_TIME, at=e.at, landed=e.landed))
            sounds.append("shot")
        elif isinstance(e, Wounded) and e.wound:
            sounds.append("wound")
        elif isinstance(e, Died):
            sounds.append("casualty")
        elif isinstance(e, CardDrawn):
            sounds.append("flip")
            table.drop_picks()
            if not e.character:
                banner.append(e.text())
        elif isinstance(e, TurnBegan):
            banner.insert(0, f"Turn {e.turn}")
        elif isinstance(e, LightChanged | GameEnded):
            banner.append(e.text())
    if banner:
        table.fx.discard(Banner)
        table.fx.add(Banner(0.0, BANNER_TIME, lines=tuple(banner[:4])))
    if table.picks.target is not None and not narrowed(view, table.picks):
        table.picks = replace(table.picks, target=None)
    table.page = 0
    for name in dict.fromkeys(sounds):
        table.assets.play(name)
