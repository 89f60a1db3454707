"""Transformers Skirmish's briefing: each side's robots from the unit tables, the texts of
``data/briefing.yaml`` with the game's numbers filled in, and the set-up option's line."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, field_validator

from game.core.briefing import Briefing, SideBriefing
from game.core.data import load_model
from game.core.placeholders import check_placeholders, fill
from game.rules.transformers_skirmish.cards import DATA_DIR, SEATS, Catalog, Rank, load_catalog
from game.rules.transformers_skirmish.events import names_text

TITLE = "Transformers Skirmish"
NUMBERS = ("minicons", "air", "ground", "turn_limit", "deck", "hand_limit", "draw")
"""The fields a briefing text may hold, filled in from the game's numbers."""
_NUMBERED = re.compile(r"^(.*) (\d+)$")


def _checked(value: str) -> str:
    return check_placeholders(value, NUMBERS)


class SideText(BaseModel):
    """One side: its name as players say it and how it wins (its robots come from the
    unit tables)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str = Field(min_length=1)
    goal: str = Field(min_length=1)

    _goal = field_validator("goal")(_checked)


class SetupText(BaseModel):
    """The special rule for each value of the set-up option."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    auto: str = Field(min_length=1)
    manual: str = Field(min_length=1)

    _texts = field_validator("auto", "manual")(_checked)


class BriefingText(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    situation: str = Field(min_length=1)
    sides: tuple[SideText, SideText]
    designations: str
    special_rules: tuple[str, ...]
    setup: SetupText
    length: str

    _texts = field_validator("situation", "designations", "length")(_checked)

    @field_validator("special_rules")
    @classmethod
    def _rules(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(_checked(line) for line in value)


@cache
def load_briefing_text(path: Path = DATA_DIR / "briefing.yaml") -> BriefingText:
    """The briefing's texts (cached; a bad file raises ``DataError`` naming the key)."""
    return load_model(path, BriefingText)


def numbers(catalog: Catalog) -> dict[str, int]:
    n = catalog.numbers
    return {
        "minicons": n.minicons,
        "air": n.air_units,
        "ground": n.ground_units,
        "turn_limit": n.turn_limit,
        "deck": len(catalog.full_deck()),
        "hand_limit": n.hand_limit,
        "draw": n.draw_per_turn,
    }


def _group_names(names: list[str]) -> str:
    """``Red Alert and Hot Shot``; numbered robots as a run, ``Autobot 1 to Autobot 5``."""
    found = [_NUMBERED.match(n) for n in names]
    if len(names) > 2 and all(found) and len({m.group(1) for m in found if m}) == 1:
        return f"{names[0]} to {names[-1]}"
    return names_text(tuple(names))


def forces(catalog: Catalog, seat: int) -> tuple[str, ...]:
    """One line per rank of ``seat``'s robots, leader first: their names, rank and hits."""
    lines = []
    side = catalog.side(seat)
    for rank in Rank:
        for hits in sorted({u.hits for u in side if u.rank is rank}, reverse=True):
            names = [u.name for u in side if u.rank is rank and u.hits == hits]
            many = len(names) > 1
            lines.append(
                f"{_group_names(names)} ({rank.value}{'s' * many}, {hits} hit"
                f"{'s' * (hits != 1)}{' each' * many})"
            )
    return tuple(lines)


def briefing(setup: str) -> Briefing:
    """The briefing for the set-up option ``setup`` (``auto`` or ``manual``)."""
    text = load_briefing_text()
    catalog = load_catalog()
    values = numbers(catalog)
    designations = fill(text.designations, values)
    sides = tuple(
        SideBriefing(
            name=side.name,
            forces=(*forces(catalog, seat), designations),
            goal=fill(side.goal, values),
        )
        for seat, side in zip(range(len(SEATS)), text.sides, strict=True)
    )
    setup_line = fill(text.setup.manual if setup == "manual" else text.setup.auto, values)
    return Briefing(
        title=TITLE,
        situation=fill(text.situation, values),
        sides=sides,
        special_rules=(*(fill(rule, values) for rule in text.special_rules), setup_line),
        length=fill(text.length, values),
    )
