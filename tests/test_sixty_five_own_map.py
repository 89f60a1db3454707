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
    """A board is read from the map it names: the same content at another path, or the
    map saved again, registers afresh (never the stale or the other file)."""
    first = write_hex_map(tmp_path / "a")
    second = write_hex_map(tmp_path / "b")
    one, two = MAP_PLAY.skirmish(first, None), MAP_PLAY.skirmish(second, None)
    assert one.id != two.id
    assert source_of(two.id).files == {"4": second}
    write_hex_map(tmp_path / "b", objective="Ford")
    again = MAP_PLAY.skirmish(second, None)
    assert again.id != two.id and again.title == two.title
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
