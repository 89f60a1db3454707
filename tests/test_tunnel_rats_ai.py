"""The Tunnel Rats bot (both seats), its speed, and `simulate` over every scenario."""

from __future__ import annotations

import json
import time

import pytest
from test_tunnel_rats_support import corridor_state, put

from game.__main__ import main
from game.ai.registry import make_bot
from game.ai.tunnel_rats.bot import TunnelRatsBot
from game.core.rng import Rng, derive_seed
from game.core.session import Session
from game.core.wounds import WoundLevel
from game.rules.tunnel_rats.actions import Dress, Forfeit, Move, Shoot
from game.rules.tunnel_rats.data import Stance, load_scenarios
from game.rules.tunnel_rats.events import DEFENDERS, RATS

SCENARIOS = [s.id for s in load_scenarios()]


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_tr_simulate_smoke_every_scenario(
    scenario: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """`simulate` plays whole games of every scenario, AI against random both ways."""
    for seats in ("ai,random", "random,ai"):
        code = main(
            [
                "simulate",
                "tunnel_rats",
                "--option",
                f"scenario={scenario}",
                "--games",
                "1",
                "--seats",
                seats,
                "--json",
            ]
        )
        assert code == 0
        summary = json.loads(capsys.readouterr().out)
        assert sum(summary["wins"]) + summary["draws"] == 1 and summary["unfinished"] == 0


def test_tr_ai_decisions_are_legal_and_fast() -> None:
    """AI: every decision is legal and the 95th percentile takes under 0.1 s."""
    times: list[float] = []
    for i, scenario in enumerate(SCENARIOS):
        seed = derive_seed(7, i)
        session = Session.new("tunnel_rats", seed, {"scenario": scenario})
        bots = [make_bot("ai", "tunnel_rats", s, Rng(seed + s)) for s in (RATS, DEFENDERS)]
        while session.state.outcome() is None:
            seat = session.state.current_player()
            assert seat is not None
            view = session.state.view(seat)
            start = time.perf_counter()
            action = bots[seat].choose(view)
            times.append(time.perf_counter() - start)
            assert action in view.legal_actions
            session.apply(action)
    times.sort()
    assert times[int(len(times) * 0.95)] < 0.1


def test_tr_ai_rat_dresses_a_red_wound_first() -> None:
    """AI (rats): a rat with a red wound and a dressing treats it."""
    st = corridor_state((12, 1))
    put(st, "r1", wounds=WoundLevel.RED, stance=Stance.CRAWLING)
    bot = TunnelRatsBot(RATS, Rng(1))
    assert bot.choose(st.view(RATS)) == Dress("r1", "r1", True)


def test_tr_ai_rat_shoots_an_enemy_in_sight() -> None:
    """AI (rats): with a defender in sight and good odds, the rat fires."""
    st = corridor_state((6, 1))
    put(st, "r1", character="ace", gun="m10")
    assert TunnelRatsBot(RATS, Rng(1)).choose(st.view(RATS)) == Shoot("r1", "v1")


def test_tr_ai_rat_advances_when_nothing_is_in_sight() -> None:
    """AI (rats): with nothing in sight the rats move on into the unexplored tunnel."""
    st = corridor_state((12, 1))
    action = TunnelRatsBot(RATS, Rng(1)).choose(st.view(RATS))
    assert isinstance(action, Move) and action.cell[0] > 1


def test_tr_ai_defenders_fire_at_a_spotted_rat_and_lie_in_wait_otherwise() -> None:
    """AI (defenders): fire at a spotted rat; with no rat spotted, hold still or creep
    to a place overlooking the rats' route, never towards the rats' way in."""
    st = corridor_state((6, 1))
    st.to_act = DEFENDERS
    put(st, "r1", spotted=True)
    assert TunnelRatsBot(DEFENDERS, Rng(1)).choose(st.view(DEFENDERS)) == Shoot("v1", "r1")
    put(st, "r1", spotted=False)
    action = TunnelRatsBot(DEFENDERS, Rng(1)).choose(st.view(DEFENDERS))
    assert action == Forfeit() or (isinstance(action, Move) and action.cell[0] > 6)


def test_tr_hard_scores_wounds_and_the_goal_in_hand() -> None:
    """The hard level's leaf evaluation (its rollouts end within about a round, when few
    figures are dead yet): a wound on a defender raises the rats' chance and a wound on a
    rat lowers it, a third of a figure each; the kill-only evaluation of the other levels
    sees neither. The hard seat is given this evaluation."""
    from game.ai.hard import HardBot
    from game.ai.tunnel_rats.evaluation import tunnel_rats_losses, tunnel_rats_wounds

    st = corridor_state()
    rat, enemy = next(iter(st.rats)), next(iter(st.enemies))
    even = tunnel_rats_wounds(st)[RATS]
    assert even == pytest.approx(0.5) and tunnel_rats_wounds(st)[DEFENDERS] == pytest.approx(0.5)
    put(st, enemy, wounds=WoundLevel.YELLOW)
    hurt_enemy = tunnel_rats_wounds(st)[RATS]
    put(st, enemy, wounds=WoundLevel.RED)
    assert even < hurt_enemy < tunnel_rats_wounds(st)[RATS]
    assert tunnel_rats_losses(st)[RATS] == pytest.approx(0.5)  # no kill: blind to wounds
    put(st, enemy, wounds=WoundLevel.NONE)
    put(st, rat, wounds=WoundLevel.YELLOW)
    assert tunnel_rats_wounds(st)[RATS] < even
    # Papers from the deep: the documents in a rat's hands count for the rats.
    papers = Session.new("tunnel_rats", 3, {"scenario": "twin_wells_documents"}, undo=False)
    before = tunnel_rats_wounds(papers.state)[RATS]
    papers.state.carrier = next(iter(papers.state.rats))
    assert tunnel_rats_wounds(papers.state)[RATS] > before
    hard = make_bot("hard", "tunnel_rats", RATS, Rng(1))
    assert isinstance(hard, HardBot) and hard.evaluate is tunnel_rats_wounds
    assert hard.config.guide == 1.0
