"""5.56mm scenario vehicles (rules version 3): a broken vehicle entry names the file,
the key path and what was expected; the rules calculator explains a Drive's Driver Task
and a shot at a vehicle."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from game.core.errors import DataError
from game.maps.tabletop import to_point
from game.rules.five_five_six.actions import Drive, DriveTask, Fire
from game.rules.five_five_six.scenarios.scenarios import SCENARIO_FILE, load_scenarios
from game.rules.five_five_six.vehicles.shared import Motion
from tests.five_five_six_support import give_go, new_game, only, place

CONVOY = 3  # the convoy ambush's index in scenarios.yaml


def _write(tmp_path: Path, mutate: Callable[[dict[str, Any]], None]) -> Path:
    data = yaml.safe_load(SCENARIO_FILE.read_text(encoding="utf-8"))
    assert data["scenarios"][CONVOY]["id"] == "convoy_ambush"
    mutate(data["scenarios"][CONVOY])
    path = tmp_path / "scenarios.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda s: s["vehicles"][0].update(profile="tank"), r"vehicles\.0.*profile 'tank'"),
        (lambda s: s["vehicles"][0].update(weapon="law"), r"vehicles\.0.*cannot mount 'law'"),
        (
            lambda s: s["vehicles"][0].update(profile="black_hawk"),
            r"vehicles\.0.*driver seat\(s\), the Black Hawk has 0",
        ),
        (lambda s: s["vehicles"][0].update(altitude="flying"), r"vehicles\.0.*land vehicle"),
        (
            lambda s: s["vehicles"][0]["crew"].update(mason="pilot"),
            r"vehicles\.0.*pilot seat\(s\), the HMMV has 0",
        ),
        (
            lambda s: s["vehicles"][0]["crew"].update(mason="gunner"),
            r"vehicles\.0.*2 in the gunner seat",
        ),
        (
            lambda s: s["vehicles"][0]["crew"].update(chief="passenger"),
            r"crew 'chief' is not a character of side 0",
        ),
        (lambda s: s["vehicles"][1].update(id="hmmv_1"), r"vehicle id 'hmmv_1' is used twice"),
        (lambda s: s["vehicles"][0]["crew"].update(mason="navigator"), r"vehicles\.0\.crew\.mason"),
    ],
    ids=[
        "profile",
        "weapon",
        "helicopter-seats",
        "altitude",
        "pilot-in-hmmv",
        "seats",
        "side",
        "id",
        "seat-kind",
    ],
)
def test_12_8_a_broken_vehicle_entry_names_file_key_and_expectation(
    tmp_path: Path, change: Callable[[dict[str, Any]], None], expected: str
) -> None:
    path = _write(tmp_path, change)
    with pytest.raises(DataError, match=expected) as err:
        load_scenarios(path)
    assert str(path) in str(err.value) and "scenarios.3" in str(err.value)


def test_explain_4_62_full_speed_rows_and_their_chances() -> None:
    """Reyes (Morale +1, Driver) in an HMMV (Speed +4): TN 3, D6 + 5: +3 on a 1 (10"),
    +4 on a 2 (12"), +5 or more on 3-6 (14")."""
    state = new_game("convoy_ambush")
    board = state.board
    give_go(board, "reyes")
    answer = state.explain(Drive("reyes", board.vehicles["hmmv_1"].pos, DriveTask.FULL_SPEED))
    assert answer.numbers["target_number"] == 3 and answer.numbers["allowance_in"] == 12
    assert answer.outcomes == pytest.approx(
        {'10" more': 1 / 6, '12" more': 1 / 6, '14" more': 4 / 6}
    )


def test_explain_a_shot_at_a_vehicle_lists_the_12_51_results() -> None:
    state = new_game("convoy_ambush")
    board = state.board
    only(board, "reyes", "rpg_1")
    place(board, "rpg_1", 7.5, 21, facing=90)
    give_go(board, "rpg_1")
    action = Fire("rpg_1", "rpg", "hmmv_1")
    assert state.why_not(action) is None
    answer = state.explain(action)
    assert answer.numbers["armour"] == 8 and answer.numbers["damage"] == 10
    assert "Target is a vehicle +2" in answer.numbers["roll_modifiers"]
    assert set(answer.outcomes) >= {"miss", "Destroyed", "Immobilised"}
    assert sum(answer.outcomes.values()) == pytest.approx(1.0)
    assert state.why_not(Drive("reyes", to_point(9, 27))) is not None  # not his go


def test_explain_five_five_six_command_covers_drive_rolls_and_shots_at_vehicles(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``explain five_five_six``: seed 12 opens with Reyes's go, seed 10 with Farah's
    (the RPG); their Full Speed roll and rocket at HMMV One, as JSON."""
    import json

    from game.__main__ import main

    pos = tmp_path / "p.yaml"
    for seed, action, wanted in (
        (12, "drive reyes 7.5,27 full forward", '14" more'),
        (10, "fire rpg_1 rpg hmmv_1", "Destroyed"),
    ):
        pos.write_text(
            f"ruleset: five_five_six\nseed: {seed}\noptions: {{scenario: convoy_ambush}}\n",
            encoding="utf-8",
        )
        code = main(
            ["explain", "five_five_six", "--position", str(pos), "--action", action, "--json"]
        )
        answer = json.loads(capsys.readouterr().out)
        assert code == 0 and answer["legal"] is True
        assert wanted in answer["outcomes"]
        assert sum(answer["outcomes"].values()) == pytest.approx(1.0)


def test_12_9_a_scenario_may_start_a_black_hawk_in_the_air_with_its_crew(tmp_path: Path) -> None:
    def add_hawk(s: dict[str, Any]) -> None:
        s["vehicles"][0]["crew"] = {"mason": "passenger", "ortiz": "passenger"}
        s["vehicles"].append(
            {
                "id": "hawk",
                "name": "Super Six",
                "profile": "black_hawk",
                "side": 0,
                "weapon": "m2",
                "at": [10, 6],
                "altitude": "hovering",
                "crew": {"reyes": "pilot", "cole": "co_pilot"},
            }
        )

    scenario = load_scenarios(_write(tmp_path, add_hawk))["convoy_ambush"]
    hawk = scenario.vehicles[-1]
    assert (hawk.altitude, hawk.crew["reyes"]) == ("hovering", "pilot")
    assert scenario.vehicles[0].altitude == "ground"  # the default: landed, as before
    from game.rules.five_five_six.board import place_vehicles

    characters = new_game("convoy_ambush").board.characters
    placed = place_vehicles(scenario, characters)
    assert placed["hawk"].motion.altitude == "hovering" and not placed["hawk"].motion.moving
    assert characters["reyes"].seat == "pilot" and characters["reyes"].pos == placed["hawk"].pos
    assert placed["hmmv_1"].motion == Motion()
