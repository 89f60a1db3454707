"""Saves written before a change to the contract or a ruleset keep loading.

``tests/data/saves_v1`` holds records written by the first edition of the rules contract
(format version 1), mid-game and finished, for every ruleset and scenario of the time.
They must replay action by action on today's code.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core.record import parse_record
from game.core.session import Session

SAVES = sorted((Path(__file__).parent / "data" / "saves_v1").glob("*.json"))


def test_there_are_first_edition_saves_to_check() -> None:
    assert len(SAVES) >= 10


@pytest.mark.parametrize("path", SAVES, ids=lambda p: p.stem)
def test_first_edition_save_loads_and_replays(path: Path) -> None:
    record = parse_record(path.read_text(encoding="utf-8"), str(path))
    session = Session.from_record(record, str(path))
    assert session.actions == list(record.actions)
    assert session.ruleset.id == record.ruleset
