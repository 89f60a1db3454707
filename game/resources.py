"""Where the program's shipped files are: the one resolver every module asks.

The repository keeps ``maps/``, ``sprites/`` and ``sounds/`` at its top level. A built
wheel carries them inside the package as ``game/_assets/{maps,sprites,sounds}`` (the
package-dir mapping in ``pyproject.toml``; ``setup.py`` lists the folders as packages).
So the asset root is ``game/_assets`` when that folder exists (installed from a wheel,
``pipx install``), and otherwise the folder that holds the ``game`` package (a checkout run
with ``PYTHONPATH=.``, or an editable install, which points at the checkout). Both are
found from the ``game`` package through :mod:`importlib.resources`; the relative links
between the files (a map's ``../tilesets/...``, a tileset's ``../../sprites/...``) hold
in both layouts.

Data that lives inside a package (rules tables, the player guides F1 shows) is found from
that package the same way, with :func:`package_dir`.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path

BUNDLE = "_assets"
"""The folder inside the installed ``game`` package that holds the asset folders."""
ASSET_FOLDERS = ("maps", "sprites", "sounds")
GUIDE_FILE = "guide.md"
TILED_PROJECT = "skirmish.tiled-project"


class ResourceError(RuntimeError):
    """The installation lacks a folder the program needs (says which and where)."""


def package_dir(package: str) -> Path:
    """The folder of an importable package, e.g. ``game.rules.ratfight``, as a real path
    (maps and images are opened by file name, so a zipped install is refused)."""
    found = resources.files(package)
    if not isinstance(found, Path):
        raise ResourceError(
            f"{package}: installed as {found!r}, not as files on disk; "
            "install the skirmish-table wheel with pip or pipx"
        )
    return found


@cache
def asset_root() -> Path:
    """The folder holding ``maps/``, ``sprites/`` and ``sounds/``: ``game/_assets`` in an
    installed wheel, else the checkout that holds the ``game`` package."""
    game_dir = package_dir("game")
    bundled = game_dir / BUNDLE
    return bundled if bundled.is_dir() else game_dir.parent


def asset(rel: str | Path, root: Path | None = None) -> Path:
    """A shipped file by its repository-relative name, e.g. ``maps/ratfight/x.tmx``
    (how scenario data names maps), under ``root`` (default :func:`asset_root`)."""
    return (root if root is not None else asset_root()) / rel


def maps_dir(root: Path | None = None) -> Path:
    """The shipped maps folder (one subfolder per system, plus ``tilesets/``)."""
    return asset("maps", root)


def sprite(rel: str, root: Path | None = None) -> Path:
    """An image under ``sprites/``, e.g. ``cards/bluff_vc.png``."""
    return asset("sprites", root) / rel


def sound(name: str, root: Path | None = None) -> Path:
    """The sound ``sounds/<name>.wav``."""
    return asset("sounds", root) / f"{name}.wav"


def shipped_maps(root: Path | None = None) -> list[Path]:
    """Every shipped Tiled map (``maps/**/*.tmx``), sorted."""
    return sorted(maps_dir(root).rglob("*.tmx"))


def tiled_project() -> Path:
    """The Tiled project file whose classes and enums every map uses."""
    return maps_dir() / TILED_PROJECT


def ruleset_dir(ruleset_id: str) -> Path:
    """The package folder of a ruleset, ``game/rules/<id>`` (found from ``game.rules``, so
    asking never imports the ruleset: map files name their system)."""
    return package_dir("game.rules") / ruleset_id


def rules_data_dir(ruleset_id: str) -> Path:
    """A ruleset's data tables: ``game/rules/<id>/data``."""
    return ruleset_dir(ruleset_id) / "data"


def guide(ruleset_id: str) -> Path:
    """The player's guide F1 shows: ``game/rules/<id>/guide.md``."""
    return ruleset_dir(ruleset_id) / GUIDE_FILE
