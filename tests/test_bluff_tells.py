"""The tells variant of Tunnel Rat for play against the computer (our design, issue 16):
the computer VC gives one tell per card when first questioned, matching the card with
the reliability chosen in setup."""

from __future__ import annotations

import pytest

from game.ai.match import play_match
from game.ai.tunnel_rat_bluff.bot import win_chance
from game.core.errors import InvalidAction
from game.core.registry import get_manifest
from game.core.rng import Rng
from game.core.session import Session
from game.rules.tunnel_rat_bluff.actions import Ask, Draw, Question
from game.rules.tunnel_rat_bluff.cards import Card, Tell, load_rules
from game.rules.tunnel_rat_bluff.events import RAT, QuestionAsked
from game.rules.tunnel_rat_bluff.state import BluffState

GOAL = (5, 5)


def test_printed_rules_show_no_tell_and_questions_stay_undoable() -> None:
    session = Session.new("tunnel_rat_bluff", 3)
    session.apply("draw")
    events = session.apply("ask vc")
    assert [e.tell for e in events if isinstance(e, QuestionAsked)] == [None]
    assert session.can_undo()


def test_the_tell_comes_once_per_card_at_the_first_question() -> None:
    state = BluffState.new(4, tells=60)
    state.apply(Draw())
    first = [e for e in state.apply(Ask(Question.IS_VC)) if isinstance(e, QuestionAsked)]
    again = [e for e in state.apply(Ask(Question.IS_TRAP)) if isinstance(e, QuestionAsked)]
    assert first[0].tell is not None and again[0].tell is None
    assert state.view(RAT).tell is first[0].tell


def test_a_fully_reliable_tell_always_names_the_card() -> None:
    rules = load_rules()
    for seed in range(40):
        state = BluffState.new(seed, tells=100)
        state.apply(Draw())
        assert state.drawn is not None
        state.apply(Ask(Question.IS_SAFE))
        assert state.tell is rules.tell_of(state.drawn)


def test_the_tell_matches_the_card_as_often_as_the_reliability_says() -> None:
    """Over 2,000 cards at 60%, the own tell shows 60% of the time (within 4 sigma), and
    each wrong tell about 20%."""
    rules = load_rules()
    own = other = 0
    n = 2000
    for seed in range(n):
        state = BluffState.new(seed, tells=60)
        state.apply(Draw())
        state.apply(Ask(Question.IS_VC))
        assert state.drawn is not None and state.tell is not None
        if state.tell is rules.tell_of(state.drawn):
            own += 1
        else:
            other += 1
    sigma = (n * 0.6 * 0.4) ** 0.5
    assert abs(own - 0.6 * n) < 4 * sigma


def test_asking_in_the_variant_uses_luck_so_it_cannot_be_taken_back() -> None:
    session = Session.new("tunnel_rat_bluff", 3, {"tells": "70"})
    session.apply("draw")
    session.apply("ask vc")
    assert not session.can_undo()


def test_the_rats_odds_follow_the_tell() -> None:
    """Bayes: 10 VC, 10 Trap, 20 Tunnel unseen, a 60% tell of a Tunnel: the Tunnel is
    20*0.6 / (10*0.2 + 10*0.2 + 20*0.6) = 75% likely, each of the others 12.5%."""
    state = BluffState.new(1, tells=60)
    state.apply(Draw())
    state.tell = Tell.FIDGETS  # the Tunnel's tell
    chances = state.view(RAT).card_chances()
    assert chances[Card.TUNNEL] == pytest.approx(0.75)
    assert chances[Card.VC] == pytest.approx(0.125) and chances[Card.TRAP] == pytest.approx(0.125)


def test_determinize_deals_the_card_the_tell_points_at() -> None:
    """With a fully reliable tell the Rat's determinizations hold the told card."""
    rules = load_rules()
    state = BluffState.new(9, tells=100)
    state.apply(Draw())
    state.apply(Ask(Question.IS_VC))
    assert state.tell is not None
    told = next(c for c in Card if rules.tell_of(c) is state.tell)
    for i in range(20):
        assert state.determinize(RAT, Rng(i)).drawn is told


@pytest.mark.parametrize(
    ("reliability", "chance"),
    [(0, 0.5), (50, 0.518511), (60, 0.763128), (70, 0.927868), (80, 0.989020)],
)
def test_best_rats_exact_win_chance_per_reliability(reliability: int, chance: float) -> None:
    """The values documented in docs/rules/tunnel_rat_bluff.md ("The tells variant")."""
    assert win_chance(10, 10, 20, 0, 0, GOAL, reliability) == pytest.approx(chance, abs=1e-6)


def test_a_more_reliable_tell_never_lowers_the_rats_chance() -> None:
    values = [win_chance(10, 10, 20, 0, 0, GOAL, r) for r in (0, 40, 50, 60, 70, 80, 90)]
    assert all(b >= a - 1e-12 for a, b in zip(values, values[1:], strict=False))
    assert win_chance(10, 10, 20, 0, 0, GOAL, 40) == pytest.approx(0.5)  # too weak to use


def test_the_ai_rat_reads_the_tells() -> None:
    """200 games at 70%: the AI rat wins about 93% (exact value 92.8%); far above the
    printed game's 50%."""
    wins = sum(
        play_match("tunnel_rat_bluff", seed, ["ai", "random"], {"tells": "70"}).outcome.winners
        == (RAT,)  # type: ignore[union-attr]
        for seed in range(200)
    )
    assert wins >= 170


def test_the_option_offers_off_and_the_datas_reliabilities() -> None:
    manifest = get_manifest("tunnel_rat_bluff")
    (field,) = manifest.option_fields()
    assert field.name == "tells" and field.default == "off"
    assert [v for v, _ in field.choices] == ["off", "50", "60", "70", "80"]
    with pytest.raises(InvalidAction, match="tells='55'"):
        Session.new("tunnel_rat_bluff", 1, {"tells": "55"})
