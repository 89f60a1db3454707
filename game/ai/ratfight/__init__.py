"""The computer's play of JTS RatFight: the heuristic bot (``bot``, registered with
``register_ai``) and the search's leaf evaluation (``evaluation``, registered with
``register_evaluation``). Importing the package registers them; the other modules are
the bot's parts.
"""

from game.ai.ratfight import bot as bot
from game.ai.ratfight import evaluation as evaluation
