"""Big save folders (issue 36): each save read once per listing and remembered by size
and modification time (in this run and, through ``save_index.json``, the next); no game
replayed just to list it; a limit on actions and bytes per save, refused quickly;
Continue goes by the replayed game, not by a summary's claim that it is over."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import game.storage as storage
from game.core.errors import SaveError
from game.core.record import MAX_ACTIONS, parse_record
from game.core.session import Session
from game.save_index import INDEX_FILE
from game.storage import (
    MAX_SAVE_BYTES,
    SAVES_DIR,
    list_saves,
    load_session,
    newest_save,
    save_session,
)

# Generous: catches a hang or a full read (seconds to minutes before), not the speed,
# which is measured on a quiet machine; the suite runs on every core beside these tests.
SOON = 5.0


@pytest.fixture(autouse=True)
def fresh_memory() -> Iterator[None]:
    """Each test starts as a new run of the program (nothing remembered in memory)."""
    storage._KNOWN.clear()
    storage._INDEXED.clear()
    yield
    storage._KNOWN.clear()
    storage._INDEXED.clear()


def restart() -> None:
    storage._KNOWN.clear()
    storage._INDEXED.clear()


def bluff(n: int, seed: int = 77) -> Session:
    session = Session.new("tunnel_rat_bluff", seed, seats=("human", "ai"))
    for text in ["draw", "ask vc", "advance", "draw", "ask safe", "shoot"][:n]:
        session.apply(text)
    return session


def write_saves(data_dir: Path, count: int) -> list[Path]:
    """``count`` saves, one minute apart, the last the newest."""
    paths = []
    for i in range(count):
        path = data_dir / SAVES_DIR / f"tunnel_rat_bluff-2026010{i}.json"
        save_session(bluff(2 + i % 3, seed=i), path)
        os.utime(path, (1_700_000_000 + 60 * i, 1_700_000_000 + 60 * i))
        paths.append(path)
    return paths


def counting(monkeypatch: pytest.MonkeyPatch, name: str) -> list[Path]:
    """Record each call of ``game.storage.<name>`` (its first argument)."""
    calls: list[Path] = []
    real: Callable[..., object] = getattr(storage, name)

    def spy(first: object, *args: object, **kwargs: object) -> object:
        calls.append(first)  # type: ignore[arg-type]
        return real(first, *args, **kwargs)

    monkeypatch.setattr(storage, name, spy)
    return calls


def test_each_save_is_read_once_then_known_by_size_and_time(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    paths = write_saves(data_dir, 5)
    restart()
    reads = counting(monkeypatch, "read_text_file")
    first = list_saves(data_dir)
    assert sorted(p for p in reads if p in paths) == sorted(paths)
    reads.clear()
    for _ in range(3):  # the menu asks three times: nothing is read again
        assert list_saves(data_dir) == first
    assert [p for p in reads if p in paths] == []
    os.utime(paths[2], (1_800_000_000, 1_800_000_000))  # touched: read again, alone
    again = list_saves(data_dir)
    assert [p for p in reads if p in paths] == [paths[2]]
    assert again[0].path == paths[2]


def test_a_restart_reads_the_index_not_the_saves(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    paths = write_saves(data_dir, 4)
    before = list_saves(data_dir)
    assert (data_dir / INDEX_FILE).is_file()
    restart()
    reads = counting(monkeypatch, "read_text_file")
    assert list_saves(data_dir) == before
    assert [p for p in reads if p in paths] == []
    assert reads == [data_dir / INDEX_FILE]


def test_a_damaged_index_is_only_a_cache(data_dir: Path) -> None:
    paths = write_saves(data_dir, 3)
    expected = list_saves(data_dir)
    for text in ("{broken", '{"index_version": 1, "saves": {"../../etc/passwd": {}}}', "[]"):
        (data_dir / INDEX_FILE).write_text(text)
        restart()
        assert list_saves(data_dir) == expected
    index = json.loads((data_dir / INDEX_FILE).read_text())
    assert sorted(index["saves"]) == sorted(p.relative_to(data_dir).as_posix() for p in paths)


def test_an_old_save_is_never_replayed_to_list_it_and_its_replay_is_kept(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A save of an earlier version (no summary) is listed by its number of actions;
    once it is loaded (which replays it anyway) the replayed game's progress is kept in
    the index, and the save itself is not rewritten."""
    old = data_dir / SAVES_DIR / "tunnel_rat_bluff-old.json"
    old.parent.mkdir(parents=True)
    old.write_text(bluff(2).to_record().to_json())
    text, stamp = old.read_bytes(), old.stat().st_mtime_ns
    replays = counting(monkeypatch, "replay_record")
    (info,) = list_saves(data_dir)
    assert (info.progress, info.actions, info.verified) == ("2 actions", 2, False)
    assert replays == []
    load_session(old)
    assert len(replays) == 1
    assert list_saves(data_dir)[0].progress == "Turn 1"  # the next listing keeps it
    restart()
    (info,) = list_saves(data_dir)
    assert (info.progress, info.finished, info.verified) == ("Turn 1", False, True)
    assert len(replays) == 1
    assert old.read_bytes() == text and old.stat().st_mtime_ns == stamp


def test_a_save_over_the_action_limit_is_refused_before_any_replay(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = json.loads(bluff(1).to_record().to_json())
    data["actions"] = ["draw"] * (MAX_ACTIONS + 1)
    long = data_dir / SAVES_DIR / "tunnel_rat_bluff-long.json"
    long.parent.mkdir(parents=True)
    long.write_text(json.dumps(data))
    replays = counting(monkeypatch, "replay_record")
    message = (
        f"{long}: holds {MAX_ACTIONS + 1:,} actions; a game record may hold at most "
        f"{MAX_ACTIONS:,} (longer than any game of this program)"
    )
    start = time.perf_counter()
    (info,) = list_saves(data_dir)
    assert info.problem == message
    with pytest.raises(SaveError) as err:
        load_session(long)
    assert str(err.value) == message
    assert replays == [] and time.perf_counter() - start < SOON
    with pytest.raises(SaveError, match="a game record may hold at most"):
        parse_record(json.dumps(data), "x")


def test_a_20_mb_save_is_refused_unread_and_quickly(data_dir: Path) -> None:
    big = data_dir / SAVES_DIR / "tunnel_rat_bluff-big.json"
    big.parent.mkdir(parents=True)
    head = '{"format": "skirmish-table-record", "actions": ['
    with big.open("w") as out:
        out.write(head + '"draw",' * 2_857_142 + '"draw"]}')
    assert big.stat().st_size > 20_000_000
    start = time.perf_counter()
    (info,) = list_saves(data_dir)
    assert info.problem == f"{big}: larger than {MAX_SAVE_BYTES / 1e6:g} MB; not a file of ours"
    newest = newest_save(data_dir, verify_seconds=5.0)
    assert newest is not None and newest.path == big and newest.problem == info.problem
    assert time.perf_counter() - start < SOON


def test_continue_goes_by_the_replayed_game_not_the_summary_claim(data_dir: Path) -> None:
    """A save whose summary says "finished" for a game still in progress: Continue's
    choice replays it (once, remembered) and resumes it."""
    older, liar = write_saves(data_dir, 2)
    data = json.loads(liar.read_text())
    data["summary"] = {"progress": "Finished", "finished": True}
    liar.write_text(json.dumps(data))
    os.utime(liar, (1_700_000_900, 1_700_000_900))
    restart()
    assert newest_save(data_dir).path == older  # type: ignore[union-attr]  # the claim, unchecked
    chosen = newest_save(data_dir, verify_seconds=5.0)
    assert chosen is not None and chosen.path == liar
    assert not chosen.finished and chosen.verified and chosen.progress == "Turn 1"
    restart()
    assert newest_save(data_dir).path == liar  # type: ignore[union-attr]  # remembered


def test_continue_names_a_damaged_newest_save(data_dir: Path) -> None:
    (good,) = write_saves(data_dir, 1)
    bad = data_dir / SAVES_DIR / "tunnel_rat_bluff-bad.json"
    bad.write_text("{not json")
    newest = newest_save(data_dir)
    assert newest is not None and newest.path == bad
    assert newest.problem is not None and newest.problem.startswith(f"{bad}: not valid JSON")
    bad.unlink()
    assert newest_save(data_dir).path == good  # type: ignore[union-attr]
