"""The Transformers Skirmish bot: it plays the cards the way the issue asks."""

from __future__ import annotations

from test_transformers_rules import position

from game.ai.match import play_match
from game.ai.transformers_skirmish.bot import SkirmishBot
from game.core.rng import Rng
from game.rules.transformers_skirmish.actions import (
    Attack,
    Defend,
    Discard,
    Mass,
    Move,
    Pass,
    Play,
)
from game.rules.transformers_skirmish.events import Phase
from game.rules.transformers_skirmish.state import SkirmishState


def choice(state: SkirmishState, seat: int | None = None) -> object:
    seat = state.current_player() if seat is None else seat
    assert seat is not None
    return SkirmishBot(seat, Rng(1)).choose(state.view(seat))


def test_ts_ai_focus_fires_on_the_weakest_reachable_enemy() -> None:
    """AI: of the enemies it can hit, it attacks the one with the fewest hits left."""
    state = position(
        {"autobot_1": "d4", "megatron": "d6", "deceptacon_1": "f6", "demolisher": "b4"},
        hands=(["missiles", "punch"], []),
        phase=Phase.FIRE,
        damage={"deceptacon_1": 1, "megatron": 1},
    )
    assert choice(state) == Attack("missiles", "autobot_1", "deceptacon_1")


def test_ts_ai_uses_the_cheapest_card_that_reaches() -> None:
    """AI: adjacent targets are hit with a range-1 card, keeping Missiles for later."""
    state = position(
        {"autobot_1": "d4", "megatron": "d5"},
        hands=(["missiles", "punch"], []),
        phase=Phase.FIRE,
    )
    assert choice(state) == Attack("punch", "autobot_1", "megatron")


def test_ts_ai_keeps_defense_cards_and_drops_useless_ones_at_the_hand_limit() -> None:
    """AI: at the hand limit it throws away a card no unit can use (Fly without air
    units) or a spare Move card, never its Defense cards."""
    hand = ["legs", "legs", "fly", "missiles", "shield", "armor"]
    state = position({"autobot_1": "a1", "megatron": "h8"}, hands=(hand, []), phase=Phase.DISCARD)
    assert choice(state) == Discard("fly")
    state.apply(Discard("fly"))
    state.hands[0].append("wheels_cruise")
    state.sort_hand(0)
    state.phase = Phase.DISCARD
    assert choice(state) in (Discard("legs"), Discard("wheels_cruise"))


def test_ts_ai_plays_tactics_and_repairs_the_damaged_unit() -> None:
    """AI: Tactics is always worth playing; Repairs goes to the damaged unit."""
    state = position(
        {"autobot_1": "a1", "hot_shot": "b1", "megatron": "h8"},
        hands=(["tactics", "repairs"], []),
        phase=Phase.ORDERS,
        damage={"hot_shot": 2},
    )
    assert choice(state) == Play("tactics")
    state.hands[0].remove("tactics")
    assert choice(state) == Play("repairs", "hot_shot")


def test_ts_ai_defends_with_the_most_restricted_card_that_fits() -> None:
    """AI: when a hit is worth a card (here Megatron is down to his last 2 hits), it
    spends Heavy Armor before a Shield any unit could use."""
    state = position(
        {"autobot_1": "a1", "megatron": "a2"},
        hands=(["punch"], ["heavy_armor", "shield"]),
        phase=Phase.FIRE,
        damage={"megatron": 2},
    )
    state.apply(Attack("punch", "autobot_1", "megatron"))
    assert choice(state) == Defend("heavy_armor")


def test_ts_ai_moves_into_range_of_a_weak_enemy() -> None:
    """AI (one-ply lookahead): it moves a unit so that its Attack card reaches the
    enemy it can finish off this turn."""
    state = position(
        {"autobot_1": "c2", "optimus_prime": "h1", "deceptacon_1": "d5", "megatron": "h8"},
        hands=(["legs", "tracks_glide", "punch"], []),
        damage={"deceptacon_1": 1},
    )
    action = choice(state)
    assert isinstance(action, (Move, Mass))
    state.apply(action)
    assert Attack("punch", "autobot_1", "deceptacon_1") in state.legal_actions()


def test_ts_ai_uses_the_mass_move_to_advance_many_units() -> None:
    """AI: far from the enemy, one card moving the whole line forward beats moving one."""
    row = {f"autobot_{i}": f"{'abcde'[i - 1]}1" for i in range(1, 6)}
    state = position({**row, "megatron": "h8"}, hands=(["legs"], []))
    assert choice(state) == Mass("legs")


def test_ts_ai_passes_without_useful_cards() -> None:
    """AI: with nothing to attack it passes the fire phase."""
    state = position({"autobot_1": "a1", "megatron": "h8"}, hands=(["punch"], []), phase=Phase.FIRE)
    assert choice(state) == Pass()


def test_ts_ai_beats_the_random_bot() -> None:
    """AI: it wins against uniformly random play from either seat."""
    for seed, seats in ((5, ["ai", "random"]), (6, ["random", "ai"])):
        result = play_match("transformers_skirmish", seed, seats)
        assert result.outcome is not None
        assert result.outcome.winners == (seats.index("ai"),)


def test_ts_ai_ranks_its_choices_best_first_for_the_hard_level() -> None:
    """``ranked`` (the hard level's challengers): the first entry is what ``choose``
    plays, shots follow by target value (the weaker enemy first) with Pass last, moves
    are legal and named once, and a shorter ranking is the longer one's head."""
    state = position(
        {"autobot_1": "d4", "megatron": "d6", "deceptacon_1": "f6", "demolisher": "b4"},
        hands=(["missiles", "punch"], []),
        phase=Phase.FIRE,
        damage={"deceptacon_1": 1, "megatron": 1},
    )
    view = state.view(0)
    ranked = SkirmishBot(0, Rng(1)).ranked(view, 20)
    assert ranked[0] == choice(state) == Attack("missiles", "autobot_1", "deceptacon_1")
    assert ranked[-1] == Pass() and len(set(ranked)) == len(ranked)
    targets = [a.target for a in ranked if isinstance(a, Attack)]
    assert targets.index("deceptacon_1") < targets.index("megatron")
    state = position(
        {"autobot_1": "c2", "optimus_prime": "h1", "deceptacon_1": "d5", "megatron": "h8"},
        hands=(["legs", "tracks_glide", "punch"], []),
        damage={"deceptacon_1": 1},
    )
    view = state.view(0)
    ranked = SkirmishBot(0, Rng(1)).ranked(view, 5)
    assert ranked[0] == choice(state) and len(ranked) == 5 and len(set(ranked)) == 5
    assert all(state.why_not(a) is None for a in ranked)
    assert SkirmishBot(0, Rng(1)).ranked(view, 2) == ranked[:2]
