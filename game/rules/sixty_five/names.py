"""What a player calls the things of a '65 game: units by their counter ("US Rifle 3",
"Riggs"), cards by their two action blocks and TN ("Fire / Artillery (Miss)"), action
blocks by their name ("Move & Fire") and the sides as the scenario calls them ("the
Americans", "the Viet Cong", "the NVA").

The rules make events with ids in their typed fields (the table animates from them);
:func:`named` gives each event the game's :class:`Namer` as it is made, so that the
event's own text (the log, the demo caption and the ``replay`` command print the same
line) reads in names.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from game.core.api import Event
from game.rules.sixty_five.data import SixtyFiveData
from game.rules.sixty_five.events import Named
from game.rules.sixty_five.model import Counter

#: The words for a scenario's short side names (Scenario.names).
SIDE_WORDS = {"US": "Americans", "VC": "Viet Cong", "NVA": "NVA"}
#: The words for the pseudo-blocks that are no block of the data.
SPECIAL_BLOCKS = {
    "power": "a Power",
    "puff": "the AC-47",
    "bunker": "a Bunker shot",
    "search": "a search for the relics",
}
BUNKER_PREFIX = "bunker_"


def side_words(short: Sequence[str]) -> tuple[str, str]:
    """The sides as players say them, without the article: ``("Americans", "NVA")``."""
    return SIDE_WORDS.get(short[0], short[0]), SIDE_WORDS.get(short[1], short[1])


def possessive(words: str) -> str:
    """``the Americans'``, ``the NVA's``."""
    return words + ("'" if words.endswith("s") else "'s")


def unit_adjective(side: str) -> str:
    """A side's word before a noun: ``American`` units, ``Viet Cong`` units."""
    return {"Americans": "American"}.get(side, side)


def unit_label(unit: Counter) -> str:
    """``US Rifle 3``, ``NVA PT-76 2``, ``Riggs``: the side and the counter's name with
    its number within its type (heroes by name alone)."""
    if unit.hero:
        return unit.type.name
    tail = unit.id.rsplit("_", 1)[-1]
    return f"{unit.type.side.upper()} {unit.type.name}" + (f" {tail}" if tail.isdigit() else "")


def card_label(data: SixtyFiveData, card_id: str) -> str:
    """A card by its face: its two action blocks and TN (``Fire / Artillery (TN 5)``);
    an End Turn card as ``End Turn (TN 3)``."""
    face = data.card(card_id)
    tn = "Miss" if face.tn == "miss" else f"TN {face.tn}"
    if face.end_turn:
        return f"End Turn ({tn})"
    names = [data.blocks[b].name for b in face.blocks]
    return f"{' / '.join(names)} ({tn})"


def block_label(data: SixtyFiveData, block_id: str) -> str:
    """An action block by its name (``Move & Fire``)."""
    if block_id in SPECIAL_BLOCKS:
        return SPECIAL_BLOCKS[block_id]
    block = data.blocks.get(block_id)
    return block.name if block is not None else block_id.replace("_", " ")


def bunker_label(target: str) -> str | None:
    """``the bunker in 3E5`` for a ``bunker_3e5`` target, None for anything else."""
    if not target.lower().startswith(BUNKER_PREFIX):
        return None
    return f"the bunker in {target[len(BUNKER_PREFIX) :].upper()}"


def label_of(data: SixtyFiveData, units: dict[str, Counter], token: str) -> str | None:
    """The player's word for a unit id, a bunker target or a card id; None otherwise."""
    unit = units.get(token)
    if unit is not None:
        return unit_label(unit)
    bunker = bunker_label(token)
    if bunker is not None:
        return bunker
    try:
        return card_label(data, token)
    except KeyError:
        return None


class Namer:
    """The player's words for the ids of one game: its units (by the game's own units,
    so a hand-made position's ids resolve too), bunker targets, cards, action blocks
    (``block:ID``) and the two sides (``seat:0``, ``seat:1``). Worked out when asked,
    so naming an event costs nothing until its text is read."""

    __slots__ = ("data", "sides", "units")

    def __init__(
        self, data: SixtyFiveData, units: dict[str, Counter], short: Sequence[str]
    ) -> None:
        self.data, self.units, self.sides = data, units, side_words(short)

    def __call__(self, key: str, /) -> str | None:
        if key.startswith("seat:"):
            return self.sides[int(key[5:])]
        if key.startswith("block:"):
            return block_label(self.data, key[6:])
        return label_of(self.data, self.units, key)


def named(events: list[Event], namer: Namer) -> list[Event]:
    """``events``, each '65 event given the game's ``namer`` (once, as the rules make
    it and before anyone reads it: the field is set in place, as a frozen dataclass's
    own ``__init__`` does, since a copy of every event would double the cost of an
    action)."""
    for e in events:
        if isinstance(e, Named) and e.names is None:
            object.__setattr__(e, "names", namer)
    return events


_TOKEN = re.compile(r"\b[a-z][a-z0-9_]*\b")


def in_words(text: str, namer: Namer) -> str:
    """``text`` (a rule's refusal, written with ids) with every unit, bunker or card id
    replaced by the player's word for it."""

    def word(m: re.Match[str]) -> str:
        token = m.group(0)
        if token.startswith(("seat:", "block:")):
            return token
        return namer(token) or token

    return _TOKEN.sub(word, text)
