"""Rulesets registered by id (through their manifests), and the catalogue of all six
systems for the menu."""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass

from game.core.api import Ruleset
from game.core.manifest import Manifest, MapSpec, register_manifest, registered


@dataclass(frozen=True)
class SystemInfo:
    """One of the six systems of the seed index, built or in preparation."""

    id: str
    title: str
    summary: str
    maps: MapSpec | None = None  # for systems in preparation; a manifest's spec wins


_TABLE = MapSpec("orthogonal", folder="tabletop", measured=True, tabletop=True)

SYSTEMS: tuple[SystemInfo, ...] = (
    SystemInfo("tunnel_rat_bluff", "Tunnel Rat", "Two-player bluffing card game in the tunnels."),
    SystemInfo("tunnel_rats", "Tunnel Rats", "Miniatures skirmish below ground, by stance."),
    SystemInfo("transformers_skirmish", "Transformers Skirmish", "Robot battle on an 8x8 board."),
    SystemInfo(
        "five_five_six", "5.56mm", "Modern squad skirmish with a playing-card turn deck.", _TABLE
    ),
    SystemInfo("ratfight", "JTS RatFight", "Diceless skirmish driven by resolution decks.", _TABLE),
    SystemInfo(
        "sixty_five",
        "'65",
        "Card-driven squad combat in Vietnam on hex maps.",
        MapSpec("hexagonal", folder="sixty_five", deployment_on_map=False),
    ),
)
TABLETOP = "tabletop"
"""The ``system`` of a tabletop map that any measured system may play on."""


def map_spec(system_id: str) -> MapSpec | None:
    """The maps ``system_id`` plays on: its manifest's, else the catalogue's (systems in
    preparation), the generic open table for ``tabletop``, or ``None``."""
    if system_id == TABLETOP:
        return _TABLE
    load_rulesets()
    manifest = registered().get(system_id)
    if manifest is not None:
        return manifest.maps
    return next((s.maps for s in SYSTEMS if s.id == system_id), None)


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
    """Every registered ruleset's manifest by id, in catalogue order."""
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
    """Ids of the built rulesets, in catalogue order."""
    load_rulesets()
    order = [s.id for s in SYSTEMS]
    return tuple(sorted(registered(), key=lambda i: order.index(i) if i in order else len(order)))


def get_ruleset(ruleset_id: str) -> Ruleset:
    """A ruleset instance by id; ``ValueError`` naming the known ids otherwise."""
    return get_manifest(ruleset_id).ruleset()
