"""Transformers Skirmish's dispatch tables (issue 37 item 3): every action type has its
entry in the rules' resolution, and the AI's and the table's tables are keyed by the
same action types."""

from __future__ import annotations

from game.ai.transformers_skirmish.bot import AFTER_MOVE
from game.rules.transformers_skirmish.actions import (
    ACTION_TYPES,
    Attack,
    AutoSetup,
    Defend,
    Designate,
    Mass,
    Move,
    Pass,
    Place,
    Take,
)
from game.rules.transformers_skirmish.odds import EXPLAIN
from game.rules.transformers_skirmish.setup import SETUP_STEPS
from game.rules.transformers_skirmish.state import RESOLVE
from game.ui.tables.transformers_skirmish.choices import CHOICES


def test_every_action_type_is_resolved_and_offered_by_the_table() -> None:
    assert set(RESOLVE) == set(ACTION_TYPES)
    assert set(CHOICES) == set(ACTION_TYPES)
    assert len(ACTION_TYPES) == 11


def test_the_partial_tables_hold_their_phase_s_action_types() -> None:
    # Setup: robots are placed and designated, or a side sets up at random
    assert set(SETUP_STEPS) == {Place, Designate, AutoSetup}
    # Move Phase: the AI scores the board each move-phase action leaves
    assert set(AFTER_MOVE) == {Move, Mass, Pass}
    # Fire Phase: the calculator answers an attack, a defence and a hit taken
    assert set(EXPLAIN) == {Attack, Defend, Take}
    assert set(SETUP_STEPS) | set(AFTER_MOVE) | set(EXPLAIN) < set(ACTION_TYPES)
