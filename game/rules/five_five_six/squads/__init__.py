"""5.56mm squads (11), special skills (10) and equipment's effects (8)."""
