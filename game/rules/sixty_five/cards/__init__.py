"""'65 card effects (18-22): the effect registry, Powers, supports, Rally, the Kickstarter cards
and booby traps."""
