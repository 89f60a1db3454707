"""'65 Kickstarter expansion cards (18 r-y) under the option ``kickstarter=true``: the
deck with and without them, and each card's effect through the state machine."""

from __future__ import annotations

import pytest
from sixty_five_support import DATA, new_state, unit
from test_sixty_five_cards import _free, _rig
from test_sixty_five_flow import _impulse_with, _to_impulse

from game.rules.sixty_five import SixtyFive
from game.rules.sixty_five.actions import Decline, Draw, Play, React
from game.rules.sixty_five.data import Marker
from game.rules.sixty_five.events import FoxholeRedraw, WeatherDrawn
from game.rules.sixty_five.state import SixtyFiveState
from game.rules.sixty_five.world import Window

KICK = [c.id for c in DATA.kickstarter_cards]
MISS = [c.id for c in DATA.cards if c.hit is None and not c.end_turn]
GREEN = [c.id for c in DATA.cards if c.hit is not None and c.hit.value == "green"]


def _card(block: str) -> str:
    return next(c.id for c in DATA.kickstarter_cards if block in c.blocks)


def kick_state(units, seed: int = 3, **terrain: str) -> SixtyFiveState:  # type: ignore[no-untyped-def]
    """A Kickstarter game (its cards in the draw pile) in the Americans' started impulse."""
    state, _ = new_state(units, seed, **terrain)
    w = state.world
    w.kickstarter = True
    w.draw_pile = [*KICK, *w.draw_pile]  # under the pile: never dealt by accident
    _to_impulse(state, 0)
    if state.why_not(Draw()) is None:
        state.apply(Draw())
    state.started = True
    return state


def _give(state: SixtyFiveState, seat: int, cards: list[str]) -> None:
    w = state.world
    for c in cards:
        for pile in (w.draw_pile, w.discard, w.hands[1 - seat]):
            if c in pile:
                pile.remove(c)
    _impulse_with(state, seat, cards)


# -- the option and the deck ---------------------------------------------------------------------
def test_65_18_kickstarter_option_off_by_default_leaves_the_game_unchanged() -> None:
    """18 r-y are an option: off (the default, or said outright) the game is the base
    game byte for byte (same snapshot); on, the eight Kickstarter faces join the 54."""
    ruleset = SixtyFive()
    base = ruleset.new_game(11, {"scenario": "2"})
    off = ruleset.new_game(11, {"scenario": "2", "kickstarter": "false"})
    on = ruleset.new_game(11, {"scenario": "2", "kickstarter": "true"})
    assert base.snapshot() == off.snapshot()
    assert "kickstarter" not in base.snapshot()["world"]
    assert sorted(on.world.draw_pile) == sorted([*base.world.draw_pile, *KICK])
    assert len(on.world.draw_pile) == 54 + len(KICK)
    assert on.snapshot()["world"]["kickstarter"] is True


def test_65_18_kickstarter_counts_are_data_one_face_per_block_two_sneaks() -> None:
    """Designed data: each Kickstarter block on one card, Sneak on two; the 54 base cards
    and their probabilities stay as they are."""
    counts: dict[str, int] = {}
    for card in DATA.kickstarter_cards:
        for b in card.blocks:
            counts[b] = counts.get(b, 0) + 1
    kick = ["sudden_downpour", "scrape", "sneak", "punji_stakes", "claymore", "tactics"]
    kick += ["recon_patrol", "regroup"]
    assert {b: counts[b] for b in kick} == {b: 2 if b == "sneak" else 1 for b in kick}
    assert len(DATA.cards) == 54


def test_65_18_kickstarter_designed_probabilities_are_those_the_docs_state() -> None:
    """Designed data (docs): 62 cards with the option; a hand of four holds a Kickstarter
    card 46.4% of the time; P(green Hit) 25/62; a Downpour's check card shows a Hit 40/61."""
    from math import comb

    every = [*DATA.cards, *DATA.kickstarter_cards]
    playing = [c for c in every if not c.end_turn]
    assert (len(every), len(playing)) == (62, 57)
    assert round(1 - comb(49, 4) / comb(57, 4), 3) == 0.464
    assert sum(1 for c in every if c.hit is not None and c.hit.value == "green") == 25
    others = [c for c in every if "sudden_downpour" not in c.blocks]
    assert (sum(1 for c in others if c.hit is not None), len(others)) == (40, 61)


# -- 18s Scrape ----------------------------------------------------------------------------------
def test_65_18s_scrape_digs_a_foxhole_ops_complete_and_another_action() -> None:
    """'65 18s: Scrape: a non-Hero Leg unit digs a foxhole in its hex; the unit is Ops
    Complete and the player may take another action."""
    state = kick_state([unit("us1", "us_rifle", 0, "1C3"), unit("vc1", "vc_rifle", 1, "1E3")])
    card = _card("scrape")
    _give(state, 0, [card])
    before = state.actions_left
    state.apply(Play(card, "scrape", ("us1",)))
    w = state.world
    assert w.foxholes == ["1C3"] and w.units["us1"].marker is Marker.OPS_COMPLETE
    assert state.actions_left == before  # the action is still to take
    assert "foxhole already" in (state.why_not(Play(card, "scrape", ("us1",))) or "") or (
        card not in w.hands[0]
    )


def test_65_18s_scrape_no_hero_nor_building_and_not_twice() -> None:
    """18s, 23: a Hero may not Scrape, nor may anyone in a building hex."""
    state = kick_state(
        [unit("riggs", "riggs", 0, "1C3"), unit("us1", "us_rifle", 0, "1D3"),
         unit("vc1", "vc_rifle", 1, "1H3")], d3="building",
    )  # fmt: skip
    card = _card("scrape")
    _give(state, 0, [card])
    assert "non-Hero Leg" in (state.why_not(Play(card, "scrape", ("riggs",))) or "")
    assert "building" in (state.why_not(Play(card, "scrape", ("us1",))) or "")


def _attack_events(state: SixtyFiveState, play: Play) -> list[object]:
    events = list(state.apply(play))
    while state.world.pending:
        events.extend(state.apply(Decline()))
    return events


def test_65_23a_18s_a_foxhole_redraws_the_first_hit_of_an_attack() -> None:
    """23a with 18s: the first Hit drawn against a Leg unit in a dug foxhole is set aside
    and another card drawn: two green Hits give one hit (Shaken); without the foxhole
    the same cards give two (Shaken, then reduced)."""
    for holes in ([], ["1E3"]):
        state = kick_state([unit("us1", "us_rifle", 0, "1C3"), unit("vc1", "vc_rifle", 1, "1E3")])
        w = state.world
        w.foxholes.extend(holes)
        fire = next(c for c in w.hands[0] if "fire" in DATA.card(c).blocks)
        _rig(state, [*_free(state, GREEN)[:2], *_free(state, MISS)[:4]])
        events = _attack_events(state, Play(fire, "fire", ("us1",), "vc1"))
        redrawn = [e for e in events if isinstance(e, FoxholeRedraw)]
        assert len(redrawn) == len(holes)
        assert w.units["vc1"].reduced is (not holes)


# -- 18t Sneak -----------------------------------------------------------------------------------
def test_65_18t_sneak_moves_one_unit_one_hex() -> None:
    """'65 18t: Sneak: one unit moves one hex, no farther."""
    state = kick_state([unit("us1", "us_rifle", 0, "1C3"), unit("vc1", "vc_rifle", 1, "1H3")])
    card = _card("sneak")
    _give(state, 0, [card])
    assert "one hex" in (state.why_not(Play(card, "sneak", ("us1",), path=("1D3", "1E3"))) or "")
    state.apply(Play(card, "sneak", ("us1",), path=("1D3",)))
    assert state.world.units["us1"].hex == "1D3"
    assert state.world.units["us1"].marker is Marker.MOVED


def test_65_18t_sneak_into_cover_draws_no_opportunity_fire() -> None:
    """'65 18t: no Opportunity Fire when the hex entered has cover 1 or more (jungle);
    into a clear hex in sight the enemy may fire as ever (11)."""
    for terrain, window in (("jungle", False), ("clear", True)):
        state = kick_state(
            [unit("us1", "us_rifle", 0, "1C3"), unit("vc1", "vc_rifle", 1, "1F3")],
            d3=terrain,
        )
        card = _card("sneak")
        _give(state, 0, [card])
        assert (DATA.terrain[terrain].cover >= 1) is (not window)
        state.apply(Play(card, "sneak", ("us1",), path=("1D3",)))
        opened = any(p.window is Window.OPPORTUNITY for p in state.world.pending)
        assert opened is window


def test_65_18t_sneak_into_an_enemy_hex_assaults_with_ambush() -> None:
    """'65 18t: a Sneak into an enemy hex is an assault with the effect of Ambush (19b)."""
    state = kick_state([unit("us1", "us_rifle", 0, "1C3"), unit("vc1", "vc_rifle", 1, "1D3")])
    card = _card("sneak")
    _give(state, 0, [card])
    assert "support" in (
        state.why_not(Play(card, "sneak", ("us1",), path=("1D3",), supports=("c01",))) or ""
    )
    state.apply(Play(card, "sneak", ("us1",), path=("1D3",)))
    w = state.world
    assert w.assaults["1D3"] == [("us1", "1C3")]
    assert (0, "ambush") in w.assault_cards["1D3"]


# -- 18w Tactics ---------------------------------------------------------------------------------
def test_65_18w_tactics_fires_from_two_hexes_within_two_of_each_other() -> None:
    """'65 18w: Tactics: one unit fires, then a unit of another hex within two hexes of
    the first fires (both at the named target, Interpretation 33)."""
    units = [unit("us1", "us_rifle", 0, "1C3"), unit("us2", "us_rifle", 0, "1C5"),
             unit("us3", "us_rifle", 0, "1C6"), unit("vc1", "vc_rifle", 1, "1E4")]  # fmt: skip
    state = kick_state(units)
    card = _card("tactics")
    _give(state, 0, [card])
    far = state.why_not(Play(card, "tactics", ("us1", "us3"), "vc1"))
    assert "within two hexes" in (far or "")
    same = state.why_not(Play(card, "tactics", ("us1", "us1"), "vc1"))
    assert same is not None
    _rig(state, _free(state, MISS)[:12])
    state.apply(Play(card, "tactics", ("us1", "us2"), "vc1"))
    while state.world.pending:
        state.apply(Decline())
    w = state.world
    assert w.units["us1"].marker is Marker.FIRED and w.units["us2"].marker is Marker.FIRED
    assert w.last_target == {"us1": "vc1", "us2": "vc1"}


def test_65_18w_explain_gives_both_shots_and_the_odds_of_them_together() -> None:
    """'65 18w in the calculator: Tactics lists each unit's shot as it would fire alone,
    and its outcomes are one hypergeometric draw of both Damage Draws' cards (the second
    shot draws after the first from the same unseen cards)."""
    from game.rules.sixty_five.combat.calculator import hit_chances

    units = [unit("us1", "us_rifle", 0, "1C3"), unit("us2", "us_rifle", 0, "1C5"),
             unit("vc1", "vc_rifle", 1, "1E4")]  # fmt: skip
    state = kick_state(units)
    card = _card("tactics")
    _give(state, 0, [card])
    tactics = state.explain(Play(card, "tactics", ("us1", "us2"), "vc1"))
    first, second = tactics.numbers["first"], tactics.numbers["second"]
    assert first["damage_draw"] > 0 and second["damage_draw"] > 0
    total = first["damage_draw"] + second["damage_draw"]
    assert tactics.numbers["damage_draw"] == total
    unseen, hitting = tactics.numbers["unseen_cards"], tactics.numbers["unseen_hits"]
    chances = hit_chances(unseen, hitting, total)
    assert tactics.outcomes["no effect"] == pytest.approx(chances[0])
    assert sum(tactics.outcomes.values()) == pytest.approx(1.0)
    assert tactics.outcomes["no effect"] < 1.0


# -- 18x Recon Patrol, 18y Regroup ---------------------------------------------------------------
def test_65_18x_recon_patrol_discards_a_random_enemy_card_and_gives_a_second_action() -> None:
    """'65 18x: one card of the opponent's hand, at random, is discarded; then the
    player may play a second action."""
    state = kick_state([unit("us1", "us_rifle", 0, "1C3"), unit("vc1", "vc_rifle", 1, "1H3")])
    card = _card("recon_patrol")
    _give(state, 0, [card])
    w = state.world
    theirs = list(w.hands[1])
    before = state.actions_left
    state.apply(Play(card, "recon_patrol"))
    gone = [c for c in theirs if c not in w.hands[1]]
    assert len(gone) == 1 and gone[0] in w.discard and len(w.hands[1]) == len(theirs) - 1
    assert state.actions_left == before  # the card's action is paid back: a second one
    picks = set()
    for seed in range(12):
        s2 = kick_state(
            [unit("us1", "us_rifle", 0, "1C3"), unit("vc1", "vc_rifle", 1, "1H3")], seed
        )
        _give(s2, 0, [card])
        hand = list(s2.world.hands[1])
        s2.apply(Play(card, "recon_patrol"))
        picks.add(hand.index(next(c for c in hand if c not in s2.world.hands[1])))
    assert len(picks) > 1  # not always the same place in the hand


def test_65_18y_regroup_discards_the_hand_and_draws_four() -> None:
    """'65 18y: Regroup: the hand is discarded and four new cards are drawn."""
    state = kick_state([unit("us1", "us_rifle", 0, "1C3"), unit("vc1", "vc_rifle", 1, "1H3")])
    card = _card("regroup")
    _give(state, 0, [card])
    w = state.world
    old = [c for c in w.hands[0] if c != card]
    state.apply(Play(card, "regroup"))
    assert len(w.hands[0]) == 4 and not set(old) & set(w.hands[0])
    assert set(old) <= set(w.discard)


# -- 18r Sudden Downpour -------------------------------------------------------------------------
def _downpour_draw(check: str) -> SixtyFiveState:
    state = kick_state([unit("us1", "us_rifle", 0, "1A3"), unit("vc1", "vc_rifle", 1, "1E3")])
    w = state.world
    w.draw_pile.append(w.hands[0].pop())
    rain = _card("sudden_downpour")
    _rig(state, [rain, check, *_free(state, MISS)[:3]])
    state.started, state.phase = False, state.phase
    return state


def test_65_18r_sudden_downpour_is_played_when_drawn_and_the_next_card_decides() -> None:
    """'65 18r, Interpretation 31: drawn, the Downpour is played at once (no card play of
    the impulse), not replaced in the hand; the next card turned up starts the rain if it
    shows a Hit. Then LOS reaches three hexes."""
    for check, rains in ((_first(GREEN), True), (_first(MISS), False)):
        state = _downpour_draw(check)
        w = state.world
        events = []
        before = len(w.hands[0])
        w.fill_hand(0, events)
        weather = [e for e in events if isinstance(e, WeatherDrawn)]
        assert len(weather) == 1 and weather[0].rains is rains and weather[0].check == check
        assert _card("sudden_downpour") in w.discard and len(w.hands[0]) == before
        assert w.downpour is rains
        assert w.field.los("1A3", "1E3") is not rains  # four hexes: out of sight in rain
        assert w.field.los("1A3", "1D3")


def _first(pool: list[str]) -> str:
    return pool[-1]


def test_65_18r_downpour_range_bonus_only_adjacent_and_ends_with_the_turn() -> None:
    """'65 18r: in the rain the range bonus counts only against an adjacent hex; the
    downpour ends when the turn ends (clean-up)."""
    from game.rules.sixty_five.combat.ranged import plan_fire, range_modifier

    state = kick_state([unit("us1", "us_rifle", 0, "1C3"), unit("vc1", "vc_rifle", 1, "1E3"),
                        unit("vc2", "vc_rifle", 1, "1D3")])  # fmt: skip
    w = state.world
    rules = w.data.rules
    assert range_modifier(rules, 2) and range_modifier(rules, 2) > 0  # a bonus at range 2
    dry = plan_fire(w.field, rules, w.units["us1"], [], w.units["vc1"], w.live())
    w.downpour, w.field.visibility = True, 3
    wet = plan_fire(w.field, rules, w.units["us1"], [], w.units["vc1"], w.live())
    near = plan_fire(w.field, rules, w.units["us1"], [], w.units["vc2"], w.live())
    assert dry.range_modifier > 0 and wet.range_modifier == 0
    assert near.range_modifier == range_modifier(rules, 1)
    state.reserve_seat = state.initiative = 0
    state._reserve_done([])
    state._reserve_done([])
    assert not w.downpour and w.field.visibility is None


def _move_card(state: SixtyFiveState) -> str:
    return next(c for c in _free(state, [c.id for c in DATA.cards]) if DATA.card(c).upper == "move")


# -- 18u Punji Stakes, 18v Claymore --------------------------------------------------------------
def test_65_18u_punji_stakes_react_to_an_american_leg_unit_entering_jungle() -> None:
    """'65 18u, Interpretation 32: a Reaction: when an American Leg unit enters jungle,
    kunai or brush the VC/NVA player may play Punji Stakes; one card is drawn and a
    green Hit is one hit. Into clear ground no window opens."""
    for terrain, opens in (("jungle", True), ("clear", False)):
        state = kick_state(
            [unit("us1", "us_rifle", 0, "1C3"), unit("vc1", "vc_rifle", 1, "1J6")],
            d3=terrain,
        )
        w = state.world
        punji, move = _card("punji_stakes"), _move_card(state)
        _give(state, 1, [punji])
        _give(state, 0, [move])
        _rig(state, [_free(state, GREEN)[0]])
        state.apply(Play(move, "move", ("us1",), path=("1D3",)))
        assert bool(w.pending and w.pending[-1].window is Window.TRAP) is opens
        if opens:
            assert state.current_player() == 1
            assert React(punji, "punji_stakes") in state.candidate_actions()
            state.apply(React(punji, "punji_stakes"))
            assert w.units["us1"].shaken and punji in w.discard


def test_65_18v_claymore_reacts_to_the_enemy_entering_next_to_american_leg() -> None:
    """'65 18v, Interpretation 32: when a VC/NVA unit enters a hex adjacent to an American
    Leg unit, the Americans may play Claymore: a green Hit is one hit; a miss none."""
    for hit in (True, False):
        state = kick_state([unit("us1", "us_rifle", 0, "1C3"), unit("vc1", "vc_rifle", 1, "1E3")])
        w = state.world
        clay = _card("claymore")
        _give(state, 0, [clay])
        state.phasing = 1
        state.started = True
        move = _move_card(state)
        _give(state, 1, [move])
        _rig(state, [_free(state, GREEN if hit else MISS)[0]])
        state.apply(Play(move, "move", ("vc1",), path=("1D3",)))
        while w.pending and w.pending[-1].window is not Window.TRAP:
            state.apply(Decline())
        assert w.pending and w.pending[-1].window is Window.TRAP
        assert "only Punji Stakes or Claymore" in (state.why_not(React(clay, "move")) or "")
        state.apply(React(clay, "claymore"))
        assert w.units["vc1"].shaken is hit


def test_65_18r_a_downpour_drawn_by_reinforcements_18n_is_played_too() -> None:
    """18r with 18n: the card Reinforcements draws is a Sudden Downpour: it is played at
    once, not kept in the hand."""
    state = kick_state([unit("us1", "us_rifle", 0, "1C3"), unit("vc1", "vc_rifle", 1, "1H3")])
    w = state.world
    card = next(c.id for c in DATA.cards if "reinforcements" in c.blocks and c.id not in w.hands[1])
    _give(state, 0, [card])
    w.draw_pile.append(w.hands[0].pop(next(i for i, c in enumerate(w.hands[0]) if c != card)))
    rain = _card("sudden_downpour")
    _rig(state, [rain, _free(state, GREEN)[0]])
    events = state.apply(Play(card, "reinforcements"))
    assert rain not in w.hands[0] and rain in w.discard
    assert any(isinstance(e, WeatherDrawn) and e.rains for e in events) and w.downpour


def test_65_18u_the_trap_window_says_nothing_of_the_hand() -> None:
    """Interpretation 32: the window opens when a trap fits and its card may be in the
    other hand (there or in the draw pile), not only when it is there; once the mover
    sees the card discarded, no window."""
    for where in ("hand", "pile", "discard"):
        state = kick_state(
            [unit("us1", "us_rifle", 0, "1C3"), unit("vc1", "vc_rifle", 1, "1J6")], d3="jungle"
        )
        w = state.world
        punji = _card("punji_stakes")
        if where == "hand":
            _give(state, 1, [punji])
        elif where == "discard":
            w.draw_pile.remove(punji)
            w.discard.append(punji)
        move = _move_card(state)
        _give(state, 0, [move])
        state.apply(Play(move, "move", ("us1",), path=("1D3",)))
        opened = bool(w.pending) and w.pending[-1].window is Window.TRAP
        assert opened is (where != "discard"), where
        if opened and where == "pile":
            assert state.candidate_actions() == [Decline()]
