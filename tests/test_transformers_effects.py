"""Special-card effects alone (rules contract, second edition: effects as data plus
plain functions). Each effect is tried on a minimal table, without a game around it."""

from __future__ import annotations

from game.core.api import Event
from game.rules.transformers_skirmish.cards import Effect, Rank, load_catalog
from game.rules.transformers_skirmish.effects import EFFECTS
from game.rules.transformers_skirmish.events import UnitRepaired
from game.rules.transformers_skirmish.view import Unit


class _Table:
    """The least an effect needs: units and a way to draw."""

    def __init__(self, units: list[Unit]) -> None:
        self.units = {u.id: u for u in units}
        self.drawn: list[tuple[int, int]] = []

    def living(self, seat: int) -> list[Unit]:
        return [u for u in self.units.values() if u.seat == seat and u.alive]

    def draw_cards(self, seat: int, count: int) -> list[Event]:
        self.drawn.append((seat, count))
        return []


def _unit(uid: str, damage: int = 0, seat: int = 0) -> Unit:
    """A unit on the board (a unit off the board is not alive)."""
    return Unit(
        id=uid,
        name=uid.title(),
        seat=seat,
        rank=Rank.TROOPER,
        base_hits=3,
        damage=damage,
        square=(ord(uid[0]) - ord("a"), seat),
    )


def test_every_special_card_names_a_registered_effect() -> None:
    """Card List: every special card's effect id has its functions."""
    for spec in load_catalog().cards:
        if spec.effect is not None:
            assert spec.effect in EFFECTS


def test_tactics_draws_its_amount_and_names_no_unit() -> None:
    """Card List, Tactics: draw 2 cards."""
    tactics = load_catalog().card("tactics")
    table = _Table([_unit("a")])
    effect = EFFECTS[Effect.DRAW]
    assert effect.targets(table, 0, tactics) == [None]
    effect.resolve(table, 0, tactics, None)
    assert table.drawn == [(0, tactics.amount)] and tactics.amount == 2


def test_repairs_only_on_own_damaged_units_and_never_above_full() -> None:
    """Card List, Repairs: remove one damage from one of your damaged units."""
    repairs = load_catalog().card("repairs")
    table = _Table([_unit("a"), _unit("b", damage=2), _unit("c", damage=1, seat=1)])
    effect = EFFECTS[Effect.REPAIR]
    assert effect.targets(table, 0, repairs) == ["b"]
    events = effect.resolve(table, 0, repairs, "b")
    assert table.units["b"].damage == 1
    assert events == [UnitRepaired(unit="b", name="B", hits_left=2)]
