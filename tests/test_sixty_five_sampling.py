"""'65 random play (sampling.py): the draw a player makes without listing every
candidate. Every draw is legal and repeatable in every scenario and rules version, the
view draws as the state does and lists its candidates only when asked, the early skips
the sampler makes are conditions every candidate meets, and every card block the
candidates offer gets drawn."""

from __future__ import annotations

import pytest

from game.core.api import Action
from game.core.random_play import random_action
from game.core.registry import get_manifest
from game.core.rng import Rng
from game.core.session import Session
from game.rules.sixty_five.actions import Play
from game.rules.sixty_five.candidates import FIRE_EFFECTS
from game.rules.sixty_five.cards.effect_registry import POWER_BLOCK
from game.rules.sixty_five.combat.ranged import fire_reach
from game.rules.sixty_five.helicopters.candidates import any_helicopter_plays, helicopter_plays
from game.rules.sixty_five.sampling import may_lead, sees
from game.rules.sixty_five.state import SixtyFiveState

STEPS = 260
CHECK_EVERY = 7


def _games(scenario: str, version: str, games: int = 1):  # type: ignore[no-untyped-def]
    """Each state of random games drawn through the sampler (seeded)."""
    ruleset = get_manifest("sixty_five").ruleset()
    for g in range(games):
        session = Session(
            ruleset, 40 + g, {"scenario": scenario}, rules_version=version, undo=False
        )
        rng = Rng(7 + g)
        for step in range(STEPS):
            state = session.state
            assert isinstance(state, SixtyFiveState)
            if state.outcome() is not None:
                break
            yield step, state
            state.apply(random_action(state, rng))


def _kind(action: Action) -> str:
    return f"play {action.block}" if isinstance(action, Play) else type(action).__name__


@pytest.mark.parametrize(
    ("scenario", "version"), [("1", "3"), ("2", "3"), ("3", "3"), ("1", "1"), ("3", "2")]
)
def test_draws_are_legal_repeatable_and_the_view_draws_the_same(
    scenario: str, version: str
) -> None:
    for step, state in _games(scenario, version):
        if step % CHECK_EVERY:
            continue
        seat = state.current_player()
        assert seat is not None
        view = state.view(seat)
        for k in range(6):
            drawn = state.random_action(Rng(100 * step + k))
            assert state.why_not(drawn) is None, drawn.to_str()
            assert state.clone().random_action(Rng(100 * step + k)) == drawn
            assert view.random_action(Rng(100 * step + k)) == drawn
        assert view.candidate_actions == tuple(state.candidate_actions())
        with pytest.raises(ValueError, match="no legal action"):
            state.view(1 - seat).random_action(Rng(0))


def test_the_view_lists_its_candidates_only_when_asked() -> None:
    """The view of the seat to act carries no list until ``candidate_actions`` is read;
    the other seat's view offers none."""
    session = Session.new("sixty_five", 5)
    state = session.state
    seat = state.current_player()
    assert seat is not None
    view = state.view(seat)
    assert "_listed" not in view.__dict__
    assert view.candidate_actions == tuple(state.candidate_actions())
    assert "_listed" in view.__dict__
    assert state.view(1 - seat).candidate_actions == ()


def test_the_early_skips_are_met_by_every_candidate() -> None:
    """The sampler skips a lead unit that is not Eligible (or not Fired, for Reload &
    Fire) and a target out of its line of sight or beyond its fire reach (10b1, 15c)
    without checking the play: every candidate fire play, and every Move & Fire from
    where it stops, meets all three (scenarios 1-3, and 4 with its vehicles)."""
    checked = 0
    for scenario, version in (("1", "3"), ("2", "3"), ("3", "3"), ("4", "7")):
        for step, state in _games(scenario, version):
            if step % 3:
                continue
            w = state.world
            for action in state.candidate_actions():
                if not isinstance(action, Play) or not action.units or not action.target:
                    continue
                blk = POWER_BLOCK if action.block == "power" else w.data.blocks[action.block]
                lead, target = w.units[action.units[0]], w.units[action.target]
                reach = fire_reach(w.data, lead)
                if blk.effect in FIRE_EFFECTS:
                    assert may_lead(blk, lead), action.to_str()
                    assert sees(w, lead, target), action.to_str()
                    assert lead.hex is not None and target.hex is not None
                    assert reach is None or w.field.distance(lead.hex, target.hex) <= reach
                    checked += 1
                elif blk.effect == "move_and_fire":
                    end = action.path[-1] if action.path else lead.hex
                    assert end is not None and target.hex is not None
                    assert w.field.los(end, target.hex), action.to_str()
                    assert reach is None or w.field.distance(end, target.hex) <= reach
                    checked += 1
    assert checked > 100


def test_5d_18p_22e_the_unit_skips_are_met_by_every_candidate() -> None:
    """The sampler also skips, without checking their plays: in the Reserve phase a
    passenger or a helicopter (8a, 17b), a Shaken unit near an enemy and any path longer
    than one hex from near an enemy (5d), and it offers an exit to each Eligible unit on
    an exit edge, as the candidates do (24); a non-Leg unit for Scout (18p, helicopters
    aside); while Leadership is in force, a unit more than two hexes from the Hero
    (22e). Every candidate meets those conditions (scenarios 1, 2, 4, 6 and 8)."""
    from game.rules.sixty_five.actions import Exit, ReserveMove
    from game.rules.sixty_five.cards.powers import near_hero
    from game.rules.sixty_five.helicopters.sight import is_helicopter
    from game.rules.sixty_five.movement.rules import near_enemy
    from game.rules.sixty_five.scenarios.exits import edge_of

    checked = {"reserve": 0, "near": 0, "scout": 0, "leadership": 0, "exit": 0}
    for scenario, version in (("1", "3"), ("2", "3"), ("4", "7"), ("6", "7"), ("8", "7")):
        for step, state in _games(scenario, version):
            w = state.world
            if step % 5 and w.leadership is None:
                continue
            for action in state.candidate_actions():
                if isinstance(action, ReserveMove):
                    unit = w.units[action.unit]
                    assert unit.carrier is None and not is_helicopter(unit), action.to_str()
                    assert unit.hex is not None
                    foes = [e.hex for e in w.live() if e.seat != unit.seat and e.hex]
                    if near_enemy(w.field, w.data.rules, unit.hex, foes):
                        assert not unit.shaken and len(action.path) == 1, action.to_str()
                        checked["near"] += 1
                    checked["reserve"] += 1
                if isinstance(action, Exit) and action.card is None:  # 24 in the Reserve
                    leaving = w.units[action.units[0]]
                    assert leaving.eligible and leaving.hex is not None, action.to_str()
                    edges = state.exit_edges(leaving.seat)
                    assert edge_of(w, leaving.hex, edges) is not None, action.to_str()
                    checked["exit"] += 1
                if not isinstance(action, Play) or not action.units:
                    continue
                units = [w.units[u] for u in action.units]
                if action.block == "scout":
                    assert all(u.leg or is_helicopter(u) for u in units), action.to_str()
                    checked["scout"] += 1
                if w.leadership is not None and state.current_player() == state.phasing:
                    assert all(near_hero(w, u) for u in units), action.to_str()
                    checked["leadership"] += 1
    assert checked.pop("exit") > 0  # units seldom stand on an exit edge in the Reserve
    assert min(checked.values()) > 10, checked


def test_17a_the_sampler_knows_without_listing_them_when_helicopters_have_plays() -> None:
    """The sampler offers a card's helicopter plays as a use when any_helicopter_plays
    says so and lists them only when drawn: that answer is whether helicopter_plays
    lists anything, for every card in hand (scenarios 7 and 8, both sides)."""
    seen = {True: 0, False: 0}
    for scenario in ("7", "8"):
        for step, state in _games(scenario, "6", games=2):
            w = state.world
            for seat in (0, 1):
                ready = any_helicopter_plays(w, seat)
                for cid in w.hands[seat]:
                    assert ready == bool(helicopter_plays(w, seat, cid)), (scenario, step)
                    seen[ready] += 1
    assert seen[True] > 20 and seen[False] > 20


def test_every_card_block_the_candidates_offer_gets_drawn() -> None:
    listed: set[str] = set()
    drawn: set[str] = set()
    for scenario in ("1", "2", "3"):
        for step, state in _games(scenario, "3", games=2):
            if step % CHECK_EVERY == 0:
                listed |= {_kind(a) for a in state.candidate_actions()}
                drawn |= {_kind(state.random_action(Rng(step * 31 + k))) for k in range(30)}
    assert listed - drawn == set()
