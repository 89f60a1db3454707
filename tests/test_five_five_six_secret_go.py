"""5.56mm 3.3/4.2: the other side is told neither Stealth nor a Hide that goes nowhere,
so a go spent on them must end in its log as a go in which nothing was done (issue 37,
hidden actions: the go's end said "does nothing this go" only when nothing was done)."""

from __future__ import annotations

from five_five_six_support import give_go, new_game

from game.rules.five_five_six.state import FiveFiveSixState


def _log(state: FiveFiveSixState, texts: list[str], seat: int) -> tuple[str, ...]:
    """What ``seat`` reads while the actions ``texts`` are played on a copy."""
    copy = state.clone()
    seen: list[str] = []
    for text in texts:
        action = next(a for a in copy.candidate_actions() if a.to_str() == text)
        seen += [e.text() for e in copy.apply(action) if e.visible(seat)]
    return tuple(seen)


def test_3_3_a_go_spent_on_stealth_ends_alike_for_the_other_side() -> None:
    state = new_game(seed=2)
    give_go(state.board, "havers")
    assert _log(state, ["stealth havers", "end"], 1) == _log(state, ["end"], 1)
    assert any("go ends" in t for t in _log(state, ["end"], 0))
