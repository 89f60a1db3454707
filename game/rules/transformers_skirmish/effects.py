"""Special-card effects as data plus plain functions (rules contract, second edition).

``cards.yaml`` names each special card's effect id (``draw``, ``repair``) and amount;
``EFFECTS`` maps the id to two functions, each testable alone:

- ``targets(table, seat, spec)``: the units the card may be played on (``[None]`` for a
  card that names no unit; ``[]`` when it cannot be played now);
- ``resolve(table, seat, spec, unit)``: what playing it does, as events (the card has
  already been spent).

A new special card with a known effect is a line of YAML; a new effect is two functions
and one entry here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from game.core.api import Event
from game.rules.transformers_skirmish.cards import CardSpec, Effect
from game.rules.transformers_skirmish.events import UnitRepaired
from game.rules.transformers_skirmish.view import Unit


class EffectTable(Protocol):
    """What an effect reads and changes of a game (the game state is one)."""

    units: dict[str, Unit]

    def living(self, seat: int) -> list[Unit]: ...

    def draw_cards(self, seat: int, count: int) -> list[Event]: ...


@dataclass(frozen=True)
class SpecialEffect:
    """The legal targets and the resolution of one effect id."""

    targets: Callable[[EffectTable, int, CardSpec], Sequence[str | None]]
    resolve: Callable[[EffectTable, int, CardSpec, str | None], list[Event]]
    names_a_unit: bool
    not_a_target: str = ""  # why a named unit is refused, e.g. "has no damage to repair"


def draw_targets(table: EffectTable, seat: int, spec: CardSpec) -> list[str | None]:
    """Tactics: always playable in the orders phase; names no unit."""
    return [None]


def draw_resolve(table: EffectTable, seat: int, spec: CardSpec, unit: str | None) -> list[Event]:
    """Tactics: draw ``spec.amount`` more cards."""
    return table.draw_cards(seat, spec.amount)


def repair_targets(table: EffectTable, seat: int, spec: CardSpec) -> list[str | None]:
    """Repairs: one of your own units that has taken damage."""
    return [u.id for u in table.living(seat) if u.damage > 0]


def repair_resolve(table: EffectTable, seat: int, spec: CardSpec, unit: str | None) -> list[Event]:
    """Repairs: remove ``spec.amount`` damage from the unit (never above its full hits)."""
    assert unit is not None
    target = table.units[unit]
    target.damage = max(0, target.damage - spec.amount)
    return [UnitRepaired(unit=target.id, name=target.name, hits_left=target.hits)]


EFFECTS: dict[Effect, SpecialEffect] = {
    Effect.DRAW: SpecialEffect(draw_targets, draw_resolve, names_a_unit=False),
    Effect.REPAIR: SpecialEffect(
        repair_targets, repair_resolve, names_a_unit=True, not_a_target="has no damage to repair"
    ),
}
