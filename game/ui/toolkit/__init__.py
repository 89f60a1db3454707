"""The shared toolkit every table is built from (docs/architecture.md, "Tables").

- :mod:`.effects`: timed animations (``Effect`` with delay and duration, ``Effects``).
- :mod:`.select`: select-then-confirm input, by mouse and by keys.
- :mod:`.rolls`: the roll panel (every die, modifier, total and target of the last action).
- :mod:`.odds`: the odds prompt shown before a risky action.
- :class:`game.ui.tables.base.TableBase`: the table skeleton that uses them.
"""
