"""Transformers Skirmish hints: which cards are playable and why the others are not.

The table greys out the cards no legal action uses and explains why on hover; these tests
pin the explanations against hand-made positions.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from transformers_support import position

from game.rules.transformers_skirmish.actions import Pass
from game.rules.transformers_skirmish.board import parse_square
from game.rules.transformers_skirmish.events import Phase
from game.rules.transformers_skirmish.hints import action_card, card_reason, playable_cards
from game.rules.transformers_skirmish.state import SkirmishState
from game.rules.transformers_skirmish.view import PendingAttack


def test_ts_hint_playable_iff_some_legal_action_uses_the_card() -> None:
    """A card is playable exactly when a legal action spends it; pass spends none."""
    state = position(
        {"optimus_prime": "d1", "megatron": "d8"},
        hands=(["legs", "punch"], []),
        phase=Phase.MOVE,
    )
    legal = state.view(0).legal_actions
    assert playable_cards(legal) == {"legs"}
    assert action_card(Pass()) is None
    assert card_reason(state.view(0), "legs") is None


def test_ts_hint_wrong_phase_names_the_phase() -> None:
    """Turn Sequence: Attack cards wait for the fire phase, Move cards for the move phase,
    special cards for the orders phase; the hint says which phase it is now."""
    state = position(
        {"optimus_prime": "d1", "megatron": "d2"},
        hands=(["legs", "punch", "tactics", "armor"], []),
        phase=Phase.MOVE,
    )
    view = state.view(0)
    assert "fire phase" in (card_reason(view, "punch") or "")
    assert "now: move phase" in (card_reason(view, "punch") or "")
    assert "orders phase" in (card_reason(view, "tactics") or "")
    assert "cancel an attack" in (card_reason(view, "armor") or "")


def test_ts_hint_air_only_move_without_air_unit() -> None:
    """Card List: Fly moves air types only; with no air unit left it is greyed with that
    reason."""
    state = position(
        {"optimus_prime": "d1", "megatron": "d8"},
        hands=(["fly"], []),
        phase=Phase.MOVE,
    )
    reason = card_reason(state.view(0), "fly")
    assert reason is not None and "air units only" in reason and "none left" in reason


def test_ts_hint_no_room_to_move() -> None:
    """Move Phase: a ground unit boxed in by other units has nowhere to go."""
    boxed = {"autobot_1": "a1", "autobot_2": "a2", "autobot_3": "b1", "autobot_4": "b2"}
    state = position({**boxed, "megatron": "h8"}, hands=(["legs"], []), phase=Phase.MOVE)
    # Box the four in with the board edge and enemy units on a3, b3, c1, c2, c3.
    for name, square in (("deceptacon_1", "c1"), ("deceptacon_2", "c2"), ("deceptacon_3", "c3")):
        state.units[name].destroyed = False
        state.units[name].square = parse_square(square)
    for name, square in (("deceptacon_4", "a3"), ("deceptacon_5", "b3")):
        state.units[name].destroyed = False
        state.units[name].square = parse_square(square)
    view = state.view(0)
    assert "legs" not in playable_cards(view.legal_actions)
    assert "room to move" in (card_reason(view, "legs") or "")


def test_ts_hint_minicon_attack_without_minicon_and_out_of_range() -> None:
    """Card List: Minicon Attack needs a unit with a Minicon; with one, but no enemy within
    2 squares on a clear line, the hint says nothing is in range."""
    state = position(
        {"optimus_prime": "d1", "megatron": "d8"},
        hands=(["minicon_attack", "missiles"], []),
        phase=Phase.FIRE,
    )
    reason = card_reason(state.view(0), "minicon_attack")
    assert reason is not None and "Minicon" in reason and "none left" in reason
    state = position(
        {"optimus_prime": "d1", "megatron": "d8"},
        minicons=["optimus_prime"],
        hands=(["minicon_attack", "missiles"], []),
        phase=Phase.FIRE,
    )
    reason = card_reason(state.view(0), "minicon_attack")
    assert reason is not None and "No enemy within 2 squares" in reason
    assert "a unit with a Minicon" in reason
    assert "within 3 squares" in (card_reason(state.view(0), "missiles") or "")


def test_ts_hint_blocked_line_means_no_target() -> None:
    """Fire Phase: units block lines of fire, so an enemy behind a friend is no target."""
    state = position(
        {"optimus_prime": "a1", "autobot_1": "a3", "megatron": "a2"},
        minicons=["optimus_prime"],
        hands=(["minicon_attack"], []),
        phase=Phase.FIRE,
    )
    assert "minicon_attack" in playable_cards(state.view(0).legal_actions)
    # The friend now stands between Optimus Prime (the only Minicon) and Megatron.
    state.units["autobot_1"].square = parse_square("a2")
    state.units["megatron"].square = parse_square("a3")
    view = state.view(0)
    assert "minicon_attack" not in playable_cards(view.legal_actions)
    assert "clear straight line" in (card_reason(view, "minicon_attack") or "")


def test_ts_hint_repairs_needs_a_damaged_unit() -> None:
    """Card List: Repairs removes damage, so with no damaged unit it cannot be played."""
    state = position(
        {"optimus_prime": "d1", "megatron": "d8"}, hands=(["repairs"], []), phase=Phase.ORDERS
    )
    assert card_reason(state.view(0), "repairs") == "None of your units is damaged."
    state.units["optimus_prime"].damage = 1
    assert card_reason(state.view(0), "repairs") is None


def test_ts_hint_defence_cards_by_target_type() -> None:
    """Card List: Heavy Armor protects ground types only, Evasion air types only; while
    answering an attack only Defense cards help."""
    state = position(
        {"optimus_prime": "d1", "megatron": "d2"},
        air=["optimus_prime"],
        hands=([], ["heavy_armor", "evasion", "punch"]),
        phase=Phase.DEFEND,
        active=1,
    )
    state.pending = PendingAttack("punch", "megatron", "optimus_prime")
    state.hands[0] = ["heavy_armor", "evasion", "punch"]
    view = state.view(0)
    assert playable_cards(view.legal_actions) == {"evasion"}
    reason = card_reason(view, "heavy_armor")
    assert reason is not None and "ground units only" in reason and "air unit" in reason
    assert card_reason(view, "punch") == "Only a Defense card can answer the attack."
    # The attacker waits: its cards say who is answering.
    assert "answering your attack" in (card_reason(state.view(1), "evasion") or "")


def test_ts_hint_not_your_turn_and_spectator() -> None:
    """Turn Sequence: players take turns; cards wait for your own turn."""
    state = position(
        {"optimus_prime": "d1", "megatron": "d8"}, hands=([], ["legs"]), phase=Phase.MOVE
    )
    assert card_reason(state.view(1), "legs") == "It is the Autobots' turn."
    assert card_reason(state.view(None), "legs") == "You are watching this game."


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=10_000), st.integers(min_value=0, max_value=40))
def test_ts_hint_reason_exactly_for_unplayable_cards(seed: int, steps: int) -> None:
    """Invariant: on any reachable position, every card in the acting player's hand has a
    reason exactly when no legal action uses it."""
    state = SkirmishState.new(seed)
    for i in range(steps):
        legal = state.legal_actions()
        if not legal:
            break
        state.apply(legal[(seed + i * 7) % len(legal)])
    seat = state.current_player()
    if seat is None:
        return
    view = state.view(seat)
    usable = playable_cards(view.legal_actions)
    for card in view.hand or ():
        reason = card_reason(view, card)
        assert (reason is None) == (card in usable), (card, reason)
        if reason is not None:
            assert "cannot be played now" not in reason, (card, reason, view.phase)
