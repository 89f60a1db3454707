"""The computer's levels: ``easy``, ``normal`` (the old ``ai``) and ``hard`` (issue 34).

Strength is measured by ``python -m game strength``, not here; these tests pin what each
level does with a decision: its budget, its determinism and its legality.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from mcts_toy import PlayCard, Take, new_nim

from game.__main__ import main
from game.ai.easy import EasyBot
from game.ai.evaluation import evaluation_for
from game.ai.hard import HardBot, HardConfig
from game.ai.registry import LEVELS, heuristic_factory, level_of, make_bot
from game.core.api import Action
from game.core.registry import get_ruleset, ruleset_ids
from game.core.rng import Rng
from game.core.session import Session


class _FixedBot:
    """A stand-in heuristic that always names one action (and counts its calls)."""

    def __init__(self, action: Action) -> None:
        self.seat = 0
        self.action = action
        self.asked = 0

    def choose(self, view: Any) -> Action:
        self.asked += 1
        return self.action


def test_ai_is_the_normal_level_and_unknown_kinds_name_the_levels() -> None:
    assert LEVELS == ("easy", "normal", "hard")
    assert level_of("ai") == "normal" and level_of("hard") == "hard"
    assert level_of("random") is None and level_of("human") is None
    for rid in ("ratfight", "sixty_five", "five_five_six"):
        factory = heuristic_factory(rid)
        assert factory is not None
        normal, ai = make_bot("normal", rid, 0, Rng(1)), make_bot("ai", rid, 0, Rng(1))
        assert type(normal) is type(ai) is type(factory(0, Rng(1)))
        assert isinstance(make_bot("easy", rid, 0, Rng(1)), EasyBot)
        assert isinstance(make_bot("hard", rid, 0, Rng(1)), HardBot)
    with pytest.raises(ValueError, match="easy, normal, hard"):
        make_bot("expert", "ratfight", 0, Rng(1))


def test_hard_answers_one_legal_action_at_once() -> None:
    prior = _FixedBot(Take(1))
    bot = HardBot(0, Rng(1), prior=prior, evaluate=None)
    assert bot.choose(new_nim(1, [[], []]).view(0)) == Take(1)
    assert bot.last_playouts == 0 and prior.asked == 0


def test_hard_overrules_the_heuristic_only_for_a_clearly_better_move() -> None:
    """Two stones: taking both wins now, taking one hands the last stone over."""
    view = new_nim(2, [[], []]).view(0)
    bot = HardBot(0, Rng(3), prior=_FixedBot(Take(1)), evaluate=None)
    assert bot.choose(view) == Take(2) and bot.last_switched
    # The heuristic's winning move is kept: nothing beats it.
    keeper = HardBot(0, Rng(3), prior=_FixedBot(Take(2)), evaluate=None)
    assert keeper.choose(view) == Take(2) and not keeper.last_switched


def test_hard_is_deterministic_without_a_clock_and_stops_on_the_clock() -> None:
    view = new_nim(12, [[3, 4], [3, 5]], [4, 5, 3]).view(0)
    config = HardConfig(playouts=60)
    picks = set()
    for _ in range(3):
        bot = HardBot(0, Rng(7), prior=_FixedBot(Take(1)), evaluate=None, config=config)
        picks.add(bot.choose(view))
        assert bot.last_playouts == 60
    assert len(picks) == 1
    ticks = iter(x * 0.25 for x in range(10_000))
    timed = HardBot(
        0,
        Rng(7),
        prior=_FixedBot(Take(1)),
        evaluate=None,
        config=HardConfig(playouts=10_000, seconds=1.0),
        clock=lambda: next(ticks),
    )
    timed.choose(view)
    assert 1 <= timed.last_playouts <= 4  # a quarter second a playout, one second allowed
    with pytest.raises(ValueError, match="2.0 s"):
        HardConfig(seconds=2.5)


class _CountingPolicy:
    """Makes stand-in heuristics for rollouts that take one stone, counting their calls."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, seat: int, rng: Rng) -> Any:
        policy = self

        class _Take1:
            def __init__(self) -> None:
                self.seat = seat

            def choose(self, view: Any) -> Action:
                policy.calls += 1
                return Take(1)

        return _Take1()


def test_hard_guided_rollouts_follow_the_heuristic_and_stay_deterministic() -> None:
    view = new_nim(12, [[3, 4], [3, 5]], [4, 5, 3]).view(0)
    counts, picks = [], set()
    for guide in (0.0, 1.0, 1.0):
        policy = _CountingPolicy()
        config = HardConfig(playouts=40, guide=guide, rollout_depth=6)
        bot = HardBot(
            0, Rng(5), prior=_FixedBot(Take(1)), evaluate=None, config=config, policy=policy
        )
        picks.add((guide, bot.choose(view)))
        counts.append(policy.calls)
    assert counts[0] == 0  # unguided: the sampler alone
    assert counts[1] > 0 and counts[1] == counts[2]  # guided, the same each time
    assert len(picks) <= 2  # one answer per setting
    with pytest.raises(ValueError, match="guide"):
        HardConfig(guide=1.5)


def test_hard_rollouts_can_stop_when_the_opponents_reply_is_over() -> None:
    """``rollout_turns=2``: after the root move the opponent answers (one Nim move) and
    the rollout stops as the turn comes back, so each playout asks the heuristic once;
    cut by depth alone it plays on for up to six moves."""
    view = new_nim(12, [[3, 4], [3, 5]], [4, 5, 3]).view(0)
    calls = []
    for turns in (2, 0):
        policy = _CountingPolicy()
        config = HardConfig(playouts=40, guide=1.0, rollout_depth=6, rollout_turns=turns)
        bot = HardBot(
            0, Rng(5), prior=_FixedBot(Take(1)), evaluate=None, config=config, policy=policy
        )
        bot.choose(view)
        calls.append((policy.calls, bot.last_playouts))
    (replies, playouts), (deep, _) = calls
    assert replies == playouts > 0
    assert deep > 2 * replies
    with pytest.raises(ValueError, match="not negative"):
        HardConfig(rollout_turns=-1)


class _RankingBot(_FixedBot):
    """A stand-in heuristic that also ranks its moves (``HardBot`` asks ``ranked``)."""

    def __init__(self, order: list[Action]) -> None:
        super().__init__(order[0])
        self.order = order

    def ranked(self, view: Any, k: int) -> list[Action]:
        return self.order[:k]


def test_hard_takes_its_challengers_from_the_heuristics_ranking() -> None:
    """Four stones and a 4 in hand: playing it wins at once. With one challenger, the
    heuristic's second choice is the one tried, whatever the draw would have been."""
    view = new_nim(4, [[4], [1]]).view(0)
    config = HardConfig(playouts=40, challengers=1, ranked=1)
    for seed in range(1, 6):
        prior = _RankingBot([Take(1), PlayCard(4), Take(2)])
        bot = HardBot(0, Rng(seed), prior=prior, evaluate=None, config=config)
        assert bot.choose(view) == PlayCard(4) and bot.last_switched
    # Ranked second is a move no better than the first: the heuristic's move stays.
    modest = HardBot(
        0, Rng(1), prior=_RankingBot([PlayCard(4), Take(1)]), evaluate=None, config=config
    )
    assert modest.choose(view) == PlayCard(4) and not modest.last_switched


def test_hard_questions_only_the_kinds_of_move_it_is_told_to() -> None:
    """``question`` names the kinds of move the search questions: the same winning
    challenger as above is found when Take is questioned, and the heuristic's Take is
    played at once (no playout) when only card plays are."""
    view = new_nim(4, [[4], [1]]).view(0)
    asked = HardConfig(playouts=40, challengers=1, ranked=1, question="PlayCard, Take")
    bot = HardBot(0, Rng(1), prior=_RankingBot([Take(1), PlayCard(4)]), evaluate=None, config=asked)
    assert bot.choose(view) == PlayCard(4) and bot.last_playouts > 0
    skipped = HardConfig(playouts=40, challengers=1, ranked=1, question="PlayCard")
    bot = HardBot(
        0, Rng(1), prior=_RankingBot([Take(1), PlayCard(4)]), evaluate=None, config=skipped
    )
    assert bot.choose(view) == Take(1) and bot.last_playouts == 0 and not bot.last_switched


def test_hard_asks_fresh_heuristics_for_challengers_until_its_deadline() -> None:
    """Without a ranking, other plausible moves come from fresh heuristic bots; the
    asking stops at the deadline (each tick of this clock is 0.3 s of a 1 s budget)."""
    view = new_nim(12, [[3, 4], [3, 5]], [4, 5, 3]).view(0)
    moves = iter([Take(2), PlayCard(3), PlayCard(4), Take(1)] * 50)
    asked = []

    class _Fresh:
        def __init__(self, seat: int, rng: Rng) -> None:
            self.seat = seat

        def choose(self, view: Any) -> Action:
            asked.append(1)
            return next(moves)

    ticks = iter(x * 0.3 for x in range(10_000))
    config = HardConfig(playouts=200, challengers=2, ranked=2, seconds=1.0)
    bot = HardBot(
        0,
        Rng(2),
        prior=_FixedBot(Take(1)),
        evaluate=None,
        config=config,
        clock=lambda: next(ticks),
        policy=_Fresh,
    )
    assert view.why_not(bot.choose(view)) is None
    assert 1 <= len(asked) <= 2  # three asked without a clock (ranked + 1)
    untimed = HardBot(0, Rng(2), prior=_FixedBot(Take(1)), evaluate=None, config=config)
    untimed.policy = _Fresh
    asked.clear()
    untimed.choose(view)
    assert len(asked) == 3


def test_easy_plays_the_heuristic_unless_it_slips_and_a_slip_favours_better_moves() -> None:
    view = new_nim(2, [[1], []]).view(0)
    steady = EasyBot(0, Rng(1), _FixedBot(Take(1)), None, slip=0.0)
    assert all(steady.choose(view) == Take(1) for _ in range(20))
    # Always slipping: Take(2) wins at once and glances 1, the others 0, so the softmax
    # picks it nearly always (weight e^-4 for each other move at temperature 0.25).
    slipping = EasyBot(0, Rng(1), _FixedBot(Take(1)), None, slip=1.0)
    picks = [slipping.choose(view) for _ in range(60)]
    assert picks.count(Take(2)) >= 50
    # Where the glance cannot tell the moves apart, a slip plays another move often.
    level = new_nim(9, [[1], []]).view(0)
    blind = EasyBot(0, Rng(1), _FixedBot(Take(1)), None, slip=1.0)
    chosen = {blind.choose(level) for _ in range(40)}
    assert chosen == {Take(1), Take(2), PlayCard(1)}


def test_every_ruleset_with_a_leaf_evaluation_scores_its_opening_as_chances() -> None:
    for rid in ("ratfight", "five_five_six", "sixty_five", "transformers_skirmish", "tunnel_rats"):
        evaluate = evaluation_for(rid)
        assert evaluate is not None, rid
        chances = evaluate(Session.new(rid, 3, undo=False).state)
        assert len(chances) == 2 and abs(sum(chances) - 1.0) < 1e-9
        assert all(0.0 < p < 1.0 for p in chances)


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_easy_and_hard_play_legal_moves_in_every_ruleset(ruleset_id: str) -> None:
    seats = get_ruleset(ruleset_id).seats
    session = Session.new(ruleset_id, 5, undo=False)
    # a ranked challenger and half-guided rollouts: both paths meet every ruleset
    small = HardConfig(playouts=6, challengers=2, screen=4, rollout_depth=4, ranked=1, guide=0.5)
    bots = [
        make_bot(kind, ruleset_id, i, Rng(i), hard_config=small)
        for i, kind in zip(range(len(seats)), ("hard", "easy"), strict=False)
    ]
    decisions = 0
    while session.state.outcome() is None and decisions < 8:
        seat = session.state.current_player()
        assert seat is not None
        view = session.state.view(seat)
        action = bots[seat].choose(view)
        assert session.state.why_not(action) is None
        session.apply(action)
        decisions += 1
    assert decisions > 0


def test_simulate_takes_the_levels_as_seat_kinds(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "tunnel_rat_bluff", "--games", "2", "--seats", "hard,easy", "--json"])
    assert code == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["seats"] == ["hard", "easy"] and sum(summary["wins"]) + summary["draws"] == 2
    assert main(["simulate", "tunnel_rat_bluff", "--games", "1", "--seats", "ai,expert"]) == 2
    assert "expert" in capsys.readouterr().out


def test_strength_plays_each_seed_from_both_seats(capsys: pytest.CaptureFixture[str]) -> None:
    """The report's bookkeeping (not any level's strength): seat-swapped games, a 95%
    Wilson interval around the score, and a level against itself on distinct seeds."""
    from game.cli.strength import wilson

    low, high = wilson(8, 10)
    assert 0.49 < low < 0.5 and 0.94 < high < 0.95  # the textbook 8 of 10: 0.490-0.943
    args = ["strength", "tunnel_rat_bluff", "--games", "3", "--json"]
    assert main([*args, "--pair", "easy,random", "--pair", "normal,normal"]) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    swapped, same = rows
    assert swapped["pair"] == "easy,random" and swapped["games"] == 6
    wins, losses = swapped["wins_by_seat"], swapped["losses_by_seat"]
    assert [wins[0] + losses[0], wins[1] + losses[1]] == [3, 3]  # each seed from each seat
    assert swapped["interval"][0] <= swapped["score"] <= swapped["interval"][1]
    assert sum(same["wins_by_seat"]) + sum(same["losses_by_seat"]) == 6
    assert same["wins_by_seat"][1] == same["losses_by_seat"][1] == 0  # all from seat 0
    assert swapped["a_decisions"] > 0 and swapped["a_cpu_ms_per_decision"] >= 0.0


def test_strength_names_the_sides_as_the_briefing_does(capsys: pytest.CaptureFixture[str]) -> None:
    """The printed table speaks the player's language: the card game's Rat and VC, not
    seat ids."""
    assert main(["strength", "tunnel_rat_bluff", "--games", "1", "--pair", "easy,random"]) == 0
    out = capsys.readouterr().out
    assert "A as Rat " in out and ", as VC " in out and "Rat won " in out


def test_a_match_times_each_seats_thinking_on_the_timer_it_is_given() -> None:
    """``play_match(timer=...)`` counts each seat's decisions and the time they took;
    a timer that ticks once a call makes every decision take exactly one tick."""
    from game.ai.match import play_match

    ticks = iter(range(100_000))
    result = play_match(
        "tunnel_rat_bluff", 5, ["normal", "random"], timer=lambda: float(next(ticks))
    )
    assert sum(result.decisions) == result.actions > 0
    assert result.thinking == tuple(float(n) for n in result.decisions)
    untimed = play_match("tunnel_rat_bluff", 5, ["normal", "random"])
    assert untimed.decisions == () and untimed.actions == result.actions


def test_strength_sets_the_hard_search_and_names_a_bad_setting(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["strength", "tunnel_rat_bluff", "--games", "1", "--pair", "hard,normal", "--json"]
    assert main([*args, "--hard-set", "guide=0.5", "--hard-set", "ranked=2"]) == 0
    hard = json.loads(capsys.readouterr().out)["hard"]
    assert hard["guide"] == 0.5 and hard["ranked"] == 2
    assert main([*args, "--hard-set", "depth=3"]) == 2
    out = capsys.readouterr().out
    assert "--hard-set" in out and "rollout_depth" in out and "Traceback" not in out
    assert main([*args, "--hard-set", "guide=lots"]) == 2
    assert "guide: 'lots' is not a float" in capsys.readouterr().out
    assert main([*args, "--hard-set", "guide=2"]) == 2
    assert "guide is a chance in [0, 1]" in capsys.readouterr().out
