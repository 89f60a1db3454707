"""Rulesets registered by id through their manifests: the only list of games.

Every package under ``game.rules`` registers its manifest when imported; a game defined
elsewhere (a test's) registers its own with ``register_manifest``. Screens and commands
list games with :func:`manifests` / :func:`ruleset_ids`, in menu order (the manifest's
``order``, then its title)."""

from __future__ import annotations

import importlib
import pkgutil

from game.core.api import Ruleset
from game.core.manifest import Manifest, MapSpec, register_manifest, registered

_TABLE = MapSpec("orthogonal", folder="tabletop", measured=True, tabletop=True)
TABLETOP = "tabletop"
"""The ``system`` of a tabletop map that any measured system may play on."""


def map_spec(system_id: str) -> MapSpec | None:
    """The maps ``system_id`` plays on: its manifest's, the generic open table for
    ``tabletop``, or ``None``."""
    if system_id == TABLETOP:
        return _TABLE
    load_rulesets()
    manifest = registered().get(system_id)
    return manifest.maps if manifest is not None else None


def register(cls: type[Ruleset]) -> type[Ruleset]:
    """Class decorator for a ruleset with no plug-ins but its rules (tests, sketches);
    real rulesets register a full :class:`Manifest`."""
    register_manifest(Manifest(ruleset=cls))
    return cls


_loaded = False


def load_rulesets() -> None:
    """Import every package under ``game.rules`` so each registers its manifest.

    An import error is not swallowed: a broken ruleset stops the program with its
    traceback rather than quietly vanishing from the menu.
    """
    global _loaded
    if _loaded:
        return
    import game.rules

    for info in pkgutil.iter_modules(game.rules.__path__, "game.rules."):
        if info.ispkg:
            importlib.import_module(info.name)
    _loaded = True


def manifests() -> dict[str, Manifest]:
    """Every registered ruleset's manifest by id, in menu order."""
    load_rulesets()
    found = registered()
    return {i: found[i] for i in ruleset_ids()}


def get_manifest(ruleset_id: str) -> Manifest:
    """The manifest of ``ruleset_id``; ``ValueError`` naming the known ids otherwise."""
    load_rulesets()
    try:
        return registered()[ruleset_id]
    except KeyError:
        known = ", ".join(sorted(registered())) or "none"
        raise ValueError(f"unknown ruleset {ruleset_id!r} (known: {known})") from None


def ruleset_ids() -> tuple[str, ...]:
    """Ids of the registered rulesets, in menu order: the manifests' ``order``, then
    their titles."""
    load_rulesets()
    found = registered()
    return tuple(sorted(found, key=lambda i: (found[i].order, found[i].title.casefold(), i)))


def get_ruleset(ruleset_id: str) -> Ruleset:
    """A ruleset instance by id; ``ValueError`` naming the known ids otherwise."""
    return get_manifest(ruleset_id).ruleset()
