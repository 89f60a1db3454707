"""Transformers Skirmish teaches itself (issue 31): set-up is logged, progress toward
victory is counted in player words, and texts name robots, never their ids."""

from __future__ import annotations

import re

import pytest

from game.core.briefing import briefing_for
from game.core.errors import IllegalAction
from game.core.registry import get_manifest
from game.rules.transformers_skirmish.actions import Attack
from game.rules.transformers_skirmish.events import (
    CardsDrawn,
    Phase,
    PhaseStarted,
    SetupByHand,
    SideSetUp,
)
from game.rules.transformers_skirmish.state import SkirmishState
from tests.player_text_support import id_in
from tests.transformers_support import position

SNAKE = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b")


def test_opening_auto_setup_is_logged_side_by_side() -> None:
    """Setup, Minicons, Ground & Air: the random set-up is told, one line per side: its
    back row, its four Minicons and its four air types, by name."""
    state = SkirmishState.new(4)
    opening = state.opening_events()
    sides = [e for e in opening if isinstance(e, SideSetUp)]
    assert [s.seat for s in sides] == [0, 1] and [s.rank for s in sides] == [1, 8]
    for s in sides:
        units = {u.id: u for u in state.units.values() if u.seat == s.seat}
        assert set(s.minicons) == {u for u, x in units.items() if x.minicon}
        assert set(s.air) == {u for u, x in units.items() if x.kind == "air"}
        assert len(s.minicons) == 4 and len(s.air) == 4
        text = s.text()
        for name in s.minicon_names + s.air_names:
            assert name in text
        assert not SNAKE.search(text), text
    assert opening[0].text().startswith("The Autobots set up on rank 1. Minicons: ")


def test_opening_ends_with_the_first_orders_phase_and_draw() -> None:
    """Turn Sequence: the Autobots' first turn opens with the draw of 3 cards; the public
    line counts them, the Autobots' own copy names them."""
    state = SkirmishState.new(4)
    opening = state.opening_events()
    started = [e for e in opening if isinstance(e, PhaseStarted)]
    assert started == [PhaseStarted(seat=0, phase=Phase.ORDERS, turn=1)]
    draws = [e for e in opening if isinstance(e, CardsDrawn)]
    public = [d for d in draws if d.visible_to is None]
    private = [d for d in draws if d.visible_to == frozenset({0})]
    assert public[0].text() == "The Autobots draw 3 cards."
    assert private[0].cards is not None and sorted(private[0].cards) == sorted(state.hands[0])
    names = [state.catalog.card(c).name for c in private[0].cards]
    assert private[0].text() == f"You draw: {', '.join(names)}."


def test_opening_of_a_set_up_by_hand_says_who_places_first() -> None:
    state = SkirmishState.new(4, {"setup": "manual"})
    (opening,) = state.opening_events()
    assert isinstance(opening, SetupByHand)
    assert opening.text() == (
        "Set-up by hand: the Autobots place their robots on rank 1 first, "
        "then the Deceptacons on rank 8."
    )


def test_opening_is_kept_out_of_the_snapshot() -> None:
    state = SkirmishState.new(4)
    assert "opening" not in state.snapshot()
    assert SkirmishState.new(4).snapshot() == state.snapshot()


def test_progress_counts_robots_and_hits_left_per_side() -> None:
    """Victory (destroy all opposing Transformers): robots left of the starting eight
    and their hits, one line per side; one robot, one hit in the singular."""
    state = position(
        {"optimus_prime": "d1", "megatron": "d5"},
        damage={"megatron": 3},
    )
    assert state.view(0).progress() == (
        "Autobots: 1 of 8 robots, 4 hits",
        "Deceptacons: 1 of 8 robots, 1 hit",
    )


def test_progress_counts_down_to_the_turn_limit_near_its_end() -> None:
    """Interpretation 11: after 400 turns more hits left wins; the last turns say so."""
    state = position({"optimus_prime": "d1", "megatron": "d5"})
    state.turn = 10
    assert len(state.view(0).progress()) == 2
    state.turn = 390
    assert state.view(0).progress()[2] == "Turn 390 of 400: then more hits left wins"


def test_refused_attack_on_a_friend_names_the_robot() -> None:
    state = position(
        {"optimus_prime": "d1", "autobot_2": "d2", "megatron": "d8"},
        hands=(["punch"], []),
        phase=Phase.FIRE,
    )
    with pytest.raises(IllegalAction, match="Autobot 2 is not an enemy unit"):
        state.apply(Attack("punch", "optimus_prime", "autobot_2"))


def test_briefing_lists_each_sides_robots_from_the_unit_tables() -> None:
    """The Mechs (unit tables), Minicons, Ground & Air: each side's forces by rank, with
    their hits; the set-up option gives its own special rule."""
    briefing = briefing_for("transformers_skirmish", {})
    assert briefing.side_names == ("Autobots", "Deceptacons")
    autobots, deceptacons = briefing.sides
    assert autobots.forces == (
        "Optimus Prime (leader, 4 hits)",
        "Red Alert and Hot Shot (officers, 3 hits each)",
        "Autobot 1 to Autobot 5 (troopers, 2 hits each)",
        "4 Minicons (one more hit each); 4 air and 4 ground types",
    )
    assert deceptacons.forces[0] == "Megatron (leader, 4 hits)"
    assert deceptacons.goal == "Destroy every Autobot on the board."
    assert "after 400 turns" in briefing.length
    assert briefing.special_rules[-1].startswith("Set-up at random")
    manual = briefing_for("transformers_skirmish", {"setup": "manual"})
    assert manual.special_rules[-1].startswith("Set-up by hand: the Autobots")


def test_chessboard_squares_are_names_in_player_text() -> None:
    """A square such as g1 is how players name a place on the board: the manifest
    allows it in player text, and nothing else that looks like an id."""
    allows = get_manifest("transformers_skirmish").text_allows
    assert id_in("Optimus Prime moves g1-g2.", allows) is None
    assert id_in("Optimus Prime moves i9-g2.", allows) is not None
    assert id_in("autobot_4 moves g1-g2.", allows) is not None
