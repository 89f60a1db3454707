"""'65 rules version 4: Panic after an assault (19f), the Tactical redraw of an assault as
the player's choice (21h), reactions to an artillery strike (20c, 20d with 12) and
leaving the map in Leadership's actions (22e, 24), through the state machine; version 3
plays as before."""

from __future__ import annotations

import pytest
from sixty_five_support import DATA, new_state, unit
from test_sixty_five_flow import _ids, _impulse_with, _to_impulse

from game.rules.sixty_five.actions import Decline, Draw, EndImpulse, Exit, Play
from game.rules.sixty_five.ruleset import new_scenario_game
from game.rules.sixty_five.state import Phase, SixtyFiveState


def _set_up(state: SixtyFiveState) -> None:
    while state.phase is Phase.SETUP:
        state.apply(state.candidate_actions()[0])


def _nva_impulse(seed: int = 8) -> SixtyFiveState:
    """Scenario 3 set up, the NVA's first started impulse."""
    state = new_scenario_game("3", seed)
    _set_up(state)
    while not (state.phase is Phase.IMPULSE and state.current_player() == 1 and state.started):
        options = state.candidate_actions()
        state.apply(next((a for a in options if isinstance(a, Draw)), options[0]))
    return state


# -- 22e, 24: leaving the map in Leadership's actions --------------------------------------------
def _leading_trang() -> tuple[SixtyFiveState, str]:
    state = _nva_impulse()
    w = state.world
    w.units["trang"].hex, w.units["trang"].marker = "2J6", None
    w.units["nva_rifle_6"].hex, w.units["nva_rifle_6"].marker = "2K6", None
    w.units["nva_rifle_7"].hex, w.units["nva_rifle_7"].marker = "2A6", None
    power = next(c for c in _ids(power=True) if c not in w.hands[0])
    moves = [c for c in _ids(upper="move") + _ids(lower="move") if c not in (*w.hands[0], power)]
    _impulse_with(state, 1, [power, moves[0], moves[1]])
    state.apply(Play(power, "power", ("trang",)))
    assert w.leadership is not None and state.actions_left == 2
    return state, moves[0]


def test_65_22e_24_an_exit_may_be_one_of_leaderships_actions_near_the_hero() -> None:
    """22e: Leadership's two actions move or fire units within two hexes of the Hero; a
    unit on an exit edge next to Trang leaves the map as one of them (24), a unit far
    from him may not."""
    state, move = _leading_trang()
    w = state.world
    block = next(b for b in w.card(move).blocks if w.data.blocks[b].effect == "move")
    far = Exit(("nva_rifle_7",), move, block)
    assert "within two hexes" in (state.why_not(far) or "")
    near = Exit(("nva_rifle_6",), move, block)
    assert near in state.candidate_actions()
    state.apply(near)
    assert "nva_rifle_6" in w.exited and state.actions_left == 1
    assert w.leadership is not None and w.leadership[2] == 1  # one action left


def test_65_22e_no_exit_in_leaderships_actions_in_rules_version_3() -> None:
    state, move = _leading_trang()
    state.world.edition = 3
    block = next(b for b in state.world.card(move).blocks if "move" in b)
    assert "Leadership's actions" in (state.why_not(Exit(("nva_rifle_6",), move, block)) or "")
