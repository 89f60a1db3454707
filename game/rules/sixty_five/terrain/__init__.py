"""'65 ground: the hex maps, terrain, Smoke, range and line of sight (10b1, 14), and
fortifications (23)."""
