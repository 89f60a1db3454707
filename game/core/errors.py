"""The few error types the whole program raises on bad input.

Each is a ``ValueError`` so callers that only care about "bad input" can catch
one thing; each message names the input and, for rules errors, the rule.
"""

from __future__ import annotations


class SkirmishError(ValueError):
    """Base of every error the game reports to a person instead of a traceback."""


class IllegalAction(SkirmishError):
    """A well-formed action the rules do not allow now (names the rule)."""


class InvalidAction(SkirmishError):
    """Text that is not an action of this ruleset at all."""


class DataError(SkirmishError):
    """A rules data file (YAML) is missing, malformed or fails validation.

    The message names the file, the key path inside it and what was expected.
    """


class MapError(SkirmishError):
    """A Tiled map or tileset cannot be used (names the file and the place)."""


class SaveError(SkirmishError):
    """A save or replay file is corrupt, of an unknown version or does not replay."""
