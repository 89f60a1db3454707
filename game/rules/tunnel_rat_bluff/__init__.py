"""Tunnel Rat: the two-player bluffing card game (first half of seed 001)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field, field_validator

from game.core.api import Action
from game.core.briefing import Briefing
from game.core.manifest import Manifest, register_manifest
from game.rules.tunnel_rat_bluff.actions import parse_action
from game.rules.tunnel_rat_bluff.briefing import briefing
from game.rules.tunnel_rat_bluff.cards import load_rules
from game.rules.tunnel_rat_bluff.state import BluffState


class BluffOptions(BaseModel):
    """Options of a Tunnel Rat game."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    tells: str = Field(
        "off",
        title="Computer VC's tells (variant)",
        description=(
            "Not in the printed rules, for play against the computer: when first questioned, "
            "the VC hesitates, glances or fidgets, and that tell matches his card this often"
        ),
    )

    @field_validator("tells")
    @classmethod
    def _known(cls, value: str) -> str:
        allowed = ["off", *(str(r) for r in load_rules().tell_reliabilities)]
        if value not in allowed:
            raise ValueError(f"expected one of {', '.join(allowed)}")
        return value

    @classmethod
    def choices(cls, name: str) -> list[tuple[str, str]]:
        """Off (the printed rules) or one of the data's reliabilities."""
        if name != "tells":
            return []
        reliable = [(str(r), f"{r}% reliable") for r in load_rules().tell_reliabilities]
        return [("off", "Off (printed rules)"), *reliable]

    @property
    def reliability(self) -> int:
        """The tells' reliability in percent (0: the printed rules, no tells)."""
        return 0 if self.tells == "off" else int(self.tells)


class TunnelRatBluff:
    """The ruleset object: seats, a new game from a seed, the action parser."""

    id: ClassVar[str] = "tunnel_rat_bluff"
    title: ClassVar[str] = "Tunnel Rat"
    seats: ClassVar[tuple[str, ...]] = ("rat", "vc")
    rules_version: ClassVar[str] = "1"

    def new_game(
        self, seed: int, options: BluffOptions | Mapping[str, str] | None = None
    ) -> BluffState:
        chosen = MANIFEST.validate_options(options)
        assert isinstance(chosen, BluffOptions)
        return BluffState.new(seed, tells=chosen.reliability)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)


def _briefing(options: BluffOptions) -> Briefing:
    return briefing(options.reliability)


MANIFEST = register_manifest(
    Manifest(
        ruleset=TunnelRatBluff,
        options=BluffOptions,
        summary="A two-player bluffing card game: a US tunnel rat questions the VC in the dark",
        briefing=_briefing,
        ai="game.ai.tunnel_rat_bluff",
        table="game.ui.tables.tunnel_rat_bluff",
        setup="game.rules.tunnel_rat_bluff.position",
        order=10,
        demo_seconds=55.0,  # a hand of the card game is short
    )
)
