"""Tunnel Rats invariants over random games on the shipped scenarios (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.api import Action
from game.core.canonical import digest
from game.core.record import parse_record
from game.core.rng import Rng
from game.core.session import Session
from game.core.wounds import WoundLevel
from game.rules.tunnel_rats.combat import allowed_stances
from game.rules.tunnel_rats.data import load_rules_numbers, load_scenarios
from game.rules.tunnel_rats.events import DEFENDERS, RATS, Moved
from game.rules.tunnel_rats.play import TRState

SCENARIOS = [s.id for s in load_scenarios()]
RULES = load_rules_numbers()
STEPS = 120

games = st.tuples(
    st.sampled_from(SCENARIOS),
    st.integers(min_value=0, max_value=2**62),
    st.integers(min_value=0, max_value=2**62),
)


def check_state(state: TRState) -> None:
    for fig in [*state.rats.values(), *state.enemies.values()]:
        assert isinstance(fig.wounds, WoundLevel)
        if fig.alive:
            assert fig.stance in allowed_stances(fig.wounds, RULES)
            assert state.level(fig.level).passable(fig.cell)
    assert all(0 <= p <= 10 for p in state.points)
    assert state.points[RATS] - state.points[DEFENDERS] in (0, -1) or state.winner is not None
    for action in state.legal_actions():
        fid = getattr(action, "figure", None)
        if fid is not None:
            fig = state.rats.get(fid) or state.enemies[fid]
            assert fig.can_act, f"{fid} is dead or pinned but may act"
    rats_view = state.view(RATS)
    for enemy in rats_view.enemies:
        assert any(
            r.alive and r.level == enemy.level and enemy.cell in state.rat_sight(r)
            for r in state.rats.values()
        ), f"the rats' view shows {enemy.id}, whom no rat sees"
    for trap in rats_view.traps:
        assert not trap.hidden and trap.armed and trap.cell in state.explored[trap.level]
    assert rats_view.pending_trap is None
    for lv in rats_view.levels:
        assert not any(hidden for _, hidden in lv.trap_cells)
        assert not any(e[3] for e in lv.entrance_cells) and not lv.spawns
    assert all(r.spotted for r in state.view(DEFENDERS).rats)


@settings(max_examples=12, deadline=None)
@given(games)
def test_tr_random_games_keep_the_invariants(g: tuple[str, int, int]) -> None:
    """Random play: wounds stay on the track and stances match them, points never go
    negative and the sides alternate (rats first), dead figures never act, and the
    rats' view never holds an unseen defender or a hidden trap."""
    scenario, seed, pick_seed = g
    session = Session.new("tunnel_rats", seed, {"scenario": scenario})
    pick = Rng(pick_seed)
    for _ in range(STEPS):
        state = session.state
        assert isinstance(state, TRState)
        check_state(state)
        if state.outcome() is not None:
            break
        before_round, before_seat = state.round, state.current_player()
        visible_before = state.visible_enemy_ids()
        events = session.apply(pick.choice(tuple(state.legal_actions())))
        after = session.state
        assert isinstance(after, TRState)
        if after.outcome() is None and after.round == before_round:
            assert after.current_player() == 1 - before_seat
        if after.round != before_round and after.outcome() is None:
            assert after.current_player() == RATS
        visible_after = after.visible_enemy_ids()
        for e in events:
            if isinstance(e, Moved) and e.figure in after.enemies and e.visible(RATS):
                assert e.figure in visible_before | visible_after


@settings(max_examples=6, deadline=None)
@given(games)
def test_tr_save_and_load_give_the_same_digest_and_clones_are_independent(
    g: tuple[str, int, int],
) -> None:
    """Saves replay to the same state (digest); a clone changes without touching the
    original."""
    scenario, seed, pick_seed = g
    session = Session.new("tunnel_rats", seed, {"scenario": scenario})
    pick = Rng(pick_seed)
    for _ in range(60):
        if session.state.outcome() is not None:
            break
        session.apply(pick.choice(tuple(session.state.legal_actions())))
    record = parse_record(session.to_record().to_json())
    assert digest(Session.from_record(record).state) == digest(session.state)
    if session.state.outcome() is None:
        original = digest(session.state)
        copy = session.state.clone()
        for _ in range(10):
            if copy.outcome() is not None:
                break
            copy.apply(pick.choice(tuple(copy.legal_actions())))
        assert digest(session.state) == original
        det = session.state.determinize(RATS, Rng(pick_seed))
        assert digest(session.state) == original
        assert det.legal_actions() or det.outcome() is not None


@settings(max_examples=5, deadline=None)
@given(games, st.integers(min_value=0, max_value=2**62))
def test_tr_why_not_agrees_exactly_with_the_legal_list(
    g: tuple[str, int, int], other_seed: int
) -> None:
    """Legality (issue 10 item 1): over random states and a pool of actions taken from
    another game of the same scenario (other cells, figures, targets, both sides),
    ``why_not(a) is None`` iff ``a`` is in ``legal_actions()``, and every refusal names
    a rule ("...: Tunnel Rats, <section>")."""
    scenario, seed, pick_seed = g
    pool: list[Action] = []
    other = Session.new("tunnel_rats", other_seed, {"scenario": scenario}, undo=False)
    pick = Rng(other_seed)
    for _ in range(60):
        if other.state.current_player() is None:
            break
        actions = tuple(other.state.legal_actions())
        pool.extend(actions[:: max(1, len(actions) // 12)])
        other.apply(pick.choice(actions))
    session = Session.new("tunnel_rats", seed, {"scenario": scenario}, undo=False)
    pick = Rng(pick_seed)
    for _ in range(30):
        state = session.state
        if state.current_player() is None:
            break
        legal = set(state.legal_actions())
        for action in [*pool, *legal]:
            reason = state.why_not(action)
            assert (reason is None) == (action in legal), (action.to_str(), reason)
            assert reason is None or ": Tunnel Rats" in reason, reason
        session.apply(pick.choice(tuple(legal)))
