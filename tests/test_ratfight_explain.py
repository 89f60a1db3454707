"""``explain ratfight``: the numbers of a shot, an assault or a move and the exact odds
of its draw; a volley's shots against one defence card computed together (Firing 5)."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.__main__ import main
from game.core.playing_cards import PlayingCard, best_card_odds, full_deck
from game.rules.ratfight.actions import Assault, Fire, Move
from game.rules.ratfight.model import Status
from game.rules.ratfight.odds import volley_against, volley_odds
from tests.ratfight_support import hand, new_game, only, place

DECK = full_deck()


def _brute_volley(
    mine: list[PlayingCard], k: int, shots: int, defence: PlayingCard
) -> tuple[Fraction, Fraction, Fraction]:
    """Every order of the firer's cards, shot by shot, counted."""
    win = cut = miss = 0
    orders = list(itertools.permutations(mine))
    for order in orders:
        result = "miss"
        for shot in range(shots):
            cards = order[shot * k : shot * k + k]
            if len(cards) < k:
                break
            kept = max(cards)
            if kept > defence:
                result = "win"
                break
            if kept == defence:
                result = "cut"
                break
        win += result == "win"
        cut += result == "cut"
        miss += result == "miss"
    n = len(orders)
    return Fraction(win, n), Fraction(cut, n), Fraction(miss, n)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.sampled_from(DECK), min_size=2, max_size=6, unique=True),
    st.integers(1, 2),
    st.integers(1, 3),
    st.sampled_from(DECK),
)
def test_ratfight_firing_5_volley_odds_match_counting_every_order(
    mine: list[PlayingCard], k: int, shots: int, defence: PlayingCard
) -> None:
    assert volley_odds(mine, k, shots, defence) == _brute_volley(mine, k, shots, defence)


@settings(max_examples=20, deadline=None)
@given(st.integers(1, 3), st.integers(1, 3))
def test_ratfight_one_shot_volley_is_the_single_draw(k: int, d: int) -> None:
    assert volley_against(DECK, k, 1, DECK, d) == best_card_odds(DECK, k, DECK, d)


def test_ratfight_firing_5_more_shots_more_likely_to_down_the_target() -> None:
    one = volley_against(DECK, 1, 1, DECK, 1)
    two = volley_against(DECK, 1, 2, DECK, 1)
    assert two[0] > one[0] and sum(two) == 1


def test_ratfight_explain_a_shot_in_the_open_one_card_each() -> None:
    """One card each from full decks: 1326 of 2704 pairs win, 52 are the same card."""
    state = new_game()
    b = state.board
    only(b, "r1", "g1")
    place(b, "r1", 30, 20)
    place(b, "g1", 30, 14)
    hand(b, 0, "fire_one")
    action = Fire("r1", "semi_auto_rifle", "g1", 1)
    assert state.why_not(action) is None
    answer = state.explain(action)
    numbers = answer.numbers
    assert numbers["range_in"] == 5.0  # 6" between centres less two 0.5" radii
    assert numbers["in_terrain"] is False and numbers["cover"] == "none"
    assert numbers["attacker_cards"] == 1 and numbers["defender_cards"] == 1
    assert answer.outcomes["target Down"] == pytest.approx(1326 / 2704)
    assert answer.outcomes["identical cards: the turn ends"] == pytest.approx(52 / 2704)
    assert sum(answer.outcomes.values()) == pytest.approx(1.0)


def test_ratfight_explain_a_two_shot_mode_counts_both_shots() -> None:
    state = new_game()
    b = state.board
    only(b, "r1", "g1")
    place(b, "r1", 30, 20)
    place(b, "g1", 30, 14)
    hand(b, 0, "fire_one")
    one = state.explain(Fire("r1", "semi_auto_rifle", "g1", 1))
    two = state.explain(Fire("r1", "semi_auto_rifle", "g1", 2))
    assert two.numbers["shots"] == 2
    assert two.outcomes["target Down"] > one.outcomes["target Down"]


def test_ratfight_explain_hard_cover_three_defence_cards() -> None:
    state = new_game()
    b = state.board
    only(b, "r1", "g3")
    place(b, "r1", 22, 20)
    place(b, "g3", 22, 12)  # inside the barn
    hand(b, 0, "fire_one")
    answer = state.explain(Fire("r1", "semi_auto_rifle", "g3", 1))
    assert answer.numbers["defender_cards"] == 3 and answer.numbers["cover"] == "hard"
    expected = float(best_card_odds(DECK, 1, DECK, 3)[0])
    assert answer.outcomes["target Down"] == pytest.approx(expected)


def test_ratfight_explain_close_combat_two_cards_against_one_and_a_downed_target() -> None:
    state = new_game()
    b = state.board
    only(b, "r1", "g1")
    place(b, "r1", 30, 20)
    place(b, "g1", 33, 20)
    hand(b, 0, "move_one")
    answer = state.explain(Assault("r1", "g1"))
    assert (answer.numbers["attacker_cards"], answer.numbers["defender_cards"]) == (2, 1)
    win = float(best_card_odds(DECK, 2, DECK, 1)[0])
    assert answer.outcomes["target casualty"] == pytest.approx(win)
    b.figures["g1"].status = Status.DOWN
    assert state.explain(Assault("r1", "g1")).outcomes == {"target casualty": 1.0}


def test_ratfight_explain_a_move_reports_its_length_and_allowance() -> None:
    state = new_game()
    b = state.board
    only(b, "r1", "g1")
    place(b, "r1", 10, 40)
    place(b, "g1", 40, 10)
    hand(b, 0, "move_one")
    answer = state.explain(Move("r1", (1300, 4000)))
    assert answer.numbers["length_in"] == 3.0
    assert answer.numbers["allowance_used"] == pytest.approx(0.5)


def test_explain_ratfight_command_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pos = tmp_path / "p.yaml"
    pos.write_text("ruleset: ratfight\nseed: 0\noptions: {scenario: convoy}\n", encoding="utf-8")
    code = main(
        [
            "explain",
            "ratfight",
            "--position",
            str(pos),
            "--action",
            "fire sgt assault_rifle t1 mode 1",
            "--json",
        ]
    )
    answer = json.loads(capsys.readouterr().out)
    assert code == 0 and answer["legal"] is True
    for name in ("range_in", "in_terrain", "attacker_cards", "defender_cards"):
        assert name in answer["numbers"]
    assert sum(answer["outcomes"].values()) == pytest.approx(1.0)


def test_explain_ratfight_broken_position_names_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pos = tmp_path / "bad.yaml"
    pos.write_text("ruleset: ratfight\nseed: 0\noptions: {scenario: moon}\n", encoding="utf-8")
    code = main(["explain", "ratfight", "--position", str(pos), "--action", "end"])
    out = capsys.readouterr().out
    assert code == 2 and "bad.yaml" in out and "moon" in out and "Traceback" not in out
