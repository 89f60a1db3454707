"""5.56mm fighting: Fire (3.2), Auto-Fire (4.3), hand to hand (3.7), grenades and launchers
(7.5, 7.8), heavy weapons (7.9), weapons and ammunition (7), injury and wounds (5.0)."""
