"""5.56mm scenarios: the shipped ones load and play to an end; a broken scenario file
gets an error naming the file, the key path and what was expected (2.3 card colours,
Elite's two cards, one leader)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.errors import DataError, InvalidAction
from game.core.rng import Rng
from game.rules.five_five_six.catalog import catalog
from game.rules.five_five_six.ruleset import FiveFiveSix
from game.rules.five_five_six.scenarios.scenarios import SCENARIO_FILE, load_scenarios, scenario_ids


def _write(tmp_path: Path, mutate: object) -> Path:
    data = yaml.safe_load(SCENARIO_FILE.read_text(encoding="utf-8"))
    mutate(data)  # type: ignore[operator]
    path = tmp_path / "scenarios.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return path


def test_six_scenarios_on_five_maps() -> None:
    """Five scenarios on their own maps; the technical variant of the convoy ambush
    (the 12.8 Jeep) plays on the convoy's road."""
    shipped = load_scenarios()
    assert set(shipped) == {
        "crash_site",
        "village_cache",
        "night_outpost",
        "convoy_ambush",
        "convoy_technical",
        "insertion",
    }
    assert len({s.map for s in shipped.values()}) == 5
    assert shipped["convoy_technical"].map == shipped["convoy_ambush"].map
    assert any(s.jokers for s in shipped.values())


def test_11_2_crash_site_fields_the_sample_squad() -> None:
    """5.56mm 11.2: the Rangers of Crash Site are the sample random squad, profile for
    profile (cards, abilities, skills, weapons) as the data helper's samples.yaml."""
    rangers = {c.id: c for c in load_scenarios()["crash_site"].sides[0].characters}
    sample = yaml.safe_load((SCENARIO_FILE.parent / "samples.yaml").read_text(encoding="utf-8"))
    for member in sample["squads"]["sample_11_2"]["members"]:
        mine = rangers[member["id"]]
        assert list(mine.cards) == member["cards"]
        abilities = member["abilities"]
        assert (mine.movement, mine.weapons, mine.strength, mine.morale) == (
            abilities["movement"],
            abilities["weapons"],
            abilities["strength"],
            abilities["morale"],
        )
        assert list(mine.skills) == member.get("skills", [])
        assert set(mine.gear) == set(member["weapons"]) | set(member.get("equipment", []))


def test_every_item_carried_is_in_the_catalogue() -> None:
    cat = catalog()
    for scenario in load_scenarios().values():
        for side in scenario.sides:
            for entry in side.characters:
                for item in entry.gear:
                    assert cat.item_kind(item) is not None or item in cat.equipment, item
                for skill in entry.skills:
                    assert skill in cat.skills


def test_2_3_a_red_card_in_the_black_squad_is_refused(tmp_path: Path) -> None:
    def mutate(data: dict) -> None:  # type: ignore[type-arg]
        data["scenarios"][0]["sides"][0]["characters"][1]["cards"] = ["2H"]

    path = _write(tmp_path, mutate)
    with pytest.raises(DataError) as err:
        load_scenarios(path)
    text = str(err.value)
    assert str(path) in text and "scenarios.0.sides.0" in text and "black" in text


def test_2_3_an_elite_character_needs_two_cards(tmp_path: Path) -> None:
    def mutate(data: dict) -> None:  # type: ignore[type-arg]
        data["scenarios"][1]["sides"][0]["characters"][0]["cards"] = ["KS"]

    with pytest.raises(DataError, match="Elite character has two cards"):
        load_scenarios(_write(tmp_path, mutate))


def test_a_missing_map_and_a_bad_ability_name_their_key_path(tmp_path: Path) -> None:
    def no_map(data: dict) -> None:  # type: ignore[type-arg]
        data["scenarios"][2]["map"] = "nowhere.tmx"

    with pytest.raises(DataError, match=r"scenarios\.2\.map: expected a map"):
        load_scenarios(_write(tmp_path, no_map))

    def bad_ability(data: dict) -> None:  # type: ignore[type-arg]
        data["scenarios"][0]["sides"][1]["characters"][0]["weapons"] = 5

    with pytest.raises(DataError, match=r"scenarios\.0\.sides\.1\.characters\.0\.weapons"):
        load_scenarios(_write(tmp_path, bad_ability))


def test_an_unknown_scenario_option_is_refused() -> None:
    with pytest.raises(InvalidAction, match="expected one of"):
        FiveFiveSix().new_game(1, {"scenario": "nowhere"})


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 100_000), which=st.sampled_from(sorted(scenario_ids())))
def test_random_games_play_to_an_end(seed: int, which: str) -> None:
    """Every scenario plays from start to end with random actions, each one accepted by
    ``why_not``, until a side wins by the scenario's conditions."""
    state = FiveFiveSix().new_game(seed, {"scenario": which})
    pick = Rng(seed)
    for _ in range(4_000):
        if state.outcome() is not None:
            break
        candidates = state.candidate_actions()
        assert candidates
        action = pick.choice(candidates)
        assert state.why_not(action) is None
        state.apply(action)
    outcome = state.outcome()
    assert outcome is not None and outcome.reason
    assert state.current_player() is None and not state.candidate_actions()
