"""'65 scenario 6, rules version 7: the AC-47's hits on friendly units may be ignored
with Light Wounds (20c), one by one like any hit of an artillery strike (12)."""

from __future__ import annotations

from sixty_five_support import DATA
from test_ai_sixty_five import _hand
from test_sixty_five_scenario_6 import _puff_state

from game.rules.sixty_five.actions import Decline, Play, React
from game.rules.sixty_five.data import HitColour
from game.rules.sixty_five.events import FriendlyHits, HitApplied, HitIgnored
from game.rules.sixty_five.state import SixtyFiveState
from game.rules.sixty_five.world import Window

LIGHT_WOUNDS = next(c.id for c in DATA.cards if "light_wounds" in c.blocks and not c.end_turn)


def _strike_with_two_friendly_hits(edition: int) -> tuple[SixtyFiveState, list[object]]:
    """The AC-47 on 1G4 drawing red, yellow, then no Hits: the American Rifle next to it
    (1G5) takes both, the one two hexes off (1G6) the red; the Americans hold Light
    Wounds."""
    state, fire = _puff_state(3)
    w = state.world
    w.edition = edition
    _hand(state, 0, (fire, LIGHT_WOUNDS))
    free = [c for c in DATA.cards if not c.end_turn and c.id not in (fire, LIGHT_WOUNDS)]
    red = next(c.id for c in free if c.hit is HitColour.RED)
    yellow = next(c.id for c in free if c.hit is HitColour.YELLOW)
    stack = [red, yellow, *[c.id for c in free if c.hit is None][:4]]
    for c in stack:
        for pile in (w.draw_pile, w.discard, w.hands[1]):
            if c in pile:
                pile.remove(c)
    w.draw_pile.extend(reversed(stack))  # red drawn first, then yellow, then no Hits
    events: list[object] = list(state.apply(Play(fire, "puff", path=("1G4",))))
    return state, events


def test_65_24_scenario_6_20c_light_wounds_answers_the_ac_47s_friendly_hit() -> None:
    """'65 scenario 6 SSR with 20c: each AC-47 hit about to strike an American Leg unit
    opens the Americans' Light Wounds window, as an artillery hit does for its target;
    the card spends that hit, and one Light Wounds answers the strike."""
    state, events = _strike_with_two_friendly_hits(7)
    w = state.world
    while w.pending and w.pending[-1].seat == 1:
        events += state.apply(Decline())  # the Viet Cong's windows on their own hex
    assert any(isinstance(e, FriendlyHits) for e in events)
    window = w.pending[-1]
    assert (window.seat, window.window) == (0, Window.STRIKE_HIT)
    assert state.current_player() == 0
    lw = React(LIGHT_WOUNDS, "light_wounds")
    assert lw in state.candidate_actions()
    first = window.unit
    events += state.apply(lw)
    assert any(isinstance(e, HitIgnored) and e.unit == first for e in events)
    while w.pending:
        assert state.why_not(lw) is not None  # one Light Wounds per action (20)
        events += state.apply(Decline())
    hits = [e for e in events if isinstance(e, HitApplied) and e.unit.startswith("us_")]
    # three friendly hits: the red on both hexes, the yellow next to the strike
    assert sum(e.hits for e in events if isinstance(e, FriendlyHits)) == 3
    assert len(hits) == 2 and w.strike is None  # all but the one ignored
    assert {e.unit for e in hits} | {first} == {"us_rifle_1", "us_rifle_2"}


def test_65_24_scenario_6_rules_version_6_friendly_hits_took_no_light_wounds() -> None:
    """Rules version 6: the AC-47's friendly hits struck at once, with no window."""
    state, events = _strike_with_two_friendly_hits(6)
    w = state.world
    while w.pending:
        assert w.pending[-1].seat == 1
        events += state.apply(Decline())
    hits = [e for e in events if isinstance(e, HitApplied) and e.unit.startswith("us_")]
    assert sum(e.hits for e in events if isinstance(e, FriendlyHits)) == 3 == len(hits)
