"""5.56mm on a table of one's own (issue 33): the skirmish of a map alone (random squads
by 11.1 in the deployment zones, objectives or the last man standing), the scenario
file beside it, check-map for play and saves. Maps are written into tmp_path as Tiled
writes them."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon

from game.__main__ import main
from game.core.errors import DataError
from game.core.random_play import random_action
from game.core.registry import get_manifest
from game.core.rng import Rng
from game.core.session import Session
from game.maps.check import check_map
from game.maps.tabletop import hundredths, load_table
from game.rules.five_five_six.map_play import MAP_PLAY
from game.rules.five_five_six.own_map import skirmish_scenario
from game.rules.five_five_six.squads import Squad, squad_cost
from game.rules.five_five_six.state import FiveFiveSixState
from tests.own_map_support import write_table
from tests.player_text_support import id_in, random_game

SCENARIO = """\
scenarios:
  - id: farm_raid
    title: Farm Raid
    briefing:
      situation: Two patrols meet at a farm.
      goals: [Reach the farmhouse., Keep them out until turn 6.]
    map: my_table.tmx
    sides:
      - name: Rangers
        colour: black
        characters:
          - {id: a, name: Sgt Abel, cards: [KC], movement: 0, weapons: 1, strength: 1,
             morale: 2, gear: [m4, knife], leader: true, at: [10, 2], facing: 90}
          - {id: b, name: Pte Bell, cards: [2C], movement: 0, weapons: 0, strength: 0,
             morale: 0, gear: [m16], at: [14, 2], facing: 90}
      - name: Militia
        colour: red
        characters:
          - {id: c, name: Gunman Cole, cards: [KH], movement: 0, weapons: 0, strength: 0,
             morale: 0, gear: [ak47], leader: true, at: [10, 46], facing: 270}
          - {id: d, name: Gunman Dane, cards: [2H], movement: 0, weapons: 0, strength: 0,
             morale: 0, gear: [ak47], at: [14, 46], facing: 270}
    victory:
      - {kind: reach, side: 0, objective: Farmhouse, title: the Rangers reach the farmhouse}
      - {kind: hold, side: 1, turns: 6, title: the militia hold the farm}
"""


def _play_out(options: dict[str, str], seed: int, cap: int = 4000) -> FiveFiveSixState:
    session = Session(get_manifest("five_five_six").ruleset(), seed, options, undo=False)
    state = session.state
    assert isinstance(state, FiveFiveSixState)
    rng = Rng(seed)
    for _ in range(cap):
        if state.outcome() is not None:
            break
        state.apply(random_action(state, rng))
    return state


def test_own_table_checks_clean_and_plays_random_skirmishes(tmp_path: Path) -> None:
    """Issue 33: a table saved outside the program with a relative tileset path passes
    check-map and plays to the end as a skirmish, with and without a budget."""
    path = write_table(tmp_path / "mine")
    assert check_map(path) == []
    for seed, extra in ((1, {}), (2, {"upgrades": "14"})):
        state = _play_out({"map": str(path), **extra}, seed)
        assert state.outcome() is not None


def test_skirmish_squads_set_up_in_their_zones_facing_each_other(tmp_path: Path) -> None:
    """5.56mm 11.1 squads (ten men, the leader a Sergeant) stand wholly inside their
    deployment zone, a base and a half apart, the first zone's squad black (2.3)."""
    path = write_table(tmp_path)
    scenario = skirmish_scenario(path, Rng(4))
    table = load_table(path)
    for seat, side in enumerate(("north", "south")):
        squad = scenario.sides[seat]
        assert squad.colour == ("black", "red")[seat] and squad.name == f"{side.title()} squad"
        assert len(squad.characters) == 10 and squad.characters[0].name.startswith("Sergeant")
        zone = Polygon(table.features_of("deployment", side)[0].outline)
        spots = [(hundredths(c.at[0]), hundredths(c.at[1])) for c in squad.characters]
        for spot in spots:
            assert zone.contains(ShapelyPoint(spot).buffer(50))
        assert all(
            abs(a[0] - b[0]) + abs(a[1] - b[1]) >= 150 for a in spots for b in spots if a != b
        )
        facing = squad.characters[0].facing
        assert (45 < facing < 135) if seat == 0 else (225 < facing < 315)
    names = [c.name.split()[-1] for side in scenario.sides for c in side.characters]
    assert len(set(names)) == 20  # no name on both sides


def test_skirmish_budget_is_spent_within(tmp_path: Path) -> None:
    """11.1 with a set budget: each squad costs no more than the upgrades given."""
    scenario = MAP_PLAY.skirmish(
        write_table(tmp_path), get_manifest("five_five_six").validate_options({"upgrades": "14"})
    )
    for side in scenario.sides:
        members = [
            {
                "id": c.id,
                "name": c.name,
                "abilities": {
                    "movement": c.movement,
                    "weapons": c.weapons,
                    "strength": c.strength,
                    "morale": c.morale,
                },
                "skills": list(c.skills),
                "weapons": [g for g in c.gear],
                "launcher_rounds": list(c.launcher_rounds),
            }
            for c in side.characters
        ]
        squad = Squad.model_validate(
            {"name": side.name, "leader": side.characters[0].id, "members": members}
        )
        assert squad_cost(squad).upgrades <= 14


def test_skirmish_victory_from_objectives_or_the_last_man(tmp_path: Path) -> None:
    """With objectives a man ending his go on one wins; both sides also win by leaving
    the other nobody fighting; the turn limit ends the rest (flow.TURN_LIMIT)."""
    scenario = skirmish_scenario(write_table(tmp_path), Rng(1))
    kinds = [(v.kind, v.side, v.objective) for v in scenario.victory]
    assert ("reach", 0, "Farmhouse") in kinds and ("reach", 1, "Bridge") in kinds
    assert ("eliminate", 0, None) in kinds and ("eliminate", 1, None) in kinds
    assert scenario.map_path == tmp_path / "my_table.tmx"


def test_the_scenario_beside_the_table_is_played(tmp_path: Path) -> None:
    path = write_table(tmp_path)
    (tmp_path / "my_table.scenario.yaml").write_text(SCENARIO, encoding="utf-8")
    assert check_map(path) == []
    state = _play_out({"map": str(path)}, 3, cap=0)
    assert state.board.setting.scenario.title == "Farm Raid"
    assert state.board.setting.scenario.map_path == path.resolve()
    for seed in (4, 5):
        assert _play_out({"map": str(path)}, seed).outcome() is not None
    skirmish = _play_out({"map": str(path), "map_scenario": "skirmish"}, 6, cap=0)
    assert skirmish.board.setting.scenario.title == "Skirmish on Hedgerow Farm"


def test_check_names_a_missing_zone_and_bad_scenario_entries(tmp_path: Path) -> None:
    path = write_table(tmp_path, zones=1)
    text = "\n".join(str(p) for p in check_map(path))
    assert str(path) in text and "deployment zones for 1 side(s) (north)" in text
    path = write_table(tmp_path / "b")
    beside = tmp_path / "b" / "my_table.scenario.yaml"
    bad = SCENARIO.replace("gear: [m16]", "gear: [phaser]").replace(
        "objective: Farmhouse", "objective: Barn"
    )
    beside.write_text(bad, encoding="utf-8")
    text = "\n".join(str(p) for p in check_map(path))
    assert "characters.1.gear.0: unknown item 'phaser'" in text
    assert "victory.0.objective: no objective 'Barn'" in text
    beside.write_text(SCENARIO.replace("colour: red", "color: red"), encoding="utf-8")
    text = "\n".join(str(p) for p in check_map(path))
    assert str(beside) in text and "sides.1.color" in text


def test_a_scenario_naming_a_missing_map_is_a_clear_error(tmp_path: Path) -> None:
    write_table(tmp_path)
    beside = tmp_path / "my_table.scenario.yaml"
    beside.write_text(SCENARIO.replace("map: my_table.tmx", "map: gone.tmx"), encoding="utf-8")
    with pytest.raises(DataError, match=r"scenarios\.0\.map: expected a map relative"):
        MAP_PLAY.load_scenario(beside)


def test_a_save_on_an_own_table_replays(tmp_path: Path) -> None:
    path = write_table(tmp_path)
    session = Session.new("five_five_six", 9, {"map": str(path)}, ("random", "random"))
    rng = Rng(9)
    for _ in range(30):
        if session.state.outcome() is not None:
            break
        session.apply(random_action(session.state, rng))
    record = session.to_record()
    assert record.map is not None
    assert Session.from_record(record).actions == session.actions


def test_simulate_plays_an_own_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_table(tmp_path)
    args = ["simulate", "five_five_six", "--option", f"map={path}", "--games", "1"]
    assert main([*args, "--seats", "random,random"]) == 0
    assert "unfinished 0" in capsys.readouterr().out


def test_a_skirmish_names_no_internal_id_in_player_text(tmp_path: Path) -> None:
    """Issue 31 on a table of one's own: the men are named by rank and name."""
    path = write_table(tmp_path)
    allows = get_manifest("five_five_six").text_allows
    for moment in random_game("five_five_six", {"map": str(path)}, 2, 120):
        for text in moment.texts:
            assert id_in(text, allows) is None, text


def test_squads_of_numbered_zones_are_first_and_second(tmp_path: Path) -> None:
    """A zone whose side is a number (as the shipped tables have) names its squad by
    order: players read "First squad", never "0 squad"."""
    path = write_table(tmp_path)
    path.write_text(
        path.read_text(encoding="utf-8")
        .replace('value="north"', 'value="0"')
        .replace('value="south"', 'value="1"'),
        encoding="utf-8",
    )
    scenario = skirmish_scenario(path, Rng(2))
    assert [s.name for s in scenario.sides] == ["First squad", "Second squad"]


def test_a_table_saved_again_is_read_again(tmp_path: Path) -> None:
    """A map of one's own saved again at the same path is played as saved (board.py keys
    its table by the file's stamp)."""
    path = write_table(tmp_path)
    first = _play_out({"map": str(path)}, 1, cap=0).board.setting.table
    text = path.read_text(encoding="utf-8").replace('name="Bridge"', 'name="Ford"')
    path.write_text(text, encoding="utf-8")
    os.utime(path, ns=(1, 10**18))
    second = _play_out({"map": str(path)}, 1, cap=0).board.setting.table
    assert [o.name for o in first.features_of("objective")] == ["Farmhouse", "Bridge"]
    assert [o.name for o in second.features_of("objective")] == ["Farmhouse", "Ford"]


def test_a_save_resumes_when_the_own_table_is_gone(tmp_path: Path) -> None:
    """Saves keep a copy of the map (i33-core): a skirmish and a scenario of one's own
    resume from the save's copy, to the same state, after the player's folder is gone."""
    import shutil

    from game.storage import load_session, save_session

    for scenario in (False, True):
        folder = tmp_path / f"mine{scenario}"
        path = write_table(folder)
        if scenario:
            (folder / "my_table.scenario.yaml").write_text(SCENARIO, encoding="utf-8")
        session = Session.new("five_five_six", 4, {"map": str(path)}, ("random", "random"))
        rng = Rng(4)
        for _ in range(25):
            if session.state.outcome() is not None:
                break
            session.apply(random_action(session.state, rng))
        save = tmp_path / f"saves{scenario}" / "game.json"
        save.parent.mkdir()
        save_session(session, save)
        shutil.rmtree(folder)
        again = load_session(save)  # SaveError if it did not replay to the same state
        assert again.actions == session.actions and again.map_path is not None
