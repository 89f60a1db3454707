"""No input file can crash the game (issue 18): damaged settings, saves and rules data.

Each bad file gives a message naming the file (and, for data, the key path and what was
expected); nothing is deleted or overwritten; start-up, Continue/Load and ``replay``
carry on. The hypothesis tests at the end feed mutated saves and settings through the
same functions those paths call and accept only our own errors.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import contextlib  # noqa: E402
import io  # noqa: E402
import json  # noqa: E402
import shutil  # noqa: E402
import stat  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402
import yaml  # noqa: E402

from game.__main__ import main  # noqa: E402
from game.core.errors import DataError, SaveError  # noqa: E402
from game.core.session import Session  # noqa: E402
from game.storage import (  # noqa: E402
    SETTINGS,
    atomic_write_text,
    load_session,
    load_settings,
    remove_stale_temporaries,
    save_session,
)

DEEP = "[" * 100_000 + "]" * 100_000
HUGE_NUMBER = "9" * 5000
NOT_UTF8 = b'{"volume": "\xff\xfe loud"}'


def bluff_save(path: Path, n: int = 6) -> Path:
    session = Session.new("tunnel_rat_bluff", 77, seats=("human", "ai"))
    for text in ["draw", "ask vc", "advance", "draw", "ask safe", "shoot"][:n]:
        session.apply(text)
    save_session(session, path)
    return path


def replay_output(path: Path) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["replay", str(path)])
    return code, out.getvalue()


# -- 1, 7: settings --------------------------------------------------------------------
@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (DEEP.encode(), "nested too deeply"),
        (f'{{"volume": {HUGE_NUMBER}}}'.encode(), "more than 4300 digits"),
        (NOT_UTF8, "not UTF-8"),
        (b"[1, 2]", "expected a JSON object of settings, found a list"),
        (b"{oops", "not valid JSON"),
    ],
)
def test_unreadable_settings_are_set_aside_and_defaults_used(
    tmp_path: Path, content: bytes, problem: str
) -> None:
    """Issue 18.1: a settings.json that cannot be read never stops the start; it is kept
    as settings.bad-1.json and the message names it and the problem."""
    (tmp_path / SETTINGS).write_bytes(content)
    settings, message = load_settings(tmp_path)
    assert settings.volume == 0.7 and not settings.muted
    assert message is not None and str(tmp_path / SETTINGS) in message and problem in message
    assert (tmp_path / "settings.bad-1.json").read_bytes() == content
    assert "settings.bad-1.json" in message


def test_settings_reset_names_each_setting_and_why_and_keeps_the_rest(tmp_path: Path) -> None:
    """Issue 18.7: not "1 validation error for Settings" but which setting and why; the
    valid settings are kept."""
    data = {"volume": 5, "muted": True, "idle_seconds": "soon", "fullscreen": False}
    (tmp_path / SETTINGS).write_text(json.dumps(data))
    settings, message = load_settings(tmp_path)
    assert message is not None
    assert "validation error for" not in message
    assert "volume: Input should be less than or equal to 1 (found 5); reset to 0.7" in message
    assert "idle_seconds:" in message and "'soon'" in message
    assert settings.muted is True and settings.volume == 0.7 and settings.idle_seconds == 120
    # The repaired settings are the new file; the old one is kept beside it.
    assert json.loads((tmp_path / SETTINGS).read_text())["muted"] is True
    assert json.loads((tmp_path / "settings.bad-1.json").read_text()) == data


def test_the_app_starts_with_a_damaged_settings_file(tmp_path: Path) -> None:
    """Issue 18.1 through the real start-up: the App is built and the dialog explains."""
    from game.ui.app import App, start_scenes
    from game.ui.scenes.dialog import DialogScene

    tmp_path.mkdir(exist_ok=True)
    (tmp_path / SETTINGS).write_text(DEEP)
    app = App(tmp_path)
    try:
        start_scenes(app, demo=False)
        assert isinstance(app.top, DialogScene) and app.top.title == "Settings reset"
        assert str(tmp_path / SETTINGS) in app.top.message
        app.step()
    finally:
        app.close()


# -- 2, 4: saves ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (DEEP.encode(), "nested too deeply"),
        (f'{{"seed": {HUGE_NUMBER}}}'.encode(), "more than 4300 digits"),
        (b'{"format": "skirmish-table-record", "ruleset": "\xff"}', "not UTF-8 text (byte 0xff"),
    ],
)
def test_unreadable_saves_name_the_file_in_load_and_in_replay(
    tmp_path: Path, content: bytes, problem: str
) -> None:
    """Issues 18.2 and 18.4: Continue's loader raises our SaveError naming the file;
    ``replay`` prints one line naming it; the file is untouched."""
    path = tmp_path / "game.json"
    path.write_bytes(content)
    with pytest.raises(SaveError) as info:
        load_session(path)
    assert str(path) in str(info.value) and problem in str(info.value)
    code, out = replay_output(path)
    assert code == 2 and out.count("\n") == 1 and str(path) in out and problem in out
    assert path.read_bytes() == content


@pytest.mark.parametrize(
    ("ruleset", "good", "bad"),
    [
        ("tunnel_rats", None, "move r1 running 3,\u2460"),
        ("transformers_skirmish", None, "place x a\u00b2"),
        ("tunnel_rat_bluff", "draw", "draw " + "9" * 5000),
    ],
)
def test_a_bad_action_in_a_save_is_reported_with_file_number_and_text(
    tmp_path: Path, ruleset: str, good: str | None, bad: str
) -> None:
    """Issue 18.3 (reporting): "FILE: action N 'TEXT': what was expected", in Continue's
    loader and in ``replay``, never a traceback."""
    session = Session.new(ruleset, 3)
    data = json.loads(session.to_record().to_json())
    data["actions"] = ([good] if good else []) + [bad]
    data["digest"] = None
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    n = len(data["actions"])
    with pytest.raises(SaveError) as info:
        load_session(path)
    message = str(info.value)
    assert message.startswith(f"{path}: action {n} ")
    assert bad[:20] in message
    code, out = replay_output(path)
    assert code == 2 and f"{path}: action {n} " in out


def test_the_ui_loads_a_deeply_nested_old_autosave_into_a_dialog(tmp_path: Path) -> None:
    """Issue 18.2 through the real Load path: a dialog names the file; the file is kept
    (renamed aside), so a later Continue does not meet it again."""
    from game.storage import AUTOSAVE
    from game.ui.driver import make_app
    from game.ui.scenes.dialog import DialogScene
    from game.ui.scenes.game import load_game

    data_dir = tmp_path / "data"
    data_dir.mkdir()
    (data_dir / AUTOSAVE).write_text(DEEP)
    app = make_app(data_dir)
    try:
        assert not load_game(app, data_dir / AUTOSAVE)
        assert isinstance(app.top, DialogScene)
        assert str(data_dir / AUTOSAVE) in app.top.message
        assert (data_dir / "autosave.bad-1.json").read_text() == DEEP
    finally:
        app.close()


# -- 5: temporaries and syncing ---------------------------------------------------------------
def test_stale_temporaries_are_removed_at_start_and_user_files_kept(tmp_path: Path) -> None:
    """Issue 18.5: the ``.NAME.XXXX.tmp`` files a killed save leaves are cleaned at start."""
    from game.ui.app import App

    saves = tmp_path / "saves"
    saves.mkdir(parents=True)
    stale = [tmp_path / ".autosave.json.k3j_x9.tmp", saves / ".bluff-1.json.a1b2c3.tmp"]
    for path in stale:
        path.write_text("{half")
    mine = [tmp_path / "notes.tmp", tmp_path / ".hidden.tmp", saves / "game.json"]
    for path in mine:
        path.write_text("keep")
    app = App(tmp_path)
    app.close()
    assert not any(p.exists() for p in stale)
    assert all(p.read_text() == "keep" for p in mine)
    assert remove_stale_temporaries(tmp_path) == []


def test_atomic_write_syncs_the_file_and_then_its_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 18.5: after the rename the folder is fsynced, so the new name is on disk."""
    synced: list[bool] = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        synced.append(stat.S_ISDIR(os.fstat(fd).st_mode))
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    atomic_write_text(tmp_path / "x.json", "{}")
    assert synced == [False, True]


# -- 9: a closed pipe ------------------------------------------------------------------------------
def test_replay_into_a_pipe_closed_early_ends_without_a_traceback(tmp_path: Path) -> None:
    """Issue 18.9: ``replay FILE | head -1``."""
    path = bluff_save(tmp_path / "game.json")
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    shell = f"{sys.executable} -m game replay {path} | head -1"
    done = subprocess.run(shell, shell=True, capture_output=True, text=True, env=env)
    assert done.stdout.startswith("Tunnel Rat")
    assert "Traceback" not in done.stderr and "BrokenPipe" not in done.stderr


# -- 6: rules data ---------------------------------------------------------------------------------
def copy_data(src: Path, dst: Path, file: str, change: dict[str, object]) -> Path:
    shutil.copytree(src, dst)
    data = yaml.safe_load((dst / file).read_text())
    data.update(change)
    (dst / file).write_text(yaml.safe_dump(data))
    return dst / file


def test_bluff_rules_refuse_a_tunnel_goal_the_deck_cannot_reach(tmp_path: Path) -> None:
    """Issue 18.6: rat_wins_with_tunnels 30 with a deck of 20 tunnels is refused."""
    from game.rules.tunnel_rat_bluff.cards import DATA_DIR, load_rules

    path = copy_data(DATA_DIR, tmp_path / "d", "rules.yaml", {"rat_wins_with_tunnels": 30})
    with pytest.raises(DataError) as info:
        load_rules(path)
    assert str(info.value) == (
        f"{path}: rat_wins_with_tunnels: 30 is more than the 20 tunnel cards of "
        "deck.tunnel (the Rat could never win)"
    )


def test_transformers_minicons_above_the_units_say_so_with_full_paths(tmp_path: Path) -> None:
    """Issue 18.6: minicons 9 names minicons (not the air/ground split); cross-file errors
    give the full path."""
    from game.rules.transformers_skirmish.cards import DATA_DIR, load_catalog

    rules = copy_data(DATA_DIR, tmp_path / "m", "rules.yaml", {"minicons": 9})
    with pytest.raises(DataError) as info:
        load_catalog(rules.parent)
    assert str(info.value) == (
        f"{rules}: minicons: 9 is more than the 8 units of a side "
        "(each Minicon goes to a different unit)"
    )
    rules = copy_data(DATA_DIR, tmp_path / "b", "rules.yaml", {"board_size": 7})
    with pytest.raises(DataError) as info:
        load_catalog(rules.parent)
    assert str(info.value).startswith(f"{rules.parent / 'units.yaml'}: factions.autobots: 8 ")
    assert str(rules) in str(info.value)


def test_tunnel_rats_scenario_naming_an_unknown_entrance_is_refused() -> None:
    """Issue 18.6: ``known_entrances: [Nowhere]`` is not ignored: scenarios.yaml, the key
    path and the entrances there are."""
    from game.rules.tunnel_rats.data import DATA_DIR, load_scenarios
    from game.rules.tunnel_rats.play import new_state
    from game.rules.tunnel_rats.world import scenario_world

    first = load_scenarios()[0]
    scenario = first.model_copy(update={"known_entrances": ["Nowhere"]})
    with pytest.raises(DataError) as info:
        new_state(scenario_world(first), scenario, 1)
    message = str(info.value)
    assert message.startswith(
        f"{DATA_DIR / 'scenarios.yaml'}: scenarios.0.known_entrances.0: 'Nowhere' is not an "
        "entrance on the scenario's maps (entrances: "
    )


def test_tunnel_rats_scenario_errors_name_scenarios_yaml_and_the_key(tmp_path: Path) -> None:
    """Issue 18.6: a scenario's level index out of range names the file and key path."""
    from game.rules.tunnel_rats.data import DATA_DIR, load_scenarios

    dst = tmp_path / "tr"
    shutil.copytree(DATA_DIR, dst)
    data = yaml.safe_load((dst / "scenarios.yaml").read_text())
    data["scenarios"][1]["enemies"][0]["level"] = 7
    (dst / "scenarios.yaml").write_text(yaml.safe_dump(data))
    with pytest.raises(DataError) as info:
        load_scenarios(dst / "scenarios.yaml")
    n = len(data["scenarios"][1]["levels"])
    assert str(info.value) == (
        f"{dst / 'scenarios.yaml'}: scenarios.1: enemies.0.level: 7 is not one of the "
        f"{n} levels listed (0 to {n - 1})"
    )


@pytest.mark.parametrize("content", [b"deck:\n  vc: \xff\n", ("[" * 100_000).encode()])
def test_rules_files_that_are_not_text_or_too_deep_name_the_file(
    tmp_path: Path, content: bytes
) -> None:
    """Issue 18.4: the path, not just "'utf-8' codec can't decode"."""
    from game.rules.tunnel_rat_bluff.cards import load_rules

    path = tmp_path / "rules.yaml"
    path.write_bytes(content)
    with pytest.raises(DataError) as info:
        load_rules(path)
    assert str(info.value).startswith(f"{path}: not ")


def test_tunnel_rats_scenario_level_that_cannot_be_loaded_names_both_files() -> None:
    """Issue 18.6: a missing level map names scenarios.yaml, the key and the map's path."""
    from game.core.errors import MapError
    from game.resources import asset
    from game.rules.tunnel_rats.data import DATA_DIR, load_scenarios
    from game.rules.tunnel_rats.world import scenario_world

    scenario = load_scenarios()[1].model_copy(
        update={"id": "missing_level", "levels": ["maps/tunnel_rats/none_such.tmx"]}
    )
    with pytest.raises(MapError) as info:
        scenario_world(scenario)
    assert str(info.value).startswith(
        f"{DATA_DIR / 'scenarios.yaml'}: scenarios.1.levels.0: "
        f"{asset('maps/tunnel_rats/none_such.tmx')}: "
    )
