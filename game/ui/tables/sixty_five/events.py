"""How the '65 table marks the events it is shown: the last fire and its Damage Draw (the
cards turning over one by one), the last strike's hexes, banners for a new phase and the
end, and the sounds to play."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.core.api import Event
from game.rules.sixty_five.combat.artillery import ArtilleryStrike
from game.rules.sixty_five.events import (
    CardPlayed,
    DamageCard,
    FireDeclared,
    GameOver,
    HitApplied,
    ImpulseBegins,
    PhaseBegins,
    UnitMoved,
    UnitPlaced,
)
from game.rules.sixty_five.scenarios.exits import UnitExited
from game.rules.sixty_five.vehicles.events import ApArmourDrawn, ApTargetingDrawn
from game.rules.sixty_five.view import SixtyFiveView
from game.ui.tables.sixty_five.choices import unit_name
from game.ui.tables.sixty_five.paint import DrawnCard, phase_name
from game.ui.tables.sixty_five.vehicles import AP_GOOD, ap_outcome_text

if TYPE_CHECKING:
    from game.ui.tables.sixty_five.table import SixtyFiveTable

DRAW_STEP = 0.45  # seconds between the cards of a Damage Draw


def mark_events(table: SixtyFiveTable, events: Sequence[Event], view: SixtyFiveView) -> list[str]:
    """Mark ``events`` on the table (see the module docstring); the sounds they make."""
    sounds: list[str] = []
    delay = 0.0
    for e in events:
        if isinstance(e, ArtilleryStrike):
            table.last_draw = []
            table.fx.discard(DrawnCard)
            table.last_strike = (e.hexes, e.draws)
            what = "AC-47" if e.puff else "Artillery"  # scenario 6's Puff
            table.last_fire = f"{what} on {', '.join(e.hexes)}"
            sounds.append("shot")
        elif isinstance(e, UnitExited):
            table.assets.play("move")
        elif isinstance(e, FireDeclared):
            table.last_strike = None
            table.last_draw = []
            table.fx.discard(DrawnCard)
            units = {u.id: u for u in view.units}
            table.last_fire = f"{unit_name(units, e.lead)} fires at {unit_name(units, e.target)}"
            sounds.append("shot")
        elif isinstance(e, DamageCard):
            table.last_draw.append((e.card, e.hit))
            table.fx.add(DrawnCard(delay, DRAW_STEP, card=e.card, hit=e.hit))
            delay += DRAW_STEP
            table.ap_result = None
        elif isinstance(e, ApTargetingDrawn | ApArmourDrawn):  # 15: the two draws in turn
            ok = e.result in AP_GOOD
            table.last_draw.append((e.card, ok))
            table.fx.add(DrawnCard(delay, DRAW_STEP, card=e.card, hit=ok))
            delay += DRAW_STEP
            table.ap_result = ap_outcome_text(e)
        elif isinstance(e, HitApplied):
            sounds.append("casualty" if e.result == "eliminated" else "wound")
        elif isinstance(e, UnitMoved | UnitPlaced):
            sounds.append("move")
        elif isinstance(e, CardPlayed):
            sounds.append("flip")
        elif isinstance(e, PhaseBegins):
            table.banner(f"Turn {e.turn}: {phase_name(e.phase)}")
        elif isinstance(e, ImpulseBegins):
            table.drop_picks()
        elif isinstance(e, GameOver):
            table.banner("The game is over")
    return sounds
