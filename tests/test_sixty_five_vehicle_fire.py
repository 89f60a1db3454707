"""'65 vehicle combat (15, 12, 18c, 19a/d, 20a/b/d, 21c): the targeting draw, the armour
draw, exact odds, several AP attackers, First Fire and the vehicle cards."""

from __future__ import annotations

from collections import Counter as Tally
from fractions import Fraction
from itertools import permutations

from hypothesis import given, settings
from hypothesis import strategies as st
from sixty_five_support import DATA, card_with, drawing, field

from game.rules.sixty_five.data import CardFace, HitColour, Marker
from game.rules.sixty_five.model import Counter, HitResult
from game.rules.sixty_five.vehicles.data import load_vehicle_data
from game.rules.sixty_five.vehicles.fire import (
    ApShot,
    Armour,
    Shot,
    Targeting,
    aimed_shot_refusal,
    apply_shot,
    armour_result,
    artillery_armour_result,
    cannister_refusal,
    critical_hit_refusal,
    explain_ap_shot,
    first_fire_exchange,
    first_fire_marker,
    first_fire_refusal,
    glancing_shot_refusal,
    plan_penetration,
    plan_to_hit,
    resolve_ap_attacks,
    resolve_ap_shot,
    shot_odds,
    targeting_result,
    to_hit_chance,
)

V = load_vehicle_data()
R = V.rules


def face(
    cid: str,
    tn: int | str,
    apf: int | None = 0,
    *,
    word: str | None = None,
    note: str | None = None,
    hit: HitColour | None = None,
) -> CardFace:
    return CardFace.model_validate(
        {"id": cid, "upper": "fire", "lower": "move", "tn": tn, "tn_note": note,
         "apf": None if word else apf, "apf_word": word, "hit": hit}
    )  # fmt: skip


def test_65_15c_vehicle_example_pt76_on_m48_in_jungle() -> None:
    """'65 15c vehicle example: the PT-76 in J1 fires on the M-48 in H4 (jungle): range 4
    - TM 1 + CF 1 = to-hit 4; a drawn TN 4 hits; APF 2 + 1 within 4 hexes = 3; an APF
    bonus of -4 makes -1, less than the M-48's AF 4: no effect."""
    f = field({"1H4": "jungle"})
    pt76, m48 = V.units["nva_pt76"], V.units["us_m48"]
    assert pt76.tm is not None and pt76.apf is not None and m48.af is not None
    distance = f.distance("1J1", "1H4")
    to_hit = plan_to_hit(R, distance, pt76.tm, f.cover("1H4"))
    assert (distance, to_hit.number) == (4, 4)
    tn4, minus4 = card_with(tn=4, tn_note=None), card_with(apf=-4)
    assert targeting_result(tn4, to_hit.number) is Targeting.HIT
    pen = plan_penetration(R, pt76.apf, distance, m48.af)
    assert pen.modified_apf == 3 and pen.armour == 4
    assert armour_result(minus4, pen.modified_apf, pen.armour) is Armour.BOUNCED
    assert pen.modified_apf + (minus4.apf or 0) == -1
    result = resolve_ap_shot(ApShot(to_hit, pen), drawing([tn4, minus4]))
    assert result is not None and result.outcome is Shot.NO_EFFECT


def test_65_15b_the_chance_to_reach_to_hit_4_is_30_in_54() -> None:
    """'65 15b with the designed deck: P(TN >= 4) = 30/54 (docs/rules/sixty_five.md)."""
    assert to_hit_chance(DATA.cards, 4) == Fraction(30, 54)


def test_65_15a_to_hit_modifiers_are_named() -> None:
    """'65 15a: range - TM + CF; 19a Aimed Shot +2 TM; 18o Reload & Fire +1 TM; 20d
    Unexpected Cover acts as CF 2; 10d3 a moved vehicle is 1 easier to hit (not in
    brush or paddy, never a helicopter, 17c); 21c a lone Difficult Target 1 harder."""
    base = plan_to_hit(R, 5, 1, 1)
    assert base.number == 5
    assert plan_to_hit(R, 5, 1, 1, aimed_shot=True).number == 3
    assert plan_to_hit(R, 5, 1, 1, reload=True).number == 4
    assert plan_to_hit(R, 5, 1, 1, unexpected_cover=True).number == 7
    assert plan_to_hit(R, 5, 1, 1, moved=True).number == 4
    assert plan_to_hit(R, 5, 1, 1, moved=True, hides_movement=True).number == 5
    assert plan_to_hit(R, 5, 1, 1, moved=True, helicopter=True).number == 5
    assert plan_to_hit(R, 5, 1, 1, difficult=True).number == 6
    assert plan_to_hit(R, 5, -1, 0).number == 6  # a negative TM adds to the range
    assert base.numbers()["to_hit"] == 5


def test_65_3c_miss_mf_and_turret_on_the_targeting_card() -> None:
    """'65 3c, 15b: Miss always misses; MF misses a Move & Fire shot whatever the number;
    a Turret hit strikes the turret."""
    assert targeting_result(face("m", "miss"), -5) is Targeting.MISS_CARD
    mf = face("mf", 10, note="moving_fire")
    assert targeting_result(mf, 3, move_and_fire=True) is Targeting.MOVING_FIRE_MISS
    assert targeting_result(mf, 3) is Targeting.HIT
    assert targeting_result(face("t", 5, note="turret"), 5) is Targeting.TURRET_HIT
    assert targeting_result(face("low", 4), 5) is Targeting.MISS


def test_65_15b_a_turret_hit_adds_1_to_the_armour() -> None:
    """'65 15b: a Turret hit increases the AF by 1 for the armour draw: APF 3 + bonus 1
    destroys AF 4, not the turret's 5."""
    to_hit = plan_to_hit(R, 4, 1, 0)
    pen = plan_penetration(R, 2, 4, 4)
    plain = resolve_ap_shot(ApShot(to_hit, pen), drawing([face("a", 6), face("b", 9, 1)]))
    turret = resolve_ap_shot(
        ApShot(to_hit, pen), drawing([face("a", 6, note="turret"), face("b", 9, 1)])
    )
    assert plain is not None and plain.outcome is Shot.DESTROYED and plain.armour_value == 4
    assert turret is not None and turret.outcome is Shot.NO_EFFECT and turret.armour_value == 5
    heavier = ApShot(to_hit, pen, turret_armour=2)
    thick = resolve_ap_shot(heavier, drawing([face("a", 6, note="turret"), face("b", 9, 3)]))
    assert thick is not None and thick.armour_value == 6 and thick.outcome is Shot.DESTROYED


def test_65_15c_words_in_the_apf_block_decide_and_hit_is_ignored() -> None:
    """'65 15c: Shake! Shakes, Dud! does nothing, Destroy! destroys, whatever the numbers;
    a coloured Hit only concerns soft targets: the number beside it counts."""
    assert armour_result(face("s", 0, word="shake"), 99, 0) is Armour.SHAKEN
    assert armour_result(face("d", 0, word="dud"), 99, 0) is Armour.DUD
    assert armour_result(face("x", 0, word="destroy"), -99, 9) is Armour.DESTROY_CARD
    green = face("g", 0, -1, hit=HitColour.GREEN)
    assert armour_result(green, 4, 4) is Armour.BOUNCED
    assert armour_result(green, 5, 4) is Armour.DESTROYED  # equal to the AF destroys


def test_65_19d_critical_hit_and_20b_glancing_shot() -> None:
    """'65 19d: Critical Hit adds 2 to the APF; 20b: Glancing Shot takes 2 from the APF
    bonus draw."""
    pen = plan_penetration(R, 2, 6, 4, critical_hit=True)
    assert (pen.range_modifier, pen.critical_hit, pen.modified_apf) == (0, 2, 4)
    card = face("z", 0, 0)
    assert armour_result(card, pen.modified_apf, 4) is Armour.DESTROYED
    assert armour_result(card, pen.modified_apf, 4, glancing=R.glancing_shot_apf) is Armour.BOUNCED


def test_65_15d_flank_shot_on_m48_meets_armour_3() -> None:
    pen = plan_penetration(R, 2, 3, 4, flank=True)
    assert (pen.modified_apf, pen.armour) == (3, 3)


def test_65_15c_beyond_the_ap_range_table_there_is_no_shot() -> None:
    try:
        plan_penetration(R, 2, 13, 4)
    except ValueError as err:
        assert "AP range" in str(err)
    else:
        raise AssertionError("range 13 should be out of AP range")


def test_65_2c_a_truck_is_shot_with_ap_against_its_soft_af() -> None:
    """'65 2c, 10b: a truck is a soft target but AP fire may attack it: an RPG (APF 3)
    at range 2 has modified APF 4; even a -4 bonus reaches the truck's AF 0."""
    truck, rpg = V.units["us_truck"], DATA.units["vc_rpg"]
    assert truck.soft_af is not None and rpg.apf is not None
    pen = plan_penetration(R, rpg.apf, 2, truck.soft_af)
    assert armour_result(card_with(apf=-4), pen.modified_apf, pen.armour) is Armour.DESTROYED


def test_65_12_artillery_shakes_a_hard_target_but_never_destroys_it() -> None:
    """'65 12: artillery APF + APF bonus >= AF Shakes a hard target; it never eliminates
    one (Interpretation: Destroy! Shakes too)."""
    assert artillery_armour_result(face("a", 0, 1), 3, 4) is Armour.SHAKEN
    assert artillery_armour_result(face("b", 0, 0), 3, 4) is Armour.BOUNCED
    assert artillery_armour_result(face("c", 0, word="destroy"), 3, 4) is Armour.SHAKEN
    assert artillery_armour_result(face("d", 0, word="dud"), 3, 4) is Armour.DUD


def test_65_10d2_several_ap_attackers_fire_one_by_one_until_destroyed() -> None:
    """'65 10d2, 18f: on a hard target attacks are sequential (APF never combines); once
    the target is destroyed the rest hold their fire."""
    shot = ApShot(plan_to_hit(R, 2, 0, 0), plan_penetration(R, 3, 2, 4))
    deck = [face("m1", 0), face("h2", 9), face("p2", 0, -1), face("h3", 9), face("p3", 0, 2)]
    results = resolve_ap_attacks([shot, shot, shot, shot], drawing(deck))
    assert [r.outcome for r in results] == [Shot.MISSED, Shot.NO_EFFECT, Shot.DESTROYED]
    assert [r.targeting_card for r in results] == ["m1", "h2", "h3"]


def test_65_20a_first_fire_both_shots_stand() -> None:
    """'65 20a: with First Fire both vehicles fire at once and both results are applied
    after: the answering tank fires even though it is destroyed."""
    shot = ApShot(plan_to_hit(R, 2, 1, 0), plan_penetration(R, 4, 2, 2))
    deck = [face("a", 9), face("b", 0, 0), face("c", 9), face("d", 0, 0)]
    first, answer = first_fire_exchange(shot, shot, drawing(deck))
    assert first is not None and answer is not None
    assert first.outcome is answer.outcome is Shot.DESTROYED
    assert first_fire_refusal(True, True, eligible=True, moving_and_firing=False) is None
    assert first_fire_refusal(True, True, eligible=False, moving_and_firing=True) is None
    assert "vehicle firing at a vehicle" in str(
        first_fire_refusal(False, True, eligible=True, moving_and_firing=False)
    )
    assert "Eligible" in str(
        first_fire_refusal(True, True, eligible=False, moving_and_firing=False)
    )


def test_65_19a_aimed_shot_only_supports_fire_on_a_hard_target() -> None:
    assert aimed_shot_refusal("fire", True) is None
    assert "Fire action" in str(aimed_shot_refusal("reload_and_fire", True))
    assert "Fire action" in str(aimed_shot_refusal("move_and_fire", True))
    assert "hard target" in str(aimed_shot_refusal("fire", False))


def test_65_19d_20b_critical_hit_and_glancing_shot_come_after_a_hit() -> None:
    assert critical_hit_refusal(Targeting.TURRET_HIT, True) is None
    assert "after the target is hit" in str(critical_hit_refusal(Targeting.MISS, True))
    assert "hard target" in str(critical_hit_refusal(Targeting.HIT, False))
    assert glancing_shot_refusal(Targeting.HIT, True) is None
    assert "after the vehicle is hit" in str(glancing_shot_refusal(None, True))


def test_65_18c_cannister_pt76_and_m48_to_4_hexes() -> None:
    """'65 18c: only the PT-76 and M-48 may fire Cannister (+2 HEF), at most 4 hexes."""
    block = DATA.blocks["cannister"]
    assert (block.hef_bonus, block.max_range) == (2, R.cannister_max_range) == (2, 4)
    assert cannister_refusal(V.units["us_m48"], 4, 4) is None
    assert cannister_refusal(V.units["nva_pt76"], 1, 4) is None
    assert "4 hexes" in str(cannister_refusal(V.units["us_m48"], 5, 4))
    assert "PT-76 and M-48" in str(cannister_refusal(V.units["us_m113"], 2, 4))


def _brute(cards: list[CardFace], shot: ApShot) -> dict[Shot, Fraction]:
    tally: Tally[Shot] = Tally()
    pairs = list(permutations(cards, 2))
    for first, second in pairs:
        result = resolve_ap_shot(shot, drawing([first, second]))
        assert result is not None
        tally[result.outcome] += 1
    return {s: Fraction(tally[s], len(pairs)) for s in Shot}


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.sampled_from(DATA.cards), min_size=2, max_size=7, unique_by=lambda c: c.id),
    st.integers(-3, 11),
    st.integers(-2, 7),
    st.integers(0, 5),
    st.booleans(),
    st.booleans(),
)
def test_shot_odds_are_exact_against_every_ordered_pair_of_cards(
    cards: list[CardFace], to_hit: int, apf: int, af: int, moving: bool, glancing: bool
) -> None:
    """The calculator's odds equal the count over every ordered pair of distinct cards
    (the two draws without replacement), Turret hits and MF included; they sum to 1."""
    g = R.glancing_shot_apf if glancing else 0
    pen = plan_penetration(R, apf, 9, af)  # range 9: modifier -1
    shot = ApShot(plan_to_hit(R, to_hit, 0, 0), pen, move_and_fire=moving, glancing=g)
    odds = shot_odds(cards, to_hit, pen.modified_apf, af, move_and_fire=moving, glancing=g)
    assert odds == _brute(cards, shot)
    assert sum(odds.values()) == 1


def test_65_15c_applying_a_shot_wrecks_or_shakes_the_vehicle() -> None:
    """'65 15c: destroyed: flipped to the wreck side; Shake!: Shaken. Interpretation: Shake!
    on a Shaken vehicle changes nothing (only a destroying result removes a vehicle)."""
    tank = Counter("t", V.units["us_m48"], 0, "1E3")
    assert apply_shot(tank, Shot.NO_EFFECT) is None and not tank.shaken
    assert apply_shot(tank, Shot.SHAKEN) is HitResult.SHAKEN and tank.shaken
    assert apply_shot(tank, Shot.SHAKEN) is None and not tank.eliminated
    assert apply_shot(tank, Shot.DESTROYED) is HitResult.ELIMINATED and tank.eliminated


def test_scenario_6_a_truck_takes_two_he_hits() -> None:
    """'65 scenario 6 / 2c: a truck is a one-step soft target: the first HEF hit Shakes
    it, the next destroys it."""
    truck = Counter("k", V.units["us_truck"], 0, "1E3")
    assert [truck.take_hit(), truck.take_hit()] == [HitResult.SHAKEN, HitResult.ELIMINATED]


def test_the_documented_odds_table_is_what_the_deck_gives() -> None:
    """docs/rules/sixty_five_vehicles.md quotes these odds (full deck, exact): PT-76 on
    the M-48's front at range 4 in jungle destroys 20.7% of the time, on its flank 30.8%;
    the M-48 on a PT-76 at range 4 in the open 62.6%; a LAW on the M-48's front at 2,
    41.1%."""

    def odds(to_hit: int, apf: int, distance: int, af: int, flank: bool = False) -> list[str]:
        pen = plan_penetration(R, apf, distance, af, flank=flank)
        chances = shot_odds(DATA.cards, to_hit, pen.modified_apf, pen.armour)
        order = (Shot.DESTROYED, Shot.SHAKEN, Shot.NO_EFFECT)
        return [f"{float(chances[s]):.1%}" for s in order]

    assert odds(4, 2, 4, 4) == ["20.7%", "3.1%", "31.7%"]
    assert odds(4, 2, 4, 4, flank=True) == ["30.8%", "3.1%", "21.6%"]
    assert odds(2, 4, 4, 2) == ["62.6%", "4.1%", "7.3%"]
    assert odds(2, 3, 2, 4) == ["41.1%", "4.1%", "28.9%"]
    assert f"{float(to_hit_chance(DATA.cards, 2)):.1%}" == "74.1%"


def test_explain_ap_shot_names_to_hit_modified_apf_and_the_odds() -> None:
    """The calculator's numbers for the 15c example: to_hit 4, modified_apf 3, armour 4,
    P(hit) 30/54, and outcome chances that add up to 1."""
    f = field({"1H4": "jungle"})
    shot = ApShot(plan_to_hit(R, 4, 1, f.cover("1H4")), plan_penetration(R, 2, 4, 4))
    answer = explain_ap_shot(shot, DATA.cards)
    assert answer.numbers["to_hit"] == 4 and answer.numbers["modified_apf"] == 3
    assert answer.numbers["armour"] == 4 and answer.numbers["hit_chance"] == 30 / 54
    assert set(answer.outcomes) == {s.value for s in Shot}
    assert abs(sum(answer.outcomes.values()) - 1) < 1e-12
    assert answer.outcomes["destroyed"] == float(shot_odds(DATA.cards, 4, 3, 4)[Shot.DESTROYED])


def test_designed_armour_claims_of_the_doc() -> None:
    """docs: a LAW or RPG within 4 hexes (modified APF 4) destroys a PT-76 (AF 2) on any
    bonus of -2 or more; the 12.7mm within 4 hexes (APF 1 + 1) destroys a hovering Huey
    (AF 1) on a bonus of -1 or more."""
    pt76, huey = V.units["nva_pt76"], V.units["us_huey_transport"]
    mg = DATA.units["nva_127mm"]
    assert pt76.af is not None and huey.af is not None and mg.apf is not None
    law = plan_penetration(R, DATA.units["us_law"].apf or 0, 4, pt76.af)
    assert armour_result(face("a", 0, -2), law.modified_apf, law.armour) is Armour.DESTROYED
    assert armour_result(face("b", 0, -3), law.modified_apf, law.armour) is Armour.BOUNCED
    aa = plan_penetration(R, mg.apf, 4, huey.af)
    assert armour_result(face("c", 0, -1), aa.modified_apf, aa.armour) is Armour.DESTROYED
    assert armour_result(face("d", 0, -2), aa.modified_apf, aa.armour) is Armour.BOUNCED


def test_65_20a_first_fire_marks_fired_or_ops_complete() -> None:
    assert first_fire_marker(False) is Marker.FIRED
    assert first_fire_marker(True) is Marker.OPS_COMPLETE
