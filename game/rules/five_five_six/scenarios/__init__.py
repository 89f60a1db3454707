"""5.56mm scenarios: their data, briefings and how a game stands against them."""
