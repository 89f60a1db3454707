"""The computer's play of '65: the heuristic bot (``bot``, registered with
``register_ai``) and the search's leaf evaluation (``evaluation``, registered with
``register_evaluation``). Importing the package registers them; the other modules are
the bot's parts.
"""

from game.ai.sixty_five import bot as bot
from game.ai.sixty_five import evaluation as evaluation
