"""The defenders' AI of Tunnel Rats (issue 38): close combat rated with the strike back,
fire focused on wounded rats, no walking into the rats' flashlights (hold, or hide from
a rat they cannot hurt), and moves in every stance, crawlways included."""

from __future__ import annotations

from test_tunnel_rats_support import CORRIDOR, corridor_state, make_level, make_state, put

from game.ai.tunnel_rats.bot import TunnelRatsBot
from game.core.rng import Rng
from game.core.wounds import WoundLevel
from game.rules.tunnel_rats.actions import Forfeit, Move, Shoot
from game.rules.tunnel_rats.data import EnemySpec, Stance, Victory
from game.rules.tunnel_rats.events import DEFENDERS
from game.rules.tunnel_rats.play import TRState


def defenders_choice(st: TRState) -> object:
    st.to_act = DEFENDERS
    return TunnelRatsBot(DEFENDERS, Rng(1)).choose(st.view(DEFENDERS))


def test_tr_ai_defender_rates_close_combat_with_the_strike_back() -> None:
    """A VC rifleman beside a crouching Volunteer: his blow wounds 1/3 first, but the
    rat's strike back wounds him 2/3 x 1/2 = 1/3: worth nothing. His shot (1/3 to hit,
    2/3 past the save) is better, so he fires instead of closing with the knife."""
    st = corridor_state((2, 1))
    put(st, "r1", character="grunt", spotted=True)
    assert defenders_choice(st) == Shoot("v1", "r1")


def test_tr_ai_defenders_focus_fire_on_a_wounded_rat() -> None:
    """Two rats in his sight at the same odds: the VC fires at the one already wounded
    (his third wound kills)."""
    lv = make_level(CORRIDOR, deployment={"rats": ((1, 1), (2, 1)), "defenders": ((8, 1),)})
    st = make_state([lv], rats=2)
    put(st, "r1", character="grunt", spotted=True)
    put(st, "r2", character="grunt", spotted=True, wounds=WoundLevel.YELLOW)
    assert defenders_choice(st) == Shoot("v1", "r2")


def test_tr_ai_defender_who_cannot_hurt_a_rat_breaks_the_line_of_sight() -> None:
    """Clearing a warren (the rats must kill them all): a VC with a pistol cannot hit a
    crawling rat (N/A), so rather than stand in his flashlight he moves out of it."""
    rows = ["##############", "#............#", "#########.####", "#########.####"]
    lv = make_level(rows, deployment={"rats": ((1, 1),), "defenders": ((7, 1),)})
    st = make_state([lv], enemies=[EnemySpec(side="vc", weapon="pistol")])
    put(st, "r1", spotted=True, stance=Stance.CRAWLING)
    action = defenders_choice(st)
    assert isinstance(action, Move) and action.figure == "v1"
    assert action.cell not in lv.field_of_view((1, 1), st.rules.sight_range)


def test_tr_ai_defenders_hold_still_in_the_warren_with_no_rat_spotted() -> None:
    """Clearing a warren, no rat spotted: the soldiers keep still where they hide."""
    st = corridor_state((12, 1))
    assert defenders_choice(st) == Forfeit()


def test_tr_ai_defender_closes_in_through_a_crawlway() -> None:
    """Guarding papers: the soldier goes after a known rat he cannot see, in whatever
    stance the way needs: through a crawlway he crawls (before, he only crouched, and a
    crawlway was a wall to him)."""
    rows = [
        "#################",
        "#.......ccc.....#",
        "#################",
    ]
    lv = make_level(
        rows,
        deployment={"rats": ((1, 1),), "defenders": ((15, 1),)},
        objectives={"Documents": (15, 1)},
    )
    victory = Victory(kind="retrieve", objective="Documents", objective_level=0)
    st = make_state([lv], victory=victory)
    put(st, "r1", spotted=True, cell=(2, 1))
    put(st, "v1", cell=(11, 1))
    action = defenders_choice(st)
    assert isinstance(action, Move) and action.stance is Stance.CRAWLING
    assert action.cell[0] < 11
