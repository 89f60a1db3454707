"""'65 scenarios (24): their data, set-up, briefings, the opening, reinforcements, map exits,
victory and Bonus Victory Condition cards, and the special rules of scenarios 6 and 8."""
