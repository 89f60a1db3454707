"""The 5.56mm rules as functions of its board (``game.core.board_rules``), shared by
the state and the seats' views."""

from __future__ import annotations

from game.core.board_rules import BoardRules
from game.rules.five_five_six.board import Board
from game.rules.five_five_six.candidates import candidate_actions
from game.rules.five_five_six.explain import explain
from game.rules.five_five_six.legal import why_not
from game.rules.five_five_six.resolve import resolve
from game.rules.five_five_six.sampling import random_action

RULES: BoardRules[Board] = BoardRules(why_not, candidate_actions, random_action, resolve, explain)
