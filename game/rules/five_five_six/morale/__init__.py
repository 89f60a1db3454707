"""5.56mm morale (9.4): the test and its results in play."""
