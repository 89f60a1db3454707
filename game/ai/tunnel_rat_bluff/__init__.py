"""The computer's play of Tunnel Rat: the heuristic bot (``bot``, registered with
``register_ai``). Importing the package registers them; the other modules are the bot's parts.
"""

from game.ai.tunnel_rat_bluff import bot as bot
