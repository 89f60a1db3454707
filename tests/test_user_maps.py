"""Play on your own map, the generic part (issue 33): finding and listing maps, the
scenario beside a map, tilesets found by name, and saves that keep a copy of the map."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from map_play_support import rect, snapshot_files, write_tmx

from game.core.errors import MapError, SaveError
from game.core.map_copy import MapCopy, copy_map, files_digest
from game.core.record import parse_record
from game.core.session import Session
from game.maps.tiled import load_map
from game.maps.user_maps import (
    list_maps,
    map_files,
    map_option_text,
    resolve_map,
    scenario_beside,
    scenario_map,
)
from game.resources import maps_dir
from game.saved_maps import map_notice, save_map_notice
from game.storage import load_session, save_session


def table_map(
    folder: Path, name: str = "my_field.tmx", tileset: str = "../tilesets/table.tsx"
) -> Path:
    return write_tmx(
        folder / name,
        system="ratfight",
        size=(30, 30),
        tileset=tileset,
        rows=None,
        groups={
            "zones": [
                rect(1, "deployment", (0, 0, 30, 5), name="North edge", props={"side": "north"}),
                rect(2, "deployment", (0, 25, 30, 5), name="South edge", props={"side": "south"}),
            ]
        },
        props={"title": "My Field", "inches_per_tile": 1.0},
    )


def test_resolve_map_takes_a_path_a_shipped_name_or_a_user_map(tmp_path: Path) -> None:
    mine = table_map(tmp_path / "maps")
    assert resolve_map(str(mine), "ratfight") == mine.resolve()
    assert (
        resolve_map("pellier_farm", "ratfight")
        == (maps_dir() / "ratfight/pellier_farm.tmx").resolve()
    )
    assert resolve_map("hedgerow_farm.tmx", "ratfight").parent.name == "tabletop"
    assert resolve_map("my_field", "ratfight", user_dir=tmp_path / "maps") == mine.resolve()
    assert resolve_map("maps/my_field", "ratfight", base=tmp_path) == mine.resolve()


def test_resolve_map_names_every_place_tried(tmp_path: Path) -> None:
    with pytest.raises(MapError) as info:
        resolve_map("nowhere", "ratfight", user_dir=tmp_path)
    text = str(info.value)
    assert text.startswith("no map file 'nowhere' (looked for nowhere, ")
    assert str(maps_dir() / "ratfight" / "nowhere.tmx") in text
    assert str(tmp_path / "nowhere.tmx") in text


def test_map_option_text_keeps_shipped_maps_by_name(tmp_path: Path) -> None:
    shipped = maps_dir() / "ratfight" / "pellier_farm.tmx"
    assert map_option_text(shipped, "ratfight") == "pellier_farm.tmx"
    mine = table_map(tmp_path)
    assert map_option_text(mine, "ratfight") == str(mine.resolve())


def test_list_maps_offers_shipped_then_the_players_own(tmp_path: Path) -> None:
    mine = table_map(tmp_path)
    (tmp_path / "my_field.scenario.yaml").write_text("id: x\n", encoding="utf-8")
    write_tmx(tmp_path / "other.tmx", system="tunnel_rats", size=(4, 4), tileset="t.tsx",
              rows=None, groups={})  # fmt: skip
    entries = list_maps("ratfight", tmp_path)
    shipped = [e for e in entries if e.shipped]
    own = [e for e in entries if not e.shipped]
    assert {e.path.name for e in shipped} >= {"pellier_farm.tmx", "hedgerow_farm.tmx"}
    assert entries.index(shipped[-1]) < entries.index(own[0])
    assert [(e.path, e.title, e.scenario) for e in own] == [
        (mine, "My Field", tmp_path / "my_field.scenario.yaml")
    ]


def test_scenario_map_is_relative_to_the_scenario_file(tmp_path: Path) -> None:
    mine = table_map(tmp_path / "maps")
    scenario = tmp_path / "scenarios" / "raid.scenario.yaml"
    scenario.parent.mkdir()
    assert scenario_map("../maps/my_field.tmx", scenario, "ratfight") == mine.resolve()
    assert scenario_map("pellier_farm.tmx", scenario, "ratfight").parent.name == "ratfight"
    with pytest.raises(MapError, match=r"raid.scenario.yaml: map: no map file 'gone.tmx'"):
        scenario_map("gone.tmx", scenario, "ratfight")
    assert scenario_beside(mine) is None


def test_a_map_outside_the_program_finds_the_shipped_tileset_by_name(tmp_path: Path) -> None:
    """Tiled writes the tileset as a path relative to the map; one drawn beside the
    shipped maps and saved elsewhere still loads on the shipped tileset of that name."""
    game_map = load_map(table_map(tmp_path))
    assert game_map.tilesets[0].name == "table"
    bad = table_map(tmp_path, "bad.tmx", tileset="../tilesets/my_own.tsx")
    with pytest.raises(MapError) as info:
        load_map(bad)
    assert str(bad) in str(info.value) and "tileset file '../tilesets/my_own.tsx' not found" in str(
        info.value
    )


def test_map_files_copies_the_scenario_and_own_tilesets_not_shipped_ones(tmp_path: Path) -> None:
    mine = table_map(tmp_path)
    beside = tmp_path / "my_field.scenario.yaml"
    beside.write_text("id: x\n", encoding="utf-8")
    (tmp_path / "own.tsx").write_text(
        '<?xml version="1.0"?>\n<tileset name="own" tilewidth="32" tileheight="32" tilecount="1" '
        'columns="1"><image source="own.png" width="32" height="32"/></tileset>\n',
        encoding="utf-8",
    )
    (tmp_path / "own.png").write_bytes(b"\x89PNG not really")
    own = table_map(tmp_path, "own_tiles.tmx", tileset="own.tsx")
    assert map_files(mine) == [mine.resolve(), beside.resolve()]
    assert [p.name for p in map_files(own)] == ["own_tiles.tmx", "own.tsx", "own.png"]


def test_map_copy_round_trips_and_refuses_names_that_leave_its_folder(tmp_path: Path) -> None:
    mine = table_map(tmp_path)
    (tmp_path / "pic.png").write_bytes(bytes(range(256)))
    copy = copy_map("my_field", mine, [tmp_path / "pic.png"])
    again = MapCopy.from_json(json.loads(json.dumps(copy.to_json())), "save.json")
    assert again == copy and again.files["pic.png"] == bytes(range(256))
    assert copy.digest == files_digest(
        {"my_field.tmx": mine.read_bytes(), "pic.png": bytes(range(256))}
    )
    data = copy.to_json()
    data["files"]["../evil.tmx"] = {"text": "x"}
    with pytest.raises(SaveError, match=r"save.json: map.files: '../evil.tmx' is not a relative"):
        MapCopy.from_json(data, "save.json")
    data = copy.to_json()
    data["files"]["my_field.tmx"] = {"text": "changed"}
    with pytest.raises(SaveError, match="do not match their digest"):
        MapCopy.from_json(data, "save.json")


def _played_save(tmp_path: Path) -> tuple[Path, Path, Session]:
    mine = table_map(tmp_path / "mine")
    session = Session.new("ratfight", 3, {"map": str(mine)}, ("random", "random"))
    for _ in range(6):
        session.apply(session.state.candidate_actions()[0])
    save = tmp_path / "data" / "saves" / "ratfight-1.json"
    save.parent.mkdir(parents=True)
    save_session(session, save)
    return mine, save, session


def test_a_save_records_the_map_path_digest_and_a_copy(tmp_path: Path) -> None:
    mine, save, _ = _played_save(tmp_path)
    record = parse_record(save.read_text(encoding="utf-8"), str(save))
    assert record.map is not None
    assert record.map.path == str(mine.resolve()) and record.map.origin == str(mine)
    assert record.map.files == {"my_field.tmx": mine.read_bytes()}
    assert map_notice(record) is None and save_map_notice(save) is None


def test_a_save_resumes_on_its_copy_when_the_map_changed(tmp_path: Path) -> None:
    mine, save, session = _played_save(tmp_path)
    before = snapshot_files(tmp_path / "mine")
    mine.write_text(
        mine.read_text(encoding="utf-8").replace("My Field", "My Field v2"), encoding="utf-8"
    )
    changed = snapshot_files(tmp_path / "mine")
    notice = save_map_notice(save)
    assert notice is not None and notice.startswith("The map my_field.tmx has changed since")
    assert "goes on, on the copy of the map kept in the save" in notice
    loaded = load_session(save)
    assert loaded.actions == session.actions
    assert loaded.map_path is not None and loaded.map_path.read_bytes() == before["my_field.tmx"]
    assert snapshot_files(tmp_path / "mine") == changed  # the player's files untouched
    assert loaded.to_record().map == session.to_record().map  # saved again: the same copy
    assert loaded.to_record().options == {"map": str(mine)}


def test_a_save_resumes_when_the_map_is_gone(tmp_path: Path) -> None:
    mine, save, session = _played_save(tmp_path)
    mine.unlink()
    notice = save_map_notice(save)
    assert notice is not None and "is no longer where this game found it" in notice
    assert load_session(save).actions == session.actions


def test_old_saves_without_a_map_replay_unchanged(tmp_path: Path) -> None:
    session = Session.new("ratfight", 5, {"scenario": "farm_raid"})
    session.apply(session.state.candidate_actions()[0])
    save = tmp_path / "old.json"
    save_session(session, save)
    data = json.loads(save.read_text(encoding="utf-8"))
    assert "map" not in data
    assert load_session(save).actions == session.actions and save_map_notice(save) is None


def test_replay_command_plays_a_save_on_its_copy_of_a_changed_map(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.__main__ import main

    mine, save, session = _played_save(tmp_path)
    monkeypatch.setattr("game.cli.replay.default_data_dir", lambda: tmp_path / "data")
    mine.write_text(
        mine.read_text(encoding="utf-8").replace('width="30"', 'width="31"', 1), encoding="utf-8"
    )
    assert main(["replay", str(save)]) == 0
    out = capsys.readouterr().out
    assert f"{len(session.actions)} actions" in out and "Traceback" not in out
    assert (tmp_path / "data" / "saves" / ".map_copies").is_dir()


def test_explain_position_reads_a_relative_map_from_its_own_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.core.explain import load_position

    mine = table_map(tmp_path / "positions")
    position = tmp_path / "positions" / "start.yaml"
    position.write_text(
        "ruleset: ratfight\nseed: 3\noptions: {map: my_field.tmx}\n", encoding="utf-8"
    )
    monkeypatch.chdir(tmp_path)  # not the position's folder
    session = load_position(position)
    assert session.options == {"map": str(mine.resolve())}
    assert session.state.board.setting.scenario.title == "Skirmish: My Field"


def test_a_map_drawn_for_another_game_is_refused_by_name(tmp_path: Path) -> None:
    mine = table_map(tmp_path)  # system=ratfight
    with pytest.raises(MapError) as info:
        Session.new("tunnel_rats", 1, {"map": str(mine)})
    assert str(info.value) == (
        f"{mine.resolve()}: map property system='ratfight': this map is drawn for another "
        "game; expected 'tunnel_rats'"
    )
    tabletop = maps_dir() / "tabletop" / "hedgerow_farm.tmx"  # system=tabletop: any table game
    assert (
        Session.new("ratfight", 1, {"map": str(tabletop)}).state.board.setting.scenario.id
        == "skirmish"
    )
