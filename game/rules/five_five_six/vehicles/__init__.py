"""5.56mm vehicles (section 12, rules version 3): Drive (4.6), seats, ramming and crashes,
fire at vehicles and vehicle damage (12.5)."""
