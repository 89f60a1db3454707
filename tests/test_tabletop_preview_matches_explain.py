"""Previews and the rules calculator agree (issue 32, "Honest odds everywhere"): random
positions of RatFight and 5.56mm, and for every listed shot the numbers the table shows
are ``explain``'s: the cards a target defends with (a RatFight vehicle always 1: no
cover cards), the chance of each end, and everybody a blast reaches."""

from __future__ import annotations

import random

import pytest
from five_five_six_support import give_go
from five_five_six_support import new_game as new_556
from five_five_six_support import place as place_556

from game.rules.five_five_six.actions import Fire as Fire556
from game.rules.five_five_six.explain import explain as explain_556
from game.rules.ratfight.actions import Fire
from game.rules.ratfight.explain import explain
from game.rules.ratfight.odds import shot_odds
from game.ui.tables.five_five_six.odds import preview
from game.ui.tables.ratfight.odds import ShotOdds, effect_chance
from game.ui.toolkit.odds import percent
from tests.ratfight_support import become, hand, new_game, place


@pytest.mark.parametrize("seed", range(6))
def test_ratfight_every_listed_shot_previews_explains_numbers(seed: int) -> None:
    """Random places for every model (one guard a lorry, one an armoured car) and a
    Fire card: each listed shot's preview says the calculator's defence cards, cover
    and chances; a vehicle defends with 1 card whatever terrain it is in
    (Shooting at Vehicles), in the preview, in ``explain`` and in ``odds.shot_odds``."""
    rng = random.Random(seed)
    state = new_game(seed=seed)
    board = state.board
    become(board, "g5", "lorry")
    become(board, "g6", "armoured_car")
    for fid in board.figures:
        place(board, fid, rng.uniform(3, 45), rng.uniform(3, 45), facing=rng.choice((0, 90)))
    hand(board, 0, "fire_one")
    view = state.view(0)
    fires = [a for a in view.candidate_actions if isinstance(a, Fire)]
    assert fires, "no shot listed in this position"
    odds = ShotOdds()
    for fire in fires:
        answer = explain(board, fire)
        n = answer.numbers
        target = board.figures[fire.target]
        lines = odds.lines(view, fire)
        text = " ".join(lines)
        if target.vehicle:
            assert n["defender_cards"] == 1 and n["cover"] == "none"
            assert "defends with 1 card" in text and "no cover cards" in text
            shooter = board.figures[fire.figure]
            assert shot_odds(board, shooter, fire.weapon, target).defender_cards == 1
        elif n["line_of_sight"]:
            assert f"defends with {n['defender_cards']} card" in text
        first = next(iter(answer.outcomes.values()))
        if n["line_of_sight"]:
            assert percent(first) in text
        assert odds.chance(view, fire) == pytest.approx(effect_chance(answer))
        for fid, p in (n.get("blast_models") or {}).items():
            assert f"{board.figures[fid].label} (" in text and percent(p) in text


@pytest.mark.parametrize("seed", range(6))
def test_five_five_six_every_listed_shot_previews_explains_numbers(seed: int) -> None:
    """Random places for everyone, each man in turn given the go: every listed Fire's
    preview ends are ``explain``'s outcomes, its chance of a hit is one less the miss
    and not-spotted ends, and its blast lines name exactly the men the calculator's
    blast reaches, with their chances."""
    rng = random.Random(100 + seed)
    state = new_556(seed=seed)
    board = state.board
    for cid in board.characters:
        if board.characters[cid].on_table:
            place_556(board, cid, rng.uniform(5, 40), rng.uniform(5, 40), rng.choice((0, 90, 270)))
    checked = 0
    for cid, who in board.characters.items():
        if not who.on_table or who.aboard is not None:
            continue
        give_go(board, cid)
        view = state.view(who.side)
        for fire in (a for a in view.candidate_actions if isinstance(a, Fire556)):
            if fire.target in board.vehicles:
                continue
            found = preview(view, fire)
            answer = explain_556(board, fire)
            assert found is not None
            assert dict(found.ends) == pytest.approx(answer.outcomes)
            missed = answer.outcomes.get("miss", 0.0) + answer.outcomes.get("not spotted", 0.0)
            assert found.overall == pytest.approx(1 - missed)
            caught = answer.numbers.get("blast_if_hit") or {}
            assert len(found.blast) == len(caught)
            for other, line in zip(caught, found.blast, strict=True):
                assert board.characters[other].name in line
                for label, p in answer.numbers["blast_injuries"].get(other, {}).items():
                    assert f"{label} {percent(p)}" in line
            checked += 1
    assert checked, "no shot listed in this position"


def test_ratfight_shooting_at_vehicles_a_lorry_in_a_building_defends_with_one_card() -> None:
    """RatFight Shooting at Vehicles: a vehicle turns over one card whatever it stands
    in; the infantry rule would give 3 in the building's hard cover (the preview once
    said 3). The calculator, ``odds.shot_odds`` and the table's preview all say 1."""
    from game.rules.ratfight.combat import defence_cards

    state = new_game(seed=1)
    board = state.board
    building = next(p for p in board.setting.table.pieces if p.kind == "building")
    xs = [x for x, _ in building.outline]
    ys = [y for _, y in building.outline]
    inside = ((min(xs) + max(xs)) / 200, (min(ys) + max(ys)) / 200)
    become(board, "g1", "lorry")
    place(board, "g1", *inside, facing=0)
    place(board, "r1", inside[0], inside[1] + 12, facing=270)
    hand(board, 0, "fire_one")
    shooter, lorry = board.figures["r1"], board.figures["g1"]
    assert defence_cards(board, shooter, lorry)[0] == 3  # what infantry there would get
    fire = Fire("r1", shooter.unit.weapons[0], "g1", 0)
    answer = explain(board, fire)
    assert answer.numbers["defender_cards"] == 1 and answer.numbers["cover"] == "none"
    assert shot_odds(board, shooter, fire.weapon, lorry).defender_cards == 1
    text = " ".join(ShotOdds().lines(state.view(0), fire))
    assert answer.numbers["line_of_sight"]  # in sight: the preview gives its numbers
    assert "defends with 1 card" in text and "3 card" not in text
