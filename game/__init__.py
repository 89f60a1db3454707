"""Skirmish Table: six tabletop wargames on one screen."""

__version__ = "0.1.0"
