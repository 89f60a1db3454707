"""The rats' AI is fog-honest: it decides on what the rats' view shows as known ground
(explored cells, the moves the rules allow), never on the layout of unexplored tunnels,
and still finds its way by exploring."""

from __future__ import annotations

import copy
from dataclasses import replace

import pytest
from test_tunnel_rats_support import make_level, make_state

from game.ai.tunnel_rats.bot import TunnelRatsBot
from game.core.rng import Rng, derive_seed
from game.core.session import Session
from game.rules.tunnel_rats.actions import Forfeit
from game.rules.tunnel_rats.data import Victory, load_scenarios
from game.rules.tunnel_rats.events import DEFENDERS, RATS
from game.rules.tunnel_rats.play import TRState
from game.rules.tunnel_rats.view import TRView
from game.rules.tunnel_rats.world import Level, tunnel_terrain

# The first corridor and its bend are the same; out of sight round the bend the tunnel
# runs east in one warren and west in the other, with the papers and the VC at its end.
EAST = [
    "################################",
    "#.........................######",
    "#########################.######",
    "#########################.######",
    "#########################......#",
    "################################",
]
WEST = [
    "################################",
    "#.........................######",
    "#########################.######",
    "#########################.######",
    "#.........................######",
    "################################",
]
PAPERS = Victory(kind="retrieve", objective="Papers", objective_level=0)


def _warren(rows: list[str], papers: tuple[int, int], vc: tuple[int, int]) -> TRState:
    lv = make_level(
        rows,
        deployment={"rats": ((1, 1), (2, 1)), "defenders": (vc,)},
        objectives={"Papers": papers},
    )
    return make_state([lv], rats=2, victory=PAPERS, seed=5)


def _shown(view: TRView) -> tuple[object, ...]:
    """Everything the rats' screen shows as known (not the plan of unexplored cells)."""
    return (view.explored, view.visible, view.legal_actions, view.rats, view.enemies)


def test_tr_ai_fog_rats_decide_the_same_whatever_lies_unexplored() -> None:
    """What the AI rats know: two warrens identical in everything the rats have seen
    (and in every move the rules offer them) but different beyond, with the papers and
    the defender elsewhere, get the same decisions from the rats' AI."""
    east = _warren(EAST, papers=(30, 4), vc=(29, 4))
    west = _warren(WEST, papers=(1, 4), vc=(2, 4))
    bots = (TunnelRatsBot(RATS, Rng(3)), TunnelRatsBot(RATS, Rng(3)))
    compared = 0
    for _ in range(12):
        views = (east.view(RATS), west.view(RATS))
        if _shown(views[0]) != _shown(views[1]):
            break  # new ground differs now: the warrens are no longer alike to the rats
        # The hidden parts really differ (the plan and the papers' place).
        assert views[0].levels[0].terrain != views[1].levels[0].terrain
        assert east.objective != west.objective
        assert views[0].objective is None and views[1].objective is None  # unseen papers
        a, b = bots[0].choose(views[0]), bots[1].choose(views[1])
        assert a == b
        compared += 1
        for st in (east, west):
            st.apply(a)
            while st.outcome() is None and st.current_player() == DEFENDERS:
                st.apply(Forfeit())
    assert compared >= 4, compared


def _scrambled(view: TRView) -> TRView:
    """The view with every unexplored cell turned inside out (rock to tunnel and back),
    no objects on the plans, and the papers moved if their cell is unexplored (and the
    briefing did not mark them)."""
    assert view.explored is not None
    table = tunnel_terrain()
    levels = []
    for i, lv in enumerate(view.levels):
        seen = view.explored[i]
        rows = tuple(
            tuple(
                lv.terrain_at((x, y))
                if (x, y) in seen
                else (table["tunnel"] if lv.terrain_at((x, y)) is None else None)
                for x in range(lv.width)
            )
            for y in range(lv.height)
        )
        levels.append(
            Level(
                name=lv.name,
                width=lv.width,
                height=lv.height,
                terrain=rows,
                inches_per_tile=lv.inches_per_tile,
                deployment={"rats": lv.deployment.get("rats", ())},
            )
        )
    papers = view.objective
    level = view.scenario.victory.objective_level
    briefed = view.scenario.objective_briefed  # the briefing's mark is known ground
    if papers is not None and papers not in view.explored[level] and not briefed:
        papers = (0, 0)
    return replace(view, levels=tuple(levels), objective=papers)


#: Rats' decisions compared a scenario: the opening of the game, where most of the
#: warren is unexplored (each costs two decisions of the bot, about a second).
DECISIONS = 20


@pytest.mark.parametrize("scenario", [s.id for s in load_scenarios()])
def test_tr_ai_fog_unexplored_plan_never_changes_a_decision(scenario: str) -> None:
    """What the AI rats know, in the shipped scenarios: at every rats' decision of an
    AI-vs-AI game, the same bot shown a plan whose unexplored cells are scrambled (and
    the papers moved while unseen) chooses exactly the same action."""
    seed = derive_seed(11, len(scenario))
    session = Session.new("tunnel_rats", seed, {"scenario": scenario})
    rats, defenders = TunnelRatsBot(RATS, Rng(seed)), TunnelRatsBot(DEFENDERS, Rng(seed + 1))
    decisions = 0
    while session.state.outcome() is None and decisions < DECISIONS:
        seat = session.state.current_player()
        view = session.state.view(seat)
        if seat == RATS:
            twin = copy.deepcopy(rats)
            action = rats.choose(view)
            assert twin.choose(_scrambled(view)) == action
            decisions += 1
        else:
            action = defenders.choose(view)
        session.apply(action)
    assert decisions == DECISIONS or session.state.outcome() is not None


MAZE = [
    "###############",
    "#...#.........#",
    "#.#.#.#######.#",
    "#.#...#.....#.#",
    "#.#####.###.#.#",
    "#.......#...#.#",
    "#######.#.###.#",
    "#.......#.....#",
    "###############",
]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_tr_ai_fog_rat_explores_to_papers_behind_unexplored_tunnels(seed: int) -> None:
    """Frontier exploration: a lone AI rat with no plan of a small maze (branches and
    dead ends, the papers out of sight) finds and takes the papers within 10 rounds."""
    lv = make_level(
        MAZE,
        deployment={"rats": ((1, 1),), "defenders": ((1, 7),)},
        objectives={"Papers": (10, 5)},
    )
    st = make_state([lv], victory=PAPERS, seed=seed, round_limit=30)
    assert (10, 5) not in st.explored[0]
    bot = TunnelRatsBot(RATS, Rng(seed))
    while st.outcome() is None and st.carrier is None and st.round <= 10:
        if st.current_player() == RATS:
            st.apply(bot.choose(st.view(RATS)))
        else:
            st.apply(Forfeit())
    assert st.carrier == "r1"
    assert st.round <= 10


def test_tr_fog_rats_view_holds_the_papers_only_once_their_cell_was_seen() -> None:
    """Fog of war: the briefing names the level of the documents, not the spot. The rats'
    view has no objective until a flashlight has shown its cell; the defenders and a
    spectator always know it."""
    state = _warren(EAST, papers=(30, 4), vc=(29, 4))
    assert state.objective == (30, 4)
    assert (30, 4) not in state.explored[0]
    assert state.view(RATS).objective is None
    assert state.view(DEFENDERS).objective == (30, 4)
    assert state.view(None).objective == (30, 4)
    state.explored[0] = state.explored[0] | {(30, 4)}
    assert state.view(RATS).objective == (30, 4)
