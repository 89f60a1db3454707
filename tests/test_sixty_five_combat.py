"""'65 ranged combat against soft targets (10), hits (10c) and line of sight (14)."""

from __future__ import annotations

from sixty_five_support import DATA, card_with, drawing, field, unit

from game.rules.sixty_five.combat.ranged import damage_draw, fire_refusal, plan_fire
from game.rules.sixty_five.data import HitColour, Marker
from game.rules.sixty_five.model import HitResult, movement_points

RULES = DATA.rules
GREEN = (HitColour.GREEN,)


def example_map():  # type: ignore[no-untyped-def]
    """Combat examples 1 and 2: Americans in C3, brush in D3, a VC Rifle in clear E3
    (range 2) and two in kunai F3 (range 3)."""
    f = field({"1D3": "brush", "1F3": "kunai"})
    us1, us2 = unit("us1", "us_rifle", 0, "1C3"), unit("us2", "us_rifle", 0, "1C3")
    vc_e3 = unit("vc1", "vc_rifle", 1, "1E3")
    vc_f3, vc_f3b = unit("vc2", "vc_rifle", 1, "1F3"), unit("vc3", "vc_rifle", 1, "1F3")
    return f, [us1, us2, vc_e3, vc_f3, vc_f3b]


def test_65_10b1_range_counts_the_target_hex_not_the_firer() -> None:
    """'65 10b1: the range from 3E2 to 3E4 is 2."""
    assert field().distance("1E2", "1E4") == 2


def test_65_10c_combat_example_1_kunai_cover_leaves_one_card() -> None:
    """'65 10c combat example 1: one US Rifle (HEF 2) fires at a VC Rifle in kunai (CF 1)
    at range 3; the brush in D3 does not block LOS; the Damage Draw is 1 card."""
    f, units = example_map()
    us1, _, _, vc_f3, _ = units
    assert fire_refusal(f, RULES, us1, [], vc_f3, units) is None
    plan = plan_fire(f, RULES, us1, [], vc_f3, units)
    assert (plan.lead_hef, plan.range_modifier, plan.cover_factor) == (2, 0, 1)
    assert plan.damage_draw == 1 and not plan.aborted


def test_65_10c_combat_example_2_40mm_and_range_2_draw_four() -> None:
    """'65 10c combat example 2: the 40mm power (+1) and range 2 (+1) against the VC
    Rifle in clear E3 (CF 0): HEF 2 + 2 = a Damage Draw of 4 cards."""
    f, units = example_map()
    us1, _, vc_e3, _, _ = units
    plan = plan_fire(f, RULES, us1, [], vc_e3, units, card_bonus=1)
    assert (plan.range, plan.range_modifier, plan.cover_factor) == (2, 1, 0)
    assert plan.damage_draw == 4


def test_65_10d2_multiple_attackers_add_only_printed_hef() -> None:
    """'65 10d2 example: the second Rifle adds its base HEF 2 (not its range bonus, not
    the power): 6 cards."""
    f, units = example_map()
    us1, us2, vc_e3, _, _ = units
    plan = plan_fire(f, RULES, us1, [us2], vc_e3, units, card_bonus=1)
    assert plan.supporting_hef == 2 and plan.damage_draw == 6


def test_65_10b3_an_attack_at_zero_or_less_is_aborted() -> None:
    """'65 10b3: HEF 1 against CF 1 is an aborted attack."""
    f, units = example_map()
    law = unit("law", "us_law", 0, "1C3")
    plan = plan_fire(f, RULES, law, [], units[3], [*units, law])
    assert plan.damage_draw == 0 and plan.aborted


def test_65_10c_three_hits_eliminate_and_the_fourth_card_is_not_drawn() -> None:
    """'65 10c: Shaken, reduced, eliminated; "if it took 3 hits in the first 3 cards ...
    the 4th card would not be drawn"."""
    target = unit("vc1", "vc_rifle", 1, "1E3")
    hit = card_with(hit=HitColour.GREEN)
    drawn = damage_draw(4, GREEN, target, drawing([hit, hit, hit, hit]))
    assert [d.result for d in drawn] == [
        HitResult.SHAKEN,
        HitResult.REDUCED,
        HitResult.ELIMINATED,
    ]
    assert target.eliminated


def test_65_10c_only_the_right_colour_hits() -> None:
    """'65 10c: a Fire action hits on green only; Move & Fire on yellow or red."""
    target = unit("vc1", "vc_rifle", 1, "1E3")
    cards = [card_with(hit=HitColour.YELLOW), card_with(hit=None), card_with(hit=HitColour.RED)]
    assert not any(d.hit for d in damage_draw(3, GREEN, target, drawing(cards)))
    assert not target.shaken
    both = (HitColour.YELLOW, HitColour.RED)
    assert sum(d.hit for d in damage_draw(3, both, target, drawing(cards))) == 2


def test_65_10c_shaken_halves_mf_after_fast_move() -> None:
    """'65 10c: a Shaken VC Rifle on Fast Move has (3 + 1) / 2 = 2 MF; 18j: Move & Fire
    halves rounding up (MF 3 -> 2)."""
    rifle = unit("vc1", "vc_rifle", 1, "1E3", shaken=True)
    assert movement_points(rifle, bonus=1) == 2
    assert movement_points(rifle, bonus=1, shaken=False) == 4
    assert movement_points(rifle, half=True, shaken=False) == 2


def test_65_10c_a_shaken_unit_cannot_fire() -> None:
    f, units = example_map()
    units[0].shaken = True
    assert "Shaken" in (fire_refusal(f, RULES, units[0], [], units[2], units) or "")


def test_65_4c_a_unit_marked_fired_is_not_eligible() -> None:
    f, units = example_map()
    units[0].marker = Marker.FIRED
    assert "4c" in (fire_refusal(f, RULES, units[0], [], units[2], units) or "")


def test_65_10d1_a_hero_sharing_a_hex_cannot_be_targeted() -> None:
    """'65 10d1: heroes cannot be targeted by direct fire when another unit is in the hex."""
    f, units = example_map()
    phan = unit("phan", "phan", 1, "1F3")
    everyone = [*units[:3], units[3], phan]
    assert "10d1" in (fire_refusal(f, RULES, units[0], [], phan, everyone) or "")
    units[3].hex = "1G3"
    assert fire_refusal(f, RULES, units[0], [], phan, everyone) is None


def test_65_10d3_moving_target_bonus_unless_brush_or_paddy() -> None:
    """'65 10d3: +1 HEF against a unit marked Moved; brush and paddy negate it."""
    f = field({"1E3": "brush"})
    us = unit("us1", "us_rifle", 0, "1C3")
    in_clear = unit("vc1", "vc_rifle", 1, "1E4", marker=Marker.MOVED)
    in_brush = unit("vc2", "vc_rifle", 1, "1E3", marker=Marker.MOVED)
    units = [us, in_clear, in_brush]
    assert plan_fire(f, RULES, us, [], in_clear, units).moving_target == 1
    assert plan_fire(f, RULES, us, [], in_brush, units).moving_target == 0


def test_65_10a_no_fire_out_of_a_hex_shared_with_an_enemy() -> None:
    f, units = example_map()
    intruder = unit("vc9", "vc_sapper", 1, "1C3")
    assert "10a" in (fire_refusal(f, RULES, units[0], [], units[2], [*units, intruder]) or "")


def test_65_14_los_blocking_and_two_degrading_hexes() -> None:
    """'65 14: a jungle hex between blocks; one brush hex does not, two do; adjacent
    hexes always see each other; the target's own hex never counts. C3 to E3 runs along
    the edge of D2 and D3: blocked only when both block (c-f and d-f of the LOS figure)."""
    assert not field({"1D3": "jungle"}).los("1C3", "1F3")
    assert field({"1D3": "brush"}).los("1C3", "1F3")
    assert field({"1D3": "jungle"}).los("1C3", "1E3")
    assert not field({"1D3": "jungle", "1D2": "kunai"}).los("1C3", "1E3")
    assert not field({"1D3": "brush", "1E3": "brush"}).los("1C3", "1F3")
    assert field({"1D3": "jungle"}).los("1C3", "1D3")
    assert field({"1E3": "jungle"}).los("1C3", "1E3")


def test_65_21g_a_sniper_ignores_range_and_cover() -> None:
    """'65 21g: a Sniper firing alone has no range modifier and the target no CF."""
    f, units = example_map()
    minh = unit("minh", "minh", 0, "1C3")
    plan = plan_fire(f, RULES, minh, [], units[3], [*units, minh])
    assert (plan.range_modifier, plan.cover_factor, plan.damage_draw) == (0, 0, 2)


def test_65_22f_smoke_blocks_los_covers_and_hinders_fire() -> None:
    """'65 22f: Smoke is blocking terrain; units in it get +1 CF; units firing out of it
    lose 1 HEF."""
    f, units = example_map()
    us1, _, vc_e3, vc_f3, _ = units
    f.smoke["1D3"] = 2
    assert not f.los("1C3", "1F3")  # D3 lies on the line C3-F3
    f.smoke.clear()
    f.smoke["1E3"] = 2
    assert plan_fire(f, RULES, us1, [], vc_e3, units).cover_factor == 1
    f.smoke.clear()
    f.smoke["1C3"] = 2
    plan = plan_fire(f, RULES, us1, [], vc_e3, units)
    assert plan.smoke == 1 and plan.damage_draw == 2 + 1 - 1


def test_65_18g_flanking_fire_one_unit_from_another_hex_and_the_flank_bonus() -> None:
    """'65 18g: the lead's hex plus one unit from a different hex combine; fire entering
    the target's hex by different sides gets +1; plain Fire takes no other hex (10d2)."""
    f = field()
    lead, other = unit("a", "us_rifle", 0, "1A3"), unit("b", "us_rifle", 0, "1G3")
    same_side = unit("c", "us_rifle", 0, "1B3")
    target = unit("vc", "vc_rifle", 1, "1D3")
    units = [lead, other, same_side, target]
    assert "10d2" in (fire_refusal(f, RULES, lead, [other], target, units) or "")
    assert fire_refusal(f, RULES, lead, [other], target, units, flanking=True) is None
    assert f.entry_sides("1A3", "1D3") == {"1C3"} and f.entry_sides("1G3", "1D3") == {"1E3"}
    flank = plan_fire(f, RULES, lead, [other], target, units, flanking=True)
    assert flank.card_bonus == 1 and flank.supporting_hef == 2
    # from B3 the fire enters by C3 too: same side, no bonus
    same = plan_fire(f, RULES, lead, [same_side], target, units, flanking=True)
    assert same.card_bonus == 0
    extra = unit("d", "us_rifle", 0, "1D5")
    assert "only one" in (
        fire_refusal(f, RULES, lead, [other, extra], target, [*units, extra], flanking=True) or ""
    )


def test_65_21d_inspirational_lets_one_adjacent_unit_join() -> None:
    """'65 21d: with an unshaken Inspirational unit (Black) in the firing hex, one unit in
    an adjacent hex may join the fire; not when Black is Shaken."""
    f = field()
    lead, black = unit("a", "us_rifle", 0, "1A3"), unit("black", "black", 0, "1A3")
    near, far = unit("n", "us_rifle", 0, "1B3"), unit("f", "us_rifle", 0, "1A5")
    target = unit("vc", "vc_rifle", 1, "1D3")
    units = [lead, black, near, far, target]
    assert fire_refusal(f, RULES, lead, [near], target, units) is None
    assert "21d" in (fire_refusal(f, RULES, lead, [far], target, units) or "")
    black.shaken = True
    assert "10d2" in (fire_refusal(f, RULES, lead, [near], target, units) or "")
