"""Goofspiel: a seventh game that lives wholly in this folder (rules, manifest, computer
player, table, guide) and registers itself when imported, as a game in ``game/`` would.
``docs/architecture.md`` shows these files as the skeleton of a new game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field

from game.core.api import Action
from game.core.manifest import Manifest, register_manifest
from tests.goofspiel.rules import NAMES, GoofState, parse_action


class GoofOptions(BaseModel):
    """How many cards each player holds, and as many prizes."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    cards: int = Field(5, ge=3, le=13, title="Cards", description="cards in each hand")

    @classmethod
    def choices(cls, name: str) -> list[tuple[str, str]]:
        return [("5", "5 cards"), ("8", "8 cards"), ("13", "13 cards")]


class Goofspiel:
    id: ClassVar[str] = "goofspiel"
    title: ClassVar[str] = "Goofspiel"
    seats: ClassVar[tuple[str, ...]] = ("north", "south")
    rules_version: ClassVar[str] = "1"

    def new_game(
        self, seed: int, options: GoofOptions | Mapping[str, str] | None = None
    ) -> GoofState:
        chosen = MANIFEST.validate_options(options)  # the session's model passes through
        assert isinstance(chosen, GoofOptions)
        return GoofState.new(seed, chosen.cards)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)


MANIFEST = register_manifest(
    Manifest(
        ruleset=Goofspiel,
        options=GoofOptions,
        ai="tests.goofspiel.ai",
        table="tests.goofspiel.table",
        summary="Bid your cards for prizes; the higher bid takes the prize, the first face down.",
        players="2",
        order=70,
        levels=("easy", "normal"),  # too small a game for a hard level
    )
)
__all__ = ["MANIFEST", "NAMES", "GoofOptions", "Goofspiel"]
