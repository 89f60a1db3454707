"""5.56mm's dispatch table: each action of a go has its rule of legality
(``legal.PROBLEMS``) and its resolution (``resolve.HANDLERS``), by the same action types."""

from __future__ import annotations

from game.rules.five_five_six.actions import Move
from game.rules.five_five_six.legal import PROBLEMS
from game.rules.five_five_six.resolve import HANDLERS


def test_every_action_with_a_legality_rule_has_a_resolution_and_back() -> None:
    assert set(PROBLEMS) == set(HANDLERS)
    assert Move in PROBLEMS  # 3.1 Move: judged by move_problem, carried out by _move


def test_every_action_type_has_an_ai_value_and_a_table_label() -> None:
    """Issue 37: the AI's and the table's dispatch cover every 5.56mm action type."""
    from game.ai.five_five_six.bot import GO_VALUES, SCORED_APART
    from game.rules.five_five_six.actions import (
        ACTION_TYPES,
        End,
        Fire,
        HoldFire,
        LetLie,
        SnapFire,
        ThrowBack,
    )
    from game.ui.tables.five_five_six.choices import DESCRIBE, TARGETS
    from game.ui.tables.five_five_six.odds import PREVIEWS

    # the rules' table holds the actions of a go; the answers to a window (a live
    # grenade 3.2, a Covering Fire watcher 3.6) and End are judged before it
    windows = {ThrowBack, LetLie, SnapFire, HoldFire, End}
    assert set(PROBLEMS) | windows == set(ACTION_TYPES)
    assert set(GO_VALUES) | set(SCORED_APART) == set(ACTION_TYPES)
    assert not set(GO_VALUES) & set(SCORED_APART)  # each type valued in one place
    assert set(DESCRIBE) == set(ACTION_TYPES)
    assert set(PREVIEWS) < set(ACTION_TYPES)  # the rest roll nothing
    assert set(TARGETS) < set(ACTION_TYPES)  # the rest point at nobody
    assert Fire in PREVIEWS and SnapFire in PREVIEWS  # 5.0 a shot's roll to hit


def test_the_rules_calculator_answers_by_action_type() -> None:
    """Issue 37: ``explain`` looks the action type up; a type without a roll is "done"."""
    from game.rules.five_five_six.actions import ACTION_TYPES, Fire, Sprint, Stealth
    from game.rules.five_five_six.explain import EXPLAIN

    assert set(EXPLAIN) < set(ACTION_TYPES)
    assert Fire in EXPLAIN and Sprint in EXPLAIN  # 5.0 Fire, 4.1 Sprint roll dice
    assert Stealth not in EXPLAIN  # 3.3 Stealth rolls nothing
