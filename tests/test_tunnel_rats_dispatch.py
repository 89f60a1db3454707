"""Tunnel Rats' dispatch table (issue 37): every action type of the game has its
legality (``state.LEGALITY``), its resolution (``resolve.HANDLERS``), its explainer
(``explain.EXPLAINERS``), the bots' weighing (``weighing.WEIGHINGS``) and the table's
words and button (``text.CHOICES``), and nothing else is in those tables."""

from __future__ import annotations

from game.ai.tunnel_rats.weighing import WEIGHINGS
from game.rules.tunnel_rats.actions import (
    ACTION_CLASSES,
    Dress,
    Forfeit,
    Melee,
    Move,
    Search,
    Shoot,
)
from game.rules.tunnel_rats.data import Stance
from game.rules.tunnel_rats.explain import EXPLAINERS
from game.rules.tunnel_rats.resolve import HANDLERS
from game.rules.tunnel_rats.state import LEGALITY
from game.ui.tables.tunnel_rats.text import CHOICES, lit_button


def test_every_action_type_has_an_entry_in_each_layers_table() -> None:
    assert len(ACTION_CLASSES) == 9
    for table in (LEGALITY, HANDLERS, EXPLAINERS, WEIGHINGS, CHOICES):
        assert set(table) == set(ACTION_CLASSES)


def test_only_forfeiting_is_open_without_a_rule_section() -> None:
    """Tunnel Rats, Actions: forfeiting a point is open to the side to act; every other
    action names the section of the rules that judges it."""
    assert [t for t, rule in LEGALITY.items() if rule.rule is None] == [Forfeit]


def test_attacks_are_what_the_bots_weigh_as_fights() -> None:
    fights = {t for t, w in WEIGHINGS.items() if w.rats is not None}
    assert fights == {t for t, w in WEIGHINGS.items() if w.defenders is not None}
    assert fights == {Shoot, Melee}


def test_the_panel_lights_the_button_of_the_proposed_action() -> None:
    assert lit_button(Search("ace", "t1")) == "trap"
    assert lit_button(Search("ace")) == "search"
    assert lit_button(Dress("ace", "ace", True)) == "dress"
    assert lit_button(Forfeit()) == "forfeit"
    assert lit_button(Move("ace", Stance.RUNNING, (1, 2))) is None  # its stance lights instead
