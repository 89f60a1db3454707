"""5.56mm 4.2 Hide (4.22-4.25) and 3.3 Stealth."""

from __future__ import annotations

import pytest

from game.rules.five_five_six.checks import Modifier
from game.rules.five_five_six.combat.fire import FireSituation, fire_tn, spotting_check
from game.rules.five_five_six.movement.hide import (
    hide_check,
    hide_distance,
    hide_spotting_tn,
    hide_status,
)


def test_4_22_hide_tn_by_ground() -> None:
    """5.56mm 4.22: even ground 3; light undergrowth, brush 4; light rubble, dense
    undergrowth 5; dense rubble, obstacles 6; rolled with Movement."""
    expected = {
        "even": 3,
        "light_undergrowth": 4,
        "brush": 4,
        "light_rubble": 5,
        "dense_undergrowth": 5,
        "dense_rubble": 6,
        "obstacles": 6,
    }
    assert {g: hide_check(g, 0).tn.value for g in expected} == expected
    assert hide_check("brush", 2).bonuses == (Modifier("Movement", 2),)
    with pytest.raises(ValueError):
        hide_check("sky", 0)


def test_4_23_hide_distance_by_margin() -> None:
    """5.56mm 4.23: +0 1", +1 2", +2 3", +3 or more 4"; a failure stays put (0")."""
    assert [hide_distance(m) for m in (-2, -1, 0, 1, 2, 3, 5)] == [0, 0, 1, 2, 3, 4, 4]


def test_4_2_a_clear_view_or_less_than_an_inch_only_gives_stealth() -> None:
    """5.56mm 4.2: a completely unobstructed line of sight, or an enemy within 1", leaves
    only the Stealth benefit."""
    assert hide_status(1.0, 10.0) == "stealth_only"
    assert hide_status(0.9, 0.5) == "stealth_only"
    assert hide_status(0.9, 1.0) == "hidden"
    assert hide_status(0.99, 6.0) == "hidden"


def test_4_24_and_4_25_spotting_a_hiding_character() -> None:
    """5.56mm 4.24: 1"-2" TN 3, 2"-4" 4, 4"-8" 5, 8"-16" 6, 16"-32" 7, 32"+ 8; 4.25:
    partial +1, full +2; rolled with Morale. Boundaries: nearer row (R2)."""
    expected = {0.5: 3, 1.5: 3, 2.0: 3, 2.01: 4, 5.0: 5, 10.0: 6, 20.0: 7, 32.0: 7, 40.0: 8}
    assert {d: hide_spotting_tn(d).value for d in expected} == expected
    assert hide_spotting_tn(10.0, "partial").value == 7
    assert hide_spotting_tn(10.0, "full").value == 8
    check = spotting_check(hide_spotting_tn(10.0, "full"), 2)
    assert check.bonuses == (Modifier("Morale", 2),)


def test_4_2_a_spotted_hiding_character_is_fired_at_with_plus_1_and_concealment() -> None:
    """5.56mm 4.2: once spotted he is still +1 for Hiding, plus +1 or +2 concealment."""
    tn = fire_tn("medium", FireSituation(target_hiding=True, concealment="full"))
    assert tn.value == 4 + 1 + 2


def test_3_3_stealth_is_plus_one_to_fire_and_to_spot() -> None:
    """5.56mm 3.3: Stealth is the equivalent of partial concealment: +1 to the firer's TN
    (and +1 to the spotting TN, 3.22)."""
    assert fire_tn("short", FireSituation(target_stealth=True)).value == 4
