"""5.56mm grenades (3.2 throw, 3.26/3.27 scatter, throw-back, 7.81-7.87) and heavy
weapons (7.91/7.92). Blast tables are weapon data (f556-data); the seed's tables are
written out here to check the rules that read them."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rules.five_five_six.checks import Modifier
from game.rules.five_five_six.combat.grenades import (
    GAS_TN_PENALTY,
    blast_bonus,
    blast_damage,
    explodes_in_hand,
    gas_contest,
    gas_radius_in,
    gas_recovery_check,
    landing_point,
    m203_armed,
    pick_up_check,
    roll_scatter,
    scatter,
    scatter_dice,
    stun_actions_lost,
    stun_contest,
    throw_check,
    throw_scatter,
    white_phosphorus_burns_again,
    why_not_throw_back,
    why_not_throw_back_at,
)
from game.rules.five_five_six.combat.heavy import rocket_damage
from game.rules.five_five_six.combat.injury import Wound, wound_from_margin
from game.rules.five_five_six.schema import distance_table

FRAG_781 = distance_table((1.0, 6), (2.0, 4), (3.0, 2))
STUN_782 = distance_table((1.0, 6), (2.0, 4), (3.0, 2))
CS_784 = distance_table((1.0, 4), (2.0, 2), (3.0, 1), (4.0, 0))
WP_786 = distance_table((1.0, 4), (2.0, 2), (3.0, 1), (4.0, 0))
WP_787 = distance_table((1.0, 2), (2.0, 1), (3.0, 0), (4.0, None))
LAW_791 = distance_table((1.0, 8), (2.0, 6), (3.0, 4), (4.0, 2))
RPG_792 = distance_table((1.0, 7), (2.0, 5), (3.0, 3), (4.0, 1))


def test_3_2_grenade_throw_is_strength_against_the_range_tn() -> None:
    """5.56mm 3.2: a grenade is thrown at a point: D6 + Strength against the range TN;
    holding on adds +1 (3.24)."""
    check = throw_check("medium", 1)
    assert check.tn.value == 4 and check.bonuses == (Modifier("Strength", 1),)
    held = throw_check("medium", 1, holding_on=True)
    assert held.tn.modifiers == (Modifier("Holding on to the grenade", 1),)
    result = check.resolve(3)
    assert result.success and throw_scatter(result, 6, 6) is None


def test_3_26_scatter_distance_by_how_far_the_throw_missed() -> None:
    """5.56mm 3.26: -1 D3", -2 D6", -3 or worse D6+1"."""
    assert scatter_dice(0) is None
    assert scatter_dice(-1) == (3, 0)
    assert scatter_dice(-2) == (6, 0)
    assert scatter_dice(-3) == scatter_dice(-5) == (6, 1)
    one = scatter(-1, 6, 3)
    assert one is not None and one.distance_in == 3
    two = scatter(-2, 5, 3)
    assert two is not None and two.distance_in == 5
    three = scatter(-4, 5, 3)
    assert three is not None and three.distance_in == 6


def test_3_27_scatter_direction() -> None:
    """5.56mm 3.27: 1 90 degrees left, 2 45 left, 3 short, 4 long, 5 45 right, 6 90 right."""
    offsets = {face: scatter(-2, 4, face).offset_deg for face in range(1, 7)}  # type: ignore[union-attr]
    assert offsets == {1: -90.0, 2: -45.0, 3: 180.0, 4: 0.0, 5: 45.0, 6: 90.0}


def test_3_27_landing_points_on_the_table() -> None:
    """5.56mm 3.27 on the table (y grows downward, facings clockwise): thrown east from
    (0, 0) at (1000, 0): long lands beyond, short before, 90 left is to the north."""
    thrower, target = (0, 0), (1000, 0)
    assert landing_point(thrower, target, None) == target
    assert landing_point(thrower, target, scatter(-2, 2, 4)) == (1200, 0)
    assert landing_point(thrower, target, scatter(-2, 2, 3)) == (800, 0)
    assert landing_point(thrower, target, scatter(-2, 2, 1)) == (1000, -200)
    assert landing_point(thrower, target, scatter(-2, 2, 6)) == (1000, 200)


def test_3_2_throwing_back_a_live_grenade() -> None:
    """5.56mm 3.2: within 1", not yet had his go, never twice, not if held on; Morale TN
    4 to grab it; then a throw at Medium range or less."""
    assert why_not_throw_back(0.8, had_go=False, thrown_back_before=False, held_on=False) is None
    assert why_not_throw_back(1.2, had_go=False, thrown_back_before=False, held_on=False)
    assert why_not_throw_back(0.5, had_go=True, thrown_back_before=False, held_on=False)
    assert why_not_throw_back(0.5, had_go=False, thrown_back_before=True, held_on=False)
    assert why_not_throw_back(0.5, had_go=False, thrown_back_before=False, held_on=True)
    grab = pick_up_check(1)
    assert grab.tn.value == 4 and grab.bonuses == (Modifier("Morale", 1),)
    assert why_not_throw_back_at("medium") is None
    assert why_not_throw_back_at("long") is not None


def test_7_81_frag_damage_by_distance() -> None:
    """5.56mm 7.81: 0"-1" D6+6, 1"-2" D6+4, 2"-3" D6+2; a boundary takes the nearer row
    (Interpretation R3); beyond 3" nothing."""
    assert [blast_bonus(FRAG_781, d) for d in (0.0, 1.0, 1.5, 2.0, 3.0, 3.01)] == [
        6,
        6,
        4,
        4,
        2,
        None,
    ]
    contest = blast_damage(FRAG_781, 0.5, 1, name="Frag", armour=1)
    assert contest is not None
    assert contest.tn_bonuses == (Modifier("Frag", 6),)
    assert blast_damage(FRAG_781, 5.0, 1, name="Frag") is None
    with pytest.raises(ValueError):
        blast_bonus(FRAG_781, -1.0)


def test_7_83_stun_grenade_morale_results() -> None:
    """5.56mm 7.82/7.83: Morale against D6+6/+4/+2; -1 loses one action, -2 both."""
    contest = stun_contest(STUN_782, 1.5, 2)
    assert contest is not None and contest.tn_bonuses == (Modifier("Stun grenade", 4),)
    assert [stun_actions_lost(m) for m in (1, 0, -1, -2, -4)] == [0, 0, 1, 2, 2]
    assert stun_contest(STUN_782, 3.5, 2) is None


def test_7_84_cs_gas_and_the_respirator() -> None:
    """5.56mm 7.84: Strength against D6+4 ... D6 out to 4"; a respirator passes (8.0);
    out of the gas, retest the same TN with +1 per turn out."""
    contest = gas_contest(CS_784, 3.5, 1)
    assert contest is not None and contest.tn_bonuses == (Modifier("CS gas", 0),)
    assert gas_contest(CS_784, 0.5, 1, respirator=True) is None
    retry = gas_recovery_check(8, 1, 2)
    assert retry.tn.value == 8 and retry.bonus == 3


def test_7_86_and_7_87_white_phosphorus_burns_twice_unless_treated() -> None:
    """5.56mm 7.86/7.87: a second roll next turn on 7.87 unless treated that turn;
    nothing at 3"-4" on 7.87."""
    assert white_phosphorus_burns_again(WP_787, 0.5, treated=False)
    assert not white_phosphorus_burns_again(WP_787, 0.5, treated=True)
    assert not white_phosphorus_burns_again(WP_787, 3.5, treated=False)
    first = blast_damage(WP_786, 0.5, 1, name="White phosphorus")
    assert first is not None and first.tn_bonuses == (Modifier("White phosphorus", 4),)


def test_7_5_m203_arms_after_8_inches() -> None:
    """5.56mm 7.5: an M203 grenade does not explode under 8"."""
    assert not m203_armed(7.9)
    assert m203_armed(8.0)


def test_7_91_law_direct_hit_and_blast() -> None:
    """5.56mm 7.9/7.91: a direct hit takes the full Damage (LAW 12); others D6+8 ... D6+2
    by distance; a miss does nothing (Interpretation R12)."""
    direct = rocket_damage(
        hit=True, direct=True, distance_in=0.0, damage=12, table=LAW_791, strength=1
    )
    assert direct is not None and direct.tn_bonuses == (Modifier("Direct hit", 12),)
    near = rocket_damage(
        hit=True, direct=False, distance_in=1.5, damage=12, table=LAW_791, strength=1
    )
    assert near is not None and near.tn_bonuses == (Modifier("Blast", 6),)
    far = rocket_damage(
        hit=True, direct=False, distance_in=4.5, damage=12, table=LAW_791, strength=1
    )
    assert far is None
    miss = rocket_damage(
        hit=False, direct=True, distance_in=0.0, damage=12, table=LAW_791, strength=1
    )
    assert miss is None


def test_7_92_rpg_blast() -> None:
    """5.56mm 7.92: D6+7, +5, +3, +1 out to 4"."""
    bonuses = [blast_bonus(RPG_792, d) for d in (0.5, 1.5, 2.5, 3.5)]
    assert bonuses == [7, 5, 3, 1]
    contest = rocket_damage(
        hit=True, direct=False, distance_in=3.5, damage=10, table=RPG_792, strength=0
    )
    assert contest is not None
    result = contest.resolve(tn_roll=6, roll=1)
    assert result.margin == -6 and wound_from_margin(result.margin) is Wound.DEAD


@given(st.integers(-8, -1), st.integers(1, 6), st.integers(1, 6))
def test_scatter_distance_stays_in_its_range(margin: int, dist: int, direction: int) -> None:
    """Invariant (3.26): D3 is 1-3", D6 1-6", D6+1 2-7"; the landing point is that far
    from the target."""
    result = scatter(margin, dist, direction)
    assert result is not None
    low, high = {-1: (1, 3), -2: (1, 6)}.get(margin, (2, 7))
    assert low <= result.distance_in <= high
    point = landing_point((0, 0), (500, 700), result)
    assert math.isclose(math.dist(point, (500, 700)), result.distance_in * 100, abs_tol=1.0)


def test_3_26_scatter_rolled_from_the_game_generator() -> None:
    """5.56mm 3.26/3.27: a missed throw rolls distance then direction from the game's Rng;
    a throw on target rolls nothing."""
    from game.core.rng import Rng

    rng = Rng(11)
    assert roll_scatter(0, rng) is None and rng.draws == 0
    result = roll_scatter(-3, rng)
    assert result is not None and 2 <= result.distance_in <= 7 and rng.draws == 2
    again = roll_scatter(-3, Rng(11))
    assert again == result


def test_3_2_a_fumbled_throw_back_explodes_in_hand() -> None:
    """5.56mm 3.2: missing the Morale roll, or then the throw's TN, the grenade explodes
    in the thrower's hand (no scatter)."""
    assert explodes_in_hand(-1)
    assert not explodes_in_hand(0)
    assert explodes_in_hand(0, -1)
    assert not explodes_in_hand(2, 0)


def test_7_84_gas_numbers_agree_with_the_grenade_data() -> None:
    """5.56mm 7.84: a gassed character is +2 TN as if wounded; the cloud catches anyone
    within 4" for the rest of the battle (the constant the state imports matches the
    CS gas grenade's data)."""
    from game.rules.five_five_six.catalog import catalog

    gas = catalog().grenades["cs_gas"].gas
    assert gas is not None
    assert GAS_TN_PENALTY == gas.tn_penalty == 2
    assert gas_radius_in() == 4.0
