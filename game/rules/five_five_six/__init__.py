"""5.56mm (seed 002): modern squad skirmish on the tabletop."""
