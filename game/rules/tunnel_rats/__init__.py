"""Tunnel Rats: miniatures skirmish in the tunnels by stance (seed 000).

Seats: ``rats`` (0) and ``defenders`` (1). Option ``scenario=ID`` picks a scenario of
``data/scenarios.yaml`` (the first one by default).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from game.core.api import Action
from game.core.errors import InvalidAction
from game.core.registry import register
from game.rules.tunnel_rats.actions import parse_action
from game.rules.tunnel_rats.data import load_scenarios
from game.rules.tunnel_rats.state import TRState
from game.rules.tunnel_rats.umpire import new_state
from game.rules.tunnel_rats.world import scenario_world


@register
class TunnelRats:
    """The ruleset object: seats, a new game from a seed and options, the parser."""

    id: ClassVar[str] = "tunnel_rats"
    title: ClassVar[str] = "Tunnel Rats"
    seats: ClassVar[tuple[str, ...]] = ("rats", "defenders")
    rules_version: ClassVar[str] = "1"

    def new_game(self, seed: int, options: Mapping[str, str] | None = None) -> TRState:
        options = dict(options or {})
        unknown = sorted(set(options) - {"scenario"})
        if unknown:
            raise InvalidAction(
                f"Tunnel Rats knows the option scenario=ID only (got {', '.join(unknown)})"
            )
        scenarios = load_scenarios()
        wanted = options.get("scenario", scenarios[0].id)
        scenario = next((s for s in scenarios if s.id == wanted), None)
        if scenario is None:
            known = ", ".join(s.id for s in scenarios)
            raise InvalidAction(f"unknown Tunnel Rats scenario {wanted!r} (known: {known})")
        return new_state(scenario_world(scenario), scenario, seed)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)
