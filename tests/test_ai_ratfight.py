"""The RatFight bot (game/ai/ratfight/bot.py): it shoots where the odds and the prize are
best, finishes Downed enemies, takes the objective when it can, plays only from its
view, and is deterministic."""

from __future__ import annotations

from game.ai.ratfight.bot import RatFightBot, make_plan, shot_value, win_chance
from game.ai.registry import make_bot
from game.core.rng import Rng
from game.rules.ratfight.actions import Assault, End, Fire, Hold, Move, Retarget
from game.rules.ratfight.board import Pending
from game.rules.ratfight.combat import defence_cards
from game.rules.ratfight.model import Status
from game.rules.ratfight.state import RatFightState
from tests.ratfight_support import hand, new_game, only, place


def _choose(state: RatFightState, seat: int = 0, seed: int = 3):  # type: ignore[no-untyped-def]
    return RatFightBot(seat, Rng(seed)).choose(state.view(seat))


def test_ratfight_ai_is_the_registered_ai() -> None:
    assert isinstance(make_bot("ai", "ratfight", 0, Rng(1)), RatFightBot)


def test_ratfight_ai_card_odds_best_of_k_against_best_of_d() -> None:
    # one card each: 52 * 51 / 2 of the 52 * 52 pairs are won (suits break ties)
    assert abs(win_chance(1, 1) - (52 * 51 / 2) / (52 * 52)) < 1e-12
    assert win_chance(2, 1) > win_chance(1, 1) > win_chance(1, 2) > win_chance(1, 3)


def test_ratfight_ai_shoots_the_target_in_the_open_not_the_one_in_hard_cover() -> None:
    state = new_game()
    b = state.board
    only(b, "r1", "g1", "g3")
    place(b, "r1", 22, 20)
    place(b, "g1", 27, 22)  # open field
    place(b, "g3", 22, 12)  # inside the barn
    shooter = b.figures["r1"]
    assert defence_cards(b, shooter, b.figures["g1"])[0] == 1
    assert defence_cards(b, shooter, b.figures["g3"])[0] == 3
    hand(b, 0, "fire_one")
    choice = _choose(state)
    assert isinstance(choice, Fire) and choice.target == "g1"
    open_shot = shot_value(b, shooter, choice)
    covered = shot_value(b, shooter, Fire("r1", choice.weapon, "g3", choice.mode))
    assert open_shot > covered


def test_ratfight_ai_finishes_a_downed_enemy_in_reach() -> None:
    state = new_game()
    b = state.board
    only(b, "r1", "r2", "g1")
    place(b, "r1", 30, 20)
    place(b, "r2", 10, 40)
    place(b, "g1", 33, 20)
    b.figures["g1"].status = Status.DOWN
    hand(b, 0, "move_one")
    assert _choose(state) == Assault("r1", "g1")


def test_ratfight_ai_steps_onto_the_objective_when_a_move_reaches_it() -> None:
    state = new_game()
    b = state.board
    only(b, "r1", "r2", "g1")
    place(b, "r1", 31, 17)  # 5" south of the farmhouse door, through the yard gap
    place(b, "r2", 5, 40)
    place(b, "g1", 45, 40)
    hand(b, 0, "move_one")
    choice = _choose(state)
    assert isinstance(choice, Move) and choice.figure == "r1"
    state.apply(choice)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)


def test_ratfight_ai_ends_a_fire_card_with_nothing_to_shoot() -> None:
    state = new_game()
    b = state.board
    only(b, "r1", "g1")
    place(b, "r1", 2, 46)
    place(b, "g1", 46, 2)  # far beyond every rifle's range
    hand(b, 0, "fire_one")
    assert _choose(state) == End()


def test_ratfight_ai_puts_leftover_shots_on_a_model_near_the_downed_one() -> None:
    state = new_game()
    b = state.board
    only(b, "mg", "g1", "g2")
    place(b, "mg", 30, 30)
    place(b, "g1", 30, 20)
    place(b, "g2", 32, 20)
    b.figures["g1"].status = Status.DOWN
    hand(b, 0, "fire_one")
    weapon = b.figures["mg"].unit.weapons[0]
    b.pending = Pending("mg", weapon, 0, 2, "g1")
    b.used = ["mg"]
    assert _choose(state) == Retarget("g2")
    b.figures["g2"].status = Status.DOWN
    assert _choose(state) == Hold()


def test_ratfight_ai_decides_the_same_whatever_the_unseen_deck_order() -> None:
    state = new_game(seed=11)
    for _ in range(12):  # a few plies in, so there are models to move and fire
        seat = state.current_player()
        assert seat is not None
        state.apply(_choose(state, seat))
    seat = state.current_player()
    assert seat is not None
    other = state.determinize(seat, Rng(99))
    assert isinstance(other, RatFightState)
    assert other.board.resolution[0].deck.draw_pile != state.board.resolution[0].deck.draw_pile
    assert _choose(state, seat) == _choose(other, seat)


def test_ratfight_ai_plays_legal_and_deterministic_games() -> None:
    def play(seed: int) -> list[str]:
        state = new_game("convoy", seed)
        bots = [RatFightBot(0, Rng(seed)), RatFightBot(1, Rng(seed + 1))]
        texts: list[str] = []
        while state.outcome() is None and len(texts) < 60:
            seat = state.current_player()
            assert seat is not None
            action = bots[seat].choose(state.view(seat))
            assert state.why_not(action) is None
            state.apply(action)
            texts.append(action.to_str())
        return texts

    first = play(5)
    assert len(first) > 10
    assert first == play(5)


def test_ratfight_ai_ranks_its_shots_best_first_ending_the_card_last() -> None:
    """``ranked`` (the hard level's challengers): the first is what ``choose`` plays, the
    shots follow by value, and ending the card comes after every shot."""
    state = new_game()
    b = state.board
    only(b, "r1", "g1", "g3")
    place(b, "r1", 22, 20)
    place(b, "g1", 27, 22)  # open field
    place(b, "g3", 22, 12)  # inside the barn
    hand(b, 0, "fire_one")
    bot = RatFightBot(0, Rng(3))
    view = state.view(0)
    ranked = bot.ranked(view, 10)
    assert ranked[0] == bot.choose(view) and ranked[-1] == End()
    assert len(set(ranked)) == len(ranked) and all(view.why_not(a) is None for a in ranked)
    shooter = b.figures["r1"]
    plan = make_plan(b, 0)
    values = [shot_value(b, shooter, a, plan) for a in ranked if isinstance(a, Fire)]
    assert len(values) >= 2 and values == sorted(values, reverse=True)
    assert bot.ranked(view, 2) == ranked[:2]
