"""Developer tools (asset generators); not part of the installed game."""
