"""'65 Assault Combat (13) and the cards played in it."""
