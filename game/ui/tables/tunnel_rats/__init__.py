"""The table of Tunnel Rats: how its board looks and how clicks and keys become actions.
Importing the package registers the table (``table``, the class marked
``@register_table``); the other modules are its parts.
"""

from game.ui.tables.tunnel_rats import table as table
