"""Saves: the record format, atomic writes, and bad files kept aside (never deleted)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.core.errors import SaveError
from game.core.record import FORMAT_VERSION, parse_record
from game.core.session import Session
from game.storage import (
    atomic_write_text,
    load_session,
    load_settings,
    save_session,
    save_settings,
    set_aside,
)


def played(n: int = 6) -> Session:
    session = Session.new("tunnel_rat_bluff", 77, seats=("human", "ai"))
    for text in ["draw", "ask vc", "advance", "draw", "ask safe", "shoot"][:n]:
        session.apply(text)
    return session


def test_record_holds_version_ruleset_seed_options_and_action_strings() -> None:
    data = json.loads(played().to_record().to_json())
    assert data["format_version"] == FORMAT_VERSION
    assert data["ruleset"] == "tunnel_rat_bluff" and data["rules_version"] == "1"
    assert data["seed"] == 77 and data["options"] == {}
    assert data["actions"] == ["draw", "ask vc", "advance", "draw", "ask safe", "shoot"]
    assert data["seats"] == ["human", "ai"]


def test_save_and_load_round_trip(data_dir: Path) -> None:
    session = played()
    path = data_dir / "autosave.json"
    save_session(session, path)
    loaded = load_session(path)
    assert loaded.state == session.state and loaded.actions == session.actions
    assert loaded.seats == ("human", "ai")


def test_atomic_write_leaves_no_temporary_files(data_dir: Path) -> None:
    path = data_dir / "x.json"
    atomic_write_text(path, "one")
    atomic_write_text(path, "two")
    assert path.read_text() == "two"
    assert [p.name for p in data_dir.iterdir()] == ["x.json"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not valid JSON"),
        ("[]", "JSON object"),
        ('{"format": "other"}', "not a Skirmish Table save"),
        (
            '{"format": "skirmish-table-record", "format_version": 99}',
            "version 99 is not supported",
        ),
    ],
)
def test_corrupt_or_unknown_saves_name_the_file_and_the_problem(
    data_dir: Path, text: str, message: str
) -> None:
    path = data_dir / "autosave.json"
    path.write_text(text)
    with pytest.raises(SaveError, match=message) as info:
        load_session(path)
    assert str(path) in str(info.value)
    assert path.read_text() == text  # loading never touches the file


def test_a_save_whose_actions_do_not_replay_is_refused(data_dir: Path) -> None:
    record = json.loads(played().to_record().to_json())
    record["actions"][1] = "shoot shoot"
    path = data_dir / "bad.json"
    path.write_text(json.dumps(record))
    with pytest.raises(SaveError, match=r"bad.json: action 2 'shoot shoot': .*expected"):
        load_session(path)


def test_a_tampered_digest_is_detected() -> None:
    record = json.loads(played().to_record().to_json())
    record["digest"] = "0" * 64
    with pytest.raises(SaveError, match="does not match"):
        Session.from_record(parse_record(json.dumps(record)))


def test_set_aside_renames_and_never_overwrites(data_dir: Path) -> None:
    path = data_dir / "autosave.json"
    path.write_text("first")
    first = set_aside(path)
    path.write_text("second")
    second = set_aside(path)
    assert first.name == "autosave.bad-1.json" and first.read_text() == "first"
    assert second.name == "autosave.bad-2.json" and second.read_text() == "second"


def test_settings_persist_and_a_broken_file_is_kept_aside(data_dir: Path) -> None:
    settings, problem = load_settings(data_dir)
    assert problem is None and settings.volume == 0.7
    settings.volume = 0.3
    save_settings(data_dir, settings)
    assert load_settings(data_dir)[0].volume == 0.3
    (data_dir / "settings.json").write_text('{"volume": 7}')
    settings, problem = load_settings(data_dir)
    assert settings.volume == 0.7 and problem is not None and "settings.json" in problem
    assert (data_dir / "settings.bad-1.json").read_text() == '{"volume": 7}'


def test_a_session_without_undo_plays_the_same_game_but_keeps_no_history() -> None:
    """Headless matches skip the per-action clone kept for take-backs."""
    plain = Session.new("tunnel_rat_bluff", 77)
    lean = Session.new("tunnel_rat_bluff", 77, undo=False)
    for text in ["draw", "ask vc", "ask trap"]:
        plain.apply(text)
        lean.apply(text)
    assert lean.state == plain.state and lean.actions == plain.actions
    assert plain.can_undo() and not lean.can_undo()
