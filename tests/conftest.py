"""Test set-up shared by every test: dummy SDL drivers and a private data folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

# No per-example time limit: with one worker per core (pytest-xdist) and a busy machine an
# example's time says nothing about the rules; the properties are what is checked.
settings.register_profile("skirmish", deadline=None)
settings.load_profile("skirmish")

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

REPO_ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    """A fresh folder for saves and settings (what ``--data-dir`` points at)."""
    path = tmp_path / "data"
    path.mkdir()
    return path
