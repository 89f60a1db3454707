"""5.56mm: modern squad skirmish on the tabletop (seed 002). Importing the package
registers its manifest (``ruleset.py``)."""

from __future__ import annotations

from game.rules.five_five_six.ruleset import MANIFEST, FiveFiveSix, FiveFiveSixOptions

__all__ = ["MANIFEST", "FiveFiveSix", "FiveFiveSixOptions"]
