"""The RatFight rules as functions of its board (``game.core.board_rules``), shared by
the state and the seats' views."""

from __future__ import annotations

from game.core.board_rules import BoardRules
from game.rules.ratfight.board import Board
from game.rules.ratfight.candidates import candidate_actions
from game.rules.ratfight.dispatch import why_not
from game.rules.ratfight.explain import explain
from game.rules.ratfight.resolve import resolve
from game.rules.ratfight.sampling import random_action

RULES: BoardRules[Board] = BoardRules(why_not, candidate_actions, random_action, resolve, explain)
