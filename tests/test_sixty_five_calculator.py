"""'65 rules calculator: a fire action's numbers and the exact chances of its results."""

from __future__ import annotations

from math import comb

import pytest
from sixty_five_support import new_state, unit
from test_sixty_five_flow import _ids, _impulse_with, _to_impulse

from game.rules.sixty_five.actions import Play
from game.rules.sixty_five.combat.calculator import hit_chances, result_after
from game.rules.sixty_five.data import HitColour


def test_hypergeometric_hit_chances() -> None:
    """Drawing 4 of 40 unseen cards of which 16 hit: P(k) = C(16,k) C(24,4-k) / C(40,4)."""
    chances = hit_chances(40, 16, 4)
    assert chances == pytest.approx([comb(16, k) * comb(24, 4 - k) / comb(40, 4) for k in range(5)])
    assert sum(chances) == pytest.approx(1.0)
    assert hit_chances(3, 1, 5) == pytest.approx([0.0, 1.0, 0.0, 0.0])  # all 3 unseen drawn


def test_65_10c_results_follow_shaken_reduced_eliminated() -> None:
    fresh = unit("a", "vc_rifle", 1, "1A1")
    assert [result_after(fresh, k) for k in range(5)] == [
        "no effect",
        "shaken",
        "reduced",
        "eliminated",
        "eliminated",
    ]
    worn = unit("b", "vc_rifle", 1, "1A1", reduced=True)
    assert [result_after(worn, k) for k in range(3)] == ["no effect", "shaken", "eliminated"]


def test_65_explain_combat_example_2() -> None:
    """Combat example 2 in the calculator: range 2, no cover, a Damage Draw of 4, and the
    chance of each result from the cards the American player has not seen."""
    units = [unit("us1", "us_rifle", 0, "1C3"), unit("vc1", "vc_rifle", 1, "1E3")]
    state, _ = new_state(units, 7)
    _to_impulse(state)
    power = _ids(power=True)[0]
    _impulse_with(state, 0, [power])
    play = Play(power, "power", ("us1",), "vc1")
    assert state.why_not(play) is None
    answer = state.explain(play)
    n = answer.numbers
    assert (n["range"], n["cover_factor"], n["damage_draw"]) == (2, 0, 4)
    assert n["hits_on"] == [HitColour.GREEN.value]
    w = state.world
    unseen = [*w.draw_pile, *w.hands[1]]
    hits = sum(1 for c in unseen if w.card(c).hit is HitColour.GREEN)
    assert (n["unseen_cards"], n["unseen_hits"]) == (len(unseen), hits)
    total = comb(len(unseen), 4)
    p0 = comb(len(unseen) - hits, 4) / total
    assert answer.outcomes["no effect"] == pytest.approx(p0)
    assert sum(answer.outcomes.values()) == pytest.approx(1.0)
    assert set(answer.outcomes) == {"no effect", "shaken", "reduced", "eliminated"}


def test_65_explain_command_reads_a_position_and_prints_the_numbers(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    """``python -m game explain sixty_five --position FILE --action TEXT --json`` on a
    hand-written position (scenario 1 played to a fire action): the numbers the issue
    asks for and result chances adding up to 1."""
    import json

    import yaml

    from game.__main__ import main
    from game.core.rng import Rng
    from game.core.session import Session

    session = Session.new("sixty_five", 21)
    pick = Rng(3)
    fire = None
    for step in range(3000):
        options = session.state.candidate_actions()
        fires = [a for a in options if isinstance(a, Play) and a.target and not a.path]
        if fires and step > 30:
            fire = fires[0]
            break
        session.apply(pick.choice(options))
    assert fire is not None
    pos = tmp_path / "pos.yaml"
    actions = list(session.to_record().actions)
    pos.write_text(yaml.safe_dump({"ruleset": "sixty_five", "seed": 21, "actions": actions}))
    code = main(
        ["explain", "sixty_five", "--position", str(pos), "--action", fire.to_str(), "--json"]
    )
    answer = json.loads(capsys.readouterr().out)
    assert code == 0 and answer["legal"] is True
    for key in ("range", "cover_factor", "damage_draw", "hits_on"):
        assert key in answer["numbers"]
    assert sum(answer["outcomes"].values()) == pytest.approx(1.0)
