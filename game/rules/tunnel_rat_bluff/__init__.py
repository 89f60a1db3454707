"""Tunnel Rat: the two-player bluffing card game (first half of seed 001)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from game.core.api import Action
from game.core.manifest import Manifest, register_manifest
from game.rules.tunnel_rat_bluff.actions import parse_action
from game.rules.tunnel_rat_bluff.state import BluffState


class TunnelRatBluff:
    """The ruleset object: seats, a new game from a seed, the action parser."""

    id: ClassVar[str] = "tunnel_rat_bluff"
    title: ClassVar[str] = "Tunnel Rat"
    seats: ClassVar[tuple[str, ...]] = ("rat", "vc")
    rules_version: ClassVar[str] = "1"

    def new_game(self, seed: int, options: Mapping[str, str] | None = None) -> BluffState:
        MANIFEST.validate_options(options)
        return BluffState.new(seed)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)


MANIFEST = register_manifest(
    Manifest(
        ruleset=TunnelRatBluff,
        ai="game.ai.tunnel_rat_bluff",
        table="game.ui.tables.tunnel_rat_bluff",
    )
)
