"""Transformers Skirmish, issue 17: the seed's Move Phase read closely (mass move of the
robots the player chooses; "the number of spaces the unit moves"), and the AI's use of
Defense cards and of what the enemy can really reach."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from test_transformers_rules import sq, texts
from transformers_support import position

from game.__main__ import main
from game.ai.transformers_skirmish.bot import SkirmishBot
from game.ai.transformers_skirmish.reach import EnemyReach
from game.core.errors import IllegalAction
from game.core.rng import Rng
from game.core.session import Session
from game.rules.transformers_skirmish.actions import Attack, Defend, Mass, Move, Take
from game.rules.transformers_skirmish.board import square_name
from game.rules.transformers_skirmish.events import Phase
from game.rules.transformers_skirmish.state import SkirmishState


def masses(state: object) -> set[str]:
    return {t for t in texts(state.legal_actions()) if t.startswith("mass ")}  # type: ignore[attr-defined]


def test_ts_move_phase_mass_move_of_one_or_more_chosen_units() -> None:
    """Move Phase: "moving one or more units forward ... using a single move card": the
    player names the robots that go. Five robots on their own files, each free to step
    forward: 2**5 - 1 = 31 groups, plus the first-edition ``mass legs`` (all of them)."""
    row = {f"autobot_{i}": f"{'abcde'[i - 1]}1" for i in range(1, 6)}
    state = position({**row, "megatron": "h8"}, hands=(["legs"], []))
    assert len(masses(state)) == 32
    state.apply(Mass("legs", ("autobot_2", "autobot_4")))
    where = {u: square_name(state.units[u].square) for u in row}  # type: ignore[arg-type]
    assert where == {
        "autobot_1": "a1",
        "autobot_2": "b2",
        "autobot_3": "c1",
        "autobot_4": "d2",
        "autobot_5": "e1",
    }


def test_ts_move_phase_mass_group_must_all_move_named_once_in_roster_order() -> None:
    """Move Phase (mass move, issue 17): every named robot must move; a robot behind a
    friend on its file goes only with that friend (front robots first); names are given
    once each, in roster order, so one group has one text."""
    state = position(
        {"autobot_1": "a1", "autobot_2": "a2", "autobot_3": "c1", "megatron": "h8"},
        hands=(["legs"], []),
    )
    groups = masses(state)
    assert "mass legs autobot_1,autobot_2" in groups
    assert "mass legs autobot_1" not in groups  # blocked by autobot_2, who stays
    # file a: {autobot_2} or {autobot_1, autobot_2}; file c: {autobot_3}; 3*2-1 groups + all
    assert len(groups) == 6
    with pytest.raises(IllegalAction, match="cannot move forward"):
        state.clone().apply(Mass("legs", ("autobot_1",)))
    with pytest.raises(IllegalAction, match="roster order"):
        state.clone().apply(Mass("legs", ("autobot_2", "autobot_1")))
    with pytest.raises(IllegalAction, match="not yours"):
        state.clone().apply(Mass("legs", ("megatron",)))
    state.apply(Mass("legs", ("autobot_1", "autobot_2")))
    assert [
        square_name(state.units[u].square) for u in ("autobot_1", "autobot_2", "autobot_3")
    ] == [  # type: ignore[arg-type]
        "a2",
        "a3",
        "c1",
    ]


def test_ts_mass_text_form_old_saves_keep_their_meaning() -> None:
    """Text form: ``mass legs`` (first edition) still means every robot that may use the
    card; the new form lists the robots; both round-trip."""
    session = Session.new("transformers_skirmish", 5)
    assert session.parse("mass legs") == Mass("legs")
    chosen = session.parse("mass legs autobot_1,hot_shot")
    assert chosen == Mass("legs", ("autobot_1", "hot_shot"))
    assert chosen.to_str() == "mass legs autobot_1,hot_shot"
    assert Mass("legs").to_str() == "mass legs"


def test_ts_move_phase_number_of_spaces_is_a_maximum_along_one_line() -> None:
    """Move Phase, "This is the number of spaces the unit moves" and "Moves are diagonal
    or orthogonal" (Interpretation 2): a ground robot with Wheels/Cruise (3) whose file is
    blocked two squares ahead may still step one square; read as an exact 3 it could not
    go up its file at all. A bent path (a1-b2-b3) is refused even within 3 squares."""
    state = position(
        {"autobot_1": "a1", "demolisher": "a3", "megatron": "h8"},
        hands=(["wheels_cruise"], []),
    )
    dests = {square_name(a.dest) for a in state.legal_actions() if isinstance(a, Move)}
    assert "a2" in dests and "a4" not in dests  # stops short before the blocker
    assert {"b2", "c3", "d4", "b1", "c1", "d1"} <= dests  # other lines, any length 1..3
    assert "b3" not in dests
    with pytest.raises(IllegalAction, match="straight orthogonal or diagonal line"):
        state.apply(Move("wheels_cruise", "autobot_1", sq("a1"), sq("b3")))


# -- the AI (issue 17c) -------------------------------------------------------------------
def _bot_choice(state: SkirmishState) -> object:
    seat = state.current_player()
    assert seat is not None
    return SkirmishBot(seat, Rng(1)).choose(state.view(seat))


def _attacked(hit_points_lost: int, defender_hand: list[str]) -> SkirmishState:
    state = position(
        {"autobot_1": "a1", "megatron": "a2"},
        hands=(["punch"], defender_hand),
        phase=Phase.FIRE,
        damage={"megatron": hit_points_lost},
    )
    state.apply(Attack("punch", "autobot_1", "megatron"))
    return state


def test_ts_ai_weighs_a_defense_card_against_what_it_saves() -> None:
    """Fire Phase, "a player may discard a Defense card to completely negate an attack":
    the AI does so when the hit costs more than the card. Megatron unhurt (4 hits) with
    the only Shield in hand: one hit costs 10/4 = 2.5 < 5, it takes the hit. Megatron on
    his last hit: the hit costs the whole robot (10), it defends."""
    assert _bot_choice(_attacked(0, ["shield", "legs"])) == Take()
    assert _bot_choice(_attacked(3, ["shield", "legs"])) == Defend("shield")
    # with a second Defense card the first is cheaper to spend: 5 * 0.55 = 2.75; an
    # unhurt Megatron (2.5) still takes it, a Megatron at 2 hits (5.0) does not
    assert _bot_choice(_attacked(0, ["armor", "shield"])) == Take()
    assert _bot_choice(_attacked(2, ["armor", "shield"])) in (Defend("armor"), Defend("shield"))


def test_ts_ai_reads_what_the_enemy_can_reach_from_the_unseen_cards() -> None:
    """AI threats (issue 17c): with nothing seen, the enemy (no cards yet, drawing 3 of 74)
    reaches 3 squares with chance 1 - (66/74)(65/73)(64/72) (8 cards of range 3); once
    all 8 are face up in the discard pile, a robot 3 squares away is out of its reach."""
    state = position({"autobot_1": "a1", "megatron": "a4"}, hands=([], []))
    reach = EnemyReach(state.view(0), 0)
    assert reach.chance(3, False) == 1 - Fraction(66 * 65 * 64, 74 * 73 * 72)
    # range 2 or more: those 8, Lasers, Energy Beams, Plasma Bolts and Autocannon (2 each),
    # and the 2 Minicon Attacks only for a robot with a Minicon
    assert reach.chance(2, False) == 1 - Fraction(58 * 57 * 56, 74 * 73 * 72)
    assert reach.chance(2, True) == 1 - Fraction(56 * 55 * 54, 74 * 73 * 72)
    for card in ("missiles",) * 6 + ("particle_accelerator",) * 2:
        state.deck.draw_pile.remove(card)
        state.deck.discard_pile.append(card)
    assert EnemyReach(state.view(0), 0).chance(3, False) == 0
    assert EnemyReach(state.view(0), 0).chance(4, False) == 0


# -- the rules calculator -----------------------------------------------------------------
def test_ts_explain_attack_gives_the_exact_chance_of_a_defense() -> None:
    """Fire Phase, "a player may discard a Defense card to completely negate an attack":
    Autobot 1 punches Megatron (ground, 4 hits). The Autobots have seen only their Punch:
    73 cards unseen, 12 of them Defense cards a ground robot may use (Armor, Shield,
    Dodge, Force Field 2 each, Heavy Armor 4; Evasion is air-only); the Deceptacons hold
    2 cards, so the hit can be cancelled with chance 1 - (61*60)/(73*72)."""
    state = position(
        {"autobot_1": "a1", "megatron": "a2", "demolisher": "h8"},
        hands=(["punch"], ["legs", "kick"]),
        phase=Phase.FIRE,
    )
    answer = state.explain(Attack("punch", "autobot_1", "megatron"))
    cancel = 1 - Fraction(61 * 60, 73 * 72)
    assert answer.numbers["range"] == 1 and answer.numbers["distance"] == 1
    assert answer.numbers["hits"] == 4 and answer.numbers["hits_after"] == 3
    assert answer.numbers["unseen_cards"] == 73
    assert answer.numbers["unseen_fitting_defense"] == 12
    assert answer.outcomes == {"defender can cancel": float(cancel), "hit": float(1 - cancel)}


def test_ts_explain_attack_on_a_last_robot_on_its_last_hit() -> None:
    """An air robot may also use Evasion (10 fitting cards); Megatron alone on 1 hit: the
    hit that lands destroys him and wins; with an empty hand nothing can cancel it."""
    state = position(
        {"autobot_1": "a1", "megatron": "a2"},
        air=["megatron"],
        hands=(["punch"], ["legs"]),
        phase=Phase.FIRE,
        damage={"megatron": 3},
    )
    answer = state.explain(Attack("punch", "autobot_1", "megatron"))
    assert answer.numbers["unseen_fitting_defense"] == 10
    cancel = Fraction(10, 73)  # one card in the Deceptacon hand
    assert answer.outcomes == {
        "defender can cancel": float(cancel),
        "destroyed, last robot: game won": float(1 - cancel),
    }
    empty = position({"autobot_1": "a1", "megatron": "a2"}, hands=(["punch"], []), phase=Phase.FIRE)
    assert empty.explain(Attack("punch", "autobot_1", "megatron")).outcomes == {"hit": 1.0}


def test_ts_explain_command_on_a_position_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``python -m game explain transformers_skirmish --position FILE --action TEXT
    --json`` answers from a hand-written position (seed and actions) with the same numbers
    and odds as the state, and the odds add up to 1."""
    session = Session.new("transformers_skirmish", 4)
    pick = Rng(4)
    while not any(isinstance(a, Attack) for a in session.state.legal_actions()):
        session.apply(pick.choice(tuple(session.state.legal_actions())))
    attack = next(a for a in session.state.legal_actions() if isinstance(a, Attack))
    pos = tmp_path / "p.yaml"
    actions = ", ".join(f'"{a}"' for a in session.actions)
    pos.write_text(f"ruleset: transformers_skirmish\nseed: 4\nactions: [{actions}]\n")
    args = ["explain", "transformers_skirmish", "--position", str(pos), "--action"]
    assert main([*args, attack.to_str(), "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    expected = session.state.explain(attack)
    assert answer["legal"] is True and answer["numbers"] == expected.numbers
    assert answer["outcomes"] == expected.outcomes
    assert abs(sum(answer["outcomes"].values()) - 1.0) < 1e-12
