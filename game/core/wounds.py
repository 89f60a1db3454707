"""A shared wound track: unhurt -> yellow -> red -> dead, with treatment.

Several systems mark wounds with coloured markers: the first wound gives a yellow
marker, a second untreated wound turns it red, and a third kills. Treating a red
wound brings the figure back to yellow. Values are immutable; every function
returns a new level and never goes below ``NONE`` or beyond ``DEAD``.
"""

from __future__ import annotations

from enum import IntEnum


class WoundLevel(IntEnum):
    """How hurt a figure is; the integer is the number of untreated wounds."""

    NONE = 0
    YELLOW = 1
    RED = 2
    DEAD = 3

    @property
    def label(self) -> str:
        return {0: "unhurt", 1: "yellow wound", 2: "red wound", 3: "dead"}[int(self)]

    @property
    def alive(self) -> bool:
        return self is not WoundLevel.DEAD


def add_wounds(level: WoundLevel, count: int = 1) -> WoundLevel:
    """The level after ``count`` more wounds (a third wound kills; the dead stay dead)."""
    if count < 0:
        raise ValueError(f"a wound count is never negative, got {count}")
    return WoundLevel(min(int(level) + count, int(WoundLevel.DEAD)))


def treat(level: WoundLevel, *, clears_yellow: bool = False) -> WoundLevel:
    """The level after one treatment: red becomes yellow; yellow becomes unhurt only
    when ``clears_yellow`` (a system's decision). The dead and the unhurt are unchanged."""
    if level is WoundLevel.RED:
        return WoundLevel.YELLOW
    if level is WoundLevel.YELLOW and clears_yellow:
        return WoundLevel.NONE
    return level


def can_treat(level: WoundLevel, *, clears_yellow: bool = False) -> bool:
    """Whether :func:`treat` would change ``level``."""
    return treat(level, clears_yellow=clears_yellow) is not level
