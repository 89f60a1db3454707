"""'65 ranged combat (10), artillery (12, 19e), strikes hex by hex and the rules calculator."""
