"""The rats' AI when the goal is to get someone out: the carrier of the papers (or the
rescued man) gets the points, a comrade dresses him when he is badly hurt, a comrade in
his way goes ahead; and what a rat feels of the dark around him."""

from __future__ import annotations

from test_tunnel_rats_support import make_level, make_state, put

from game.ai.tunnel_rats.bot import TunnelRatsBot
from game.ai.tunnel_rats.known import feel
from game.core.rng import Rng
from game.core.session import Session
from game.core.wounds import WoundLevel
from game.rules.tunnel_rats.actions import Forfeit, Move
from game.rules.tunnel_rats.data import Stance, Victory, load_scenarios
from game.rules.tunnel_rats.events import DEFENDERS, RATS
from game.rules.tunnel_rats.play import TRState

PAPERS = Victory(kind="retrieve", objective="Papers", objective_level=0)
TUNNEL = [
    "#############",
    "#...........#",
    "#############",
]


def _carrying(rats: int = 2) -> TRState:
    """Papers already taken in a one-man tunnel; the way out is the east end."""
    lv = make_level(
        TUNNEL,
        deployment={"rats": ((11, 1), (10, 1), (9, 1)), "defenders": ((6, 1),)},
        objectives={"Papers": (1, 1)},
    )
    st = make_state([lv], rats=rats, victory=PAPERS, round_limit=20)
    put(st, "v1", wounds=WoundLevel.DEAD)  # nobody left to shoot at
    st.explored[0] = frozenset(lv.passable_cells())
    st.objective = None
    st.carrier = "r1"
    put(st, "r1", carrying=True)
    return st


def test_tr_ai_escort_the_carrier_gets_the_point() -> None:
    """AI (rats), retrieve: once the papers are taken, the carrier spends the points;
    his comrades need not get out."""
    st = _carrying()
    put(st, "r1", cell=(3, 1), stance=Stance.RUNNING)
    put(st, "r2", cell=(1, 1))
    action = TunnelRatsBot(RATS, Rng(1)).choose(st.view(RATS))
    assert isinstance(action, Move) and action.figure == "r1" and action.cell[0] > 3


def _decisions_to_get_out(st: TRState, most: int = 30) -> int:
    """Rats' decisions (points spent) until the papers are out; the defenders pass."""
    bot = TunnelRatsBot(RATS, Rng(1))
    spent = 0
    while st.outcome() is None and spent < most:
        if st.current_player() == RATS:
            st.apply(bot.choose(st.view(RATS)))
            spent += 1
        else:
            st.apply(Forfeit())
    outcome = st.outcome()
    assert outcome is not None and outcome.winners == (RATS,), (spent, outcome)
    return spent


def test_tr_ai_escort_a_comrade_in_a_one_man_tunnel_goes_ahead() -> None:
    """AI (rats), retrieve: a comrade standing in the carrier's one-man tunnel goes as
    far ahead along it as his move allows, so the carrier can follow."""
    st = _carrying()
    put(st, "r1", cell=(2, 1))
    put(st, "r2", cell=(3, 1), stance=Stance.RUNNING)
    action = TunnelRatsBot(RATS, Rng(1)).choose(st.view(RATS))
    assert action == Move("r2", Stance.RUNNING, (9, 1))


def test_tr_ai_escort_a_queue_at_the_well_makes_room() -> None:
    """AI (rats), retrieve: comrades standing in the well's cells at the end of a
    one-man tunnel move up, the farthest first, so the carrier gets in: out in a few
    points, never stuck."""
    st = _carrying(rats=3)
    put(st, "r1", cell=(5, 1), stance=Stance.RUNNING)
    put(st, "r2", cell=(9, 1))
    put(st, "r3", cell=(10, 1))
    assert _decisions_to_get_out(st) <= 4


def test_tr_ai_escort_nearest_comrade_goes_back_to_dress_a_red_carrier() -> None:
    """AI (rats), retrieve: a carrier with a red wound crawls (2 inches a point); the
    comrade nearest him walks back to dress him, the farther one stays put."""
    st = _carrying(rats=3)
    put(st, "r1", cell=(2, 1), wounds=WoundLevel.RED, stance=Stance.CRAWLING, fafd=False)
    put(st, "r2", cell=(8, 1))
    put(st, "r3", cell=(11, 1))
    action = TunnelRatsBot(RATS, Rng(1)).choose(st.view(RATS))
    assert isinstance(action, Move) and action.figure == "r2" and action.cell[0] < 8
    # ...dresses him (a point, then his own dressing) and they get the papers out.
    assert _decisions_to_get_out(st) <= 8


SQUEEZE = [
    "################",
    "#.....##########",
    "###c############",
    "###c############",
    "#..............#",
    "################",
]


def test_tr_ai_heads_for_a_dark_squeeze_towards_the_goal() -> None:
    """What a rat feels of the dark: a crawlway opening beside the tunnel takes no
    running figure, so a running rat feels it as rock. Towards a known goal beyond it
    (the briefed papers) the AI still tries that "soft" frontier, 6" dearer than open
    dark, rather than the open tunnel leading away."""
    lv = make_level(
        SQUEEZE,
        deployment={"rats": ((5, 4),), "defenders": ((14, 4),)},
        objectives={"Papers": (1, 1)},
    )
    st = make_state([lv], victory=PAPERS)
    st.scenario = st.scenario.model_copy(update={"objective_briefed": True})
    put(st, "r1", stance=Stance.RUNNING)
    put(st, "v1", wounds=WoundLevel.DEAD)
    # The flashlight showed the corridor's west half and its walls, not the opening.
    seen = {(x, y) for x in range(0, 9) for y in (3, 4, 5)} - {(3, 3)}
    st.explored[0] = frozenset(seen)
    bot = TunnelRatsBot(RATS, Rng(1))
    view = st.view(RATS)
    moves = [(a.cell, a.stance) for a in view.legal_actions if isinstance(a, Move)]
    budgets = {s: st.rules.stance_move.get(s) for s in Stance}
    _, rock = feel(lv, st.explored[0], (5, 4), moves, budgets, set())
    assert (3, 3) in rock  # the squeeze feels like a wall to a running rat
    action = bot.choose(view)
    assert isinstance(action, Move) and action.figure == "r1" and action.cell[0] < 5


def test_tr_briefed_papers_are_in_the_rats_view_from_the_start() -> None:
    """Fog of war, briefed objective: a scenario whose briefing marks the papers puts
    their place in the rats' view before any flashlight has shown it ("Papers from the
    deep": the prisoner's sketch)."""
    st = _carrying()
    st.carrier = None
    st.objective = (1, 1)
    put(st, "r1", carrying=False)
    st.explored[0] = frozenset({(11, 1)})
    assert st.view(RATS).objective is None
    st.scenario = st.scenario.model_copy(update={"objective_briefed": True})
    assert st.view(RATS).objective == (1, 1)
    assert st.view(DEFENDERS).objective == (1, 1)
    shipped = {s.id: s for s in load_scenarios()}["twin_wells_documents"]
    assert shipped.objective_briefed
    session = Session.new("tunnel_rats", 3, {"scenario": shipped.id})
    papers = session.state.objective
    assert papers is not None and papers not in session.state.explored[1]
    assert session.state.view(RATS).objective == papers
