"""5.56mm: modern squad skirmish on the tabletop (seed 002)."""
