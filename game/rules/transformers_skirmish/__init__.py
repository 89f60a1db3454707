"""Transformers Skirmish: robot battle on an 8x8 board with a shared action deck
(second half of seed 001). An unofficial fan game; the names are Hasbro trademarks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from game.core.api import Action
from game.core.briefing import Briefing
from game.core.manifest import Manifest, MapSpec, register_manifest
from game.rules.transformers_skirmish.actions import parse_action
from game.rules.transformers_skirmish.briefing import briefing
from game.rules.transformers_skirmish.cards import SEATS
from game.rules.transformers_skirmish.state import SkirmishState


class TransformersOptions(BaseModel):
    """Options of a Transformers Skirmish game."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    setup: Literal["auto", "manual"] = Field(
        "auto",
        title="Set-up",
        description="auto: both sides set up at random; manual: each side places its units",
    )


class TransformersSkirmish:
    """The ruleset object: seats, a new game from a seed, the action parser.

    Option ``setup``: ``auto`` (default; both sides set up at random) or ``manual`` (each
    side places its units and makes its designations with setup actions).
    """

    id: ClassVar[str] = "transformers_skirmish"
    title: ClassVar[str] = "Transformers Skirmish"
    seats: ClassVar[tuple[str, ...]] = SEATS
    rules_version: ClassVar[str] = "1"
    snapshot_since: ClassVar[int] = 3  # format 2 saves hashed a bridged snapshot

    def new_game(
        self, seed: int, options: TransformersOptions | Mapping[str, str] | None = None
    ) -> SkirmishState:
        chosen = MANIFEST.validate_options(options)
        assert isinstance(chosen, TransformersOptions)
        return SkirmishState.new(seed, {"setup": chosen.setup})

    def parse_action(self, text: str) -> Action:
        return parse_action(text)


def _briefing(options: TransformersOptions) -> Briefing:
    return briefing(options.setup)


MANIFEST = register_manifest(
    Manifest(
        ruleset=TransformersSkirmish,
        options=TransformersOptions,
        summary="Two robot armies on a chessboard; every move and shot is a card from one deck",
        briefing=_briefing,
        text_allows=r"\b[a-h][1-8]\b",  # chessboard squares (e1, g2) are names players use
        ai="game.ai.transformers_skirmish",
        table="game.ui.tables.transformers_skirmish",
        setup="game.rules.transformers_skirmish.position",
        order=30,
        maps=MapSpec("orthogonal", folder="transformers_skirmish"),
    )
)
