"""5.56mm 6.2 night fighting: 6.21 light levels and what they change, with night vision
goggles (8.01), a night vision sight (8.02) and a thermal imaging sight (8.0)."""

from __future__ import annotations

import pytest

from game.rules.five_five_six.checks import Modifier
from game.rules.five_five_six.terrain.night import light_from_roll, light_modifiers, night_spotting


def test_6_21_light_level_by_d6() -> None:
    """5.56mm 6.21: 1-2 No Light, 3-4 Low Light, 5-6 Full Light."""
    assert [light_from_roll(r) for r in range(1, 7)] == [
        "none",
        "none",
        "low",
        "low",
        "full",
        "full",
    ]
    with pytest.raises(ValueError):
        light_from_roll(7)


def test_6_2_penalties_on_every_action() -> None:
    """5.56mm 6.2: No Light +2 TN, Low Light +1, Full Light nothing."""
    assert light_modifiers("none") == (Modifier("No Light", 2),)
    assert light_modifiers("low") == (Modifier("Low Light", 1),)
    assert light_modifiers("full") == ()


def test_8_01_goggles() -> None:
    """5.56mm 8.01: goggles cancel Low Light's +1; in No Light the +2 becomes +0 to 10",
    +1 to 25", +2 beyond (boundaries in the nearer row, R2)."""
    assert light_modifiers("low", goggles=True) == ()
    assert light_modifiers("none", goggles=True, distance_in=5.0) == ()
    assert light_modifiers("none", goggles=True, distance_in=10.0) == ()
    assert light_modifiers("none", goggles=True, distance_in=10.5) == (Modifier("No Light", 1),)
    assert light_modifiers("none", goggles=True, distance_in=25.0) == (Modifier("No Light", 1),)
    assert light_modifiers("none", goggles=True, distance_in=30.0) == (Modifier("No Light", 2),)
    assert light_modifiers("none", goggles=True) == ()


def test_8_02_night_vision_sight_for_fire_only() -> None:
    """5.56mm 8.02: on a weapon, for Fire: +0 to 20", +1 to 40", +2 beyond."""
    assert light_modifiers("none", fire_with_night_sight=True, distance_in=20.0) == ()
    assert light_modifiers("none", fire_with_night_sight=True, distance_in=25.0) == (
        Modifier("No Light", 1),
    )
    assert light_modifiers("none", distance_in=15.0) == (Modifier("No Light", 2),)


def test_8_0_thermal_sight_no_penalty_no_spotting_for_fire() -> None:
    """5.56mm 8.0: a thermal sight: no No Light penalty and no spotting roll to Fire;
    Low Light is as the item's data says (unchanged: +1, and the spotting roll)."""
    assert light_modifiers("none", fire_with_thermal=True, distance_in=30.0) == ()
    assert light_modifiers("low", fire_with_thermal=True) == (Modifier("Low Light", 1),)
    assert night_spotting("low", target_hiding=False, fire_with_thermal=True) is not None
    assert night_spotting("none", target_hiding=True, fire_with_thermal=True) is None


def test_6_2_spotting_at_night() -> None:
    """5.56mm 6.2: No Light: spot as if Hiding (4.24), twice against a Hiding enemy; Low
    Light: spot on the Fire table (3.21, Interpretation R13); goggles +1 to that roll."""
    assert night_spotting("full", target_hiding=False) is None
    none = night_spotting("none", target_hiding=False)
    assert none is not None and (none.table, none.rolls) == ("hide", 1)
    twice = night_spotting("none", target_hiding=True)
    assert twice is not None and twice.rolls == 2
    low = night_spotting("low", target_hiding=False)
    assert low is not None and (low.table, low.rolls, low.roll_bonus) == ("fire", 1, 0)
    goggles = night_spotting("low", target_hiding=False, goggles=True)
    assert goggles is not None and goggles.roll_modifiers() == (
        Modifier("Night vision goggles", 1),
    )
    assert night_spotting("low", target_hiding=True) is not None
    dark_goggles = night_spotting("none", target_hiding=False, goggles=True)
    assert dark_goggles is not None and (dark_goggles.table, dark_goggles.roll_bonus) == ("hide", 0)
    assert night_spotting("none", target_hiding=False, fire_with_thermal=True) is None
