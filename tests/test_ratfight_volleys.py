"""RatFight: Firing 4 and 5 with stacked decks. Every further shot of a multi-shot weapon
is a new firer's draw against the one defence card (or cards, keeping the best) the
target turned over; shots left after downing the target may go onto any model within 3"
of it, seen or not, or be held."""

from __future__ import annotations

from game.core.api import Event
from game.rules.ratfight import RatFight
from game.rules.ratfight.actions import End, Fire, Hold, Retarget
from game.rules.ratfight.board import Board
from game.rules.ratfight.combat import defence_cards
from game.rules.ratfight.events import Contest, Purpose
from game.rules.ratfight.model import Status
from game.rules.ratfight.state import RatFightState
from tests.ratfight_support import become, hand, new_game, only, place, stack


def _pile(b: Board, seat: int) -> int:
    return len(b.resolution[seat].deck.draw_pile)


def _contests(events: list[Event]) -> list[Contest]:
    return [e for e in events if isinstance(e, Contest)]


def _volley(g1: tuple[float, float] = (30, 14)) -> RatFightState:
    """Rifleman r1 (semi-automatic rifle: mode 2 is two shots to 24") and guard g1."""
    state = new_game()
    b = state.board
    only(b, "r1", "g1")
    place(b, "r1", 30, 20)
    place(b, "g1", *g1)
    hand(b, 0, "fire_two")
    return state


def test_ratfight_firing_4_second_shot_draws_again_against_the_same_defence_card() -> None:
    state = _volley()
    b = state.board
    stack(b, 0, "8S", "10H")  # the firer's first and second shot
    stack(b, 1, "9C")  # the guard's one card for both
    before = (_pile(b, 0), _pile(b, 1))
    events = state.apply(Fire("r1", "semi_auto_rifle", "g1", 2))
    shots = _contests(events)
    assert [c.attacker_kept for c in shots] == ["8S", "10H"]
    assert [c.defender_cards for c in shots] == [("9C",), ("9C",)]
    assert [c.attacker_wins for c in shots] == [False, True]
    assert b.figures["g1"].status is Status.DOWN
    assert (before[0] - _pile(b, 0), before[1] - _pile(b, 1)) == (2, 1)


def test_ratfight_firing_4_every_shot_missing_leaves_the_target_up_one_defence_draw() -> None:
    state = _volley()
    b = state.board
    stack(b, 0, "3C", "9S")
    stack(b, 1, "10H")  # beats both shots
    before = _pile(b, 1)
    events = state.apply(Fire("r1", "semi_auto_rifle", "g1", 2))
    assert [c.attacker_wins for c in _contests(events)] == [False, False]
    assert b.figures["g1"].status is Status.UP
    assert before - _pile(b, 1) == 1


def test_ratfight_firing_4_a_downed_target_takes_no_more_shots() -> None:
    """The first shot downs the target: the second is not drawn (nobody is within 3"
    to take it)."""
    state = _volley()
    b = state.board
    stack(b, 0, "KS", "QS")
    stack(b, 1, "2C")
    before = _pile(b, 0)
    events = state.apply(Fire("r1", "semi_auto_rifle", "g1", 2))
    assert len(_contests(events)) == 1 and before - _pile(b, 0) == 1
    assert b.pending is None and b.figures["g1"].status is Status.DOWN


def test_ratfight_firing_4_and_6_soft_cover_two_cards_once_the_best_kept_for_every_shot() -> None:
    # the Wheat (crops, soft cover) covers (30..38, 35..40)
    state = _volley(g1=(34, 37.5))
    b = state.board
    place(b, "r1", 34, 30)
    stack(b, 0, "8S", "10H")
    stack(b, 1, "9C", "2D")  # keeps the 9C against both shots
    before = _pile(b, 1)
    events = state.apply(Fire("r1", "semi_auto_rifle", "g1", 2))
    shots = _contests(events)
    assert [(c.defender_cards, c.defender_kept) for c in shots] == [(("9C", "2D"), "9C")] * 2
    assert [c.attacker_wins for c in shots] == [False, True]
    assert before - _pile(b, 1) == 2
    assert b.figures["g1"].status is Status.DOWN


def test_ratfight_firing_4_a_heavy_machine_gun_has_three_shots() -> None:
    state = _volley()
    b = state.board
    become(b, "r1", "hmg_team")
    stack(b, 0, "2S", "3S", "JS")  # the third shot wins
    stack(b, 1, "10C")
    events = state.apply(Fire("r1", "tripod_hmg", "g1"))
    assert [c.note.split(", ")[1] for c in _contests(events)] == [
        "shot 1 of 3",
        "shot 2 of 3",
        "shot 3 of 3",
    ]
    assert b.figures["g1"].status is Status.DOWN


def test_ratfight_shooting_at_vehicles_each_shot_against_the_vehicle_s_one_card() -> None:
    """A volley at a vehicle: one card for the vehicle, a new card for each shot; a
    hit draws for damage and the next shot still comes at the vehicle."""
    state = new_game("convoy")
    b = state.board
    only(b, "lorry", "w1")
    place(b, "lorry", 34, 24, facing=0)
    place(b, "w1", 34, 14)  # SMG: 12", two shots; the lorry is unarmoured (AP 0 will do)
    hand(b, 1, "fire_one")
    stack(b, 1, "9S", "4D", "QS", "5D")  # hit, damage; hit, damage
    stack(b, 0, "8C", "2C", "KH", "3C", "KS")  # the lorry's card; damage; crew; damage; crew
    events = state.apply(Fire("w1", "smg", "lorry"))
    hits = [c for c in _contests(events) if c.purpose is Purpose.VEHICLE_HIT]
    assert [c.defender_cards for c in hits] == [("8C",), ("8C",)]
    assert [c.attacker_wins for c in hits] == [True, True]
    lorry = b.figures["lorry"]
    assert lorry.damage == (4 - 2) + (5 - 3) and lorry.status is Status.UP


# -- Firing 5: shots left over ------------------------------------------------------------


def _leftover(version: str = "3") -> RatFightState:
    """r1 downs g1 with the first of two shots. g2 is 2.5" from g1 behind the Barn
    (20..24, 8..14), out of r1's sight; g3 exactly 3" from g1 in the open; g4 3.05"."""
    state = RatFight().new_game(1, {"scenario": "farm_raid"}, version)
    assert isinstance(state, RatFightState)
    b = state.board
    only(b, "r1", "g1", "g2", "g3", "g4")
    place(b, "r1", 18, 18)
    place(b, "g1", 25.3, 15)
    place(b, "g2", 25.3, 11.5)
    place(b, "g3", 25.3, 19)
    place(b, "g4", 29.35, 15)
    hand(b, 0, "fire_one")
    stack(b, 0, "KS")
    stack(b, 1, "2C")
    state.apply(Fire("r1", "semi_auto_rifle", "g1", 2))
    assert b.figures["g1"].status is Status.DOWN
    return state


def test_ratfight_firing_5_leftover_shots_wait_for_a_new_target_within_3_inches() -> None:
    state = _leftover()
    b = state.board
    f = b.figures
    assert b.pending is not None and b.pending.shots == 1 and b.pending.around == "g1"
    assert b.gap(f["g1"], f["g3"]) == 300 and b.gap(f["g1"], f["g4"]) == 305
    assert state.why_not(Retarget("g3")) is None  # exactly 3": within
    far = state.why_not(Retarget("g4"))
    assert far is not None and 'within 3"' in far and "Firing 5" in far
    again = state.why_not(Retarget("g1"))
    assert again is not None and "already Down" in again
    friend = state.why_not(Retarget("r1"))
    assert friend is not None and "not an enemy" in friend
    # nothing else until the leftover shots are placed or held
    waiting = state.why_not(End())
    assert waiting is not None and "retarget" in waiting


def test_ratfight_firing_5_retargeted_shots_need_no_line_of_sight() -> None:
    state = _leftover()
    b = state.board
    f = b.figures
    assert not b.sight(f["r1"], f["g2"]).clear  # the Barn hides g2
    assert state.why_not(Retarget("g2")) is None
    stack(b, 0, "QS")
    stack(b, 1, "3C", "4C", "5C")  # behind the Barn: three cards (Interpretation 10)
    events = state.apply(Retarget("g2"))
    (shot,) = _contests(events)
    assert shot.defender == f["g2"].label and shot.attacker_kept == "QS"
    assert shot.defender_cards == ("3C", "4C", "5C")
    assert f["g2"].status is Status.DOWN
    assert b.pending is None and b.seat == 1  # fire_one is spent: the guard's card


def test_ratfight_firing_5_and_6_a_retargeted_target_out_of_sight_counts_the_wall_hiding_it() -> (
    None
):
    """Interpretation 10 (rules version 3): g2 standing in the open wholly hidden by the
    Barn (hard) defends with three cards, as it does when only partly hidden by it; the
    calculator says the same. Version 2 counted the ground it stood on: one card."""
    state = _leftover()
    b = state.board
    f = b.figures
    assert defence_cards(b, f["r1"], f["g2"]) == (3, "hard")
    answer = state.explain(Retarget("g2"))
    assert answer.numbers["defender_cards"] == 3 and answer.numbers["cover"] == "hard"
    assert answer.numbers["line_of_sight"] is False
    place(b, "g2", 25.5, 12.5)  # partly in view round the Barn's corner
    sight = b.sight(f["r1"], f["g2"])
    assert sight.clear and sight.partly_in_view
    assert defence_cards(b, f["r1"], f["g2"]) == (3, "hard")
    old = _leftover("2")
    assert defence_cards(old.board, old.board.figures["r1"], old.board.figures["g2"]) == (
        1,
        "none",
    )


def test_ratfight_firing_5_a_retargeted_shot_can_miss() -> None:
    state = _leftover()
    b = state.board
    stack(b, 0, "3C")
    stack(b, 1, "QS")
    state.apply(Retarget("g3"))
    assert b.figures["g3"].status is Status.UP and b.pending is None


def test_ratfight_firing_5_hold_keeps_the_leftover_shots_unfired() -> None:
    state = _leftover()
    b = state.board
    assert state.why_not(Hold()) is None
    before = (_pile(b, 0), _pile(b, 1))
    events = state.apply(Hold())
    assert not _contests(events)
    assert b.pending is None
    assert all(b.figures[g].status is Status.UP for g in ("g2", "g3", "g4"))
    assert b.seat == 1  # the firing card is finished
    assert _pile(b, 0) == before[0]


def test_ratfight_firing_5_a_downed_or_armoured_model_near_is_no_new_target() -> None:
    state = _leftover()
    b = state.board
    b.figures["g2"].status = Status.DOWN
    reason = state.why_not(Retarget("g2"))
    assert reason is not None and "Down" in reason
    become(b, "g3", "light_tank")  # a rifle has no armour piercing
    reason = state.why_not(Retarget("g3"))
    assert reason is not None and "armoured" in reason


def test_ratfight_firing_5_no_model_within_3_inches_the_shots_are_lost() -> None:
    state = new_game()
    b = state.board
    only(b, "r1", "g1", "g4")
    place(b, "r1", 18, 18)
    place(b, "g1", 25.3, 15)
    place(b, "g4", 29.4, 15)  # 3.1" base to base
    hand(b, 0, "fire_two")
    stack(b, 0, "KS")
    stack(b, 1, "2C")
    state.apply(Fire("r1", "semi_auto_rifle", "g1", 2))
    assert b.figures["g1"].status is Status.DOWN and b.pending is None
    assert b.seat == 0 and b.card == "fire_two"  # a second model may still fire


def test_ratfight_firing_5_three_shots_can_chain_through_two_retargets() -> None:
    """A heavy machine gun downs g1 with its first shot, g2 (within 3" of g1) with the
    second; the third may go onto a model within 3" of g2, the last one downed."""
    state = new_game()
    b = state.board
    only(b, "r1", "g1", "g2", "g3")
    become(b, "r1", "hmg_team")
    place(b, "r1", 18, 18)
    place(b, "g1", 25.3, 15)
    place(b, "g2", 25.3, 11.5)
    place(b, "g3", 28, 10)  # 2.1" from g2, 5" from g1 (centres), 4" base to base
    hand(b, 0, "fire_one")
    stack(b, 0, "KS", "KH")
    stack(b, 1, "2C", "2D")
    state.apply(Fire("r1", "tripod_hmg", "g1"))
    assert "not within" in (state.why_not(Retarget("g3")) or "")
    state.apply(Retarget("g2"))
    assert b.figures["g2"].status is Status.DOWN
    assert b.pending is not None and b.pending.shots == 1 and b.pending.around == "g2"
    assert state.why_not(Retarget("g3")) is None
