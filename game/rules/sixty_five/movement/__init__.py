"""'65 movement (7), stacking (9) and moving hex by hex with Opportunity Fire (11)."""
