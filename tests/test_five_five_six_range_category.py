"""``range_category`` (asked for every Fire candidate) answers as ``read_range``'s
category for every weapon's and every round's range bands, at any distance (3.23/7.0)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.five_five_six.catalog import RangeBands, catalog
from game.rules.five_five_six.combat.weapons import range_category, read_range

BANDS: list[RangeBands] = [
    bands
    for weapon in catalog().weapons.firearms.values()
    for bands in (weapon.ranges, *(r.ranges for r in weapon.rounds.values()))
]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(BANDS), st.one_of(st.floats(0, 400), st.integers(0, 400).map(float)))
def test_prop_range_category_is_read_ranges_category(bands: RangeBands, distance: float) -> None:
    assert range_category(bands, distance) == read_range(bands, distance).category


def test_every_band_start_and_the_maximum_read_alike() -> None:
    for bands in BANDS:
        for _category, start in bands.bands():
            for d in (start - 0.01, start, start + 0.01, bands.max_in, bands.max_in + 0.01):
                if d >= 0:
                    assert range_category(bands, d) == read_range(bands, d).category
