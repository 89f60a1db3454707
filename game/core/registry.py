"""Rulesets registered by id, and the catalogue of all six systems for the menu."""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass

from game.core.api import Ruleset

_RULESETS: dict[str, type[Ruleset]] = {}


@dataclass(frozen=True)
class SystemInfo:
    """One of the six systems of the seed index, built or in preparation."""

    id: str
    title: str
    summary: str


SYSTEMS: tuple[SystemInfo, ...] = (
    SystemInfo("tunnel_rat_bluff", "Tunnel Rat", "Two-player bluffing card game in the tunnels."),
    SystemInfo("tunnel_rats", "Tunnel Rats", "Miniatures skirmish below ground, by stance."),
    SystemInfo("transformers_skirmish", "Transformers Skirmish", "Robot battle on an 8x8 board."),
    SystemInfo("five_five_six", "5.56mm", "Modern squad skirmish with a playing-card turn deck."),
    SystemInfo("ratfight", "JTS RatFight", "Diceless skirmish driven by resolution decks."),
    SystemInfo("sixty_five", "'65", "Card-driven squad combat in Vietnam on hex maps."),
)


def register(cls: type[Ruleset]) -> type[Ruleset]:
    """Class decorator: make a ruleset known by its ``id``."""
    if cls.id in _RULESETS and _RULESETS[cls.id] is not cls:
        raise ValueError(f"two rulesets claim the id {cls.id!r}")
    _RULESETS[cls.id] = cls
    return cls


def load_rulesets() -> None:
    """Import every package under ``game.rules`` so each registers itself."""
    import game.rules

    for info in pkgutil.iter_modules(game.rules.__path__, "game.rules."):
        if info.ispkg:
            importlib.import_module(info.name)


def ruleset_ids() -> tuple[str, ...]:
    """Ids of the built rulesets, in catalogue order."""
    load_rulesets()
    order = [s.id for s in SYSTEMS]
    return tuple(sorted(_RULESETS, key=lambda i: order.index(i) if i in order else len(order)))


def get_ruleset(ruleset_id: str) -> Ruleset:
    """A ruleset instance by id; ``ValueError`` naming the known ids otherwise."""
    load_rulesets()
    try:
        return _RULESETS[ruleset_id]()
    except KeyError:
        known = ", ".join(sorted(_RULESETS)) or "none"
        raise ValueError(f"unknown ruleset {ruleset_id!r} (known: {known})") from None
