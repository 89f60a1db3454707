"""5.56mm 7.9 (7.91 LAW, 7.92 RPG): the odds before a rocket count its blast: every man
in reach of a hit, friend or foe, with his chance of each 5.01 result (the issue: an
RPG preview said "miss 50%, Dead 49%" and never named the firer's own man whom the
blast then killed)."""

from __future__ import annotations

import math

import pytest
from five_five_six_support import give_go, new_game, only, place, see

from game.rules.five_five_six.actions import Fire
from game.rules.five_five_six.combat.arms import firearm
from game.rules.five_five_six.combat.heavy import rocket_damage
from game.rules.five_five_six.combat.injury import body_armour_bonus, injury_odds
from game.rules.five_five_six.explain import explain
from game.rules.five_five_six.model import RADIUS
from game.ui.tables.five_five_six.odds import preview
from game.ui.toolkit.odds import percent


def _rocket_at_the_captain():  # type: ignore[no-untyped-def]
    """Havers with Danton's LAW fires at the captain 11" away; Danton (his own side)
    stands 1.5" from the captain, a gunman 0.3" from him."""
    state = new_game(seed=21)
    board = state.board
    only(board, "havers", "captain", "danton", "gunman_1")
    board.characters["havers"].profile = board.characters["danton"].profile  # LAW, M16
    board.characters["havers"].ammo = dict(board.characters["danton"].ammo)
    place(board, "havers", 30, 30, facing=270)
    place(board, "captain", 30, 19, facing=90)
    place(board, "danton", 31.9, 19, facing=90)
    place(board, "gunman_1", 29.1, 19, facing=90)
    give_go(board, "havers")
    see(board, "havers", "captain", 1.0)
    return state, board


def test_7_9_a_rocket_names_every_man_its_blast_reaches_friend_or_foe() -> None:
    """7.91: D6 + the blast row for each man by his distance to the edge of his base;
    the calculator gives each man's overall chance of each wound, the hit counted."""
    state, board = _rocket_at_the_captain()
    shot = Fire("havers", "law", "captain")
    numbers = explain(board, shot).numbers
    hit = numbers["blast_on_target"]
    assert 0 < hit < 1
    assert set(numbers["blast_injuries"]) == {"danton", "gunman_1"}
    law = firearm("law")
    for cid in ("danton", "gunman_1"):
        man, target = board.characters[cid], board.characters["captain"]
        distance = max(0.0, math.dist(man.pos, target.pos) - RADIUS) / 100
        armour = body_armour_bonus("heavy") if "body_armour" in man.profile.gear else 0
        contest = rocket_damage(
            hit=True,
            direct=False,
            distance_in=distance,
            damage=law.damage or 0,
            table=law.blast,
            strength=man.profile.strength,
            armour=armour,
            wound_penalty=man.effects.tn_penalty,
        )
        assert contest is not None
        expected = {k: hit * float(p) for k, p in injury_odds(contest).items() if k != "no wound"}
        assert numbers["blast_injuries"][cid] == pytest.approx(expected)
    found = preview(state.view(board.characters["havers"].side), shot)
    assert found is not None
    danton = board.characters["danton"].name
    friend = next(line for line in found.blast if danton in line)
    assert "(friend)" in friend
    dead = numbers["blast_injuries"]["danton"].get("Dead")
    if dead:
        assert f"Dead {percent(dead)}" in friend
    assert any("(enemy)" in line for line in found.blast)


def test_7_9_nobody_in_reach_says_so() -> None:
    """7.91's reach is 4": with nobody else within it the box says so."""
    state, board = _rocket_at_the_captain()
    place(board, "danton", 45, 19, facing=90)
    place(board, "gunman_1", 15, 19, facing=90)
    found = preview(state.view(0), Fire("havers", "law", "captain"))
    assert found is not None and found.blast == ()
    assert found.note.startswith("Blast on a hit: nobody else within 4")
