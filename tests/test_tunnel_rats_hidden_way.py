"""Tunnel Rats, finding entrances to further levels (issue 17): in "The caved-in shaft"
the ladder down has collapsed and the only way on is a hidden trapdoor, so searching is
how the rats win. Also: a scenario closing an entrance that is not on its maps is
refused, naming the file and the key."""

from __future__ import annotations

import pytest
from test_tunnel_rats_support import ScriptedRng, die, put

from game.ai.registry import make_bot
from game.core.errors import DataError
from game.core.rng import Rng, derive_seed
from game.core.session import Session
from game.rules.tunnel_rats.actions import Enter, Search
from game.rules.tunnel_rats.data import DATA_DIR, load_scenarios
from game.rules.tunnel_rats.events import RATS
from game.rules.tunnel_rats.play import TRState, new_state
from game.rules.tunnel_rats.world import scenario_world

SCENARIO = "twin_wells_trapdoor"


def _game() -> TRState:
    state = Session.new("tunnel_rats", 4, {"scenario": SCENARIO}).state
    assert isinstance(state, TRState)
    return state


def _entrance(st: TRState, name: str, level: int = 0) -> str:
    return next(e.id for e in st.world.entrances.values() if e.name == name and e.level == level)


def test_tr_levels_a_caved_in_shaft_is_a_dead_end() -> None:
    """Levels: an entrance the scenario closes leads nowhere, even within 1" of it."""
    st = _game()
    shaft = _entrance(st, "Ladder shaft")
    assert st.world.entrances[shaft].leads_to is None
    put(st, "r1", cell=(17, 16))
    st.found = st.found | {shaft}
    assert Enter("r1", shaft) not in st.legal_actions()
    assert st.why_not(Enter("r1", shaft)) is not None


def test_tr_search_finds_the_hidden_trapdoor_which_is_the_way_on() -> None:
    """Searching the tunnels: a hidden entrance within 2" is found on Awareness + D20
    >= 15; found, it takes the rat down, and the trapdoor below is known to him."""
    st = _game()
    trapdoor = _entrance(st, "Trapdoor")
    assert trapdoor not in st.found and st.world.entrances[trapdoor].hidden
    put(st, "r1", cell=(27, 19), character="owl", spotted=True)  # awareness 7: needs 8
    for e in list(st.enemies):
        put(st, e, cell=(1, 12) if st.enemies[e].level == 0 else st.enemies[e].cell)
    st.to_act = RATS
    assert Enter("r1", trapdoor) not in st.legal_actions()
    st.rng = ScriptedRng([die(8)] + [die(1)] * 8)
    st.apply(Search("r1"))
    assert trapdoor in st.found
    st.to_act = RATS
    st.points[RATS] = max(st.points[RATS], 1)
    st.rng = ScriptedRng([die(1)] * 12)
    st.apply(Enter("r1", trapdoor))
    assert st.rats["r1"].level == 1
    below = _entrance(st, "Trapdoor", level=1)
    assert below in st.found


def test_tr_ai_rats_search_out_the_hidden_way_down() -> None:
    """The computer's rats, finding known ground with no way on, search it deepest part
    first and find the trapdoor (one AI game of the scenario, seeded)."""
    session = Session.new("tunnel_rats", derive_seed(3, 5), {"scenario": SCENARIO}, undo=False)
    bots = [make_bot("ai", "tunnel_rats", i, Rng(derive_seed(5, i))) for i in (0, 1)]
    st = session.state
    assert isinstance(st, TRState)
    trapdoor = _entrance(st, "Trapdoor")
    searches = 0
    while st.outcome() is None and trapdoor not in st.found:
        seat = st.current_player()
        assert seat is not None
        action = bots[seat].choose(st.view(seat))
        searches += isinstance(action, Search) and action.trap is None
        session.apply(action)
    assert trapdoor in st.found and searches >= 1


def test_tunnel_rats_scenario_closing_an_unknown_entrance_is_refused() -> None:
    """A scenario's ``closed_entrances`` must name entrances on its maps: the error names
    scenarios.yaml, the key path and the entrances there are."""
    first = load_scenarios()[0]
    scenario = first.model_copy(update={"closed_entrances": ["Nowhere"]})
    with pytest.raises(DataError) as info:
        new_state(scenario_world(first), scenario, 1)
    assert str(info.value).startswith(
        f"{DATA_DIR / 'scenarios.yaml'}: scenarios.0.closed_entrances.0: 'Nowhere' is not an "
        "entrance on the scenario's maps (entrances: "
    )
