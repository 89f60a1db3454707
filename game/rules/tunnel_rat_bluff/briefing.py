"""Tunnel Rat's briefing: the texts from ``data/briefing.yaml`` with the deck and the
winning numbers of ``data/rules.yaml`` filled in, and the line for the tells option."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, field_validator

from game.core.briefing import Briefing, SideBriefing
from game.core.data import load_model
from game.core.placeholders import check_placeholders, fill
from game.rules.tunnel_rat_bluff.cards import DATA_DIR, BluffRules, load_rules

TITLE = "Tunnel Rat"
NUMBERS = ("tunnels", "casualties", "deck", "vc", "trap", "tunnel")
"""The fields a briefing text may hold, filled in from the rules' numbers."""


class SideText(BaseModel):
    """One side: its name as players say it, what it has, how it wins."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str = Field(min_length=1)
    forces: tuple[str, ...] = Field(min_length=1)
    goal: str = Field(min_length=1)

    @field_validator("forces")
    @classmethod
    def _forces_fields(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(check_placeholders(line, NUMBERS) for line in value)

    @field_validator("goal")
    @classmethod
    def _goal_fields(cls, value: str) -> str:
        return check_placeholders(value, NUMBERS)


class BriefingText(BaseModel):
    """The briefing's texts; ``tells_off`` / ``tells_on`` is the special rule for the
    tells option (``tells_on`` may also say ``{reliability}``, in percent)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    situation: str = Field(min_length=1)
    sides: tuple[SideText, SideText]
    special_rules: tuple[str, ...]
    tells_off: str
    tells_on: str
    length: str

    @field_validator("situation", "tells_off", "length")
    @classmethod
    def _fields(cls, value: str) -> str:
        return check_placeholders(value, NUMBERS)

    @field_validator("special_rules")
    @classmethod
    def _rules_fields(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(check_placeholders(line, NUMBERS) for line in value)

    @field_validator("tells_on")
    @classmethod
    def _tells_fields(cls, value: str) -> str:
        return check_placeholders(value, (*NUMBERS, "reliability"))


@cache
def load_briefing_text(path: Path = DATA_DIR / "briefing.yaml") -> BriefingText:
    """The briefing's texts (cached; a bad file raises ``DataError`` naming the key)."""
    return load_model(path, BriefingText)


def numbers(rules: BluffRules) -> dict[str, int]:
    """The values of the briefing's fields: the deck and the two winning numbers."""
    return {
        "tunnels": rules.rat_wins_with_tunnels,
        "casualties": rules.vc_wins_with_casualties,
        "deck": rules.deck_size,
        "vc": rules.deck.vc,
        "trap": rules.deck.trap,
        "tunnel": rules.deck.tunnel,
    }


def briefing(reliability: int) -> Briefing:
    """The briefing for a game with the tells option at ``reliability`` percent (0: off,
    the printed rules)."""
    text = load_briefing_text()
    values: dict[str, int] = numbers(load_rules())
    tells = fill(text.tells_off, values)
    if reliability:
        tells = fill(text.tells_on, {**values, "reliability": reliability})
    sides = tuple(
        SideBriefing(
            name=side.name,
            forces=tuple(fill(line, values) for line in side.forces),
            goal=fill(side.goal, values),
        )
        for side in text.sides
    )
    return Briefing(
        title=TITLE,
        situation=fill(text.situation, values),
        sides=sides,
        special_rules=(*(fill(rule, values) for rule in text.special_rules), tells),
        length=fill(text.length, values),
    )
