"""The scenes of the program: menu, setup, game, hand-over, demo, rules, dialogs, replay."""
