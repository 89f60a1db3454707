"""'65 designed data: the deck, the blocks, the counters, and bad files named clearly."""

from __future__ import annotations

import shutil
from collections import Counter as Tally
from pathlib import Path

import pytest

from game.core.errors import DataError
from game.rules.sixty_five.data import DATA_DIR, BlockKind, HitColour, SixtyFiveData, load_data

DATA = load_data()


def test_65_1c_the_deck_has_54_cards_five_of_them_end_turn() -> None:
    """'65 1c: 54 playing cards; ours hold 49 with two action blocks and 5 End Turn cards
    (enough for the largest End Turn count of any scenario, four)."""
    assert len(DATA.cards) == 54
    assert sum(c.end_turn for c in DATA.cards) == 5
    assert all(len(c.blocks) == 2 for c in DATA.cards if not c.end_turn)


def test_65_3a_block_kinds_have_the_designed_counts() -> None:
    """'65 3a: green action, yellow support and red reaction blocks: 71, 17 and 10 of the
    98 blocks; Fire is the commonest (13), then Move (11)."""
    kinds = Tally(DATA.blocks[b].kind for c in DATA.cards for b in c.blocks)
    assert kinds == {BlockKind.ACTION: 71, BlockKind.SUPPORT: 17, BlockKind.REACTION: 10}
    names = Tally(b for c in DATA.cards for b in c.blocks)
    assert names["fire"] == 13 and names["move"] == 11
    # every block the rules name is in the deck; the Kickstarter ones only in theirs (18 r-y)
    assert set(names) == set(DATA.blocks) - set(DATA.kickstarter_blocks)
    kick = {b for c in DATA.kickstarter_cards for b in c.blocks}
    assert set(DATA.kickstarter_blocks) <= kick


def test_65_3c_targeting_numbers_run_from_minus_2_to_10_with_four_misses() -> None:
    """'65 3c: TN -2 to 10, or Miss; the designed distribution peaks at 4 and 5."""
    tns = Tally(c.tn for c in DATA.cards)
    assert tns["miss"] == 4
    assert min(t for t in tns if t != "miss") == -2 and max(t for t in tns if t != "miss") == 10
    assert tns[4] == tns[5] == 6
    at_least_4 = sum(1 for c in DATA.cards if c.tn != "miss" and c.tn >= 4)
    assert at_least_4 == 30  # P(TN >= 4) = 30/54, as the docs state
    assert sum(c.power for c in DATA.cards) == 12


def test_65_10c_hit_probabilities_are_the_documented_ones() -> None:
    """'65 10c: Fire-type actions hit on green (22 of 54 = 40.7%); Move & Fire and
    Assault hit on yellow or red (13 of 54 = 24.1%). These numbers are in the docs."""
    assert DATA.hit_probability((HitColour.GREEN,)) == pytest.approx(22 / 54)
    assert DATA.hit_probability((HitColour.YELLOW, HitColour.RED)) == pytest.approx(13 / 54)
    assert DATA.blocks["fire"].hits_on == (HitColour.GREEN,)
    assert DATA.blocks["move_and_fire"].hits_on == (HitColour.YELLOW, HitColour.RED)


def test_65_units_carry_the_numbers_the_seed_gives() -> None:
    """'65 10c examples: US Rifle HEF 2 with the 40mm power; VC Rifle MF 3; M60 has
    Suppression (21g); infantry have two steps and no Armor Factor (2c)."""
    rifle = DATA.units["us_rifle"]
    assert rifle.hef == 2 and "p40mm" in rifle.powers and rifle.soft and rifle.steps == 2
    assert DATA.units["vc_rifle"].mf == 3
    assert "suppression" in DATA.units["us_m60"].abilities


def _copy(tmp_path: Path) -> Path:
    for name in ("cards", "blocks", "units", "rules", "terrain"):
        shutil.copy(DATA_DIR / f"{name}.yaml", tmp_path / f"{name}.yaml")
    return tmp_path


def test_a_bad_card_names_the_file_and_key_path(tmp_path: Path) -> None:
    path = _copy(tmp_path) / "cards.yaml"
    path.write_text(path.read_text().replace("tn: 8,", "tn: 11,", 1))
    with pytest.raises(DataError) as err:
        SixtyFiveData(tmp_path)
    assert str(path) in str(err.value) and "cards.2.tn" in str(err.value)
    assert "-2 to 10" in str(err.value)


def test_an_unknown_block_on_a_card_is_named(tmp_path: Path) -> None:
    path = _copy(tmp_path) / "cards.yaml"
    path.write_text(path.read_text().replace("upper: fire,", "upper: fier,", 1))
    with pytest.raises(DataError, match=r"cards\[0\]\.upper: unknown action block 'fier'"):
        SixtyFiveData(tmp_path)


def test_an_unknown_ability_on_a_unit_is_named(tmp_path: Path) -> None:
    path = _copy(tmp_path) / "units.yaml"
    path.write_text(
        path.read_text().replace("abilities: [suppression],", "abilities: [supress],", 1)
    )
    with pytest.raises(DataError, match=r"units\[1\]\.abilities\[0\]: unknown ability"):
        SixtyFiveData(tmp_path)
