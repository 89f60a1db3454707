"""RatFight saves made under an older rules version replay by the rules of their day.

``tests/data/saves_ratfight_v2`` holds games of rules version 2 (written by ``i35-rf``
at 38fd012, before rules version 3, with the bot and with random play in every
scenario, long enough for the resolution decks to be reshuffled). They must replay
action by action and reach the same digest.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core.record import parse_record
from game.core.session import Session
from game.rules.ratfight import RatFight
from game.rules.ratfight.state import RatFightState

V2 = sorted((Path(__file__).parent / "data" / "saves_ratfight_v2").glob("*.json"))


def test_there_are_ratfight_rules_version_2_saves_of_every_scenario() -> None:
    scenarios = set()
    for path in V2:
        record = parse_record(path.read_text(encoding="utf-8"), str(path))
        assert record.rules_version == "2" and record.digest is not None
        scenarios.add(record.options["scenario"])
    assert scenarios == {"farm_raid", "convoy", "town_square"}


@pytest.mark.parametrize("path", V2, ids=lambda p: p.stem)
def test_ratfight_version_2_save_replays_by_its_own_rules(path: Path) -> None:
    record = parse_record(path.read_text(encoding="utf-8"), str(path))
    session = Session.from_record(record, str(path))  # raises if the digest does not match
    assert session.actions == list(record.actions)
    assert session.rules_version == "2"
    assert isinstance(session.state, RatFightState) and session.state.board.edition == 2


def test_ratfight_rules_version_is_3_and_2_is_still_read() -> None:
    assert RatFight.rules_version == "3"
    assert RatFight.older_rules_versions == ("1", "2")
