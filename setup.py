"""The package list, which pyproject.toml cannot state: find cannot rename folders.

Everything else (metadata, the ``skirmish-table`` command, the package-dir mapping that
puts the top-level ``maps/``, ``sprites/`` and ``sounds/`` into the wheel as
``game/_assets/...``, and the package data) is in pyproject.toml.
"""

from setuptools import find_namespace_packages, setup

ASSET_FOLDERS = ("maps", "sprites", "sounds")
ASSET_PATTERNS = [f"{folder}{tail}" for folder in ASSET_FOLDERS for tail in ("", ".*")]

setup(
    packages=find_namespace_packages(include=["game", "game.*"])
    + [f"game._assets.{name}" for name in find_namespace_packages(include=ASSET_PATTERNS)]
)
