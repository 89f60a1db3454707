"""'65 on a map of one's own (issue 33): a board from a map saved outside the program,
its set-up areas, the skirmish of the map alone, the scenario file beside it, check-map
for play and saves. Maps are written into tmp_path as Tiled writes them."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.__main__ import main
from game.core.errors import DataError
from game.core.random_play import random_action
from game.core.registry import get_manifest
from game.core.rng import Rng
from game.core.session import Session
from game.maps.check import check_map
from game.rules.sixty_five.boards import source_of
from game.rules.sixty_five.map_play import MAP_PLAY
from game.rules.sixty_five.scenario import scenario_ground, step_hexes
from game.rules.sixty_five.state import Phase, SixtyFiveState
from tests.own_map_support import write_hex_map
from tests.player_text_support import id_in, random_game

SCENARIO = """\
scenarios:
  - title: Raid on the Camp
    turns: 4
    end_turns: 3
    maps:
      - {map: "4", offset: [0, 0], file: my_board.tmx}
    setup:
      - seat: 1
        units: {vc_rifle: 3, phan: 1}
        zone: {areas: [VC camp]}
      - seat: 0
        units: {us_rifle: 4, riggs: 1}
        zone: {areas: [us]}
    victory:
      us: {controlled: {hexes: [4F3], vp: 3}, enemy_eliminated: 1}
      win: {seat: 0, needs: 3}
    briefing:
      situation: The Americans raid a camp by the well.
"""


def _play_out(options: dict[str, str], seed: int, cap: int = 3000) -> SixtyFiveState:
    session = Session(get_manifest("sixty_five").ruleset(), seed, options, undo=False)
    state = session.state
    assert isinstance(state, SixtyFiveState)
    rng = Rng(seed)
    for _ in range(cap):
        if state.outcome() is not None:
            break
        state.apply(random_action(state, rng))
    return state


def test_own_map_checks_clean_and_plays_random_skirmishes(tmp_path: Path) -> None:
    """Issue 33: a map with set-up areas for both sides, saved outside the program with
    a relative tileset path, passes check-map and plays to the end as a skirmish."""
    path = write_hex_map(tmp_path / "mine")
    assert check_map(path) == []
    for seed in (1, 2):
        state = _play_out({"map": str(path)}, seed)
        outcome = state.outcome()
        assert outcome is not None and len(outcome.winners) == 1


def test_skirmish_sets_up_in_the_map_areas_and_scores_the_objective(tmp_path: Path) -> None:
    """'65 24 on a map of one's own: each side sets up in its set-up area (the Viet Cong
    first) with the default forces; the objective's hex scores for whoever holds it."""
    path = write_hex_map(tmp_path)
    scenario = MAP_PLAY.skirmish(path, None)
    ground = scenario_ground(scenario.id)
    first, second = scenario.setup
    assert (first.seat, second.seat) == (1, 0)
    assert set(step_hexes(ground, second)) == {f"4{c}{r}" for c in "AB" for r in range(1, 7)}
    assert set(step_hexes(ground, first)) == {f"4{c}{r}" for c in "JK" for r in range(1, 7)}
    controlled = scenario.victory.us.controlled
    assert controlled is not None and controlled.hexes == ("4F3",)
    assert scenario.title == "Skirmish on Paddy Crossing"
    assert scenario.victory.win.more_than_other


def test_skirmish_without_objectives_scores_casualties_only(tmp_path: Path) -> None:
    """Without objective objects the system's own end decides: the turn limit, and VP
    for the enemy units eliminated (24)."""
    scenario = MAP_PLAY.skirmish(write_hex_map(tmp_path, objective=None), None)
    assert scenario.victory.us.controlled is None
    assert scenario.victory.us.enemy_eliminated == 1 == scenario.victory.vc_nva.enemy_eliminated


def test_the_scenario_beside_the_map_is_played(tmp_path: Path) -> None:
    """A scenario file beside the map (the shipped schema, its map named relative to
    it) overrides the skirmish: its forces, its zones (a set-up area by name) and its
    briefing."""
    path = write_hex_map(tmp_path)
    (tmp_path / "my_board.scenario.yaml").write_text(SCENARIO, encoding="utf-8")
    assert check_map(path) == []
    state = _play_out({"map": str(path)}, 3, cap=1)
    assert state.phase is Phase.SETUP
    assert state.scenario is not None and state.scenario.title == "Raid on the Camp"
    assert sorted(u.type.id for u in state.world.units.values() if u.seat == 1) == [
        "phan",
        *["vc_rifle"] * 3,
    ]
    step = state.scenario.setup[0]
    assert set(step_hexes(state.world.field, step)) == {
        f"4{c}{r}" for c in "JK" for r in range(1, 7)
    }
    brief = get_manifest("sixty_five").briefing
    assert brief is not None
    options = get_manifest("sixty_five").validate_options({"map": str(path)})
    assert brief(options).situation == "The Americans raid a camp by the well."
    for seed in (4, 5):
        assert _play_out({"map": str(path)}, seed).outcome() is not None
    skirmish = {"map": str(path), "map_scenario": "skirmish"}
    assert _play_out(skirmish, 6, cap=1).scenario.title.startswith("Skirmish on")  # type: ignore[union-attr]


def test_check_names_a_side_without_a_set_up_area(tmp_path: Path) -> None:
    """check-map for play: a map alone needs a set-up area for each side."""
    path = write_hex_map(tmp_path, areas="us")
    text = [str(p) for p in check_map(path)]
    assert len(text) == 1
    assert str(path) in text[0] and "no set-up area for the Viet Cong" in text[0]
    assert "side = vc_nva" in text[0]


def test_check_names_an_unnamed_objective_and_a_wrong_side(tmp_path: Path) -> None:
    path = write_hex_map(tmp_path, areas="us,vc_nva,arvn", objective="")
    text = "\n".join(str(p) for p in check_map(path))
    assert "an objective with no name" in text
    assert "side = 'arvn': expected us or vc_nva" in text


def test_check_names_an_unknown_unit_and_a_wrong_key_in_the_scenario(tmp_path: Path) -> None:
    path = write_hex_map(tmp_path)
    beside = tmp_path / "my_board.scenario.yaml"
    beside.write_text(SCENARIO.replace("phan: 1", "rambo: 1"), encoding="utf-8")
    text = "\n".join(str(p) for p in check_map(path))
    assert str(beside) in text and "setup[0].units: unknown unit 'rambo'" in text
    beside.write_text(SCENARIO.replace("turns: 4", "turn: 4"), encoding="utf-8")
    text = "\n".join(str(p) for p in check_map(path))
    assert str(beside) in text and "turn" in text
    beside.write_text(SCENARIO.replace("[VC camp]", "[Bunker line]"), encoding="utf-8")
    text = "\n".join(str(p) for p in check_map(path))
    assert "setup[0].zone.areas: no set-up area 'Bunker line'" in text


def test_a_scenario_naming_a_missing_map_file_is_a_clear_error(tmp_path: Path) -> None:
    write_hex_map(tmp_path)
    beside = tmp_path / "my_board.scenario.yaml"
    beside.write_text(SCENARIO.replace("file: my_board.tmx", "file: gone.tmx"), encoding="utf-8")
    with pytest.raises(DataError, match=r"scenarios\[0\]\.maps\[0\]\.file: .*gone\.tmx"):
        MAP_PLAY.load_scenario(beside)


def test_a_map_without_map_id_is_refused_by_name(tmp_path: Path) -> None:
    path = write_hex_map(tmp_path, map_id="")
    text = "\n".join(str(p) for p in check_map(path))
    assert str(path) in text and "map_id" in text and "expected a number" in text


def test_a_save_on_an_own_map_replays_and_the_shipped_scenario_stays(tmp_path: Path) -> None:
    """Saves record the map and replay on it; the shipped scenarios play as before."""
    path = write_hex_map(tmp_path)
    session = Session.new("sixty_five", 9, {"map": str(path)}, ("random", "random"), undo=False)
    rng = Rng(9)
    for _ in range(40):
        session.apply(random_action(session.state, rng))
    record = session.to_record()
    assert record.map is not None and record.options["map"] == str(path)
    again = Session.from_record(record)  # SaveError if it did not replay exactly
    assert again.actions == session.actions
    assert source_of("1").scenario.title == "Village Assault"


def test_simulate_plays_an_own_map(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``simulate sixty_five --option map=PATH`` plays on the map."""
    path = write_hex_map(tmp_path)
    args = ["simulate", "sixty_five", "--option", f"map={path}", "--games", "1"]
    assert main([*args, "--seats", "random,random"]) == 0
    assert "unfinished 0" in capsys.readouterr().out


def test_a_skirmish_names_no_internal_id_in_player_text(tmp_path: Path) -> None:
    """Issue 31 on a map of one's own: the log names the skirmish by its title, never by
    the id it is registered under, and names units and hexes only."""
    path = write_hex_map(tmp_path)
    allows = get_manifest("sixty_five").text_allows
    for moment in random_game("sixty_five", {"map": str(path)}, 2, 120):
        for text in moment.texts:
            assert "own-" not in text and id_in(text, allows) is None, text
    opening = next(random_game("sixty_five", {"map": str(path)}, 2, 0)).texts
    assert any("Skirmish on Paddy Crossing" in t for t in opening)


def test_the_same_map_at_two_paths_reads_each_file(tmp_path: Path) -> None:
    """A board is read from the map last chosen: the same content at another path plays
    under the same id (a save's copy replays to the same state) but reads its own file,
    and a map saved again registers afresh (never the stale or the other file)."""
    first = write_hex_map(tmp_path / "a")
    second = write_hex_map(tmp_path / "b")
    one = MAP_PLAY.skirmish(first, None)
    two = MAP_PLAY.skirmish(second, None)
    assert one.id == two.id and source_of(two.id).files == {"4": second}
    write_hex_map(tmp_path / "a", objective="Ford")  # the first saved again in Tiled
    assert MAP_PLAY.skirmish(second, None).id == two.id
    assert source_of(two.id).files == {"4": second}
    again = MAP_PLAY.skirmish(first, None)
    assert again.id != two.id and source_of(again.id).files == {"4": first}
    assert again.briefing is not None and "holding Ford at the end" in again.briefing.situation


def test_a_scenario_fortification_off_the_board_names_the_file_and_key(tmp_path: Path) -> None:
    """23 in a scenario of one's own: a foxhole on a hex the board lacks is an error
    naming the scenario file and the key, not the shipped scenarios.yaml."""
    from game.rules.sixty_five.ruleset import new_scenario_game

    write_hex_map(tmp_path)
    beside = tmp_path / "my_board.scenario.yaml"
    extra = '    fortifications:\n      - {kind: foxhole, map: "4", hexes: [Z9]}\n'
    beside.write_text(SCENARIO + extra, encoding="utf-8")
    scenario = MAP_PLAY.load_scenario(beside)
    with pytest.raises(DataError) as err:
        new_scenario_game(scenario.id, 1)
    assert f"{beside}: scenarios[0].fortifications" in str(err.value)
    assert "Z9" in str(err.value)


def test_a_board_of_an_own_map_beside_a_shipped_one_plays(tmp_path: Path) -> None:
    """A board is one to three hex maps: the scenario file lays its own map (file) beside
    shipped Map 2 (by number); hexes of both are on the board, and it plays."""
    path = write_hex_map(tmp_path)
    two_maps = SCENARIO.replace(
        '      - {map: "4", offset: [0, 0], file: my_board.tmx}\n',
        '      - {map: "4", offset: [0, 0], file: my_board.tmx}\n'
        '      - {map: "2", offset: [11, 0]}\n',
    ).replace("zone: {areas: [us]}", 'zone: {maps: ["2"], columns: {"2": [J, K]}}')
    (tmp_path / "my_board.scenario.yaml").write_text(two_maps, encoding="utf-8")
    assert check_map(path) == []
    state = _play_out({"map": str(path)}, 8, cap=0)
    assert "4A1" in state.world.field and "2K6" in state.world.field
    assert source_of(state.scenario.id).files["4"] == path  # type: ignore[union-attr]
    assert _play_out({"map": str(path)}, 8).outcome() is not None


def test_a_save_copies_the_own_maps_of_the_board_not_the_shipped_ones(tmp_path: Path) -> None:
    path = write_hex_map(tmp_path)
    other = write_hex_map(tmp_path / "east", name="east.tmx", map_id="5")
    board = SCENARIO.replace(
        '      - {map: "4", offset: [0, 0], file: my_board.tmx}\n',
        '      - {map: "4", offset: [0, 0], file: my_board.tmx}\n'
        '      - {map: "5", offset: [11, 0], file: east/east.tmx}\n'
        '      - {map: "2", offset: [22, 0]}\n',
    )
    beside = tmp_path / "my_board.scenario.yaml"
    beside.write_text(board, encoding="utf-8")
    files = get_manifest("sixty_five").ruleset().map_files({"map": str(path)})  # type: ignore[attr-defined]
    assert files == [path.resolve(), beside.resolve(), other.resolve()]


def test_a_save_resumes_when_the_own_board_is_gone(tmp_path: Path) -> None:
    """Saves keep a copy of the map (i33-core): a '65 board of two maps of one's own and
    its scenario file resume from the save's copy after the player's folder is gone."""
    import shutil

    from game.storage import load_session, save_session

    folder = tmp_path / "mine"
    path = write_hex_map(folder)
    write_hex_map(folder / "east", name="east.tmx", map_id="5")
    board = SCENARIO.replace(
        '      - {map: "4", offset: [0, 0], file: my_board.tmx}\n',
        '      - {map: "4", offset: [0, 0], file: my_board.tmx}\n'
        '      - {map: "5", offset: [11, 0], file: east/east.tmx}\n',
    )
    (folder / "my_board.scenario.yaml").write_text(board, encoding="utf-8")
    session = Session.new("sixty_five", 4, {"map": str(path)}, ("random", "random"))
    rng = Rng(4)
    for _ in range(25):
        session.apply(random_action(session.state, rng))
    save = tmp_path / "saves" / "game.json"
    save.parent.mkdir()
    save_session(session, save)
    shutil.rmtree(folder)
    again = load_session(save)
    assert again.actions == session.actions
    assert again.map_path is not None and again.map_path.name == "my_board.tmx"
