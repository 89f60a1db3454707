"""The installed dependencies are the ones DESIGN.md names."""

from __future__ import annotations

import importlib.metadata as md

import pytest


def test_pygame_is_the_community_edition() -> None:
    """pygame-ce is imported as ``pygame``; the original distribution must not be beside it."""
    import pygame

    assert getattr(pygame, "IS_CE", False), "the installed pygame is not pygame-ce"
    assert md.version("pygame-ce").startswith("2.5.")
    with pytest.raises(md.PackageNotFoundError):
        md.version("pygame")


def test_pytmx_is_version_3_32() -> None:
    assert md.version("pytmx") == "3.32"
