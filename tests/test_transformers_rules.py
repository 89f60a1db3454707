"""Transformers Skirmish rules, one test per rule (docstrings state the rule in our words)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

import pytest
from transformers_support import position

from game.core.errors import IllegalAction, InvalidAction
from game.core.registry import get_ruleset
from game.rules.transformers_skirmish.actions import (
    Attack,
    AutoSetup,
    Defend,
    Designate,
    Discard,
    Mass,
    Move,
    Pass,
    Place,
    Play,
    Role,
    Take,
    parse_action,
)
from game.rules.transformers_skirmish.board import parse_square, square_name
from game.rules.transformers_skirmish.cards import CardKind, load_catalog
from game.rules.transformers_skirmish.events import (
    AttackNegated,
    CardPlayed,
    CardsDrawn,
    DeckReshuffled,
    GameEnded,
    Phase,
    UnitDestroyed,
)

RULESET = get_ruleset("transformers_skirmish")


def sq(name: str) -> tuple[int, int]:
    return parse_square(name)


def texts(actions: Iterable[object]) -> set[str]:
    return {a.to_str() for a in actions}  # type: ignore[attr-defined]


# -- data --------------------------------------------------------------------------------
def test_ts_card_list_deck_has_74_cards_with_listed_counts_ranges_and_types() -> None:
    """Card List: one shared deck of 74 cards; each row's count, range and type as listed."""
    cat = load_catalog()
    expected = {
        "legs": (8, 1, "move"),
        "tracks_glide": (7, 2, "move"),
        "wheels_cruise": (6, 3, "move"),
        "fly": (5, 4, "move"),
        "supersonic": (4, 5, "move"),
        "punch": (2, 1, "attack"),
        "kick": (2, 1, "attack"),
        "flip": (2, 1, "attack"),
        "hand_weapon": (2, 1, "attack"),
        "minicon_attack": (2, 2, "attack"),
        "lasers": (2, 2, "attack"),
        "energy_beams": (2, 2, "attack"),
        "plasma_bolts": (2, 2, "attack"),
        "autocannon": (2, 2, "attack"),
        "missiles": (6, 3, "attack"),
        "particle_accelerator": (2, 3, "attack"),
        "armor": (2, None, "defense"),
        "shield": (2, None, "defense"),
        "dodge": (2, None, "defense"),
        "force_field": (2, None, "defense"),
        "heavy_armor": (4, None, "defense"),
        "evasion": (2, None, "defense"),
        "tactics": (2, None, "special"),
        "repairs": (2, None, "special"),
    }
    assert {c.id: (c.count, c.range, c.kind.value) for c in cat.cards} == expected
    deck = cat.full_deck()
    assert len(deck) == 74
    assert Counter(deck) == {k: v[0] for k, v in expected.items()}
    assert {c.id: c.only and c.only.value for c in cat.cards if c.only} == {
        "fly": "air",
        "supersonic": "air",
        "minicon_attack": "minicon",
        "heavy_armor": "ground",
        "evasion": "air",
    }


def test_ts_unit_tables_hits_and_counts() -> None:
    """The Mechs: each side has a 4-hit leader, two 3-hit officers and five 2-hit troops."""
    cat = load_catalog()
    autobots = {u.id: u.hits for u in cat.side(0)}
    deceptacons = {u.id: u.hits for u in cat.side(1)}
    assert autobots == {
        "optimus_prime": 4,
        "red_alert": 3,
        "hot_shot": 3,
        **{f"autobot_{i}": 2 for i in range(1, 6)},
    }
    assert deceptacons == {
        "megatron": 4,
        "star_scream": 3,
        "demolisher": 3,
        **{f"deceptacon_{i}": 2 for i in range(1, 6)},
    }
    assert RULESET.seats == ("autobots", "deceptacons")


# -- setup -------------------------------------------------------------------------------
def test_ts_setup_auto_fills_each_back_row_and_designations() -> None:
    """Setup: one unit on each back-row square (rank 1 Autobots, rank 8 Deceptacons), four
    Minicons and four air plus four ground types per side; the Autobots then draw 3."""
    state = RULESET.new_game(5)
    for seat, rank in ((0, 0), (1, 7)):
        side = [u for u in state.units.values() if u.seat == seat]
        assert sorted(u.square for u in side) == [(f, rank) for f in range(8)]
        assert sum(u.minicon for u in side) == 4
        assert Counter(u.kind for u in side) == {"air": 4, "ground": 4}
    assert state.phase is Phase.ORDERS and state.current_player() == 0
    assert len(state.hands[0]) == 3 and state.hands[1] == []


def test_ts_setup_manual_places_and_designates_then_hands_over() -> None:
    """Setup (manual): a side places its units on free back-row squares without stacking,
    names four Minicons and four air types (the rest become ground), then the other side
    sets up; the first turn starts when both are done."""
    state = RULESET.new_game(5, {"setup": "manual"})
    assert state.phase is Phase.SETUP and state.current_player() == 0
    with pytest.raises(IllegalAction, match="back row"):
        state.apply(Place("optimus_prime", sq("d2")))
    state.apply(Place("optimus_prime", sq("d1")))
    with pytest.raises(IllegalAction, match="back row"):
        state.apply(Place("red_alert", sq("d1")))  # no stacking
    with pytest.raises(IllegalAction, match="not yours"):
        state.apply(Place("megatron", sq("e1")))
    for uid, name in zip(
        ["red_alert", "hot_shot", *[f"autobot_{i}" for i in range(1, 6)]],
        ["a1", "b1", "c1", "e1", "f1", "g1", "h1"],
        strict=True,
    ):
        state.apply(Place(uid, sq(name)))
    for uid in ("optimus_prime", "red_alert", "hot_shot", "autobot_1"):
        state.apply(Designate(Role.MINICON, uid))
    with pytest.raises(IllegalAction, match="only 4 Minicons"):
        state.apply(Designate(Role.MINICON, "autobot_2"))
    for uid in ("hot_shot", "autobot_1", "autobot_2"):
        state.apply(Designate(Role.AIR, uid))
    assert state.active == 0
    state.apply(Designate(Role.AIR, "autobot_3"))
    side = {u.id: u.kind for u in state.units.values() if u.seat == 0}
    assert Counter(side.values()) == {"air": 4, "ground": 4}
    assert side["optimus_prime"] == "ground"
    assert state.phase is Phase.SETUP and state.current_player() == 1
    state.apply(AutoSetup())
    assert state.phase is Phase.ORDERS and state.current_player() == 0 and state.turn == 1


def test_ts_minicons_exactly_four_are_required_before_setup_ends() -> None:
    """Interpretation (Minicons): a Minicon only helps, so every side attaches all four;
    setup does not end before that (and a unit carries at most one)."""
    state = RULESET.new_game(2, {"setup": "manual"})
    for i, uid in enumerate(u.id for u in state.units.values() if u.seat == 0):
        state.apply(Place(uid, (i, 0)))
        if i < 4:
            state.apply(Designate(Role.AIR, uid))
    assert state.active == 0  # all placed and typed, Minicons missing
    state.apply(Designate(Role.MINICON, "autobot_1"))
    with pytest.raises(IllegalAction, match="already has a Minicon"):
        state.apply(Designate(Role.MINICON, "autobot_1"))
    assert state.active == 0
    for uid in ("autobot_2", "autobot_3", "autobot_4"):
        state.apply(Designate(Role.MINICON, uid))
    assert state.active == 1


def test_ts_minicon_adds_one_hit() -> None:
    """Minicons: a Transformer with a Minicon has one more hit."""
    state = position({"autobot_1": "a1", "autobot_2": "b1"}, minicons=["autobot_1"])
    assert state.units["autobot_1"].hits == 3 and state.units["autobot_2"].hits == 2
    auto = RULESET.new_game(9)
    for u in auto.units.values():
        assert u.max_hits == load_catalog().unit(u.id).hits + (1 if u.minicon else 0)


# -- cards restricted by type --------------------------------------------------------------
def test_ts_minicon_attack_only_for_units_with_minicons() -> None:
    """Card List: Minicon Attack may be played only by a unit that carries a Minicon."""
    state = position(
        {"autobot_1": "a1", "autobot_2": "c1", "megatron": "b2"},
        minicons=["autobot_1"],
        hands=(["minicon_attack"], []),
        phase=Phase.FIRE,
    )
    assert texts(state.legal_actions()) == {"attack minicon_attack autobot_1>megatron", "pass"}
    with pytest.raises(IllegalAction, match="Minicon Attack is for units with a Minicon only"):
        state.apply(Attack("minicon_attack", "autobot_2", "megatron"))


def test_ts_fly_and_supersonic_for_air_units_only() -> None:
    """Card List: Fly and Supersonic move air types only."""
    state = position(
        {"autobot_1": "a1", "autobot_2": "h1", "megatron": "d8"},
        air=["autobot_1"],
        hands=(["fly", "supersonic"], []),
    )
    movers = {a.unit for a in state.legal_actions() if isinstance(a, Move)}
    assert movers == {"autobot_1"}
    with pytest.raises(IllegalAction, match="Fly is for air units only: Transformers Skirmish"):
        state.apply(Move("fly", "autobot_2", sq("h1"), sq("h3")))
    with pytest.raises(IllegalAction, match="Supersonic is for air units only"):
        state.apply(Move("supersonic", "autobot_2", sq("h1"), sq("h3")))


def test_ts_heavy_armor_ground_only_and_evasion_air_only() -> None:
    """Card List: Heavy Armor protects ground types only, Evasion air types only."""
    hands = (["missiles", "missiles"], ["evasion", "heavy_armor", "shield"])
    state = position(
        {"autobot_1": "a1", "megatron": "a3", "star_scream": "c3"},
        air=["star_scream"],
        hands=hands,
        phase=Phase.FIRE,
    )
    state.apply(Attack("missiles", "autobot_1", "megatron"))
    assert state.current_player() == 1 and state.phase is Phase.DEFEND
    assert texts(state.legal_actions()) == {"defend heavy_armor", "defend shield", "take"}
    with pytest.raises(IllegalAction, match="Evasion is for air units only"):
        state.apply(Defend("evasion"))
    air = position(
        {"autobot_1": "a1", "megatron": "a3", "star_scream": "c3"},
        air=["star_scream"],
        hands=hands,
        phase=Phase.FIRE,
    )
    air.apply(Attack("missiles", "autobot_1", "star_scream"))
    assert texts(air.legal_actions()) == {"defend evasion", "defend shield", "take"}
    with pytest.raises(IllegalAction, match="Heavy Armor is for ground units only"):
        air.apply(Defend("heavy_armor"))


# -- movement ----------------------------------------------------------------------------
def test_ts_flyers_pass_over_units_others_are_blocked() -> None:
    """Move Phase: units cannot move through other units, except flying (air) units,
    which pass over them but still end on an empty square."""
    placements = {"autobot_1": "a1", "autobot_2": "b1", "megatron": "a2", "star_scream": "b2"}
    state = position(placements, air=["autobot_2"], hands=(["wheels_cruise"], []))
    dests = {
        u: {
            square_name(a.dest)
            for a in state.legal_actions()
            if isinstance(a, Move) and a.unit == u
        }
        for u in ("autobot_1", "autobot_2")
    }
    assert "a3" not in dests["autobot_1"] and "a2" not in dests["autobot_1"]
    assert {"b3", "b4", "a2"} - dests["autobot_2"] == {"a2"}  # over b2; a2 is occupied
    assert {"b3", "b4"} <= dests["autobot_2"]
    with pytest.raises(IllegalAction, match="only flying units move through other units"):
        state.apply(Move("wheels_cruise", "autobot_1", sq("a1"), sq("a3")))
    with pytest.raises(IllegalAction, match="may not stack"):
        state.apply(Move("wheels_cruise", "autobot_2", sq("b1"), sq("b2")))
    state.apply(Move("wheels_cruise", "autobot_2", sq("b1"), sq("b4")))
    assert state.units["autobot_2"].square == sq("b4") and state.phase is Phase.FIRE


def test_ts_interpretation_single_move_is_straight_line_up_to_card_number() -> None:
    """Interpretation (Move Phase): a single move goes up to the card's number of squares
    along one orthogonal or diagonal line; it may stop short but never bends."""
    state = position({"autobot_1": "d4", "megatron": "h8"}, hands=(["tracks_glide"], []))
    dests = {square_name(a.dest) for a in state.legal_actions() if isinstance(a, Move)}
    assert dests == {
        "d5", "d6", "d3", "d2", "c4", "b4", "e4", "f4",
        "e5", "f6", "c3", "b2", "c5", "b6", "e3", "f2",
    }  # fmt: skip
    with pytest.raises(IllegalAction, match="straight orthogonal or diagonal line"):
        state.apply(Move("tracks_glide", "autobot_1", sq("d4"), sq("e6")))
    with pytest.raises(IllegalAction, match="at most 2 squares"):
        state.apply(Move("tracks_glide", "autobot_1", sq("d4"), sq("d7")))
    with pytest.raises(IllegalAction, match="is on d4, not d5"):
        state.apply(Move("tracks_glide", "autobot_1", sq("d5"), sq("d6")))


def test_ts_interpretation_every_unit_uses_legs_tracks_and_wheels() -> None:
    """Interpretation (unit tables): Legs, Tracks/Glide and Wheels/Cruise move any unit
    (ground units roll, air units glide or cruise); only Fly and Supersonic are air-only."""
    for card in ("legs", "tracks_glide", "wheels_cruise"):
        state = position(
            {"autobot_1": "a1", "autobot_2": "h1", "megatron": "d8"},
            air=["autobot_1"],
            hands=([card], []),
        )
        movers = {a.unit for a in state.legal_actions() if isinstance(a, Move)}
        assert movers == {"autobot_1", "autobot_2"}


def test_ts_interpretation_one_card_per_move_and_fire_phase() -> None:
    """Interpretation (Move and Fire Phases): at most one Move card and one Attack card a
    turn; playing the card ends the phase, ``pass`` skips it."""
    state = position(
        {"autobot_1": "a1", "megatron": "a4"},
        hands=(["legs", "legs", "punch", "punch"], ["legs"]),
    )
    state.apply(Move("legs", "autobot_1", sq("a1"), sq("a2")))
    assert state.phase is Phase.FIRE
    with pytest.raises(IllegalAction, match="only in the move phase"):
        state.apply(Move("legs", "autobot_1", sq("a2"), sq("a3")))
    assert texts(state.legal_actions()) == {"pass"}  # megatron out of punch range
    state.apply(Pass())
    assert state.active == 1 and state.phase is Phase.ORDERS and state.turn == 2


def test_ts_interpretation_mass_move_goes_forward_front_units_first() -> None:
    """Interpretation (mass move): every unit that may use the card moves straight forward
    (towards the enemy's back row) up to the card's number; front units move first so the
    ones behind can follow; a blocked unit stops short, none leave the board, and air
    units hop over units on their file."""
    state = position(
        {
            "autobot_1": "a1",
            "autobot_2": "a2",
            "autobot_3": "b1",
            "autobot_4": "c7",
            "autobot_5": "d1",
            "megatron": "b3",
            "star_scream": "d2",
        },
        air=["autobot_5"],
        hands=(["tracks_glide"], []),
    )
    state.apply(Mass("tracks_glide"))
    where = {u: square_name(state.units[u].square) for u in ("autobot_1", "autobot_2")}
    assert where == {"autobot_1": "a3", "autobot_2": "a4"}
    assert square_name(state.units["autobot_3"].square) == "b2"  # stopped by megatron
    assert square_name(state.units["autobot_4"].square) == "c8"  # stops at the edge
    assert square_name(state.units["autobot_5"].square) == "d3"  # flew over star_scream
    down = position(
        {"megatron": "e8", "autobot_1": "e6"},
        hands=([], ["legs"]),
        active=1,
    )
    down.apply(Mass("legs"))
    assert square_name(down.units["megatron"].square) == "e7"  # Deceptacon forward is down


def test_ts_interpretation_mass_move_only_moves_units_that_may_use_the_card() -> None:
    """Interpretation (mass move): a Fly mass move takes only the air units; with nobody
    able to move, the mass move is not offered."""
    state = position(
        {"autobot_1": "a1", "autobot_2": "b1", "megatron": "h8"},
        air=["autobot_1"],
        hands=(["fly"], []),
    )
    state.apply(Mass("fly"))
    assert square_name(state.units["autobot_1"].square) == "a5"
    assert square_name(state.units["autobot_2"].square) == "b1"
    stuck = position({"autobot_1": "a8", "megatron": "h8"}, hands=(["legs"], []))
    assert "mass legs" not in texts(stuck.legal_actions())
    with pytest.raises(IllegalAction, match="no unit can move forward"):
        stuck.apply(Mass("legs"))


# -- fire --------------------------------------------------------------------------------
def test_ts_attack_range_lines_and_blocking() -> None:
    """Fire Phase: an attack reaches the card's range along an orthogonal or diagonal
    line and cannot pass through any unit."""
    state = position(
        {
            "autobot_1": "a1",
            "autobot_2": "c3",
            "megatron": "a4",  # range 3 straight up
            "star_scream": "d4",  # diagonal, behind autobot_2
            "demolisher": "b3",  # knight-like offset: not on a line
            "deceptacon_1": "a5",  # behind megatron
        },
        air=["autobot_1"],  # flying does not let an attack pass over units
        hands=(["missiles", "lasers"], []),
        phase=Phase.FIRE,
    )
    attacks = {a.to_str() for a in state.legal_actions() if isinstance(a, Attack)}
    assert "attack missiles autobot_1>megatron" in attacks
    assert "attack lasers autobot_1>megatron" not in attacks  # out of range 2
    assert "attack missiles autobot_1>star_scream" not in attacks  # blocked by autobot_2
    assert "attack missiles autobot_2>star_scream" in attacks
    assert "attack missiles autobot_1>demolisher" not in attacks  # not on a line
    assert "attack missiles autobot_1>deceptacon_1" not in attacks
    with pytest.raises(IllegalAction, match="cannot attack through other units"):
        state.apply(Attack("missiles", "autobot_1", "star_scream"))
    with pytest.raises(IllegalAction, match="range 2"):
        state.apply(Attack("lasers", "autobot_1", "megatron"))
    with pytest.raises(IllegalAction, match="straight orthogonal or diagonal"):
        state.apply(Attack("missiles", "autobot_1", "demolisher"))


def test_ts_attack_does_one_damage_when_taken() -> None:
    """Fire Phase: the target takes 1 point of damage; then the other side's turn begins."""
    state = position(
        {"autobot_1": "a1", "megatron": "a2"}, hands=(["punch"], ["legs"]), phase=Phase.FIRE
    )
    state.apply(Attack("punch", "autobot_1", "megatron"))
    assert state.phase is Phase.DEFEND and texts(state.legal_actions()) == {"take"}
    state.apply(Take())
    assert state.units["megatron"].hits == 3
    assert state.active == 1 and state.phase is Phase.ORDERS


def test_ts_defense_card_negates_the_attack() -> None:
    """Fire Phase: the defender may discard a Defense card to cancel the attack entirely."""
    state = position(
        {"autobot_1": "a1", "megatron": "a2"}, hands=(["punch"], ["shield"]), phase=Phase.FIRE
    )
    state.apply(Attack("punch", "autobot_1", "megatron"))
    events = state.apply(Defend("shield"))
    assert any(isinstance(e, AttackNegated) for e in events)
    assert state.units["megatron"].hits == 4
    assert state.deck.discard_pile == ["punch", "shield"]


def test_ts_interpretation_defender_always_asked_unless_hand_empty() -> None:
    """Interpretation (Defense): the attacked side answers whenever it holds any card, so
    its answer gives nothing away; with an empty hand the hit lands at once."""
    asked = position(
        {"autobot_1": "a1", "megatron": "a2"}, hands=(["punch"], ["legs"]), phase=Phase.FIRE
    )
    asked.apply(Attack("punch", "autobot_1", "megatron"))
    assert asked.current_player() == 1
    empty = position({"autobot_1": "a1", "megatron": "a2"}, hands=(["punch"], []), phase=Phase.FIRE)
    empty.apply(Attack("punch", "autobot_1", "megatron"))
    assert empty.units["megatron"].hits == 3 and empty.active == 1


def test_ts_unit_at_zero_hits_is_removed() -> None:
    """Fire Phase: a unit reduced to zero hits is destroyed and leaves the board."""
    state = position(
        {"autobot_1": "a1", "deceptacon_1": "b2", "megatron": "h8"},
        hands=(["punch"], []),
        phase=Phase.FIRE,
        damage={"deceptacon_1": 1},
    )
    events = state.apply(Attack("punch", "autobot_1", "deceptacon_1"))
    assert any(isinstance(e, UnitDestroyed) for e in events)
    assert state.units["deceptacon_1"].square is None
    assert sq("b2") not in state.occupied()


def test_ts_victory_destroying_all_enemy_units() -> None:
    """Victory: destroying the last enemy Transformer wins at once."""
    state = position(
        {"autobot_1": "a1", "megatron": "a2"},
        hands=(["punch"], []),
        phase=Phase.FIRE,
        damage={"megatron": 3},
    )
    events = state.apply(Attack("punch", "autobot_1", "megatron"))
    assert isinstance(events[-1], GameEnded)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert state.current_player() is None and state.legal_actions() == ()


# -- orders phase ------------------------------------------------------------------------
def test_ts_orders_draw_three_and_hand_limit_player_chooses_discards() -> None:
    """Orders Phase: draw 3; a hand above 5 is cut to 5, the player choosing the cards."""
    state = position(
        {"autobot_1": "a1", "megatron": "a8"},
        hands=(["legs"], ["legs", "punch", "kick", "shield", "armor"]),
        phase=Phase.FIRE,
    )
    events = state.apply(Pass())
    assert len(state.hands[1]) == 8 and state.phase is Phase.ORDERS
    drawn = [e for e in events if isinstance(e, CardsDrawn)]
    assert [e.visible_to for e in drawn] == [None, frozenset({1})]
    assert drawn[0].cards is None and drawn[1].cards is not None and len(drawn[1].cards) == 3
    state.apply(Pass())
    assert state.phase is Phase.DISCARD
    assert texts(state.legal_actions()) == {f"discard {c}" for c in state.hands[1]}
    for _ in range(3):
        card = state.hands[1][0]
        events = state.apply(Discard(card))
        assert isinstance(events[0], CardPlayed) and events[0].reveals
    assert len(state.hands[1]) == 5 and state.phase is Phase.MOVE


def test_ts_deck_reshuffles_discard_pile_when_it_runs_out() -> None:
    """Orders Phase: when the deck runs out, the discard pile is shuffled into a new deck."""
    state = position({"autobot_1": "a1", "megatron": "a8"}, phase=Phase.FIRE, active=1)
    state.deck.discard_pile = state.deck.draw_pile[2:]
    state.deck.draw_pile = state.deck.draw_pile[:2]
    events = state.apply(Pass())
    assert any(isinstance(e, DeckReshuffled) for e in events)
    assert len(state.hands[0]) == 3 and state.deck.discard_pile == []
    assert len(state.deck) + 3 == 74


def test_ts_tactics_draws_two_cards() -> None:
    """Card List: Tactics draws 2 cards."""
    state = position(
        {"autobot_1": "a1", "megatron": "a8"}, hands=(["tactics"], []), phase=Phase.ORDERS
    )
    state.apply(Play("tactics"))
    assert len(state.hands[0]) == 2 and state.deck.discard_pile == ["tactics"]


def test_ts_repairs_removes_one_damage_from_a_damaged_unit() -> None:
    """Card List: Repairs removes one point of damage (never above full hits)."""
    state = position(
        {"optimus_prime": "a1", "autobot_1": "b1", "megatron": "a8"},
        hands=(["repairs"], []),
        phase=Phase.ORDERS,
        damage={"optimus_prime": 2},
    )
    assert texts(state.legal_actions()) == {"play repairs optimus_prime", "pass"}
    with pytest.raises(IllegalAction, match="no damage to repair"):
        state.apply(Play("repairs", "autobot_1"))
    state.apply(Play("repairs", "optimus_prime"))
    assert state.units["optimus_prime"].hits == 3


def test_ts_interpretation_special_cards_only_in_orders_before_hand_limit() -> None:
    """Interpretation (X cards): Tactics and Repairs are played in the orders phase, after
    the draw and before the hand limit, so a Tactics draw can still be trimmed."""
    state = position(
        {"autobot_1": "a1", "megatron": "a8"},
        hands=(["tactics", "legs", "legs", "punch", "kick"], []),
        phase=Phase.ORDERS,
    )
    state.apply(Play("tactics"))
    assert len(state.hands[0]) == 6
    state.apply(Pass())
    assert state.phase is Phase.DISCARD
    state.apply(Discard("legs"))
    assert state.phase is Phase.MOVE
    state.hands[0].append("tactics")
    with pytest.raises(IllegalAction, match="only in the orders phase"):
        state.apply(Play("tactics"))


def test_ts_interpretation_pass_ends_each_phase_of_your_turn() -> None:
    """Turn Sequence: playing a card is optional; ``pass`` moves orders -> move -> fire ->
    the other side's turn. There is nothing to pass while answering an attack."""
    state = RULESET.new_game(3)
    seen = []
    for _ in range(3):
        seen.append(state.phase)
        assert Pass() in state.legal_actions()
        state.apply(Pass())
        while state.phase is Phase.DISCARD:
            state.apply(state.legal_actions()[0])
    assert seen == [Phase.ORDERS, Phase.MOVE, Phase.FIRE]
    assert state.active == 1 and state.turn == 2


# -- text forms, options, view -------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "move legs optimus_prime e1-e2",
        "mass legs",
        "attack missiles hot_shot>megatron",
        "defend shield",
        "take",
        "play tactics",
        "play repairs optimus_prime",
        "discard armor",
        "pass",
        "place autobot_2 c1",
        "minicon red_alert",
        "air hot_shot",
        "ground autobot_1",
        "autosetup",
    ],
)
def test_ts_action_text_forms_round_trip(text: str) -> None:
    """Actions: every action has one text form that parses back to the same action."""
    assert parse_action(text).to_str() == text
    assert RULESET.parse_action(text.upper()).to_str() == text


@pytest.mark.parametrize(
    "text", ["", "fly", "move legs x e1-e9", "attack missiles a-b", "place u z9"]
)
def test_ts_bad_action_text_is_invalid(text: str) -> None:
    """Actions: text that is no action raises InvalidAction naming the accepted forms."""
    with pytest.raises(InvalidAction):
        parse_action(text)


def test_ts_options_setup_auto_or_manual_only() -> None:
    """Options: ``setup`` is ``auto`` (default) or ``manual``; anything else is refused."""
    with pytest.raises(InvalidAction, match="setup"):
        RULESET.new_game(1, {"setup": "quick"})
    with pytest.raises(InvalidAction, match=r"unknown option 'turns' \(known: setup\)"):
        RULESET.new_game(1, {"turns": "9"})


def test_ts_view_hides_other_hand_and_deck_order() -> None:
    """Hidden information: a seat sees its own hand, only the size of the other hand and of
    the deck; a spectator sees no hand."""
    state = RULESET.new_game(4)
    state.apply(Pass())
    view = state.view(1)
    assert view.hand == () and view.hand_sizes == (3, 0)
    assert view.deck_size == len(state.deck) and not hasattr(view, "deck")
    assert state.view(0).hand == tuple(state.hands[0])
    assert state.view(None).hand is None and state.view(None).legal_actions == ()


def test_ts_kind_of_card_checked_before_play() -> None:
    """Card List: each phase takes its own type of card (no attacking with a Move card)."""
    state = position({"autobot_1": "a1", "megatron": "a2"}, hands=(["legs"], []), phase=Phase.FIRE)
    with pytest.raises(IllegalAction, match="Legs is not an attack card"):
        state.apply(Attack("legs", "autobot_1", "megatron"))
    assert load_catalog().card("legs").kind is CardKind.MOVE


def test_ts_interpretation_turn_limit_more_hits_left_wins() -> None:
    """Interpretation (game length): after 400 turns (200 each) the game ends; the side
    with more hits left on the board wins, equal hits is a draw."""
    state = RULESET.new_game(8)
    assert state.catalog.numbers.turn_limit == 400
    state.units["megatron"].damage = 1
    for _ in range(5000):
        if state.outcome() is not None:
            break
        legal = state.legal_actions()
        state.apply(Pass() if Pass() in legal else legal[0])
    outcome = state.outcome()
    assert outcome is not None and state.turn == 400
    assert outcome.winners == (0,) and "400-turn limit" in outcome.reason
    assert outcome.scores[0] == outcome.scores[1] + 1
    even = RULESET.new_game(8)
    even.turn = 399
    even.active = 1
    even.phase = Phase.FIRE
    even.apply(Pass())
    assert even.turn == 400 and even.outcome() is None  # the last turn is still played
    even.phase = Phase.FIRE
    even.apply(Pass())
    tie = even.outcome()
    assert tie is not None and tie.is_draw and tie.winners == ()
