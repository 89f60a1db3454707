"""Tunnel Rats: miniatures skirmish in the tunnels by stance (seed 000).

Seats: ``rats`` (0) and ``defenders`` (1). Option ``scenario=ID`` picks a scenario of
``data/scenarios.yaml`` (the first one by default).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field, field_validator

from game.core.api import Action
from game.core.errors import InvalidAction
from game.core.manifest import Manifest, MapSpec, register_manifest
from game.rules.tunnel_rats.actions import parse_action
from game.rules.tunnel_rats.data import load_scenarios
from game.rules.tunnel_rats.state import TRState
from game.rules.tunnel_rats.umpire import new_state
from game.rules.tunnel_rats.world import scenario_world


class TunnelRatsOptions(BaseModel):
    """Options of a Tunnel Rats game."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    scenario: str = Field(
        default_factory=lambda: load_scenarios()[0].id,
        title="Scenario",
        description="which mission of data/scenarios.yaml to play",
    )

    @field_validator("scenario")
    @classmethod
    def _known(cls, value: str) -> str:
        known = [s.id for s in load_scenarios()]
        if value not in known:
            raise ValueError(f"unknown scenario {value!r} (known: {', '.join(known)})")
        return value

    @classmethod
    def choices(cls, name: str) -> list[tuple[str, str]]:
        """Scenario ids with their titles, for the setup screen."""
        if name != "scenario":
            return []
        return [(s.id, s.title) for s in load_scenarios()]


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


MANIFEST = register_manifest(
    Manifest(
        ruleset=TunnelRats,
        options=TunnelRatsOptions,
        ai="game.ai.tunnel_rats",
        table="game.ui.tables.tunnel_rats",
        maps=MapSpec("orthogonal", folder="tunnel_rats", measured=True),
    )
)
