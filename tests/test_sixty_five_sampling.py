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
from game.rules.sixty_five.helicopter_candidates import any_helicopter_plays, helicopter_plays
from game.rules.sixty_five.registry import POWER_BLOCK
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
    Fire) and a target out of its line of sight without checking the play: every
    candidate fire play, and every Move & Fire from where it stops, meets both."""
    checked = 0
    for scenario in ("1", "2", "3"):
        for step, state in _games(scenario, "3"):
            if step % 3:
                continue
            w = state.world
            for action in state.candidate_actions():
                if not isinstance(action, Play) or not action.units or not action.target:
                    continue
                blk = POWER_BLOCK if action.block == "power" else w.data.blocks[action.block]
                lead, target = w.units[action.units[0]], w.units[action.target]
                if blk.effect in FIRE_EFFECTS:
                    assert may_lead(blk, lead), action.to_str()
                    assert sees(w, lead, target), action.to_str()
                    checked += 1
                elif blk.effect == "move_and_fire":
                    end = action.path[-1] if action.path else lead.hex
                    assert end is not None and target.hex is not None
                    assert w.field.los(end, target.hex), action.to_str()
                    checked += 1
    assert checked > 100


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
