"""RatFight data: a broken scenario file is a DataError naming the file, the key path
and what was expected (never a traceback); the shipped file is not touched."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core.errors import DataError
from game.rules.ratfight.data import SCENARIO_DIR, load_scenario_file


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    text = (SCENARIO_DIR / "farm_raid.yaml").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "farm_raid.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_ratfight_data_unknown_unit_names_file_key_path_and_known_units(tmp_path: Path) -> None:
    path = _broken(tmp_path, "unit: officer", "unit: wizard")
    with pytest.raises(DataError) as err:
        load_scenario_file(path)
    text = str(err.value)
    assert (
        "farm_raid.yaml" in text and "sides.0.forces.0.models.0.unit" in text and "wizard" in text
    )


def test_ratfight_data_bad_number_names_key_path_and_expectation(tmp_path: Path) -> None:
    path = _broken(tmp_path, "leader: 2", "leader: many")
    with pytest.raises(DataError) as err:
        load_scenario_file(path)
    text = str(err.value)
    assert (
        "farm_raid.yaml" in text
        and "sides.0.forces.0.models.0.leader" in text
        and "Input should be" in text
    )


def test_ratfight_data_duplicate_model_id_is_named(tmp_path: Path) -> None:
    path = _broken(tmp_path, "{id: r2,", "{id: r1,")
    with pytest.raises(DataError) as err:
        load_scenario_file(path)
    assert "'r1' is used twice" in str(err.value)
