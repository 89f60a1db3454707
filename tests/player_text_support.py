"""What the player-text checks share: the id patterns, the scenarios of every ruleset and
random games that yield what a player reads along the way (issue 31)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from game.ai.registry import make_bot
from game.core.registry import manifests
from game.core.rng import Rng
from game.core.session import Session

# Internal ids: a snake_case word, a card id like c04, a model id like r3 or g12, and a
# raw coordinate pair like 8,3 or 19.04,40.62 (a thousands separator is not one).
ID_PATTERNS = {
    "a snake_case id": re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b"),
    "a card id": re.compile(r"\bc\d{2,3}\b"),
    "a model id": re.compile(r"\b[a-z]{1,2}\d{1,3}\b"),
    "a raw coordinate": re.compile(r"(?<![\d.])\d+(?:\.\d+)?,\d+(?:\.\d+)?(?![\d.])"),
}
THOUSANDS = re.compile(r"^\d{1,3}(?:,\d{3})+$")


def id_in(text: str, allows: str = "") -> str | None:
    """The first id-like token in ``text`` with what kind it is, or ``None``."""
    if allows:
        text = re.sub(allows, " ", text)
    for what, pattern in ID_PATTERNS.items():
        for found in pattern.finditer(text):
            token = found.group(0)
            if what == "a raw coordinate" and THOUSANDS.match(token):
                continue
            return f"{what} {token!r} in {text!r}"
    return None


def scenarios() -> list[tuple[str, dict[str, str]]]:
    """(ruleset id, options) for every ruleset and every value of its ``scenario`` option
    (the defaults where it has none)."""
    out: list[tuple[str, dict[str, str]]] = []
    for rid, manifest in sorted(manifests().items()):
        fields = {f.name: f for f in manifest.option_fields()}
        field = fields.get("scenario")
        if field is None or not field.choices:
            out.append((rid, {}))
        else:
            out.extend((rid, {"scenario": value}) for value, _ in field.choices)
    return out


def scenario_id(case: tuple[str, dict[str, str]]) -> str:
    rid, options = case
    return f"{rid}-{options['scenario']}" if options else rid


@dataclass
class Moment:
    """A point of a random game: the session and the texts of the last action."""

    session: Session
    texts: list[str]


def random_game(
    ruleset_id: str, options: dict[str, str], seed: int, actions: int
) -> Iterator[Moment]:
    """A random game of at most ``actions`` actions: first the opening, then each action's
    event texts (every seat's events), with the session after it."""
    session = Session.new(ruleset_id, seed, options or None, undo=False)
    yield Moment(session, [e.text() for e in session.opening])
    seats = range(len(session.ruleset.seats))
    bots = [make_bot("random", ruleset_id, i, Rng(seed * 31 + i)) for i in seats]
    for _ in range(actions):
        seat = session.state.current_player()
        if seat is None:
            return
        action: Any = bots[seat].choose(session.state.view(seat))
        yield Moment(session, [e.text() for e in session.apply(action)])
