"""'65 fortifications (23) and Scrape (18s): foxholes, bunkers, wire."""

from __future__ import annotations

from sixty_five_support import DATA, card_with, drawing, field, unit

from game.rules.sixty_five.combat.ranged import damage_draw, plan_fire
from game.rules.sixty_five.data import CardFace, HitColour, Marker, MoveClass
from game.rules.sixty_five.model import HitResult
from game.rules.sixty_five.terrain.fortifications import (
    BunkerAttack,
    WireEntry,
    bunker_cover,
    bunker_fire_refusal,
    bunker_hit,
    bunker_second_wind_refusal,
    foxhole_applies,
    foxhole_draw,
    occupant_refusal,
    placement_refusal,
    scrape,
    scrape_refusal,
    wire_cover,
    wire_entry,
)
from game.rules.sixty_five.vehicles.data import load_vehicle_data
from game.rules.sixty_five.vehicles.fire import (
    Armour,
    armour_result,
    artillery_armour_result,
    plan_penetration,
)

V = load_vehicle_data()
F = V.rules.fortifications
GREEN = (HitColour.GREEN,)


def green(cid: str) -> CardFace:
    return card_with(hit=HitColour.GREEN).model_copy(update={"id": cid})


def blank(cid: str) -> CardFace:
    return card_with(hit=None, apf_word=None).model_copy(update={"id": cid})


def test_65_23_no_fortifications_in_buildings_or_ponds() -> None:
    assert placement_refusal("jungle", F) is None
    assert "building" in str(placement_refusal("building", F))
    assert "pond" in str(placement_refusal("pond", F))


def test_65_23a_the_first_hit_on_a_leg_unit_in_a_foxhole_is_redrawn() -> None:
    """'65 23a: the first actual Hit of a non-assault attack is redrawn and the new result
    applied: draws Hit, Hit, blank on a Rifle (HEF 2 attack): the first Hit is set aside,
    the second card's Hit counts, then the blank: one hit."""
    rifle = unit("r", "vc_rifle", 1, "1E3")
    draw, redrawn = foxhole_draw(drawing([green("h1"), green("h2"), blank("b3")]), GREEN)
    drawn = damage_draw(2, GREEN, rifle, draw)
    assert redrawn == ["h1"]
    assert [d.card for d in drawn] == ["h2", "b3"]
    assert rifle.shaken and not rifle.reduced


def test_65_23a_only_the_first_hit_is_redrawn_not_the_first_card() -> None:
    rifle = unit("r", "vc_rifle", 1, "1E3")
    cards = [blank("b1"), green("h2"), green("h3"), green("h4")]
    draw, redrawn = foxhole_draw(drawing(cards), GREEN)
    drawn = damage_draw(3, GREEN, rifle, draw)
    assert redrawn == ["h2"]
    assert [(d.card, d.result) for d in drawn] == [
        ("b1", None), ("h3", HitResult.SHAKEN), ("h4", HitResult.REDUCED)
    ]  # fmt: skip


def test_65_23a_vehicles_and_assaults_get_nothing_from_a_foxhole() -> None:
    """'65 23a: vehicles get no benefit from a foxhole; assault attacks are not redrawn;
    every other attack is, artillery included."""
    assert foxhole_applies(DATA.units["us_rifle"], assault=False)
    assert not foxhole_applies(DATA.units["us_rifle"], assault=True)
    assert not foxhole_applies(V.units["us_m48"], assault=False)


def test_65_23b_only_leg_units_in_a_bunker_and_not_the_m40_in_scenario_5() -> None:
    assert occupant_refusal(DATA.units["us_rifle"]) is None
    assert "only Leg units" in str(occupant_refusal(V.units["us_m113"]))
    assert occupant_refusal(V.units["us_m40"]) is None
    assert "this scenario" in str(occupant_refusal(V.units["us_m40"], barred={"us_m40"}))


def test_65_23b_fire_in_and_out_of_a_bunker_passes_its_front_only() -> None:
    """'65 23b: units in a bunker fire only through its front facing and are targeted by
    non-assault attacks only through it; the Satchel Charge and artillery come from any
    facing; assault is not restricted."""
    f = field()
    assert bunker_fire_refusal(f, "1E3", 0, "1H3") is None
    assert "front facing" in str(bunker_fire_refusal(f, "1E3", 0, "1A3"))
    assert bunker_fire_refusal(f, "1E3", 0, "1D3", BunkerAttack.SATCHEL) is None
    assert bunker_fire_refusal(f, "1E3", 0, "1A3", BunkerAttack.ARTILLERY) is None
    assert bunker_fire_refusal(f, "1E3", 0, "1D3", BunkerAttack.ASSAULT) is None


def test_65_23b_leg_units_in_a_bunker_get_plus_1_cf_on_top_of_the_terrain() -> None:
    """'65 23b: +1 CF in addition to other cover: a Rifle in a jungle bunker has CF 2,
    so a VC Rifle's HEF 2 at range 3 is aborted."""
    f = field({"1E3": "jungle"})
    us = unit("us", "us_rifle", 0, "1E3")
    vc = unit("vc", "vc_rifle", 1, "1B3")
    plan = plan_fire(f, DATA.rules, vc, [], us, [us, vc], cover_bonus=bunker_cover(us.type, F))
    assert (plan.cover_factor, plan.damage_draw) == (2, 0)
    assert bunker_cover(V.units["us_m48"], F) == 0


def test_65_23b_any_card_gives_second_wind_in_a_bunker() -> None:
    moved = unit("r", "us_rifle", 0, "1E3", marker=Marker.MOVED)
    assert bunker_second_wind_refusal(moved, True) is None
    assert "in a bunker" in str(bunker_second_wind_refusal(moved, False))
    fresh = unit("f", "us_rifle", 0, "1E3")
    assert "Moved or Fired" in str(bunker_second_wind_refusal(fresh, True))


def test_65_23b_a_destroyed_bunker_becomes_rubble_with_two_hits_on_each_unit() -> None:
    """'65 23b: the bunker is a hard target of AF 4 (any facing): an M40 (APF 4) at range
    2 has modified APF 5; a -1 bonus makes 4, equal to the AF: destroyed. Rubble, and two
    Hits on each unit in it."""
    m40 = V.units["us_m40"]
    assert m40.apf is not None
    pen = plan_penetration(V.rules, m40.apf, 2, F.bunker_af)
    result = armour_result(card_with(apf=-1), pen.modified_apf, pen.armour)
    assert (pen.modified_apf, pen.armour, result) == (5, 4, Armour.DESTROYED)
    a, b = unit("a", "nva_rifle", 1, "1E3"), unit("b", "nva_rifle", 1, "1E3", shaken=True)
    out = bunker_hit(result, [a, b], F)
    assert out.destroyed and out.rubble == "rubble"
    assert out.hits == {
        "a": (HitResult.SHAKEN, HitResult.REDUCED),
        "b": (HitResult.REDUCED, HitResult.ELIMINATED),
    }


def test_65_23b_a_shaken_result_shakes_everyone_in_the_bunker() -> None:
    a, b = unit("a", "nva_rifle", 1, "1E3"), unit("b", "nva_rpd", 1, "1E3")
    out = bunker_hit(Armour.SHAKEN, [a, b], F)
    assert not out.destroyed and a.shaken and b.shaken and not a.reduced
    c = unit("c", "nva_rifle", 1, "1E3")
    assert bunker_hit(Armour.DUD, [c], F).hits == {} and not c.shaken


def test_65_23b_12_artillery_as_ap_only_shakes_a_bunker() -> None:
    """'65 23b: artillery may attack the bunker with its AP factor; 12: artillery never
    destroys a hard target, so even Destroy! only Shakes the occupants."""
    result = artillery_armour_result(card_with(apf_word="destroy"), 3, F.bunker_af)
    a = unit("a", "nva_rifle", 1, "1E3")
    out = bunker_hit(result, [a], F)
    assert not out.destroyed and a.shaken and not a.reduced


def test_65_23c_wire_stops_leg_units_and_costs_tracked_3_mp() -> None:
    """'65 23c: Leg units must stop on entering; tracked units pay 3 MP; Interpretation:
    wheeled and off-road vehicles too; helicopters fly over."""
    assert wire_entry(MoveClass.LEG, F) == WireEntry(True, None)
    assert wire_entry(MoveClass.TRACKED, F) == WireEntry(False, 3)
    assert wire_entry(MoveClass.WHEELED, F) == WireEntry(False, 3)
    assert wire_entry(MoveClass.FLYING, F) == WireEntry(False, None)


def test_65_23c_wire_has_cover_factor_minus_1() -> None:
    """'65 23c: CF -1: a unit on clear ground in wire is easier to hit: a VC Rifle's HEF 2
    at range 3 draws 3 cards."""
    f = field()
    us = unit("us", "us_rifle", 0, "1E3")
    vc = unit("vc", "vc_rifle", 1, "1B3")
    extra = wire_cover(f.cover("1E3"), F) - f.cover("1E3")
    plan = plan_fire(f, DATA.rules, vc, [], us, [us, vc], cover_bonus=extra)
    assert (plan.cover_factor, plan.damage_draw) == (-1, 3)
    assert wire_cover(1, F) == 0


def test_65_18s_scrape_digs_a_foxhole_and_allows_another_action() -> None:
    """'65 18s: a non-Hero Leg unit digs a foxhole in its hex; Ops Complete on that unit,
    but the player may take another action."""
    rifle = unit("r", "us_rifle", 0, "1E3")
    assert scrape_refusal(rifle, "jungle", F, foxhole_there=False) is None
    assert scrape(rifle) is True and rifle.marker is Marker.OPS_COMPLETE
    assert "Eligible" in str(scrape_refusal(rifle, "jungle", F, foxhole_there=False))
    hero = unit("h", "black", 0, "1E3")
    assert "non-Hero Leg" in str(scrape_refusal(hero, "clear", F, foxhole_there=False))
    fresh = unit("f", "us_rifle", 0, "1E3")
    assert "already" in str(scrape_refusal(fresh, "clear", F, foxhole_there=True))
    assert "building" in str(scrape_refusal(fresh, "building", F, foxhole_there=False))
