"""Saves written before a change to the contract or a ruleset keep loading.

``tests/data/saves_v1`` holds records written by the first edition of the rules contract
(format version 1), mid-game and finished, for every ruleset and scenario of the time.
They must replay action by action on today's code.

``tests/data/saves_v2_stop19`` holds records of format version 2 written by the program
as it landed at stop 19 (generated with that commit's code), when Tunnel Rats and
Transformers still hashed a bridged snapshot. They must replay *and* pass the digest
check: a ruleset whose snapshot changed since accepts its older snapshot forms
(``legacy_snapshots``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core.record import parse_record
from game.core.session import Session

SAVES = sorted((Path(__file__).parent / "data" / "saves_v1").glob("*.json"))
STOP19 = sorted((Path(__file__).parent / "data" / "saves_v2_stop19").glob("*.json"))


def test_there_are_first_edition_saves_to_check() -> None:
    assert len(SAVES) >= 10


@pytest.mark.parametrize("path", SAVES, ids=lambda p: p.stem)
def test_first_edition_save_loads_and_replays(path: Path) -> None:
    record = parse_record(path.read_text(encoding="utf-8"), str(path))
    session = Session.from_record(record, str(path))
    assert session.actions == list(record.actions)
    assert session.ruleset.id == record.ruleset


def test_there_are_stop_19_saves_of_every_ruleset() -> None:
    assert {p.name.split("-")[0] for p in STOP19} >= {
        "tunnel_rat_bluff",
        "tunnel_rats",
        "transformers_skirmish",
    }


@pytest.mark.parametrize("path", STOP19, ids=lambda p: p.stem)
def test_stop_19_save_loads_and_replays_checked_as_its_ruleset_says(path: Path) -> None:
    record = parse_record(path.read_text(encoding="utf-8"), str(path))
    assert record.format_version == 2 and record.digest is not None
    session = Session.from_record(record, str(path))  # raises if the digest does not match
    assert session.actions == list(record.actions)


def _sixty_five_saves(version: str) -> list[Path]:
    return sorted((Path(__file__).parent / "data" / f"saves_sixty_five_v{version}").glob("*.json"))


def _replays_by_its_own_rules(path: Path, version: str) -> Session:
    """A '65 save of rules ``version`` (with a digest) replayed by that version: every
    action is taken and the digest matches (``Session.from_record`` raises if not)."""
    record = parse_record(path.read_text(encoding="utf-8"), str(path))
    assert record.rules_version == version and record.digest is not None
    session = Session.from_record(record, str(path))
    assert session.actions == list(record.actions)
    assert session.rules_version == version
    return session


SIXTY_FIVE_V1 = _sixty_five_saves("1")


def test_there_are_sixty_five_rules_version_1_saves() -> None:
    assert len(SIXTY_FIVE_V1) >= 4
    for path in SIXTY_FIVE_V1:
        record = parse_record(path.read_text(encoding="utf-8"), str(path))
        assert record.rules_version == "1" and record.digest is not None


@pytest.mark.parametrize("path", SIXTY_FIVE_V1, ids=lambda p: p.stem)
def test_sixty_five_version_1_save_replays_by_its_own_rules(path: Path) -> None:
    """'65 saves made before buildings blocked LOS by silhouette and before Ambush,
    Panic, Retreat, Charge, Leadership and the Tactical redraw (rules version 1) replay
    by the rules of their day, up to the same digest."""
    _replays_by_its_own_rules(path, "1")


SIXTY_FIVE_V2 = _sixty_five_saves("2")


@pytest.mark.parametrize("path", SIXTY_FIVE_V2, ids=lambda p: p.stem)
def test_sixty_five_version_2_save_replays_without_bonus_cards(path: Path) -> None:
    """'65 saves of rules version 2 (written by main at 3dc5d5f, before the Bonus Victory
    Condition cards of version 3) replay by version 2, up to the same digest."""
    session = _replays_by_its_own_rules(path, "2")
    assert session.state.bonus == ()


def test_there_are_sixty_five_rules_version_2_saves() -> None:
    assert len(SIXTY_FIVE_V2) >= 2


SIXTY_FIVE_V3 = _sixty_five_saves("3")


@pytest.mark.parametrize("path", SIXTY_FIVE_V3, ids=lambda p: p.stem)
def test_sixty_five_version_3_save_replays_by_its_own_rules(path: Path) -> None:
    """'65 saves of rules version 3 (computer against computer in scenarios 1-3, written
    before version 4's Panic after an assault, the Tactical choice in an assault, the
    reactions to an artillery strike and exits in Leadership's actions) replay by
    version 3, up to the same digest."""
    _replays_by_its_own_rules(path, "3")


def test_there_are_sixty_five_rules_version_3_saves_of_each_scenario() -> None:
    scenarios = {
        parse_record(p.read_text(encoding="utf-8")).options["scenario"] for p in SIXTY_FIVE_V3
    }
    assert scenarios == {"1", "2", "3"}


SIXTY_FIVE_V4 = _sixty_five_saves("4")


def test_there_are_sixty_five_rules_version_4_saves() -> None:
    assert len(SIXTY_FIVE_V4) >= 2


@pytest.mark.parametrize("path", SIXTY_FIVE_V4, ids=lambda p: p.stem)
def test_sixty_five_version_4_save_replays_without_foxholes_against_artillery(
    path: Path,
) -> None:
    """'65 saves of rules version 4 (random Kickstarter games, written by that version's
    code, in which artillery or a Satchel Charge hit a hex with a foxhole dug by Scrape)
    replay by version 4, where the foxhole turned aside only ranged fire, up to the same
    digest; by version 5 (23a: artillery too) they would not."""
    _replays_by_its_own_rules(path, "4")


SIXTY_FIVE_V5 = _sixty_five_saves("5")


@pytest.mark.parametrize("path", SIXTY_FIVE_V5, ids=lambda p: p.stem)
def test_sixty_five_version_5_save_replays_by_its_own_rules(path: Path) -> None:
    """'65 saves of rules version 5 (random play in scenarios 1-3, written by main at
    b9d5d6b, before version 6 kept Cannister for the PT-76 and M-48, 18c) replay by
    version 5, up to the same digest; the scenario 1 save has a Rifle fire Cannister."""
    _replays_by_its_own_rules(path, "5")


def test_there_are_sixty_five_rules_version_5_saves_one_with_infantry_cannister() -> None:
    texts = [p.read_text(encoding="utf-8") for p in SIXTY_FIVE_V5]
    assert {parse_record(t).options["scenario"] for t in texts} == {"1", "2", "3"}
    assert any(" cannister " in t for t in texts)


def test_sixty_five_version_6_refuses_the_version_5_infantry_cannister() -> None:
    """18c: the same actions played by rules version 6 (and later) stop at the Rifle's
    Cannister."""
    path = next(p for p in SIXTY_FIVE_V5 if " cannister " in p.read_text(encoding="utf-8"))
    record = parse_record(path.read_text(encoding="utf-8"), str(path))
    session = Session.new(
        "sixty_five", record.seed, dict(record.options), list(record.seats), undo=False
    )
    assert int(session.rules_version) >= 6
    refusals = []
    for text in record.actions:
        action = session.ruleset.parse_action(text)
        reason = session.state.why_not(action)
        if reason is not None:
            refusals.append(reason)
            break
        session.apply(action)
    assert refusals and "18c" in refusals[0]


SIXTY_FIVE_V6 = _sixty_five_saves("6")


def test_there_are_sixty_five_rules_version_6_saves_of_scenarios_4_to_8() -> None:
    texts = [p.read_text(encoding="utf-8") for p in SIXTY_FIVE_V6]
    assert {parse_record(t).options["scenario"] for t in texts} == {"4", "5", "6", "7", "8"}


@pytest.mark.parametrize("path", SIXTY_FIVE_V6, ids=lambda p: p.stem)
def test_sixty_five_version_6_save_replays_by_its_own_rules(path: Path) -> None:
    """'65 saves of rules version 6 (random play in scenarios 4-8, written by main at
    b721327, before version 7's First Fire on Move & Fire, 20a, and passengers
    retreating with their carrier, 8b/13c, and its helicopter and AC-47 rules, 17b,
    scenario 6) replay by version 6 up to the same digest.
    The scenario 8 save has a Huey fly a 31-hex path (17b), which version 6's action
    text could not read back (paths had at most 20 hexes); the scenario 6 save of seed
    37 has the AC-47 hit American units (version 7 offers them Light Wounds)."""
    _replays_by_its_own_rules(path, "6")


def test_sixty_five_version_7_would_play_a_version_6_save_differently() -> None:
    """18k, 8b (Interpretation 87): in the scenario 6 save (seed 35) a truck carrying
    us_rifle_3 steps back from Punishing Fire and leaves it behind, as version 6 did;
    the same actions by version 7 take the Rifle along, so a later shot at it from its
    old hex is refused: the save replays by its own version only."""
    import dataclasses

    from game.core.errors import SaveError

    path = next(p for p in SIXTY_FIVE_V6 if "scenario_6-v6-random-35" in p.name)
    record = parse_record(path.read_text(encoding="utf-8"), str(path))
    assert any(a.startswith("withdraw") for a in record.actions)
    Session.from_record(record, str(path))
    with pytest.raises(SaveError, match="us_rifle_3"):
        Session.from_record(dataclasses.replace(record, rules_version="7"), str(path))


def test_there_is_a_sixty_five_version_6_save_with_the_ac_47_hitting_americans() -> None:
    """Scenario 6: the AC-47's hits on friendly units, struck at once by version 6 (by
    version 7 one by one, each open to Light Wounds, Interpretation 93)."""
    from game.core.registry import get_manifest
    from game.rules.sixty_five.events import FriendlyHits

    path = next(p for p in SIXTY_FIVE_V6 if "scenario_6-v6-random-37" in p.name)
    record = parse_record(path.read_text(encoding="utf-8"), str(path))
    ruleset = get_manifest("sixty_five").ruleset()
    session = Session(ruleset, record.seed, dict(record.options), rules_version="6", undo=False)
    events = [e for text in record.actions for e in session.apply(text)]
    assert any(isinstance(e, FriendlyHits) for e in events)


SIXTY_FIVE_V7 = _sixty_five_saves("7")


def test_there_are_sixty_five_rules_version_7_saves_of_scenarios_4_to_8() -> None:
    texts = [p.read_text(encoding="utf-8") for p in SIXTY_FIVE_V7]
    assert {parse_record(t).options["scenario"] for t in texts} == {"4", "5", "6", "7", "8"}


@pytest.mark.parametrize("path", SIXTY_FIVE_V7, ids=lambda p: p.stem)
def test_sixty_five_version_7_save_replays_by_its_own_rules(path: Path) -> None:
    """'65 saves of rules version 7 (random play in scenarios 4-8, written by main at
    6585fbf, before version 8 held a reinforcement group to the edge its units came on
    by, 24 scenarios 4 and 7) replay by version 7 up to the same digest."""
    _replays_by_its_own_rules(path, "7")


def test_sixty_five_version_8_would_play_a_version_7_save_differently() -> None:
    """24 scenario 7 (Interpretation 100): in the scenario 7 save the Huey transports come
    on by the top edge of Map 2 and leave again; version 7 then let a gunship of the same
    group come on by the left edge of Map 3 (no unit of the group stood on the map, so
    none held it to an edge). Version 8 remembers where the group came on and refuses
    it: the save replays by its own version only."""
    import dataclasses

    from game.core.errors import SaveError

    path = next(p for p in SIXTY_FIVE_V7 if "scenario_7-v7" in p.name)
    record = parse_record(path.read_text(encoding="utf-8"), str(path))
    assert "enter us_huey_gunship_1 at 3a6 with c39 move" in record.actions
    Session.from_record(record, str(path))
    with pytest.raises(SaveError, match="same map edge"):
        Session.from_record(dataclasses.replace(record, rules_version="8"), str(path))


SIXTY_FIVE_V8 = _sixty_five_saves("8")


def test_there_are_sixty_five_rules_version_8_saves_of_every_scenario() -> None:
    texts = [p.read_text(encoding="utf-8") for p in SIXTY_FIVE_V8]
    assert {parse_record(t).options["scenario"] for t in texts} == set("12345678")


@pytest.mark.parametrize("path", SIXTY_FIVE_V8, ids=lambda p: p.stem)
def test_sixty_five_version_8_save_replays_by_its_own_rules(path: Path) -> None:
    """'65 saves of rules version 8 (bot play in scenarios 1-8, written by main at
    36f8a8b, before version 9's fidelity round: AP range for Opportunity Fire, a Landed
    helicopter in the stacking limits, spread fire on a moving stack, Bullet Storm on
    Move & Fire, Pathfinder in the Reserve and on Move & Fire, the defender's choice of
    retreat and the attacker's of uneven hits) replay by version 8 up to the same digest."""
    _replays_by_its_own_rules(path, "8")


def test_sixty_five_version_9_would_play_a_version_8_save_differently() -> None:
    """'65 11 (version 9): in the scenario 6 save an M-113 ACAV drives along Map 1's
    edge; at 1A3 it is eleven hexes from a Viet Cong RPG that sees it. Version 8 opened
    no Opportunity Fire there (beyond the HE range of 8); version 9 counts the RPG's AP
    range (12) and waits for the Viet Cong's answer, so the American's 'end' that
    followed is refused: the save replays by its own version only."""
    import dataclasses

    from game.core.errors import SaveError

    path = next(p for p in SIXTY_FIVE_V8 if "scenario_6-v8" in p.name)
    record = parse_record(path.read_text(encoding="utf-8"), str(path))
    assert "play c25 fast_move us_m113_acav_1 to 1a4,1a3,1b2,1c2,1d1" in record.actions
    Session.from_record(record, str(path))
    with pytest.raises(SaveError, match="an enemy unit is moving"):
        Session.from_record(dataclasses.replace(record, rules_version="9"), str(path))
