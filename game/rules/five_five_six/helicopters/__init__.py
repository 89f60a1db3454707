"""5.56mm helicopters (rules version 3): Pilot (4.7), Fast Rope (4.8), and their events."""
