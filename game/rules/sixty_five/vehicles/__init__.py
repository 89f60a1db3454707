"""'65 vehicles: facing and movement (7b, 7c), AP fire (15), transport (8) and their events."""
