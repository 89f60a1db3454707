"""'65 sequence of play (5) and the player impulse (6), through the state machine."""

from __future__ import annotations

from sixty_five_support import DATA, all_cards, card_with, new_state, unit

from game.rules.sixty_five.actions import (
    ChooseInitiative,
    Decline,
    Discard,
    Done,
    Draw,
    EndImpulse,
    Follow,
    Keep,
    Pass,
    Play,
    React,
    ReserveMove,
)
from game.rules.sixty_five.data import HitColour, Marker
from game.rules.sixty_five.events import DamageCard, EndTurnDrawn, FireDeclared, HitIgnored
from game.rules.sixty_five.state import Phase

ALL = sorted(c.id for c in DATA.cards)


def two_sides():  # type: ignore[no-untyped-def]
    return [unit("us1", "us_rifle", 0, "1C3"), unit("vc1", "vc_rifle", 1, "1E3")]


def test_65_5a_deal_four_each_end_turn_cards_set_aside_and_counted() -> None:
    """'65 5a: each hand is dealt to four; End Turn cards never reach a hand, they are
    set aside and counted."""
    for seed in range(12):
        state, events = new_state(two_sides(), seed)
        w = state.world
        assert [len(h) for h in w.hands] == [4, 4]
        assert not any(DATA.card(c).end_turn for h in w.hands for c in h)
        assert w.end_turns == len(w.set_aside) == sum(isinstance(e, EndTurnDrawn) for e in events)
        assert all_cards(state) == ALL


def _force_hands(state, a: list[str], b: list[str]) -> None:  # type: ignore[no-untyped-def]
    w = state.world
    for seat, cards in ((0, a), (1, b)):
        w.draw_pile.extend(w.hands[seat])
        w.hands[seat].clear()
        for c in cards:
            w.draw_pile.remove(c)
            w.hands[seat].append(c)


def _ids(**wanted: object) -> list[str]:
    return [c.id for c in DATA.cards if all(getattr(c, k) == v for k, v in wanted.items())]


def test_65_5b_higher_tn_wins_discards_and_plays_with_three() -> None:
    """'65 5b: the higher TN wins and discards the card (no redraw: three cards for the
    first impulse); the loser takes his card back."""
    state, _ = new_state(two_sides())
    high, low = _ids(tn=9, end_turn=False)[0], _ids(tn=1, end_turn=False)[0]
    rest = [c for c in ALL if c not in (high, low) and not DATA.card(c).end_turn]
    _force_hands(state, [low, *rest[:3]], [high, *rest[3:6]])
    state.apply(ChooseInitiative(low))
    assert state.current_player() == 1
    state.apply(ChooseInitiative(high))
    assert state.initiative == 1 and state.phase is Phase.IMPULSE
    assert state.current_player() == 1 and high in state.world.discard
    assert len(state.world.hands[1]) == 3 and low in state.world.hands[0]
    assert state.why_not(Draw()) is not None  # the winner's first impulse has no draw
    assert all_cards(state) == ALL


def test_65_5b_miss_is_lower_than_any_number_and_apf_breaks_a_tie() -> None:
    """'65 5b: "Miss" loses to even -2; equal TNs are decided by the APF bonus."""
    miss = DATA.card(_ids(tn="miss", end_turn=False)[0])
    low = DATA.card(_ids(tn=-2)[0])
    assert miss.initiative_key < low.initiative_key
    fives = [DATA.card(c) for c in _ids(tn=5, end_turn=False)]
    a, b = next((x, y) for x in fives for y in fives if (x.apf or -100) > (y.apf or -100))
    assert a.initiative_key > b.initiative_key


def test_65_5b_a_full_tie_reveals_again_winner_discards_one_loser_keeps_both() -> None:
    """'65 5b: on equal TN and APF both reveal another card; the winner discards one
    card of his choice, the loser keeps both."""
    state, _ = new_state(two_sides())
    twins = [
        (x.id, y.id)
        for x in DATA.cards
        for y in DATA.cards
        if x.id < y.id and not x.end_turn and not y.end_turn
        and x.initiative_key == y.initiative_key
    ]  # fmt: skip
    t0, t1 = twins[0]
    high, low = _ids(tn=10, end_turn=False)[0], _ids(tn=-1, end_turn=False)[0]
    rest = [c for c in ALL if c not in (t0, t1, high, low) and not DATA.card(c).end_turn]
    _force_hands(state, [t0, high, *rest[:2]], [t1, low, *rest[2:4]])
    state.apply(ChooseInitiative(t0))
    state.apply(ChooseInitiative(t1))
    assert state.phase is Phase.INITIATIVE and state.current_player() == 0
    state.apply(ChooseInitiative(high))
    state.apply(ChooseInitiative(low))
    assert state.phase is Phase.INITIATIVE_DISCARD and state.current_player() == 0
    assert all_cards(state) == ALL  # the loser's cards are back in his hand, once
    assert state.why_not(Discard(rest[0])) is not None
    state.apply(Discard(t0))
    assert t0 in state.world.discard and high in state.world.hands[0]
    assert t1 in state.world.hands[1] and low in state.world.hands[1]
    assert all_cards(state) == ALL


def _to_impulse(state, seat: int = 0) -> None:  # type: ignore[no-untyped-def]
    """Bid so that ``seat`` wins the initiative."""
    w = state.world
    cards = [sorted(h, key=lambda c: DATA.card(c).initiative_key) for h in w.hands]
    bid = {seat: cards[seat][-1], 1 - seat: cards[1 - seat][0]}
    if DATA.card(bid[seat]).initiative_key <= DATA.card(bid[1 - seat]).initiative_key:
        raise AssertionError("seed gives no clear initiative")
    state.apply(ChooseInitiative(bid[0]))
    state.apply(ChooseInitiative(bid[1]))
    assert state.initiative == seat and state.phase is Phase.IMPULSE


def test_65_5c_two_passes_in_a_row_end_the_turn() -> None:
    """'65 4h, 5c, 6a: both players pass one after the other: the Reserve phase."""
    state, _ = new_state(two_sides(), 3)
    _to_impulse(state)
    state.apply(Pass())
    assert state.current_player() == 1 and state.phase is Phase.IMPULSE
    assert state.why_not(Play("c01", "fire")) is not None  # must draw or pass first
    state.apply(Pass())
    assert state.phase is Phase.RESERVE and state.current_player() == 0


def test_65_6a_a_draw_resets_the_pass_count() -> None:
    """Rules version 1: any draw resets the pass count, even one that brings nothing."""
    state, _ = new_state(two_sides(), 3)
    state.world.edition = 1
    _to_impulse(state)
    state.apply(Pass())
    assert len(state.world.hands[1]) == 4  # the loser's hand is full: the draw brings none
    state.apply(Draw())
    assert state.why_not(Pass()) is not None  # drawing was doing something (4f)
    state.apply(EndImpulse())
    state.apply(Pass())
    assert state.phase is Phase.IMPULSE and state.current_player() == 1


def test_65_interpretation_19_a_full_hands_empty_impulse_counts_as_a_pass() -> None:
    """Interpretation 19: an impulse in which no card came into the hand and none was
    played or discarded counts as a pass, so two such impulses (or one after a pass)
    end the turn instead of going round for ever."""
    state, _ = new_state(two_sides(), 3)
    _to_impulse(state)
    state.apply(Pass())
    assert len(state.world.hands[1]) == 4
    state.apply(Draw())  # nothing comes
    state.apply(EndImpulse())
    assert state.phase is Phase.RESERVE


def test_65_interpretation_19_a_draw_that_brings_a_card_or_a_discard_is_no_pass() -> None:
    state, _ = new_state(two_sides(), 3)
    _to_impulse(state)
    state.apply(Pass())
    state.apply(Draw())
    state.apply(Discard(state.world.hands[1][0]))  # doing something: no pass
    state.apply(EndImpulse())
    assert state.phase is Phase.IMPULSE and state.current_player() == 0 and state.passes == 0
    state.apply(Draw())  # player 0 had three cards: one comes
    assert len(state.world.hands[0]) == 4 and not state.idle
    state.apply(EndImpulse())
    state.apply(Draw())  # player 1 draws the discarded card's place back
    state.apply(EndImpulse())
    assert state.phase is Phase.IMPULSE and state.passes == 0
    state.apply(Draw())  # player 0: full hand, nothing comes: a pass
    state.apply(EndImpulse())
    assert state.passes == 1 and state.phase is Phase.IMPULSE
    state.apply(Draw())  # player 1: full too: the second pass in a row ends the turn
    state.apply(EndImpulse())
    assert state.phase is Phase.RESERVE


def test_65_5c_the_end_turn_count_ends_the_turn() -> None:
    """'65 5c: when the scenario's count of End Turn cards has been drawn the turn goes
    to the Reserve phase."""
    for seed in range(40):
        state, _ = new_state(two_sides(), seed, limit=1)
        if state.world.end_turns:
            continue
        if not _clear(state):
            continue
        _to_impulse(state)
        for _ in range(60):
            if state.phase is not Phase.IMPULSE:
                break
            seat = state.current_player()
            action = Draw() if Draw() in state.candidate_actions() else EndImpulse()
            if action == EndImpulse() and not state.discards and state.world.hands[seat]:
                action = Discard(state.world.hands[seat][0])  # so the next draw draws
            if state.why_not(action) is not None:
                action = Pass()
            state.apply(action)
        if state.world.end_turns == 1:
            assert state.phase is Phase.RESERVE
            return
    raise AssertionError("no seed reached an End Turn card")


def _clear(state) -> bool:  # type: ignore[no-untyped-def]
    keys = [sorted(DATA.card(c).initiative_key for c in h) for h in state.world.hands]
    return keys[0][-1] > keys[1][0]


def _impulse_with(state, seat: int, cards: list[str]) -> None:  # type: ignore[no-untyped-def]
    """Put ``cards`` in ``seat``'s hand (swapping out others) during its impulse."""
    w = state.world
    for c in cards:
        if c in w.hands[seat]:
            continue
        for pile in (w.draw_pile, w.discard, w.hands[1 - seat]):
            if c in pile:
                pile.remove(c)
                break
        out = next(x for x in w.hands[seat] if x not in cards)
        w.hands[seat].remove(out)
        w.draw_pile.insert(0, out)
        w.hands[seat].append(c)


def _decline_all(state) -> None:  # type: ignore[no-untyped-def]
    while state.world.pending:
        state.apply(Decline())


def test_65_6b_one_action_per_impulse_and_command_ops_adds_two() -> None:
    """'65 6b: one Action per impulse; 18d Command Ops: two more."""
    state, _ = new_state([*two_sides(), unit("us2", "us_rifle", 0, "1A1")], 5)
    _to_impulse(state)
    second_wind = _ids(upper="second_wind")
    ops = next(c for c in _ids(lower="command_ops") if c not in second_wind)
    moves = [c for c in _ids(upper="move") if c != ops][:2]
    _impulse_with(state, 0, [ops, *moves])
    state.apply(Play(moves[0], "move", ("us2",), path=("1B1",)))
    _decline_all(state)
    assert "one Action" in (state.why_not(Play(moves[1], "move", ("us1",), path=("1B3",))) or "")
    state2, _ = new_state([*two_sides(), unit("us2", "us_rifle", 0, "1A1")], 5)
    _to_impulse(state2)
    _impulse_with(state2, 0, [ops, *moves])
    state2.apply(Play(ops, "command_ops"))
    assert state2.actions_left == 2
    state2.apply(Play(moves[0], "move", ("us2",), path=("1B1",)))
    _decline_all(state2)
    state2.apply(Play(moves[1], "move", ("us1",), path=("1B3",)))
    _decline_all(state2)
    assert state2.world.units["us1"].marker is Marker.MOVED
    assert state2.actions_left == 0


def test_65_6d_discard_up_to_two_then_nothing_more() -> None:
    state, _ = new_state(two_sides(), 3)
    _to_impulse(state)
    hand = list(state.world.hands[0])
    state.apply(Discard(hand[0]))
    state.apply(Discard(hand[1]))
    assert "two" in (state.why_not(Discard(hand[2])) or "")
    assert state.why_not(EndImpulse()) is None


def test_65_10c_example_2_through_a_power_card_and_the_reaction_windows() -> None:
    """'65 10c combat example 2 played: a Power card fires the US Rifle's 40mm at range 2:
    a Damage Draw of 4; the Rifle is Ops Complete. The defender gets a window before the
    draw and one at each hit (Light Wounds ignores it, 20c)."""
    state, _ = new_state(two_sides(), 7, d3="brush")
    _to_impulse(state)
    power = _ids(power=True)[0]
    _impulse_with(state, 0, [power])
    w = state.world
    hit = card_with(hit=HitColour.GREEN, end_turn=False).id
    miss = card_with(hit=None, end_turn=False).id
    for c in (hit, miss):
        for pile in (w.draw_pile, w.discard, w.hands[1]):
            if c in pile:
                pile.remove(c)
    w.draw_pile += [miss, hit]  # top is the end: hit first, then miss
    lw = next(c for c in _ids(lower="light_wounds") + _ids(upper="light_wounds"))
    _impulse_with(state, 1, [lw])
    events = state.apply(Play(power, "power", ("us1",), "vc1"))
    fired = next(e for e in events if isinstance(e, FireDeclared))
    assert dict(fired.numbers)["damage_draw"] == 4
    assert w.units["us1"].marker is Marker.OPS_COMPLETE
    assert state.current_player() == 1  # window before the draw
    assert state.why_not(Play(power, "fire")) is not None
    state.apply(Decline())
    assert state.current_player() == 1  # the first card hit: window for Light Wounds
    events = state.apply(React(lw, "light_wounds"))
    assert any(isinstance(e, HitIgnored) for e in events)
    assert not w.units["vc1"].shaken
    draws = [e for e in events if isinstance(e, DamageCard)]
    assert draws and draws[0].card == miss and not draws[0].hit
    while state.current_player() == 1 and w.pending:
        state.apply(Decline())
    assert w.attack is None and state.current_player() == 0
    assert all_cards(state) == ALL


def test_65_5d_5e_reserve_then_clean_up_then_the_next_turn() -> None:
    """'65 5d: the initiative player moves first, then the other; 5e: markers go,
    Shaken stays, each keeps at most one card, the next turn is dealt."""
    units = [*two_sides(), unit("us2", "us_rifle", 0, "1A1")]
    units[0].shaken = True
    state, _ = new_state(units, 3, turns=2)
    _to_impulse(state)
    state.apply(Pass())
    state.apply(Pass())
    assert state.phase is Phase.RESERVE and state.current_player() == 0
    assert state.why_not(ReserveMove("us2", ("1B1",))) is None
    state.apply(ReserveMove("us2", ("1B1",)))
    assert state.why_not(ReserveMove("us2", ("1C1",))) is not None  # moved once
    state.apply(Done())
    assert state.current_player() == 1
    state.apply(Done())
    assert state.phase is Phase.CLEAN_UP
    assert state.world.units["us2"].marker is None and state.world.units["us1"].shaken
    keep = state.world.hands[0][0]
    state.apply(Keep(keep))
    state.apply(Keep(None))
    assert state.turn == 2 and state.phase is Phase.INITIATIVE
    assert keep in state.world.hands[0] and len(state.world.hands[0]) == 4
    assert all_cards(state) == ALL


def test_65_interpretation_1_end_turns_in_the_deal_count_but_hands_fill() -> None:
    """Interpretation 1: End Turn cards that come up in the deal count; if they reach the
    scenario's number, hands are still dealt to four, the initiative is bid, and the turn
    goes straight to the Reserve phase."""
    state, _ = new_state(two_sides(), 1, limit=3)
    w = state.world
    ends = [c.id for c in DATA.cards if c.end_turn]
    w.hands[0].clear()
    w.hands[1].clear()
    w.set_aside.clear()
    w.end_turns = 0
    w.draw_pile = [*ends[3:], *(c for c in ALL if c not in ends), *ends[:3]]  # top = end
    w.fill_hand(0, [], deal=True)
    w.fill_hand(1, [], deal=True)
    assert w.end_turns == 3 and w.turn_ending
    assert [len(h) for h in w.hands] == [4, 4]
    assert all_cards(state) == ALL
    state.apply(ChooseInitiative(w.hands[0][0]))
    state.apply(ChooseInitiative(w.hands[1][0]))
    while state.phase is Phase.INITIATIVE_DISCARD or state.phase is Phase.INITIATIVE:
        state.apply(state.candidate_actions()[0])
    assert state.phase is Phase.RESERVE


def test_65_22f_dixon_lays_smoke_which_fades_at_clean_up() -> None:
    """'65 22f, 5e: Dixon's Smoke Power lays Smoke 2 in his or an adjacent hex (Ops
    Complete); at clean-up Smoke 2 becomes Smoke 1, and Smoke 1 goes."""
    units = [unit("dixon", "dixon", 0, "1C3"), unit("vc1", "vc_rifle", 1, "1H3")]
    state, _ = new_state(units, 3, turns=3)
    _to_impulse(state)
    power = _ids(power=True)[0]
    _impulse_with(state, 0, [power])
    assert "at most 1" in (state.why_not(Play(power, "power", ("dixon",), path=("1E3",))) or "")
    state.apply(Play(power, "power", ("dixon",), path=("1D3",)))
    field = state.world.field
    assert field.smoke == {"1D3": 2} and state.world.units["dixon"].marker is Marker.OPS_COMPLETE
    state.apply(EndImpulse())
    state.apply(Pass())
    state.apply(Pass())
    state.apply(Done())
    state.apply(Done())
    assert field.smoke == {"1D3": 1}
    state.apply(Keep(None))
    state.apply(Keep(None))
    state.phase, state.reserve_seat = Phase.RESERVE, state.initiative  # skip to Reserve
    state.apply(Done())
    state.apply(Done())
    assert field.smoke == {}


def test_65_18h_lets_get_em_moves_two_hexes_within_two_of_each_other() -> None:
    """'65 18h: Let's Get 'Em! moves the Leg units of one hex and then of a second hex
    that started within two hexes of the first; not a third; not after another card."""
    units = [
        unit("a", "us_rifle", 0, "1A1"),
        unit("b", "us_rifle", 0, "1C1"),
        unit("c", "us_rifle", 0, "1A5"),
        unit("vc1", "vc_rifle", 1, "1K6"),
    ]
    state, _ = new_state(units, 3, limit=5, turns=1)
    _to_impulse(state)
    lge = (
        _ids(upper="lets_get_em")[0] if _ids(upper="lets_get_em") else _ids(lower="lets_get_em")[0]
    )
    _impulse_with(state, 0, [lge])
    _decline_all(state)
    state.apply(Play(lge, "lets_get_em", ("a",), path=("1A2",)))
    _decline_all(state)
    assert "two hexes" in (state.why_not(Follow(("c",), ("1A4",))) or "")
    assert state.why_not(Follow(("b",), ("1C2",))) is None
    assert Follow(("b",), ("1C2",)) in state.candidate_actions()
    state.apply(Follow(("b",), ("1C2",)))
    _decline_all(state)
    w = state.world
    assert w.units["a"].hex == "1A2" and w.units["b"].hex == "1C2"
    assert w.units["b"].marker is Marker.MOVED
    assert state.why_not(Follow(("c",), ("1A4",))) is not None  # no third hex
