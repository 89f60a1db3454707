"""5.56mm's turn (2.3): the turn deck and the flow of goes."""
