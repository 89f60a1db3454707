"""'65 briefings (24, issue 31): each scenario's situation, sides, forces, victory points,
length and special rules in player words, worked out from the scenario data where the
data has the facts; bad briefing data is a clear error naming the file and the key."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core.briefing import briefing_for, side_names
from game.core.errors import DataError
from game.core.registry import get_manifest
from game.rules.sixty_five.data import DATA_DIR
from game.rules.sixty_five.scenarios.briefing import load_briefings

TITLES = {
    "1": "1 — Village Assault",
    "2": "2 — By the Belt Buckle",
    "3": "3 — An Ambush Ambushed",
    "4": "4 — Clear",
    "5": "5 — Tanks in the Wire",
    "6": "6 — Horror on Highway 1",
    "7": "7 — Death from Above",
    "8": "8 — Ain't Gonna Happen",
}


@pytest.mark.parametrize("scenario", sorted(TITLES))
def test_65_24_every_scenario_has_a_briefing_naming_its_sides(scenario: str) -> None:
    briefing = briefing_for("sixty_five", {"scenario": scenario})
    assert briefing.title == TITLES[scenario]
    enemy = "Viet Cong" if scenario in ("1", "2", "6") else "NVA"
    assert briefing.side_names == ("Americans", enemy)
    assert side_names("sixty_five", {"scenario": scenario}) == ("Americans", enemy)
    assert briefing.length.endswith("End Turn card comes up")
    assert all(side.forces and side.goal.startswith("Win ") for side in briefing.sides)


def test_65_24_the_setup_screen_lists_the_scenarios_by_number_and_name() -> None:
    fields = {f.name: f for f in get_manifest("sixty_five").option_fields()}
    assert fields["scenario"].choices == tuple(sorted(TITLES.items()))


def test_65_24_scenario_1_briefing_counts_the_vp_of_the_data() -> None:
    """Scenario 1: the Americans need 6 VP: 1 a building held, 1 a kill, -1 a loss,
    +2 / -2 for the Bonus cards; 7 turns ending on the third End Turn card."""
    briefing = briefing_for("sixty_five", {"scenario": "1"})
    us, vc = briefing.sides
    assert us.goal.startswith("Win with 6 VP or more")
    for term in (
        "1 for each building hex held",
        "1 for each Viet Cong unit eliminated",
        "-1 for each of your units lost",
        "-2 if the Viet Cong's card is met",
    ):
        assert term in us.goal, term
    assert vc.goal.startswith("Win by stopping the Americans: they need 6 VP or more")
    assert "7 Rifle squads, 2 M60 machine-gun teams, Riggs, Black and Dixon" in us.forces[0]
    assert briefing.length == "7 turns; a turn ends when the 3rd End Turn card comes up"


def test_65_24_special_rules_are_in_player_words() -> None:
    """Scenario 2's artillery, scenario 6's AC-47, scenario 8's relics; scenario 4 has no
    Bonus cards and says so."""
    rules = {s: " ".join(briefing_for("sixty_five", {"scenario": s}).special_rules)
             for s in TITLES}  # fmt: skip
    assert "two Fire cards" in rules["2"] and "strength of 4" in rules["2"]
    assert "AC-47" in rules["6"] and "From turn 3" in rules["6"]
    assert "relics" in rules["8"] and "1-2 finds the relics" in rules["8"]
    assert "no Bonus Victory Condition cards" in rules["4"]
    assert "Bonus Victory Condition card before set-up" not in rules["4"]
    reinforcements = briefing_for("sixty_five", {"scenario": "4"}).sides[1].forces
    assert any(line.startswith("Reinforcements, on turn 3") for line in reinforcements)


def _copy(tmp_path: Path, old: str, new: str) -> Path:
    path = tmp_path / "briefings.yaml"
    text = (DATA_DIR / "briefings.yaml").read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return path


def test_65_briefing_data_one_setup_phrase_per_step(tmp_path: Path) -> None:
    path = _copy(tmp_path, '      - "set up first, in any building hex"\n', "")
    with pytest.raises(DataError, match=r"briefings\.yaml: scenarios\[0\]\.setup: 1 phrase"):
        load_briefings(path)


def test_65_briefing_data_every_scenario_needs_one(tmp_path: Path) -> None:
    path = _copy(tmp_path, '  - id: "8"', '  - id: "9"')
    with pytest.raises(
        DataError, match=r"briefings\.yaml: scenarios: no briefing for scenario '8'"
    ):
        load_briefings(path)


def test_65_briefing_data_a_noun_for_every_unit_type(tmp_path: Path) -> None:
    path = _copy(tmp_path, "  us_m60: M60 machine-gun team\n", "")
    with pytest.raises(DataError, match=r"briefings\.yaml: nouns: no noun for unit type 'us_m60'"):
        load_briefings(path)


def test_65_24_lopsided_scenarios_say_which_side_the_odds_favour() -> None:
    """Issue 34: a scenario whose split between equal players is lopsided by its own
    numbers says so (1: the village's defenders, 5: the camp, 6: the ambush, 7: a hard
    task for the air cavalry, 8: the Americans, every NVA unit left on the board costing
    the NVA a point); the balanced ones do not."""
    situation = {s: briefing_for("sixty_five", {"scenario": s}).situation for s in TITLES}
    assert "odds lean to the Viet Cong" in situation["1"]
    assert "odds are with the camp" in situation["5"]
    assert "odds are with the ambush" in situation["6"]
    assert "hard task for the Americans" in situation["7"]
    assert "odds are with the Americans" in situation["8"]
    for s in ("2", "3", "4"):
        assert "odds" not in situation[s], s
