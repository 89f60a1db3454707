"""'65: Squad Level Combat in Vietnam, the card-driven hex game (seed 004).

In preparation: the pure rules foundation (data, sequence of play, movement, stacking,
ranged fire against soft targets). Not registered as a playable ruleset yet; the
catalogue (game/core/registry.py) lists it as in preparation.
"""
