"""The computer's play of 5.56mm: the heuristic bot (``bot``, registered with
``register_ai``) and the search's leaf evaluation (``evaluation``, registered with
``register_evaluation``). Importing the package registers them; the other modules are
the bot's parts.
"""

from game.ai.five_five_six import bot as bot
from game.ai.five_five_six import evaluation as evaluation
