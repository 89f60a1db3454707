"""The table of '65: how its board looks and how clicks and keys become actions.
Importing the package registers the table (``table``, the class marked
``@register_table``); the other modules are its parts.
"""

from game.ui.tables.sixty_five import table as table
