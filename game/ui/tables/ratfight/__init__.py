"""The table of JTS RatFight: how its board looks and how clicks and keys become actions.
Importing the package registers the table (``table``, the class marked
``@register_table``); the other modules are its parts.
"""

from game.ui.tables.ratfight import table as table
