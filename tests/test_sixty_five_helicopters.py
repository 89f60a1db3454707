"""'65 helicopters (17): modes, landing, fire and hits by mode, crashes, passengers and
the helicopter line of sight with its one-hex blind spot behind jungle and buildings."""

from __future__ import annotations

from sixty_five_support import DATA, drawing, field, unit

from game.core.api import Event
from game.core.rng import Rng
from game.maps.board import Board, BoardMap
from game.maps.hexgrid import HexGrid
from game.rules.sixty_five.combat.ranged import plan_fire
from game.rules.sixty_five.data import CardFace, HitColour
from game.rules.sixty_five.helicopters.rules import (
    Crash,
    Mode,
    artillery_refusal,
    attack_refusal,
    blind_spots,
    cover,
    crash,
    crash_draws,
    hard_target,
    helicopter_los,
    helicopter_sees,
    hits_on,
    load_refusal,
    may_move,
    mode_refusal,
    passenger_boarding_mp,
    passengers_lost,
    resolve_crash_attack,
    stacking_refusal,
)
from game.rules.sixty_five.model import Counter, HitResult
from game.rules.sixty_five.terrain.field import Field
from game.rules.sixty_five.vehicles.data import load_vehicle_data
from game.rules.sixty_five.vehicles.fire import Armour

V = load_vehicle_data()
H = V.rules.helicopter


def test_65_17b_helicopters_land_only_in_clear_and_brush_free_of_enemies() -> None:
    """'65 17b: landing only in Clear and Brush hexes free of enemy units; any mode may
    change to any other when legal."""
    assert mode_refusal(Mode.LANDED, H, "clear", enemy_in_hex=False) is None
    assert mode_refusal(Mode.LANDED, H, "brush", enemy_in_hex=False) is None
    assert "land only in clear and brush" in str(
        mode_refusal(Mode.LANDED, H, "jungle", enemy_in_hex=False)
    )
    assert "free of enemy" in str(mode_refusal(Mode.LANDED, H, "clear", enemy_in_hex=True))
    assert mode_refusal(Mode.HOVERING, H, "jungle", enemy_in_hex=True, current=Mode.LANDED) is None
    assert mode_refusal(Mode.LANDED, H, "jungle", enemy_in_hex=False, current=Mode.LANDED) is None


def test_65_17b_a_helicopter_entering_from_off_board_flies_until_the_next_impulse() -> None:
    assert "off the board" in str(
        mode_refusal(Mode.HOVERING, H, "clear", enemy_in_hex=False, entered_this_impulse=True)
    )
    assert (
        mode_refusal(Mode.FLYING, H, "clear", enemy_in_hex=False, entered_this_impulse=True) is None
    )


def test_65_17b_only_flying_helicopters_move() -> None:
    assert may_move(Mode.FLYING) and not may_move(Mode.HOVERING) and not may_move(Mode.LANDED)


def test_65_10c_17b_helicopter_fire_hits_by_mode() -> None:
    """'65 10c, 17b: fire from hovering helicopters hits on the colour of aimed fire,
    from flying (moving) or landed ones on the two colours of fire on the move."""
    assert hits_on(Mode.HOVERING) == DATA.blocks["fire"].hits_on == (HitColour.GREEN,)
    assert hits_on(Mode.FLYING) == hits_on(Mode.LANDED) == DATA.blocks["move_and_fire"].hits_on


def test_65_17b_landed_helicopters_attack_no_hard_target_nor_with_explosive_rounds() -> None:
    assert "hard targets" in str(attack_refusal(Mode.LANDED, target_hard=True))
    assert "Explosive Rounds" in str(
        attack_refusal(Mode.LANDED, target_hard=False, power="explosive_rounds")
    )
    assert attack_refusal(Mode.HOVERING, target_hard=True, power="explosive_rounds") is None


def test_65_17c_hovering_or_landed_helicopters_are_also_hard_targets() -> None:
    assert hard_target(Mode.HOVERING) and hard_target(Mode.LANDED) and not hard_target(Mode.FLYING)


def test_65_17c_flying_helicopters_are_difficult_targets_with_cf_1_so_minus_2_hef() -> None:
    """'65 17c, 21c: a flying helicopter has CF 1 and is a Difficult Target: -2 HEF. A VC
    Rifle (HEF 2) at range 3 on a lone flying Huey over clear ground has nothing left."""
    f = field()
    rifle = unit("vc", "vc_rifle", 1, "1B3")
    huey = Counter("h", V.units["us_huey_gunship"], 0, "1E3")
    extra = cover(Mode.FLYING, f.cover("1E3"), H) - f.cover("1E3")
    plan = plan_fire(f, DATA.rules, rifle, [], huey, [rifle, huey], cover_bonus=extra)
    assert (plan.difficult_target, plan.cover_factor, plan.damage_draw) == (1, 1, 0)
    assert plan.aborted
    assert cover(Mode.HOVERING, 1, H) == 1 and cover(Mode.LANDED, 0, H) == 0


def test_65_17c_three_soft_hits_shake_damage_and_destroy_a_helicopter() -> None:
    huey = Counter("h", V.units["us_huey_transport"], 0, "1E3")
    hits = [huey.take_hit() for _ in range(3)]
    assert hits == [HitResult.SHAKEN, HitResult.REDUCED, HitResult.ELIMINATED]


def test_65_17c_artillery_only_affects_landed_helicopters() -> None:
    assert artillery_refusal(Mode.LANDED) is None
    assert "only landed" in str(artillery_refusal(Mode.HOVERING))
    assert "only landed" in str(artillery_refusal(Mode.FLYING))


def test_65_17b_passengers_board_landed_helicopters_for_half_their_mf() -> None:
    """'65 17b: only Landed helicopters load or unload; it costs the passenger half its
    MF rounded up; a real Fast Move played to land and unload adds its point first."""
    assert load_refusal(Mode.LANDED) is None
    assert "Landed" in str(load_refusal(Mode.HOVERING))
    assert passenger_boarding_mp(DATA.units["us_rifle"].mf) == 2
    assert passenger_boarding_mp(DATA.units["vc_rifle"].mf) == 2
    assert passenger_boarding_mp(4, fast_move_bonus=DATA.blocks["fast_move"].mf_bonus) == 3


def test_65_17c_passengers_of_a_hovering_or_flying_helicopter_are_lost() -> None:
    assert passengers_lost(Mode.FLYING) and passengers_lost(Mode.HOVERING)
    assert not passengers_lost(Mode.LANDED)


def test_65_17c_crashes_by_mode() -> None:
    """'65 17c: a destroyed Landed helicopter leaves a wreck in its hex; a Hovering one
    crashes there (2 HEF / -2 AP); a Flying one into one of its two facing hexes, chosen
    at random, with the same attack."""
    f = field()
    assert crash(f, "1E3", 0, Mode.LANDED, H, Rng(1)) == Crash("1E3", 0, 0, True)
    assert crash(f, "1E3", 0, Mode.HOVERING, H, Rng(1)) == Crash("1E3", 2, -2, True)
    seen = {crash(f, "1E3", 0, Mode.FLYING, H, Rng(s)).hex for s in range(40)}
    assert seen == {"1F2", "1F3"}
    first = crash(f, "1E3", 0, Mode.FLYING, H, Rng(7))
    assert (first.hef, first.apf, first.wreck) == (2, -2, True)
    assert first == crash(f, "1E3", 0, Mode.FLYING, H, Rng(7))  # repeatable


def test_interpretation_a_helicopter_crashing_off_the_board_is_gone() -> None:
    """Interpretation: a Flying helicopter whose crash hex is off the board crashes
    there: no wreck, no attack. At 1A1 facing its east corner, its hexes are the
    east-north-east one (off the board) and the east-south-east one (1B1)."""
    f = field()
    outcomes = {crash(f, "1A1", 0, Mode.FLYING, H, Rng(s)) for s in range(40)}
    assert outcomes == {Crash(None, 0, 0, False), Crash("1B1", 2, -2, True)}


def test_interpretation_the_crash_attack_draws_like_an_artillery_hex() -> None:
    """Interpretation: the 2 HEF crash attack draws 2 - CF cards (+1 for a crowd)."""
    assert crash_draws(H.crash_hef, 0, 1) == 2
    assert crash_draws(H.crash_hef, 1, 2) == 2
    assert crash_draws(H.crash_hef, 1, 1) == 1
    assert crash_draws(H.crash_hef, 0, 0) == 0


def test_65_17d_a_one_hex_blind_spot_behind_jungle() -> None:
    """'65 17d: a flying helicopter sees over jungle, except the one hex right behind a
    jungle hex; the hex beyond that is seen again. The ground would see neither."""
    f = field({"1E4": "jungle"})
    assert not helicopter_sees(f, "1E1", "1E5", H)
    assert helicopter_sees(f, "1E1", "1E6", H)
    assert not f.los("1E1", "1E6")
    assert helicopter_sees(f, "1E1", "1E4", H)  # the jungle hex itself
    assert "1E5" in blind_spots(f, "1E1", H) and "1E6" not in blind_spots(f, "1E1", H)


def test_65_17d_along_an_edge_both_hexes_must_be_jungle() -> None:
    """'65 17d example (right-hand Rifle): LOS down the edge of two blocking hexes makes
    the hex beyond them a blind spot; one blocking hex beside the edge does not."""
    both = field({"1F3": "jungle", "1F2": "jungle"})
    one = field({"1F3": "jungle"})
    assert not helicopter_sees(both, "1A3", "1G3", H)
    assert helicopter_sees(one, "1A3", "1G3", H)


def test_65_17d_kunai_casts_no_blind_spot_but_smoke_blocks() -> None:
    """'65 17d: only jungle and buildings cast blind spots (kunai does not); helicopters
    see into Smoke but not through it; two airborne helicopters only by Smoke."""
    f = field({"1E4": "kunai"})
    assert helicopter_sees(f, "1E1", "1E5", H)
    f.smoke["1E3"] = 2
    assert not helicopter_sees(f, "1E1", "1E5", H)
    assert not helicopter_sees(f, "1E1", "1E5", H, both_airborne=True)
    g = field()
    g.smoke["1E5"] = 2
    assert helicopter_sees(g, "1E1", "1E5", H)


def _huts(offset: float) -> Field:
    board = Board(HexGrid("x", "odd", 64, 56, 32), [BoardMap("1", 11, 6)])
    x, y = board.centre(board.parse_id("1E4"))
    hut = ((x + offset - 4, y - 4), (x + offset + 4, y - 4), (x + offset + 4, y + 4),
           (x + offset - 4, y + 4))  # fmt: skip
    return Field(board, {"1E4": "building"}, DATA.terrain, silhouettes={"1E4": (hut,)})


def test_65_17d_a_building_casts_a_blind_spot_where_the_line_crosses_its_silhouette() -> None:
    """'65 17d example (left-hand Rifle): the line barely crosses the building, so the
    hex past it is blind; from where the line misses the buildings the Huey sees it
    (the example's D3). Without silhouettes (rules version 1) the whole hex counts."""
    crossed, missed = _huts(3.0), _huts(20.0)
    assert not helicopter_sees(crossed, "1E1", "1E5", H)
    assert helicopter_sees(missed, "1E1", "1E5", H)
    assert not helicopter_sees(missed.copy(silhouettes=False), "1E1", "1E5", H)


def test_65_17d_adjacent_hexes_always_see_a_helicopter() -> None:
    """'65 14, 17d: adjacent units always see each other, even past a jungle hex."""
    f = field({"1E2": "jungle"})
    assert helicopter_sees(f, "1E1", "1E2", H)
    assert helicopter_sees(f, "1E2", "1E3", H)


def test_65_17d_landed_helicopters_trace_los_like_ground_units() -> None:
    """'65 17d: a Landed helicopter sees as a ground unit does: jungle between blocks it
    all the way; Flying or Hovering only the hex right behind the jungle is hidden."""
    f = field({"1E3": "jungle"})
    assert not helicopter_los(f, Mode.LANDED, "1E1", "1E6", H)
    assert helicopter_los(f, Mode.FLYING, "1E1", "1E6", H)
    assert helicopter_los(f, Mode.HOVERING, "1E1", "1E6", H)
    assert not helicopter_los(f, Mode.HOVERING, "1E1", "1E4", H)


def _card(cid: str, hit: HitColour | None, apf: int = 0) -> CardFace:
    return CardFace.model_validate(
        {"id": cid, "upper": "fire", "lower": "move", "tn": 0, "apf": apf, "hit": hit}
    )


def test_65_17c_the_crash_attacks_soft_and_hard_targets_in_its_hex() -> None:
    """'65 17c: a crashing helicopter makes a 2 HEF attack on the soft targets and a -2 AP
    attack on the hard targets of the hex: two Rifles in the open draw 2 + 1 cards, their
    green Hits spread evenly; a PT-76 (AF 2) is destroyed by -2 + 4."""
    f = field()
    fall = crash(f, "1E3", 0, Mode.HOVERING, H, Rng(1))
    a, b = unit("a", "nva_rifle", 1, "1E3"), unit("b", "nva_rifle", 1, "1E3")
    tank = Counter("t", V.units["nva_pt76"], 1, "1E3")
    cards = [_card("g1", HitColour.GREEN), _card("y2", HitColour.YELLOW),
             _card("g3", HitColour.GREEN), _card("p4", None, 4)]  # fmt: skip
    events: list[Event] = []
    done = resolve_crash_attack(fall, f.cover("1E3"), [a, b], [(tank, 2)], drawing(cards), events)
    assert done.cards == ("g1", "y2", "g3") and done.hits == 2
    assert a.shaken and b.shaken and not a.reduced and not b.reduced
    assert done.armour == {"t": Armour.DESTROYED} and tank.eliminated


def test_65_17c_the_crash_draw_stops_when_the_hex_is_cleared() -> None:
    fall = Crash("1E3", 2, -2, True)
    worn = unit("w", "nva_rifle", 1, "1E3", shaken=True, reduced=True)
    cards = [_card("g1", HitColour.GREEN), _card("g2", HitColour.GREEN)]
    done = resolve_crash_attack(fall, 0, [worn], [], drawing(cards), [])
    assert done.cards == ("g1",) and worn.eliminated


def test_65_9_one_air_unit_a_hex_and_a_landed_one_is_a_ground_vehicle() -> None:
    """'65 9: only one Air unit may stack in a hex; a grounded Air unit counts as a ground
    vehicle (so it cannot land beside a tank, but may beside two Rifles)."""
    rules = DATA.rules
    h1 = Counter("h1", V.units["us_huey_gunship"], 0, "1E3")
    h2 = Counter("h2", V.units["us_huey_transport"], 0, "1E3")
    tank = Counter("t", V.units["us_m48"], 0, "1E3")
    r1, r2 = unit("r1", "us_rifle", 0, "1E3"), unit("r2", "us_rifle", 0, "1E3")
    assert stacking_refusal(rules, [tank], [(h1, Mode.FLYING)]) is None
    assert "one Air unit" in str(
        stacking_refusal(rules, [], [(h1, Mode.FLYING), (h2, Mode.HOVERING)])
    )
    assert "ground vehicle" in str(stacking_refusal(rules, [tank], [(h1, Mode.LANDED)]))
    assert stacking_refusal(rules, [r1, r2], [(h1, Mode.LANDED)]) is None
    three = [r1, r2, unit("b", "black", 0, "1E3")]
    assert "ground units" in str(stacking_refusal(rules, three, [(h1, Mode.LANDED)]))
