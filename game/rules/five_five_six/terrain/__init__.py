"""5.56mm ground (6.1) and night fighting (6.2)."""
