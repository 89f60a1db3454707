"""Tunnel Rat invariants over random games (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.canonical import digest
from game.core.record import parse_record
from game.core.rng import Rng
from game.core.session import Session
from game.rules.tunnel_rat_bluff.cards import Card
from game.rules.tunnel_rat_bluff.events import RAT, VC
from game.rules.tunnel_rat_bluff.state import BluffState

games = st.tuples(
    st.integers(min_value=0, max_value=2**62), st.integers(min_value=0, max_value=2**62)
)


def random_session(seed: int, choice_seed: int, stop_after: int | None = None) -> Session:
    session = Session.new("tunnel_rat_bluff", seed)
    pick = Rng(choice_seed)
    steps = 0
    while session.state.outcome() is None and (stop_after is None or steps < stop_after):
        session.apply(pick.choice(tuple(session.state.legal_actions())))
        steps += 1
    return session


def all_cards(state: BluffState) -> list[Card]:
    hand = [state.drawn] if state.drawn is not None else []
    return state.deck + hand + state.tunnels + state.casualties + state.discard


@settings(max_examples=60, deadline=None)
@given(games)
def test_forty_cards_always_accounted_for_and_counters_bounded(g: tuple[int, int]) -> None:
    session = Session.new("tunnel_rat_bluff", g[0])
    pick = Rng(g[1])
    while True:
        state = session.state
        assert isinstance(state, BluffState)
        cards = all_cards(state)
        assert len(cards) == 40
        assert cards.count(Card.VC) == 10 and cards.count(Card.TRAP) == 10
        assert len(state.tunnels) <= 5 and len(state.casualties) <= 5
        assert all(c is Card.TUNNEL for c in state.tunnels)
        assert all(c is not Card.TUNNEL for c in state.casualties)
        if state.outcome() is not None:
            break
        session.apply(pick.choice(tuple(state.legal_actions())))


@settings(max_examples=60, deadline=None)
@given(games)
def test_every_game_ends_with_exactly_one_winner(g: tuple[int, int]) -> None:
    outcome = random_session(*g).state.outcome()
    assert outcome is not None and len(outcome.winners) == 1


@settings(max_examples=60, deadline=None)
@given(games)
def test_rat_view_and_rat_log_never_contain_the_drawn_card(g: tuple[int, int]) -> None:
    """Hidden information: until revelation only the VC's view holds the drawn card."""
    session = Session.new("tunnel_rat_bluff", g[0])
    pick = Rng(g[1])
    while session.state.outcome() is None:
        state = session.state
        assert isinstance(state, BluffState)
        rat, spectator, vc = state.view(RAT), state.view(None), state.view(VC)
        assert rat.drawn_card is None and spectator.drawn_card is None
        assert vc.drawn_card is state.drawn
        events = session.apply(pick.choice(tuple(state.legal_actions())))
        revealed = False
        for e in events:
            if not e.visible(RAT):
                continue
            if e.reveals:
                revealed = True
            elif not revealed:
                assert getattr(e, "card", None) is None, e
                assert "look at the card" not in e.text()


@settings(max_examples=40, deadline=None)
@given(games, st.integers(min_value=0, max_value=60))
def test_save_load_gives_the_same_state(g: tuple[int, int], cut: int) -> None:
    session = random_session(*g, stop_after=cut)
    record = parse_record(session.to_record().to_json())
    loaded = Session.from_record(record)
    assert digest(loaded.state) == digest(session.state)
    assert loaded.state == session.state


@settings(max_examples=40, deadline=None)
@given(games)
def test_replay_of_seed_and_actions_gives_the_identical_state(g: tuple[int, int]) -> None:
    session = random_session(*g)
    again = Session.new("tunnel_rat_bluff", g[0])
    for text in session.actions:
        again.apply(text)
    assert again.state == session.state


@settings(max_examples=30, deadline=None)
@given(games, st.integers(min_value=0, max_value=40))
def test_clone_is_independent(g: tuple[int, int], cut: int) -> None:
    session = random_session(*g, stop_after=cut)
    before = digest(session.state)
    copy = session.state.clone()
    if copy.outcome() is None:
        copy.apply(Rng(g[1]).choice(tuple(copy.legal_actions())))
    assert digest(session.state) == before
