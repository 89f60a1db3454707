"""The table of 5.56mm: how its board looks and how clicks and keys become actions.
Importing the package registers the table (``table``, the class marked
``@register_table``); the other modules are its parts.
"""

from game.ui.tables.five_five_six import table as table
