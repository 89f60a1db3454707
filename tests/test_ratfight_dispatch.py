"""RatFight's dispatch table (issue 37): every action type of the game has its rule of
legality (``dispatch.PROBLEMS``), its resolution (``resolve.HANDLERS``), its explainer
(``explain.EXPLAINERS``), its words (``wording.WORDS``), the bot's weighing
(``bot.WEIGHINGS``) and the table's way of picking it (``choosing.CHOICES``), and
nothing else is in those tables."""

from __future__ import annotations

import pygame

from game.ai.ratfight.bot import WEIGHINGS
from game.rules.ratfight.actions import FORMS, Assault, End, Fire, Hold, Move, Redraw, Reverse
from game.rules.ratfight.dispatch import PROBLEMS
from game.rules.ratfight.explain import EXPLAINERS
from game.rules.ratfight.resolve import HANDLERS
from game.rules.ratfight.wording import WORDS
from game.ui.tables.ratfight.choosing import AIMED, CHOICES, at_point, by_key

ACTION_TYPES = {form.cls for form in FORMS.forms}


def test_every_action_type_has_an_entry_in_each_layers_table() -> None:
    assert len(ACTION_TYPES) == 9
    for table in (PROBLEMS, HANDLERS, EXPLAINERS, WORDS, WEIGHINGS, CHOICES):
        assert set(table) == ACTION_TYPES


def test_each_legality_entry_judges_at_one_stage() -> None:
    """A rule is a model's action, an action on the card, or one on shots left over."""
    for kind, rule in PROBLEMS.items():
        stages = [s for s in (rule.pending, rule.card, rule.model) if s is not None]
        assert len(stages) == 1, kind


def test_the_table_offers_what_its_table_says() -> None:
    """RatFight table: Enter ends the card, H holds, R redraws; a click on an enemy tries
    a shot before an assault; Shift+click reverses."""
    assert by_key(pygame.K_RETURN) is End
    assert by_key(pygame.K_h) is Hold
    assert by_key(pygame.K_r) is Redraw
    assert by_key(pygame.K_q) is None
    assert AIMED == (Fire, Assault)
    assert at_point(False) is Move
    assert at_point(True) is Reverse
